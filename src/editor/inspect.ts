import * as vscode from 'vscode';
import {
  FORMATS, formatById, inspect, inspectId, readings, isDecodedId, layoutFromContext, parseSnowflakeEpoch, type Decoded, type LayoutChoice,
} from '../core';
import { buildCard, kindName, readingDetail } from './shared/card';
import { documentMarkdown } from './shared/cardMarkdown';
import { Commands } from './shared/commands';
import { decodeContext, type DecodeContext } from './shared/decodeContext';
import { idUnder, inspectArg, textAbove, type InspectArg } from './shared/locate';
import { settings } from './shared/settings';
import { Cancelled, CommandFailure, command } from './shared/outcome';
import { debugVariableOf, idTextOf } from './debug/variableArg';
import { text as mdText } from './shared/markdown';

// `Idsmith: Inspect ID…` decodes one ID and shows its full card beside the editor, rendered by
// VS Code's Markdown preview in the editor's theme. The card is a read-only markdown document
// (never dirty, no file to write, so it works in the web host too); its text is escaped by the
// same markdown helpers as the hover, and the preview renders no HTML it was not given.

/** The card's URI scheme; the card is read-only, so editing features should leave it alone. */
import { INSPECT_SCHEME } from './shared/writable';

function decode(input: string, ctx: DecodeContext, readAs?: LayoutChoice): Decoded {
  // The user's Sqids alphabet and Hashids salt: those are read only with them.
  const opts = { ...ctx.inspectOptions, ...(ctx.epoch === undefined ? {} : { epoch: ctx.epoch }) };
  // The layout the ID's context chose (a key, a URL), unless an epoch is set: that one wins.
  if (readAs && ctx.epoch === undefined) {
    const d = formatById('snowflake')!.decode(input, { snowflake: readAs.layout });
    if (d.valid) {
      (d as { readAs?: LayoutChoice }).readAs = readAs;
      return d;
    }
  }
  // The decoded object itself (its representations come from its bytes); `inspect` only for
  // the "not an ID" answer.
  return inspectId(input, opts) ?? inspect(input, opts);
}

/** A `readAs` from a command argument or a card URI, when it is one (anything else is ignored). */
function layoutChoiceOf(v: unknown): LayoutChoice | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const c = v as Partial<LayoutChoice>;
  if (c.by !== 'key' && c.by !== 'parent' && c.by !== 'url') return undefined;
  let layout;
  try {
    layout = typeof c.layout === 'object' && c.layout !== null ? parseSnowflakeEpoch(c.layout) : undefined;
  } catch {
    return undefined;
  }
  if (!layout) return undefined;
  const str = (x: unknown) => (typeof x === 'string' ? x : undefined);
  const out: LayoutChoice = { layout, by: c.by };
  for (const k of ['key', 'child', 'pattern', 'site'] as const) {
    const value = str(c[k]);
    if (value !== undefined) out[k] = value;
  }
  return out;
}

/** A key name (a debugger variable's) as the context of its value. */
function keyContext(name: string, ctx: DecodeContext): LayoutChoice | undefined {
  const key = name.replace(/^.*[.[\]'"]/, '').slice(0, 128);
  return key === '' ? undefined : layoutFromContext(`${key}: `, key.length + 2, ctx.keys);
}

/** The document's content is derived from its URI (the ID and how it was read), so it needs no state. */
class CardDocuments implements vscode.TextDocumentContentProvider {
  provideTextDocumentContent(uri: vscode.Uri): string {
    const q = new URLSearchParams(uri.query);
    let readAs: LayoutChoice | undefined;
    try {
      readAs = q.has('as') ? layoutChoiceOf(JSON.parse(q.get('as')!)) : undefined;
    } catch {
      readAs = undefined;
    }
    const ctx = decodeContext(settings());
    const from = q.get('from');
    const decoded = from ? decodeAs(q.get('id') ?? '', from, ctx) : decode(q.get('id') ?? '', ctx, readAs);
    const markdown = documentMarkdown(buildCard(decoded, ctx, { full: true, now: Date.now() }));
    const variable = q.get('variable');
    return variable ? withSource(markdown, variable, decoded) : markdown;
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

function cardUri(decoded: Decoded, variable?: string, from?: string): vscode.Uri {
  // The tab's title: a debugger variable's card names the variable too.
  const owner = variable ? `${variable.replace(/[^A-Za-z0-9_.$-]/g, '').slice(0, 40)} ` : '';
  const name = `${owner}${kindName(decoded.kind)} ${decoded.input.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64)}`;
  const q = new URLSearchParams({ id: decoded.input });
  if (from) q.set('from', from);
  const readAs = (decoded as { readAs?: LayoutChoice }).readAs;
  if (readAs) q.set('as', JSON.stringify(readAs));
  if (variable) q.set('variable', variable);
  return vscode.Uri.from({ scheme: INSPECT_SCHEME, path: `/${name}.md`, query: q.toString() });
}

/** Preview tabs of cards other than `name`: the next card replaces them instead of piling up. */
function otherCardPreviews(name: string): vscode.Tab[] {
  const cards = new Set(vscode.workspace.textDocuments.filter((d) => d.uri.scheme === INSPECT_SCHEME).map((d) => d.uri.path.slice(1)));
  cards.delete(name);
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) =>
    t.input instanceof vscode.TabInputWebview && /markdown\.preview$/.test(t.input.viewType) && cards.has(t.label.replace(/^\[Preview\] /, '')));
}

/**
 * Shows the card rendered: a Markdown preview locked to it, beside the editor (a dynamic preview
 * would follow the next markdown editor the user opens). Without the Markdown extension
 * (disabled), the card's source opens instead, still readable.
 */
async function showCard(uri: vscode.Uri): Promise<void> {
  const document = await vscode.workspace.openTextDocument(uri);
  try {
    await vscode.commands.executeCommand('markdown.showLockedPreviewToSide', uri);
  } catch {
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: true });
    return;
  }
  const earlier = otherCardPreviews(uri.path.slice(1));
  if (earlier.length > 0) await vscode.window.tabGroups.close(earlier, true);
}

/** The selection (one line) if there is one, else the ID under the cursor (read in its context). */
function fromEditor(ctx: DecodeContext): InspectArg | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const { selection, document } = editor;
  const line = selection.active.line;
  if (!selection.isEmpty && selection.isSingleLine) {
    const selected = document.getText(selection).trim();
    if (!selected) return undefined;
    // A selected number is still read in its context: the scanner over the selection's line.
    const m = idUnder(document.lineAt(line).text, selection.start.character, ctx, () => textAbove(document, line));
    return m && m.text === selected ? inspectArg(m) : { text: selected };
  }
  const m = idUnder(document.lineAt(line).text, selection.active.character, ctx, () => textAbove(document, line));
  return m && inspectArg(m);
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
async function inspectCommand(arg?: unknown): Promise<InspectResult> {
  const ctx = decodeContext(settings());
  const variable = debugVariableOf(arg);
  if (variable) {
    const input = idTextOf(variable.value, (t) => decode(t, ctx).kind !== 'unknown');
    // The variable's name is the key of its value: `discordMessageId` picks Discord's layout.
    const decoded = decode(input, ctx, /^\d{1,20}$/.test(input) ? keyContext(variable.name, ctx) : undefined);
    const label = variable.evaluateName || variable.name || 'variable';
    await showCard(cardUri(decoded, label));
    return inspected(decoded);
  }
  let input: string | undefined;
  let readAs: LayoutChoice | undefined;
  if (arg && typeof arg === 'object' && 'text' in arg) {
    const text = (arg as { text: unknown }).text;
    if (typeof text !== 'string') throw new CommandFailure('INVALID_ARGUMENT', 'idsmith.inspect expects { "text": "<an ID>" } as its argument.');
    input = text;
    readAs = layoutChoiceOf((arg as { readAs?: unknown }).readAs);
  } else {
    // Without an argument (or with the editor's own, e.g. a URI from a menu): cursor, then prompt.
    const found = fromEditor(ctx);
    input = found?.text ?? (await fromPrompt(ctx));
    readAs = found?.readAs;
  }
  if (input === undefined) throw new Cancelled();
  const decoded = decode(input.trim(), ctx, readAs);
  if (decoded.kind === 'unknown') throw new CommandFailure('NOTHING_FOUND', decoded.error ?? 'not an ID Idsmith recognises.');
  await showCard(cardUri(decoded));
  return inspected(decoded);
}

/** What `idsmith.inspect` resolves to (besides `cancelled` and `failed`): the plain object the
 *  CLI's `inspect --json` prints, not the decoder's lazy one. */
export type InspectResult = Decoded & { status: 'inspected' };

function inspected(decoded: Decoded): InspectResult {
  return { status: 'inspected', ...(isDecodedId(decoded) ? decoded.toJSON() : decoded) };
}

/** `input` read as the format `from` only, whatever else its shape allows (`inspect --from`). */
function decodeAs(input: string, from: string, ctx: DecodeContext): Decoded {
  return inspect(input, { from, ...ctx.inspectOptions, ...(ctx.epoch === undefined ? {} : { epoch: ctx.epoch }) });
}

/**
 * `Idsmith: Inspect ID As…`: the ID under the cursor (or selection, or typed) read as a format
 * the user picks, as `inspect --from KIND` reads it: for text shared by several formats (a
 * decimal that is a Flake ID, a 25-character Uuid25) and for formats never guessed. The formats
 * that read the text come first, each with its reading; the others after them.
 * Argument (tests, keybindings): `{ text, from }`.
 */
async function inspectAsCommand(arg?: unknown): Promise<InspectResult> {
  const ctx = decodeContext(settings());
  let input: string | undefined;
  let from: string | undefined;
  if (arg && typeof arg === 'object' && 'text' in arg) {
    const { text, from: kind } = arg as { text: unknown; from?: unknown };
    if (typeof text !== 'string' || (kind !== undefined && typeof kind !== 'string')) {
      throw new CommandFailure('INVALID_ARGUMENT', 'idsmith.inspectAs expects { "text": "<an ID>", "from": "<a format id>" } as its argument.');
    }
    input = text;
    from = kind;
  } else {
    input = fromEditor(ctx)?.text ?? (await fromPrompt(ctx));
  }
  if (input === undefined || input.trim() === '') throw new Cancelled();
  input = input.trim();
  if (from === undefined) from = await pickFormat(input, ctx);
  if (from === undefined) throw new Cancelled();
  if (!formatById(from)) throw new CommandFailure('INVALID_ARGUMENT', `Unknown format ${JSON.stringify(from).slice(0, 40)}; use one of ${FORMATS.map((f) => f.id).join(', ')}.`);
  const decoded = decodeAs(input, from, ctx);
  const document = await vscode.workspace.openTextDocument(cardUri(decoded, undefined, from));
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: true });
  return inspected(decoded);
}

/** Every format, those whose shapes read `input` first (with their reading), likeliest first. */
async function pickFormat(input: string, ctx: DecodeContext): Promise<string | undefined> {
  const read = readings(input, { ...ctx.inspectOptions, ...(ctx.epoch === undefined ? {} : { snowflake: ctx.epoch }) }, 'all').filter((d) => d.valid);
  const reading = new Map(read.map((d) => [d.format.id, d]));
  const order = [...read.map((d) => d.format), ...FORMATS.filter((f) => !reading.has(f.id))];
  type Item = vscode.QuickPickItem & { id: string };
  const now = Date.now();
  const items: Item[] = order.map((f) => {
    const d = reading.get(f.id);
    const detail = d ? readingDetail(d, now) : undefined;
    return { id: f.id, label: f.label, description: f.id, ...(detail ? { detail } : {}) };
  });
  const picked = await vscode.window.showQuickPick(items, {
    title: `Idsmith: Inspect ${input.length > 40 ? input.slice(0, 37) + '…' : input} As…`,
    placeHolder: 'The format to read it as (those that read it come first)',
    matchOnDescription: true,
  });
  return picked?.id;
}

export function register(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(INSPECT_SCHEME, new CardDocuments()),
    vscode.commands.registerCommand(Commands.inspect, command(inspectCommand)),
    vscode.commands.registerCommand(Commands.inspectAs, command(inspectAsCommand)),
  );
}
