import { fixULIDBase32 } from 'ulid';
import { requireBytes, requireText } from '../args';
import { timeForMessage } from '../time';
import { RandomPool } from '../bytes';
import { CROCKFORD_VALUES as CROCKFORD_VALUES_IMPORT, crockfordBytes, crockfordWords, decodeCrockford, encodeCrockford, findNonCrockford, writeCrockfordCodes } from '../crockford';
import { cryptoRandom, systemClock } from '../random';
import { Timeline, repeat } from '../timeline';
import { IdError, type Clock, type FieldValue, type RandomSource } from '../types';
import { clampCrockford, fill, pad, put48 } from './boundsText';
import { Id, failed, orThrow } from './decoded';
import { CHAR, type DecodedId, type BoundsCodec, type FormatModule, type Run, type ScanContext, type ScanHit, type WholeFacts, type WholeRead } from './types';
import { labelledHit } from './scanHit';
import { entropy } from '../entropy';
const ULID_ENTROPY = entropy(80, 'ms');

// ULID: 48-bit ms time + 80 random bits in 26 Crockford base32 characters.

// Imported tables are aliased once: under per-file transpilation (tsx: tests, bench) every
// access to an imported binding is a getter call, which showed up as 3-4x in hot loops.
const CROCKFORD_VALUES = CROCKFORD_VALUES_IMPORT;

export const ULID_MAX_TIME = 2 ** 48 - 1;
const TWO_40 = 2 ** 40;

/** 26 chars, either case -> 16 bytes. Crockford aliases (I, L, O) are rejected, never mapped. */
export function parseUlid(text: string): Uint8Array {
  requireText(text, 'a ULID');
  if (text.length === 0) throw new IdError('EMPTY', 'Expected a ULID (26 characters), got an empty string.');
  try {
    return decodeCrockford(text, 'A ULID');
  } catch (e) {
    if (e instanceof IdError && e.code === 'INVALID_CHARACTER') {
      // The `ulid` package's alias fixer, offered as a suggestion the user can accept; the ID is
      // never changed behind their back.
      const fixed = ulidCorrection(text);
      if (fixed) throw new IdError('INVALID_CHARACTER', `${e.message} Did you mean ${fixed}?`);
    }
    throw e;
  }
}

/**
 * The ULID that text with Crockford's aliases (I and L for 1, O for 0) means, by the `ulid`
 * package's fixer; undefined when there is none. Offered as a suggestion the user can accept:
 * the ID is never changed behind their back.
 */
export function ulidCorrection(text: string): string | undefined {
  const fixed = fixULIDBase32(text).toUpperCase();
  return fixed !== text.toUpperCase() && isUlid(fixed) ? fixed : undefined;
}

export function isUlid(text: string): boolean {
  if (text.length !== 26 || findNonCrockford(text) >= 0) return false;
  return CROCKFORD_VALUES[text.charCodeAt(0)]! <= 7;
}

export function encodeUlid(bytes: Uint8Array): string {
  requireBytes(bytes, 'a ULID', 16);
  return encodeCrockford(bytes);
}

/** The 48-bit millisecond time of ULID bytes (also the unix_ts_ms of UUIDv7 bytes). */
export function ulidTime(bytes: Uint8Array): number {
  return (
    (bytes[0]! * 2 ** 40) +
    (bytes[1]! * 2 ** 32) +
    (((bytes[2]! << 24) | (bytes[3]! << 16) | (bytes[4]! << 8) | bytes[5]!) >>> 0)
  );
}

export function checkUlidTime(ms: number): void {
  if (!Number.isInteger(ms) || ms < 0 || ms > ULID_MAX_TIME) {
    throw new IdError('TIME_OUT_OF_RANGE', `A ULID holds times from 1970-01-01T00:00:00.000Z to +010889-08-02T05:31:50.655Z (0 to 2^48-1 ms); got ${timeForMessage(ms)}.`);
  }
}

/**
 * Monotonic ULIDs: within one millisecond the 80-bit random part is incremented with carry,
 * and running out throws MONOTONIC_OVERFLOW instead of wrapping or repeating. Every millisecond
 * used keeps its last value (see timeline.ts), so a later request for the same millisecond,
 * now or explicit, continues it; explicit times never move the clock of now-requests.
 * The random part lives in two 40-bit Numbers so the hot path needs no BigInt.
 */
export class UlidGenerator {
  private readonly clock: Clock;
  private readonly pool: RandomPool;
  private readonly timeline = new Timeline<{ hi: number; lo: number }>(1);
  private curTime = -1;
  private cur = { hi: 0, lo: 0 };
  // One flat string per ID from char codes (a rope of pieces costs more once batches are stored).
  private readonly codes: number[] = new Array<number>(26).fill(48);

  constructor(opts: { clock?: Clock; random?: RandomSource } = {}) {
    this.clock = opts.clock ?? systemClock;
    this.pool = new RandomPool(opts.random ?? cryptoRandom, 4000);
  }

  next(timeMs?: number): string {
    let t = timeMs ?? this.clock();
    checkUlidTime(t);
    if (timeMs === undefined) {
      t = this.timeline.nowUnit(t);
      this.timeline.noteNow(t);
    }
    if (t !== this.curTime) {
      const kept = this.timeline.get(t);
      this.curTime = t;
      writeCrockfordCodes(this.codes, 10, t, 10);
      if (!kept) {
        const b = this.pool.buf;
        const at = this.pool.take(10);
        const s = {
          hi: b[at]! * 2 ** 32 + (((b[at + 1]! << 24) | (b[at + 2]! << 16) | (b[at + 3]! << 8) | b[at + 4]!) >>> 0),
          lo: b[at + 5]! * 2 ** 32 + (((b[at + 6]! << 24) | (b[at + 7]! << 16) | (b[at + 8]! << 8) | b[at + 9]!) >>> 0),
        };
        this.timeline.set(t, s);
        this.cur = s;
        writeCrockfordCodes(this.codes, 18, s.hi, 8);
        writeCrockfordCodes(this.codes, 26, s.lo, 8);
        return String.fromCharCode.apply(null, this.codes);
      }
      this.cur = kept;
      writeCrockfordCodes(this.codes, 18, kept.hi, 8);
    }
    const s = this.cur;
    s.lo++;
    if (s.lo === TWO_40) {
      if (s.hi === TWO_40 - 1) {
        s.lo = TWO_40 - 1;
        throw new IdError('MONOTONIC_OVERFLOW', `The ULID random part ran out within millisecond ${t}; wait for the next millisecond.`);
      }
      s.lo = 0;
      s.hi++;
      writeCrockfordCodes(this.codes, 18, s.hi, 8);
    }
    writeCrockfordCodes(this.codes, 26, s.lo, 8);
    return String.fromCharCode.apply(null, this.codes);
  }

  batch(n: number, timeMs?: number): string[] {
    return repeat(n, () => this.next(timeMs));
  }
}
/** Earliest plausible creation time of a ULID in free text. */
export const ULID_PLAUSIBLE_FROM = Date.UTC(1990, 0, 1);
const LABEL = /ulid["'`]?\s*[:=]?\s*["'`(]?$/i;

function read(text: string): Id {
  // One pass validates, reads the time (first 10 chars = 50 bits, exact in a Number), fills the
  // 16 bytes and notes lower case, so canonical upper-case input needs no case change.
  let unixMs = 0;
  let lower = false;
  let ok = text.length === 26;
  const bytes = new Uint8Array(16);
  let acc = 0, bits = 0, j = 0;
  for (let i = 0; ok && i < 26; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? CROCKFORD_VALUES[c]! : 255;
    if (v === 255 || (i === 0 && v > 7)) ok = false;
    if (i < 10) unixMs = unixMs * 32 + v;
    if (c >= 97) lower = true;
    // 3 bits from the first char, 5 from the rest: 128 bits, written a byte at a time.
    acc = ((acc << 5) | v) & 0x1fff;
    bits += i === 0 ? 3 : 5;
    if (bits >= 8) {
      bits -= 8;
      bytes[j++] = (acc >>> bits) & 255;
    }
  }
  if (!ok) {
    try {
      parseUlid(text); // throws the precise error
    } catch (e) {
      return failed(ulid, text, e);
    }
  }
  const random = text.slice(10);
  const id = new Id(ulid, text, true, { random: lower ? random.toUpperCase() : random }, bytes);
  id.unixMs = unixMs;
  return id;
}

export function decodeUlid(text: string): DecodedId {
  requireText(text, 'a ULID');
  return orThrow(read(text));
}

function isMixedCase(or: number): boolean {
  return (or & CHAR.UPPER) !== 0 && (or & CHAR.LOWER) !== 0;
}

/**
 * A broken ULID has no time to make it plausible, and an all-digit one reads as a number, so in
 * free text either is just a word; only a label right before it (`"ulid": "8ZZ…"`) makes it
 * unmistakably meant as one, and then its reading (or the reason it has none) beats silence.
 */
function labelled(start: number, end: number, ctx: ScanContext): ScanHit | undefined {
  return labelledHit(ctx, start, end, LABEL, read);
}

function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const { or, and, start, end } = run;
  const text = ctx.text;
  if (isMixedCase(or) || !(or & CHAR.DIGIT)) return undefined;
  // 26 digits are a number in free text; only a label makes them the ULID they also spell.
  // Overflow (8…-Z…) and I/L/O/U are invalid; reported only where the text names the kind.
  if (!(or & (CHAR.UPPER | CHAR.LOWER)) || !(and & CHAR.CROCK) || CROCKFORD_VALUES[text.charCodeAt(start)]! > 7) {
    return labelled(start, end, ctx);
  }
  const unixMs = crockfordTime(text, start);
  if (!ctx.plausibleMs(unixMs, ULID_PLAUSIBLE_FROM)) return undefined;
  if (ctx.inBase64(start, end)) return undefined;
  // Checked above (26 Crockford chars of one case, the first 0-7): valid, with this time.
  const id = new TextUlid(ulid, text.slice(start, end), true, undefined);
  id.unixMs = unixMs;
  return { start, end, decoded: id };
}

/**
 * A ULID found by the scan: its time is what the scan checked, its bytes and `random` field are
 * made from its text when something asks for them (a scan prints only the time).
 */
class TextUlid extends Id {
  override get bytes(): Uint8Array {
    return (this.lazyBytes ??= crockfordBytes(this.input));
  }

  valueWords(out: Uint32Array): Uint32Array {
    return crockfordWords(this.input, out);
  }

  protected override makeFields(): Record<string, FieldValue> {
    return { random: this.input.slice(10).toUpperCase() };
  }
}

/** Milliseconds in the first 10 Crockford chars (the ULID time); the first char is <= 7. */
export function crockfordTime(text: string, start: number): number {
  let t = 0;
  for (let i = start; i < start + 10; i++) t = t * 32 + CROCKFORD_VALUES[text.charCodeAt(i)]!;
  return t;
}

/** Crockford values of all 256 bytes (255: none), so a byte needs no range check first. */
const CROCKFORD_BYTES = (() => {
  const t = new Uint8Array(256).fill(255);
  t.set(CROCKFORD_VALUES);
  return t;
})();
/** 1 for upper-case ASCII letters, 2 for lower-case ones. */
const LETTER_CASE = (() => {
  const t = new Uint8Array(256);
  for (let c = 65; c <= 90; c++) t[c] = 1;
  for (let c = 97; c <= 122; c++) t[c] = 2;
  return t;
})();

/**
 * A value that is 26 ASCII bytes, read as `find` reads the run they make (scanned alone, the
 * value is one run, no rule before this one takes 26 chars, and a text of under 100 chars with no
 * `+` or escape is no base64 blob), with the identity `TextUlid.valueWords` gives: its 128 bits
 * as four words, the first char giving 3 bits and each next one 5.
 */
const WHOLE: WholeRead = {
  length: 26,
  read(b: Uint8Array, at: number, futureLimit: number, out: WholeFacts): boolean {
    const v = CROCKFORD_BYTES;
    const v0 = v[b[at]!]!;
    if (v0 > 7) return false;
    let cases = 0;
    for (let i = at + 1; i < at + 26; i++) cases |= LETTER_CASE[b[i]!]!;
    // A letter is needed, of one case only (the first char is a digit).
    if (cases !== 1 && cases !== 2) return false;
    const v1 = v[b[at + 1]!]!, v2 = v[b[at + 2]!]!, v3 = v[b[at + 3]!]!, v4 = v[b[at + 4]!]!, v5 = v[b[at + 5]!]!, v6 = v[b[at + 6]!]!;
    const v7 = v[b[at + 7]!]!, v8 = v[b[at + 8]!]!, v9 = v[b[at + 9]!]!, v10 = v[b[at + 10]!]!, v11 = v[b[at + 11]!]!, v12 = v[b[at + 12]!]!;
    const v13 = v[b[at + 13]!]!, v14 = v[b[at + 14]!]!, v15 = v[b[at + 15]!]!, v16 = v[b[at + 16]!]!, v17 = v[b[at + 17]!]!, v18 = v[b[at + 18]!]!;
    const v19 = v[b[at + 19]!]!, v20 = v[b[at + 20]!]!, v21 = v[b[at + 21]!]!, v22 = v[b[at + 22]!]!, v23 = v[b[at + 23]!]!, v24 = v[b[at + 24]!]!;
    const v25 = v[b[at + 25]!]!;
    if ((v1 | v2 | v3 | v4 | v5 | v6 | v7 | v8 | v9 | v10 | v11 | v12 | v13 | v14 | v15 | v16 | v17 | v18 | v19 | v20 | v21 | v22 | v23 | v24 | v25) > 31) return false;
    const w0 = ((v0 << 29) | (v1 << 24) | (v2 << 19) | (v3 << 14) | (v4 << 9) | (v5 << 4) | (v6 >>> 1)) >>> 0;
    const w1 = (((v6 & 1) << 31) | (v7 << 26) | (v8 << 21) | (v9 << 16) | (v10 << 11) | (v11 << 6) | (v12 << 1) | (v13 >>> 4)) >>> 0;
    // The time: the first 48 bits.
    const ms = w0 * 65536 + (w1 >>> 16);
    if (ms < ULID_PLAUSIBLE_FROM || ms > futureLimit) return false;
    const key = out.key;
    key[0] = w0;
    key[1] = w1;
    key[2] = (((v13 & 15) << 28) | (v14 << 23) | (v15 << 18) | (v16 << 13) | (v17 << 8) | (v18 << 3) | (v19 >>> 2)) >>> 0;
    key[3] = (((v19 & 3) << 30) | (v20 << 25) | (v21 << 20) | (v22 << 15) | (v23 << 10) | (v24 << 5) | v25) >>> 0;
    out.unixMs = ms;
    out.version = -1;
    out.ordered = true;
    return true;
  },
};

const ALNUM = /^[0-9A-Za-z]+$/;

const BOUNDS: BoundsCodec = {
  unitMs: 1,
  text: (ms, high) => {
    checkUlidTime(ms);
    const b = fill(new Uint8Array(16), 6, high);
    put48(b, ms);
    return encodeUlid(b);
  },
  span: (p, n) => {
    const [a, b] = pad(p, n, '0', 'Z');
    return [a, clampCrockford(b, 0, '7')];
  },
  timeOf: (t) => ulidTime(parseUlid(t)),
};

export const ulid: FormatModule = {
  // 80 random bits per millisecond (a monotonic generator counts up from a random start in one).
  entropy: () => ULID_ENTROPY,
  id: 'ulid',
  label: 'ULID',
  // All-digit 26/27-character text is read as this before a too-long snowflake.
  priority: 1,
  shapes: [{
    length: 26, case: 'either',
    description: 'ULIDs (26 chars)',
    // Any 26 letters/digits: a broken ULID is reported as one, with the reason.
    test: (t) => t.length === 26 && ALNUM.test(t),
  }],
  scan: [{ runLengths: [26], find }],
  bits: 128,
  decode: (text) => read(text),
  encode: (bytes) => encodeCrockford(bytes),
  hoverTargets: ['uuid', 'int', 'hex'],
  representations: [],
  generators: [{
    kind: 'ulid', label: 'ULID', detail: 'time-ordered, ms, 26 chars Crockford base32', hasTime: true, ascending: true, options: [],
    create: (env) => {
      const g = new UlidGenerator(env);
      return { generate: (n, o) => g.batch(n, o.timeMs) };
    },
  }],
  bounds: [{ kind: 'ulid', label: 'ULID', detail: '1 ms resolution; text sorts by time', codec: () => BOUNDS }],
  time: { minMs: 0, maxMs: ULID_MAX_TIME, resolutionMs: 1, plausibleFromMs: ULID_PLAUSIBLE_FROM },
  check: { labels: [['ulid']], timeOrdered: true, correct: ulidCorrection, whole: WHOLE },
};
