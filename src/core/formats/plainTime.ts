import { requireText } from '../args';
import { isoFromMs } from '../iso';
import { IdError } from '../types';
import { Id, PLAUSIBLE_FUTURE_MS, failed, orThrow } from './decoded';
import { CHAR, type DecodedId, type FormatModule, type Run, type ScanContext, type ScanHit } from './types';
import { keyBefore as keyOfValue } from './snowflake/context';

// Plain time values: a count of some unit since some epoch, written in decimal. Each unit is
// its own format (`--from unixms`, Inspect ID As…; format ids are one word), made from one table here:
//   unixsec, unixms, unixus, unixns     since 1970-01-01T00:00:00Z
//   dotnetticks                         100 ns since 0001-01-01 (DateTime.Ticks, UTC)
//   filetime                            100 ns since 1601-01-01 (Windows FILETIME, AD/LDAP times)
//   webkit                              µs since 1601-01-01 (WebKit/Chrome)
//   cocoa                               s since 2001-01-01 (Apple Cocoa/Core Data NSDate)
// Numbers are everywhere, so a number is read as a time only when (1) exactly one unit gives
// it a plausible date (2000 to now + 10 years), and, in free text, (2) the key or name it is
// the value of names a time (`created_at`, `updatedAt`, `ts`, `exp`, …). Explicit input with
// one plausible unit is read as that unit; any other number only when the unit is named.

interface Unit {
  id: string;
  label: string;
  /** Unix ms of count 0. */
  epochMs: number;
  /** Counts per millisecond (1000 for µs) or, below 1, milliseconds per count as 1/n. */
  perMs: bigint;
  /** `perMs` as a Number (exact: at most 10^6), for counts read as Numbers. */
  perMsNumber: number;
  msPer: number;
  /** Digits of a count from 2000 to 2100, for the scanner's index and the guessing shape. */
  digits: readonly number[];
  /** Fraction digits below the millisecond (`timePrecise`). */
  subDigits: number;
  /** Among equally likely readings, before (> 0) or after (< 0) the decimal ID formats. */
  priority: number;
  description: string;
}

const UNITS: readonly Unit[] = ([
  { id: 'unixsec', label: 'Unix time (s)', epochMs: 0, perMs: 1n, msPer: 1000, digits: [9, 10], subDigits: 0, priority: 2, description: 'Unix seconds' },
  { id: 'unixms', label: 'Unix time (ms)', epochMs: 0, perMs: 1n, msPer: 1, digits: [12, 13], subDigits: 0, priority: 2, description: 'Unix milliseconds' },
  { id: 'unixus', label: 'Unix time (µs)', epochMs: 0, perMs: 1000n, msPer: 1, digits: [15, 16], subDigits: 3, priority: 2, description: 'Unix microseconds' },
  // 19 digits are as often a snowflake: those readings come first when both are plausible.
  { id: 'unixns', label: 'Unix time (ns)', epochMs: 0, perMs: 1_000_000n, msPer: 1, digits: [18, 19], subDigits: 6, priority: -2, description: 'Unix nanoseconds' },
  { id: 'dotnetticks', label: '.NET ticks', epochMs: -62135596800000, perMs: 10_000n, msPer: 1, digits: [18], subDigits: 4, priority: -2, description: '.NET DateTime ticks (100 ns since 0001-01-01)' },
  { id: 'filetime', label: 'Windows FILETIME', epochMs: -11644473600000, perMs: 10_000n, msPer: 1, digits: [18], subDigits: 4, priority: -2, description: 'Windows FILETIME (100 ns since 1601-01-01)' },
  { id: 'webkit', label: 'WebKit/Chrome time', epochMs: -11644473600000, perMs: 1000n, msPer: 1, digits: [17], subDigits: 3, priority: -2, description: 'WebKit/Chrome time (µs since 1601-01-01)' },
  { id: 'cocoa', label: 'Apple Cocoa time', epochMs: 978307200000, perMs: 1n, msPer: 1000, digits: [9], subDigits: 0, priority: 1, description: 'Apple Cocoa time (s since 2001-01-01)' },
] as Omit<Unit, 'perMsNumber'>[]).map((u) => ({ ...u, perMsNumber: Number(u.perMs) }));

const PLAUSIBLE_FROM = Date.UTC(2000, 0, 1);
/** The dates `inspect --all` lists a unit's reading for: any other date is no one's meaning. */
const SANE_FROM = Date.UTC(1900, 0, 1);
const SANE_TO = Date.UTC(2200, 0, 1);
/** What a Date holds: ±8.64e15 ms. */
const MAX_DATE_MS = 8.64e15;
const DIGITS = /^\d{1,25}$/;

/**
 * The count in `text` (digits only): a Number while it is exact (15 digits or fewer, nearly every
 * count the scanner meets), else a BigInt.
 */
function countOf(text: string): number | bigint {
  return text.length <= 15 ? Number(text) : BigInt(text);
}

/** The unit's reading of a count: Unix ms (floored), undefined past any date. */
function msOf(u: Unit, v: number | bigint): number | undefined {
  const ms = typeof v === 'number'
    ? u.epochMs + Math.floor(v / u.perMsNumber) * u.msPer
    : u.epochMs + Number(v / u.perMs) * u.msPer;
  if (!Number.isSafeInteger(ms) || Math.abs(ms) > MAX_DATE_MS) return undefined;
  return ms;
}

/** The count's remainder below the millisecond (`timePrecise` of µs and finer units). */
function subOf(u: Unit, v: number | bigint): number | bigint {
  return typeof v === 'number' ? v - Math.floor(v / u.perMsNumber) * u.perMsNumber : v % u.perMs;
}

function plausibleMs(ms: number, now: number): boolean {
  return ms >= PLAUSIBLE_FROM && ms <= now + PLAUSIBLE_FUTURE_MS;
}

/** The units by digit count (0-25): which units a count of that many digits may be. */
const UNITS_BY_DIGITS: readonly (readonly Unit[])[] = Array.from({ length: 26 }, (_, n) => UNITS.filter((u) => u.digits.includes(n)));

/**
 * The one unit whose digit count `text` has and under which it dates plausibly, or undefined
 * (none, or more than one): 5 digits are no Cocoa time of 2001, whatever their date.
 */
export function onlyPlausibleUnit(text: string, now: number): string | undefined {
  if (!DIGITS.test(text)) return undefined;
  return onlyPlausible(countOf(text), text.length, now)?.id;
}

function onlyPlausible(v: number | bigint, digits: number, now: number): Unit | undefined {
  let found: Unit | undefined;
  for (const u of UNITS_BY_DIGITS[digits]!) {
    const ms = msOf(u, v);
    if (ms !== undefined && plausibleMs(ms, now)) {
      if (found) return undefined;
      found = u;
    }
  }
  return found;
}

function read(format: FormatModule, u: Unit, text: string, now: number | undefined): Id {
  if (!DIGITS.test(text)) {
    const e = text === ''
      ? new IdError('EMPTY', `Expected ${u.description} as a whole number, got an empty string.`)
      : new IdError(/^\d+$/.test(text) ? 'INVALID_LENGTH' : 'INVALID_CHARACTER', `${u.label} is a whole number of at most 25 digits; got ${text.length > 40 ? text.slice(0, 37) + '...' : text}.`);
    return failed(format, text, e);
  }
  const v = countOf(text);
  const ms = msOf(u, v);
  if (ms === undefined) return failed(format, text, new IdError('TIME_OUT_OF_RANGE', `${text} as ${u.description} is past any date (beyond the year 275760).`));
  return reading(format, u, text, v, ms, solePlausible(u, v, text.length, ms, now ?? Date.now()));
}

/** Plausible only when no other unit also dates it plausibly: then the digits alone say which. */
function solePlausible(u: Unit, v: number | bigint, digits: number, ms: number, now: number): boolean {
  return plausibleMs(ms, now) && onlyPlausible(v, digits, now) === u;
}

/** The decoded count `v` (the digits `text`), whose time under `u` is `ms`. */
function reading(format: FormatModule, u: Unit, text: string, v: number | bigint, ms: number, plausible: boolean): Id {
  // No fields object made per reading: `fields` makes the empty one when read (a scan reads none).
  const id = new Id(format, text, true, undefined);
  id.unixMs = ms;
  if (u.subDigits > 0) id.timePrecise = isoFromMs(ms).slice(0, -1) + subOf(u, v).toString().padStart(u.subDigits, '0') + 'Z';
  id.plausible = plausible;
  return id;
}

// Key words (the last word of a key, split at `_`, `-`, `.` and case changes) that name a time.
const TIME_WORDS = new Set(['at', 'time', 'timestamp', 'ts', 'date', 'datetime', 'epoch', 'mtime', 'ctime', 'atime', 'iat', 'exp', 'nbf', 'expiry', 'expires', 'expiration']);

/** The key whose value starts at `start` (`"key": `, `key=`, `key => `, `key: `), or undefined. */
export function keyBefore(text: string, start: number): string | undefined {
  return keyOfValue(text, start, false);
}

/** Whether the key whose value starts at `start` names a time (a built-in word, or `extra` says so). */
export function timeKeyBefore(text: string, start: number, extra: ((key: string) => boolean) | undefined): boolean {
  const key = keyBefore(text, start);
  return key !== undefined && (isTimeKey(key) || extra?.(key) === true);
}

/** Whether a key names a time: its last word is a time word (`created_at`, `updatedAt`, `ts`, `exp`). */
export function isTimeKey(key: string): boolean {
  let known = timeKeys.get(key);
  if (known === undefined) {
    // A log repeats a handful of keys: each is split into words once.
    if (timeKeys.size >= 4096) timeKeys.clear();
    known = splitTimeKey(key);
    timeKeys.set(key, known);
  }
  return known;
}

const timeKeys = new Map<string, boolean>();

function splitTimeKey(key: string): boolean {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[\s_.$-]+/).filter((w) => w !== '');
  const last = words[words.length - 1];
  return last !== undefined && TIME_WORDS.has(last.toLowerCase());
}

/**
 * A test for the user's extra time keys (`idsmith.time.keys`): glob patterns (`*`, `?`, any case)
 * matched against the whole key; undefined when there are none.
 */
export function timeKeyTest(patterns: readonly string[]): ((key: string) => boolean) | undefined {
  const res = patterns.filter((p) => p.trim() !== '').map((p) => new RegExp(`^${p.trim().replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 'i'));
  return res.length === 0 ? undefined : (key) => res.some((re) => re.test(key));
}

/** Bare digits under a key that names a time, with exactly one plausible unit. */
function finder(format: FormatModule, u: Unit) {
  return (run: Run, ctx: ScanContext): ScanHit | undefined => {
    const { start, end } = run;
    const text = ctx.text;
    // Part of a longer number (a decimal fraction, a version) is not a count.
    if (start > 0 && text.charCodeAt(start - 1) === 46) return undefined;
    if (text.charCodeAt(end) === 46 && text.charCodeAt(end + 1) >= 48 && text.charCodeAt(end + 1) <= 57) return undefined;
    if (!ctx.timeKeyAt(start)) return undefined;
    // What `read` does, on the digits in place (the rule takes digit runs of at most 19), and
    // the ID made only for a plausible time: no slice, regex or Number parse of a string first.
    const n = end - start;
    let v: number | bigint;
    if (n <= 15) {
      v = 0;
      for (let i = start; i < end; i++) v = v * 10 + text.charCodeAt(i) - 48;
    } else {
      v = BigInt(text.slice(start, end));
    }
    const ms = msOf(u, v);
    if (ms === undefined || !solePlausible(u, v, n, ms, ctx.now)) return undefined;
    return { start, end, decoded: reading(format, u, text.slice(start, end), v, ms, true) };
  };
}

function makeFormat(u: Unit): FormatModule {
  const exact = new RegExp(`^\\d{${u.digits[0]},${u.digits[u.digits.length - 1]}}$`);
  const f: FormatModule = {
    id: u.id,
    label: u.label,
    priority: u.priority,
    shapes: [{
      length: [u.digits[0]!, u.digits[u.digits.length - 1]!], case: 'either',
      description: `${u.description} (${u.digits.join(' or ')} digits)`,
      // Only the one plausible unit is a guess; any unit reads any number when named.
      test: (t, o) => exact.test(t) && o?.snowflake === undefined && onlyPlausibleUnit(t, o?.now ?? Date.now()) === u.id,
    }, {
      // `inspect --all`: any count whose date is one people could mean (1900-2200).
      length: [1, 25], case: 'either', asked: true, description: `${u.description} (digits)`,
      test: (t) => {
        if (!DIGITS.test(t)) return false;
        const ms = msOf(u, countOf(t));
        return ms !== undefined && ms >= SANE_FROM && ms < SANE_TO;
      },
    }],
    scan: [{ runLengths: u.digits, all: CHAR.DIGIT, numeric: true, find: (run, ctx) => find(run, ctx) }],
    // A snowflake layout named for this read (`--epoch`, the setting) says numbers are snowflakes.
    decode: (text, opts) => {
      const d = read(f, u, text, opts?.now);
      if (opts?.snowflake !== undefined && d.valid) d.plausible = false;
      return d;
    },
    representations: [],
    generators: [],
    notApplicable: {
      generate: 'A plain time is written by whatever stores it; Insert ID at Time… writes IDs that hold one.',
      convert: 'A time value, not an ID: its card shows it in UTC and your zone.',
      bounds: 'Numbers compare as numbers: compare them in the database.',
      check: 'The fixture check compares times with the IDs of their rows (time-mismatch) instead.',
    },
    time: { minMs: -MAX_DATE_MS, maxMs: MAX_DATE_MS, resolutionMs: u.msPer, plausibleFromMs: PLAUSIBLE_FROM },
  };
  const find = finder(f, u);
  return f;
}

const BY_ID = new Map(UNITS.map((u) => [u.id, makeFormat(u)]));

export const unixSeconds = BY_ID.get('unixsec')!;
export const unixMs = BY_ID.get('unixms')!;
export const unixUs = BY_ID.get('unixus')!;
export const unixNs = BY_ID.get('unixns')!;
export const dotnetTicks = BY_ID.get('dotnetticks')!;
export const filetime = BY_ID.get('filetime')!;
export const webkit = BY_ID.get('webkit')!;
export const cocoa = BY_ID.get('cocoa')!;

/** `text` read as the plain time `unit` (`unixms`, `filetime`, …); throws `IdError` when it is none. */
export function decodePlainTime(text: string, unit: string): DecodedId {
  requireText(text, 'a time value');
  const f = BY_ID.get(unit);
  if (!f) throw new IdError('INVALID_ARGUMENT', `Unknown time unit ${unit}; use one of ${[...BY_ID.keys()].join(', ')}.`);
  return orThrow(f.decode(text));
}
