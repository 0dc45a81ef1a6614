import { requireBytes, requireText } from './args';
import { fixULIDBase32 } from 'ulid';
import { RandomPool } from './bytes';
import { CROCKFORD_VALUES as CROCKFORD_VALUES_IMPORT, decodeCrockford, encodeCrockford, findNonCrockford, writeCrockfordCodes } from './crockford';
import { cryptoRandom, systemClock } from './random';
import { Timeline, repeat } from './timeline';
import { IdError, type Clock, type RandomSource } from './types';

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
      const fixed = fixULIDBase32(text).toUpperCase();
      if (fixed !== text.toUpperCase() && isUlid(fixed)) {
        throw new IdError('INVALID_CHARACTER', `${e.message} Did you mean ${fixed}?`);
      }
    }
    throw e;
  }
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
    throw new IdError('TIME_OUT_OF_RANGE', `A ULID holds times from 1970-01-01T00:00:00.000Z to 10889-08-02T05:31:50.655Z (0 to 2^48-1 ms); got ${ms}.`);
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
