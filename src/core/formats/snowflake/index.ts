import { optional, requireNumber, requireText } from '../../args';
import { bigIntToBytes } from '../../bytes';
import { isoFromMs } from '../../iso';
import {
  SNOWFLAKE_FUTURE_MARGIN_MS, SNOWFLAKE_PRESETS, SNOWFLAKE_PRESET_LIST, SnowflakeGenerator, layoutLabel, layoutNames, layoutSpan, parseSnowflake,
  parseSnowflakeEpoch, shiftOf, tooWideMessage, widthOf,
} from './layouts';
import { MAX_DATE_MS, timeForMessage } from '../../time';
import { IdError, type FieldValue, type SnowflakeCandidate, type SnowflakeLayout } from '../../types';
import { repeat } from '../../timeline';
import { pad } from '../boundsText';
import { readHexOf } from '../numeric';
import { DecodedBase, failed } from '../decoded';
import { CHAR, type DecodedId, type BoundsCodec, type DecodeOptions, type FormatModule, type GenerateOptions, type GeneratorEnv, type KindGenerator, type OptionSpec, type RegenerateContext, type RegeneratePlan, type Refusal, type Run, type ScanContext, type ScanHit } from '../types';
import { digestKeyBefore } from '../digestKeys';

// Reading a decimal snowflake. Without a layout every preset's reading is listed, likely first;
// with one, that reading. The ISO text of each reading is made only when shown.

// Decoding works on the value split into two 32-bit Numbers: BigInt parsing and one BigInt op
// per field made a decode cost 10x @sapphire/snowflake's. Every preset keeps its fields below
// bit 32 (shift <= 24), so each field is a shift and mask of the low half.
const TWO_32 = 4294967296;
let hi = 0;
let lo = 0;

/**
 * Sets `hi`/`lo` when `text` is what parseSnowflake accepts; false otherwise. The digits are
 * read as `a * 10^9 + b` (a < 10^11, b < 10^9, both exact) and recombined in 16-bit steps so
 * every intermediate stays below 2^53. Validation is branch-free: a non-digit makes `d` or
 * `9 - d` negative, which sets the sign bit of `bad` (one test at the end, measured 15% faster
 * than a test per character).
 */
function splitDecimal(text: string): boolean {
  return splitDecimalAt(text, 0, text.length);
}

/** `splitDecimal` of text[start, end), read in place (the scanner's digits need no slice). */
function splitDecimalAt(text: string, start: number, end: number): boolean {
  const n = end - start;
  if (n === 0 || n > 20) return false;
  const cut = n > 9 ? end - 9 : start;
  let a = 0, b = 0, bad = 0;
  for (let i = start; i < cut; i++) {
    const d = text.charCodeAt(i) - 48;
    bad |= d | (9 - d);
    a = a * 10 + d;
  }
  for (let i = cut; i < end; i++) {
    const d = text.charCodeAt(i) - 48;
    bad |= d | (9 - d);
    b = (b * 10 + d) | 0;
  }
  if (bad < 0) return false;
  // a * 10^9 = (ah * 2^16 + al) * 10^9; x = ah * 10^9 < 2^53 contributes x * 2^16.
  const ah = Math.floor(a / 65536);
  const x = ah * 1e9;
  const y = (a - ah * 65536) * 1e9 + b;
  const xh = Math.floor(x / 65536);
  const low = (x - xh * 65536) * 65536 + y;
  const carry = Math.floor(low / TWO_32);
  const h = xh + carry;
  if (h >= TWO_32) return false;
  hi = h;
  lo = low - carry * TWO_32;
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

// Layouts are treated as immutable once decoded with (presets, and parseSnowflakeEpoch's objects).
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

// A layout's width, kept for the last layout asked about (decodes come in runs of one layout).
let widthLayout: SnowflakeLayout | undefined;
let widthBits = 64;

/**
 * Whether the current `hi`/`lo` fits in `l`'s time and fields. A value with bits above them is
 * no ID of that layout: its "time" would be the high bits read as more time than the field holds.
 */
function fits(l: SnowflakeLayout): boolean {
  if (l !== widthLayout) {
    widthLayout = l;
    widthBits = widthOf(l);
  }
  return fitsBits(widthBits);
}

function fitsBits(bits: number): boolean {
  if (bits >= 64) return true;
  if (bits > 32) return hi < 2 ** (bits - 32);
  return hi === 0 && lo < 2 ** bits;
}

const PRESET_WIDTHS: readonly number[] = SNOWFLAKE_PRESET_LIST.map(widthOf);
// `fitsBits(PRESET_WIDTHS[i])` as two bounds, `hi < PRESET_HI[i] && lo < PRESET_LO[i]`, and each
// preset's plan: a read tries all seven presets, and `2 ** …` per test and a WeakMap lookup per
// preset (the one-layout cache of `planOf` misses on every step) were a third of its time.
const PRESET_HI: readonly number[] = PRESET_WIDTHS.map((w) => (w >= 64 ? Infinity : w > 32 ? 2 ** (w - 32) : 1));
const PRESET_LO: readonly number[] = PRESET_WIDTHS.map((w) => (w > 32 ? Infinity : 2 ** w));
const PRESET_PLANS: readonly (Plan | null)[] = SNOWFLAKE_PRESET_LIST.map(planOf);

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

/** Unix ms of the current `hi`/`lo` under `l`, without the fields. */
function timeOf(l: SnowflakeLayout): number {
  const plan = planOf(l);
  if (plan === null) return l.epochMs + Number(((BigInt(hi) << 32n) | BigInt(lo)) >> BigInt(shiftOf(l))) * l.unitMs;
  return l.epochMs + (hi * plan.hiScale + (lo >>> plan.shift)) * l.unitMs;
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

/** One preset's reading; its ISO text is made when read. */
class Candidate implements SnowflakeCandidate {
  private iso?: string;
  constructor(
    readonly epoch: SnowflakeCandidate['epoch'],
    readonly unixMs: number,
    readonly fields: Record<string, FieldValue>,
    readonly plausible: boolean,
  ) {}

  get time(): string {
    return (this.iso ??= isoFromMs(this.unixMs));
  }

  toJSON(): SnowflakeCandidate {
    return { epoch: this.epoch, time: this.time, unixMs: this.unixMs, fields: this.fields, plausible: this.plausible };
  }
}

function candidate(l: SnowflakeLayout, now: number): Candidate {
  const fields = readFields(l, false);
  const unixMs = readMs;
  return new Candidate(l.name as SnowflakeCandidate['epoch'], unixMs, fields, unixMs >= l.launchMs && unixMs <= now + SNOWFLAKE_FUTURE_MARGIN_MS);
}

/** Candidates of the current `hi`/`lo`, ordered as `snowflakeCandidates` documents. */
function candidatesOfHalves(now: number): SnowflakeCandidate[] {
  // Only layouts the value fits: 2^64-1 is no Twitter snowflake (63 bits), at any date.
  const all: Candidate[] = [];
  for (let i = 0; i < SNOWFLAKE_PRESET_LIST.length; i++) {
    if (fitsBits(PRESET_WIDTHS[i]!)) all.push(candidate(SNOWFLAKE_PRESET_LIST[i]!, now));
  }
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

/**
 * A decoded snowflake keeps its value as two 32-bit halves and its layout; its fields and 8
 * bytes are made from them when first read (the hover reads them, the scanner mostly not).
 */
class SnowflakeId extends DecodedBase {
  declare readonly hi: number;
  declare readonly lo: number;
  private declare readonly layout: SnowflakeLayout | undefined;
  /** Read without a layout (auto) at this time: `candidates` are every preset's reading, made when read. */
  declare autoNow?: number;
  declare lazyCandidates?: SnowflakeCandidate[];

  constructor(input: string, h: number, l: number, layout: SnowflakeLayout | undefined, unixMs: number | undefined) {
    super();
    // `format` and `valid` are the same for every decoded snowflake: they live on the prototype
    // (below), two stores fewer per decode.
    this.input = input;
    if (layout === undefined) this.lazyFields = {};
    this.hi = h;
    this.lo = l;
    this.layout = layout;
    // Set in every decode (undefined when no reading is sure) so all decoded snowflakes share one shape.
    this.unixMs = unixMs;
  }

  override get bytes(): Uint8Array {
    return (this.lazyBytes ??= bigIntToBytes((BigInt(this.hi) << 32n) | BigInt(this.lo), 8));
  }

  protected override makeFields(): Record<string, FieldValue> {
    hi = this.hi;
    lo = this.lo;
    return readFields(this.layout!, true);
  }
}

// A prototype accessor (a class accessor may not override the base's declared property): an
// auto reading's candidates are made on first read; a layout's reading has none.
Object.defineProperty(SnowflakeId.prototype, 'candidates', {
  configurable: true,
  enumerable: false,
  get(this: SnowflakeId): SnowflakeCandidate[] | undefined {
    if (this.autoNow === undefined) return this.lazyCandidates;
    if (this.lazyCandidates === undefined) {
      hi = this.hi;
      lo = this.lo;
      this.lazyCandidates = candidatesOfHalves(this.autoNow);
    }
    return this.lazyCandidates;
  },
  set(this: SnowflakeId, v: SnowflakeCandidate[] | undefined) {
    this.lazyCandidates = v;
  },
});

// Set once `snowflake` exists (the module object is defined below).
function shareConstants(): void {
  Object.defineProperties(SnowflakeId.prototype, {
    format: { value: snowflake, writable: true, configurable: true },
    valid: { value: true, writable: true, configurable: true },
  });
}

/**
 * A session's snowflakes: one `SnowflakeGenerator` per layout and node ids serves now- and
 * explicit-time requests alike. Any epoch form is read (auto makes Twitter snowflakes).
 */
function snowflakes(env: GeneratorEnv): KindGenerator {
  const byLayout = new Map<string, SnowflakeGenerator>();
  return {
    generate: (n: number, o: GenerateOptions) => {
      const layout = parseSnowflakeEpoch(o.epoch) ?? SNOWFLAKE_PRESETS.twitter;
      // Each field of the layout from the option of its name (a written-out layout's `shard` too).
      const ids: Record<string, unknown> = {};
      for (const f of layout.fields) if (f.name !== 'sequence') ids[f.name] = (o as Record<string, unknown>)[f.name];
      // The whole layout: two user layouts may share a name across settings changes.
      const key = JSON.stringify([layout.name, layout.epochMs, layout.timeBits, layout.unitMs, layout.fields, ids]);
      let g = byLayout.get(key);
      if (!g) {
        g = new SnowflakeGenerator(layout, { ...ids, clock: env.clock });
        byLayout.set(key, g);
      }
      const sf = g;
      return repeat(n, () => sf.next(o.timeMs));
    },
  };
}

const EPOCH_OPTION: OptionSpec = {
  name: 'epoch', type: 'string', aliases: ['layout'], default: 'twitter',
  description: 'the layout: twitter, discord, instagram, sonyflake, mastodon, sonyflake2, baidu, a custom epoch in Unix ms, or a layout written out (epoch=2020-01-01,unit=1ms,time=41,shard=10,sequence=12)',
  parse: (text, now) => parseSnowflakeEpoch(text, now),
};

/** `--worker` for `workerId`, `worker_id` or `worker`: the flag of a layout's field. */
function flagOf(field: string): string {
  return field.replace(/_?id$/i, '').toLowerCase() || field.toLowerCase();
}

/** A field of a layout below the time (other than the sequence): one id per process or machine. */
function nodeOption(name: string, bits: number, where: string): OptionSpec {
  return {
    name, flag: flagOf(name), type: 'number', min: 0, max: 2 ** bits - 1, default: 0, perProcess: true,
    description: `the ${name} of ${where} snowflakes, ${bits} bits`,
  };
}

/**
 * The node ids of the built-in layouts. Their limits are the layout's field width (`optionsFor`):
 * a worker id is 5 bits in Twitter's and Discord's layouts and 22 bits in Baidu's.
 */
const NODE_OPTIONS: readonly OptionSpec[] = [
  { name: 'workerId', flag: 'worker', type: 'number', default: 0, perProcess: true, description: 'worker id: 0-31 (twitter, discord), 0-4194303 (baidu)' },
  { name: 'processId', flag: 'process', type: 'number', default: 0, perProcess: true, description: 'process id: 0-31 (discord)' },
  { name: 'datacenterId', flag: 'datacenter', type: 'number', default: 0, perProcess: true, description: 'datacenter id: 0-31 (twitter)' },
  { name: 'shardId', flag: 'shard', type: 'number', default: 0, perProcess: true, description: 'shard id: 0-8191 (instagram)' },
  { name: 'machineId', flag: 'machine', type: 'number', default: 0, perProcess: true, description: 'machine id: 0-65535 (sonyflake, sonyflake2)' },
];

/** `0x` + the value's hex digits, from the two halves (no BigInt, no re-parse). */
function hexOf(h: number, l: number): string {
  return h === 0 ? `0x${l.toString(16)}` : `0x${h.toString(16)}${l.toString(16).padStart(8, '0')}`;
}

function read(text: string, layout: SnowflakeLayout | undefined, now: number | undefined): DecodedBase {
  if (!splitDecimal(text)) {
    try {
      parseSnowflake(text);
    } catch (e) {
      return failed(snowflake, text, e);
    }
    throw new Error(`Snowflake parsers disagree on "${text}"`); // a bug in splitDecimal, not bad input
  }
  return readSplit(text, layout, now);
}

/** `read` of `text` once `hi`/`lo` hold its value. */
function readSplit(text: string, layout: SnowflakeLayout | undefined, now: number | undefined): DecodedBase {
  if (layout !== undefined) {
    if (!fits(layout)) return failed(snowflake, text, new IdError('OVERFLOW', tooWideMessage(text, layout)));
    const ms = timeOf(layout);
    if (ms > MAX_DATE_MS) {
      return failed(snowflake, text, new IdError('TIME_OUT_OF_RANGE',
        `${text} read as a ${layoutLabel(layout)} snowflake holds ${timeForMessage(ms)}: no date can show it.`));
    }
    return new SnowflakeId(text, hi, lo, layout, ms);
  }
  // `now` is read only where needed: Date.now() on every decode cost as much as the fields.
  const at = now ?? Date.now();
  // Count the plausible presets by their time alone; the candidates (fields, ordering) are made
  // when read: a log scan reads none of them, and making them was a third of its garbage.
  let only = -1;
  let onlyMs = 0;
  let count = 0;
  for (let i = 0; i < SNOWFLAKE_PRESET_LIST.length; i++) {
    if (!(hi < PRESET_HI[i]! && lo < PRESET_LO[i]!)) continue;
    const l = SNOWFLAKE_PRESET_LIST[i]!;
    const plan = PRESET_PLANS[i]!;
    const ms = plan === null ? timeOf(l) : l.epochMs + (hi * plan.hiScale + (lo >>> plan.shift)) * l.unitMs;
    if (ms >= l.launchMs && ms <= at + SNOWFLAKE_FUTURE_MARGIN_MS && count++ === 0) {
      only = i;
      onlyMs = ms;
    }
  }
  const id = new SnowflakeId(text, hi, lo, count === 1 ? SNOWFLAKE_PRESET_LIST[only]! : undefined, count === 1 ? onlyMs : undefined);
  id.autoNow = at;
  id.plausible = count > 0;
  return id;
}

/**
 * Decodes a decimal snowflake. With an epoch (preset, custom ms or layout): that reading.
 * Without one (or `auto`): `candidates` for every preset, and `time` only when exactly one
 * reading is plausible. Invalid text yields `valid: false` with the parser's message.
 */
export function decodeSnowflake(text: string, epoch?: unknown, now?: number): DecodedId {
  requireText(text, 'a snowflake');
  optional(now, requireNumber, 'the current time');
  // Presets by their exact name skip the parser: the common call in loops.
  const layout = typeof epoch === 'string' && Object.hasOwn(SNOWFLAKE_PRESETS, epoch)
    ? SNOWFLAKE_PRESETS[epoch as keyof typeof SNOWFLAKE_PRESETS]
    : parseSnowflakeEpoch(epoch, now ?? Date.now());
  return read(text, layout, now);
}

function boundsCodec(l: SnowflakeLayout): BoundsCodec {
  const shift = BigInt(shiftOf(l));
  const maxUnit = 2 ** l.timeBits - 1;
  return {
    unitMs: l.unitMs,
    text: (ms, high) => {
      const unit = Math.floor((ms - l.epochMs) / l.unitMs);
      if (!Number.isFinite(unit) || unit < 0 || unit > maxUnit) {
        throw new IdError('TIME_OUT_OF_RANGE', `${layoutLabel(l)} snowflakes hold times ${layoutSpan(l)}; got ${timeForMessage(ms)}.`);
      }
      const v = (BigInt(unit) << shift) | (high ? (1n << shift) - 1n : 0n);
      return v.toString();
    },
    span: (p, n) => {
      // An empty prefix matches every number, whatever its length.
      const maxValid = ((BigInt(maxUnit) + 1n) << shift) - 1n;
      if (p === '') return ['0', maxValid.toString()];
      const [a, b] = pad(p, n, '0', '9');
      return [a, BigInt(b) > maxValid ? maxValid.toString() : b];
    },
    timeOf: (t) => l.epochMs + Number(BigInt(t) >> shift) * l.unitMs,
  };
}

const DASH = 45, PLUS = 43, DOT = 46;

function repeatsAfterFirst(text: string, start: number, end: number): boolean {
  const c = text.charCodeAt(start + 1);
  for (let i = start + 2; i < end; i++) if (text.charCodeAt(i) !== c) return false;
  return true;
}

/**
 * Digits with a pattern no clock writes: a run of six equal digits (`999999998000000000`), six
 * consecutive ones up or down (`123456789123456789`), a block repeated for eight more digits,
 * or all but five places zeros and nines (`900000000000000009`). In a random 17-20 digit number
 * each has odds below 1 in 5,000, and real snowflakes are random below their first digits.
 */
function patterned(d: Uint8Array, n: number, fieldsFree: boolean): boolean {
  // Six equal, rising or falling digits are five steps in a row of -1, 0 or +1. The digits are
  // read once with no branch per digit (a branch on each random digit was most of the time);
  // only when five such steps come in a row are the runs told apart (`equalOrStepRuns`).
  // `steps` turns negative once `near` (such steps in a row) reaches 5.
  let near = 0, steps = 0, filler = FILLER[d[0]!]!;
  for (let i = 1; i < n; i++) {
    const c = d[i]!;
    filler += FILLER[c]!;
    const x = c - d[i - 1]! + 1; // 0, 1, 2 for a step of -1, 0, +1
    near = (near + 1) & (((x - 3) & ~x) >> 31);
    steps |= 4 - near;
  }
  if (steps < 0 && equalOrStepRuns(d, n, fieldsFree)) return true;
  if (fieldsFree && filler >= n - 5) return true;
  return repeatsBlock(d, n);
}

/** 1 for the char codes of `0` and `9`, the filler digits. */
const FILLER = (() => {
  const t = new Uint8Array(256);
  t[48] = 1;
  t[57] = 1;
  return t;
})();

/** Whether `d[0, n)` holds six equal digits (not `0`s or `f`s unless `fieldsFree`), or six rising or falling by one. */
function equalOrStepRuns(d: Uint8Array, n: number, fieldsFree: boolean): boolean {
  let same = 1, up = 1, down = 1;
  for (let i = 1; i < n; i++) {
    const c = d[i]!;
    const p = d[i - 1]!;
    same = c === p ? same + 1 : 1;
    up = c === p + 1 ? up + 1 : 1;
    down = c === p - 1 ? down + 1 : 1;
    if ((same >= 6 && (fieldsFree || (c !== 48 && c !== 102))) || up >= 6 || down >= 6) return true;
  }
  return false;
}

/**
 * A block repeated for eight more digits: eight positions in a row equal to the digit `period`
 * before. Any eight in a row hold a multiple of 8, so only those are tried, and the run is
 * measured around each that matches (a bare number in a log asks this for up to 9 periods).
 */
function repeatsBlock(d: Uint8Array, n: number): boolean {
  for (let period = 2; period <= n >> 1; period++) {
    for (let a = Math.ceil(period / 8) * 8; a < n; a += 8) {
      if (d[a] !== d[a - period]) continue;
      let from = a, to = a;
      while (from > period && d[from - 1] === d[from - 1 - period]) from--;
      while (to + 1 < n && d[to + 1] === d[to + 1 - period]) to++;
      if (to - from >= 7) return true;
    }
  }
  return false;
}

/** The digits `patterned` reads, as char codes (reused: asked once per bare 17-20 digit number). */
const digitCodes = new Uint8Array(20);

/**
 * A bare number too regular to be a snowflake nobody named: a digit pattern in decimal, or in
 * its bits (2^59 - 1 and other masks have at most four runs of equal bits; a hex pattern such as
 * `2de049ad2de049ad`). Runs of `0` or `f` nibbles are allowed in hex: worker and sequence fields
 * are often empty, sometimes full.
 */
function lowInformation(text: string, start: number, end: number): boolean {
  const n = end - start;
  for (let i = 0; i < n; i++) digitCodes[i] = text.charCodeAt(start + i);
  if (patterned(digitCodes, n, true)) return true;
  // The bits and hex digits from the two 32-bit halves `hi`/`lo` (set by the caller; no BigInt,
  // no text): a bare number in a log is asked this once per 17-20 digits.
  return bitRuns(hi, lo) <= 4 || patterned(digitCodes, hexCodes(hi, lo), false);
}

const HEX_CHARS = new Uint8Array([48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 97, 98, 99, 100, 101, 102]);

/**
 * The hex digits of hi·2^32 + lo (no leading zeros, lower case) into `digitCodes`; returns their
 * count. The first digit's place comes from the count of leading zero bits, so no digit is
 * tested for being a leading zero.
 */
function hexCodes(h: number, l: number): number {
  let n = 0;
  if (h !== 0) {
    for (let s = 28 - (Math.clz32(h) & ~3); s >= 0; s -= 4) digitCodes[n++] = HEX_CHARS[(h >>> s) & 15]!;
    for (let s = 28; s >= 0; s -= 4) digitCodes[n++] = HEX_CHARS[(l >>> s) & 15]!;
  } else {
    for (let s = l === 0 ? 0 : 28 - (Math.clz32(l) & ~3); s >= 0; s -= 4) digitCodes[n++] = HEX_CHARS[(l >>> s) & 15]!;
  }
  return n;
}

/**
 * Runs of equal bits in the 64-bit value hi·2^32 + lo, from its highest set bit (as its binary
 * text): one more than the places where a bit differs from the one above it, which are the set
 * bits of x XOR (x >> 1) below the top (the top's own, against the 0 above it, stands for the 1).
 */
function bitRuns(h: number, l: number): number {
  if (h === 0 && l === 0) return 1;
  return popcount(h ^ (h >>> 1)) + popcount(l ^ ((l >>> 1) | ((h & 1) << 31)));
}

function popcount(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const { text } = ctx;
  const { start, end } = run;
  // Part of a larger number: a decimal fraction, a signed value, a dotted version.
  const before = start > 0 ? text.charCodeAt(start - 1) : 0;
  if (before === DOT || before === DASH || before === PLUS) return undefined;
  const after = text.charCodeAt(end + 1);
  if (text.charCodeAt(end) === DOT && after >= 48 && after <= 57) return undefined;
  // Zero padding and round or repeated constants (10^17, 999…9): no generator writes those.
  if (text.charCodeAt(start) === 48 || repeatsAfterFirst(text, start, end)) return undefined;
  // The value's halves, once for every reading below (each `read` split the digits again). Past
  // 2^64 no reading is valid, whatever the context says.
  if (!splitDecimalAt(text, start, end)) return undefined;
  // Under `dd.trace_id`, `span_id`, `hash`: a random 64-bit number, which some layout always dates.
  if (digestKeyBefore(text, start)) return undefined;
  const raw = text.slice(start, end);
  const layout = ctx.snowflake;
  if (layout === undefined) {
    // A layout the context names is used when its reading is plausible; otherwise the number is
    // read as if nothing were said (a key can be wrong, or name a service the ID is not from).
    const choice = ctx.snowflakeAt(start);
    if (choice) {
      const d = readSplit(raw, choice.layout, ctx.now);
      if (d.valid && d.unixMs! >= choice.layout.launchMs && d.unixMs! <= ctx.now + SNOWFLAKE_FUTURE_MARGIN_MS) {
        d.readAs = choice;
        return { start, end, decoded: d };
      }
    }
    if (ctx.numbersNeedLayout) return undefined;
    // Nothing names a layout: a plausible date under some preset is no evidence by itself.
    if (lowInformation(text, start, end)) return undefined;
  }
  const d = readSplit(raw, layout, ctx.now);
  if (!d.valid) return undefined;
  if (layout) {
    if (!(d.unixMs! >= layout.launchMs && d.unixMs! <= ctx.now + SNOWFLAKE_FUTURE_MARGIN_MS)) return undefined;
  } else if (!d.plausible) {
    return undefined;
  }
  return { start, end, decoded: d };
}

/**
 * A fresh snowflake of the same layout: the configured one (checked to give this ID a plausible
 * time), else the one its key or URL named, else its only plausible reading. A number that is
 * plausible under several layouts is left alone: a fresh one could be of the wrong service.
 */
function regenerate(id: DecodedId, ctx: RegenerateContext): RegeneratePlan | Refusal {
  const now = ctx.now ?? Date.now();
  let layout = ctx.snowflake;
  if (layout !== undefined) {
    const ms = read(id.input, layout, now).unixMs;
    if (ms === undefined || ms < layout.launchMs || ms > now + SNOWFLAKE_FUTURE_MARGIN_MS) {
      return { refused: `it does not decode to a plausible time as a ${layoutLabel(layout)} snowflake (the layout set in idsmith.snowflake.epoch or --epoch)` };
    }
  } else if (id.readAs) {
    layout = id.readAs.layout;
  } else {
    const plausible = (id.candidates ?? read(id.input, undefined, now).candidates ?? []).filter((c) => c.plausible);
    if (plausible.length !== 1) {
      const readings = plausible.map((c) => c.epoch).join(', ') || 'none';
      return { refused: `its layout is ambiguous (plausible as: ${readings}); name the service it comes from (setting idsmith.snowflake.epoch, or --epoch)` };
    }
    layout = SNOWFLAKE_PRESETS[plausible[0]!.epoch as keyof typeof SNOWFLAKE_PRESETS];
  }
  return { kind: 'snowflake', options: { epoch: layout }, spell: (fresh) => fresh };
}

export const snowflake: FormatModule = {
  id: 'snowflake',
  label: 'Snowflake',
  shapes: [{
    length: [1, 20], case: 'either',
    description: 'snowflakes (decimal, up to 20 digits)',
    // 24 and 32 digits are hex IDs (ObjectId, UUID); other long runs of digits are read here and
    // refused as too long, which says more than "unknown".
    test: (t) => /^\d+$/.test(t) && t.length !== 24 && t.length !== 32,
  }],
  scan: [{ runLengths: [17, 18, 19, 20], all: CHAR.DIGIT, numeric: true, find }],
  bits: 64,
  decode: (text: string, opts: DecodeOptions = {}) => read(text, opts.snowflake, opts.now),
  hoverTargets: ['hex'],
  bounds: [{
    kind: 'snowflake', label: 'Snowflake', detail: 'numeric; needs the epoch of the service', needs: 'epoch',
    codec: (o) => {
      if (o.snowflake === undefined) {
        throw new IdError('INVALID_ARGUMENT',
          `Snowflake bounds need an epoch: ${layoutNames().join(', ')}, a custom epoch in Unix ms or a layout.`);
      }
      return boundsCodec(o.snowflake);
    },
  }],
  representations: [
    { target: 'hex', label: 'Hex', write: (id) => (id instanceof SnowflakeId ? hexOf(id.hi, id.lo) : undefined), read: readHexOf },
  ],
  generators: [{
    kind: 'snowflake', label: 'Snowflake', detail: '64-bit decimal: time + worker/process + sequence', hasTime: true, ascending: true,
    options: [EPOCH_OPTION, ...NODE_OPTIONS],
    optionsFor: (o) => {
      const layout = parseSnowflakeEpoch(o.epoch) ?? SNOWFLAKE_PRESETS.twitter;
      return [EPOCH_OPTION, ...layout.fields.filter((f) => f.name !== 'sequence').map((f) => nodeOption(f.name, f.bits, layoutLabel(layout)))];
    },
    create: snowflakes,
  }],
  regenerate,
  check: { labels: [['snowflake']], timeOrdered: true },
};

shareConstants();
