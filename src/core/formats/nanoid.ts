import { requireNumber } from '../args';
import { RandomPool } from '../bytes';
import { cryptoRandom } from '../random';
import { repeat } from '../timeline';
import { IdError, type RandomSource } from '../types';
import { Id } from './decoded';
import type { FormatModule } from './types';
import { entropy } from '../entropy';

/** 64 symbols, so `byte & 63` maps random bytes without bias. */
export const NANOID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

const NANOID_CODES = Array.from(NANOID_ALPHABET, (c) => c.charCodeAt(0));

const defaultPool = new RandomPool(cryptoRandom, 21 * 256);

/**
 * The one NanoID length range, for the core, the CLI's `--size`, the insert command and the
 * `idsmith.nanoid.size` setting (all read `nanoidFormat`'s `size` option): two characters at
 * least (one is 64 values, no ID), 255 at most (a VARCHAR(255) column; batches stay small).
 */
export const NANOID_MIN_SIZE = 2;
export const NANOID_MAX_SIZE = 255;

export function nanoid(size = 21, random?: RandomSource): string {
  requireNumber(size, 'the NanoID length');
  if (random !== undefined && typeof random !== 'function') throw new IdError('INVALID_ARGUMENT', 'random must be a function that fills bytes.');
  if (!Number.isInteger(size) || size < NANOID_MIN_SIZE || size > NANOID_MAX_SIZE) {
    throw new IdError('INVALID_ARGUMENT', `A NanoID size must be a whole number from ${NANOID_MIN_SIZE} to ${NANOID_MAX_SIZE}; got ${size}.`);
  }
  let bytes: Uint8Array;
  let at = 0;
  if (random) {
    bytes = random(new Uint8Array(size));
  } else {
    at = defaultPool.take(size);
    bytes = defaultPool.buf;
  }
  // Built from char codes in one call: `s += c` per character leaves a rope of `size` pieces
  // per ID (about 8 KB for 255 characters), which made large batches run out of memory.
  const codes = new Array<number>(size);
  for (let i = 0; i < size; i++) codes[i] = NANOID_CODES[bytes[at + i]! & 63]!;
  return String.fromCharCode(...codes);
}
// NanoID: random text with no structure. It can be generated; it is never recognised (any word
// of 21 URL-safe characters would be), so it has no shapes and no scan rule.

export const nanoidFormat: FormatModule = {
  // Six random bits per character (21 chars: 126 bits); read only when named.
  entropy: (id) => entropy(6 * id.input.length, 'all'),
  id: 'nanoid',
  label: 'NanoID',
  shapes: [],
  decode: (text) => {
    const id = new Id(nanoidFormat, text, false, {});
    id.error = 'A NanoID is random text with nothing to decode.';
    id.errorCode = 'UNKNOWN_FORMAT';
    return id;
  },
  representations: [],
  generators: [{
    kind: 'nanoid', label: 'NanoID', detail: 'random, URL-safe', hasTime: false, ascending: false,
    options: [{ name: 'size', type: 'number', description: 'length in characters', min: NANOID_MIN_SIZE, max: NANOID_MAX_SIZE, default: 21 }],
    create: (env) => ({ generate: (n, o) => repeat(n, () => nanoid(o.size ?? 21, env.random)) }),
  }],
  notApplicable: {
    inspect: 'A NanoID is random text with no structure: any word of 21 URL-safe characters would read as one.',
    scan: 'A NanoID is random text with no structure: any word of 21 URL-safe characters would read as one.',
    time: 'A NanoID is random: it holds no time.',
    convert: 'A NanoID is text, not a binary value: no other format holds it.',
    bounds: 'A NanoID holds no time, so no time window selects it.',
    check: 'A NanoID has no structure to check beyond its alphabet.',
  },
};
