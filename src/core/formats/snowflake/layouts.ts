import { requireText, shown } from '../../args';
import { Timeline } from '../../timeline';
import { formatIso, timeForMessage } from '../../time';
import { systemClock } from '../../random';
import { IdError } from '../../types';
import type { Clock, SnowflakeField, SnowflakeLayout, SnowflakeLayoutName, SnowflakePreset } from '../../types';

// 64-bit IDs written in decimal: a time count above a few fixed-width fields. This module holds
// the layouts, the one parser of an epoch setting/flag/option, and the generator; reading a
// snowflake lives in index.ts beside it. Values stay BigInt in the generator because Discord
// and Twitter IDs passed 2^53 long ago.

export type { SnowflakeField, SnowflakeLayout };

function layout(name: SnowflakeLayoutName, epochMs: number, timeBits: number, unitMs: number,
  fields: SnowflakeField[], launchMs = epochMs): SnowflakeLayout {
  return { name, epochMs, timeBits, unitMs, fields, launchMs };
}

/** The layouts `auto` reads: every plausible one of these is listed for a bare number. */
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

/**
 * Layouts read only when named (the epoch setting, `--layout`, a key that names them). They
 * stay out of `auto`: Baidu's 1 s unit from 2016 gives a plausible date to most 19-digit
 * numbers, which would turn one confident reading into two.
 */
export const SNOWFLAKE_NAMED: Readonly<Record<Exclude<SnowflakeLayoutName, SnowflakePreset>, SnowflakeLayout>> = {
  // sony/sonyflake v2 defaults: the v1 bit widths, epoch 2025-01-01 UTC.
  sonyflake2: layout('sonyflake2', Date.UTC(2025, 0, 1), 39, 10,
    [{ name: 'sequence', bits: 8 }, { name: 'machineId', bits: 16 }]),
  // baidu/uid-generator DefaultUidGenerator: sign bit, 28 bits of seconds since 2016-05-20,
  // 22 bits of worker node id, 13 bits of sequence.
  baidu: layout('baidu', Date.UTC(2016, 4, 20), 28, 1000,
    [{ name: 'workerId', bits: 22 }, { name: 'sequence', bits: 13 }]),
};

const PRESET_NAMES = Object.keys(SNOWFLAKE_PRESETS) as SnowflakePreset[];
const LAYOUT_NAMES: readonly string[] = [...PRESET_NAMES, ...Object.keys(SNOWFLAKE_NAMED)];
/** The presets in the order readings are listed when none is more plausible. */
export const SNOWFLAKE_PRESET_LIST: readonly SnowflakeLayout[] = PRESET_NAMES.map((name) => SNOWFLAKE_PRESETS[name]);
// A Map, not an index into the presets object: "constructor" or "__proto__" must not resolve.
const LAYOUT_BY_NAME = new Map<string, SnowflakeLayout>(
  [...SNOWFLAKE_PRESET_LIST, ...Object.values(SNOWFLAKE_NAMED)].map((l) => [l.name, l]),
);
const MAX_U64 = (1n << 64n) - 1n;
/** Readings up to this far past `now` still count as plausible (clock skew between machines). */
export const SNOWFLAKE_FUTURE_MARGIN_MS = 86_400_000;

/** User layouts by lower-case name (`idsmith.snowflake.layouts`), as `parseLayouts` makes them. */
export type NamedLayouts = ReadonlyMap<string, SnowflakeLayout>;

/** Every name a layout can be given by: `twitter, discord, …, sonyflake2, baidu`. */
export function layoutNames(): readonly string[] {
  return LAYOUT_NAMES;
}

/** The built-in layout called `name` (any case), or undefined. */
export function namedLayout(name: string): SnowflakeLayout | undefined {
  return LAYOUT_BY_NAME.get(name.toLowerCase());
}

/** Bits under the time: the fields' total width. */
export function shiftOf(l: SnowflakeLayout): number {
  return l.fields.reduce((sum, f) => sum + f.bits, 0);
}

/** Bits a snowflake of the layout has: its time and its fields (63 for Twitter, 64 for Discord). */
export function widthOf(l: SnowflakeLayout): number {
  return l.timeBits + shiftOf(l);
}

/** The largest value of the layout: every bit of its time and fields set. */
export function maxValueOf(l: SnowflakeLayout): bigint {
  return (1n << BigInt(Math.min(64, widthOf(l)))) - 1n;
}

/** `2014-09-01T00:00:00.000Z to 2188-…`: the times the layout's time field holds. */
export function layoutSpan(l: SnowflakeLayout): string {
  return `from ${formatIso(l.epochMs)} to ${timeForMessage(l.epochMs + (2 ** l.timeBits - 1) * l.unitMs)}`;
}

/** Why `text` is no snowflake of `l`: it needs more bits than the layout's time and fields. */
export function tooWideMessage(text: string, l: SnowflakeLayout): string {
  const fieldBits = shiftOf(l);
  const name = layoutLabel(l);
  return `${text} is wider than the ${/layout$/i.test(name) ? name : `${name} layout`}, which holds ${widthOf(l)} bits ` +
    `(a ${l.timeBits}-bit time${fieldBits > 0 ? ` and ${fieldBits} bits of fields` : ''}): its largest snowflake is ${maxValueOf(l)}, ` +
    `with times ${layoutSpan(l)}.`;
}

const ACCEPTED = `"auto", a layout name (${LAYOUT_NAMES.join(', ')}), a custom epoch in Unix ms, or a layout such as "epoch=2020-01-01,unit=10ms,time=39,sequence=8,machineId=16"`;

/** A layout name (built-in or the user's), a custom epoch in Unix ms on the Twitter layout, or a layout spec. */
export function resolveEpoch(epoch: string | number, now: number = Date.now(), named?: NamedLayouts): SnowflakeLayout {
  if (typeof epoch !== 'string' && typeof epoch !== 'number') {
    throw new IdError('INVALID_ARGUMENT', `A snowflake epoch is ${ACCEPTED}; got ${shown(epoch)}.`);
  }
  const text = typeof epoch === 'number' ? String(epoch) : epoch.trim();
  const known = named?.get(text.toLowerCase()) ?? LAYOUT_BY_NAME.get(text.toLowerCase());
  if (known) return known;
  if (text.includes('=')) return parseLayoutSpec(text, now);
  if (/^-\d+$/.test(text)) {
    throw new IdError('INVALID_ARGUMENT', `Snowflake epoch ${text} is negative; give a Unix time in milliseconds from 0 to now.`);
  }
  if (!/^\d{1,16}$/.test(text)) {
    throw new IdError('INVALID_ARGUMENT', `Unknown snowflake epoch ${shown(text)}: use ${ACCEPTED}.`);
  }
  refuseSeconds(text, (m) => new IdError('INVALID_ARGUMENT', `Snowflake ${m}`));
  const epochMs = Number(text);
  if (epochMs > now) {
    throw new IdError('INVALID_ARGUMENT', `Snowflake epoch ${text} (${formatIso(epochMs)}) is in the future; give it in Unix milliseconds.`);
  }
  return { ...SNOWFLAKE_PRESETS.twitter, name: 'custom', epochMs, launchMs: epochMs };
}

const LAYOUT_LABELS: Readonly<Record<string, string>> = {
  twitter: 'Twitter', discord: 'Discord', instagram: 'Instagram', sonyflake: 'Sonyflake', mastodon: 'Mastodon',
  sonyflake2: 'Sonyflake v2', baidu: 'Baidu uid-generator', layout: 'Custom layout',
};

/** `Discord`, `Custom epoch` for a reading's preset name (`custom` included). */
export function presetLabel(name: string): string {
  return name === 'custom' ? 'Custom epoch' : (Object.hasOwn(LAYOUT_LABELS, name) ? LAYOUT_LABELS[name]! : name);
}

/** How a chosen layout is named to people: `Discord`, `custom epoch 1420070400000`, `myco`. */
export function layoutLabel(l: SnowflakeLayout): string {
  if (l.label !== undefined) return l.label;
  return l.name === 'custom' ? `custom epoch ${l.epochMs}` : presetLabel(l.name);
}

function isLayout(v: object): v is SnowflakeLayout {
  const l = v as Partial<SnowflakeLayout>;
  return typeof l.name === 'string' && typeof l.epochMs === 'number' && typeof l.timeBits === 'number' &&
    typeof l.unitMs === 'number' && typeof l.launchMs === 'number' && Array.isArray(l.fields);
}

/**
 * The one reading of a snowflake epoch, whatever it comes from (the `idsmith.snowflake.epoch`
 * setting, `--epoch`/`--layout`, a core option): `undefined` for auto (absent, empty or `auto`
 * in any case), a layout for a layout name (any case; `named` adds the user's), a custom epoch
 * in Unix ms (number or digits), or a layout spec (text or object, see `parseLayoutSpec`).
 * Throws `INVALID_ARGUMENT` with a message naming what is accepted. Callers parse once and pass
 * the layout on.
 */
export function parseSnowflakeEpoch(raw: unknown, now: number = Date.now(), named?: NamedLayouts): SnowflakeLayout | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'object' && isLayout(raw)) return raw;
  if (typeof raw === 'object' && !Array.isArray(raw)) return parseLayoutSpec(raw, now);
  if (typeof raw === 'number') return resolveEpoch(raw, now, named);
  if (typeof raw !== 'string') throw new IdError('INVALID_ARGUMENT', `A snowflake epoch is ${ACCEPTED}; got ${shown(raw)}.`);
  const text = raw.trim();
  if (text === '' || text.toLowerCase() === 'auto') return undefined;
  return resolveEpoch(text, now, named);
}

const UNITS: Readonly<Record<string, number>> = { '1ms': 1, ms: 1, '10ms': 10, '1s': 1000, s: 1000 };
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
const RESERVED = new Set(['epoch', 'unit', 'time', 'name', 'label']);

function layoutError(message: string): IdError {
  return new IdError('INVALID_ARGUMENT', `Snowflake layout: ${message}`);
}

/**
 * An epoch is in milliseconds; 10 digits are Unix seconds (as `--time` reads them), which as
 * milliseconds would be a day in January 1970. Refused with the milliseconds meant, never guessed.
 */
function refuseSeconds(text: string, error: (message: string) => IdError): void {
  if (/^\d{10}$/.test(text)) {
    throw error(`epoch ${text} has 10 digits: that is Unix seconds (${formatIso(Number(text) * 1000)}); an epoch is given in milliseconds (${text}000).`);
  }
}

function specEpoch(v: unknown, now: number): number {
  let ms: number | undefined;
  if (typeof v === 'string' || typeof v === 'number') refuseSeconds(String(v).trim(), layoutError);
  const year = typeof v === 'number' ? v : typeof v === 'string' && /^\d{4}$/.test(v.trim()) ? Number(v) : NaN;
  if (year >= 1970 && year <= 2100) throw layoutError(`epoch ${year} reads as ${year} ms after 1970; for the year write ${year}-01-01.`);
  if (typeof v === 'number' && Number.isInteger(v)) ms = v;
  else if (typeof v === 'string' && /^\d{1,16}$/.test(v.trim())) ms = Number(v.trim());
  else if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v.trim())) {
    const t = v.trim();
    // A date alone or a time without a zone is UTC, as epochs in ID libraries are.
    ms = Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(t) || t.length === 10 ? t : `${t}Z`);
  }
  if (ms === undefined || !Number.isFinite(ms) || ms < 0) {
    throw layoutError(`epoch must be Unix milliseconds or a UTC date such as 2020-01-01; got ${shown(v)}.`);
  }
  if (ms > now) throw layoutError(`epoch ${formatIso(ms)} is in the future.`);
  return ms;
}

function specUnit(v: unknown): number {
  if (v === undefined) return 1;
  if (typeof v === 'number' && (v === 1 || v === 10 || v === 1000)) return v;
  const unit = typeof v === 'string' ? UNITS[v.trim().toLowerCase()] : undefined;
  if (unit === undefined) throw layoutError(`unit must be 1ms, 10ms or 1s; got ${shown(v)}.`);
  return unit;
}

function specBits(name: string, v: unknown): number {
  const n = typeof v === 'string' && /^\d{1,2}$/.test(v.trim()) ? Number(v.trim()) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 63) {
    throw layoutError(`${name} takes a number of bits from 1 to 63; got ${shown(v)}.`);
  }
  return n;
}

/**
 * A user-defined layout, written as text (`--layout`, the epoch setting):
 * `epoch=2020-01-01,unit=10ms,time=39,sequence=8,machineId=16`, or as an object (a value of
 * `idsmith.snowflake.layouts`): `{ "epoch": "2020-01-01", "unit": "10ms", "time": 39,
 * "fields": { "sequence": 8, "machineId": 16 } }` (`fields` may also be `[{ name, bits }]`).
 * Fields are listed most significant first, below the time. `unit` is 1ms (default), 10ms or
 * 1s; `time` defaults to what the fields leave of 63 bits (the sign bit stays clear, as in
 * Sonyflake and Baidu's generator). The epoch is Unix ms or a UTC date.
 */
export function parseLayoutSpec(spec: unknown, now: number = Date.now(), name = 'layout'): SnowflakeLayout {
  let entries: [string, unknown][];
  let fieldEntries: [string, unknown][];
  if (typeof spec === 'string') {
    entries = [];
    for (const part of spec.split(',')) {
      const eq = part.indexOf('=');
      if (part.trim() === '') continue;
      if (eq <= 0) throw layoutError(`expected name=value, got ${shown(part.trim())}.`);
      entries.push([part.slice(0, eq).trim(), part.slice(eq + 1).trim()]);
    }
    fieldEntries = entries.filter(([k]) => !RESERVED.has(k));
  } else if (typeof spec === 'object' && spec !== null && !Array.isArray(spec)) {
    const o = spec as Record<string, unknown>;
    const unknown = Object.keys(o).filter((k) => !RESERVED.has(k) && k !== 'fields' && k !== 'timeBits');
    if (unknown.length > 0) throw layoutError(`unknown key ${shown(unknown[0])}; use epoch, unit, time and fields.`);
    entries = Object.entries(o).map(([k, v]) => [k === 'timeBits' ? 'time' : k, v]);
    const f = o.fields;
    if (Array.isArray(f)) {
      fieldEntries = f.map((x) => {
        const e = x as { name?: unknown; bits?: unknown } | null;
        if (typeof e !== 'object' || e === null || typeof e.name !== 'string') throw layoutError(`each field is { "name": …, "bits": … }; got ${shown(x)}.`);
        return [e.name, e.bits];
      });
    } else if (typeof f === 'object' && f !== null) {
      fieldEntries = Object.entries(f);
    } else {
      throw layoutError('fields must list the fields under the time, e.g. { "sequence": 12 }.');
    }
  } else {
    throw layoutError(`expected text such as "epoch=2020-01-01,time=41,workerId=10,sequence=12" or an object; got ${shown(spec)}.`);
  }
  const get = (key: string): unknown => entries.find(([k]) => k === key)?.[1];
  if (get('epoch') === undefined) throw layoutError('epoch is required (Unix ms or a UTC date such as 2020-01-01).');
  const epochMs = specEpoch(get('epoch'), now);
  const unitMs = specUnit(get('unit'));
  const seen = new Set<string>();
  const fields: SnowflakeField[] = fieldEntries.map(([k, v]) => {
    if (!FIELD_NAME.test(k)) throw layoutError(`field name ${shown(k)} must be a word (letters, digits, _).`);
    if (seen.has(k)) throw layoutError(`field ${k} is given twice.`);
    seen.add(k);
    return { name: k, bits: specBits(k, v) };
  });
  const fieldBits = fields.reduce((sum, f) => sum + f.bits, 0);
  const timeBits = get('time') === undefined ? 63 - fieldBits : specBits('time', get('time'));
  if (timeBits < 1 || timeBits + fieldBits > 64) {
    throw layoutError(`the time (${timeBits} bits) and the fields (${fieldBits} bits) must fit in 64 bits.`);
  }
  const label = typeof get('label') === 'string' ? (get('label') as string) : name === 'layout' ? undefined : name;
  return { name, ...(label === undefined ? {} : { label }), epochMs, timeBits, unitMs, fields, launchMs: epochMs };
}

/**
 * The user's named layouts (`idsmith.snowflake.layouts`: name → spec text or object). Names are
 * matched in any case and must not shadow a built-in one. Bad entries are reported and skipped,
 * so one typo does not disable the others.
 */
export function parseLayouts(raw: unknown, now: number = Date.now()): { layouts: NamedLayouts; errors: string[] } {
  const layouts = new Map<string, SnowflakeLayout>();
  const errors: string[] = [];
  if (raw === undefined || raw === null) return { layouts, errors };
  if (typeof raw !== 'object' || Array.isArray(raw)) return { layouts, errors: ['expected an object of name: layout'] };
  for (const [name, spec] of Object.entries(raw as Record<string, unknown>)) {
    if (!FIELD_NAME.test(name)) {
      errors.push(`${shown(name)}: a layout name is a word (letters, digits, _)`);
      continue;
    }
    if (LAYOUT_BY_NAME.has(name.toLowerCase()) || name.toLowerCase() === 'auto' || name.toLowerCase() === 'custom') {
      errors.push(`${name}: the name of a built-in layout`);
      continue;
    }
    try {
      layouts.set(name.toLowerCase(), parseLayoutSpec(spec, now, name));
    } catch (e) {
      if (!(e instanceof IdError)) throw e;
      errors.push(`${name}: ${e.message.replace(/^Snowflake layout: /, '')}`);
    }
  }
  return { layouts, errors };
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
      throw new IdError('TIME_OUT_OF_RANGE', `${layoutLabel(this.layout)} snowflakes hold times ${layoutSpan(this.layout)}; got ${timeForMessage(t)}.`);
    }
    const now = timeMs === undefined;
    if (now) unit = this.timeline.nowUnit(unit);
    unit = this.timeline.open(unit);
    if (unit > this.maxUnit) {
      throw new IdError('MONOTONIC_OVERFLOW', `The ${this.layout.name} snowflake sequence ran out at the last time the layout holds.`);
    }
    const seq = this.lastSeq(unit) + 1;
    if (unit !== this.curUnit) {
      if (this.curUnit >= 0) this.timeline.set(this.curUnit, this.curSeq);
      this.curUnit = unit;
    }
    this.curSeq = seq;
    if (seq === this.maxSeq) this.timeline.markFull(unit);
    if (now) this.timeline.noteNow(unit);
    return (BigInt(unit) << this.shift | this.fixedBits | BigInt(seq) << this.seqShift).toString();
  }

  private lastSeq(unit: number): number {
    return unit === this.curUnit ? this.curSeq : (this.timeline.get(unit) ?? -1);
  }
}
