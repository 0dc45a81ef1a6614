import { isoFromMs } from '../iso';
import { decodePlainTime, onlyPlausibleUnit } from '../formats/plainTime';
import type { IdKind } from '../types';
import { own } from './own';
import { lastSegment } from './paths';
import { kindName } from './rules';
import type { CheckProblem, TextSource } from './types';
import { grouped } from '../grouped';

// The time inside a row's ID against the row's own creation time: `id` is a ULID of 2025-03-05
// while `created_at` says 2024-01-01, which is a fixture made by hand or a key copied from
// another row. A row is a JSON/YAML object, a CSV record or an SQL tuple; its readers say where
// one begins and ends. Only a creation time is compared (`created_at`, `inserted`, `ts`):
// `updated_at` is later than the ID by design.

export const DEFAULT_TIME_TOLERANCE_MS = 86_400_000;

/** Words of a key that name when the row was made. */
const CREATION_WORDS = new Set(['created', 'creation', 'create', 'inserted', 'insert', 'added', 'registered', 'issued', 'generated', 'made']);
/** Whole keys that name a row's one time. */
const TIME_KEYS = new Set(['ts', 'timestamp', 'time', 'date', 'datetime', 'when', 'iat']);
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

const keys = new Map<string, boolean>();

/** Whether a key names the row's creation time (`created_at`, `createdOn`, `insert_ts`, `timestamp`). */
export function isCreationKey(key: string): boolean {
  let yes = keys.get(key);
  if (yes === undefined) {
    const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[\s_.$-]+/).filter((w) => w !== '');
    yes = key.length <= 64 && (TIME_KEYS.has(words.join('')) || words.some((w) => CREATION_WORDS.has(w)));
    if (keys.size > 10_000) keys.clear();
    keys.set(key, yes);
  }
  return yes;
}

/**
 * Unix ms of a time value as data holds it: ISO 8601 (a date alone is its midnight, a time
 * without a zone is read as UTC: the tolerance covers any zone), or a number in the one unit
 * whose date is plausible. Undefined for anything else.
 */
export function timeValueMs(text: string, now: number): number | undefined {
  const t = text.trim();
  const fast = isoUtcMs(t);
  if (fast !== undefined) return fast;
  if (/^\d{9,19}$/.test(t)) {
    const unit = onlyPlausibleUnit(t, now);
    return unit === undefined ? undefined : decodePlainTime(t, unit).unixMs;
  }
  const m = ISO.exec(t);
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
  let ms = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s, Number(frac.padEnd(3, '0').slice(0, 3)));
  if (zone && zone.toUpperCase() !== 'Z') {
    const z = zone.replace(':', '');
    ms -= (z[0] === '-' ? -1 : 1) * (Number(z.slice(1, 3)) * 60 + Number(z.slice(3, 5))) * 60_000;
  }
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * `YYYY-MM-DDTHH:MM:SS[.fraction]Z` (the shape nearly every created_at of a data file has, `T`
 * or space, either case) read without the ISO pattern: the same Unix ms as `timeValueMs`'s
 * pattern gives it; undefined for anything else (which the pattern then reads). No ID is in
 * this shape as a whole (its `:`s are in none), which the checker relies on.
 */
export function isoUtcMs(t: string): number | undefined {
  const n = t.length;
  if (n < 20 || n > 30) return undefined;
  const b = scratch;
  for (let i = 0; i < n; i++) {
    const c = t.charCodeAt(i);
    if (c > 127) return undefined;
    b[i] = c;
  }
  return isoUtcMsOf(b, 0, n);
}

const scratch = new Uint8Array(30);

/**
 * `isoUtcMs` of the ASCII chars `b[at, at + n)` (a value in a worker's piece of a file, read
 * where it is: a char of a slice of the piece's text cost several times a byte).
 */
export function isoUtcMsOf(b: Uint8Array, at: number, n: number): number | undefined {
  if (n < 20 || n > 30) return undefined;
  const sep = b[at + 10];
  if (b[at + 4] !== 45 || b[at + 7] !== 45 || (sep !== 84 && sep !== 116 && sep !== 32) || b[at + 13] !== 58 || b[at + 16] !== 58) return undefined;
  const last = b[at + n - 1];
  if (last !== 90 && last !== 122) return undefined;
  const y = digits(b, at, 4), mo = digits(b, at + 5, 2), d = digits(b, at + 8, 2), h = digits(b, at + 11, 2), mi = digits(b, at + 14, 2), s = digits(b, at + 17, 2);
  if (y < 0 || mo < 0 || d < 0 || h < 0 || mi < 0 || s < 0) return undefined;
  let ms = 0;
  if (n > 20) {
    // `.` and 1 to 9 digits: the first three are the milliseconds.
    const places = n - 21;
    if (b[at + 19] !== 46 || places < 1 || places > 9 || digits(b, at + 20, places) < 0) return undefined;
    ms = digits(b, at + 20, Math.min(3, places)) * (places >= 3 ? 1 : places === 2 ? 10 : 100);
  }
  return utcMs(y, mo, d, h, mi, s, ms);
}

/**
 * `Date.UTC(y, mo - 1, d, h, mi, s, ms)` for the fields of 4 and 2 digits `isoUtcMs` reads, in
 * arithmetic (Date.UTC is a call into the engine's C++; 14 % of reading a created_at): years
 * 0-99 are 1900-1999 as Date.UTC takes them, and a month, day or time past its end rolls over.
 */
function utcMs(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number): number {
  // A column of times is mostly of one month at a time: its first day is remembered.
  if (y !== monthY || mo !== monthMo) {
    monthDays = monthStart(y, mo);
    monthY = y;
    monthMo = mo;
  }
  return (monthDays + d - 1) * 86_400_000 + h * 3_600_000 + mi * 60_000 + s * 1000 + ms;
}

let monthY = -1, monthMo = -1, monthDays = 0;

/** Days from 1970-01-01 to the first day of month `mo` of year `y`, as `utcMs` reads them. */
function monthStart(y: number, mo: number): number {
  if (y <= 99) y += 1900;
  const m0 = mo - 1; // -1 to 98
  y += Math.floor(m0 / 12);
  const m = m0 - Math.floor(m0 / 12) * 12 + 1; // 1 to 12
  // Days from 1970-01-01 to y-m-01 (the civil-from-days inverse of H. Hinnant's algorithm).
  const ya = m <= 2 ? y - 1 : y;
  const era = Math.floor(ya / 400);
  const yoe = ya - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5);
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}

/** The decimal value of `count` digits at `at`, or -1 when one is no digit. */
function digits(b: Uint8Array, at: number, count: number): number {
  let v = 0;
  for (let i = at; i < at + count; i++) {
    const c = b[i]! - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** One open row, reused for the next row at its depth: a file of a million rows makes no garbage here. */
class Row {
  /** The row's own IDs that hold a time, and the first one's place, time and description. */
  ids = 0;
  start = 0;
  end = 0;
  /** The ID's text is `source` from `from` on, `end - start` characters (cut only for a row reported). */
  source: TextSource = '';
  from = 0;
  line = 0;
  character = 0;
  path = '';
  kind: IdKind | undefined;
  key: string | undefined;
  ms = 0;
  /** Creation times in the row, and the first one's key and time. */
  times = 0;
  timeKey = '';
  timeMs = 0;
}

/** With fewer rows judged under an ID's path, each mismatch is its own problem. */
const SHARE_MIN_ROWS = 4;
/** More than this share of the rows mismatching is the file's way, not each row's mistake. */
const SHARE_MAX = 0.5;
/** Mismatches held per path before the share so far decides (bounds memory). */
const SHARE_HELD = 1000;

interface Share {
  /** Rows judged under the path, and those whose times disagree. */
  rows: number;
  off: number;
  /** Mismatches waiting for the share to be known; undefined once decided. */
  held: CheckProblem[] | undefined;
  first: CheckProblem;
  /** Decided: 'each' reports every mismatch as it comes, 'most' one problem at the end. */
  decided: 'each' | 'most' | undefined;
}

/**
 * time-mismatch by its share of the rows. A row or two whose ID dates far from its creation
 * time is a fixture made by hand or a key copied from another row, and each is reported. When
 * most rows under an ID's path mismatch, the IDs were made apart from those times (seeds with
 * fixed dates, an import, a backfill): one problem says so, at the first, rather than one per
 * row. Mismatches are held until the end, or until SHARE_HELD of a path are, when the share so
 * far decides (memory stays bounded); either way the output depends only on the rows in order.
 */
export class MismatchShare {
  private readonly paths = new Map<string, Share>();
  /** Rows judged under a path before its first mismatch. */
  private readonly agreeing = new Map<string, number>();

  constructor(private readonly emit: (p: CheckProblem) => void) {}

  /** A row judged under `path`: `mismatch` is its problem, undefined when its times agree. */
  row(path: string, mismatch: CheckProblem | undefined): void {
    let s = this.paths.get(path);
    if (s === undefined) {
      if (mismatch === undefined) {
        this.agreeing.set(path, (this.agreeing.get(path) ?? 0) + 1);
        return;
      }
      s = { rows: this.agreeing.get(path) ?? 0, off: 0, held: [], first: mismatch, decided: undefined };
      this.agreeing.delete(path);
      this.paths.set(path, s);
    }
    s.rows++;
    if (mismatch === undefined) return;
    s.off++;
    if (s.decided === 'each') return this.emit(mismatch);
    if (s.decided === 'most') return;
    s.held!.push(mismatch);
    if (s.held!.length >= SHARE_HELD) this.decide(s);
  }

  private decide(s: Share): void {
    const held = s.held!;
    s.held = undefined;
    if (s.rows >= SHARE_MIN_ROWS && s.off > s.rows * SHARE_MAX) {
      s.decided = 'most';
      return;
    }
    s.decided = 'each';
    for (const p of held) this.emit(p);
  }

  /** The file ended: what was held is reported, each or as one. */
  finish(): void {
    for (const s of this.paths.values()) {
      if (s.decided === undefined) this.decide(s);
      if (s.decided !== 'most') continue;
      const f = s.first;
      this.emit({
        ...f, severity: 'info',
        message: `most rows' IDs date far from their creation time (${grouped(s.off)} of ${grouped(s.rows)} rows; the first: ${f.message}): ` +
          'the IDs were made apart from these times (seeds with fixed dates, an import, a backfill), so the rows are not reported one by one',
      });
    }
    this.paths.clear();
    this.agreeing.clear();
  }
}

/** The rows open now (objects nest); each is judged when it ends. */
export class RowTimes {
  private readonly rows: Row[] = [];
  private depth = 0;
  private readonly share: MismatchShare;

  constructor(private readonly toleranceMs: number, emit: (p: CheckProblem) => void) {
    this.share = new MismatchShare(emit);
  }

  get open(): boolean {
    return this.depth > 0;
  }

  begin(): void {
    let row = this.rows[this.depth];
    if (row === undefined) this.rows.push((row = new Row()));
    row.ids = 0;
    row.source = '';
    row.times = 0;
    row.timeKey = '';
    this.depth++;
  }

  /** A time `ms` of the current row under `key`, a key that names its creation time (`isCreationKey`). */
  creation(key: string, ms: number): void {
    const row = this.rows[this.depth - 1]!;
    if (row.times++ === 0) {
      row.timeKey = key;
      row.timeMs = ms;
    }
  }

  /**
   * The row's own ID (in a column named as one): its place (its text in `source` from `from` on, at `start` to `end`, at
   * `line`/`character`) under `path` and `key`, its kind and time. Only a row's first is
   * kept: a row with two is not judged, and the problem is made only for a row reported.
   */
  id(start: number, end: number, source: TextSource, from: number, line: number, character: number, path: string, kind: IdKind, key: string | undefined, ms: number): void {
    const row = this.rows[this.depth - 1]!;
    if (row.ids++ === 0) {
      row.start = start;
      row.end = end;
      row.source = source;
      row.from = from;
      row.line = line;
      row.character = character;
      row.path = path;
      row.kind = kind;
      row.key = key;
      row.ms = ms;
    }
  }

  /** The current row ends: one ID and a creation time more than the tolerance apart is reported. */
  end(): void {
    if (this.depth === 0) return;
    const row = this.rows[--this.depth]!;
    const { source, key, timeKey } = row;
    // Not kept alive past its row (a reused row would hold a piece of the file).
    row.source = '';
    row.key = undefined;
    row.timeKey = '';
    if (row.ids !== 1 || row.times === 0 || row.kind === undefined) return;
    const ms = row.ms;
    const apart = Math.abs(ms - row.timeMs);
    if (apart <= this.toleranceMs) return this.share.row(row.path, undefined);
    const what = `${kindName(row.kind)} under '${key ?? lastSegment(row.path)}'`;
    this.share.row(row.path, {
      code: 'time-mismatch', severity: 'warning',
      message: `${what} dates from ${isoFromMs(ms)}, but '${timeKey}' in the same row says ${isoFromMs(row.timeMs)} (${span(apart)} apart)`,
      start: row.start, end: row.end,
      range: { start: { line: row.line, character: row.character }, end: { line: row.line, character: row.character + (row.end - row.start) } },
      text: own(source.slice(row.from, row.from + (row.end - row.start))), path: row.path, kind: row.kind,
    });
  }

  /** Rows open whose ID's text is in `source` get a copy of it: `source` is about to be reused. */
  detach(source: TextSource): void {
    for (let d = 0; d < this.depth; d++) {
      const row = this.rows[d]!;
      if (row.ids > 0 && row.source === source) {
        row.source = own(source.slice(row.from, row.from + (row.end - row.start)));
        row.from = 0;
      }
    }
  }

  /** The text ended: rows still open (a file cut short) are judged as they are. */
  finish(): void {
    while (this.depth > 0) this.end();
    this.share.finish();
  }
}


function span(ms: number): string {
  const days = ms / 86_400_000;
  if (days >= 2) return `${grouped(Math.round(days))} days`;
  const hours = ms / 3_600_000;
  return hours >= 2 ? `${Math.round(hours)} hours` : `${Math.round(ms / 60_000)} minutes`;
}
