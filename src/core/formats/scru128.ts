import { requireText } from '../args';
import { timeForMessage } from '../time';
import { HEX_PAIRS as HEX_PAIRS_IMPORT, RandomPool } from '../bytes';
import { cryptoRandom, systemClock } from '../random';
import { Timeline, repeat } from '../timeline';
import { IdError, type Clock, type RandomSource } from '../types';
import { Id, failed, judged, orThrow } from './decoded';
import { fill, pad, put48 } from './boundsText';
import { CHAR, type BoundsCodec, type DecodedId, type FormatModule, type Run, type ScanContext, type ScanHit } from './types';
import { labelledHit } from './scanHit';

// SCRU128 (scru128/spec): 128 bits, 48-bit Unix ms, 24-bit counter_hi, 24-bit counter_lo,
// 32-bit entropy, written as 25 base36 digits (0-9 a-z, case-insensitive; the current libraries
// write lower case). 36^25 > 2^128, so every 128-bit value has a 25-digit form and the largest
// is f5lxx1zz5pnorynqglhzmsp33.

const HEX_PAIRS = HEX_PAIRS_IMPORT;
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';
const DIGIT_CODES = Array.from(DIGITS, (c) => c.charCodeAt(0));
const VALUES: Uint8Array = (() => {
  const t = new Uint8Array(128).fill(255);
  for (let i = 0; i < 36; i++) {
    t[DIGITS.charCodeAt(i)] = i;
    t[DIGITS.toUpperCase().charCodeAt(i)] = i;
  }
  return t;
})();
export const SCRU128_MAX = 'f5lxx1zz5pnorynqglhzmsp33';
/** The specification's first version (2021). */
const SCRU128_PLAUSIBLE_FROM = Date.UTC(2021, 0, 1);
const LABEL = /scru128["'`]?\s*[:=]?\s*["'`(]?$/i;
const TWO32 = 2 ** 32;
/** 36^4: four digits at a time keep a 32-bit limb times the chunk below 2^53. */
const CHUNK = 36 ** 4;
/** VALUES for decoding: a bad char is 2^30, which makes its chunk too large to be a chunk. */
const BAD = 2 ** 30;
const DIGIT_VALUES: Int32Array = Int32Array.from(VALUES, (v) => (v === 255 ? BAD : v));

/** A SCRU128 ID kept as four 32-bit limbs (most significant first); bytes and fields made when read. */
class Scru128Id extends Id {
  declare l0: number;
  declare l1: number;
  declare l2: number;
  declare l3: number;

  override get bytes(): Uint8Array {
    return (this.lazyBytes ??= limbsToBytes(this.l0, this.l1, this.l2, this.l3));
  }

  protected override makeFields(): Record<string, number | string> {
    return {
      counterHi: ((this.l1 & 0xffff) << 8) | (this.l2 >>> 24),
      counterLo: this.l2 & 0xffffff,
      entropy: HEX_PAIRS[this.l3 >>> 24]! + HEX_PAIRS[(this.l3 >>> 16) & 255]! + HEX_PAIRS[(this.l3 >>> 8) & 255]! + HEX_PAIRS[this.l3 & 255]!,
    };
  }
}

function limbsToBytes(...limbs: number[]): Uint8Array {
  const b = new Uint8Array(16);
  for (let k = 0; k < 4; k++) {
    const x = limbs[k]!;
    b[4 * k] = x >>> 24;
    b[4 * k + 1] = (x >>> 16) & 255;
    b[4 * k + 2] = (x >>> 8) & 255;
    b[4 * k + 3] = x & 255;
  }
  return b;
}

function read(text: string): Id {
  if (text.length !== 25) return failed(scru128, text, whyNot(text));
  // 25 digits = 1 + 6 chunks of 4; each chunk multiplies the 128-bit value (four 32-bit limbs)
  // by 36^4 and adds the chunk. A carry out of the top limb is a value above 2^128 - 1.
  let l0 = 0, l1 = 0, l2 = 0, l3 = 0, bad = 0;
  const c0 = text.charCodeAt(0);
  l3 = c0 < 128 ? DIGIT_VALUES[c0]! : BAD;
  bad |= l3 >= 36 ? 1 : 0;
  for (let at = 1; at < 25; at += 4) {
    let chunk = 0;
    for (let i = at; i < at + 4; i++) {
      const c = text.charCodeAt(i);
      chunk = chunk * 36 + (c < 128 ? DIGIT_VALUES[c]! : BAD);
    }
    bad |= chunk >= CHUNK ? 1 : 0;
    let x = l3 * CHUNK + chunk;
    l3 = x >>> 0;
    x = l2 * CHUNK + (x - l3) / TWO32;
    l2 = x >>> 0;
    x = l1 * CHUNK + (x - l2) / TWO32;
    l1 = x >>> 0;
    x = l0 * CHUNK + (x - l1) / TWO32;
    l0 = x >>> 0;
    bad |= x >= TWO32 ? 1 : 0;
  }
  if (bad) return failed(scru128, text, whyNot(text));
  const id = new Scru128Id(scru128, text, true, undefined);
  id.l0 = l0;
  id.l1 = l1;
  id.l2 = l2;
  id.l3 = l3;
  id.unixMs = l0 * 65536 + (l1 >>> 16);
  return id;
}

function whyNot(text: string): IdError {
  if (text.length === 0) return new IdError('EMPTY', 'Expected a SCRU128 ID (25 base36 digits), got an empty string.');
  if (text.length !== 25) return new IdError('INVALID_LENGTH', `A SCRU128 ID has 25 characters; got ${text.length}.`);
  for (let i = 0; i < 25; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || VALUES[c] === 255) return new IdError('INVALID_CHARACTER', `A SCRU128 ID uses base36 (0-9, a-z); character ${i + 1} is '${text[i]}'.`);
  }
  return new IdError('OVERFLOW', `A SCRU128 ID is 128 bits, so it is at most ${SCRU128_MAX}.`);
}

export function decodeScru128(text: string): DecodedId {
  requireText(text, 'a SCRU128 ID');
  return orThrow(read(text));
}

/** 16 bytes -> the 25-digit lower-case SCRU128 text. */
export function encodeScru128(b: Uint8Array): string {
  if (b.length !== 16) throw new IdError('INVALID_LENGTH', `A SCRU128 ID is 16 bytes; got ${b.length}.`);
  const limbs = new Array<number>(4);
  for (let k = 0; k < 4; k++) limbs[k] = ((b[4 * k]! << 24) | (b[4 * k + 1]! << 16) | (b[4 * k + 2]! << 8) | b[4 * k + 3]!) >>> 0;
  const codes = new Array<number>(25);
  // Six divisions by 36^4 give the low 24 digits; what remains (< 36) is the first.
  for (let end = 25; end > 1; end -= 4) {
    let rem = 0;
    for (let k = 0; k < 4; k++) {
      const x = rem * TWO32 + limbs[k]!;
      const q = Math.floor(x / CHUNK);
      rem = x - q * CHUNK;
      limbs[k] = q;
    }
    for (let i = end - 1; i >= end - 4; i--) {
      codes[i] = DIGIT_CODES[rem % 36]!;
      rem = Math.floor(rem / 36);
    }
  }
  codes[0] = DIGIT_CODES[limbs[3]!]!;
  return String.fromCharCode.apply(null, codes);
}

const MAX_MS = 2 ** 48 - 1;
const TWO24 = 2 ** 24;

function checkTime(ms: number): number {
  if (!Number.isInteger(ms) || ms < 0 || ms > MAX_MS) {
    throw new IdError('TIME_OUT_OF_RANGE', `A SCRU128 ID holds times from 1970-01-01T00:00:00.000Z to +010889-08-02T05:31:50.655Z; got ${ms}.`);
  }
  return ms;
}

/**
 * SCRU128 IDs as the specification makes them: within one millisecond the 48-bit counter
 * (counter_hi, counter_lo) counts up from a random start and the 32-bit entropy is drawn for each
 * ID; a millisecond whose counter runs out lends the next (as the spec's generator does). The
 * start is drawn with the top bit clear, so at least 2^47 IDs fit in a millisecond. Every
 * millisecond used keeps its counter (see ../timeline.ts), so no two IDs are equal and IDs made
 * "now" ascend across calls.
 */
export class Scru128Generator {
  private readonly clock: Clock;
  private readonly pool: RandomPool;
  /** The last counter used in each millisecond, as counter_hi * 2^24 + counter_lo. */
  private readonly timeline = new Timeline<number>(1);
  private readonly bytes = new Uint8Array(16);

  constructor(opts: { clock?: Clock; random?: RandomSource } = {}) {
    this.clock = opts.clock ?? systemClock;
    this.pool = new RandomPool(opts.random ?? cryptoRandom, 4096);
  }

  next(timeMs?: number): string {
    let t = checkTime(timeMs ?? this.clock());
    const now = timeMs === undefined;
    if (now) t = this.timeline.nowUnit(t);
    let counter: number;
    for (;;) {
      const last = this.timeline.get(t);
      if (last === undefined) {
        const b = this.pool.buf, at = this.pool.take(6);
        counter = (b[at]! & 0x7f) * 2 ** 40 + b[at + 1]! * 2 ** 32 + (((b[at + 2]! << 24) | (b[at + 3]! << 16) | (b[at + 4]! << 8) | b[at + 5]!) >>> 0);
        break;
      }
      if (last < TWO24 * TWO24 - 1) {
        counter = last + 1;
        break;
      }
      if (++t > MAX_MS) throw new IdError('MONOTONIC_OVERFLOW', 'The SCRU128 counter ran out in the last millisecond a SCRU128 ID can hold.');
    }
    this.timeline.set(t, counter);
    if (now) this.timeline.noteNow(t);
    const b = this.bytes;
    put48(b, t);
    const hi = Math.floor(counter / TWO24), lo = counter - hi * TWO24;
    b[6] = hi >>> 16; b[7] = (hi >>> 8) & 255; b[8] = hi & 255;
    b[9] = lo >>> 16; b[10] = (lo >>> 8) & 255; b[11] = lo & 255;
    const r = this.pool.buf, at = this.pool.take(4);
    b[12] = r[at]!; b[13] = r[at + 1]!; b[14] = r[at + 2]!; b[15] = r[at + 3]!;
    return encodeScru128(b);
  }

  batch(n: number, timeMs?: number): string[] {
    return repeat(n, () => this.next(timeMs));
  }
}

function labelled(start: number, end: number, ctx: ScanContext): ScanHit | undefined {
  return labelledHit(ctx, start, end, LABEL, read);
}

/**
 * One case, a digit and a letter, time from 2021 to now + 10 years (so it starts 03 or 04), not
 * inside base64. Broken ones only after a label naming it.
 */
function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const { or, and, start, end } = run;
  const text = ctx.text;
  if (!(or & CHAR.DIGIT) || !(or & (CHAR.UPPER | CHAR.LOWER))) return undefined;
  if ((or & CHAR.UPPER) && (or & CHAR.LOWER)) return undefined;
  // Hex with a char or two past f is a hash or hex value plus a suffix; the 80 random bits of a
  // real one spell about eleven letters past f (fewer than 3 in 1 of 30,000).
  if (and & CHAR.HEX) return undefined;
  let pastF = 0;
  for (let i = start; i < end; i++) if ((text.charCodeAt(i) | 32) > 102) pastF++;
  if (pastF < 3) return undefined;
  // Every time before the year 2558 (36^24 / 2^80 ms) gives a first digit 0.
  if (text.charCodeAt(start) !== 48) return undefined;
  const d = read(text.slice(start, end));
  if (!d.valid) return labelled(start, end, ctx);
  if (!ctx.plausibleMs(d.unixMs!, SCRU128_PLAUSIBLE_FROM)) return undefined;
  if (ctx.inBase64(start, end)) return undefined;
  return { start, end, decoded: d };
}

const BOUNDS: BoundsCodec = {
  unitMs: 1,
  text: (ms, high) => {
    if (!Number.isInteger(ms) || ms < 0 || ms > 2 ** 48 - 1) {
      throw new IdError('TIME_OUT_OF_RANGE', `A SCRU128 ID holds times from 1970-01-01T00:00:00.000Z to +010889-08-02T05:31:50.655Z; got ${timeForMessage(ms)}.`);
    }
    const b = fill(new Uint8Array(16), 6, high);
    put48(b, ms);
    return encodeScru128(b);
  },
  span: (p, n) => {
    const [a, b] = pad(p.toLowerCase(), n, '0', 'z');
    // Equal-length base36 texts in one case compare like their values.
    return [a, b > SCRU128_MAX ? SCRU128_MAX : b];
  },
  timeOf: (t) => decodeScru128(t).unixMs!,
};

const BASE36_25 = /^[0-9a-z]{25}$/i;
const LETTER = /[a-z]/i;

export const scru128: FormatModule = {
  id: 'scru128',
  label: 'SCRU128',
  shapes: [{
    length: 25, case: 'either',
    description: 'SCRU128 IDs (25 base36 chars)',
    // A letter keeps 25 digits a (too long) number, as before.
    test: (t) => BASE36_25.test(t) && LETTER.test(t),
  }],
  scan: [{ runLengths: [25], find }],
  bits: 128,
  decode: (text, opts) => judged(read(text), SCRU128_PLAUSIBLE_FROM, opts?.now),
  onlyWhenPlausible: true,
  encode: (bytes) => encodeScru128(bytes),
  representations: [],
  hoverTargets: ['uuid', 'hex'],
  generators: [{
    kind: 'scru128', label: 'SCRU128', detail: 'time-ordered, ms + counter + entropy, 25 chars base36', hasTime: true, ascending: true, options: [],
    create: (env) => {
      const g = new Scru128Generator(env);
      return { generate: (n, o) => g.batch(n, o.timeMs) };
    },
  }],
  bounds: [{
    kind: 'scru128', label: 'SCRU128', detail: '1 ms resolution; lower-case text sorts by time',
    note: 'SCRU128 text sorts by time in one case: these bounds are lower case, as the current libraries write it.',
    codec: () => BOUNDS,
  }],
  time: { minMs: 0, maxMs: 2 ** 48 - 1, resolutionMs: 1, plausibleFromMs: SCRU128_PLAUSIBLE_FROM },
  check: { labels: [['scru128']], timeOrdered: true },
};
