import * as vscode from 'vscode';
import type { Bounds, BoundsKind, SnowflakeLayout } from '../core';
import { IdError, bounds, boundsSql } from '../core';
import { Commands } from './shared/commands';
import { CommandFailure, command } from './shared/outcome';
import { applyEdits, blockReplacement } from './shared/edits';
import { settings } from './shared/settings';
import { askSnowflakeLayout, askTypeIdPrefix, askWindow, BOUNDS_KINDS, pickBoundsKind } from './shared/windowPrompts';
import { isArgsObject, isEditable, readOnlyMessage } from './shared/writable';

// "Insert Time-Window Bounds…": the smallest and largest ID of a time-ordered kind for a window,
// ready for `WHERE id BETWEEN min AND max`, and their common prefix for prefix listings
// (S3 ListObjectsV2 Prefix=…). A prefix selects a coarser window than asked; the inserted text
// and the message say which one.

const KINDS = BOUNDS_KINDS;
const TITLE = 'Insert Time-Window Bounds';

/** How the bounds are written:
 *  - `sql`: a `BETWEEN min AND max` line between two `--` comments (window, prefix);
 *  - `lines`: min, max and prefix on their own lines under two comment lines (window, what the
 *    prefix covers) in the language's line comment syntax (plain text when it has none);
 *  - `prefix`: only the common prefix, e.g. for an S3 `Prefix=`. */
export type BoundsFormat = 'sql' | 'lines' | 'prefix';

export interface BoundsArgs {
  kind?: BoundsKind;
  /** Start of the window: anything the time prompt accepts (ISO 8601, unix s/ms, -2h, …) or ms. */
  from?: string | number;
  /** End of the window (inclusive); default: `from`, or the end of the day for a bare date. */
  to?: string | number;
  format?: BoundsFormat;
  /** Snowflake epoch: preset name or Unix ms; default the setting `idsmith.snowflake.epoch`. */
  epoch?: string | number;
  /** TypeID prefix; default the setting `idsmith.typeid.prefix`. */
  prefix?: string;
}

/** What `idsmith.insertBounds` resolves to (besides `cancelled` and `failed`, see shared/outcome.ts). */
export interface BoundsResult extends Bounds {
  status: 'inserted';
  kind: BoundsKind;
  fromMs: number;
  toMs: number;
  format: BoundsFormat;
  text: string;
}

const SQL_LANGUAGES = new Set(['sql', 'mysql', 'pgsql', 'postgres', 'plsql', 'oraclesql', 'tsql', 'sqlite', 'mssql']);
const LINE_COMMENTS: Record<string, string> = {
  ...Object.fromEntries([...SQL_LANGUAGES, 'lua', 'haskell'].map((l) => [l, '--'])),
  ...Object.fromEntries(
    ['javascript', 'javascriptreact', 'typescript', 'typescriptreact', 'java', 'c', 'cpp', 'csharp', 'go', 'rust',
      'kotlin', 'swift', 'scala', 'dart', 'php', 'jsonc', 'groovy', 'fsharp'].map((l) => [l, '//'])),
  ...Object.fromEntries(
    ['python', 'shellscript', 'ruby', 'perl', 'r', 'yaml', 'toml', 'dockerfile', 'makefile', 'powershell',
      'elixir', 'properties', 'ini', 'julia', 'nim', 'coffeescript'].map((l) => [l, '#'])),
};


async function insertBounds(raw?: unknown): Promise<BoundsResult> {
  if (raw !== undefined && !isArgsObject(raw)) {
    throw new CommandFailure('INVALID_ARGUMENT', 'idsmith.insertBounds expects { kind, from, to?, format?, epoch?, prefix? } or no argument.');
  }
  const args: BoundsArgs = raw ?? {};
  const first = vscode.window.activeTextEditor;
  if (!first) throw new CommandFailure('NO_EDITOR', 'open a file to insert time-window bounds into.');
  if (!isEditable(first.document.uri)) {
    throw new CommandFailure('READ_ONLY', readOnlyMessage(first.document.uri, 'no bounds were inserted'));
  }
  // Everything is asked and computed before the document is touched: a bad epoch or time
  // ends here with a message, never with half a block inserted.
  let result: BoundsResult;
  try {
    const kind = args.kind ?? (await pickBoundsKind(TITLE));
    if (!KINDS.some((k) => k.kind === kind)) {
      throw new IdError('INVALID_ARGUMENT', `"kind" must be one of ${KINDS.map((k) => k.kind).join(', ')}; got "${String(kind)}".`);
    }
    const [fromMs, toMs] = await askWindow(TITLE, args);
    const opts: { epoch?: SnowflakeLayout; prefix?: string; letterCase?: 'upper' | 'lower' } = {};
    // Spelled like the IDs Idsmith inserts, so a case-sensitive collation or S3 key matches them.
    if (kind === 'ulid') opts.letterCase = settings().ulid.case;
    if (kind === 'uuidv7') opts.letterCase = settings().uuid.case;
    const needs = KINDS.find((k) => k.kind === kind)?.needs;
    if (needs === 'epoch') opts.epoch = await askSnowflakeLayout(args.epoch);
    if (needs === 'prefix') opts.prefix = await askTypeIdPrefix(TITLE, args.prefix);
    const b = bounds(kind, fromMs, toMs, opts);
    const language = first.document.languageId;
    const format = args.format ?? (SQL_LANGUAGES.has(language) ? 'sql' : 'lines');
    if (!['sql', 'lines', 'prefix'].includes(format)) {
      throw new IdError('INVALID_ARGUMENT', `"format" must be sql, lines or prefix; got "${String(format)}".`);
    }
    if (format === 'prefix' && b.prefix === '') {
      // Writing nothing would look like success while deleting the selection.
      throw new IdError('INVALID_ARGUMENT', `${kind} IDs from ${b.window.from} to ${b.window.to} share no prefix (the window crosses the first character), so there is no prefix to insert. Use format sql or lines for min and max, or a narrower window.`);
    }
    result = { status: 'inserted', ...b, kind, fromMs, toMs, format, text: render(kind, b, format, LINE_COMMENTS[language], language) };
  } catch (e) {
    if (e instanceof IdError) throw new CommandFailure('INVALID_ARGUMENT', `cannot insert bounds: ${e.message}`);
    throw e;
  }
  // The prompts above gave the user time to switch editors or edit: the bounds go to the editor
  // they started in, at its selections as they are now, as one undo step.
  const editor = vscode.window.visibleTextEditors.find((e) => e.document === first.document) ?? first;
  const document = editor.document;
  // A block of lines goes on lines of its own (shared/edits.ts), never glued to the code around it.
  const reps = editor.selections.map((selection) => blockReplacement(document, selection, result.text));
  const outcome = await applyEdits(document, document.version, reps);
  if (outcome !== 'applied') {
    throw new CommandFailure(outcome === 'stale' ? 'EDIT_FAILED' : 'READ_ONLY',
      `no bounds were inserted: ${outcome === 'stale' ? 'the document was closed or changed meanwhile; run the command again' : 'the editor refused the edit (is it read-only?)'}.`);
  }
  void vscode.window.showInformationMessage(coverageMessage(result));
  return result;
}

function coverageMessage(r: BoundsResult): string {
  const base = `Idsmith: ${r.kind} IDs from ${r.window.from} to ${r.window.to}.`;
  const prefix = r.prefix
    ? ` Prefix "${r.prefix}" covers ${r.prefixCovers.from} to ${r.prefixCovers.to}${coarser(r) ? ': coarser than the window, so filter a prefix listing by min/max.' : ', exactly the window.'}`
    : ' min and max share no prefix: list by range instead.';
  return base + prefix + (r.note ? ` ${r.note}` : '');
}

/** Languages whose comments wrap a line (`<!-- … -->`), and those with none, where only the values are written (prose made a JSON file invalid). */
const BLOCK_COMMENTS = new Set(['html', 'xml', 'markdown', 'vue', 'svelte']);
const NO_COMMENTS = new Set(['json', 'jsonl', 'csv', 'tsv']);

/** Whether a prefix's coverage is wider than the window (it is exactly the window when both fall on its edges). */
function coarser(b: Bounds): boolean {
  return b.prefixCovers.from !== b.window.from || b.prefixCovers.to !== b.window.to;
}

function render(kind: BoundsKind, b: Bounds, format: BoundsFormat, comment: string | undefined, language: string): string {
  const prefixNote = b.prefix
    ? `prefix ${b.prefix} covers ${b.prefixCovers.from} .. ${b.prefixCovers.to} (${coarser(b) ? 'coarser than the window' : 'exactly the window'})`
    : 'no common prefix: the window crosses the first character';
  const header = `${kind} ids created ${b.window.from} .. ${b.window.to}`;
  switch (format) {
    case 'prefix':
      return b.prefix;
    case 'sql':
      return [`-- ${header}`, boundsSql(kind, b), `-- ${prefixNote}`].join('\n');
    case 'lines': {
      const values = b.prefix ? [b.min, b.max, b.prefix] : [b.min, b.max];
      if (NO_COMMENTS.has(language)) return values.join('\n');
      const say = (line: string): string => (BLOCK_COMMENTS.has(language) ? `<!-- ${line} -->` : comment ? `${comment} ${line}` : line);
      return [say(`${header}: min, max${b.prefix ? ', then their common prefix' : ''}`), say(prefixNote), ...values].join('\n');
    }
  }
}

export function register(context: vscode.ExtensionContext): void {
  context.subscriptions.push(vscode.commands.registerCommand(Commands.insertBounds, command(insertBounds)));
}
