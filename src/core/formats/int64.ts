import { bigIntToBytes, bytesToBigInt, bytesToHex } from '../bytes';
import { IdError, type FieldValue } from '../types';
import { Id, failed } from './decoded';
import type { FormatModule } from './types';

// What the 64-bit formats with one fixed layout share (Flake ID, Simpleflake, SCRU64 as a
// number): the value read from decimal (or, when named, 16 hex digits as a byte buffer prints),
// kept as 8 bytes, with its time and fields cut from it by bit widths, most significant first.

export const MAX_U64 = (1n << 64n) - 1n;
const DECIMAL = /^\d{1,20}$/;
const HEX16 = /^(?:0x)?[0-9a-f]{16}$/i;

/** One field under the time: its name and width; `time` marks the time count itself. */
export interface Field {
  name: string;
  bits: number;
}

export interface Layout64 {
  /** Unix ms of count 0, and ms per count. */
  epochMs: number;
  unitMs: number;
  timeBits: number;
  /** The fields under the time, most significant first; their widths add up to 64 - timeBits. */
  fields: readonly Field[];
}

/**
 * The value of decimal or hex text, or why it is none (`what`: `A Flake ID`). Digits alone are
 * decimal, even 16 of them: hex needs a letter or `0x` (a buffer's hex is all digits 1 time in 1,800).
 */
export function parseU64(text: string, what: string): bigint | IdError {
  if (text.length === 0) return new IdError('EMPTY', `${what} is a 64-bit number; got an empty string.`);
  if (HEX16.test(text) && !/^\d+$/.test(text)) return BigInt('0x' + text.replace(/^0x/i, ''));
  if (!/^\d+$/.test(text)) return new IdError('INVALID_CHARACTER', `${what} is written in decimal (or as 16 hex digits); got other characters.`);
  if (!DECIMAL.test(text)) return new IdError('INVALID_LENGTH', `${what} has at most 20 decimal digits; got ${text.length}.`);
  const v = BigInt(text);
  return v > MAX_U64 ? new IdError('OVERFLOW', `${text} is larger than 2^64-1, the largest 64-bit value.`) : v;
}

/** The time count (top `timeBits` bits) in Unix ms. */
export function timeOf(v: bigint, l: Layout64): number {
  return l.epochMs + Number(v >> BigInt(64 - l.timeBits)) * l.unitMs;
}

/** Each field's value, by name. */
export function fieldsOf(v: bigint, l: Layout64): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  let shift = 64 - l.timeBits;
  for (const f of l.fields) {
    shift -= f.bits;
    out[f.name] = Number((v >> BigInt(shift)) & ((1n << BigInt(f.bits)) - 1n));
  }
  return out;
}

/** The decoded ID of `text` under `l` (or the failure), keeping the 8 bytes. */
export function readInt64(format: FormatModule, text: string, what: string, l: Layout64): Id {
  const v = parseU64(text, what);
  if (v instanceof IdError) return failed(format, text, v);
  const topBits = 64 - l.timeBits - l.fields.reduce((s, f) => s + f.bits, 0);
  if (topBits > 0 && v >> BigInt(64 - topBits) !== 0n) {
    return failed(format, text, new IdError('OVERFLOW', `${what} leaves its top ${topBits === 1 ? 'bit' : `${topBits} bits`} zero; ${text} sets them.`));
  }
  const id = new Id(format, text, true, fieldsOf(v, l), bigIntToBytes(v, 8));
  id.unixMs = timeOf(v, l);
  return id;
}

/** The value's decimal text (8 bytes). */
export function decimalOf(bytes: Uint8Array): string {
  if (bytes.length !== 8) throw new IdError('INVALID_LENGTH', `A 64-bit ID is 8 bytes; got ${bytes.length}.`);
  return bytesToBigInt(bytes).toString();
}

/** `hex` of a 64-bit ID: the 16 digits a byte buffer prints. */
export const HEX_OF_8 = (bytes: Uint8Array | undefined): string | undefined => (bytes?.length === 8 ? bytesToHex(bytes) : undefined);
