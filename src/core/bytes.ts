import { IdError, type RandomSource } from './types';

// Lookup tables: the codecs sit on hover and benchmark hot paths, where a table beats
// per-call toString(16)/parseInt and regular expressions.
export const HEX_PAIRS: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** char code -> nibble value, 255 when not a hex digit (either case). */
export const HEX_VALUES: Uint8Array = (() => {
  const t = new Uint8Array(128).fill(255);
  for (let i = 0; i < 10; i++) t[48 + i] = i;
  for (let i = 0; i < 6; i++) {
    t[65 + i] = 10 + i;
    t[97 + i] = 10 + i;
  }
  return t;
})();

/** byte -> nibble value for all 256 bytes, 255 when not a hex digit: a byte needs no range check first. */
export const HEX_BYTE_VALUES: Uint8Array = (() => {
  const t = new Uint8Array(256).fill(255);
  t.set(HEX_VALUES);
  return t;
})();

/** The 8 hex digits at `b[at]` (either case) as an unsigned word, or -1 when one is no hex digit. */
export function hexWord(b: Uint8Array, at: number): number {
  const h = HEX_BYTE_VALUES;
  const a = h[b[at]!]!, c = h[b[at + 1]!]!, d = h[b[at + 2]!]!, e = h[b[at + 3]!]!, f = h[b[at + 4]!]!, g = h[b[at + 5]!]!, i = h[b[at + 6]!]!, j = h[b[at + 7]!]!;
  if ((a | c | d | e | f | g | i | j) > 15) return -1;
  return ((a << 28) | (c << 24) | (d << 20) | (e << 16) | (f << 12) | (g << 8) | (i << 4) | j) >>> 0;
}

export function bytesToHex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += HEX_PAIRS[bytes[i]!];
  return s;
}

/** Reads `text[start, start + 2 * out.length)` as hex into `out`; returns the index of a bad char or -1. */
export function readHex(text: string, start: number, out: Uint8Array, outOffset = 0, count = out.length - outOffset): number {
  for (let i = 0; i < count; i++) {
    const p = start + 2 * i;
    const c1 = text.charCodeAt(p);
    const c2 = text.charCodeAt(p + 1);
    const hi = c1 < 128 ? HEX_VALUES[c1]! : 255;
    const lo = c2 < 128 ? HEX_VALUES[c2]! : 255;
    if (hi === 255) return p;
    if (lo === 255) return p + 1;
    out[outOffset + i] = (hi << 4) | lo;
  }
  return -1;
}

export function badCharMessage(what: string, text: string, index: number, allowed: string): string {
  const ch = text[index] ?? '';
  return `${what} contains '${ch}' at position ${index + 1}; only ${allowed} are allowed.`;
}

export function hexToBytes(text: string): Uint8Array {
  if (text.length === 0) throw new IdError('EMPTY', 'Expected hex digits, got an empty string.');
  if (text.length % 2 !== 0) {
    throw new IdError('INVALID_LENGTH', `Hex text must have an even number of digits; got ${text.length}.`);
  }
  const out = new Uint8Array(text.length / 2);
  const bad = readHex(text, 0, out);
  if (bad >= 0) throw new IdError('INVALID_CHARACTER', badCharMessage('Hex text', text, bad, 'the digits 0-9 and a-f'));
  return out;
}

export function bytesToBigInt(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : BigInt('0x' + bytesToHex(bytes));
}

/** Big-endian, exactly `len` bytes; throws OVERFLOW when `n` does not fit and for negatives. */
export function bigIntToBytes(n: bigint, len: number): Uint8Array {
  if (n < 0n) throw new IdError('OVERFLOW', `A negative number (${n}) cannot be written as ${len} bytes.`);
  const hex = n.toString(16);
  if (hex.length > len * 2) {
    throw new IdError('OVERFLOW', `The number ${n} needs more than ${len * 8} bits; the largest is 2^${len * 8}-1.`);
  }
  return hexToBytes(hex.padStart(len * 2, '0'));
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function makeDecodeTable(alphabet: string): Uint8Array {
  const t = new Uint8Array(128).fill(255);
  for (let i = 0; i < alphabet.length; i++) t[alphabet.charCodeAt(i)] = i;
  return t;
}
const B64_VALUES = makeDecodeTable(B64);
const B64URL_VALUES = makeDecodeTable(B64URL);

function encode64(bytes: Uint8Array, alphabet: string, pad: boolean): string {
  let s = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    s += alphabet[n >>> 18]! + alphabet[(n >>> 12) & 63]! + alphabet[(n >>> 6) & 63]! + alphabet[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    s += alphabet[n >>> 18]! + alphabet[(n >>> 12) & 63]! + (pad ? '==' : '');
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    s += alphabet[n >>> 18]! + alphabet[(n >>> 12) & 63]! + alphabet[(n >>> 6) & 63]! + (pad ? '=' : '');
  }
  return s;
}

// Strict on purpose: padding optional but correct, and unused trailing bits must be zero, so
// that decode -> encode gives back the user's exact text (conversions must be lossless).
function decode64(text: string, table: Uint8Array, name: string, allowed: string): Uint8Array {
  if (text.length === 0) throw new IdError('EMPTY', `Expected ${name} text, got an empty string.`);
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 61 /* = */ && text.length - end < 2) end--;
  const padded = end !== text.length;
  if (end % 4 === 1 || (padded && text.length % 4 !== 0)) {
    throw new IdError('INVALID_LENGTH', `${name} text of ${text.length} characters is not a whole number of bytes.`);
  }
  const out = new Uint8Array(Math.floor((end * 6) / 8));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? table[c]! : 255;
    if (v === 255) throw new IdError('INVALID_CHARACTER', badCharMessage(`${name} text`, text, i, allowed));
    acc = ((acc << 6) | v) & 0xfff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >>> bits) & 0xff;
    }
  }
  if ((acc & ((1 << bits) - 1)) !== 0) {
    throw new IdError('INVALID_CHARACTER', `${name} text has non-zero padding bits in its last character, so it is not a canonical encoding.`);
  }
  return out;
}

export const bytesToBase64 = (bytes: Uint8Array): string => encode64(bytes, B64, true);
export const bytesToBase64Url = (bytes: Uint8Array): string => encode64(bytes, B64URL, false);
export const base64ToBytes = (text: string): Uint8Array =>
  decode64(text, B64_VALUES, 'Base64', 'A-Z, a-z, 0-9, + and /');
export const base64UrlToBytes = (text: string): Uint8Array =>
  decode64(text, B64URL_VALUES, 'Base64url', 'A-Z, a-z, 0-9, - and _');

export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/**
 * Random bytes served from one buffer refilled in large chunks: one getRandomValues call per
 * few hundred IDs instead of one per ID is what keeps generation near crypto.randomUUID().
 */
export class RandomPool {
  buf: Uint8Array;
  private pos: number;
  constructor(private readonly random: RandomSource, size = 4096) {
    this.buf = new Uint8Array(size);
    this.pos = size;
  }
  /** Reserves `n` fresh bytes and returns their offset in `buf`. */
  take(n: number): number {
    if (this.pos + n > this.buf.length) {
      if (n > this.buf.length) this.buf = new Uint8Array(n);
      this.random(this.buf);
      this.pos = 0;
    }
    const at = this.pos;
    this.pos += n;
    return at;
  }
}
