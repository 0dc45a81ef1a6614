// Byte and text helpers the formats' bounds codecs share: the lowest or highest value at a time.

/** Fills `bytes` from `from` with 0x00 (lowest) or 0xff (highest). */
export function fill(bytes: Uint8Array, from: number, high: boolean): Uint8Array {
  bytes.fill(high ? 0xff : 0, from);
  return bytes;
}

/** A 48-bit big-endian time in bytes 0..5. */
export function put48(bytes: Uint8Array, ms: number): void {
  for (let i = 5, v = ms; i >= 0; i--, v = Math.floor(v / 256)) bytes[i] = v % 256;
}

/** A 32-bit big-endian number in bytes 0..3. */
export function put32(bytes: Uint8Array, n: number): void {
  bytes[0] = n >>> 24;
  bytes[1] = (n >>> 16) & 0xff;
  bytes[2] = (n >>> 8) & 0xff;
  bytes[3] = n & 0xff;
}

/** Pads `prefix` to `length` with `lo`/`hi`, keeping fixed characters (UUID dashes) in place. */
export function pad(prefix: string, length: number, lo: string, hi: string, fixed: Record<number, string> = {}): [string, string] {
  let a = prefix, b = prefix;
  for (let i = prefix.length; i < length; i++) {
    a += fixed[i] ?? lo;
    b += fixed[i] ?? hi;
  }
  return [a, b];
}

/** Crockford text can start at most with 7 (128 bits in 26 chars). */
export function clampCrockford(text: string, at: number, top: string): string {
  return text.length > at && text[at]! > top ? text.slice(0, at) + top + text.slice(at + 1) : text;
}
