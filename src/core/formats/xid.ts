import { requireText } from '../args';
import { HEX_PAIRS as HEX_PAIRS_IMPORT, bytesToHex } from '../bytes';
import { cryptoRandom, systemClock } from '../random';
import { Timeline, repeat } from '../timeline';
import { uint32Seconds } from '../time';
import { IdError, type Clock, type RandomSource } from '../types';
import { fill, pad, put32 } from './boundsText';
import { Id, failed, judged, orThrow } from './decoded';
import { CHAR, type BoundsCodec, type DecodedId, type FormatModule, type Run, type ScanContext, type ScanHit } from './types';
import { labelledHit } from './scanHit';

// XID (rs/xid): 12 bytes, 4-byte big-endian Unix seconds, 3-byte machine id, 2-byte process id,
// 3-byte counter, written as 20 lower-case base32hex chars (0-9 a-v). 20 chars hold 100 bits, so
// the last char carries one bit and 4 zero bits: it is always 0 or g.
// The same 96 bits as an ObjectId, which also starts with the seconds: the two convert losslessly.

const HEX_PAIRS = HEX_PAIRS_IMPORT;
const ALPHABET = '0123456789abcdefghijklmnopqrstuv';
const ALPHABET_CODES = Array.from(ALPHABET, (c) => c.charCodeAt(0));
/** char code -> 5-bit value, 255 for anything else (upper case too: rs/xid writes lower case only). */
const VALUES: Uint8Array = (() => {
  const t = new Uint8Array(128).fill(255);
  for (let i = 0; i < 32; i++) t[ALPHABET.charCodeAt(i)] = i;
  return t;
})();

/** rs/xid's first release (2015); earlier times are not believed in free text. */
const XID_PLAUSIBLE_FROM = Date.UTC(2015, 0, 1);
const LABEL = /xid["'`]?\s*[:=]?\s*["'`(]?$/i;

/** An XID kept as three numbers (40, 40 and 16 bits); bytes and fields are made when read. */
class XidId extends Id {
  declare g0: number;
  declare g1: number;
  declare g2: number;

  override get bytes(): Uint8Array {
    if (this.lazyBytes) return this.lazyBytes;
    const b = new Uint8Array(12);
    put40(b, 0, this.g0);
    put40(b, 5, this.g1);
    b[10] = this.g2 >>> 8;
    b[11] = this.g2 & 255;
    return (this.lazyBytes = b);
  }

  protected override makeFields(): Record<string, string | number> {
    const b = this.bytes;
    return {
      machine: HEX_PAIRS[b[4]!]! + HEX_PAIRS[b[5]!]! + HEX_PAIRS[b[6]!]!,
      pid: (b[7]! << 8) | b[8]!,
      counter: (b[9]! << 16) | (b[10]! << 8) | b[11]!,
    };
  }
}

function put40(b: Uint8Array, at: number, n: number): void {
  const hi = Math.floor(n / 256);
  b[at] = hi >>> 24;
  b[at + 1] = (hi >>> 16) & 255;
  b[at + 2] = (hi >>> 8) & 255;
  b[at + 3] = hi & 255;
  b[at + 4] = n - hi * 256;
}

/** VALUES for decoding: a bad char is 2^25, which lifts its 4-char group above 2^20 wherever it stands. */
const BAD = 2 ** 25;
const QUAD_VALUES: Int32Array = Int32Array.from(VALUES, (v) => (v === 255 ? BAD : v));

/** Four chars (20 bits) from `at`; 2^20 or more when one of them is not base32hex. */
function quad(text: string, at: number): number {
  let a = 0;
  for (let i = at; i < at + 4; i++) {
    const c = text.charCodeAt(i);
    a = a * 32 + (c < 128 ? QUAD_VALUES[c]! : BAD);
  }
  return a;
}

function read(text: string): Id {
  if (text.length !== 20) return failed(xid, text, whyNot(text));
  // Four 20-bit groups make two 40-bit numbers (5 bytes each), then 4 chars whose last 4 bits
  // must be 0. A char outside the alphabet lifts its group to 2^20 or more.
  const a = quad(text, 0), b = quad(text, 4), c = quad(text, 8), d = quad(text, 12), t = quad(text, 16);
  if (a >= 0x100000 || b >= 0x100000 || c >= 0x100000 || d >= 0x100000 || t >= 0x100000 || (t & 15) !== 0) return failed(xid, text, whyNot(text));
  const id = new XidId(xid, text, true, undefined);
  id.g0 = a * 0x100000 + b;
  id.g1 = c * 0x100000 + d;
  id.g2 = t >>> 4;
  // The seconds are the first 32 of the first 40 bits.
  id.unixMs = Math.floor(id.g0 / 256) * 1000;
  return id;
}

function whyNot(text: string): IdError {
  if (text.length === 0) return new IdError('EMPTY', 'Expected an XID (20 base32hex chars), got an empty string.');
  if (text.length !== 20) return new IdError('INVALID_LENGTH', `An XID has 20 characters; got ${text.length}.`);
  if (/^[0-9a-v]+$/i.test(text) && /[A-V]/.test(text)) {
    return new IdError('INVALID_CASE', 'An XID is written in lower case (rs/xid reads no other).');
  }
  for (let i = 0; i < 20; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || VALUES[c] === 255) {
      return new IdError('INVALID_CHARACTER', `An XID uses base32hex (0-9 and a-v); character ${i + 1} is '${text[i]}'.`);
    }
  }
  return new IdError('OVERFLOW', `The last character of an XID holds one bit, so it is 0 or g; '${text[19]}' sets bits an XID does not have.`);
}

export function decodeXid(text: string): DecodedId {
  requireText(text, 'an XID');
  return orThrow(read(text));
}

/** 12 bytes -> the 20-char XID. */
export function encodeXid(b: Uint8Array): string {
  if (b.length !== 12) throw new IdError('INVALID_LENGTH', `An XID is 12 bytes; got ${b.length}.`);
  const codes = new Array<number>(20);
  for (let g = 0; g < 2; g++) {
    const o = g * 5, s = g * 8;
    codes[s] = b[o]! >> 3;
    codes[s + 1] = ((b[o]! << 2) | (b[o + 1]! >> 6)) & 31;
    codes[s + 2] = (b[o + 1]! >> 1) & 31;
    codes[s + 3] = ((b[o + 1]! << 4) | (b[o + 2]! >> 4)) & 31;
    codes[s + 4] = ((b[o + 2]! << 1) | (b[o + 3]! >> 7)) & 31;
    codes[s + 5] = (b[o + 3]! >> 2) & 31;
    codes[s + 6] = ((b[o + 3]! << 3) | (b[o + 4]! >> 5)) & 31;
    codes[s + 7] = b[o + 4]! & 31;
  }
  codes[16] = b[10]! >> 3;
  codes[17] = ((b[10]! << 2) | (b[11]! >> 6)) & 31;
  codes[18] = (b[11]! >> 1) & 31;
  codes[19] = (b[11]! << 4) & 31;
  for (let i = 0; i < 20; i++) codes[i] = ALPHABET_CODES[codes[i]!]!;
  return String.fromCharCode.apply(null, codes);
}

function secondsFor(ms: number): number {
  return uint32Seconds(ms, 0, 'An XID', '1970-01-01T00:00:00Z to 2106-02-07T06:28:15Z');
}

/**
 * XIDs as rs/xid makes them, with the machine id and process id drawn at random once per
 * generator (a pure core has no host name or pid) and a 3-byte counter starting at a random
 * value. Where the counter wraps within one second the next second is borrowed, so the IDs
 * still ascend (as the ObjectId generator does).
 */
export class XidGenerator {
  private readonly clock: Clock;
  private readonly bytes = new Uint8Array(12);
  private counter: number;
  /** The last counter used in each second (timeline.ts). */
  private readonly timeline = new Timeline<number>(1000);
  /** Chars 8-13 hold only machine and pid bits: the same for every ID of this generator. */
  private readonly middle: string;
  /** Chars 0-7 (the seconds and the first machine byte) of the last second written. */
  private headSecond = -1;
  private head = '';

  constructor(opts: { clock?: Clock; random?: RandomSource } = {}) {
    this.clock = opts.clock ?? systemClock;
    const r = new Uint8Array(8);
    (opts.random ?? cryptoRandom)(r);
    this.bytes.set(r.subarray(0, 5), 4);
    this.counter = (r[5]! << 16) | (r[6]! << 8) | r[7]!;
    this.middle = encodeXid(this.bytes).slice(8, 14);
  }

  next(timeMs?: number): string {
    let s = secondsFor(timeMs ?? this.clock());
    const now = timeMs === undefined;
    if (now) s = this.timeline.nowUnit(s);
    this.counter = (this.counter + 1) & 0xffffff;
    const counter = this.counter;
    for (let last = this.timeline.get(s); last !== undefined && counter <= last; last = this.timeline.get(s)) s++;
    if (s > 0xffffffff) throw new IdError('MONOTONIC_OVERFLOW', 'The XID counter ran out at the last second an XID can hold.');
    this.timeline.set(s, counter);
    if (now) this.timeline.noteNow(s);
    if (s !== this.headSecond) {
      put32(this.bytes, s);
      this.head = encodeXid(this.bytes).slice(0, 8);
      this.headSecond = s;
    }
    // Chars 14-19: the last pid byte's low 2 bits and the 24-bit counter (then 4 zero bits).
    const b8 = this.bytes[8]!, c0 = counter >>> 16, c1 = (counter >>> 8) & 255, c2 = counter & 255;
    const a = ALPHABET_CODES;
    return this.head + this.middle + String.fromCharCode(
      a[((b8 << 3) | (c0 >> 5)) & 31]!, a[c0 & 31]!, a[c1 >> 3]!, a[((c1 << 2) | (c2 >> 6)) & 31]!, a[(c2 >> 1) & 31]!, a[(c2 << 4) & 31]!,
    );
  }

  batch(n: number, timeMs?: number): string[] {
    return repeat(n, () => this.next(timeMs));
  }
}

function labelled(start: number, end: number, ctx: ScanContext): ScanHit | undefined {
  return labelledHit(ctx, start, end, LABEL, read);
}

/**
 * Lower-case base32hex with a digit and a letter, last char 0 or g (1 in 16 random words pass
 * that), time from 2015 to now + 10 years, not inside base64. Broken ones only after a label.
 */
function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const { or, and, start, end } = run;
  const text = ctx.text;
  if (!(or & CHAR.DIGIT) || !(or & (CHAR.UPPER | CHAR.LOWER))) return undefined;
  if (or & CHAR.UPPER) return labelled(start, end, ctx);
  // Only hex digits: a hash or a hex value cut to this length (a real one has a letter past f).
  if (and & CHAR.HEX) return undefined;
  let seconds = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (VALUES[c] === 255) return labelled(start, end, ctx);
  }
  const last = text.charCodeAt(end - 1);
  if (last !== 48 && last !== 103) return labelled(start, end, ctx);
  // The seconds are the first 32 bits: 7 chars hold 35, the last 3 of which belong to the machine id.
  for (let i = start; i < start + 7; i++) seconds = seconds * 32 + VALUES[text.charCodeAt(i)]!;
  seconds = Math.floor(seconds / 8);
  if (!ctx.plausibleMs(seconds * 1000, XID_PLAUSIBLE_FROM)) return undefined;
  if (ctx.inBase64(start, end)) return undefined;
  return { start, end, decoded: read(text.slice(start, end)) };
}

const XID20 = /^[0-9a-v]{20}$/i;
const LETTER = /[a-v]/i;

const BOUNDS: BoundsCodec = {
  unitMs: 1000,
  text: (ms, high) => {
    const b = fill(new Uint8Array(12), 4, high);
    put32(b, secondsFor(ms));
    return encodeXid(b);
  },
  span: (p, n) => {
    const [a, b] = pad(p, n, '0', 'v');
    // The last char holds one bit: 0 or g.
    return [a, b.length === 20 && b[19]! > 'g' ? b.slice(0, 19) + 'g' : b];
  },
  timeOf: (t) => decodeXid(t).unixMs!,
};

export const xid: FormatModule = {
  id: 'xid',
  label: 'XID',
  shapes: [{
    length: 20,
    alphabet: 'base32hex',
    case: 'lower',
    description: 'XIDs (20 base32hex chars)',
    // With a letter: 20 digits stay a snowflake. Upper case is read to say it must be lower.
    test: (t) => XID20.test(t) && LETTER.test(t),
  }],
  scan: [{ runLengths: [20], find }],
  bits: 96,
  decode: (text, opts) => judged(read(text), XID_PLAUSIBLE_FROM, opts?.now),
  encode: (bytes) => encodeXid(bytes),
  hoverTargets: ['hex'],
  representations: [
    { target: 'hex', label: 'Hex', write: (id) => (id.bytes?.length === 12 ? bytesToHex(id.bytes) : undefined) },
  ],
  generators: [{
    kind: 'xid', label: 'XID', detail: 'rs/xid: seconds + machine + pid + counter, 20 chars', hasTime: true, ascending: true, options: [],
    create: (env) => {
      const g = new XidGenerator(env);
      return { generate: (n, o) => g.batch(n, o.timeMs) };
    },
  }],
  bounds: [{ kind: 'xid', label: 'XID', detail: 'whole seconds; text sorts by time', codec: () => BOUNDS }],
  time: { minMs: 0, maxMs: 0xffffffff * 1000, resolutionMs: 1000, plausibleFromMs: XID_PLAUSIBLE_FROM },
  // No label: `xid` is also PostgreSQL's transaction id, a number that is no XID.
  check: { timeOrdered: true },
};
