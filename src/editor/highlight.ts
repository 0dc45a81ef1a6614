import * as vscode from 'vscode';
import { bytesToBigInt, bytesToHex, encodeUlid, parse128, type ScanMatch } from '../core';
import { decodeContext } from './shared/decodeContext';
import { idUnder } from './shared/locate';
import { settings } from './shared/settings';

// With the cursor on an ID, every occurrence of the same value in the visible part of the
// document lights up, whatever its spelling: a ULID in a fixture and its UUID in a migration,
// a TypeID's suffix, 32 bare hex digits, braces, `urn:uuid:`, any letter case, and the decimal
// integer of the 128 bits. Only the lines on screen (or a bounded window around the cursor when
// no editor shows the document) are read, so the cost never depends on the file's length.

/** Lines either side of the cursor searched when no visible editor shows the document. */
export const WINDOW_LINES = 200;
/** Lines longer than this are searched only in their first MAX_LINE characters. */
const MAX_LINE = 16_384;
/** A decimal spelling counts only this long or longer: shorter digit runs are ordinary numbers,
 *  and every ULID, UUID v4 or v7 of this era is above 10^30. */
const MIN_DECIMAL = 30;

/** Lower-case needles for one value, each matched only where no letter or digit touches it. */
interface Needles {
  words: string[];
  digits?: string;
}

function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function needles128(bytes: Uint8Array): Needles {
  const hex = bytesToHex(bytes).toLowerCase();
  const dashed = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const decimal = bytesToBigInt(bytes).toString();
  return { words: [encodeUlid(bytes).toLowerCase(), dashed, hex], ...(decimal.length >= MIN_DECIMAL ? { digits: decimal } : {}) };
}

/** What the cursor is on, as needles, or undefined when it is on no ID. */
function needlesAt(line: string, character: number): Needles | undefined {
  const match: ScanMatch | undefined = idUnder(line, character, decodeContext(settings()));
  if (match) {
    // 128-bit formats: every spelling from the decoded bytes (a broken ID has none).
    if (match.decoded.format.bits === 128) return match.decoded.bytes ? needles128(match.decoded.bytes) : undefined;
    // ObjectIds (any case), KSUIDs and snowflakes have one spelling here: the same text.
    return match.kind === 'snowflake' ? { words: [], digits: match.text } : { words: [match.text.toLowerCase()] };
  }
  // A 128-bit value written as a decimal integer (the scanner leaves long numbers alone).
  let s = character, e = character;
  while (s > 0 && isDigit(line.charCodeAt(s - 1))) s--;
  while (e < line.length && isDigit(line.charCodeAt(e))) e++;
  if (e - s < MIN_DECIMAL || e - s > 39) return undefined;
  try {
    return needles128(parse128(line.slice(s, e), 'int').bytes);
  } catch {
    return undefined;
  }
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function findIn(text: string, needle: string, bounded: (c: number) => boolean, out: (start: number) => void): void {
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    if (bounded(text.charCodeAt(at - 1)) || bounded(text.charCodeAt(at + needle.length))) continue;
    out(at);
  }
}

/** Line ranges to search: the document's visible ranges, else a window around the cursor. */
function linesToSearch(document: vscode.TextDocument, position: vscode.Position): Array<[number, number]> {
  const visible = vscode.window.visibleTextEditors
    .filter((e) => e.document === document)
    .flatMap((e) => e.visibleRanges.map((r): [number, number] => [r.start.line, r.end.line]));
  const around: [number, number] = [Math.max(0, position.line - WINDOW_LINES), position.line + WINDOW_LINES];
  const spans = visible.some(([a, b]) => a <= position.line && position.line <= b) ? visible : [...visible, around];
  // Merge overlaps (split editors on one document) so no line is searched twice.
  spans.sort((x, y) => x[0] - y[0]);
  const merged: Array<[number, number]> = [];
  for (const [a, b] of spans) {
    const lastSpan = merged[merged.length - 1];
    if (lastSpan && a <= lastSpan[1] + 1) lastSpan[1] = Math.max(lastSpan[1], b);
    else merged.push([a, Math.min(b, document.lineCount - 1)]);
  }
  return merged;
}

export class SameIdHighlightProvider implements vscode.DocumentHighlightProvider {
  /** Undefined off an ID: VS Code takes the first provider that answers, so an empty list
   *  would hide the language's own highlights (and the word highlighter's). */
  provideDocumentHighlights(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): vscode.DocumentHighlight[] | undefined {
    const needles = needlesAt(document.lineAt(position.line).text, position.character);
    if (!needles) return undefined;
    const highlights: vscode.DocumentHighlight[] = [];
    const seen = new Set<string>();
    for (const [first, last] of linesToSearch(document, position)) {
      for (let line = first; line <= Math.min(last, document.lineCount - 1); line++) {
        if (token.isCancellationRequested) return undefined;
        const raw = document.lineAt(line).text;
        const text = (raw.length > MAX_LINE ? raw.slice(0, MAX_LINE) : raw).toLowerCase();
        const add = (length: number) => (start: number) => {
          const key = `${line}:${start}`;
          if (seen.has(key)) return;
          seen.add(key);
          highlights.push(new vscode.DocumentHighlight(new vscode.Range(line, start, line, start + length), vscode.DocumentHighlightKind.Text));
        };
        for (const w of needles.words) findIn(text, w, isAlnum, add(w.length));
        if (needles.digits) findIn(text, needles.digits, isAlnum, add(needles.digits.length));
      }
    }
    return highlights;
  }
}

// A glob that matches every path scores as high as a language match, so on an ID this provider
// answers before VS Code's word highlighter (which matches `*` and, registered later, would win
// a tie); off an ID it answers nothing and the others run as before.
const EVERY_DOCUMENT: vscode.DocumentSelector = [{ scheme: '*' }, { pattern: '**' }];

export function register(context: vscode.ExtensionContext): void {
  context.subscriptions.push(vscode.languages.registerDocumentHighlightProvider(EVERY_DOCUMENT, new SameIdHighlightProvider()));
}
