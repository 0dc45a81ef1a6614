import * as vscode from 'vscode';
import {
  IdError, listingSnippet, listKeys, MAX_RATE, parseKeyTemplate, planKeys, STORES, tooFast,
  type BoundsOptions, type KeyListing, type KeyPlan, type SnippetFormat, type StoreId,
} from '../../core';
import { Commands } from '../shared/commands';
import { applyEdits, blockReplacement } from '../shared/edits';
import { nonce } from '../shared/html';
import { Cancelled, CommandFailure, command, errorMessage } from '../shared/outcome';
import { settings } from '../shared/settings';
import { askSnowflakeLayout, askTypeIdPrefix, askWindow, BOUNDS_KINDS, pickBoundsKind } from '../shared/windowPrompts';
import { isArgsObject, isEditable, readOnlyMessage } from '../shared/writable';
import { planHtml, type PlanPage } from './planHtml';

// "Plan Object Keys…": asks for a key template, a kind, a write rate and a window, and shows
// the plan (prefixes, requests per prefix beside the store's published figure, a verdict, the
// smallest {hash:N}, the read cost) in a webview beside the editor, with the window's listing
// and a button that inserts that listing, as code for the file's language, at the cursor of the
// file the command started from (one undo step, on lines of its own).

const TITLE = 'Plan Object Keys';
export const PLAN_VIEW = 'idsmith.keyPlan';
const DEFAULT_TEMPLATE = 'logs/{hash:2}/{id}.json.gz';

/** The snippet each language gets; any other language gets the aws CLI lines. */
const SNIPPETS: Record<string, { format: SnippetFormat; label: string }> = {
  python: { format: 'boto3', label: 'Python (boto3)' },
  javascript: { format: 'js', label: 'JavaScript (AWS SDK v3)' },
  javascriptreact: { format: 'js', label: 'JavaScript (AWS SDK v3)' },
  typescript: { format: 'js', label: 'TypeScript (AWS SDK v3)' },
  typescriptreact: { format: 'js', label: 'TypeScript (AWS SDK v3)' },
};
const SHELL = { format: 'shell' as const, label: 'aws CLI' };
/** A listing longer than this is inserted only when the modal says so: {hash:4} lists 65,536 prefixes, 6.3 MB. */
export const CONFIRM_LINES = 10_000;

export interface PlanArgs {
  template?: string;
  kind?: string;
  /** New objects per second. */
  rate?: number | string;
  reads?: number | string;
  store?: StoreId;
  /** The window to list: anything the time prompt accepts, or ms. */
  from?: string | number;
  to?: string | number;
  epoch?: string | number;
  prefix?: string;
}

/** What `idsmith.planObjectKeys` resolves to (besides `cancelled` and `failed`). */
export interface PlanResult {
  status: 'planned';
  template: string;
  kind: string;
  plan: KeyPlan;
  listing: KeyListing | { error: string };
  /** The snippet the button inserts, and the file it goes to; absent without a text editor. */
  snippet?: { format: SnippetFormat; text: string; uri: string };
}

/** What `idsmith.insertKeyListing` (the page's button) resolves to. */
export interface InsertListingResult {
  status: 'inserted';
  format: SnippetFormat;
  uri: string;
  /** The first and last line the snippet now occupies (0-based). */
  lines: [number, number];
}

let panel: vscode.WebviewPanel | undefined;
/** What the shown page's button inserts, and into which document. */
let pending: { uri: vscode.Uri; format: SnippetFormat; text: string } | undefined;

function rateArg(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+(?:\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(n) || n < 0) throw new IdError('INVALID_ARGUMENT', `"${name}" must be a number of requests per second; got ${JSON.stringify(value)}.`);
  return n;
}

async function askTemplate(): Promise<string> {
  const text = await vscode.window.showInputBox({
    title: `${TITLE}: key template`,
    value: DEFAULT_TEMPLATE,
    valueSelection: [0, DEFAULT_TEMPLATE.length],
    prompt: '{id} the ID (once, only literal text after it), {hash:N} N hex digits of MD5 of the ID, {yyyy} {mm} {dd} {hh} its UTC time',
    ignoreFocusOut: true,
    validateInput: (t) => {
      try {
        parseKeyTemplate(t);
        return undefined;
      } catch (e) {
        return errorMessage(e);
      }
    },
  });
  if (text === undefined) throw new Cancelled();
  return text;
}

async function askRate(): Promise<number> {
  const text = await vscode.window.showInputBox({
    title: `${TITLE}: write rate`,
    value: '1000',
    prompt: 'New objects per second',
    ignoreFocusOut: true,
    validateInput: (t) => (!/^\s*\d+(?:\.\d+)?\s*$/.test(t) ? 'A number of objects per second, such as 20000.' : Number(t) > MAX_RATE ? tooFast('write rate', Number(t)) : undefined),
  });
  if (text === undefined) throw new Cancelled();
  return Number(text);
}

async function planObjectKeys(raw?: unknown): Promise<PlanResult> {
  if (raw !== undefined && !isArgsObject(raw)) {
    throw new CommandFailure('INVALID_ARGUMENT', 'idsmith.planObjectKeys expects { template, kind, rate, from, to?, reads?, store?, epoch?, prefix? } or no argument.');
  }
  const args: PlanArgs = raw ?? {};
  // The file the listing would go into: the one active when the command started.
  const editor = vscode.window.activeTextEditor;
  try {
    const template = args.template ?? (await askTemplate());
    parseKeyTemplate(template);
    const kind = args.kind ?? (await pickBoundsKind(TITLE));
    const spec = BOUNDS_KINDS.find((k) => k.kind === kind);
    if (!spec) throw new IdError('INVALID_ARGUMENT', `"kind" must be one of ${BOUNDS_KINDS.map((k) => k.kind).join(', ')}; got ${JSON.stringify(kind)}.`);
    const opts: BoundsOptions = {};
    // Spelled like the IDs Idsmith inserts, since keys compare by bytes.
    if (kind === 'ulid') opts.letterCase = settings().ulid.case;
    if (kind === 'uuidv7') opts.letterCase = settings().uuid.case;
    if (spec.needs === 'epoch') opts.epoch = await askSnowflakeLayout(args.epoch);
    if (spec.needs === 'prefix') opts.prefix = await askTypeIdPrefix(TITLE, args.prefix);
    const rate = rateArg(args.rate, 'rate') ?? (await askRate());
    const reads = rateArg(args.reads, 'reads');
    const store = args.store ?? 's3';
    const [fromMs, toMs] = await askWindow(TITLE, args);

    const plan = planKeys(template, { rate, ...(reads !== undefined ? { reads } : {}), store });
    const others = (Object.keys(STORES) as StoreId[]).filter((s) => s !== store)
      .map((s) => planKeys(template, { rate, ...(reads !== undefined ? { reads } : {}), store: s }));
    let listing: KeyListing | { error: string };
    try {
      listing = listKeys(template, kind, fromMs, toMs, opts);
    } catch (e) {
      if (!(e instanceof IdError)) throw e;
      listing = { error: e.message };
    }
    const target = editor && isEditable(editor.document.uri) ? editor.document : undefined;
    const snippet = target ? (SNIPPETS[target.languageId] ?? SHELL) : undefined;
    const page: PlanPage = {
      template, kind, kindLabel: spec.label, plan, others, listing,
      ...(target && snippet ? { insert: { label: snippet.label, file: target.uri.path.split('/').pop() || 'the file' } } : {}),
    };
    const text = snippet && !('error' in listing) ? listingSnippet(listing, snippet.format) : undefined;
    pending = target && snippet && text !== undefined ? { uri: target.uri, format: snippet.format, text } : undefined;
    show(page, target);
    const result: PlanResult = { status: 'planned', template, kind, plan, listing };
    if (pending) result.snippet = { format: pending.format, text: pending.text, uri: pending.uri.toString() };
    return result;
  } catch (e) {
    if (e instanceof IdError) throw new CommandFailure('INVALID_ARGUMENT', `cannot plan object keys: ${e.message}`);
    throw e;
  }
}

function show(page: PlanPage, target: vscode.TextDocument | undefined): void {
  const title = `Keys: ${page.template}`;
  if (!panel) {
    panel = vscode.window.createWebviewPanel(PLAN_VIEW, title, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: true,
      localResourceRoots: [],
    });
    panel.onDidDispose(() => {
      panel = undefined;
      pending = undefined;
    });
    panel.webview.onDidReceiveMessage((m: { type?: unknown }) => {
      if (m && m.type === 'insert') void vscode.commands.executeCommand(Commands.insertKeyListing);
    });
  }
  panel.title = title;
  panel.webview.html = planHtml(page, nonce());
  // Beside the file, so its cursor stays in view for the insert.
  panel.reveal(vscode.ViewColumn.Beside, target !== undefined);
}

/** Asks before a listing of more than CONFIRM_LINES lines goes into a file (one request per line or more). */
async function confirmLarge(text: string, document: vscode.TextDocument): Promise<void> {
  let lines = 1;
  for (let i = text.indexOf('\n'); i >= 0 && lines <= CONFIRM_LINES; i = text.indexOf('\n', i + 1)) lines++;
  if (lines <= CONFIRM_LINES) return;
  lines = text.split('\n').length;
  const size = text.length >= 1e6 ? `${(text.length / 1e6).toFixed(1)} MB` : `${Math.ceil(text.length / 1e3)} KB`;
  const file = document.uri.path.split('/').pop() || 'the file';
  const insert = 'Insert';
  const answer = await vscode.window.showWarningMessage(
    `Insert ${lines.toLocaleString('en-US')} lines (${size}) into ${file}?`,
    { modal: true, detail: 'The listing makes one request per prefix and partition of the window. A shorter window or a smaller {hash:N} lists fewer.' },
    insert,
  );
  if (answer !== insert) throw new Cancelled();
}

/** Inserts the shown listing at the cursor of the file the plan was made from, as one undo step. */
async function insertKeyListing(): Promise<InsertListingResult> {
  const p = pending;
  if (!p) throw new CommandFailure('NOTHING_FOUND', 'no listing to insert: run "Plan Object Keys…" from the file it should go into.');
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === p.uri.toString());
  if (!document || document.isClosed) throw new CommandFailure('EDIT_FAILED', 'the file the plan was made from is closed; run "Plan Object Keys…" again from the file.');
  if (!isEditable(document.uri)) throw new CommandFailure('READ_ONLY', readOnlyMessage(document.uri, 'no listing was inserted'));
  await confirmLarge(p.text, document);
  // Its editor as it is now (the cursor may have moved while the page was open), shown if hidden.
  const visible = vscode.window.visibleTextEditors.find((e) => e.document === document);
  const editor = visible ?? (await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One, preserveFocus: false }));
  const version = document.version;
  const rep = blockReplacement(document, editor.selection, p.text);
  const outcome = await applyEdits(document, version, [rep]);
  if (outcome !== 'applied') {
    throw new CommandFailure(outcome === 'stale' ? 'EDIT_FAILED' : 'READ_ONLY',
      `no listing was inserted: ${outcome === 'stale' ? 'the document changed meanwhile; click the button again' : 'the editor refused the edit (is it read-only?)'}.`);
  }
  const first = rep.range.start.line + (rep.text.startsWith('\n') || rep.text.startsWith('\r\n') ? 1 : 0);
  const lines = p.text.split('\n').length;
  await vscode.window.showTextDocument(document, { viewColumn: editor.viewColumn ?? vscode.ViewColumn.One, preserveFocus: false });
  return { status: 'inserted', format: p.format, uri: document.uri.toString(), lines: [first, first + lines - 1] };
}

export function register(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(Commands.planObjectKeys, command(planObjectKeys)),
    vscode.commands.registerCommand(Commands.insertKeyListing, command(insertKeyListing)),
  );
}
