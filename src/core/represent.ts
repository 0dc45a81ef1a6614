import { requireBytes, requireText, shown } from './args';
import {
  base64ToBytes, base64UrlToBytes, bigIntToBytes, bytesToBase64, bytesToBase64Url, bytesToBigInt, bytesToHex, readHex,
} from './bytes';
import { IdError } from './types';
import { parseTypeId, encodeTypeId } from './formats/typeid';
import { encodeUlid, isUlid, parseUlid } from './formats/ulid';
import { formatUuid, parseUuid } from './formats/uuid/codec';
import { formatXray, parseXray } from './formats/xray';
import { parseTraceparent } from './formats/traceparent';
import { dotnetOrder } from './formats/dotnet';

/** The ways a 128-bit ID can be written. */
export type Form128 = 'ulid' | 'uuid' | 'hex' | 'int' | 'base64' | 'base64url' | 'typeid' | 'xray' | 'traceparent' | 'dotnet';

/** Every source form `convert --from` names. */
export const FORMS_128: readonly Form128[] = ['ulid', 'uuid', 'hex', 'int', 'base64', 'base64url', 'typeid', 'xray', 'traceparent', 'dotnet'];

export interface Parsed128 {
  bytes: Uint8Array;
  from: Form128;
  prefix?: string;
}

const MAX_128 = (1n << 128n) - 1n;

function isDigits(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return text.length > 0;
}

/**
 * Any 128-bit ID the user pointed at, told apart by shape:
 * 36/38/45 chars with a non-digit -> UUID; 32 hex -> hex; 26 Crockford chars -> ULID (a
 * prefix-less TypeID is the same text); `prefix_` + 26 -> TypeID; other runs of 1-39 digits ->
 * decimal integer (so 22 digits is an integer, not base64url) except 27 characters, which are a
 * KSUID (no 128-bit form) as in `inspect`; 24 chars ending `==` or 22
 * chars -> base64 (base64url when it uses - or _ or is unpadded without + and /).
 * Known ambiguity, resolved by shape: a decimal of exactly 26 or 32 digits reads as a ULID or
 * hex. Such an integer is below 10^32 (its top 22 bits are zero), which no real ULID, UUIDv4
 * or v7 of this era is.
 */
export function parse128(text: string, from?: Form128): Parsed128 {
  requireText(text, 'a 128-bit ID');
  const t = text.trim();
  const n = t.length;
  if (n === 0) throw new IdError('EMPTY', 'Expected a 128-bit ID (ULID, UUID, hex, integer, base64 or TypeID), got nothing.');
  if (from !== undefined) return parseAs(t, from);
  if ((n === 36 || n === 38 || n === 45) && !isDigits(t)) return { bytes: parseUuid(t), from: 'uuid' };
  if (n === 32) {
    const bytes = new Uint8Array(16);
    if (readHex(t, 0, bytes) < 0) return { bytes, from: 'hex' };
  }
  if (n === 26 && isUlid(t)) return { bytes: parseUlid(t), from: 'ulid' };
  if (n === 35 && t.startsWith('1-')) return { bytes: parseXray(t), from: 'xray' };
  if (n === 55 && t.charCodeAt(2) === 45) return { bytes: parseTraceparent(t).traceId, from: 'traceparent' };
  if (n > 27 && t.charCodeAt(n - 27) === 95) {
    const { prefix, bytes } = parseTypeId(t);
    return { bytes, from: 'typeid', prefix };
  }
  if (n === 27 && /^[0-9A-Za-z]+$/.test(t)) {
    throw new IdError('UNSUPPORTED_CONVERSION', 'This reads as a KSUID (27 base62 characters, 160 bits), which has no 128-bit form. If it is a decimal integer, name its form (from: int).');
  }
  if (isDigits(t)) return parseAs(t, 'int');
  if ((n === 24 && t.endsWith('==')) || n === 22) {
    const url = /[-_]/.test(t) || (n === 22 && !/[+/]/.test(t));
    return url ? { bytes: base64UrlToBytes(t), from: 'base64url' } : { bytes: base64ToBytes(t), from: 'base64' };
  }
  if (n === 26) return { bytes: parseUlid(t), from: 'ulid' }; // throws the ULID's own clear error
  throw new IdError('UNKNOWN_FORMAT', `'${t.length > 48 ? t.slice(0, 45) + '…' : t}' is not a 128-bit ID: expected a ULID, a UUID, 32 hex digits, a decimal integer, 16 bytes of base64 or a TypeID.`);
}

/**
 * Reads `t` as the one form the caller names: the way out of the shape ambiguity above (a
 * 26-digit decimal read as an integer, 32 digits as an integer rather than hex).
 */
function parseAs(t: string, from: Form128): Parsed128 {
  switch (from) {
    case 'uuid': return { bytes: parseUuid(t), from };
    case 'ulid': return { bytes: parseUlid(t), from };
    case 'hex': {
      const bytes = new Uint8Array(16);
      if (t.length !== 32 || readHex(t, 0, bytes) >= 0) throw new IdError('INVALID_CHARACTER', 'Expected 32 hex digits.');
      return { bytes, from };
    }
    case 'int': {
      if (!isDigits(t)) throw new IdError('INVALID_CHARACTER', 'Expected a decimal integer (digits 0-9 only).');
      if (t.length > 39) throw new IdError('OVERFLOW', `A 128-bit integer has at most 39 digits; got ${t.length}.`);
      const v = BigInt(t);
      if (v > MAX_128) throw new IdError('OVERFLOW', `${t} is above 2^128-1 (340282366920938463463374607431768211455), the largest 128-bit ID.`);
      return { bytes: bigIntToBytes(v, 16), from };
    }
    case 'base64': return { bytes: base64ToBytes(t), from };
    case 'base64url': return { bytes: base64UrlToBytes(t), from };
    case 'typeid': {
      const { prefix, bytes } = parseTypeId(t);
      return { bytes, from, prefix };
    }
    case 'xray': return { bytes: parseXray(t), from };
    case 'traceparent': return { bytes: parseTraceparent(t).traceId, from };
    case 'dotnet': {
      // Guid.ToByteArray() as 32 hex digits or 16 bytes of base64, reordered to UUID order.
      let bytes: Uint8Array;
      if (t.length === 32) bytes = parseAs(t, 'hex').bytes;
      else if (t.length === 24 && t.endsWith('==')) bytes = base64ToBytes(t);
      else throw new IdError('INVALID_LENGTH', `.NET GUID bytes are 32 hex digits or 24 base64 characters; got ${t.length} characters.`);
      return { bytes: dotnetOrder(bytes), from };
    }
  }
  throw new IdError('INVALID_ARGUMENT', `Unknown source form ${shown(from)}; use ${FORMS_128.join(', ')}.`);
}

/** Writes 16 bytes in one form; `prefix` is the TypeID's (empty for none). */
export function to128(bytes: Uint8Array, target: Form128, prefix = ''): string {
  requireBytes(bytes, 'a 128-bit ID');
  requireText(target, 'the target form');
  requireText(prefix, 'the TypeID prefix');
  if (bytes.length !== 16) throw new IdError('INVALID_LENGTH', `Expected 16 bytes, got ${bytes.length}.`);
  switch (target) {
    case 'ulid': return encodeUlid(bytes);
    case 'uuid': return formatUuid(bytes);
    case 'hex': return bytesToHex(bytes);
    case 'int': return bytesToBigInt(bytes).toString();
    case 'base64': return bytesToBase64(bytes);
    case 'base64url': return bytesToBase64Url(bytes);
    case 'typeid': return encodeTypeId(prefix, bytes);
    case 'xray': return formatXray(bytes);
    case 'dotnet': return bytesToHex(dotnetOrder(bytes));
    case 'traceparent': throw new IdError('UNSUPPORTED_CONVERSION', 'A traceparent also needs a parent id and flags; a trace id alone cannot be written as one.');
  }
}
