import { optionsOf, requireNumber, requireText } from './args';
import { parseKsuid, encodeKsuid, ksuidSecondsFor, KSUID_EPOCH_S, KSUID_MAX } from './ksuid';
import { encodeObjectId, objectIdSecondsFor } from './objectid';
import { decodeCrockford } from './crockford';
import { encodeTypeId, validateTypeIdPrefix } from './typeid';
import { checkUlidTime, encodeUlid, parseUlid, ulidTime } from './ulid';
import { formatUuid } from './uuid';
import { resolveEpoch, type SnowflakeLayout } from './snowflake';
import { formatIso } from './time';
import { IdError } from './types';

// The smallest and largest ID of a time-ordered kind for a time window: the operands of
// `WHERE id BETWEEN min AND max`, and their common text prefix for prefix listings (S3
// ListObjectsV2 Prefix=…). A prefix always selects a wider window than asked, so the window
// it really covers is reported next to it.

export type BoundsKind = 'ulid' | 'uuidv7' | 'ksuid' | 'objectid' | 'snowflake' | 'typeid';

export interface Bounds {
  min: string;
  max: string;
  /** Longest common text prefix of min and max. */
  prefix: string;
  /** The time window every ID starting with `prefix` falls in (ISO 8601 UTC, inclusive). */
  prefixCovers: { from: string; to: string };
  /** The window min..max really spans, after rounding to the format's resolution. */
  window: { from: string; to: string };
  /** Set when the window was widened (second resolution) or the prefix has a caveat. */
  note?: string;
}

export interface BoundsOptions {
  epoch?: string | number;
  prefix?: string;
  /** Letter case of min, max and prefix for kinds whose text may be spelled either way (ulid,
   *  uuidv7, objectid), to match IDs stored in that case: text columns with a case-sensitive
   *  collation (PostgreSQL "C", MariaDB *_bin) and S3 keys compare bytes. Default: the canonical
   *  case (upper for ULID, lower for UUID and ObjectId). */
  letterCase?: 'upper' | 'lower';
}

const CASE_FREE: ReadonlySet<BoundsKind> = new Set(['ulid', 'uuidv7', 'objectid']);

/** How one kind writes a time as text, and reads the time back from any text of that form. */
interface Codec {
  /** Resolution in ms: 1, 10 (Sonyflake) or 1000 (KSUID, ObjectId). */
  unitMs: number;
  /** Throws TIME_OUT_OF_RANGE for a time the format cannot hold. */
  text(ms: number, high: boolean): string;
  /** Lowest and highest valid text starting with `prefix`, same length as min/max. */
  span(prefix: string, length: number): [string, string];
  /** Creation time (start of its unit) of a valid text. */
  timeOf(text: string): number;
}

function fill(bytes: Uint8Array, from: number, high: boolean): Uint8Array {
  bytes.fill(high ? 0xff : 0, from);
  return bytes;
}

function put48(bytes: Uint8Array, ms: number): void {
  for (let i = 5, v = ms; i >= 0; i--, v = Math.floor(v / 256)) bytes[i] = v % 256;
}

function put32(bytes: Uint8Array, n: number): void {
  bytes[0] = n >>> 24;
  bytes[1] = (n >>> 16) & 0xff;
  bytes[2] = (n >>> 8) & 0xff;
  bytes[3] = n & 0xff;
}

function v7Bytes(ms: number, high: boolean): Uint8Array {
  checkUlidTime(ms);
  const b = fill(new Uint8Array(16), 6, high);
  put48(b, ms);
  b[6] = 0x70 | (b[6]! & 0x0f);
  b[8] = 0x80 | (b[8]! & 0x3f);
  return b;
}

/** Pads `prefix` to `length` with `lo`/`hi`, keeping fixed characters (UUID dashes) in place. */
function pad(prefix: string, length: number, lo: string, hi: string, fixed: Record<number, string> = {}): [string, string] {
  let a = prefix, b = prefix;
  for (let i = prefix.length; i < length; i++) {
    a += fixed[i] ?? lo;
    b += fixed[i] ?? hi;
  }
  return [a, b];
}

/** Crockford text can start at most with 7 (128 bits in 26 chars). */
function clampCrockford(text: string, at: number, top: string): string {
  return text.length > at && text[at]! > top ? text.slice(0, at) + top + text.slice(at + 1) : text;
}

const ULID: Codec = {
  unitMs: 1,
  text: (ms, high) => {
    checkUlidTime(ms);
    const b = fill(new Uint8Array(16), 6, high);
    put48(b, ms);
    return encodeUlid(b);
  },
  span: (p, n) => {
    const [a, b] = pad(p, n, '0', 'Z');
    return [a, clampCrockford(b, 0, '7')];
  },
  timeOf: (t) => ulidTime(parseUlid(t)),
};

const DASHES = { 8: '-', 13: '-', 18: '-', 23: '-' };
const UUIDV7: Codec = {
  unitMs: 1,
  text: (ms, high) => formatUuid(v7Bytes(ms, high)),
  span: (p, n) => pad(p, n, '0', 'f', DASHES),
  timeOf: (t) => parseInt(t.slice(0, 8) + t.slice(9, 13), 16),
};

function typeidCodec(prefix: string): Codec {
  const head = prefix ? `${prefix}_` : '';
  return {
    unitMs: 1,
    text: (ms, high) => encodeTypeId(prefix, v7Bytes(ms, high)),
    span: (p, n) => {
      // A prefix shorter than the type prefix covers every suffix.
      const [a, b] = pad(p.length < head.length ? head : p, n, '0', 'z');
      return [a, clampCrockford(b, head.length, '7')];
    },
    timeOf: (t) => ulidTime(decodeCrockford(t.slice(head.length))),
  };
}

const KSUID: Codec = {
  unitMs: 1000,
  text: (ms, high) => {
    const b = fill(new Uint8Array(20), 4, high);
    put32(b, ksuidSecondsFor(ms));
    return encodeKsuid(b);
  },
  span: (p, n) => {
    const [a, b] = pad(p, n, '0', 'z');
    // Equal-length base62 texts compare like their values.
    return [a, b > KSUID_MAX ? KSUID_MAX : b];
  },
  timeOf: (t) => {
    const b = parseKsuid(t);
    return ((((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0) + KSUID_EPOCH_S) * 1000;
  },
};

const OBJECTID: Codec = {
  unitMs: 1000,
  text: (ms, high) => {
    const b = fill(new Uint8Array(12), 4, high);
    put32(b, objectIdSecondsFor(ms));
    return encodeObjectId(b);
  },
  span: (p, n) => pad(p, n, '0', 'f'),
  timeOf: (t) => parseInt(t.slice(0, 8), 16) * 1000,
};

function snowflakeCodec(l: SnowflakeLayout): Codec {
  const shift = BigInt(l.fields.reduce((s, f) => s + f.bits, 0));
  const maxUnit = 2 ** l.timeBits - 1;
  return {
    unitMs: l.unitMs,
    text: (ms, high) => {
      const unit = Math.floor((ms - l.epochMs) / l.unitMs);
      if (!Number.isFinite(unit) || unit < 0 || unit > maxUnit) {
        throw new IdError('TIME_OUT_OF_RANGE',
          `${l.name} snowflakes hold times from ${formatIso(l.epochMs)} to ${formatIso(l.epochMs + maxUnit * l.unitMs)}; got ${formatIso(ms)}.`);
      }
      const v = (BigInt(unit) << shift) | (high ? (1n << shift) - 1n : 0n);
      return v.toString();
    },
    span: (p, n) => {
      // An empty prefix matches every number, whatever its length.
      const maxValid = ((BigInt(maxUnit) + 1n) << shift) - 1n;
      if (p === '') return ['0', maxValid.toString()];
      const [a, b] = pad(p, n, '0', '9');
      return [a, BigInt(b) > maxValid ? maxValid.toString() : b];
    },
    timeOf: (t) => l.epochMs + Number(BigInt(t) >> shift) * l.unitMs,
  };
}

function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return a.slice(0, i);
}

function codecFor(kind: BoundsKind, opts: BoundsOptions): Codec {
  switch (kind) {
    case 'ulid': return ULID;
    case 'uuidv7': return UUIDV7;
    case 'ksuid': return KSUID;
    case 'objectid': return OBJECTID;
    case 'typeid':
      validateTypeIdPrefix(opts.prefix ?? '');
      return typeidCodec(opts.prefix ?? '');
    case 'snowflake': {
      const e = opts.epoch;
      if (e === undefined || (typeof e === 'string' && (e.trim() === '' || e.trim().toLowerCase() === 'auto'))) {
        throw new IdError('INVALID_ARGUMENT',
          'Snowflake bounds need an epoch: twitter, discord, instagram, sonyflake, mastodon or a custom epoch in Unix ms.');
      }
      return snowflakeCodec(resolveEpoch(e));
    }
    default:
      throw new IdError('INVALID_ARGUMENT',
        `Bounds exist only for time-ordered kinds (ulid, uuidv7, ksuid, objectid, snowflake, typeid); got ${String(kind)}.`);
  }
}

function letterCase(kind: BoundsKind, c: BoundsOptions['letterCase']): (text: string) => string {
  if (c === undefined) return (t) => t;
  if (c !== 'upper' && c !== 'lower') {
    throw new IdError('INVALID_ARGUMENT', `The letter case must be upper or lower; got ${String(c)}.`);
  }
  if (!CASE_FREE.has(kind)) {
    throw new IdError('INVALID_ARGUMENT',
      `Only ULID, UUIDv7 and ObjectId bounds can be spelled in either case; ${kind} text has one spelling.`);
  }
  return c === 'upper' ? (t) => t.toUpperCase() : (t) => t.toLowerCase();
}

/** Smallest and largest ID for [fromMs, toMs] (inclusive), their common prefix and its window. */
export function bounds(kind: BoundsKind, fromMs: number, toMs: number = fromMs, opts: BoundsOptions = {}): Bounds {
  requireText(kind, 'the kind of ID');
  requireNumber(fromMs, 'the start of the window');
  requireNumber(toMs, 'the end of the window');
  opts = optionsOf(opts, 'the bounds options');
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs)) {
    throw new IdError('INVALID_ARGUMENT', 'Bounds need finite times in Unix milliseconds.');
  }
  const from = Math.floor(fromMs), to = Math.floor(toMs);
  if (to < from) {
    throw new IdError('INVALID_ARGUMENT', `The end of the window (${formatIso(to)}) is before its start (${formatIso(from)}).`);
  }
  const codec = codecFor(kind, opts);
  const min = codec.text(from, false);
  const max = codec.text(to, true);
  const unit = codec.unitMs;
  const window = { from: formatIso(codec.timeOf(min)), to: formatIso(codec.timeOf(max) + unit - 1) };

  let prefix = commonPrefix(min, max);
  const notes: string[] = [];
  if (unit === 1000) {
    notes.push(`${kind === 'ksuid' ? 'KSUIDs' : 'ObjectIds'} hold whole seconds: the window runs from the start of the second of 'from' to the end of the second of 'to'.`);
  } else if (unit > 1 && (window.from !== formatIso(from) || window.to !== formatIso(to))) {
    notes.push(`These snowflakes count ${unit} ms units: the window is widened to whole units.`);
  }
  if (kind === 'ksuid') {
    // Base62 mixes cases: 'a' > 'Z' in byte order only (tested on real servers in test/db).
    notes.push('KSUID text sorts by time only in byte order: compare in a binary collation (PostgreSQL COLLATE "C", MySQL/MariaDB *_bin); linguistic and case-insensitive collations return wrong rows.');
  }
  if (kind === 'snowflake') {
    if (min.length !== max.length) {
      // Decimal texts of different lengths share no prefix that selects only this window.
      prefix = '';
      notes.push('min and max have different numbers of digits, so no decimal prefix selects this window.');
    } else {
      notes.push(`A decimal prefix also matches numbers with more digits; the prefix window assumes ${min.length}-digit IDs.`);
    }
  }
  const [lo, hi] = codec.span(prefix, min.length);
  const prefixCovers = { from: formatIso(codec.timeOf(lo)), to: formatIso(codec.timeOf(hi) + unit - 1) };
  const spell = letterCase(kind, opts.letterCase);
  const out: Bounds = { min: spell(min), max: spell(max), prefix: spell(prefix), prefixCovers, window };
  if (notes.length > 0) out.note = notes.join(' ');
  return out;
}

/**
 * The `BETWEEN` operands Idsmith writes after `WHERE id ` for bounds. Text IDs are quoted
 * string literals, which PostgreSQL also reads as a `uuid` and MariaDB as a `UUID`; snowflakes
 * are bare integers for a `bigint` column. The database tests run this text on real servers.
 */
export function boundsSql(kind: BoundsKind, b: Pick<Bounds, 'min' | 'max'>): string {
  const q = (id: string): string => (kind === 'snowflake' ? id : `'${id}'`);
  return `BETWEEN ${q(b.min)} AND ${q(b.max)}`;
}
