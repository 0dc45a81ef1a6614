import { requireText } from '../args';
import { IdError, type FieldValue } from '../types';
import { Id, failed, orThrow } from './decoded';
import { CHAR, type DecodedId, type FormatModule, type Run, type ScanContext, type ScanHit } from './types';

// CUID (v1, ericelliott/cuid, 2012): `c`, then lower-case base36 blocks: the time in ms (8
// chars until 2059; the library does not pad it), a 4-char counter, a 4-char host fingerprint
// and 8 random chars, 25 chars in all. Read only: the format is deprecated by its author (CUID2
// replaces it), so Idsmith does not make new ones.

/** The library was published in 2012; earlier times are not plausible. */
const CUID_FROM = Date.UTC(2012, 0, 1);
const LABEL = /cuid["'`]?\s*[:=]?\s*["'`(]?$/i;
const SHAPE = /^c[0-9a-z]{24}$/;
const ANY_CASE = /^c[0-9a-z]{24}$/i;

/** Base36 digit values of lower-case 0-9 a-z; 255 for anything else. */
const B36: Uint8Array = (() => {
  const t = new Uint8Array(128).fill(255);
  for (let i = 0; i < 36; i++) t['0123456789abcdefghijklmnopqrstuvwxyz'.charCodeAt(i)] = i;
  return t;
})();

/** Fields are made when read: the scanner and the hover usually need only the time. */
class CuidId extends Id {
  protected override makeFields(): Record<string, FieldValue> {
    const t = this.input;
    return { counter: parseInt(t.slice(9, 13), 36), fingerprint: t.slice(13, 17), random: t.slice(17, 25) };
  }
}

function problem(text: string): IdError {
  if (text.length !== 25) return new IdError('INVALID_LENGTH', `A CUID has 25 characters; got ${text.length}.`);
  if (text.charCodeAt(0) !== 99) return new IdError('INVALID_CHARACTER', `A CUID starts with 'c'; this one starts with '${text[0]}'.`);
  let i = 1;
  while (i < 25 && B36[text.charCodeAt(i)] !== undefined && B36[text.charCodeAt(i)] !== 255) i++;
  const c = text.charCodeAt(i);
  const upper = c >= 65 && c <= 90;
  return new IdError(upper ? 'INVALID_CASE' : 'INVALID_CHARACTER',
    `A CUID is lower-case base36 (0-9, a-z); '${text[i]}' at position ${i + 1} is not${upper ? ' (CUIDs are lower case)' : ''}.`);
}

/**
 * A char's base36 value; 128 for any other char below 128. A char from 128 up has bit 7 or
 * higher set itself, so `acc |= c | B36_OR[c & 127]` over the chars stays below 128 exactly
 * when every char is lower-case base36: one table read per char, no compare, one check at the
 * end.
 */
const B36_OR: Uint8Array = (() => {
  const t = new Uint8Array(128).fill(128);
  for (let c = 0; c < 128; c++) if (B36[c]! !== 255) t[c] = B36[c]!;
  return t;
})();

/**
 * One pass validates all 25 chars and reads the time (chars 1-8, base36 ms) as two 4-char
 * halves, each below 36^4, joined once (exact: 36^8 < 2^53). Short plain loops: the inputs
 * are usually slices or concatenations, whose every charCodeAt goes through one indirection,
 * and there unrolled reads measured slower than these loops.
 */
function read(text: string): Id {
  if (text.length === 25 && text.charCodeAt(0) === 99) {
    const T = B36_OR;
    let hi = 0, lo = 0, acc = 0;
    for (let i = 1; i < 5; i++) {
      const c = text.charCodeAt(i), v = T[c & 127]!;
      acc |= c | v;
      hi = hi * 36 + v;
    }
    for (let i = 5; i < 9; i++) {
      const c = text.charCodeAt(i), v = T[c & 127]!;
      acc |= c | v;
      lo = lo * 36 + v;
    }
    for (let i = 9; i < 25; i++) {
      const c = text.charCodeAt(i);
      acc |= c | T[c & 127]!;
    }
    if (acc < 128) {
      const id = new CuidId(cuid, text, true, undefined);
      id.unixMs = hi * 1679616 + lo;
      return id;
    }
  }
  return failed(cuid, text, problem(text));
}

export function decodeCuid(text: string): DecodedId {
  requireText(text, 'a CUID');
  return orThrow(read(text));
}

/**
 * `c` + 24 lower-case base36 chars with a digit among them (a random CUID body has none with
 * odds of 1 in 2400; words do), a time from 2012 to now + 10 years (the second char is g…q for
 * those years, so hex and most words fail), outside base64; or any such text labelled `cuid`.
 */
function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const { start, end, or } = run;
  const text = ctx.text;
  if (text.charCodeAt(start) !== 99 || (or & (CHAR.UPPER | CHAR.UNDERSCORE)) || !(or & CHAR.DIGIT)) return undefined;
  const ms = parseInt(text.slice(start + 1, start + 9), 36);
  if (!ctx.plausibleMs(ms, CUID_FROM) && !ctx.labelled(start, LABEL)) return undefined;
  if (ctx.inBase64(start, end)) return undefined;
  return { start, end, decoded: read(text.slice(start, end)) };
}

export const cuid: FormatModule = {
  id: 'cuid',
  label: 'CUID',
  shapes: [{
    length: 25, case: 'lower', description: 'CUIDs (c + 24 base36)',
    // Upper case still reads as a CUID, so the error can say that CUIDs are lower case.
    test: (t) => SHAPE.test(t) || ANY_CASE.test(t),
  }],
  scan: [{ runLengths: [25], all: CHAR.WORD, find }],
  decode: (text) => read(text),
  representations: [],
  generators: [],
  time: { minMs: 36 ** 7, maxMs: 36 ** 8 - 1, resolutionMs: 1, plausibleFromMs: CUID_FROM },
  notApplicable: {
    generate: 'CUID (v1) is deprecated by its authors (it leaks its time and host fingerprint); generate a CUID2 instead.',
    convert: 'A CUID is text (time, counter, fingerprint and random parts in base36), not a binary value: no other format holds it.',
    bounds: 'CUID is deprecated and not generated, so Idsmith computes no bounds for it.',
  },
  check: { labels: [['cuid']], timeOrdered: true },
};
