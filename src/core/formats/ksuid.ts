import { requireBytes, requireText } from '../args';
import { RandomPool } from '../bytes';
import { cryptoRandom, systemClock } from '../random';
import { Timeline, repeat } from '../timeline';
import { uint32Seconds } from '../time';
import { IdError, type Clock, type FieldValue, type RandomSource } from '../types';
import { fill, pad, put32 } from './boundsText';
import { Id, failed, orThrow } from './decoded';
import { CHAR, type DecodedId, type BoundsCodec, type FormatModule, type Run, type ScanContext, type ScanHit } from './types';
import { labelledHit } from './scanHit';
import { entropy } from '../entropy';
const KSUID_ENTROPY = entropy(128, 's');

// KSUID: 32-bit seconds since 2014-05-13T16:53:20Z + 128-bit payload, in 27 base62 characters.

/** KSUID time 0: 2014-05-13T16:53:20Z, in Unix seconds. */
export const KSUID_EPOCH_S = 1400000000;
export const KSUID_MAX = 'aWgEPTl1tmebfsQzFP4bxwgy80V';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const VALUES: Uint8Array = (() => {
  const t = new Uint8Array(128).fill(255);
  for (let i = 0; i < 62; i++) t[ALPHABET.charCodeAt(i)] = i;
  return t;
})();
// Base62 is done five digits at a time on 16-bit limbs: 62^5 * 2^16 < 2^53 keeps every
// intermediate exact in a Number, so no BigInt on the hot path.
const B5 = 62 ** 5;
const ALPHABET_CODES = Array.from(ALPHABET, (c) => c.charCodeAt(0));
const ksuidCodes: number[] = new Array<number>(30).fill(48);

/** 20 bytes -> 27 base62 chars (case-sensitive). */
export function encodeKsuid(bytes: Uint8Array): string {
  requireBytes(bytes, 'a KSUID', 20);
  if (bytes.length !== 20) throw new IdError('INVALID_LENGTH', `A KSUID is 20 bytes; got ${bytes.length}.`);
  const limbs = new Array<number>(10);
  for (let i = 0; i < 10; i++) limbs[i] = (bytes[2 * i]! << 8) | bytes[2 * i + 1]!;
  // Digits are produced least significant first; writing char codes from the end and making
  // one flat string avoids a 30-piece rope per KSUID.
  const codes = ksuidCodes;
  let pos = 30;
  for (let group = 0; group < 6; group++) {
    let rem = 0;
    for (let i = 0; i < 10; i++) {
      const cur = rem * 65536 + limbs[i]!;
      limbs[i] = Math.floor(cur / B5);
      rem = cur - limbs[i]! * B5;
    }
    for (let k = 0; k < 5; k++) {
      const q = Math.floor(rem / 62);
      codes[--pos] = ALPHABET_CODES[rem - q * 62]!;
      rem = q;
    }
  }
  // 6 * 5 = 30 digits; 62^27 > 2^160, so the first three are always '0'.
  return String.fromCharCode.apply(null, codes.slice(3));
}

const B3 = 62 ** 3;
const TWO_32 = 2 ** 32;
const parseLimbs = new Float64Array(5);

/** 27 base62 chars -> 20 bytes. Throws INVALID_LENGTH, INVALID_CHARACTER, OVERFLOW (> max). */
export function parseKsuid(text: string): Uint8Array {
  requireText(text, 'a KSUID');
  if (text.length === 0) throw new IdError('EMPTY', 'Expected a KSUID (27 characters), got an empty string.');
  if (text.length !== 27) throw new IdError('INVALID_LENGTH', `A KSUID has 27 characters; got ${text.length}.`);
  for (let i = 0; i < 27; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || VALUES[c] === 255) {
      throw new IdError('INVALID_CHARACTER', `A KSUID contains '${text[i]}' at position ${i + 1}; only 0-9, A-Z and a-z are allowed (case matters).`);
    }
  }
  // Three digits at a time into five 32-bit limbs (62^3 * 2^32 < 2^53: exact in a Number):
  // 45 steps, where five digits into ten 16-bit limbs took 60 and measured 1.5x slower.
  const limbs = parseLimbs.fill(0);
  for (let i = 0; i < 27; i += 3) {
    let carry = (VALUES[text.charCodeAt(i)]! * 62 + VALUES[text.charCodeAt(i + 1)]!) * 62 + VALUES[text.charCodeAt(i + 2)]!;
    for (let j = 4; j >= 0; j--) {
      const cur = limbs[j]! * B3 + carry;
      carry = Math.floor(cur / TWO_32);
      limbs[j] = cur - carry * TWO_32;
    }
    // A carry past the top limb is more than 160 bits (62^26 < 2^160: only in the last step).
    if (carry !== 0) {
      throw new IdError('OVERFLOW', `This KSUID is above the largest possible value ${KSUID_MAX}; it encodes more than 160 bits.`);
    }
  }
  const out = new Uint8Array(20);
  for (let j = 0; j < 5; j++) {
    const w = limbs[j]!;
    out[4 * j] = w / 16777216;
    out[4 * j + 1] = (w >>> 16) & 255;
    out[4 * j + 2] = (w >>> 8) & 255;
    out[4 * j + 3] = w & 255;
  }
  return out;
}

export function isKsuid(text: string): boolean {
  if (text.length !== 27) return false;
  for (let i = 0; i < 27; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || VALUES[c] === 255) return false;
  }
  // Equal-length base62 strings compare like their values (digits sort before letters, upper before lower).
  return text <= KSUID_MAX;
}

const UPPER_HEX_CODES = Array.from('0123456789ABCDEF', (c) => c.charCodeAt(0));
const payloadCodes: number[] = new Array<number>(32).fill(48);

/** The 16 payload bytes as upper-case hex, as segmentio's `ksuid inspect` prints them. */
export function payloadHex(b: Uint8Array): string {
  for (let i = 0; i < 16; i++) {
    payloadCodes[2 * i] = UPPER_HEX_CODES[b[4 + i]! >>> 4]!;
    payloadCodes[2 * i + 1] = UPPER_HEX_CODES[b[4 + i]! & 15]!;
  }
  return String.fromCharCode.apply(null, payloadCodes);
}

export function ksuidSeconds(b: Uint8Array): number {
  return ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
}

export function ksuidSecondsFor(ms: number): number {
  return uint32Seconds(ms, KSUID_EPOCH_S, 'A KSUID', '2014-05-13T16:53:20Z to 2150-06-19T23:21:35Z');
}

interface KsuidState { b: Uint8Array; d: number[] }

/**
 * KSUIDs that ascend within a batch and across calls: within one second the 128-bit payload is
 * incremented with carry (as segmentio's Sequence does), and running out throws
 * MONOTONIC_OVERFLOW.
 */
export class KsuidGenerator {
  private readonly clock: Clock;
  private readonly pool: RandomPool;
  /** Each second used keeps its last KSUID (bytes and base62 digits), see timeline.ts. */
  private readonly timeline = new Timeline<KsuidState>(1000);
  private curS = -1;
  private cur: KsuidState = { b: new Uint8Array(20), d: [] };
  private readonly codes: number[] = new Array<number>(27).fill(48);

  constructor(opts: { clock?: Clock; random?: RandomSource } = {}) {
    this.clock = opts.clock ?? systemClock;
    this.pool = new RandomPool(opts.random ?? cryptoRandom, 4096);
  }

  next(timeMs?: number): string {
    let s = ksuidSecondsFor(timeMs ?? this.clock());
    if (timeMs === undefined) {
      s = this.timeline.nowUnit(s);
      this.timeline.noteNow(s);
    }
    if (s !== this.curS) {
      const kept = this.timeline.get(s);
      this.curS = s;
      if (!kept) {
        const b = new Uint8Array(20);
        const at = this.pool.take(16);
        b.set(this.pool.buf.subarray(at, at + 16), 4);
        b[0] = s >>> 24;
        b[1] = (s >>> 16) & 0xff;
        b[2] = (s >>> 8) & 0xff;
        b[3] = s & 0xff;
        const text = encodeKsuid(b);
        const d = new Array<number>(27);
        for (let k = 0; k < 27; k++) d[k] = VALUES[text.charCodeAt(k)]!;
        this.cur = { b, d };
        this.timeline.set(s, this.cur);
        return text;
      }
      this.cur = kept;
    }
    // The payload counts up; the base62 digits of the whole 160-bit number count along with it
    // instead of re-encoding all 20 bytes (the costly part).
    const { b, d } = this.cur;
    let i = 19;
    while (i >= 4 && b[i] === 0xff) i--;
    if (i < 4) {
      throw new IdError('MONOTONIC_OVERFLOW', `The KSUID payload ran out within second ${s + KSUID_EPOCH_S}; wait for the next second.`);
    }
    b[i]!++;
    for (let j = i + 1; j < 20; j++) b[j] = 0;
    let k = 26;
    while (d[k] === 61) d[k--] = 0;
    d[k]!++;
    const codes = this.codes;
    for (let k = 0; k < 27; k++) codes[k] = ALPHABET_CODES[d[k]!]!;
    return String.fromCharCode.apply(null, codes);
  }

  batch(n: number, timeMs?: number): string[] {
    return repeat(n, () => this.next(timeMs));
  }
}

const KSUID_FROM = KSUID_EPOCH_S * 1000;
const LABEL = /ksuid["'`]?\s*[:=]?\s*["'`(]?$/i;

/** The payload's hex is made when the fields are read (a log scan prints only the time). */
class KsuidId extends Id {
  protected override makeFields(): Record<string, FieldValue> {
    return { payload: payloadHex(this.bytes!) };
  }
}

function read(text: string): Id {
  let b: Uint8Array;
  try {
    b = parseKsuid(text);
  } catch (e) {
    return failed(ksuid, text, e);
  }
  const id = new KsuidId(ksuid, text, true, undefined, b);
  id.unixMs = (ksuidSeconds(b) + KSUID_EPOCH_S) * 1000;
  return id;
}

export function decodeKsuid(text: string): DecodedId {
  requireText(text, 'a KSUID');
  return orThrow(read(text));
}

function labelled(start: number, end: number, ctx: ScanContext): ScanHit | undefined {
  return labelledHit(ctx, start, end, LABEL, read);
}

function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const { or, start, end } = run;
  // All digits read as a number, and a broken KSUID has no time to make it plausible: only a
  // label (`"ksuid": "000…"`) makes either one, and then its reading (or the reason) is shown.
  if (!(or & (CHAR.UPPER | CHAR.LOWER))) return labelled(start, end, ctx);
  if ((or & (CHAR.DIGIT | CHAR.UPPER | CHAR.LOWER)) !== (CHAR.DIGIT | CHAR.UPPER | CHAR.LOWER)) return undefined;
  const text = ctx.text;
  const t = text.slice(start, end);
  if (t > KSUID_MAX) return labelled(start, end, ctx);
  if (ctx.inBase64(start, end)) return undefined;
  // 27 base62 chars (a run of this length holds only [0-9A-Za-z] once it has no `_`, which such
  // a run never has) up to KSUID_MAX: valid, so only the time is read now; the bytes are made
  // when something asks for them (a scan prints only the time).
  const unixMs = (ksuidSecondsAt(text, start) + KSUID_EPOCH_S) * 1000;
  if (!ctx.plausibleMs(unixMs, KSUID_FROM)) return undefined;
  const d = new TextKsuid(ksuid, t, true, undefined);
  d.unixMs = unixMs;
  return { start, end, decoded: d };
}

/** A KSUID found by the scan: its time is what the scan read, its bytes are made from its text when asked for. */
class TextKsuid extends KsuidId {
  override get bytes(): Uint8Array {
    return (this.lazyBytes ??= parseKsuid(this.input));
  }
}

const TWO_128 = 2 ** 128;
/** Within this of a whole number, the estimate below may be on the wrong side of it (its error is under 2^-15). */
const NEAR = 2 ** -12;

/**
 * The seconds of the valid KSUID at `text[start, start + 27)`: its value's top 32 bits. The
 * value is estimated in a Number (27 steps, each rounding by at most 2^-53: under 2^-47 of the
 * value, 2^-15 of a second at the top), which settles the whole seconds unless they lie within
 * 2^-12 of a whole number; then, about once in 2,000, the exact reading decides.
 */
function ksuidSecondsAt(text: string, start: number): number {
  let v = 0;
  for (let i = start; i < start + 27; i++) v = v * 62 + VALUES[text.charCodeAt(i)]!;
  const x = v / TWO_128;
  const s = Math.floor(x);
  const frac = x - s;
  if (frac > NEAR && frac < 1 - NEAR) return s;
  return ksuidSeconds(parseKsuid(text.slice(start, start + 27)));
}

const ALNUM = /^[0-9A-Za-z]+$/;

const BOUNDS: BoundsCodec = {
  unitMs: 1000,
  text: (ms, high) => {
    const b = fill(new Uint8Array(20), 4, high);
    put32(b, ksuidSecondsFor(ms));
    return encodeKsuid(b);
  },
  span: (p, n) => {
    const [a, b] = pad(p, n, '0', 'z');
    // Equal-length base62 texts compare like their values.
    return [a, b > KSUID_MAX ? KSUID_MAX : b];
  },
  timeOf: (t) => (ksuidSeconds(parseKsuid(t)) + KSUID_EPOCH_S) * 1000,
};

export const ksuid: FormatModule = {
  // A 128-bit random payload under each second.
  entropy: () => KSUID_ENTROPY,
  id: 'ksuid',
  label: 'KSUID',
  // All-digit 26/27-character text is read as this before a too-long snowflake.
  priority: 1,
  shapes: [{ length: 27, case: 'significant', description: 'KSUIDs (27 base62 chars)', test: (t) => t.length === 27 && ALNUM.test(t) }],
  scan: [{ runLengths: [27], find }],
  bits: 160,
  decode: (text) => read(text),
  encode: (bytes) => encodeKsuid(bytes),
  representations: [],
  generators: [{
    kind: 'ksuid', label: 'KSUID', detail: 'time-ordered, seconds, 27 chars base62', hasTime: true, ascending: true, options: [],
    create: (env) => {
      const g = new KsuidGenerator(env);
      return { generate: (n, o) => g.batch(n, o.timeMs) };
    },
  }],
  bounds: [{
    kind: 'ksuid', label: 'KSUID', detail: 'whole seconds', codec: () => BOUNDS,
    // Base62 mixes cases: 'a' > 'Z' in byte order only (tested on real servers in test/db).
    note: 'KSUID text sorts by time only in byte order: compare in a binary collation (PostgreSQL COLLATE "C", MySQL/MariaDB *_bin); linguistic and case-insensitive collations return wrong rows.',
  }],
  time: { minMs: KSUID_FROM, maxMs: (KSUID_EPOCH_S + 0xffffffff) * 1000, resolutionMs: 1000, plausibleFromMs: KSUID_FROM },
  notApplicable: {
    convert: 'A KSUID holds 160 bits (a time and a 128-bit payload): no other format has that width, so none holds it losslessly.',
  },
  check: { labels: [['ksuid']], timeOrdered: true },
};
