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
const MAX_U64 = (1n << 64n) - 1n;
/** Readings up to this far past `now` still count as plausible (clock skew between machines). */
const FUTURE_MARGIN_MS = 86_400_000;

function shiftOf(l: SnowflakeLayout): number {
  return l.fields.reduce((sum, f) => sum + f.bits, 0);
}

/** A preset name, or a custom epoch in Unix ms on the Twitter layout. */
export function resolveEpoch(epoch: string | number, now: number = Date.now()): SnowflakeLayout {
  const text = typeof epoch === 'number' ? String(epoch) : epoch.trim();
  const preset = SNOWFLAKE_PRESETS[text.toLowerCase() as SnowflakePreset];
  if (preset) return preset;
  if (/^-\d+$/.test(text)) {
    throw new IdError('INVALID_ARGUMENT', `Snowflake epoch ${text} is negative; give a Unix time in milliseconds from 0 to now.`);
  }
  if (!/^\d{1,16}$/.test(text)) {
    throw new IdError('INVALID_ARGUMENT',
      `Unknown snowflake epoch "${text}": use ${PRESET_NAMES.join(', ')} or a custom epoch in Unix milliseconds (e.g. 1420070400000).`);
  }
  const epochMs = Number(text);
  if (epochMs > now) {
    throw new IdError('INVALID_ARGUMENT', `Snowflake epoch ${text} (${formatIso(epochMs)}) is in the future; give it in Unix milliseconds.`);
  }
  return { ...SNOWFLAKE_PRESETS.twitter, name: 'custom', epochMs, launchMs: epochMs };
}

/** `^\d{1,20}$` and at most 2^64-1, checked before BigInt() (which accepts "", "0x10", " 1 "). */
export function parseSnowflake(text: string): bigint {
  if (text === '') throw new IdError('EMPTY', 'A snowflake is a decimal number; got an empty string.');
  if (!/^\d+$/.test(text)) {
    throw new IdError('INVALID_CHARACTER', `A snowflake is written with the digits 0-9 only; "${text}" has other characters.`);
  }
  if (text.length > 20) {
    throw new IdError('INVALID_LENGTH', `A snowflake has at most 20 digits; "${text}" has ${text.length}.`);
  }
  const value = BigInt(text);
  if (value > MAX_U64) {
    throw new IdError('OVERFLOW', `${text} is larger than 2^64-1 (18446744073709551615), the largest 64-bit snowflake.`);
  }
  return value;
}

function read(value: bigint, l: SnowflakeLayout, now: number): SnowflakeCandidate {
  let rest = value;
  const fields: Record<string, FieldValue> = {};
  for (let i = l.fields.length - 1; i >= 0; i--) {
    const f = l.fields[i]!;
    fields[f.name] = Number(rest & ((1n << BigInt(f.bits)) - 1n));
    rest >>= BigInt(f.bits);
  }
  // The time is everything above the fields (not masked to timeBits), as other decoders do.
  const unixMs = l.epochMs + Number(rest) * l.unitMs;
  const ordered: Record<string, FieldValue> = {};
  for (const f of l.fields) ordered[f.name] = fields[f.name]!;
  return {
    epoch: l.name,
    time: formatIso(unixMs),
    unixMs,
    fields: ordered,
    plausible: unixMs >= l.launchMs && unixMs <= now + FUTURE_MARGIN_MS,
  };
}

/**
 * Every preset's reading. Likely first: plausible readings ordered by closeness to `now` (recent
 * IDs are the ones people paste), then the implausible ones in preset order.
 */
export function snowflakeCandidates(value: bigint, now: number = Date.now()): SnowflakeCandidate[] {
  const all = PRESET_NAMES.map((name) => read(value, SNOWFLAKE_PRESETS[name], now));
  const plausible = all.filter((c) => c.plausible).sort((a, b) => Math.abs(now - a.unixMs) - Math.abs(now - b.unixMs));
  return [...plausible, ...all.filter((c) => !c.plausible)];
}

function isAuto(epoch: unknown): boolean {
  return epoch === undefined || epoch === null || (typeof epoch === 'string' && (epoch.trim() === '' || epoch.trim().toLowerCase() === 'auto'));
}

/**
 * Decodes a decimal snowflake. With an epoch (preset, custom ms or layout): that reading.
 * Without one (or `auto`): `candidates` for every preset, and `time` only when exactly one
 * reading is plausible. Invalid text yields `valid: false` with the parser's message.
 */
export function decodeSnowflake(text: string, epoch?: string | number | SnowflakeLayout, now: number = Date.now()): Decoded {
  let value: bigint;
  try {
    value = parseSnowflake(text);
  } catch (e) {
    if (!(e instanceof IdError)) throw e;
    return { input: text, kind: 'snowflake', valid: false, error: e.message, errorCode: e.code, fields: {} };
  }
  if (!isAuto(epoch)) {
    const l = typeof epoch === 'object' ? epoch : resolveEpoch(epoch as string | number, now);
    const c = read(value, l, now);
    return { input: text, kind: 'snowflake', valid: true, time: c.time, unixMs: c.unixMs, fields: { epoch: c.epoch, ...c.fields } };
  }
  const candidates = snowflakeCandidates(value, now);
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
 * Strictly increasing snowflakes for one layout and one set of node ids. The time is a logical
 * clock: it never goes back when the wall clock does, and it steps one unit ahead when the
 * sequence of a unit runs out, so neither case can produce a duplicate or a busy wait.
 */
export class SnowflakeGenerator {
  private readonly clock: Clock;
  private readonly fixedBits: bigint;
  private readonly seqShift: bigint;
  private readonly maxSeq: number;
  private readonly maxUnit: number;
  private readonly shift: bigint;
  private lastUnit = -1;
  private seq = 0;

  constructor(readonly layout: SnowflakeLayout, opts: SnowflakeGeneratorOptions = {}) {
    this.clock = opts.clock ?? systemClock;
    this.shift = BigInt(shiftOf(layout));
    this.maxUnit = 2 ** layout.timeBits - 1;
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
        throw new IdError('INVALID_ARGUMENT', `${f.name} must be an integer from 0 to ${max} for ${layout.name} snowflakes; got ${v}.`);
      }
      fixed |= BigInt(v) << pos;
    }
    this.fixedBits = fixed;
    this.seqShift = seqShift;
    this.maxSeq = maxSeq;
  }

  /** The next ID, at `timeMs` (default: the clock) or just after the last one if that is later. */
  next(timeMs?: number): string {
    const t = timeMs ?? this.clock();
    const unit = Math.floor((t - this.layout.epochMs) / this.layout.unitMs);
    if (!Number.isFinite(unit) || unit < 0 || unit > this.maxUnit) {
      throw new IdError('TIME_OUT_OF_RANGE',
        `${this.layout.name} snowflakes hold times from ${formatIso(this.layout.epochMs)} to ` +
        `${formatIso(this.layout.epochMs + this.maxUnit * this.layout.unitMs)}; got ${Number.isFinite(t) ? formatIso(t) : t}.`);
    }
    if (unit > this.lastUnit) {
      this.lastUnit = unit;
      this.seq = 0;
    } else if (this.seq < this.maxSeq) {
      this.seq++;
    } else {
      if (this.lastUnit >= this.maxUnit) {
        throw new IdError('MONOTONIC_OVERFLOW', `The ${this.layout.name} snowflake sequence ran out at the last time the layout holds.`);
      }
      this.lastUnit++;
      this.seq = 0;
    }
    return (BigInt(this.lastUnit) << this.shift | this.fixedBits | BigInt(this.seq) << this.seqShift).toString();
  }
}
