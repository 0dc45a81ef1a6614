// MD5 (RFC 1321) for object-key hash prefixes. Not for security: the prefix only has to spread
// keys evenly and match what `md5` gives in a shell or an SDK, so users can recompute it.
// Written out here because the core may not use Node's `crypto` and WebCrypto has no MD5.

// K[i] = floor(|sin(i + 1)| * 2^32), as the RFC defines it; the RFC test vectors exercise all 64.
import { requireText } from './args';

const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);
const SHIFTS = [
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
  5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
  4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
  6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
];

/** MD5 digest (16 bytes) of `input`. */
export function md5(input: Uint8Array): Uint8Array {
  const view = padded(input, true);

  let a0 = 0x67452301;
  let b0 = 0xefcdab89;
  let c0 = 0x98badcfe;
  let d0 = 0x10325476;
  const m = new Uint32Array(16);
  for (let off = 0; off < view.byteLength; off += 64) {
    for (let j = 0; j < 16; j++) m[j] = view.getUint32(off + j * 4, true);
    let a = a0, b = b0, c = c0, d = d0;
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) { f = (b & c) | (~b & d); g = i; }
      else if (i < 32) { f = (d & b) | (~d & c); g = (5 * i + 1) % 16; }
      else if (i < 48) { f = b ^ c ^ d; g = (3 * i + 5) % 16; }
      else { f = c ^ (b | ~d); g = (7 * i) % 16; }
      const sum = (f + a + K[i]! + m[g]!) >>> 0;
      const s = SHIFTS[i]!;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << s) | (sum >>> (32 - s)))) >>> 0;
    }
    a0 = (a0 + a) >>> 0;
    b0 = (b0 + b) >>> 0;
    c0 = (c0 + c) >>> 0;
    d0 = (d0 + d) >>> 0;
  }
  return digest([a0, b0, c0, d0], true);
}

/**
 * `input` padded as MD5 and SHA-1 pad it, in whole 64-byte blocks: 0x80, zeros up to 56 mod 64,
 * then the bit length as a 64-bit integer (little-endian for MD5, big-endian for SHA-1).
 */
export function padded(input: Uint8Array, littleEndian: boolean): DataView {
  const bytes = new Uint8Array(Math.ceil((input.length + 9) / 64) * 64);
  bytes.set(input);
  bytes[input.length] = 0x80;
  const view = new DataView(bytes.buffer);
  const bitLength = input.length * 8;
  const [lo, hi] = [bitLength >>> 0, Math.floor(bitLength / 2 ** 32)];
  view.setUint32(bytes.length - 8, littleEndian ? lo : hi, littleEndian);
  view.setUint32(bytes.length - 4, littleEndian ? hi : lo, littleEndian);
  return view;
}

/** The digest's bytes: its 32-bit words in order, each written in the hash's byte order. */
export function digest(words: readonly number[], littleEndian: boolean): Uint8Array {
  const out = new Uint8Array(words.length * 4);
  const view = new DataView(out.buffer);
  words.forEach((word, i) => view.setUint32(i * 4, word, littleEndian));
  return out;
}

/** Lower-case hex MD5 of the UTF-8 bytes of `text` (what `printf %s text | md5sum` prints). */
export function md5Hex(text: string): string {
  requireText(text, 'the text to hash');
  let hex = '';
  for (const byte of md5(new TextEncoder().encode(text))) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
