// What unit tests share: error predicates, fixed randomness and the spec vectors (as uuidjs's
// test_constants), so a vector is typed once and every test checks errors the same way.
import assert from 'node:assert/strict';
import { IdError, type IdErrorCode, type RandomSource } from '../../src/core/types';
import { KSUID_SPEC, OBJECTID_SPEC, ULID_SPEC, UUID_V1_RFC, UUID_V7_RFC } from '../shared/vectors';

/** `assert.throws` predicate: an `IdError` with this code. */
export const code = (c: IdErrorCode | string) => (e: unknown): boolean => e instanceof IdError && e.code === c;

/** A RandomSource that fills every byte with `v` (deterministic generator output). */
export const constant = (v: number): RandomSource => (b) => b.fill(v);

/** Spec and reference vectors. */
export const VECTORS = {
  /** The ULID spec's example: 2016-07-30T22:36:16.385Z. */
  ULID: ULID_SPEC,
  ULID_MS: 1469918176385,
  /** The same 128 bits as a UUID. */
  ULID_AS_UUID: '01563df3-6481-d676-4c61-efb99302bd5b',
  /** RFC 9562 appendix A test vectors (2022-02-22T19:22:22Z). */
  UUID_V1: UUID_V1_RFC,
  UUID_V6: '1ec9414c-232a-6b00-b3c8-9f6bdeced846',
  UUID_V7: UUID_V7_RFC,
  /** segmentio/ksuid README example. */
  KSUID: KSUID_SPEC,
  /** MongoDB documentation example. */
  OBJECT_ID: OBJECTID_SPEC,
  /** TypeID spec example and its UUID. */
  TYPEID: 'prefix_01h455vb4pex5vsknk084sn02q',
  TYPEID_UUID: '01890a5d-ac96-774b-bcce-b302099a8057',
  /** A Discord snowflake: 2016-04-30T11:18:25.796Z, worker 1, process 0, sequence 7. */
  DISCORD: '175928847299117063',
} as const;

const RealDate = Date;

/** Runs `fn` with `new Date()` and `Date.now()` fixed at `ms`: what reference libraries read. */
export function atTime<T>(ms: number, fn: () => T): T {
  class Fixed extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(ms);
      else super(...(args as [number]));
    }
    static override now(): number {
      return ms;
    }
  }
  globalThis.Date = Fixed as DateConstructor;
  try {
    return fn();
  } finally {
    globalThis.Date = RealDate;
  }
}

/**
 * A differential check over many inputs: `check` returns what disagrees for one input (or
 * undefined); the test fails with the count and the first few, so one run shows the pattern.
 */
export function agree<T>(inputs: T[], check: (x: T) => string | undefined): void {
  const bad: string[] = [];
  for (const x of inputs) {
    const problem = check(x);
    if (problem !== undefined) bad.push(`${typeof x === 'object' ? JSON.stringify(x) : String(x)}: ${problem}`);
  }
  assert.equal(bad.length, 0, `${bad.length} of ${inputs.length} disagree, e.g.\n${bad.slice(0, 5).join('\n')}`);
}

/** One field of a differential check: undefined when ours and theirs agree. */
export const diff = (what: string, ours: unknown, theirs: unknown): string | undefined =>
  (ours === theirs ? undefined : `${what}: ours ${String(ours)}, theirs ${String(theirs)}`);

/**
 * Where a context reader is asked about `t`, as a scan asks: at every `needle` and at the places
 * `asks` names, mostly in text order; in some runs (by `asks[0]`) backwards, or one place twice.
 */
export function questionPlaces(t: string, needle: string, asks: readonly number[]): number[] {
  const ends = asks.map((a) => a % (t.length + 1));
  for (let at = t.indexOf(needle); at !== -1; at = t.indexOf(needle, at + 1)) ends.push(at);
  ends.sort((a, b) => a - b);
  if (asks[0]! % 4 === 0) ends.reverse();
  if (asks[0]! % 5 === 0) ends.splice(ends.length >> 1, 0, ends[ends.length >> 1]!);
  return ends;
}
