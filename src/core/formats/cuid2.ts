import { requireNumber } from '../args';
import { RandomPool } from '../bytes';
import { cryptoRandom } from '../random';
import { repeat } from '../timeline';
import { IdError, type RandomSource } from '../types';
import { Id } from './decoded';
import { CHAR, type FormatModule, type Run, type ScanContext, type ScanHit } from './types';

// CUID2 (paralleldrive/cuid2) text: a random letter a-z, then lower-case base36. The library
// hashes (SHA3-512) a salt, the time, a counter and a host fingerprint and keeps base36 digits
// of the hash; the result is meant to be indistinguishable from uniform random text. Idsmith
// draws every character straight from crypto.getRandomValues instead (rejection sampling, so
// each character is exactly uniform): the same shape, alphabet and entropy, accepted by the
// library's own `isCuid`, without a hash dependency, and without putting the time, a counter or a
// host fingerprint into the ID at all.

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';
const LOWER_CODES = Array.from(LOWER, (c) => c.charCodeAt(0));
const BASE36_CODES = Array.from(BASE36, (c) => c.charCodeAt(0));

export const CUID2_DEFAULT_LENGTH = 24;
/** The library's `bigLength`: `isCuid` accepts 2 to 32 characters. */
export const CUID2_MAX_LENGTH = 32;

const defaultPool = new RandomPool(cryptoRandom, 32 * 256);

/**
 * One CUID2 of `size` characters (2-32, default 24). Bytes at or above 234 (first char, 9 × 26)
 * or 252 (the others, 7 × 36) are skipped, so no character is more likely than another.
 */
export function cuid2(size = CUID2_DEFAULT_LENGTH, random?: RandomSource): string {
  requireNumber(size, 'the CUID2 length');
  if (random !== undefined && typeof random !== 'function') throw new IdError('INVALID_ARGUMENT', 'random must be a function that fills bytes.');
  if (!Number.isInteger(size) || size < 2 || size > CUID2_MAX_LENGTH) {
    throw new IdError('INVALID_ARGUMENT', `A CUID2 length must be a whole number from 2 to ${CUID2_MAX_LENGTH}; got ${size}.`);
  }
  // About 1 draw in 1,700 of 24 characters has no digit. Inspect reads 24-32 lower-case letters
  // and digits as a CUID2 only with a digit (27 z's are a KSUID past its maximum, not a CUID2),
  // so such a draw is drawn again: every ID Idsmith makes reads back as what it is. A source
  // that keeps giving the same bytes (a test's constant) ends the loop after a few tries.
  let id = draw(size, random);
  for (let tries = 0; size >= 24 && !HAS_DIGIT.test(id) && tries < 8; tries++) id = draw(size, random);
  return id;
}

const HAS_DIGIT = /[0-9]/;

function draw(size: number, random: RandomSource | undefined): string {
  const codes = new Array<number>(size);
  let n = 0;
  while (n < size) {
    // Enough bytes for the rest with room for rejections (about 3% of bytes are skipped).
    const want = size - n + 4;
    let bytes: Uint8Array, at: number;
    if (random) {
      bytes = random(new Uint8Array(want));
      at = 0;
    } else {
      at = defaultPool.take(want);
      bytes = defaultPool.buf;
    }
    for (let i = 0; i < want && n < size; i++) {
      const b = bytes[at + i]!;
      if (n === 0) {
        if (b < 234) codes[n++] = LOWER_CODES[b % 26]!;
      } else if (b < 252) {
        codes[n++] = BASE36_CODES[b % 36]!;
      }
    }
  }
  return String.fromCharCode(...codes);
}
// CUID2 (paralleldrive/cuid2, Prisma's `cuid(2)`): a letter, then lower-case base36, 24 chars by
// default (2-32 allowed). It holds no time and nothing else to decode; its only structure is its
// alphabet, so any lower-case word could be one. Inspect reads 24-32 chars with a digit (and not
// all hex) as a CUID2 only when nothing else reads it (lowest priority); the scanner only where a
// `cuid2`/`cuid` label names it. Generated from crypto.getRandomValues (`cuid2()` above).

const SHAPE = /^[a-z][0-9a-z]{23,31}$/;
const DIGIT = /[0-9]/;
const ALL_HEX = /^[0-9a-f]+$/;
const LABEL = /cuid2?["'`]?\s*[:=]?\s*["'`(]?$/i;
const UPPER_OR_UNDERSCORE = CHAR.UPPER | CHAR.UNDERSCORE;

/** The explicit-input test: the shape above, a digit somewhere, and not a hex string. */
function looksLikeCuid2(t: string): boolean {
  return SHAPE.test(t) && DIGIT.test(t) && !ALL_HEX.test(t);
}

function read(text: string): Id {
  if (!looksLikeCuid2(text)) {
    const id = new Id(cuid2Format, text, false, {});
    id.error = `A CUID2 is a letter a-z followed by lower-case base36 (0-9, a-z), 24 to ${CUID2_MAX_LENGTH} characters with a digit among them.`;
    id.errorCode = /[A-Z]/.test(text) ? 'INVALID_CASE' : text.length < 24 || text.length > CUID2_MAX_LENGTH ? 'INVALID_LENGTH' : 'INVALID_CHARACTER';
    return id;
  }
  return new Id(cuid2Format, text, true, { length: text.length });
}

function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const { start, end, or } = run;
  if ((or & UPPER_OR_UNDERSCORE) || !(or & CHAR.DIGIT) || !(or & CHAR.LOWER)) return undefined;
  const c = ctx.text.charCodeAt(start);
  if (c < 97 || c > 122 || !ctx.labelled(start, LABEL)) return undefined;
  const t = ctx.text.slice(start, end);
  if (ALL_HEX.test(t)) return undefined;
  return { start, end, decoded: read(t) };
}

export const cuid2Format: FormatModule = {
  id: 'cuid2',
  label: 'CUID2',
  // Every other reading of the same text comes first: CUID2 is what is left.
  priority: -1,
  shapes: [{
    length: [24, CUID2_MAX_LENGTH], alphabet: 'base36', case: 'lower',
    description: 'CUID2s (24-32 base36)', test: looksLikeCuid2,
  }],
  scan: [{ runLengths: Array.from({ length: CUID2_MAX_LENGTH - 23 }, (_, i) => 24 + i), find }],
  decode: (text) => read(text),
  representations: [],
  generators: [{
    kind: 'cuid2', label: 'CUID2', detail: 'random, 24 chars base36 (Prisma cuid(2))', hasTime: false, ascending: false,
    options: [{ name: 'size', type: 'number', description: 'length in characters', min: 2, max: CUID2_MAX_LENGTH, default: CUID2_DEFAULT_LENGTH }],
    create: (env) => ({ generate: (n, o) => repeat(n, () => cuid2(o.size ?? CUID2_DEFAULT_LENGTH, env.random)) }),
  }],
  check: { labels: [['cuid2']] },
};
