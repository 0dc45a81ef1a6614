import { requireText } from '../args';
import { IdError } from '../types';
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

function base36(text: string, from: number, to: number): number {
  return parseInt(text.slice(from, to), 36);
}

function read(text: string): Id {
  try {
    if (text.length !== 25) throw new IdError('INVALID_LENGTH', `A CUID has 25 characters; got ${text.length}.`);
    if (text.charCodeAt(0) !== 99) throw new IdError('INVALID_CHARACTER', `A CUID starts with 'c'; this one starts with '${text[0]}'.`);
    for (let i = 1; i < 25; i++) {
      const c = text.charCodeAt(i);
      if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 122))) {
        const upper = c >= 65 && c <= 90;
        throw new IdError(upper ? 'INVALID_CASE' : 'INVALID_CHARACTER',
          `A CUID is lower-case base36 (0-9, a-z); '${text[i]}' at position ${i + 1} is not${upper ? ' (CUIDs are lower case)' : ''}.`);
      }
    }
  } catch (e) {
    return failed(cuid, text, e);
  }
  const id = new Id(cuid, text, true, {
    counter: base36(text, 9, 13),
    fingerprint: text.slice(13, 17),
    random: text.slice(17, 25),
  });
  id.unixMs = base36(text, 1, 9);
  return id;
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
  const ms = base36(text, start + 1, start + 9);
  if (!ctx.plausibleMs(ms, CUID_FROM) && !ctx.labelled(start, LABEL)) return undefined;
  if (ctx.inBase64(start, end)) return undefined;
  return { start, end, decoded: read(text.slice(start, end)) };
}

export const cuid: FormatModule = {
  id: 'cuid',
  label: 'CUID',
  shapes: [{
    length: 25, alphabet: 'base36', case: 'lower', description: 'CUIDs (c + 24 base36 chars)',
    // Upper case still reads as a CUID, so the error can say that CUIDs are lower case.
    test: (t) => SHAPE.test(t) || ANY_CASE.test(t),
  }],
  scan: [{ runLengths: [25], all: CHAR.WORD, find }],
  decode: (text) => read(text),
  representations: [],
  generators: [],
  time: { minMs: 36 ** 7, maxMs: 36 ** 8 - 1, resolutionMs: 1, plausibleFromMs: CUID_FROM },
};
