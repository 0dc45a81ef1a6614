import { isoFromMs } from '../../../src/core/iso';
import { decodePlainTime, onlyPlausibleUnit } from '../../../src/core/formats/plainTime';
import type { CheckProblem } from '../../../src/core/check/types';
import { MismatchShare } from '../../../src/core/check/rowTime';

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

interface Row {
  /** The row's own IDs that hold a time: the problem to report (message filled at the end) and its time. */
  ids: { problem: CheckProblem; ms: number; what: string }[];
  /** Creation times in the row, by key. */
  times: { key: string; ms: number }[];
}

/** The rows open now (objects nest); each is judged when it ends. */
export class RowTimes {
  private readonly rows: Row[] = [];
  // The rule of the share of rows (a later rule than this oracle's engine) is the core's own.
  private readonly share: MismatchShare;

  constructor(private readonly toleranceMs: number, private readonly now: number, emit: (p: CheckProblem) => void) {
    this.share = new MismatchShare(emit);
  }

  get open(): boolean {
    return this.rows.length > 0;
  }

  begin(): void {
    this.rows.push({ ids: [], times: [] });
  }

  /** A value of the current row under `key`: kept when the key names its creation time. */
  time(key: string, text: string): void {
    if (!isCreationKey(key)) return;
    const ms = timeValueMs(text, this.now);
    if (ms !== undefined) this.rows[this.rows.length - 1]!.times.push({ key, ms });
  }

  /** The row's own ID (in a column named as one), with its time; `what`: `ULID under 'id'`. */
  id(problem: CheckProblem, ms: number, what: string): void {
    this.rows[this.rows.length - 1]!.ids.push({ problem, ms, what });
  }

  /** The current row ends: one ID and a creation time more than the tolerance apart is reported. */
  end(): void {
    const row = this.rows.pop();
    if (!row || row.ids.length !== 1 || row.times.length === 0) return;
    const { problem, ms, what } = row.ids[0]!;
    const t = row.times[0]!;
    const apart = Math.abs(ms - t.ms);
    if (apart <= this.toleranceMs) return this.share.row(problem.path, undefined);
    problem.message = `${what} dates from ${isoFromMs(ms)}, but '${t.key}' in the same row says ${isoFromMs(t.ms)} (${span(apart)} apart)`;
    this.share.row(problem.path, problem);
  }

  /** The text ended: rows still open (a file cut short) are judged as they are. */
  finish(): void {
    while (this.rows.length > 0) this.end();
    this.share.finish();
  }
}

function span(ms: number): string {
  const days = ms / 86_400_000;
  if (days >= 2) return `${Math.round(days).toLocaleString('en-US')} days`;
  const hours = ms / 3_600_000;
  return hours >= 2 ? `${Math.round(hours)} hours` : `${Math.round(ms / 60_000)} minutes`;
}
