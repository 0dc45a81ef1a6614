import { base64ToBytes, base64UrlToBytes, bigIntToBytes, hexToBytes } from '../bytes';
import { IdError } from '../types';

// Reading back the numeric forms every value has (`hex`, `int`, `base64`, `base64url`) at a
// given width: `convert --from hex --to tsid` reads 16 hex digits as 64 bits, `--from int --to
// uuid` a decimal as 128. The width comes from the target being written.

/** `bits / 4` hex digits, or `0x` and up to that many (a snowflake's hex form drops leading zeros). */
export function readHexOf(text: string, bits: number): Uint8Array {
  const digits = bits / 4;
  const prefixed = /^0x/i.test(text);
  const hex = prefixed ? text.slice(2) : text;
  if (!/^[0-9a-f]+$/i.test(hex)) throw new IdError('INVALID_CHARACTER', `Expected hex digits (0-9, a-f); got ${text.length > 40 ? text.slice(0, 37) + '…' : text}.`);
  if (hex.length === digits || (prefixed && hex.length < digits)) return hexToBytes(hex.padStart(digits, '0'));
  throw new IdError('INVALID_LENGTH', `A ${bits}-bit value in hex is ${digits} hex digits${bits === 64 ? ' (or 0x and up to 16)' : ''}; got ${hex.length}.`);
}

/** A decimal integer from 0 to 2^bits - 1. */
export function readIntOf(text: string, bits: number): Uint8Array {
  if (!/^\d+$/.test(text)) throw new IdError('INVALID_CHARACTER', 'Expected a decimal integer (digits 0-9 only).');
  const v = BigInt(text);
  if (v >= 1n << BigInt(bits)) throw new IdError('OVERFLOW', `${text.length > 45 ? text.slice(0, 42) + '…' : text} is above 2^${bits}-1, the largest ${bits}-bit value.`);
  return bigIntToBytes(v, bits / 8);
}

/** `bits / 8` bytes of base64 (or base64url). */
export function readBase64Of(text: string, bits: number, url: boolean): Uint8Array {
  const b = url ? base64UrlToBytes(text) : base64ToBytes(text);
  if (b.length !== bits / 8) throw new IdError('INVALID_LENGTH', `A ${bits}-bit value is ${bits / 8} bytes; this ${url ? 'base64url' : 'base64'} text holds ${b.length}.`);
  return b;
}
