import { requireText, shown } from '../args';
import { timeForMessage } from '../time';
import { RandomPool } from '../bytes';
import { cryptoRandom, systemClock } from '../random';
import { Timeline, repeat } from '../timeline';
import { IdError, type Clock, type RandomSource } from '../types';
import { Id, failed, judged, orThrow } from './decoded';
import { pad } from './boundsText';
import { CHAR, type BoundsCodec, type DecodedId, type FormatModule, type Run, type ScanContext, type ScanHit } from './types';
import { labelledHit } from './scanHit';

// atproto TID (Bluesky record keys and repo revisions): a 64-bit number, top bit 0, then 53 bits
// of microseconds since the Unix epoch and a 10-bit clock id, written as 13 chars of
// base32-sortable (234567abcdefghijklmnopqrstuvwxyz, lower case only). The first 11 chars are
// the microseconds, the last 2 the clock id. The spec's syntax allows a first char up to j
// (value 15); only up to b (value 7) keeps the top bit 0, above that the time is past 2255.

const ALPHABET = '234567abcdefghijklmnopqrstuvwxyz';
const VALUES: Uint8Array = (() => {
  const t = new Uint8Array(128).fill(255);
  for (let i = 0; i < 32; i++) t[ALPHABET.charCodeAt(i)] = i;
  return t;
})();

/** Bluesky's first public TIDs (the protocol was published in 2022). */
const TID_PLAUSIBLE_FROM = Date.UTC(2022, 0, 1);
const LABEL = /(?:tid|rkey|rev)["'`]?\s*[:=]?\s*["'`(]?$/i;

/** A TID keeps its microseconds; `timePrecise` shows all six digits. */
class TidId extends Id {
  /** Microseconds within the millisecond (0-999). */
  declare micros: number;
  declare clock: number;

  protected override makeFields(): Record<string, number> {
    return { clockId: this.clock };
  }

  override get timePrecise(): string | undefined {
    return this.time!.slice(0, -1) + String(this.micros).padStart(3, '0') + 'Z';
  }

  override set timePrecise(_text: string | undefined) {
    // Made from the time; nothing to keep.
  }
}

const TWO50 = 2 ** 50;

function read(text: string): Id {
  if (text.length !== 13) return failed(tid, text, whyNot(text));
  // First char: the top 4 bits of the microseconds (0-15), then two runs of 5 chars (25 bits
  // each, integer arithmetic), then the 2-char clock id. A char outside the alphabet is 255 in
  // VALUES and shows in `seen` above bit 4.
  const t = text;
  const v0 = lookup(t, 0);
  let seen = v0;
  let a = 0, b = 0;
  for (let i = 1; i < 6; i++) {
    const v = lookup(t, i);
    seen |= v;
    a = (a << 5) | (v & 31);
  }
  for (let i = 6; i < 11; i++) {
    const v = lookup(t, i);
    seen |= v;
    b = (b << 5) | (v & 31);
  }
  const c1 = lookup(t, 11), c2 = lookup(t, 12);
  seen |= c1 | c2;
  if (seen > 31 || v0 > 15) return failed(tid, text, whyNot(text));
  const id = new TidId(tid, text, true, undefined);
  id.clock = (c1 << 5) | c2;
  if (v0 < 8) {
    // µs = v0 * 2^50 + a * 2^25 + b < 2^53: exact.
    const us = v0 * TWO50 + a * 33554432 + b;
    const ms = Math.floor(us / 1000);
    id.unixMs = ms;
    id.micros = us - ms * 1000;
  } else {
    const us = BigInt(v0) * 2n ** 50n + BigInt(a) * 2n ** 25n + BigInt(b);
    id.unixMs = Number(us / 1000n);
    id.micros = Number(us % 1000n);
  }
  return id;
}

function lookup(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c < 128 ? VALUES[c]! : 255;
}

function whyNot(text: string): IdError {
  if (text.length === 0) return new IdError('EMPTY', 'Expected a TID (13 base32-sortable chars), got an empty string.');
  if (text.length !== 13) return new IdError('INVALID_LENGTH', `A TID has 13 characters; got ${text.length}.`);
  if (/^[2-7a-z]+$/i.test(text) && /[A-Z]/.test(text)) return new IdError('INVALID_CASE', 'A TID is written in lower case.');
  for (let i = 0; i < 13; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || VALUES[c] === 255) {
      return new IdError('INVALID_CHARACTER', `A TID uses base32-sortable (2-7 and a-z); character ${i + 1} is '${text[i]}'.`);
    }
  }
  return new IdError('OVERFLOW', `A TID is 64 bits, so its first character is 2-7 or a-j; '${text[0]}' makes it larger.`);
}

export function decodeTid(text: string): DecodedId {
  requireText(text, 'a TID');
  return orThrow(read(text));
}

const ALPHABET_CODES = Array.from(ALPHABET, (c) => c.charCodeAt(0));

/** The TID of `us` microseconds since the Unix epoch (< 2^53) and clock id `clock` (0-1023). */
export function encodeTid(us: number, clock: number): string {
  if (!Number.isSafeInteger(us) || us < 0) throw new IdError('TIME_OUT_OF_RANGE', `A TID holds 0 to 2^53-1 microseconds (1970-01-01T00:00:00.000Z to ${new Date(TID_MAX_MS).toISOString()}); got ${Number.isFinite(us) ? timeForMessage(us / 1000) : shown(us)}.`);
  if (!Number.isInteger(clock) || clock < 0 || clock > 1023) throw new IdError('INVALID_ARGUMENT', `A TID clock id is 0-1023; got ${clock}.`);
  // 11 chars of microseconds: the low 25 bits (5 chars) in integer arithmetic, then the rest.
  const a = ALPHABET_CODES;
  const low = us % 33554432, high = (us - low) / 33554432;
  return String.fromCharCode(
    a[Math.floor(high / 2 ** 25) & 31]!, a[(high >>> 20) & 31]!, a[(high >>> 15) & 31]!, a[(high >>> 10) & 31]!, a[(high >>> 5) & 31]!, a[high & 31]!,
    a[low >>> 20]!, a[(low >>> 15) & 31]!, a[(low >>> 10) & 31]!, a[(low >>> 5) & 31]!, a[low & 31]!,
    a[clock >>> 5]!, a[clock & 31]!,
  );
}

/** Microseconds within a millisecond times clock ids: the IDs one millisecond can hold. */
const PER_MS = 1000 * 1024;
const TID_MAX_MS = Math.floor((2 ** 53 - 1) / 1000) - 1;

/**
 * TIDs with the guarantees of the other generators. A millisecond's TIDs count up through its
 * 1000 microseconds x 1024 clock ids from a random start below half of them, so at least 512,000
 * fit in a millisecond before the next is borrowed; the clock gives only milliseconds, so the
 * microseconds and clock id together are that count (the spec asks only that they be unique and
 * ascending per generator).
 */
export class TidGenerator {
  private readonly clock: Clock;
  private readonly pool: RandomPool;
  /** The last count used in each millisecond (timeline.ts). */
  private readonly timeline = new Timeline<number>(1);

  constructor(opts: { clock?: Clock; random?: RandomSource } = {}) {
    this.clock = opts.clock ?? systemClock;
    this.pool = new RandomPool(opts.random ?? cryptoRandom, 3000);
  }

  next(timeMs?: number): string {
    let t = timeMs ?? this.clock();
    if (!Number.isInteger(t) || t < 0 || t > TID_MAX_MS) {
      throw new IdError('TIME_OUT_OF_RANGE', `A TID holds times from 1970-01-01T00:00:00.000Z to ${new Date(TID_MAX_MS).toISOString()}; got ${timeForMessage(t)}.`);
    }
    const now = timeMs === undefined;
    if (now) t = this.timeline.nowUnit(t);
    // A full millisecond lends the next (the timeline skips the full ones in one step).
    t = this.timeline.open(t);
    if (t > TID_MAX_MS) throw new IdError('MONOTONIC_OVERFLOW', 'The TID count ran out in the last millisecond a TID can hold.');
    const last = this.timeline.get(t);
    let n: number;
    if (last === undefined) {
      const b = this.pool.buf, at = this.pool.take(3);
      n = (((b[at]! << 16) | (b[at + 1]! << 8) | b[at + 2]!) % (PER_MS / 2));
    } else {
      n = last + 1;
    }
    if (n === PER_MS - 1) this.timeline.markFull(t);
    this.timeline.set(t, n);
    if (now) this.timeline.noteNow(t);
    return encodeTid(t * 1000 + Math.floor(n / 1024), n % 1024);
  }

  batch(n: number, timeMs?: number): string[] {
    return repeat(n, () => this.next(timeMs));
  }
}

function labelled(start: number, end: number, ctx: ScanContext): ScanHit | undefined {
  return labelledHit(ctx, start, end, LABEL, read);
}

/**
 * Lower case, base32-sortable only, a letter and a digit, time from 2022 to now + 10 years (the
 * first two chars are then 3k..3z or 42..), not inside base64; broken ones only after a label
 * (`tid`, `rkey`, `rev`).
 */
function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const { or, and, start, end } = run;
  const text = ctx.text;
  if (!(or & CHAR.DIGIT) || !(or & CHAR.LOWER)) return undefined;
  if (or & CHAR.UPPER) return labelled(start, end, ctx);
  // Only hex digits: a hash or a hex value cut to this length (a real one has a letter past f).
  if (and & CHAR.HEX) return undefined;
  for (let i = start; i < end; i++) if (VALUES[text.charCodeAt(i)] === 255) return labelled(start, end, ctx);
  const first = VALUES[text.charCodeAt(start)]!;
  if (first > 7) return undefined;
  let us = 0;
  for (let i = start; i < start + 11; i++) us = us * 32 + VALUES[text.charCodeAt(i)]!;
  if (!ctx.plausibleMs(Math.floor(us / 1000), TID_PLAUSIBLE_FROM)) return undefined;
  if (ctx.inBase64(start, end)) return undefined;
  return { start, end, decoded: read(text.slice(start, end)) };
}

const BOUNDS: BoundsCodec = {
  unitMs: 1,
  text: (ms, high) => {
    if (!Number.isInteger(ms) || ms < 0 || ms > TID_MAX_MS) {
      throw new IdError('TIME_OUT_OF_RANGE', `A TID holds times from 1970-01-01T00:00:00.000Z to ${new Date(TID_MAX_MS).toISOString()}; got ${timeForMessage(ms)}.`);
    }
    return high ? encodeTid(ms * 1000 + 999, 1023) : encodeTid(ms * 1000, 0);
  },
  span: (p, n) => {
    const [a, b] = pad(p, n, '2', 'z');
    // The first char is at most j (64 bits).
    return [a, b.length > 0 && b[0]! > 'j' ? 'j' + b.slice(1) : b];
  },
  timeOf: (t) => decodeTid(t).unixMs!,
};

const TID13 = /^[2-7a-j][2-7a-z]{12}$/i;
const LETTER = /[a-z]/i;

export const tid: FormatModule = {
  id: 'tid',
  label: 'TID',
  // Lower-case 13-char text that is also a TSID is written the TID's way (TSIDs are upper case);
  // upper-case text is no valid TID, so the TSID still comes first there.
  priority: 1,
  shapes: [{
    length: 13, case: 'lower',
    description: 'atproto TIDs (13 base32-sortable chars)',
    // Upper case is read to say it must be lower case; a letter keeps 13 digits a number.
    test: (t) => TID13.test(t) && LETTER.test(t),
  }],
  scan: [{ runLengths: [13], find }],
  decode: (text, opts) => judged(read(text), TID_PLAUSIBLE_FROM, opts?.now),
  representations: [],
  generators: [{
    kind: 'tid', label: 'TID (atproto)', detail: 'Bluesky record keys: µs time + clock id, 13 chars base32-sortable', hasTime: true, ascending: true, options: [],
    create: (env) => {
      const g = new TidGenerator(env);
      return { generate: (n, o) => g.batch(n, o.timeMs) };
    },
  }],
  bounds: [{ kind: 'tid', label: 'TID (atproto)', detail: '1 ms resolution (the µs are spanned); text sorts by time', codec: () => BOUNDS }],
  time: { minMs: 0, maxMs: Math.floor((2 ** 53 - 1) / 1000), resolutionMs: 0.001, plausibleFromMs: TID_PLAUSIBLE_FROM },
  notApplicable: {
    convert: 'A TID is written only in its own base32-sortable form: no other format or form of it is in use.',
  },
  // No label: `tid` is as often a thread or tenant id.
  check: { timeOrdered: true },
};
