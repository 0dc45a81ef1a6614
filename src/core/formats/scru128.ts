import { requireText } from '../args';
import { HEX_PAIRS as HEX_PAIRS_IMPORT } from '../bytes';
import { IdError } from '../types';
import { Id, failed, judged, orThrow } from './decoded';
import { CHAR, type DecodedId, type FormatModule, type Run, type ScanContext, type ScanHit } from './types';

// SCRU128 (scru128/spec): 128 bits, 48-bit Unix ms, 24-bit counter_hi, 24-bit counter_lo,
// 32-bit entropy, written as 25 base36 digits (0-9 a-z, case-insensitive; the current libraries
// write lower case). 36^25 > 2^128, so every 128-bit value has a 25-digit form and the largest
// is f5lxx1zz5pnorynqglhzmsp33.

const HEX_PAIRS = HEX_PAIRS_IMPORT;
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';
const DIGIT_CODES = Array.from(DIGITS, (c) => c.charCodeAt(0));
const VALUES: Uint8Array = (() => {
  const t = new Uint8Array(128).fill(255);
  for (let i = 0; i < 36; i++) {
    t[DIGITS.charCodeAt(i)] = i;
    t[DIGITS.toUpperCase().charCodeAt(i)] = i;
  }
  return t;
})();
export const SCRU128_MAX = 'f5lxx1zz5pnorynqglhzmsp33';
/** The specification's first version (2021). */
const SCRU128_PLAUSIBLE_FROM = Date.UTC(2021, 0, 1);
const LABEL = /scru128["'`]?\s*[:=]?\s*["'`(]?$/i;
/** 36^6: six digits at a time keep 16-bit limbs times the chunk below 2^53. */
const CHUNK = 36 ** 6;

/**
 * 25 base36 digits -> 16 bytes, or undefined for a bad digit or a value above 2^128 - 1. The
 * value is kept in eight 16-bit limbs (most significant first) and multiplied by 36^6 per chunk
 * of six digits (one chunk of one digit first: 25 = 1 + 4 * 6).
 */
function parse(text: string): Uint8Array | undefined {
  const limbs = [0, 0, 0, 0, 0, 0, 0, 0];
  for (let at = 0; at < 25;) {
    const n = at === 0 ? 1 : 6;
    let chunk = 0;
    for (let i = at; i < at + n; i++) {
      const c = text.charCodeAt(i);
      const v = c < 128 ? VALUES[c]! : 255;
      if (v === 255) return undefined;
      chunk = chunk * 36 + v;
    }
    const mul = n === 1 ? 1 : CHUNK;
    let carry = chunk;
    for (let k = 7; k >= 0; k--) {
      const x = limbs[k]! * mul + carry;
      limbs[k] = x % 65536;
      carry = Math.floor(x / 65536);
    }
    if (carry !== 0) return undefined;
    at += n;
  }
  const b = new Uint8Array(16);
  for (let k = 0; k < 8; k++) {
    b[2 * k] = limbs[k]! >>> 8;
    b[2 * k + 1] = limbs[k]! & 255;
  }
  return b;
}

function read(text: string): Id {
  const b = text.length === 25 ? parse(text) : undefined;
  if (!b) return failed(scru128, text, whyNot(text));
  const id = new Id(scru128, text, true, {
    counterHi: (b[6]! << 16) | (b[7]! << 8) | b[8]!,
    counterLo: (b[9]! << 16) | (b[10]! << 8) | b[11]!,
    entropy: HEX_PAIRS[b[12]!]! + HEX_PAIRS[b[13]!]! + HEX_PAIRS[b[14]!]! + HEX_PAIRS[b[15]!]!,
  }, b);
  id.unixMs = ((b[0]! << 8) | b[1]!) * 2 ** 32 + (((b[2]! << 24) | (b[3]! << 16) | (b[4]! << 8) | b[5]!) >>> 0);
  return id;
}

function whyNot(text: string): IdError {
  if (text.length === 0) return new IdError('EMPTY', 'Expected a SCRU128 ID (25 base36 digits), got an empty string.');
  if (text.length !== 25) return new IdError('INVALID_LENGTH', `A SCRU128 ID has 25 characters; got ${text.length}.`);
  for (let i = 0; i < 25; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || VALUES[c] === 255) return new IdError('INVALID_CHARACTER', `A SCRU128 ID uses base36 (0-9, a-z); character ${i + 1} is '${text[i]}'.`);
  }
  return new IdError('OVERFLOW', `A SCRU128 ID is 128 bits, so it is at most ${SCRU128_MAX}.`);
}

export function decodeScru128(text: string): DecodedId {
  requireText(text, 'a SCRU128 ID');
  return orThrow(read(text));
}

/** 16 bytes -> the 25-digit lower-case SCRU128 text. */
export function encodeScru128(b: Uint8Array): string {
  if (b.length !== 16) throw new IdError('INVALID_LENGTH', `A SCRU128 ID is 16 bytes; got ${b.length}.`);
  const limbs = new Array<number>(8);
  for (let k = 0; k < 8; k++) limbs[k] = (b[2 * k]! << 8) | b[2 * k + 1]!;
  const codes = new Array<number>(25);
  // Four divisions by 36^6 give the low 24 digits; what remains (< 36) is the first.
  for (let end = 25; end > 1; end -= 6) {
    let rem = 0;
    for (let k = 0; k < 8; k++) {
      const x = rem * 65536 + limbs[k]!;
      limbs[k] = Math.floor(x / CHUNK);
      rem = x % CHUNK;
    }
    for (let i = end - 1; i >= end - 6; i--) {
      codes[i] = DIGIT_CODES[rem % 36]!;
      rem = Math.floor(rem / 36);
    }
  }
  codes[0] = DIGIT_CODES[limbs[7]!]!;
  return String.fromCharCode.apply(null, codes);
}

function labelled(start: number, end: number, ctx: ScanContext): ScanHit | undefined {
  return ctx.labelled(start, LABEL) ? { start, end, decoded: read(ctx.text.slice(start, end)) } : undefined;
}

/**
 * One case, a digit and a letter, time from 2021 to now + 10 years (so it starts 03 or 04), not
 * inside base64. Broken ones only after a label naming it.
 */
function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const { or, and, start, end } = run;
  const text = ctx.text;
  if (!(or & CHAR.DIGIT) || !(or & (CHAR.UPPER | CHAR.LOWER))) return undefined;
  if ((or & CHAR.UPPER) && (or & CHAR.LOWER)) return undefined;
  // Hex with a char or two past f is a hash or hex value plus a suffix; the 80 random bits of a
  // real one spell about eleven letters past f (fewer than 3 in 1 of 30,000).
  if (and & CHAR.HEX) return undefined;
  let pastF = 0;
  for (let i = start; i < end; i++) if ((text.charCodeAt(i) | 32) > 102) pastF++;
  if (pastF < 3) return undefined;
  // Every time before the year 2558 (36^24 / 2^80 ms) gives a first digit 0.
  if (text.charCodeAt(start) !== 48) return undefined;
  const d = read(text.slice(start, end));
  if (!d.valid) return labelled(start, end, ctx);
  if (!ctx.plausibleMs(d.unixMs!, SCRU128_PLAUSIBLE_FROM)) return undefined;
  if (ctx.inBase64(start, end)) return undefined;
  return { start, end, decoded: d };
}

const BASE36_25 = /^[0-9a-z]{25}$/i;
const LETTER = /[a-z]/i;

export const scru128: FormatModule = {
  id: 'scru128',
  label: 'SCRU128',
  shapes: [{
    length: 25,
    alphabet: 'base36',
    case: 'either',
    description: 'SCRU128 IDs (25 base36 chars)',
    // A letter keeps 25 digits a (too long) number, as before.
    test: (t) => BASE36_25.test(t) && LETTER.test(t),
  }],
  scan: [{ runLengths: [25], find }],
  bits: 128,
  decode: (text, opts) => judged(read(text), SCRU128_PLAUSIBLE_FROM, opts?.now),
  encode: (bytes) => encodeScru128(bytes),
  representations: [],
  hoverTargets: ['uuid', 'hex'],
  generators: [],
  time: { minMs: 0, maxMs: 2 ** 48 - 1, resolutionMs: 1, plausibleFromMs: SCRU128_PLAUSIBLE_FROM },
};
