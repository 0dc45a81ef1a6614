// Helpers for integration tests, which run inside a real VS Code in BOTH extension hosts: the
// Node host and the web worker host (vscode.dev). So tests and helpers must not use Node APIs
// (no fs, path, child_process, Buffer, process): reach files through vscode.workspace.fs and
// vscode.Uri. `node:assert/strict` is fine: the web bundle maps it to its browser port.
import * as vscode from 'vscode';

/** Prints to the harness's terminal (console.log output of the extension host does not get there). */
export { log } from './log';

export const EXTENSION_ID = 'idsmith.idsmith';

declare const __IDSMITH_TEST_HOST__: 'node' | 'web';
/** The extension host the harness bundled this suite for (set by test/harness/bundle.mjs). */
export const TEST_HOST: 'node' | 'web' = __IDSMITH_TEST_HOST__;

/** Activates Idsmith (normally done by onStartupFinished) and returns it. */
export async function activateExtension(): Promise<vscode.Extension<unknown>> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not installed in this extension host`);
  await ext.activate();
  return ext;
}

/** Opens an untitled document with this content and shows it in the active column. */
export async function openDocument(content: string, language = 'plaintext'): Promise<vscode.TextEditor> {
  // An untitled document closed by the previous test can linger in the extension host for a
  // moment; a new one may then get its name (Untitled-1), and VS Code hands back the old
  // document with the old text. Reopen until the editor holds what was asked for.
  for (let attempt = 0; attempt < 50; attempt++) {
    const doc = await vscode.workspace.openTextDocument({ content, language });
    const editor = await vscode.window.showTextDocument(doc);
    if (editor.document.getText() === content && editor.document.languageId === language) return editor;
    await closeAllEditors();
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`could not open a fresh ${language} document`);
}

/** A fresh untitled document, once its editor is the active one, which the commands under test act on. */
export async function openActive(content: string, language?: string): Promise<vscode.TextEditor> {
  const editor = await openDocument(content, language);
  await waitFor(() => vscode.window.activeTextEditor?.document === editor.document, 'the new document to be active');
  return editor;
}

/** Opens a file of the fixture workspace (test/fixtures/workspace), e.g. `ids.json`. */
export async function openFixture(relativePath: string): Promise<vscode.TextEditor> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('no workspace folder: the harness opens test/fixtures/workspace');
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, relativePath));
  return vscode.window.showTextDocument(doc);
}

/**
 * Closes every editor without save prompts: untitled documents are reverted first, because a
 * modal "Save changes?" dialog would block the suite until it times out.
 */
export async function closeAllEditors(): Promise<void> {
  for (let i = 0; i < 50 && vscode.window.activeTextEditor; i++) {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

const changedSettings = new Set<string>();

/** Sets `idsmith.*` settings globally; keys may omit the `idsmith.` prefix. Undo with resetSettings(). */
export async function setSettings(values: Record<string, unknown>): Promise<void> {
  const config = vscode.workspace.getConfiguration();
  for (const [key, value] of Object.entries(values)) {
    const full = key.startsWith('idsmith.') ? key : `idsmith.${key}`;
    changedSettings.add(full);
    await config.update(full, value, vscode.ConfigurationTarget.Global);
  }
}

/** setSettings, then wait until the extension host sees them (its cache refreshes on the same event). */
export async function applySettings(values: Record<string, unknown>): Promise<void> {
  await setSettings(values);
  await waitFor(() => Object.entries(values).every(([k, v]) =>
    JSON.stringify(vscode.workspace.getConfiguration('idsmith').inspect(k)?.globalValue) === JSON.stringify(v)), 'settings to apply');
}

/** Restores every setting changed through setSettings() to its default. */
export async function resetSettings(): Promise<void> {
  const config = vscode.workspace.getConfiguration();
  for (const key of changedSettings) await config.update(key, undefined, vscode.ConfigurationTarget.Global);
  changedSettings.clear();
}

/** Mocha hooks for a describe block: these settings during each test, defaults afterwards. */
export function useSettings(values: Record<string, unknown>): void {
  beforeEach(() => setSettings(values));
  afterEach(() => resetSettings());
}

/** [line, character] for a cursor, or [anchorLine, anchorChar, activeLine, activeChar]. */
export type Sel = [number, number] | [number, number, number, number];

export function toSelection(s: Sel): vscode.Selection {
  return s.length === 2 ? new vscode.Selection(s[0], s[1], s[0], s[1]) : new vscode.Selection(s[0], s[1], s[2], s[3]);
}

/** Markdown text of every hover the editor would show at this position (all providers). */
export async function hoverText(doc: vscode.TextDocument, position: vscode.Position): Promise<string> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, position);
  return (hovers ?? []).flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n---\n');
}

/** Polls until `check` returns a value other than undefined/false, for effects VS Code applies asynchronously. */
export async function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A one-file file system that refuses writes, like a read-only remote or a git revision. */
export function readOnlyFs(content: Uint8Array): vscode.FileSystemProvider {
  const denied = () => {
    throw vscode.FileSystemError.NoPermissions('read-only test file system');
  };
  return {
    onDidChangeFile: new vscode.EventEmitter<vscode.FileChangeEvent[]>().event,
    watch: () => new vscode.Disposable(() => undefined),
    stat: () => ({ type: vscode.FileType.File, ctime: 0, mtime: 0, size: content.length }),
    readDirectory: () => [],
    readFile: () => content,
    createDirectory: denied,
    writeFile: denied,
    delete: denied,
    rename: denied,
  };
}

const CARD_SCHEME = 'idsmith-inspect';

/** Tabs showing an Inspect card: its rendered Markdown preview, or its source. */
export function cardTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) =>
    (t.input instanceof vscode.TabInputWebview && /markdown\.preview$/.test(t.input.viewType) && t.label.startsWith('[Preview] '))
    || (t.input instanceof vscode.TabInputText && t.input.uri.scheme === CARD_SCHEME));
}

/**
 * The card the last `idsmith.inspect` showed, once its preview tab is open: the markdown document
 * behind the preview (the text a reader sees rendered), found by the tab's name.
 */
export async function inspectCard(): Promise<vscode.TextDocument> {
  return waitFor(() => {
    const names = cardTabs().map((t) => t.label.replace(/^\[Preview\] /, ''));
    // The newest such document (VS Code lists documents in the order they were opened).
    return vscode.workspace.textDocuments.filter((d) => d.uri.scheme === CARD_SCHEME && names.includes(d.uri.path.slice(1))).at(-1);
  }, 'the inspect card');
}

/**
 * Writes `text` to `fixtures/<name>` in the test workspace and opens it in an editor: a file on
 * disk, as the fixture check sees the files it checks when they open.
 */
export async function writeFixture(name: string, text: string): Promise<vscode.TextDocument> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('no workspace folder');
  const uri = vscode.Uri.joinPath(folder.uri, 'fixtures', name);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc);
  return doc;
}
