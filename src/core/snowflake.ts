import { requireText, shown } from './args';
import { Timeline } from './timeline';
import { formatIso } from './time';
import { systemClock } from './random';
import { IdError } from './types';
import type { Clock, SnowflakeField, SnowflakeLayout, SnowflakePreset } from './types';

// 64-bit IDs written in decimal: a time count above a few fixed-width fields. This module holds
// the layouts, the one parser of an epoch setting/flag/option, and the generator; reading a
// snowflake lives in formats/snowflake.ts. Values stay BigInt in the generator because Discord
// and Twitter IDs passed 2^53 long ago.

export type { SnowflakeField, SnowflakeLayout };

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
/** The presets in the order readings are listed when none is more plausible. */
export const SNOWFLAKE_PRESET_LIST: readonly SnowflakeLayout[] = PRESET_NAMES.map((name) => SNOWFLAKE_PRESETS[name]);
// A Map, not an index into the presets object: "constructor" or "__proto__" must not resolve.
const PRESET_BY_NAME = new Map<string, SnowflakeLayout>(PRESET_NAMES.map((name) => [name, SNOWFLAKE_PRESETS[name]]));
const MAX_U64 = (1n << 64n) - 1n;
/** Readings up to this far past `now` still count as plausible (clock skew between machines). */
export const SNOWFLAKE_FUTURE_MARGIN_MS = 86_400_000;

/** Bits under the time: the fields' total width. */
export function shiftOf(l: SnowflakeLayout): number {
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

const LAYOUT_LABELS: Readonly<Record<SnowflakePreset, string>> = {
  twitter: 'Twitter', discord: 'Discord', instagram: 'Instagram', sonyflake: 'Sonyflake', mastodon: 'Mastodon',
};

/** `Discord`, `Custom epoch` for a reading's preset name (`custom` included). */
export function presetLabel(name: string): string {
  return name === 'custom' ? 'Custom epoch' : (LAYOUT_LABELS[name as SnowflakePreset] ?? name);
}

/** How a chosen layout is named to people: `Discord`, `custom epoch 1420070400000`. */
export function layoutLabel(l: SnowflakeLayout): string {
  return l.name === 'custom' ? `custom epoch ${l.epochMs}` : presetLabel(l.name);
}

function isLayout(v: object): v is SnowflakeLayout {
  const l = v as Partial<SnowflakeLayout>;
  return typeof l.name === 'string' && typeof l.epochMs === 'number' && Array.isArray(l.fields);
}

/**
 * The one reading of a snowflake epoch, whatever it comes from (the `idsmith.snowflake.epoch`
 * setting, `--epoch`, a core option): `undefined` for auto (absent, empty or `auto` in any
 * case), a layout for a preset name (any case) or a custom epoch in Unix ms (number or digits).
 * Throws `INVALID_ARGUMENT` with a message naming what is accepted. Callers parse once and pass
 * the layout on.
 */
export function parseSnowflakeEpoch(raw: unknown, now: number = Date.now()): SnowflakeLayout | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'object' && isLayout(raw)) return raw;
  if (typeof raw === 'number') return resolveEpoch(raw, now);
  if (typeof raw !== 'string') {
    throw new IdError('INVALID_ARGUMENT',
      `A snowflake epoch is "auto", a preset (${PRESET_NAMES.join(', ')}) or Unix milliseconds; got ${shown(raw)}.`);
  }
  const text = raw.trim();
  if (text === '' || text.toLowerCase() === 'auto') return undefined;
  return resolveEpoch(text, now);
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
