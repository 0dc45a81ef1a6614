import type { RandomSource } from '../types';

// What the formats' `sibling` members share: another ID in one's place keeps its time unit and
// spelling and draws its random part again. Bits, characters and case; nothing per format.

/** Draws bits `from` to `to` (exclusive, counted from the most significant bit of byte 0) of `bytes` again. */
export function redrawBits(bytes: Uint8Array, from: number, to: number, random: RandomSource): Uint8Array {
  const fresh = random(new Uint8Array(bytes.length));
  for (let bit = from; bit < to; bit++) {
    const i = bit >> 3, mask = 0x80 >> (bit & 7);
    bytes[i] = (bytes[i]! & ~mask) | (fresh[i]! & mask);
  }
  return bytes;
}

/** `n` characters of `alphabet` (at most 256 of them), each equally likely. */
export function randomChars(n: number, alphabet: string, random: RandomSource): string {
  // Bytes at or above the largest multiple of the alphabet's size are drawn again (no bias).
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < n) {
    for (const b of random(new Uint8Array(n - out.length + 8))) {
      if (b < limit && out.length < n) out += alphabet[b % alphabet.length];
    }
  }
  return out;
}

/** `fresh` in the case `like` is written in, for formats read in either case: upper, lower or as it is. */
export function caseLike(like: string, fresh: string): string {
  const upper = /[A-Z]/.test(like), lower = /[a-z]/.test(like);
  if (upper && !lower) return fresh.toUpperCase();
  if (lower && !upper) return fresh.toLowerCase();
  return fresh;
}
