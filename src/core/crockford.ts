import { IdError } from './types';

// Crockford base32 as used by ULID and TypeID: 26 chars hold 130 bits, so a 128-bit value
// gets two leading zero bits and the first char can only be 0..7.
export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CROCKFORD_LOWER = CROCKFORD.toLowerCase();

/** char code -> 5-bit value (either case), 255 for anything else, including I, L, O, U. */
export const CROCKFORD_VALUES: Uint8Array = (() => {
  const t = new Uint8Array(128).fill(255);
  for (let i = 0; i < 32; i++) {
    t[CROCKFORD.charCodeAt(i)] = i;
    t[CROCKFORD_LOWER.charCodeAt(i)] = i;
  }
  return t;
})();

const UPPER_CODES = Array.from(CROCKFORD, (c) => c.charCodeAt(0));

/** Writes `chars` Crockford char codes of the integer `n` (< 2^53) ending at `codes[end - 1]`. */
export function writeCrockfordCodes(codes: number[], end: number, n: number, chars: number): void {
  // Low 30 bits with bit operators, the rest by exact Number division.
  let low = n % 1073741824;
  const high = (n - low) / 1073741824;
  for (let i = 1; i <= chars; i++) {
    if (i === 7) low = high;
    codes[end - i] = UPPER_CODES[low & 31]!;
    low >>>= 5;
  }
}

const LOWER_CODES = Array.from(CROCKFORD_LOWER, (c) => c.charCodeAt(0));

/**
 * 16 bytes -> 26 chars: 2 chars for the first byte (the text's 2 leading zero bits make its top
 * char 0-7), then 8 chars per 5 bytes. One String.fromCharCode call with the codes as arguments
 * measured 2.5x faster than filling an array for fromCharCode.apply, and ULID and TypeID
 * generation are held to 2x crypto.randomUUID.
 */
export function encodeCrockford(b: Uint8Array, lower = false): string {
  if (b.length !== 16) throw new IdError('INVALID_LENGTH', `Expected 16 bytes, got ${b.length}.`);
  const A = lower ? LOWER_CODES : UPPER_CODES;
  const b0 = b[0]!, b1 = b[1]!, b2 = b[2]!, b3 = b[3]!, b4 = b[4]!, b5 = b[5]!, b6 = b[6]!, b7 = b[7]!;
  const b8 = b[8]!, b9 = b[9]!, b10 = b[10]!, b11 = b[11]!, b12 = b[12]!, b13 = b[13]!, b14 = b[14]!, b15 = b[15]!;
  return String.fromCharCode(
    A[b0 >> 5]!, A[b0 & 31]!,
    A[b1 >> 3]!, A[((b1 & 7) << 2) | (b2 >> 6)]!, A[(b2 >> 1) & 31]!, A[((b2 & 1) << 4) | (b3 >> 4)]!,
    A[((b3 & 15) << 1) | (b4 >> 7)]!, A[(b4 >> 2) & 31]!, A[((b4 & 3) << 3) | (b5 >> 5)]!, A[b5 & 31]!,
    A[b6 >> 3]!, A[((b6 & 7) << 2) | (b7 >> 6)]!, A[(b7 >> 1) & 31]!, A[((b7 & 1) << 4) | (b8 >> 4)]!,
    A[((b8 & 15) << 1) | (b9 >> 7)]!, A[(b9 >> 2) & 31]!, A[((b9 & 3) << 3) | (b10 >> 5)]!, A[b10 & 31]!,
    A[b11 >> 3]!, A[((b11 & 7) << 2) | (b12 >> 6)]!, A[(b12 >> 1) & 31]!, A[((b12 & 1) << 4) | (b13 >> 4)]!,
    A[((b13 & 15) << 1) | (b14 >> 7)]!, A[(b14 >> 2) & 31]!, A[((b14 & 3) << 3) | (b15 >> 5)]!, A[b15 & 31]!,
  );
}

/** Index of the first char that is not Crockford base32 (either case), or -1. */
export function findNonCrockford(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || CROCKFORD_VALUES[c] === 255) return i;
  }
  return -1;
}

export function invalidCrockfordMessage(what: string, text: string, index: number): string {
  const ch = text[index] ?? '';
  const alias = /^[iIlLoOuU]$/.test(ch)
    ? ` Crockford base32 leaves out I, L, O and U; Idsmith does not read I/L as 1 or O as 0 because that would silently change the ID.`
    : '';
  return `${what} contains '${ch}' at position ${index + 1}; only 0-9 and A-Z without I, L, O, U are allowed.${alias}`;
}

/** 26 chars (either case) -> 16 bytes. Throws INVALID_LENGTH, INVALID_CHARACTER, OVERFLOW. */
export function decodeCrockford(text: string, what = 'Crockford base32 text'): Uint8Array {
  if (text.length !== 26) {
    throw new IdError('INVALID_LENGTH', `${what} must be 26 characters long; got ${text.length}.`);
  }
  const bad = findNonCrockford(text);
  if (bad >= 0) throw new IdError('INVALID_CHARACTER', invalidCrockfordMessage(what, text, bad));
  const first = CROCKFORD_VALUES[text.charCodeAt(0)]!;
  if (first > 7) {
    throw new IdError('OVERFLOW', `${what} starts with '${text[0]}', which encodes more than 128 bits; the largest value starts with 7 (7ZZZZZZZZZZZZZZZZZZZZZZZZZ).`);
  }
  return crockfordBytes(text);
}

/**
 * The 16 bytes of 26 chars already known to be valid Crockford base32 that fits 128 bits (a
 * ULID the scanner checked): `decodeCrockford` without its checks, which read every char again.
 */
export function crockfordBytes(text: string): Uint8Array {
  const words = crockfordWords(text, scratch);
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = words[i >>> 2]! >>> (24 - 8 * (i & 3));
  return out;
}

const scratch = new Uint32Array(4);

/** `crockfordBytes` as four big-endian 32-bit words in `out`, with no array made (the check's duplicate keys). */
export function crockfordWords(text: string, out: Uint32Array): Uint32Array {
  // The first char holds 3 bits, each next one 5: a word is written after every 32.
  let acc = CROCKFORD_VALUES[text.charCodeAt(0)]!;
  let bits = 3;
  let word = 0;
  let o = 0;
  for (let i = 1; i < 26; i++) {
    acc = ((acc << 5) | CROCKFORD_VALUES[text.charCodeAt(i)]!) & 0x1fff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      word = (word << 8) | ((acc >>> bits) & 0xff);
      if ((++o & 3) === 0) {
        out[(o >>> 2) - 1] = word >>> 0;
        word = 0;
      }
    }
  }
  return out;
}
