import { requireNumber, requireText, shown } from './args';
import { isoFromMs } from './iso';
import { IdError } from './types';

// Times typed by people: "insert at time", bounds, the CLI's --time. A time without a zone is
// read as UTC, not local time: IDs store UTC, the result must not depend on the machine it runs
// on, and the editor shows the parsed ISO string so a wrong guess is visible before use.

export interface ParsedTime {
  ms: number;
  iso: string;
}

const ACCEPTED =
  'Expected one of: an ISO 8601 time (2024-01-02T03:04:05.678Z, 2024-01-02T03:04+02:00; no zone = UTC), ' +
  '2024-01-02, 2024-01-02 03:04[:05[.678]], +010889-08-02T05:31:50.655Z, unix seconds (10 digits) or milliseconds (13 digits), ' +
  'now, or a relative time such as -2h, +3d, -15m, 90s ago, in 2 weeks.';

const UNIT_MS: Record<string, number> = {
  ms: 1, millisecond: 1, milliseconds: 1,
  s: 1000, sec: 1000, secs: 1000, second: 1000, seconds: 1000,
  m: 60_000, min: 60_000, mins: 60_000, minute: 60_000, minutes: 60_000,
  h: 3_600_000, hr: 3_600_000, hrs: 3_600_000, hour: 3_600_000, hours: 3_600_000,
  d: 86_400_000, day: 86_400_000, days: 86_400_000,
  w: 604_800_000, week: 604_800_000, weeks: 604_800_000,
};

// Years past 9999 and before 0 are written with six digits and a sign (+010889-08-02), as
// ISO 8601 and Date#toISOString write them, so every time Idsmith prints reads back.
const DATE_TIME =
  /^([+-]\d{6}|\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;
const SIGNED_RELATIVE = /^([+-])\s*(\d+)\s*([a-z]+)$/;
const AGO = /^(\d+)\s*([a-z]+)\s+ago$/;
const IN = /^in\s+(\d+)\s*([a-z]+)$/;

function fail(text: string, why?: string): never {
  const head = text ? `Cannot read ${shown(text)} as a time` : 'No time given';
  throw new IdError('INVALID_ARGUMENT', `${head}${why ? ` (${why})` : ''}. ${ACCEPTED}`);
}

function relative(text: string, now: number, sign: number, amount: string, unit: string): ParsedTime {
  const perUnit = UNIT_MS[unit];
  if (perUnit === undefined) fail(text, `unknown unit "${unit}"; use ms, s, m, h, d or w`);
  return result(text, now + sign * Number(amount) * perUnit);
}

function result(text: string, ms: number): ParsedTime {
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) fail(text, 'outside the range of dates');
  return { ms, iso: formatIso(ms) };
}

function daysInMonth(year: number, month: number): number {
  return [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

function dateTime(text: string, m: RegExpExecArray): ParsedTime {
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
  const year = Number(y), month = Number(mo), day = Number(d);
  const hour = Number(h), minute = Number(mi), second = Number(s);
  if (month < 1 || month > 12) fail(text, `month ${mo} is not 01-12`);
  if (day < 1 || day > daysInMonth(year, month)) fail(text, `day ${d} does not exist in ${y}-${mo}`);
  if (hour > 23 || minute > 59 || second > 59) fail(text, 'hours must be 00-23, minutes and seconds 00-59');
  let offsetMin = 0;
  if (zone && zone !== 'Z' && zone !== 'z') {
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2)), om = Number(digits.slice(2) || '0');
    if (oh > 23 || om > 59) fail(text, `zone offset ${zone} is not valid`);
    offsetMin = (zone[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  // Date.UTC maps years 0-99 to 1900-1999, so set the year separately.
  const base = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  base.setUTCFullYear(year);
  const ms = base.getTime() + Number(frac.slice(0, 3).padEnd(3, '0')) - offsetMin * 60_000;
  return result(text, ms);
}

/** Reads a time typed by a user; `now` anchors `now` and relative forms. */
export function parseTimeInput(text: string, now: number = Date.now()): ParsedTime {
  requireText(text, 'a time');
  requireNumber(now, 'the current time');
  const t = text.trim();
  const lower = t.toLowerCase();
  if (lower === 'now') return result(t, now);
  if (/^\d{10}$/.test(t)) return result(t, Number(t) * 1000);
  if (/^\d{13}$/.test(t)) return result(t, Number(t));
  if (/^\d+$/.test(t)) fail(t, `${t.length} digits; unix seconds have 10 digits and milliseconds 13`);
  const dt = DATE_TIME.exec(t);
  if (dt) return dateTime(t, dt);
  let r = SIGNED_RELATIVE.exec(lower);
  if (r) return relative(t, now, r[1] === '-' ? -1 : 1, r[2]!, r[3]!);
  r = AGO.exec(lower);
  if (r) return relative(t, now, -1, r[1]!, r[2]!);
  r = IN.exec(lower);
  if (r) return relative(t, now, 1, r[1]!, r[2]!);
  fail(t);
}

/** Earliest and latest time a JavaScript Date holds (±8.64e15 ms). */
export const MAX_DATE_MS = 8.64e15;

/**
 * A time as messages write it: its ISO text (never raw milliseconds, which nobody reads as a
 * date), or, outside the range of dates, which end it lies beyond.
 */
export function timeForMessage(ms: unknown): string {
  if (typeof ms !== 'number' || Number.isNaN(ms)) return shown(ms);
  if (Math.abs(ms) <= MAX_DATE_MS) return isoFromMs(Math.floor(ms));
  return ms > 0 ? 'a time after +275760-09-13T00:00:00.000Z, the last date there is' : 'a time before -271821-04-20T00:00:00.000Z, the first date there is';
}

/** ISO 8601 UTC with milliseconds, floored; extended `+YYYYYY` years past 9999 and before 0. */
export function formatIso(ms: number): string {
  requireNumber(ms, 'a time in ms');
  const floored = Math.floor(ms);
  if (!Number.isFinite(floored) || Math.abs(floored) > 8.64e15) {
    throw new IdError('TIME_OUT_OF_RANGE', `${timeForMessage(ms)} cannot be written as a date.`);
  }
  return isoFromMs(floored);
}

/** A time known only to a window of `windowMs` from `ms` on, as people should read it. */
export interface ApproximateTime {
  /** The window's middle to the minute: `≈ 2043-07-15 02:14Z`. */
  time: string;
  /** Its middle to the minute, in ms. */
  ms: number;
  /** How wide the window is: `to about 7 minutes`. */
  precision: string;
}

/**
 * A UUID v2's time (its low 32 bits hold a local id, so 2^32 ticks of 100 ns, 429.5 s, are
 * unknown): the window's middle to the minute. Seconds or milliseconds would claim a precision
 * the ID does not hold.
 */
export function approximateTime(ms: number, windowMs: number): ApproximateTime {
  requireNumber(ms, 'a time in ms');
  requireNumber(windowMs, 'the window in ms');
  const mid = Math.round((ms + windowMs / 2) / 60_000) * 60_000;
  const minutes = Math.max(1, Math.round(windowMs / 60_000));
  return {
    time: `≈ ${formatIso(mid).replace(/T(\d\d:\d\d).*$/, ' $1Z')}`,
    ms: mid,
    precision: `to about ${minutes} minute${minutes === 1 ? '' : 's'}`,
  };
}

const RELATIVE_UNITS: ReadonlyArray<[string, number]> = [
  ['year', 365.2425 * 86_400_000],
  ['month', 30.436875 * 86_400_000],
  ['week', 604_800_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** "3 years ago", "in 5 minutes", "just now" (under a second). */
export function formatRelative(ms: number, now: number = Date.now()): string {
  requireNumber(ms, 'a time in ms');
  requireNumber(now, 'the current time');
  const diff = ms - now;
  const abs = Math.abs(diff);
  for (const [name, size] of RELATIVE_UNITS) {
    if (abs >= size) {
      const n = Math.floor(abs / size);
      const phrase = `${n} ${name}${n === 1 ? '' : 's'}`;
      return diff < 0 ? `${phrase} ago` : `in ${phrase}`;
    }
  }
  return 'just now';
}

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/**
 * The inclusive end a time input stands for at the end of a window: a bare date (`2024-01-31`)
 * means the whole UTC day, so its last millisecond; any other input is the instant itself.
 * `ms` is what `parseTimeInput(text)` returned.
 */
export function inclusiveEnd(text: string, ms: number): number {
  requireText(text, 'the end of the window');
  requireNumber(ms, 'the end of the window in ms');
  return BARE_DATE.test(text.trim()) ? ms + DAY_MS - 1 : ms;
}

/**
 * Whole seconds since `epochS` for a format that stores them as an unsigned 32-bit field (KSUID,
 * ObjectId); TIME_OUT_OF_RANGE, naming the format's span, for any other time.
 */
export function uint32Seconds(ms: number, epochS: number, what: string, span: string): number {
  const s = Math.floor(ms / 1000) - epochS;
  if (!Number.isFinite(ms) || s < 0 || s > 0xffffffff) {
    throw new IdError('TIME_OUT_OF_RANGE', `${what} holds times from ${span}; got ${timeForMessage(ms)}.`);
  }
  return s;
}
