import { optionsOf, requireNumber, requireText } from './args';
import { boundsFormat, boundsKinds, boundsSpec, caseFree } from './formats/registry';
import type { BoundsCodec, BoundsSpec } from './formats/types';
import { parseSnowflakeEpoch } from './formats/snowflake/layouts';
import { formatIso } from './time';
import { IdError } from './types';

// The smallest and largest ID of a time-ordered kind for a time window: the operands of
// `WHERE id BETWEEN min AND max`, and their common text prefix for prefix listings (S3
// ListObjectsV2 Prefix=…). A prefix always selects a wider window than asked, so the window
// it really covers is reported next to it.

/** A kind some format declares in its `bounds` (`ulid`, `uuidv7`, `ksuid`, `objectid`, `snowflake`, `typeid`, …). */
export type BoundsKind = string;

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
  /** Snowflake epoch in any form `parseSnowflakeEpoch` reads; auto is refused (bounds need one). */
  epoch?: unknown;
  prefix?: string;
  /** Letter case of min, max and prefix for kinds whose text may be spelled either way (their
   *  format's `Shape.case` is `either`: ULID, UUID v7, ObjectId, TSID, SCRU128), to match IDs
   *  stored in that case: text columns with a case-sensitive collation (PostgreSQL "C", MariaDB
   *  *_bin) and S3 keys compare bytes. Default: the canonical case (upper for ULID and TSID,
   *  lower for UUID, ObjectId and SCRU128). */
  letterCase?: 'upper' | 'lower';
}

function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return a.slice(0, i);
}

/** The kind's codec from the registry (each format declares the kinds it can bound). */
function codecFor(kind: BoundsKind, opts: BoundsOptions): { spec: BoundsSpec; codec: BoundsCodec } {
  const spec = boundsSpec(kind);
  if (!spec) {
    throw new IdError('INVALID_ARGUMENT',
      `Bounds exist only for time-ordered kinds (${boundsKinds().map((k) => k.kind).join(', ')}); got ${String(kind)}.`);
  }
  const snowflake = spec.needs === 'epoch' ? parseSnowflakeEpoch(opts.epoch) : undefined;
  return { spec, codec: spec.codec(snowflake === undefined ? { prefix: opts.prefix ?? '' } : { snowflake, prefix: opts.prefix ?? '' }) };
}

function letterCase(kind: BoundsKind, c: BoundsOptions['letterCase']): (text: string) => string {
  if (c === undefined) return (t) => t;
  if (c !== 'upper' && c !== 'lower') {
    throw new IdError('INVALID_ARGUMENT', `The letter case must be upper or lower; got ${String(c)}.`);
  }
  const f = boundsFormat(kind);
  if (!f || !caseFree(f)) {
    const free = boundsKinds().filter((b) => { const g = boundsFormat(b.kind); return g !== undefined && caseFree(g); }).map((b) => b.label);
    throw new IdError('INVALID_ARGUMENT',
      `Only ${free.slice(0, -1).join(', ')} and ${free[free.length - 1]} bounds can be spelled in either case; ${kind} text has one spelling.`);
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
  const { spec, codec } = codecFor(kind, opts);
  const min = codec.text(from, false);
  const max = codec.text(to, true);
  const unit = codec.unitMs;
  const window = { from: formatIso(codec.timeOf(min)), to: formatIso(codec.timeOf(max) + unit - 1) };

  let prefix = commonPrefix(min, max);
  const notes: string[] = [];
  if (unit === 1000) {
    notes.push(`${spec.label}s hold whole seconds: the window runs from the start of the second of 'from' to the end of the second of 'to'.`);
  } else if (unit > 1 && (window.from !== formatIso(from) || window.to !== formatIso(to))) {
    notes.push(`These snowflakes count ${unit} ms units: the window is widened to whole units.`);
  }
  if (spec.note) notes.push(spec.note);
  if (spec.needs === 'epoch') {
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
