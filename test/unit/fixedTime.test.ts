// Generation at one fixed time (issue 22 item 15): `new snowflake --time T -n 5000000` used to
// walk past every used-up time unit again for each ID, so N IDs cost about N²/(2 × the unit's
// capacity) look-ups (68.7 s for 5 M snowflakes). The work is counted here, not timed: the
// timeline's look-ups per ID stay constant however many units are already full.
import { strict as assert } from 'node:assert';
import { IdFactory, decodeSnowflake, decodeUuid, type GenKind, type GenerateOptions } from '../../src/core';
import { Timeline } from '../../src/core/timeline';

const T = Date.UTC(2024, 0, 1);

interface Case {
  kind: GenKind;
  opts?: GenerateOptions;
  /** IDs one time unit holds: the test makes many units' worth. */
  perUnit: number;
  /** Sort key that orders the IDs by creation. */
  key: (id: string) => string;
  /** Time the ID holds, in ms. */
  time: (id: string) => number;
}

const v1Key = (id: string): string => {
  const h = id.replace(/-/g, '');
  return h.slice(13, 16) + h.slice(8, 12) + h.slice(0, 8) + h.slice(16);
};

const CASES: Case[] = [
  { kind: 'snowflake', perUnit: 4096, key: (id) => id.padStart(20, '0'), time: (id) => decodeSnowflake(id, 'twitter').unixMs! },
  { kind: 'snowflake', opts: { epoch: 'sonyflake' }, perUnit: 256, key: (id) => id.padStart(20, '0'), time: (id) => decodeSnowflake(id, 'sonyflake').unixMs! },
  { kind: 'uuidv1', perUnit: 10_000, key: v1Key, time: (id) => decodeUuid(id).unixMs! },
  { kind: 'uuidv6', perUnit: 10_000, key: (id) => id, time: (id) => decodeUuid(id).unixMs! },
];

function countingLookups<R>(fn: () => R): { result: R; lookups: number } {
  const proto = Timeline.prototype as unknown as { get(unit: number): unknown };
  const real = proto.get;
  let lookups = 0;
  proto.get = function (this: unknown, unit: number) {
    lookups++;
    return real.call(this, unit);
  };
  try {
    return { result: fn(), lookups };
  } finally {
    proto.get = real;
  }
}

describe('generation at a fixed time is linear (issue 22 item 15)', () => {
  for (const c of CASES) {
    const name = `${c.kind}${c.opts?.epoch ? ` (${String(c.opts.epoch)})` : ''}`;
    it(`${name}: ${20 * c.perUnit} IDs at one time take a bounded number of look-ups each, unique and ascending`, () => {
      const n = 20 * c.perUnit;
      const factory = new IdFactory({ clock: () => T });
      const { result: ids, lookups } = countingLookups(() => factory.generate(c.kind, { ...c.opts, timeMs: T }, n));
      // Walking past the full units again costs about 20²/2 = 200 look-ups per unit's worth.
      assert.ok(lookups <= 2 * n, `${lookups} timeline look-ups for ${n} IDs`);
      assert.equal(new Set(ids).size, n);
      for (let i = 1; i < n; i++) assert.ok(c.key(ids[i - 1]!) < c.key(ids[i]!), `not ascending at ${i}: ${ids[i - 1]} then ${ids[i]}`);
      // The first unit is the one asked for; the last is as many units on as were filled.
      assert.equal(c.time(ids[0]!), T);
      assert.ok(c.time(ids[n - 1]!) > T);
    });
  }

  it('a later batch at the same time continues after the first, and now-requests are not moved', () => {
    const clock = T + 3_600_000;
    const factory = new IdFactory({ clock: () => clock });
    const first = factory.generate('snowflake', { timeMs: T }, 3 * 4096);
    const now = factory.generate('snowflake', {}, 1);
    const second = factory.generate('snowflake', { timeMs: T }, 4096);
    assert.ok(BigInt(first.at(-1)!) < BigInt(second[0]!));
    assert.equal(new Set([...first, ...second, ...now]).size, first.length + second.length + 1);
    assert.equal(decodeSnowflake(now[0]!, 'twitter').unixMs, clock);
    assert.equal(decodeSnowflake(second[0]!, 'twitter').unixMs, T + 3);
  });
});
