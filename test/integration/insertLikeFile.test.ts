import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { generate, inspect } from '../../src/core';
import type { InsertResult } from '../../src/editor/insert/result';
import { activateExtension, applySettings, closeAllEditors, openActive, resetSettings, waitFor } from './util';

// Insert ID with no kind configured for the file: the picker offers the file's kind first (the
// key's, when the cursor is on one), and `idsmith.insert { kind: "auto" }` inserts it, spelled
// as the file spells it. Settings made for the language or the workspace still win.

const PAST = Date.now() - 3 * 86_400_000;

function insert(arg?: unknown): Thenable<InsertResult> {
  return vscode.commands.executeCommand<InsertResult>('idsmith.insert', ...(arg === undefined ? [] : [arg]));
}

/** Runs a command that opens a quick pick, then accepts the pick's selected (first) item. */
async function acceptFirst(pending: Thenable<InsertResult>): Promise<InsertResult> {
  let settled = false;
  const done = Promise.resolve(pending).finally(() => (settled = true));
  await waitFor(async () => {
    if (settled) return true;
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await new Promise((r) => setTimeout(r, 100));
    return settled;
  }, 'the kind picker to be answered', 15_000);
  return done;
}

function inserted(r: InsertResult): string {
  assert.equal(r.status, 'inserted', JSON.stringify(r));
  return r.status === 'inserted' ? r.ids[0]! : '';
}

/** Sets a setting for one language (in the user's settings) or for the workspace; undone after the test. */
const scoped: Array<() => Thenable<void>> = [];
async function setScoped(key: string, value: unknown, where: { language: string } | 'workspace'): Promise<void> {
  if (where === 'workspace') {
    const config = vscode.workspace.getConfiguration('idsmith');
    await config.update(key, value, vscode.ConfigurationTarget.Workspace);
    scoped.push(() => config.update(key, undefined, vscode.ConfigurationTarget.Workspace));
    await waitFor(() => vscode.workspace.getConfiguration('idsmith').inspect(key)?.workspaceValue === value, `workspace ${key}`);
  } else {
    const config = vscode.workspace.getConfiguration('idsmith', { languageId: where.language });
    await config.update(key, value, vscode.ConfigurationTarget.Global, true);
    scoped.push(() => vscode.workspace.getConfiguration('idsmith', { languageId: where.language }).update(key, undefined, vscode.ConfigurationTarget.Global, true));
    await waitFor(() => vscode.workspace.getConfiguration('idsmith', { languageId: where.language }).inspect(key)?.globalLanguageValue === value, `[${where.language}] ${key}`);
  }
}

describe('Insert ID follows the file', () => {
  before(() => activateExtension());
  afterEach(async () => {
    for (const undo of scoped.splice(0)) await undo();
    await resetSettings();
    await closeAllEditors();
  });

  const bracedV7 = () => generate('uuidv7', { count: 3, timeMs: PAST }).map((u) => `{${u.toUpperCase()}}`);
  const BRACED_UPPER_V7 = /^\{[0-9A-F]{8}-[0-9A-F]{4}-7[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}\}$/;

  it('the picker offers the file\'s kind first: Enter inserts an upper-case braced v7 UUID', async () => {
    const ids = bracedV7();
    const editor = await openActive(`[\n  { "id": "${ids[0]}" },\n  { "id": "${ids[1]}" },\n  { "id": "" }\n]`, 'json');
    const p = new vscode.Position(3, 11);
    editor.selection = new vscode.Selection(p, p);
    const r = await acceptFirst(insert());
    assert.equal(r.status === 'inserted' && r.kind, 'uuidv7');
    const id = inserted(r);
    assert.match(id, BRACED_UPPER_V7);
    assert.equal(editor.document.lineAt(3).text, `  { "id": "${id}" }`);
  });

  it('the key at the cursor decides over the file\'s most frequent kind', async () => {
    const users = generate('typeid', { count: 2, prefix: 'user', timeMs: PAST });
    const orders = generate('ulid', { count: 4, timeMs: PAST });
    const text = [
      ...orders.map((o) => `- order_id: ${o}`),
      `- user_id: ${users[0]}`,
      `- user_id: ${users[1]}`,
      '- user_id: ',
    ].join('\n');
    const editor = await openActive(text, 'yaml');
    const last = editor.document.lineCount - 1;
    editor.selection = new vscode.Selection(last, 11, last, 11);
    const id = inserted(await insert({ kind: 'auto' }));
    assert.match(id, /^user_[0-7][0-9a-hjkmnp-tv-z]{25}$/);
    assert.equal(editor.document.lineAt(last).text, `- user_id: ${id}`);
    // Elsewhere, the file's most frequent kind.
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    const other = inserted(await insert({ kind: 'auto' }));
    assert.equal(inspect(other).kind, 'ulid');
  });

  it('kind "auto" in a YAML list item follows the list\'s other items (it took the file\'s most frequent kind)', async () => {
    const uuids = generate('uuidv7', { count: 3, timeMs: PAST });
    const [u, v] = generate('ulid', { count: 2, timeMs: PAST }).map((x) => x.toLowerCase());
    const text = `users:\n${uuids.map((x) => `  - id: ${x}\n`).join('')}refs:\n  - ${u}\n  - ${v}\n  - \n`;
    const editor = await openActive(text, 'yaml');
    editor.selection = new vscode.Selection(7, 4, 7, 4);
    const id = inserted(await insert({ kind: 'auto' }));
    assert.match(id, /^[0-7][0-9a-hjkmnp-tv-z]{25}$/);
    assert.equal(editor.document.lineAt(7).text, `  - ${id}`);
  });

  it('kind "auto" spells the kind as the file does (lower-case ULIDs in a log)', async () => {
    const ulids = generate('ulid', { count: 3, timeMs: PAST }).map((u) => u.toLowerCase());
    const editor = await openActive(ulids.map((u, i) => `request ${i} ${u} ok`).join('\n') + '\n', 'plaintext');
    editor.selection = new vscode.Selection(3, 0, 3, 0);
    const id = inserted(await insert({ kind: 'auto' }));
    assert.match(id, /^[0-7][0-9a-hjkmnp-tv-z]{25}$/);
  });

  it('kind "auto" in a file without IDs is idsmith.defaultKind', async () => {
    await applySettings({ defaultKind: 'ksuid' });
    await openActive('nothing here\n', 'plaintext');
    const r = await insert({ kind: 'auto' });
    assert.equal(r.status === 'inserted' && r.kind, 'ksuid');
  });

  it('a defaultKind in the user\'s settings does not override the file; one for the language does', async () => {
    const ids = bracedV7();
    const text = `[\n  { "id": "${ids[0]}" },\n  { "id": "" }\n]`;
    await applySettings({ defaultKind: 'ksuid' });
    let editor = await openActive(text, 'json');
    editor.selection = new vscode.Selection(2, 11, 2, 11);
    assert.match(inserted(await insert({ kind: 'auto' })), BRACED_UPPER_V7);
    await closeAllEditors();
    await setScoped('defaultKind', 'objectid', { language: 'json' });
    editor = await openActive(text, 'json');
    editor.selection = new vscode.Selection(2, 11, 2, 11);
    const r = await insert({ kind: 'auto' });
    assert.equal(r.status === 'inserted' && r.kind, 'objectid');
    // The picker offers the setting's kind first too.
    await vscode.commands.executeCommand('undo');
    const picked = await acceptFirst(insert());
    assert.equal(picked.status === 'inserted' && picked.kind, 'objectid');
  });

  it('a spelling set for the workspace wins over the file\'s', async () => {
    const ids = bracedV7();
    await setScoped('uuid.case', 'lower', 'workspace');
    const editor = await openActive(`[\n  { "id": "${ids[0]}" },\n  { "id": "" }\n]`, 'json');
    editor.selection = new vscode.Selection(2, 11, 2, 11);
    const id = inserted(await insert({ kind: 'auto' }));
    assert.match(id, /^\{[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\}$/, 'lower case from the workspace, braces and v7 from the file');
  });

  it('an explicit kind is the settings\' business, as before', async () => {
    const ids = bracedV7();
    const editor = await openActive(`[\n  { "id": "${ids[0]}" },\n  { "id": "" }\n]`, 'json');
    editor.selection = new vscode.Selection(2, 11, 2, 11);
    const id = inserted(await insert({ kind: 'uuidv7' }));
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
