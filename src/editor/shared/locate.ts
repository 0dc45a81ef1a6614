import * as vscode from 'vscode';
import { idAt, scan, type LayoutChoice, type ScanMatch } from '../../core';
import { scanOptions, type DecodeContext } from './decodeContext';

// Finds the ID under a cursor from the text of its line only, so the cost of a hover does not
// depend on the size of the file, nor (past WINDOW) on the length of a minified line.

// Longer than any ID the scanner knows (a TypeID with a 63-char prefix is 90 chars), so a window
// of WINDOW chars either side holds every ID that can contain the cursor; a token cut by the
// window edge is longer than WINDOW around the cursor and cannot match.
const WINDOW = 256;

// Characters IDs are written in (plus `{`/`}` of braced UUIDs); anything else under the cursor
// means there is nothing to decode and nothing to allocate.
function isIdChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45 || c === 123 || c === 125 || c === 58;
}

/**
 * The ID under `character` of `lineText`. `before` gives the document text above the line, read
 * only when a bare number needs its enclosing keys to pick a snowflake layout.
 */
export function idUnder(lineText: string, character: number, ctx: DecodeContext, before?: () => string): ScanMatch | undefined {
  const here = isIdChar(lineText.charCodeAt(character));
  if (!here && !isIdChar(lineText.charCodeAt(character - 1))) return undefined;
  if (before !== undefined && BASE64_LINE.test(lineText)) {
    // A line of base64 (a certificate's) is known by the line before it and its own end, as the
    // scanner of the whole text knows it: the line is read after that one, with its line end.
    const above = before();
    const prev = above.slice(above.lastIndexOf('\n', above.length - 2) + 1);
    const match = idAt(`${prev}${lineText}\n`, character + prev.length, scanOptions(ctx, () => above.slice(0, above.length - prev.length)));
    return match && { ...match, start: match.start - prev.length, end: match.end - prev.length };
  }
  if (lineText.length <= 2 * WINDOW) return idAt(lineText, character, scanOptions(ctx, before));
  const from = Math.max(0, character - WINDOW);
  const cut = () => (before ? before() : '') + lineText.slice(Math.max(0, from - CONTEXT_CHARS), from);
  const match = idAt(lineText.slice(from, character + WINDOW), character - from, scanOptions(ctx, cut));
  return match && { ...match, start: match.start + from, end: match.end + from };
}

/** A whole line of base64 as PEM and MIME wrap it (64 or 76 chars; the last one shorter). */
const BASE64_LINE = /^[A-Za-z0-9+/_-]{20,76}={0,2}\r?$/;

/** What context reading looks at before an ID (formats/snowflake/context.ts reads at most this far). */
export const CONTEXT_CHARS = 8192;
const CONTEXT_LINES = 200;

/** The text of the lines above `line` that context reading may look at: the last 200 lines, 8 KB at most. */
export function textAbove(document: vscode.TextDocument, line: number): string {
  let text = '';
  for (let l = line - 1; l >= 0 && l >= line - CONTEXT_LINES && text.length < CONTEXT_CHARS; l--) {
    text = `${document.lineAt(l).text}\n${text}`;
  }
  return text.length > CONTEXT_CHARS ? text.slice(text.length - CONTEXT_CHARS) : text;
}

/**
 * Matches from several selections, in document order, with overlaps merged: a cursor on an ID
 * plus a selection over part of it (or two cursors on one ID) name one ID, which must be edited
 * once. Where two overlap, the one that starts first (the longer of two that start together)
 * stands for both.
 */
export function withoutOverlaps<T extends { start: number; end: number }>(items: readonly T[]): T[] {
  const sorted = [...items].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: T[] = [];
  let end = -1;
  for (const item of sorted) {
    if (item.start < end) continue;
    out.push(item);
    end = item.end;
  }
  return out;
}

/** The argument `idsmith.inspect` takes for a found ID: its text, and the layout its context chose. */
export interface InspectArg {
  text: string;
  readAs?: LayoutChoice;
}

export function inspectArg(m: ScanMatch): InspectArg {
  return m.decoded.readAs ? { text: m.text, readAs: m.decoded.readAs } : { text: m.text };
}

/** A found ID with its place in the document (absolute offsets and a range). */
export interface Located {
  match: ScanMatch;
  range: vscode.Range;
  start: number;
  end: number;
}

/**
 * "The IDs in this selection", the one reading behind convert, regenerate and their code
 * actions: the ID under the cursor for an empty range, else every ID the scanner finds inside
 * it. Both read bare numbers in their context (keys, enclosing keys, URLs) as the hover does.
 */
export function idsIn(document: vscode.TextDocument, range: vscode.Range, ctx: DecodeContext): Located[] {
  if (range.isEmpty) {
    const line = range.start.line;
    const m = idUnder(document.lineAt(line).text, range.start.character, ctx, () => textAbove(document, line));
    if (!m) return [];
    const start = document.offsetAt(new vscode.Position(line, m.start));
    return [{ match: m, range: new vscode.Range(line, m.start, line, m.end), start, end: start + m.end - m.start }];
  }
  const base = document.offsetAt(range.start);
  const line = range.start.line;
  const before = () => textAbove(document, line) + document.lineAt(line).text.slice(0, range.start.character);
  return scan(document.getText(range), scanOptions(ctx, before)).map((m) => ({
    match: m,
    range: new vscode.Range(document.positionAt(base + m.start), document.positionAt(base + m.end)),
    start: base + m.start,
    end: base + m.end,
  }));
}

/** `idsIn` over several selections, in document order, each ID once (see `withoutOverlaps`). */
export function idsInSelections(document: vscode.TextDocument, selections: readonly vscode.Range[], ctx: DecodeContext): Located[] {
  return withoutOverlaps(selections.flatMap((r) => idsIn(document, r, ctx)));
}
