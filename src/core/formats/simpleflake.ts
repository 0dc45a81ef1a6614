import { requireText } from '../args';
import { cryptoRandom, systemClock } from '../random';
import { Timeline, repeat } from '../timeline';
import { IdError, type Clock, type RandomSource } from '../types';
import { formatIso } from '../time';
import { judged, orThrow, type Id } from './decoded';
import { HEX_OF_8, decimalOf, readInt64, type Layout64 } from './int64';
import { labelledHit } from './scanHit';
import type { DecodedId, FormatModule, Run, ScanContext, ScanHit } from './types';
import { entropy } from '../entropy';
const SIMPLEFLAKE_ENTROPY = entropy(23, 'ms');

// Simpleflake (SawdustSoftware/simpleflake, and the npm `simpleflake`/`simpleflakes`): 64 bits,
// 41-bit milliseconds since 2000-01-01 and 23 random bits, written in decimal. The JavaScript
// libraries count from 2000-01-01T00:00:00Z (946684800000); the original Python one from
// 946702800 s, 2000-01-01T05:00:00Z (New York's midnight), so its IDs read 5 hours early here.
// Like Flake ID, a bare number is read as one only when named.

export const SIMPLEFLAKE_EPOCH_MS = 946684800000;
const LAYOUT: Layout64 = { epochMs: SIMPLEFLAKE_EPOCH_MS, unitMs: 1, timeBits: 41, fields: [{ name: 'random', bits: 23 }] };
/** The Python original's first release (2013). */
const PLAUSIBLE_FROM = Date.UTC(2013, 0, 1);
const MAX_MS = SIMPLEFLAKE_EPOCH_MS + 2 ** 41 - 1;
const LABEL = /simple[_-]?flake(?:[_-]?id)?["'`]?\s*[:=]?\s*["'`(]?$/i;
const TWO_23 = 2 ** 23;

function read(text: string): Id {
  return readInt64(simpleflake, text, 'A Simpleflake', LAYOUT);
}

/** Field `random` (the 23 low bits); decimal or 16 hex digits. */
export function decodeSimpleflake(text: string): DecodedId {
  requireText(text, 'a Simpleflake');
  return orThrow(read(text));
}

/**
 * Simpleflakes that ascend: the 23 bits start at a random value in each millisecond (below 2^22,
 * so there is room to count) and count up from there, and a full millisecond borrows the next,
 * as ULID's monotonic rule does. Each one is still a valid Simpleflake.
 */
export class SimpleflakeGenerator {
  private readonly clock: Clock;
  private readonly random: RandomSource;
  private readonly timeline = new Timeline<number>(1);
  private readonly r = new Uint8Array(3);

  constructor(opts: { clock?: Clock; random?: RandomSource } = {}) {
    this.clock = opts.clock ?? systemClock;
    this.random = opts.random ?? cryptoRandom;
  }

  next(timeMs?: number): string {
    const t = timeMs ?? this.clock();
    if (!Number.isInteger(t) || t < SIMPLEFLAKE_EPOCH_MS || t > MAX_MS) {
      throw new IdError('TIME_OUT_OF_RANGE', `A Simpleflake holds times from ${formatIso(SIMPLEFLAKE_EPOCH_MS)} to ${formatIso(MAX_MS)}; got ${Number.isFinite(t) ? formatIso(t) : String(t)}.`);
    }
    const now = timeMs === undefined;
    let ms = now ? this.timeline.nowUnit(t) : t;
    let bits = this.nextBits(ms);
    while (bits >= TWO_23) {
      if (ms >= MAX_MS) throw new IdError('MONOTONIC_OVERFLOW', 'The Simpleflake random bits ran out at the last millisecond it holds.');
      bits = this.nextBits(++ms);
    }
    this.timeline.set(ms, bits);
    if (now) this.timeline.noteNow(ms);
    return ((BigInt(ms - SIMPLEFLAKE_EPOCH_MS) << 23n) + BigInt(bits)).toString();
  }

  private nextBits(ms: number): number {
    const last = this.timeline.get(ms);
    if (last !== undefined) return last + 1;
    const r = this.random(this.r);
    return ((r[0]! & 0x3f) << 16) | (r[1]! << 8) | r[2]!;
  }
}

function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  return labelledHit(ctx, run.start, run.end, LABEL, read);
}

const DECIMAL = /^\d{1,20}$/;
const HEX16 = /^(?:0x)?[0-9a-f]{16}$/i;

export const simpleflake: FormatModule = {
  // 23 random bits per millisecond: a collision is likely within a millisecond past a few thousand.
  entropy: () => SIMPLEFLAKE_ENTROPY,
  id: 'simpleflake',
  label: 'Simpleflake',
  shapes: [
    { length: [1, 20], case: 'either', asked: true, description: 'Simpleflakes (decimal)', test: (t) => DECIMAL.test(t) },
    { length: [16, 18], case: 'either', asked: true, description: 'Simpleflakes (16 hex digits)', test: (t) => HEX16.test(t) },
  ],
  scan: [{ runLengths: [17, 18, 19, 20], numeric: true, find }],
  bits: 64,
  decode: (text, opts) => judged(read(text), PLAUSIBLE_FROM, opts?.now),
  encode: (bytes) => decimalOf(bytes),
  listedFor: ['simpleflake'],
  representations: [{ target: 'hex', label: 'Hex', write: (id) => HEX_OF_8(id.bytes) }],
  hoverTargets: ['hex'],
  generators: [{
    kind: 'simpleflake', label: 'Simpleflake', detail: 'ms since 2000 + 23 random bits, decimal',
    hasTime: true, ascending: true, options: [],
    create: (env) => {
      const g = new SimpleflakeGenerator(env);
      return { generate: (n, o) => repeat(n, () => g.next(o.timeMs)) };
    },
  }],
  time: { minMs: SIMPLEFLAKE_EPOCH_MS, maxMs: MAX_MS, resolutionMs: 1, plausibleFromMs: PLAUSIBLE_FROM },
  notApplicable: {
    bounds: 'Simpleflakes compare as numbers, not as text: compare them in the database.',
  },
  check: { labels: [['simpleflake']], timeOrdered: true },
};
