import { requireText } from '../args';
import { timeForMessage } from '../time';
import { HEX_PAIRS as HEX_PAIRS_IMPORT, RandomPool } from '../bytes';
import { CROCKFORD_VALUES as CROCKFORD_VALUES_IMPORT, writeCrockfordCodes } from '../crockford';
import { cryptoRandom, systemClock } from '../random';
import { Timeline, repeat } from '../timeline';
import { IdError, type Clock, type RandomSource } from '../types';
import { clampCrockford, pad } from './boundsText';
import { Id, failed, judged, orThrow } from './decoded';
import { CHAR, type BoundsCodec, type DecodedId, type FormatModule, type Representation, type Run, type ScanContext, type ScanHit } from './types';
import { labelledHit } from './scanHit';

// TSID (f4b6a3/tsid-creator, Hibernate's @Tsid): a 64-bit number, 42 bits of milliseconds since
// 2020-01-01T00:00:00Z then 22 bits of node + counter, written as 13 Crockford base32 chars
// (upper case canonical; the first char carries the top 4 bits, so it is 0-F) or as the decimal
// number databases store.

const CROCKFORD_VALUES = CROCKFORD_VALUES_IMPORT;
const HEX_PAIRS = HEX_PAIRS_IMPORT;

/** Unix ms of TSID time 0. */
export const TSID_EPOCH_MS = Date.UTC(2020, 0, 1);
const TIME_MAX = 2 ** 42 - 1;
const RANDOM_BITS = 22;
const RANDOM_SPAN = 2 ** RANDOM_BITS;
const LABEL = /tsid["'`]?\s*[:=]?\s*["'`(]?$/i;

/** A TSID's value kept as two 32-bit halves (hi, lo) plus what was read from them. */
class TsidId extends Id {
  declare hi: number;
  declare lo: number;

  override get bytes(): Uint8Array {
    return (this.lazyBytes ??= halvesToBytes(this.hi, this.lo));
  }
}

function halvesToBytes(hi: number, lo: number): Uint8Array {
  return new Uint8Array([hi >>> 24, (hi >>> 16) & 255, (hi >>> 8) & 255, hi & 255, lo >>> 24, (lo >>> 16) & 255, (lo >>> 8) & 255, lo & 255]);
}

function read(text: string): Id {
  // 13 chars: the first holds 4 bits, the next six 30, the last six 30. `top` (34 bits) and
  // `low` (30 bits) are exact Numbers; the time is top * 2^8 + the 8 high bits of `low`.
  let ok = text.length === 13;
  let top = 0, low = 0;
  for (let i = 0; ok && i < 13; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? CROCKFORD_VALUES[c]! : 255;
    if (v === 255 || (i === 0 && v > 15)) ok = false;
    if (i < 7) top = top * 32 + v;
    else low = low * 32 + v;
  }
  if (!ok) return failed(tsid, text, whyNot(text));
  const id = new TsidId(tsid, text, true, { random: low & (RANDOM_SPAN - 1) });
  id.hi = Math.floor(top / 4);
  id.lo = (((top & 3) << 30) | low) >>> 0;
  id.unixMs = top * 256 + Math.floor(low / RANDOM_SPAN) + TSID_EPOCH_MS;
  return id;
}

function whyNot(text: string): IdError {
  if (text.length === 0) return new IdError('EMPTY', 'Expected a TSID (13 Crockford base32 chars), got an empty string.');
  if (text.length !== 13) return new IdError('INVALID_LENGTH', `A TSID has 13 characters; got ${text.length}.`);
  for (let i = 0; i < 13; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || CROCKFORD_VALUES[c] === 255) {
      const ch = text[i]!;
      const hint = /[ILOilo]/.test(ch) ? ` (Crockford base32 has no ${ch.toUpperCase()}; ${/[Oo]/.test(ch) ? '0' : '1'} is probably meant)` : '';
      return new IdError('INVALID_CHARACTER', `A TSID uses Crockford base32 (0-9, A-Z without I, L, O, U); character ${i + 1} is '${ch}'${hint}.`);
    }
  }
  return new IdError('OVERFLOW', `A TSID is 64 bits, so its first character is 0-F; '${text[0]}' makes it larger.`);
}

export function decodeTsid(text: string): DecodedId {
  requireText(text, 'a TSID');
  return orThrow(read(text));
}

/** The 13-char upper-case TSID of a 64-bit value given as two 32-bit halves. */
function encodeHalves(hi: number, lo: number): string {
  const codes = new Array<number>(13);
  writeCrockfordCodes(codes, 7, hi * 4 + (lo >>> 30), 7);
  writeCrockfordCodes(codes, 13, lo & 0x3fffffff, 6);
  return String.fromCharCode.apply(null, codes);
}

/** 8 bytes -> TSID text (every 64-bit value has one). */
export function encodeTsid(bytes: Uint8Array): string {
  if (bytes.length !== 8) throw new IdError('INVALID_LENGTH', `A TSID is 8 bytes; got ${bytes.length}.`);
  const hi = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const lo = ((bytes[4]! << 24) | (bytes[5]! << 16) | (bytes[6]! << 8) | bytes[7]!) >>> 0;
  return encodeHalves(hi, lo);
}

function checkTime(ms: number): number {
  const t = ms - TSID_EPOCH_MS;
  if (!Number.isInteger(ms) || t < 0 || t > TIME_MAX) {
    throw new IdError('TIME_OUT_OF_RANGE', `A TSID holds times from 2020-01-01T00:00:00.000Z to ${new Date(TSID_EPOCH_MS + TIME_MAX).toISOString()} in whole milliseconds; got ${timeForMessage(ms)}.`);
  }
  return t;
}

/** The text of time `t` (ms since the TSID epoch) with 22 low bits `r`. */
function textOf(t: number, r: number): string {
  return encodeHalves(Math.floor(t / 1024), (((t % 1024) * RANDOM_SPAN) + r) >>> 0);
}

/**
 * TSIDs as tsid-creator makes them: within one millisecond the 22 low bits count up from a
 * random start. The start is drawn below 2^21, so at least 2 million IDs fit in a millisecond
 * before the next one is borrowed (as tsid-creator does), keeping every batch ascending.
 */
export class TsidGenerator {
  private readonly clock: Clock;
  private readonly pool: RandomPool;
  /** The last 22-bit value used in each millisecond (timeline.ts). */
  private readonly timeline = new Timeline<number>(1);

  constructor(opts: { clock?: Clock; random?: RandomSource } = {}) {
    this.clock = opts.clock ?? systemClock;
    this.pool = new RandomPool(opts.random ?? cryptoRandom, 3000);
  }

  next(timeMs?: number): string {
    let t = checkTime(timeMs ?? this.clock());
    const now = timeMs === undefined;
    if (now) t = this.timeline.nowUnit(t);
    // A full millisecond lends the next (the timeline skips the full ones in one step).
    t = this.timeline.open(t);
    if (t > TIME_MAX) throw new IdError('MONOTONIC_OVERFLOW', 'The TSID counter ran out in the last millisecond a TSID can hold.');
    const last = this.timeline.get(t);
    let r: number;
    if (last === undefined) {
      const b = this.pool.buf, at = this.pool.take(3);
      r = ((b[at]! & 0x1f) << 16) | (b[at + 1]! << 8) | b[at + 2]!;
    } else {
      r = last + 1;
    }
    if (r === RANDOM_SPAN - 1) this.timeline.markFull(t);
    this.timeline.set(t, r);
    if (now) this.timeline.noteNow(t);
    return textOf(t, r);
  }

  batch(n: number, timeMs?: number): string[] {
    return repeat(n, () => this.next(timeMs));
  }
}

/** 64-bit forms of any 64-bit value (a snowflake's decimal becomes its TSID here too). */
const REPRESENTATIONS: readonly Representation[] = [
  { target: 'int', label: 'Integer', write: (id) => (id.bytes?.length === 8 ? bigOf(id.bytes).toString() : undefined) },
  { target: 'hex', label: 'Hex', write: (id) => (id.bytes?.length === 8 ? hexOf(id.bytes) : undefined) },
];

function bigOf(b: Uint8Array): bigint {
  let n = 0n;
  for (const x of b) n = (n << 8n) | BigInt(x);
  return n;
}

function hexOf(b: Uint8Array): string {
  let s = '';
  for (const x of b) s += HEX_PAIRS[x];
  return s;
}

function labelled(start: number, end: number, ctx: ScanContext): ScanHit | undefined {
  return labelledHit(ctx, start, end, LABEL, read);
}

/**
 * Upper-case Crockford with a digit and a letter, first char 0-F, time from 2020 to now + 10
 * years (so in practice it starts with 0 or 1), not inside base64. Lower case only after a label.
 */
function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const { or, and, start, end } = run;
  const text = ctx.text;
  if (!(or & CHAR.DIGIT) || !(or & (CHAR.UPPER | CHAR.LOWER))) return undefined;
  if ((or & CHAR.LOWER) || !(and & CHAR.CROCK)) return labelled(start, end, ctx);
  // Only hex digits: a hash or a hex value cut to this length (a real one has a letter past f).
  if (and & CHAR.HEX) return undefined;
  if (CROCKFORD_VALUES[text.charCodeAt(start)]! > 15) return undefined;
  let top = 0;
  for (let i = start; i < start + 9; i++) top = top * 32 + CROCKFORD_VALUES[text.charCodeAt(i)]!;
  // 9 chars = 44 bits, the top 2 of which are above the 42-bit time (always 0 here).
  const ms = Math.floor(top / 4) + TSID_EPOCH_MS;
  if (!ctx.plausibleMs(ms, TSID_EPOCH_MS)) return undefined;
  if (ctx.inBase64(start, end)) return undefined;
  return { start, end, decoded: read(text.slice(start, end)) };
}

const CROCK13 = /^[0-9A-HJKMNP-TV-Z]{13}$/i;
const LETTER = /[A-Z]/i;

const BOUNDS: BoundsCodec = {
  unitMs: 1,
  text: (ms, high) => textOf(checkTime(ms), high ? RANDOM_SPAN - 1 : 0),
  span: (p, n) => {
    const [a, b] = pad(p, n, '0', 'Z');
    return [a, clampCrockford(b, 0, 'F')];
  },
  timeOf: (t) => decodeTsid(t).unixMs!,
};

export const tsid: FormatModule = {
  id: 'tsid',
  label: 'TSID',
  shapes: [{
    length: 13, case: 'either',
    description: 'TSIDs (13 Crockford chars)',
    // Strict alphabet and at least one letter: 13 digits stay a number (a Unix time in ms).
    test: (t) => CROCK13.test(t) && LETTER.test(t),
  }],
  scan: [{ runLengths: [13], find }],
  bits: 64,
  decode: (text, opts) => judged(read(text), TSID_EPOCH_MS, opts?.now),
  encode: (bytes) => encodeTsid(bytes),
  hoverTargets: ['int', 'hex'],
  representations: REPRESENTATIONS,
  generators: [{
    kind: 'tsid', label: 'TSID', detail: 'time-ordered, ms since 2020, 13 chars Crockford base32', hasTime: true, ascending: true, options: [],
    create: (env) => {
      const g = new TsidGenerator(env);
      return { generate: (n, o) => g.batch(n, o.timeMs) };
    },
  }],
  bounds: [{
    kind: 'tsid', label: 'TSID', detail: '1 ms resolution; text sorts by time', codec: () => BOUNDS,
  }],
  time: { minMs: TSID_EPOCH_MS, maxMs: TSID_EPOCH_MS + TIME_MAX, resolutionMs: 1, plausibleFromMs: TSID_EPOCH_MS },
  check: { labels: [['tsid']], timeOrdered: true },
};
