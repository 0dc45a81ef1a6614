import { idAt, type ScanMatch } from '../../core';
import type { DecodeContext } from './context';

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

export function idUnder(lineText: string, character: number, ctx: DecodeContext): ScanMatch | undefined {
  const here = isIdChar(lineText.charCodeAt(character));
  if (!here && !isIdChar(lineText.charCodeAt(character - 1))) return undefined;
  const opts = ctx.epoch === undefined ? {} : { epoch: ctx.epoch };
  if (lineText.length <= 2 * WINDOW) return idAt(lineText, character, opts);
  const from = Math.max(0, character - WINDOW);
  const match = idAt(lineText.slice(from, character + WINDOW), character - from, opts);
  return match && { ...match, start: match.start + from, end: match.end + from };
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
