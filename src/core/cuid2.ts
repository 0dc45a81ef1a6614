import { requireNumber } from './args';
import { RandomPool } from './bytes';
import { cryptoRandom } from './random';
import { IdError, type RandomSource } from './types';

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
