import { requireText } from '../args';
import { bigIntToBytes, bytesToBigInt } from '../bytes';
import { IdError } from '../types';
import { parseUuid } from './uuid/codec';
import { fill, pad, put48 } from './boundsText';
import { Id, failed, judged, orThrow } from './decoded';
import { badDigit, digitValues, fromDigits, toDigits } from './radix';
import { CHAR, type BoundsCodec, type DecodedId, type FormatModule, type Run, type ScanContext, type ScanHit } from './types';
import { entropy } from '../entropy';
const TIMEFLAKE_ENTROPY = entropy(80, 'ms');

// Timeflake (anthonynsimon/timeflake): 128 bits, 48-bit Unix milliseconds then 80 random bits,
// written as 22 base62 digits (0-9 A-Z a-z, an order that sorts like the value, left-padded with
// 0), 32 hex digits, or a UUID. The base62 text of any time before the year 3100 starts with 0,
// and from 2020 to 2036 with 02 or 03. The hex and UUID spellings are any 128 bits, so they are
// read as a Timeflake only when named.

export const TIMEFLAKE_BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const VALUES = digitValues(TIMEFLAKE_BASE62);
const MAX_128 = (1n << 128n) - 1n;
/** The largest value in base62: `7n42DGM5Tflk9n8mt7Fhc7`. */
export const TIMEFLAKE_MAX = toDigits(MAX_128, TIMEFLAKE_BASE62, 22);
/** The project's first release (2020). */
const PLAUSIBLE_FROM = Date.UTC(2020, 0, 1);

function fromBytes(text: string, bytes: Uint8Array, spelling: 'base62' | 'hex' | 'uuid'): Id {
  const id = new Id(timeflake, text, true, undefined, bytes);
  id.unixMs = ((bytes[0]! * 256 + bytes[1]!) * 65536 + ((bytes[2]! << 8) | bytes[3]!)) * 65536 + ((bytes[4]! << 8) | bytes[5]!);
  id.fields = { random: bytesToBigInt(bytes.subarray(6)).toString(), spelling };
  return id;
}

function whyNot(text: string): IdError {
  if (text.length === 0) return new IdError('EMPTY', 'Expected a Timeflake (22 base62 chars), got an empty string.');
  if (text.length !== 22) return new IdError('INVALID_LENGTH', `A Timeflake has 22 base62 characters (or 32 hex digits, or a UUID); got ${text.length}.`);
  const bad = badDigit(text, VALUES);
  if (bad >= 0) return new IdError('INVALID_CHARACTER', `A Timeflake uses base62 (0-9, A-Z, a-z); character ${bad + 1} is '${text[bad]}'.`);
  return new IdError('OVERFLOW', `A Timeflake holds 128 bits, so it is at most ${TIMEFLAKE_MAX}.`);
}

function read(text: string): Id {
  if (text.length === 22) {
    if (badDigit(text, VALUES) >= 0) return failed(timeflake, text, whyNot(text));
    const n = fromDigits(text, VALUES, 62);
    if (n > MAX_128) return failed(timeflake, text, whyNot(text));
    return fromBytes(text, bigIntToBytes(n, 16), 'base62');
  }
  if (text.length === 32 || text.length === 36) {
    try {
      return fromBytes(text, parseUuid(text), text.length === 32 ? 'hex' : 'uuid');
    } catch (e) {
      return failed(timeflake, text, e);
    }
  }
  return failed(timeflake, text, whyNot(text));
}

/** Fields `random` (the 80 low bits, decimal, as the Python library prints it) and `spelling`. */
export function decodeTimeflake(text: string): DecodedId {
  requireText(text, 'a Timeflake');
  return orThrow(read(text));
}

/** 16 bytes -> 22 base62 chars. */
export function encodeTimeflake(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new IdError('INVALID_LENGTH', `A Timeflake is 16 bytes; got ${bytes.length}.`);
  return toDigits(bytesToBigInt(bytes), TIMEFLAKE_BASE62, 22);
}

/**
 * 22 base62 chars starting 0, with an upper- and a lower-case letter, a time from 2020 to now +
 * 10 years (1 random 22-char word in about 4,000 passes that), not inside base64.
 */
function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const { or, start, end } = run;
  if (ctx.text.charCodeAt(start) !== 48 || !(or & CHAR.UPPER) || !(or & CHAR.LOWER) || (or & CHAR.UNDERSCORE)) return undefined;
  const d = read(ctx.text.slice(start, end));
  if (!d.valid || !ctx.plausibleMs(d.unixMs!, PLAUSIBLE_FROM) || ctx.inBase64(start, end)) return undefined;
  return { start, end, decoded: d };
}

const BOUNDS: BoundsCodec = {
  unitMs: 1,
  text: (ms, high) => {
    if (!Number.isInteger(ms) || ms < 0 || ms > 2 ** 48 - 1) {
      throw new IdError('TIME_OUT_OF_RANGE', `A Timeflake holds times from 1970-01-01T00:00:00.000Z to +010889-08-02T05:31:50.655Z; got ${ms}.`);
    }
    const b = fill(new Uint8Array(16), 6, high);
    put48(b, ms);
    return encodeTimeflake(b);
  },
  span: (p, n) => {
    const [a, b] = pad(p, n, '0', 'z');
    return [a, b > TIMEFLAKE_MAX ? TIMEFLAKE_MAX : b];
  },
  timeOf: (t) => decodeTimeflake(t).unixMs!,
};

const BASE62_22 = /^0[0-9A-Za-z]{21}$/;
const HEX32 = /^[0-9a-f]{32}$/i;
const UUID36 = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const timeflake: FormatModule = {
  entropy: () => TIMEFLAKE_ENTROPY,
  id: 'timeflake',
  label: 'Timeflake',
  shapes: [
    // Base62 words starting with 0 are rare but not unheard of: only a plausible time is a guess.
    { length: 22, case: 'significant', description: 'Timeflakes (22 base62 chars)', test: (t, o) => BASE62_22.test(t) && judged(read(t), PLAUSIBLE_FROM, o?.now).plausible === true },
    { length: 22, case: 'significant', asked: true, description: 'Timeflakes (22 base62 chars)', test: (t) => BASE62_22.test(t) },
    { length: [32, 36], case: 'either', asked: true, description: 'Timeflakes as hex or a UUID', test: (t) => HEX32.test(t) || UUID36.test(t) },
  ],
  scan: [{ runLengths: [22], find }],
  bits: 128,
  decode: (text, opts) => judged(read(text), PLAUSIBLE_FROM, opts?.now),
  encode: (bytes) => encodeTimeflake(bytes),
  listedFor: ['timeflake'],
  hoverTargets: ['uuid', 'hex'],
  representations: [],
  generators: [],
  bounds: [{ kind: 'timeflake', label: 'Timeflake', detail: '1 ms resolution; base62 text sorts by time', codec: () => BOUNDS }],
  time: { minMs: 0, maxMs: 2 ** 48 - 1, resolutionMs: 1, plausibleFromMs: PLAUSIBLE_FROM },
  notApplicable: {
    generate: 'The reference library is Python only; Idsmith reads Timeflakes but does not make them.',
  },
  check: { labels: [['timeflake']], timeOrdered: true },
};

