import { bounds, type Bounds, type BoundsKind, type BoundsOptions } from './bounds';
import { boundsSpec } from './formats/registry';
import { compareKeys, DATE_FIELDS, dateFieldValues, keyTemplate, MAX_KEY_BYTES, renderHead, utf8Length, type DateField, type KeyTemplate } from './keysTemplate';
import { formatIso } from './time';
import { IdError } from './types';
import { grouped } from './grouped';

// The ListObjectsV2 requests that return exactly the objects of a key template whose ID time
// lies in a window. Within one partition (one hash value, one date) keys are
// `head + id + tail` with IDs of one length, so byte order is ID order is time order:
//   Prefix      head + the common prefix of the window's lowest and highest ID
//   StartAfter  head + the highest ID of the unit before the window + tail (the last key before it)
//   Until       head + the highest ID of the window + tail (the last key in it)
// S3 has no end key, so the caller keeps keys <= Until (byte order) and stops at the first above.

export interface ListRequest {
  Prefix: string;
  StartAfter: string;
  Until: string;
}

export interface KeyListing {
  template: string;
  kind: BoundsKind;
  /** The window the requests cover, widened to the kind's time unit (ISO 8601 UTC, inclusive). */
  from: string;
  to: string;
  /** One per hash value and date partition the window touches, ordered by Prefix (byte order). */
  requests: ListRequest[];
  note?: string;
}

/** More requests than this is a template or window to rethink, not a listing to print. */
export const MAX_LIST_REQUESTS = 100_000;

const HOUR = 3_600_000;
const APPROX_MS: Record<DateField, number> = { hh: HOUR, dd: 24 * HOUR, mm: 28 * 24 * HOUR, yyyy: 365 * 24 * HOUR };

/** Start of the UTC hour/day/month/year holding `ms`. */
function unitStart(ms: number, unit: DateField): number {
  const d = new Date(ms);
  const y = d.getUTCFullYear(), m = d.getUTCMonth(), day = d.getUTCDate(), h = d.getUTCHours();
  const utc = (...a: [number, number, number, number]) => {
    const t = new Date(0);
    t.setUTCFullYear(a[0], a[1], a[2]);
    t.setUTCHours(a[3], 0, 0, 0);
    return t.getTime();
  };
  switch (unit) {
    case 'hh': return utc(y, m, day, h);
    case 'dd': return utc(y, m, day, 0);
    case 'mm': return utc(y, m, 1, 0);
    case 'yyyy': return utc(y, 0, 1, 0);
  }
}

function nextUnit(start: number, unit: DateField): number {
  if (unit === 'hh') return start + HOUR;
  if (unit === 'dd') return start + 24 * HOUR;
  const d = new Date(start);
  const t = new Date(0);
  if (unit === 'mm') t.setUTCFullYear(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  else t.setUTCFullYear(d.getUTCFullYear() + 1, 0, 1);
  return t.getTime();
}

interface Partition {
  /** The date fields' values, joined: what tells partitions apart. */
  id: string;
  fromMs: number;
  toMs: number;
  /** Separate stretches of the window in this partition ({dd} without {mm}: the 5th of each month). */
  pieces: number;
}

/** The date partitions [fromMs, toMs] touches, each with the part of the window it holds. */
function partitions(t: KeyTemplate, fromMs: number, toMs: number, budget: number): Partition[] {
  const unit = t.dateUnit;
  if (!unit) return [{ id: '', fromMs, toMs, pieces: 1 }];
  if ((toMs - fromMs) / APPROX_MS[unit] > budget) tooMany(Math.floor((toMs - fromMs) / APPROX_MS[unit]) * 16 ** t.hashLength, t);
  const byId = new Map<string, Partition>();
  for (let s = unitStart(fromMs, unit); s <= toMs; s = nextUnit(s, unit)) {
    const values = dateFieldValues(s);
    const id = DATE_FIELDS.filter((f) => t.dateFields.includes(f)).map((f) => values[f]).join('-');
    const piece = { from: Math.max(s, fromMs), to: Math.min(nextUnit(s, unit) - 1, toMs) };
    const p = byId.get(id);
    if (p) {
      p.toMs = piece.to;
      p.pieces++;
    } else {
      byId.set(id, { id, fromMs: piece.from, toMs: piece.to, pieces: 1 });
    }
  }
  return [...byId.values()];
}

function tooMany(count: number, t: KeyTemplate): never {
  throw new IdError('INVALID_ARGUMENT',
    `That window needs about ${grouped(count)} listing requests with ${t.source} (at most ${grouped(MAX_LIST_REQUESTS)}): narrow the window, use a coarser date field or a shorter {hash:N}.`);
}

/** Every value of an N-digit lower-case hex hash, in byte order. */
function hashValues(length: number): string[] {
  if (length === 0) return [''];
  return Array.from({ length: 16 ** length }, (_, i) => i.toString(16).padStart(length, '0'));
}

/** The highest ID of the time unit before `b`'s lowest, or undefined at the start of the kind's range. */
function before(kind: BoundsKind, b: Bounds, opts: BoundsOptions): string | undefined {
  const start = Date.parse(b.window.from);
  try {
    return bounds(kind, start - 1, start - 1, opts).max;
  } catch (e) {
    if (e instanceof IdError && e.code === 'TIME_OUT_OF_RANGE') return undefined;
    throw e;
  }
}

/**
 * The listing requests for the objects of `template` whose `kind` ID was made in
 * [fromMs, toMs] (inclusive, widened to the kind's unit like `bounds`).
 */
export function listKeys(template: string | KeyTemplate, kind: BoundsKind, fromMs: number, toMs: number = fromMs, opts: BoundsOptions = {}): KeyListing {
  const t = keyTemplate(template);
  const whole = bounds(kind, fromMs, toMs, opts);
  if (whole.min.length !== whole.max.length) {
    throw new IdError('INVALID_ARGUMENT',
      `${kind} IDs from ${whole.window.from} have ${whole.min.length} digits and IDs up to ${whole.window.to} have ${whole.max.length}: keys sort by bytes, and across that change byte order is not number order. List the two sides of the change separately.`);
  }
  if (/^\d+$/.test(whole.min) && /^\d/.test(t.tail)) {
    throw new IdError('INVALID_ARGUMENT',
      `In ${t.source} a digit follows {id}, and ${kind} IDs are decimal numbers: the digit would read as part of the ID. Put a separator such as "." or "/" after {id}.`);
  }
  // The count first: every value of {hash:8} is 4 billion strings (made first, they ran the
  // process out of memory from {hash:7} on, and past an array's length from {hash:8}).
  const prefixes = 16 ** t.hashLength;
  if (prefixes > MAX_LIST_REQUESTS) {
    const count = prefixes <= Number.MAX_SAFE_INTEGER ? grouped(prefixes) : `16^${t.hashLength}`;
    throw new IdError('INVALID_ARGUMENT',
      `{hash:${t.hashLength}} makes ${count} prefixes, each listed with requests of its own (at most ${grouped(MAX_LIST_REQUESTS)} requests): list with a template of {hash:4} or fewer digits, or list the prefixes you need one by one.`);
  }
  const parts = partitions(t, Date.parse(whole.window.from), Date.parse(whole.window.to), MAX_LIST_REQUESTS / prefixes);
  if (parts.length * prefixes > MAX_LIST_REQUESTS) tooMany(parts.length * prefixes, t);
  const hashes = hashValues(t.hashLength);

  const requests: ListRequest[] = [];
  for (const p of parts) {
    const b = parts.length === 1 ? whole : bounds(kind, p.fromMs, p.toMs, opts);
    const last = before(kind, b, opts);
    for (const h of hashes) {
      const head = renderHead(t, h, p.fromMs);
      // The key of the last ID before the window; without one (the window starts at the kind's
      // first instant, or a decimal snowflake gains a digit right there) the head itself, which
      // sorts before every key of the partition.
      const startAfter = last !== undefined && last.length === b.min.length ? head + last + t.tail : head;
      requests.push({ Prefix: head + b.prefix, StartAfter: startAfter, Until: head + b.max + t.tail });
    }
  }
  const longest = requests.reduce((m, r) => Math.max(m, utf8Length(r.Until)), 0);
  if (longest > MAX_KEY_BYTES) {
    throw new IdError('INVALID_ARGUMENT', `Keys of ${t.source} are ${longest} bytes long; S3 keys hold at most ${MAX_KEY_BYTES} bytes of UTF-8.`);
  }
  requests.sort((a, b) => compareKeys(a.Prefix, b.Prefix));

  const notes: string[] = [];
  // The kind's own note speaks of database collations; keys compare by bytes, so it is left out.
  const kindNote = boundsSpec(kind)?.note;
  const boundsNote = kindNote && whole.note ? whole.note.replace(kindNote, '').trim() : whole.note;
  if (boundsNote) notes.push(boundsNote);
  const split = parts.find((p) => p.pieces > 1);
  if (split) {
    notes.push(`${t.dateFields.map((f) => `{${f}}`).join('')} repeats within the window (partition ${split.id} holds ${split.pieces} separate stretches of it): each request spans its partition's first to last stretch, and only keys of that partition are under its prefix.`);
  }
  const out: KeyListing = { template: t.source, kind, from: formatIso(Date.parse(whole.window.from)), to: formatIso(Date.parse(whole.window.to)), requests };
  if (notes.length > 0) out.note = notes.join(' ');
  return out;
}

/** Keeps the keys of one ListObjectsV2 page that belong to `r`; `done` once a key passed Until. */
export function keysUntil(r: ListRequest, keys: readonly string[]): { keys: string[]; done: boolean } {
  const kept: string[] = [];
  for (const k of keys) {
    if (compareKeys(k, r.Until) > 0) return { keys: kept, done: true };
    kept.push(k);
  }
  return { keys: kept, done: false };
}
