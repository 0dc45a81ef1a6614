import * as vscode from 'vscode';
import { inspect, type Decoded } from '../core';
import { buildCard, kindName } from './card';
import { documentMarkdown } from './cardMarkdown';
import { Commands } from './commands';
import { decodeContext, type DecodeContext } from './decodeContext';
import { idUnder } from './locate';
import { settings } from './settings';
import { debugVariableOf, idTextOf } from './debug/variableArg';
import { text as mdText } from './markdown';

// `Idsmith: Inspect ID…` decodes one ID and opens its full card beside the editor as a read-only
// markdown document: selectable and copyable like any text, never dirty (closing it never asks to
// save), and available in the web host, where there is no file system to write to.

/** The card's URI scheme; the card is read-only, so editing features should leave it alone. */
import { INSPECT_SCHEME } from './writable';

function decode(input: string, ctx: DecodeContext): Decoded {
  return inspect(input, ctx.epoch === undefined ? {} : { epoch: ctx.epoch });
}

/** The document's content is derived from its URI (the ID is the query), so it needs no state. */
class CardDocuments implements vscode.TextDocumentContentProvider {
  provideTextDocumentContent(uri: vscode.Uri): string {
    const decoded = decode(uri.query, decodeContext(settings()));
    const markdown = documentMarkdown(buildCard(decoded, decodeContext(settings()), { full: true, now: Date.now() }));
    return uri.fragment ? withSource(markdown, uri.fragment, decoded) : markdown;
  }
}

/** Says where a card opened from the debugger came from, and why it shows no ID when it does not. */
function withSource(markdown: string, variable: string, decoded: Decoded): string {
  const lines = markdown.split('\n');
  const note = decoded.kind === 'unknown'
    ? `_The debugger's value of ${mdText(variable)} is not an ID Idsmith recognises: ${mdText(decoded.error ?? 'no known shape')}_`
    : `_Value of the variable ${mdText(variable)} in the debugger._`;
  lines.splice(1, 0, '', note);
  return lines.join('\n');
}

function cardUri(decoded: Decoded, variable?: string): vscode.Uri {
  const name = `${kindName(decoded.kind)} ${decoded.input.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64)}`;
  return vscode.Uri.from({ scheme: INSPECT_SCHEME, path: `/${name}.md`, query: decoded.input, ...(variable ? { fragment: variable } : {}) });
}

/** The selection (one line) if there is one, else the ID under the cursor. */
function fromEditor(ctx: DecodeContext): string | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const { selection, document } = editor;
  if (!selection.isEmpty && selection.isSingleLine) {
    const selected = document.getText(selection).trim();
    if (selected) return selected;
  }
  return idUnder(document.lineAt(selection.active.line).text, selection.active.character, ctx)?.text;
}

async function fromPrompt(ctx: DecodeContext): Promise<string | undefined> {
  return vscode.window.showInputBox({
    title: 'Idsmith: Inspect ID',
    prompt: 'Paste a ULID, UUID, snowflake, KSUID, ObjectId or TypeID to decode',
    ignoreFocusOut: true,
    validateInput: (value) => {
      if (!value.trim()) return undefined;
      const d = decode(value.trim(), ctx);
      return d.kind === 'unknown' ? d.error ?? 'Not an ID Idsmith recognises.' : undefined;
    },
  });
}

/**
 * Argument: optional `{ text }` (tests, keybindings) or the debug menus' `{ variable: { name,
 * value, evaluateName? } }`; returns what was decoded. A debug menu cannot be hidden for values
 * that are no ID (no context key holds the value), so for a variable the card always opens and
 * says so.
 */
async function inspectCommand(arg?: unknown): Promise<Decoded | undefined> {
  const ctx = decodeContext(settings());
  const variable = debugVariableOf(arg);
  if (variable) {
    const input = idTextOf(variable.value, (t) => decode(t, ctx).kind !== 'unknown');
    const decoded = decode(input, ctx);
    const label = variable.evaluateName || variable.name || 'variable';
    const document = await vscode.workspace.openTextDocument(cardUri(decoded, label));
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: true });
    return decoded;
  }
  let input: string | undefined;
  if (arg && typeof arg === 'object' && 'text' in arg) {
    const text = (arg as { text: unknown }).text;
    if (typeof text !== 'string') {
      void vscode.window.showErrorMessage('Idsmith: idsmith.inspect expects { "text": "<an ID>" } as its argument.');
      return undefined;
    }
    input = text;
  } else {
    // Without an argument (or with the editor's own, e.g. a URI from a menu): cursor, then prompt.
    input = fromEditor(ctx) ?? (await fromPrompt(ctx));
  }
  if (input === undefined) return undefined;
  const decoded = decode(input.trim(), ctx);
  if (decoded.kind === 'unknown') {
    void vscode.window.showErrorMessage(`Idsmith: ${decoded.error ?? 'not an ID Idsmith recognises.'}`);
    return decoded;
  }
  const document = await vscode.workspace.openTextDocument(cardUri(decoded));
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: true });
  return decoded;
}

export function register(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(INSPECT_SCHEME, new CardDocuments()),
    vscode.commands.registerCommand(Commands.inspect, inspectCommand),
  );
}
