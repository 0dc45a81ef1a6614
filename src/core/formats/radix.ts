// Whole numbers written in an alphabet of N symbols, most significant first: the text forms of
// ShortUUID (base58, base90), Timeflake and Boundary Flake (base62), Uuid25 and SCRU64 (base36).
// BigInt keeps it exact at 128 bits; these formats are read on explicit input and after
// cheap scanner filters, never per character of a document.

/** Char code -> digit value for `alphabet`, -1 for anything else (codes above 127 included). */
export function digitValues(alphabet: string, caseInsensitive = false): Int16Array {
  const t = new Int16Array(128).fill(-1);
  for (let i = 0; i < alphabet.length; i++) {
    const c = alphabet.charCodeAt(i);
    t[c] = i;
    if (caseInsensitive) {
      t[alphabet[i]!.toLowerCase().charCodeAt(0)] = i;
      t[alphabet[i]!.toUpperCase().charCodeAt(0)] = i;
    }
  }
  return t;
}

/** The index of the first char `values` does not know, or -1. */
export function badDigit(text: string, values: Int16Array): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || values[c]! < 0) return i;
  }
  return -1;
}

/** The number `text` writes; the caller has checked every char with `badDigit`. */
export function fromDigits(text: string, values: Int16Array, base: number): bigint {
  // Nine base-62 digits stay below 2^53, so most of the work is Number arithmetic.
  const step = Math.floor(53 / Math.log2(base));
  const bigBase = BigInt(base);
  let n = 0n;
  for (let i = 0; i < text.length; i += step) {
    const end = Math.min(text.length, i + step);
    let chunk = 0;
    let scale = 1n;
    for (let j = i; j < end; j++) {
      chunk = chunk * base + values[text.charCodeAt(j)]!;
      scale *= bigBase;
    }
    n = n * scale + BigInt(chunk);
  }
  return n;
}

/** `n` (>= 0) in `alphabet`, left-padded with its first symbol to `width`. */
export function toDigits(n: bigint, alphabet: string, width = 1): string {
  const base = BigInt(alphabet.length);
  let out = '';
  while (n > 0n) {
    out = alphabet[Number(n % base)]! + out;
    n /= base;
  }
  return out.padStart(width, alphabet[0]!);
}
