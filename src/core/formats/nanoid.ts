import { requireNumber } from '../args';
import { RandomPool } from '../bytes';
import { generate, type GenerateOptions } from '../generate';
import { cryptoRandom } from '../random';
import { IdError, type RandomSource } from '../types';
import { Id } from './decoded';
import type { FormatModule } from './types';

/** 64 symbols, so `byte & 63` maps random bytes without bias. */
export const NANOID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

const NANOID_CODES = Array.from(NANOID_ALPHABET, (c) => c.charCodeAt(0));

const defaultPool = new RandomPool(cryptoRandom, 21 * 256);

export function nanoid(size = 21, random?: RandomSource): string {
  requireNumber(size, 'the NanoID length');
  if (random !== undefined && typeof random !== 'function') throw new IdError('INVALID_ARGUMENT', 'random must be a function that fills bytes.');
  if (!Number.isInteger(size) || size < 1 || size > 1024) {
    throw new IdError('INVALID_ARGUMENT', `A NanoID size must be a whole number from 1 to 1024; got ${size}.`);
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
    options: [{ name: 'size', type: 'number', description: 'length in characters', min: 1, max: 1024, default: 21 }],
    generate: (count, o) => generate('nanoid', o as GenerateOptions, count),
  }],
};
