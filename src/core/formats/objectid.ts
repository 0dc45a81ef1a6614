import { requireBytes, requireText } from '../args';
import { HEX_PAIRS as HEX_PAIRS_IMPORT, HEX_VALUES as HEX_VALUES_IMPORT, badCharMessage, bytesToHex, hexWord, readHex } from '../bytes';
import { cryptoRandom, systemClock } from '../random';
import { Timeline, repeat } from '../timeline';
import { uint32Seconds } from '../time';
import { IdError, type Clock, type FieldValue, type RandomSource } from '../types';
import { fill, pad, put32 } from './boundsText';
import { Id, failed, orThrow } from './decoded';
import { CHAR, type DecodedId, type BoundsCodec, type FormatModule, type Run, type ScanContext, type ScanHit, type WholeFacts, type WholeRead } from './types';

// ObjectId: 32-bit Unix seconds + 5 random bytes + 3-byte counter, in 24 hex digits.

// Imported tables are aliased once: under per-file transpilation (tsx: tests, bench) every
// access to an imported binding is a getter call, which showed up as 3-4x in hot loops.
const HEX_VALUES = HEX_VALUES_IMPORT;
const HEX_PAIRS = HEX_PAIRS_IMPORT;

/** 24 hex digits (either case) -> 12 bytes. */
export function parseObjectId(text: string): Uint8Array {
  requireText(text, 'an ObjectId');
  if (text.length === 0) throw new IdError('EMPTY', 'Expected an ObjectId (24 hex digits), got an empty string.');
  if (text.length !== 24) throw new IdError('INVALID_LENGTH', `An ObjectId has 24 hex digits; got ${text.length} characters.`);
  const out = new Uint8Array(12);
  const bad = readHex(text, 0, out);
  if (bad >= 0) throw new IdError('INVALID_CHARACTER', badCharMessage('An ObjectId', text, bad, 'hex digits 0-9 and a-f'));
  return out;
}

export function isObjectId(text: string): boolean {
  if (text.length !== 24) return false;
  for (let i = 0; i < 24; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || HEX_VALUES[c] === 255) return false;
  }
  return true;
}

export function encodeObjectId(bytes: Uint8Array): string {
  requireBytes(bytes, 'an ObjectId', 12);
  if (bytes.length !== 12) throw new IdError('INVALID_LENGTH', `An ObjectId is 12 bytes; got ${bytes.length}.`);
  let s = '';
  for (let i = 0; i < 12; i++) s += HEX_PAIRS[bytes[i]!];
  return s;
}

export function objectIdSecondsFor(ms: number): number {
  return uint32Seconds(ms, 0, 'An ObjectId', '1970-01-01T00:00:00Z to 2106-02-07T06:28:15Z');
}

/**
 * ObjectIds as the spec draws them: 5 random bytes per generator, a 3-byte counter starting at
 * a random value. Where the counter wraps within one second the next second is borrowed, so
 * the IDs still ascend (the time drifts by at most a second per 16.7 million IDs).
 */
export class ObjectIdGenerator {
  private readonly clock: Clock;
  private readonly processBytes: string;
  private counter: number;
  /** The last counter used in each second (timeline.ts). */
  private readonly timeline = new Timeline<number>(1000);

  constructor(opts: { clock?: Clock; random?: RandomSource } = {}) {
    this.clock = opts.clock ?? systemClock;
    const r = new Uint8Array(8);
    (opts.random ?? cryptoRandom)(r);
    this.processBytes = bytesToHex(r.subarray(0, 5));
    this.counter = (r[5]! << 16) | (r[6]! << 8) | r[7]!;
  }

  next(timeMs?: number): string {
    let s = objectIdSecondsFor(timeMs ?? this.clock());
    const now = timeMs === undefined;
    if (now) s = this.timeline.nowUnit(s);
    this.counter = (this.counter + 1) & 0xffffff;
    const counter = this.counter;
    // Within a second the counter must exceed every counter already used there; after a wrap it
    // does not, and the next second is borrowed (checked the same way).
    for (let last = this.timeline.get(s); last !== undefined && counter <= last; last = this.timeline.get(s)) s++;
    if (s > 0xffffffff) {
      throw new IdError('MONOTONIC_OVERFLOW', 'The ObjectId counter ran out at the last second an ObjectId can hold.');
    }
    this.timeline.set(s, counter);
    if (now) this.timeline.noteNow(s);
    const h = HEX_PAIRS;
    return (
      h[s >>> 24]! + h[(s >>> 16) & 0xff]! + h[(s >>> 8) & 0xff]! + h[s & 0xff]! +
      this.processBytes +
      h[counter >>> 16]! + h[(counter >>> 8) & 0xff]! + h[counter & 0xff]!
    );
  }

  batch(n: number, timeMs?: number): string[] {
    return repeat(n, () => this.next(timeMs));
  }
}
const OBJECTID_FROM = Date.UTC(2009, 0, 1);

function read(text: string): Id {
  if (text.length !== 24) return invalid(text);
  // One pass: bytes are filled while every digit is checked (an invalid one sets a bit above
  // 15 in `seen`); validating first and then re-reading cost 10% of the decode.
  const bytes = new Uint8Array(12);
  let seen = 0;
  for (let i = 0; i < 12; i++) {
    const c1 = text.charCodeAt(2 * i), c2 = text.charCodeAt(2 * i + 1);
    const a = c1 < 128 ? HEX_VALUES[c1]! : 255;
    const b = c2 < 128 ? HEX_VALUES[c2]! : 255;
    seen |= a | b;
    bytes[i] = (a << 4) | (b & 15);
  }
  if (seen > 15) return invalid(text);
  // Unsigned on purpose (Number arithmetic, no sign bit): 0x80000000 is 2038-01-19T03:14:08Z, not 1901.
  const seconds = bytes[0]! * 16777216 + ((bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!);
  const counter = (bytes[9]! << 16) | (bytes[10]! << 8) | bytes[11]!;
  const id = new Id(objectid, text, true, { random: text.slice(8, 18).toLowerCase(), counter }, bytes);
  id.unixMs = seconds * 1000;
  return id;
}

function invalid(text: string): Id {
  try {
    parseObjectId(text); // throws the precise error
  } catch (e) {
    return failed(objectid, text, e);
  }
  throw new Error(`ObjectId readers disagree on "${text}"`);
}

export function decodeObjectId(text: string): DecodedId {
  requireText(text, 'an ObjectId');
  return orThrow(read(text));
}

function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const { or, and, start, end } = run;
  const mixed = (or & CHAR.UPPER) && (or & CHAR.LOWER);
  if (!(and & CHAR.HEX) || mixed || !(or & CHAR.DIGIT) || !(or & (CHAR.UPPER | CHAR.LOWER))) return undefined;
  // The seconds from the first 8 hex digits in place (unsigned, as read takes them).
  const text = ctx.text;
  let seconds = 0;
  for (let i = start; i < start + 8; i++) seconds = seconds * 16 + HEX_VALUES[text.charCodeAt(i)]!;
  if (!ctx.plausibleMs(seconds * 1000, OBJECTID_FROM)) return undefined;
  // Checked above (24 hex digits of one case): valid, with this time.
  const id = new TextObjectId(objectid, text.slice(start, end), true, undefined);
  id.unixMs = seconds * 1000;
  return { start, end, decoded: id };
}

/**
 * An ObjectId found by the scan: its time is what the scan checked, its bytes and fields are
 * made from its text when something asks for them (a scan prints only the time).
 */
class TextObjectId extends Id {
  override get bytes(): Uint8Array {
    return (this.lazyBytes ??= parseObjectId(this.input));
  }

  protected override makeFields(): Record<string, FieldValue> {
    const b = this.bytes;
    return { random: this.input.slice(8, 18).toLowerCase(), counter: (b[9]! << 16) | (b[10]! << 8) | b[11]! };
  }
}

/** 4 for a digit, 2 for a lower-case hex letter, 1 for an upper-case one, 8 for any other byte. */
const HEX_CLASS = (() => {
  const t = new Uint8Array(256).fill(8);
  for (let c = 48; c <= 57; c++) t[c] = 4;
  for (let c = 97; c <= 102; c++) t[c] = 2;
  for (let c = 65; c <= 70; c++) t[c] = 1;
  return t;
})();

/**
 * A value that is 24 ASCII bytes, read as `find` reads the run they make (scanned alone, the
 * value is one run, and no rule before this one takes 24 chars), with the identity of its 12
 * bytes (`keyOfBytes`: three words and a zero).
 */
const WHOLE: WholeRead = {
  length: 24,
  read(b: Uint8Array, at: number, futureLimit: number, out: WholeFacts): boolean {
    let classes = 0;
    for (let i = at; i < at + 24; i++) classes |= HEX_CLASS[b[i]!]!;
    // Hex digits only, a digit and a letter among them, letters of one case.
    if (classes !== 6 && classes !== 5) return false;
    const seconds = hexWord(b, at);
    const ms = seconds * 1000;
    if (ms < OBJECTID_FROM || ms > futureLimit) return false;
    const key = out.key;
    key[0] = seconds;
    key[1] = hexWord(b, at + 8);
    key[2] = hexWord(b, at + 16);
    key[3] = 0;
    out.unixMs = ms;
    out.version = -1;
    out.ordered = true;
    return true;
  },
};

const HEX24 = /^[0-9a-f]{24}$/i;

const BOUNDS: BoundsCodec = {
  unitMs: 1000,
  text: (ms, high) => {
    const b = fill(new Uint8Array(12), 4, high);
    put32(b, objectIdSecondsFor(ms));
    return encodeObjectId(b);
  },
  span: (p, n) => pad(p, n, '0', 'f'),
  timeOf: (t) => parseInt(t.slice(0, 8), 16) * 1000,
};

export const objectid: FormatModule = {
  id: 'objectid',
  label: 'ObjectId',
  shapes: [{ length: 24, case: 'either', description: 'ObjectIds (24 hex)', test: (t) => HEX24.test(t) }],
  scan: [{ runLengths: [24], all: CHAR.HEX, find }],
  bits: 96,
  decode: (text) => read(text),
  encode: (bytes) => encodeObjectId(bytes),
  representations: [],
  generators: [{
    kind: 'objectid', label: 'ObjectId', detail: 'MongoDB: seconds + random + counter, 24 hex', hasTime: true, ascending: true, options: [],
    create: (env) => {
      const g = new ObjectIdGenerator(env);
      return { generate: (n, o) => g.batch(n, o.timeMs) };
    },
  }],
  bounds: [{ kind: 'objectid', label: 'ObjectId', detail: 'whole seconds', codec: () => BOUNDS }],
  time: { minMs: 0, maxMs: 0xffffffff * 1000, resolutionMs: 1000, plausibleFromMs: OBJECTID_FROM },
  check: { labels: [['objectid'], ['object', 'id']], timeOrdered: true, whole: WHOLE },
};
