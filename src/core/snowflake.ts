import { optional, requireNumber, requireText, shown } from './args';
import { Timeline } from './timeline';
import { formatIso } from './time';
import { systemClock } from './random';
import { IdError } from './types';
import type { Clock, Decoded, FieldValue, SnowflakeCandidate, SnowflakePreset } from './types';

// 64-bit IDs written in decimal: a time count above a few fixed-width fields. Values stay
// BigInt end to end because Discord and Twitter IDs passed 2^53 long ago.

export interface SnowflakeField {
  name: string;
  bits: number;
}

export interface SnowflakeLayout {
  name: SnowflakePreset | 'custom';
  /** Unix ms of time count 0. */
  epochMs: number;
  timeBits: number;
  /** Milliseconds per time count (Sonyflake counts 10 ms units). */
  unitMs: number;
  /** The fields under the time, most significant first. */
  fields: readonly SnowflakeField[];
  /** Earliest plausible creation time: the service's epoch or launch. */
  launchMs: number;
}

function layout(name: SnowflakePreset, epochMs: number, timeBits: number, unitMs: number,
  fields: SnowflakeField[], launchMs = epochMs): SnowflakeLayout {
  return { name, epochMs, timeBits, unitMs, fields, launchMs };
}

export const SNOWFLAKE_PRESETS: Readonly<Record<SnowflakePreset, SnowflakeLayout>> = {
  twitter: layout('twitter', 1288834974657, 41, 1,
    [{ name: 'datacenterId', bits: 5 }, { name: 'workerId', bits: 5 }, { name: 'sequence', bits: 12 }]),
  discord: layout('discord', 1420070400000, 42, 1,
    [{ name: 'workerId', bits: 5 }, { name: 'processId', bits: 5 }, { name: 'sequence', bits: 12 }]),
  instagram: layout('instagram', 1314220021721, 41, 1,
    [{ name: 'shardId', bits: 13 }, { name: 'sequence', bits: 10 }]),
  sonyflake: layout('sonyflake', 1409529600000, 39, 10,
    [{ name: 'sequence', bits: 8 }, { name: 'machineId', bits: 16 }]),
  // Mastodon's epoch is Unix 0; its IDs only exist since the project started (2016).
  mastodon: layout('mastodon', 0, 48, 1, [{ name: 'sequence', bits: 16 }], Date.UTC(2016, 0, 1)),
};

const PRESET_NAMES = Object.keys(SNOWFLAKE_PRESETS) as SnowflakePreset[];
const PRESET_LIST = PRESET_NAMES.map((name) => SNOWFLAKE_PRESETS[name]);
// A Map, not an index into the presets object: "constructor" or "__proto__" must not resolve.
const PRESET_BY_NAME = new Map<string, SnowflakeLayout>(PRESET_NAMES.map((name) => [name, SNOWFLAKE_PRESETS[name]]));
const MAX_U64 = (1n << 64n) - 1n;
/** Readings up to this far past `now` still count as plausible (clock skew between machines). */
const FUTURE_MARGIN_MS = 86_400_000;

function shiftOf(l: SnowflakeLayout): number {
  return l.fields.reduce((sum, f) => sum + f.bits, 0);
}

/** A preset name, or a custom epoch in Unix ms on the Twitter layout. */
export function resolveEpoch(epoch: string | number, now: number = Date.now()): SnowflakeLayout {
  if (typeof epoch !== 'string' && typeof epoch !== 'number') {
    throw new IdError('INVALID_ARGUMENT', `A snowflake epoch is a preset name or a custom epoch in ms; got ${shown(epoch)}.`);
  }
  const text = typeof epoch === 'number' ? String(epoch) : epoch.trim();
  const preset = PRESET_BY_NAME.get(text.toLowerCase());
  if (preset) return preset;
  if (/^-\d+$/.test(text)) {
    throw new IdError('INVALID_ARGUMENT', `Snowflake epoch ${text} is negative; give a Unix time in milliseconds from 0 to now.`);
  }
  if (!/^\d{1,16}$/.test(text)) {
    throw new IdError('INVALID_ARGUMENT',
      `Unknown snowflake epoch ${shown(text)}: use ${PRESET_NAMES.join(', ')} or a custom epoch in Unix milliseconds (e.g. 1420070400000).`);
  }
  const epochMs = Number(text);
  if (epochMs > now) {
    throw new IdError('INVALID_ARGUMENT', `Snowflake epoch ${text} (${formatIso(epochMs)}) is in the future; give it in Unix milliseconds.`);
  }
  return { ...SNOWFLAKE_PRESETS.twitter, name: 'custom', epochMs, launchMs: epochMs };
}

/** `^\d{1,20}$` and at most 2^64-1, checked before BigInt() (which accepts "", "0x10", " 1 "). */
export function parseSnowflake(text: string): bigint {
  requireText(text, 'a snowflake');
  if (text === '') throw new IdError('EMPTY', 'A snowflake is a decimal number; got an empty string.');
  if (!/^\d+$/.test(text)) {
    throw new IdError('INVALID_CHARACTER', `A snowflake is written with the digits 0-9 only; ${shown(text)} has other characters.`);
  }
  if (text.length > 20) {
    throw new IdError('INVALID_LENGTH', `A snowflake has at most 20 digits; ${shown(text)} has ${text.length}.`);
  }
  const value = BigInt(text);
  if (value > MAX_U64) {
    throw new IdError('OVERFLOW', `${text} is larger than 2^64-1 (18446744073709551615), the largest 64-bit snowflake.`);
  }
  return value;
}

// Decoding works on the value split into two 32-bit Numbers: BigInt parsing and one BigInt op
// per field made a decode cost 10x @sapphire/snowflake's. Every layout keeps its fields below
// bit 32 (shift <= 24), so each field is a shift and mask of the low half.
const TWO_32 = 4294967296;
const POW10 = [1, 10, 100, 1000, 10000, 100000];
let hi = 0;
let lo = 0;

/** Decimal digits [from, to), at most 9 so the sum stays an int32; -1 on a non-digit. */
function digits(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** Sets `hi`/`lo` when `text` is what parseSnowflake accepts; false otherwise. */
function splitDecimal(text: string): boolean {
  const n = text.length;
  if (n === 0 || n > 20) return false;
  // Up to 15 digits are exact in a Number (read as two int32 runs); the rest (at most 5) are
  // carried into the halves.
  const headEnd = n > 15 ? 15 : n;
  const mid = headEnd > 9 ? headEnd - 9 : 0;
  const top = digits(text, 0, mid);
  const low = digits(text, mid, headEnd);
  if (top < 0 || low < 0) return false;
  const head = top * 1e9 + low;
  let h = Math.floor(head / TWO_32);
  let l = head - h * TWO_32;
  if (headEnd < n) {
    const tail = digits(text, headEnd, n);
    if (tail < 0) return false;
    const scale = POW10[n - headEnd]!;
    l = l * scale + tail;
    const carry = Math.floor(l / TWO_32);
    l -= carry * TWO_32;
    h = h * scale + carry;
    if (h >= TWO_32) return false;
  }
  hi = h;
  lo = l;
  return true;
}

/** A layout's fields as offsets and masks in the low half, or null when they reach past bit 31. */
interface Plan {
  shift: number;
  /** 2^(32 - shift): what one unit of `hi` is worth in time counts. */
  hiScale: number;
  names: string[];
  offsets: number[];
  masks: number[];
  /** Field objects of the final shape, copied per decode: cheaper than adding keys one by one. */
  bare: Record<string, FieldValue>;
  withEpoch: Record<string, FieldValue>;
}

// Layouts are treated as immutable once decoded with (presets, and resolveEpoch's fresh objects).
const plans = new WeakMap<SnowflakeLayout, Plan | null>();

let lastLayout: SnowflakeLayout | undefined;
let lastPlan: Plan | null = null;

function planOf(l: SnowflakeLayout): Plan | null {
  // Decodes come in runs with one layout (a scan, a bench, a hover setting): skip the WeakMap.
  if (l === lastLayout) return lastPlan;
  let plan = plans.get(l);
  if (plan === undefined) {
    const shift = shiftOf(l);
    plan = null;
    if (shift <= 31) {
      plan = { shift, hiScale: 2 ** (32 - shift), names: [], offsets: [], masks: [], bare: {}, withEpoch: { epoch: l.name } };
      for (let i = 0, off = shift; i < l.fields.length; i++) {
        const f = l.fields[i]!;
        off -= f.bits;
        plan.names.push(f.name);
        plan.offsets.push(off);
        plan.masks.push(2 ** f.bits - 1);
        plan.bare[f.name] = 0;
        plan.withEpoch[f.name] = 0;
      }
    }
    plans.set(l, plan);
  }
  lastLayout = l;
  lastPlan = plan;
  return plan;
}

/** Unix ms of the last `readFields` call (saves allocating a pair per decode). */
let readMs = 0;

/** The fields of the current `hi`/`lo` under `l`, after an `epoch` entry if asked; sets `readMs`. */
function readFields(l: SnowflakeLayout, withEpoch: boolean): Record<string, FieldValue> {
  const plan = planOf(l);
  if (plan === null) return readWide(l, withEpoch);
  const fields = { ...(withEpoch ? plan.withEpoch : plan.bare) };
  const { names, offsets, masks } = plan;
  // Unrolled for the presets' 1-3 fields: one store site per position stays monomorphic for a
  // given layout, where one site in a loop sees every name (measured 2x on the field stores).
  const n = names.length;
  if (n > 0) fields[names[0]!] = (lo >>> offsets[0]!) & masks[0]!;
  if (n > 1) fields[names[1]!] = (lo >>> offsets[1]!) & masks[1]!;
  if (n > 2) fields[names[2]!] = (lo >>> offsets[2]!) & masks[2]!;
  for (let i = 3; i < n; i++) fields[names[i]!] = (lo >>> offsets[i]!) & masks[i]!;
  // The time is everything above the fields (not masked to timeBits), as other decoders do.
  readMs = l.epochMs + (hi * plan.hiScale + (lo >>> plan.shift)) * l.unitMs;
  return fields;
}

/** Custom layouts with fields above bit 31 (none of the presets): BigInt per field. */
function readWide(l: SnowflakeLayout, withEpoch: boolean): Record<string, FieldValue> {
  const fields: Record<string, FieldValue> = withEpoch ? { epoch: l.name } : {};
  const value = (BigInt(hi) << 32n) | BigInt(lo);
  let pos = BigInt(shiftOf(l));
  for (const f of l.fields) {
    pos -= BigInt(f.bits);
    fields[f.name] = Number((value >> pos) & ((1n << BigInt(f.bits)) - 1n));
  }
  readMs = l.epochMs + Number(value >> BigInt(shiftOf(l))) * l.unitMs;
  return fields;
}

function candidate(l: SnowflakeLayout, now: number): SnowflakeCandidate {
  const fields = readFields(l, false);
  const unixMs = readMs;
  return {
    epoch: l.name,
    time: formatIso(unixMs),
    unixMs,
    fields,
    plausible: unixMs >= l.launchMs && unixMs <= now + FUTURE_MARGIN_MS,
  };
}

/** Candidates of the current `hi`/`lo`, ordered as `snowflakeCandidates` documents. */
function candidatesOfHalves(now: number): SnowflakeCandidate[] {
  const all = PRESET_LIST.map((l) => candidate(l, now));
  const plausible = all.filter((c) => c.plausible).sort((a, b) => Math.abs(now - a.unixMs) - Math.abs(now - b.unixMs));
  return [...plausible, ...all.filter((c) => !c.plausible)];
}

/**
 * Every preset's reading. Likely first: plausible readings ordered by closeness to `now` (recent
 * IDs are the ones people paste), then the implausible ones in preset order.
 */
export function snowflakeCandidates(value: bigint, now: number = Date.now()): SnowflakeCandidate[] {
  hi = Number(value >> 32n);
  lo = Number(value & 0xffffffffn);
  return candidatesOfHalves(now);
}

function isAuto(epoch: unknown): boolean {
  return epoch === undefined || epoch === null || (typeof epoch === 'string' && (epoch.trim() === '' || epoch.trim().toLowerCase() === 'auto'));
}

/** The layout an epoch argument names, or undefined for auto. */
function layoutFor(epoch: string | number | SnowflakeLayout | undefined, now: number | undefined): SnowflakeLayout | undefined {
  if (typeof epoch === 'object' && epoch !== null) {
    if (!Array.isArray(epoch.fields) || typeof epoch.epochMs !== 'number') throw new IdError('INVALID_ARGUMENT', 'A snowflake layout needs fields and an epoch (see SNOWFLAKE_PRESETS).');
    return epoch;
  }
  if (typeof epoch === 'string') {
    const preset = PRESET_BY_NAME.get(epoch);
    if (preset !== undefined) return preset;
  }
  // `now` is read only where needed: Date.now() on every decode cost as much as the fields.
  return isAuto(epoch) ? undefined : resolveEpoch(epoch as string | number, now ?? Date.now());
}

function invalid(text: string): Decoded {
  try {
    parseSnowflake(text);
  } catch (e) {
    if (!(e instanceof IdError)) throw e;
    return { input: text, kind: 'snowflake', valid: false, error: e.message, errorCode: e.code, fields: {} };
  }
  throw new Error(`Snowflake parsers disagree on "${text}"`); // a bug in splitDecimal, not bad input
}

/**
 * Decodes a decimal snowflake. With an epoch (preset, custom ms or layout): that reading.
 * Without one (or `auto`): `candidates` for every preset, and `time` only when exactly one
 * reading is plausible. Invalid text yields `valid: false` with the parser's message.
 */
export function decodeSnowflake(text: string, epoch?: string | number | SnowflakeLayout, now?: number): Decoded {
  requireText(text, 'a snowflake');
  optional(now, requireNumber, 'the current time');
  if (!splitDecimal(text)) return invalid(text);
  const l = layoutFor(epoch, now);
  if (l !== undefined) {
    const fields = readFields(l, true);
    const unixMs = readMs;
    return { input: text, kind: 'snowflake', valid: true, time: formatIso(unixMs), unixMs, fields };
  }
  const candidates = candidatesOfHalves(now ?? Date.now());
  const plausible = candidates.filter((c) => c.plausible);
  const decoded: Decoded = { input: text, kind: 'snowflake', valid: true, fields: {}, candidates };
  if (plausible.length === 1) {
    const only = plausible[0]!;
    decoded.time = only.time;
    decoded.unixMs = only.unixMs;
    decoded.fields = { epoch: only.epoch, ...only.fields };
  }
  return decoded;
}

export interface SnowflakeGeneratorOptions {
  workerId?: number;
  processId?: number;
  datacenterId?: number;
  shardId?: number;
  machineId?: number;
  clock?: Clock;
}

/**
 * Snowflakes for one layout and one set of node ids, never two alike. A snowflake has no random
 * bits, so every time unit used keeps its last sequence number (timeline.ts): a later request
 * for that unit, now or at an explicit time, continues it, and a unit whose sequence is used up
 * lends the next one. Now-requests follow a logical clock that does not step back with small
 * clock jitter; explicit times never move it.
 */
export class SnowflakeGenerator {
  private readonly clock: Clock;
  private readonly fixedBits: bigint;
  private readonly seqShift: bigint;
  private readonly maxSeq: number;
  private readonly maxUnit: number;
  private readonly shift: bigint;
  private readonly timeline: Timeline<number>;
  // The unit in use and its last sequence, kept out of the map until another unit is used.
  private curUnit = -1;
  private curSeq = -1;

  constructor(readonly layout: SnowflakeLayout, opts: SnowflakeGeneratorOptions = {}) {
    this.clock = opts.clock ?? systemClock;
    this.shift = BigInt(shiftOf(layout));
    this.maxUnit = 2 ** layout.timeBits - 1;
    this.timeline = new Timeline<number>(layout.unitMs);
    let fixed = 0n;
    let seqShift = 0n;
    let maxSeq = 0;
    let pos = this.shift;
    for (const f of layout.fields) {
      pos -= BigInt(f.bits);
      const max = 2 ** f.bits - 1;
      if (f.name === 'sequence') {
        seqShift = pos;
        maxSeq = max;
        continue;
      }
      const v = (opts as Record<string, number | undefined>)[f.name] ?? 0;
      if (!Number.isInteger(v) || v < 0 || v > max) {
        throw new IdError('INVALID_ARGUMENT', `${f.name} must be an integer from 0 to ${max} for ${layout.name} snowflakes; got ${shown(v)}.`);
      }
      fixed |= BigInt(v) << pos;
    }
    this.fixedBits = fixed;
    this.seqShift = seqShift;
    this.maxSeq = maxSeq;
  }

  /** The next ID, at `timeMs` (default: the clock), or in a later unit when that one is used up. */
  next(timeMs?: number): string {
    const t = timeMs ?? this.clock();
    let unit = Math.floor((t - this.layout.epochMs) / this.layout.unitMs);
    if (!Number.isFinite(unit) || unit < 0 || unit > this.maxUnit) {
      throw new IdError('TIME_OUT_OF_RANGE',
        `${this.layout.name} snowflakes hold times from ${formatIso(this.layout.epochMs)} to ` +
        `${formatIso(this.layout.epochMs + this.maxUnit * this.layout.unitMs)}; got ${Number.isFinite(t) && Math.abs(t) <= 8.64e15 ? formatIso(t) : shown(t)}.`);
    }
    const now = timeMs === undefined;
    if (now) unit = this.timeline.nowUnit(unit);
    let seq = this.lastSeq(unit) + 1;
    while (seq > this.maxSeq) {
      if (unit >= this.maxUnit) {
        throw new IdError('MONOTONIC_OVERFLOW', `The ${this.layout.name} snowflake sequence ran out at the last time the layout holds.`);
      }
      seq = this.lastSeq(++unit) + 1;
    }
    if (unit !== this.curUnit) {
      if (this.curUnit >= 0) this.timeline.set(this.curUnit, this.curSeq);
      this.curUnit = unit;
    }
    this.curSeq = seq;
    if (now) this.timeline.noteNow(unit);
    return (BigInt(unit) << this.shift | this.fixedBits | BigInt(seq) << this.seqShift).toString();
  }

  private lastSeq(unit: number): number {
    return unit === this.curUnit ? this.curSeq : (this.timeline.get(unit) ?? -1);
  }
}
