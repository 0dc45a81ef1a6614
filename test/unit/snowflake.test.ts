import assert from 'node:assert/strict';
import { DiscordSnowflake, TwitterSnowflake } from '@sapphire/snowflake';
import { SNOWFLAKE_PRESETS, SnowflakeGenerator, parseSnowflake, resolveEpoch } from '../../src/core/formats/snowflake/layouts';
import { IdError } from '../../src/core/types';
import { IdFactory, decodeSnowflake, generate, inspect, parseSnowflakeEpoch, scan, snowflakeCandidates } from '../../src/core';

const NOW = Date.UTC(2026, 0, 1);

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof IdError, `expected IdError, got ${String(e)}`);
    return e.code;
  }
  assert.fail('expected a throw');
}

/** Deterministic 64-bit values spread over every magnitude (xorshift, seeded). */
function randomU64s(n: number, seed = 0x9e3779b97f4a7c15n): bigint[] {
  const mask = (1n << 64n) - 1n;
  let x = seed;
  const out: bigint[] = [];
  for (let i = 0; i < n; i++) {
    x ^= (x << 13n) & mask;
    x ^= x >> 7n;
    x ^= (x << 17n) & mask;
    // Shift down by a varying amount so small and 2^53-ish values are covered, not just huge ones.
    out.push(x >> BigInt(i % 40));
  }
  return out;
}

describe('snowflake', () => {
  describe('parseSnowflake', () => {
    it('rejects what BigInt() would accept', () => {
      assert.equal(code(() => parseSnowflake('')), 'EMPTY');
      assert.equal(code(() => parseSnowflake('0x10')), 'INVALID_CHARACTER');
      assert.equal(code(() => parseSnowflake(' 1')), 'INVALID_CHARACTER');
      assert.equal(code(() => parseSnowflake('-1')), 'INVALID_CHARACTER');
      assert.equal(code(() => parseSnowflake('1'.repeat(21))), 'INVALID_LENGTH');
      assert.equal(code(() => parseSnowflake('18446744073709551616')), 'OVERFLOW');
    });

    it('keeps every digit across 2^53', () => {
      for (const text of ['9007199254740991', '9007199254740992', '9007199254740993', '18446744073709551615']) {
        assert.equal(parseSnowflake(text).toString(), text);
      }
    });
  });

  describe('decodeSnowflake with an epoch', () => {
    it('reads the low fields of values around 2^53 exactly (no digits lost to Number)', () => {
      for (const v of [2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, 2n ** 53n + 4095n, 2n ** 63n - 4089n, 2n ** 63n - 1n]) {
        const d = decodeSnowflake(v.toString(), 'twitter', NOW);
        assert.equal(d.fields.sequence, Number(v & 4095n), v.toString());
        assert.equal(d.fields.workerId, Number((v >> 12n) & 31n));
        assert.equal(d.unixMs, SNOWFLAKE_PRESETS.twitter.epochMs + Number(v >> 22n));
      }
      // Twitter's 41-bit time and 22 bits of fields leave the sign bit clear.
      for (const v of [2n ** 63n, 2n ** 63n + 7n, 2n ** 64n - 1n]) assert.equal(decodeSnowflake(v.toString(), 'twitter', NOW).errorCode, 'OVERFLOW');
    });

    it('reads the public Discord example', () => {
      const d = decodeSnowflake('175928847299117063', 'discord', NOW);
      assert.equal(d.valid, true);
      assert.equal(d.time, '2016-04-30T11:18:25.796Z');
      assert.deepEqual(d.fields, { epoch: 'discord', workerId: 1, processId: 0, sequence: 7 });
      assert.equal(d.candidates, undefined);
    });

    it('reads a custom epoch on the Twitter layout', () => {
      const d = decodeSnowflake(String((1000n << 22n) | (3n << 17n) | (4n << 12n) | 5n), 1420070400000, NOW);
      assert.equal(d.unixMs, 1420070401000);
      assert.deepEqual(d.fields, { epoch: 'custom', datacenterId: 3, workerId: 4, sequence: 5 });
    });

    it('reads Sonyflake time in 10 ms units and fields in its order', () => {
      const v = (100n << 24n) | (7n << 16n) | 513n;
      const d = decodeSnowflake(v.toString(), 'sonyflake', NOW);
      assert.equal(d.unixMs, SNOWFLAKE_PRESETS.sonyflake.epochMs + 1000);
      assert.deepEqual(d.fields, { epoch: 'sonyflake', sequence: 7, machineId: 513 });
    });

    it('reads Mastodon as unix ms above a 16-bit sequence', () => {
      const d = decodeSnowflake(((BigInt(NOW) << 16n) | 9n).toString(), 'mastodon', NOW);
      assert.equal(d.unixMs, NOW);
      assert.deepEqual(d.fields, { epoch: 'mastodon', sequence: 9 });
    });

    it('reports invalid text as an invalid snowflake, not a throw', () => {
      const d = decodeSnowflake('18446744073709551616', 'discord', NOW);
      assert.equal(d.valid, false);
      assert.equal(d.errorCode, 'OVERFLOW');
      assert.match(d.error!, /2\^64-1/);
    });
  });

  describe('decodeSnowflake without an epoch', () => {
    it('lists every preset, plausible ones first, closest to now first', () => {
      const d = decodeSnowflake('175928847299117063', undefined, NOW);
      const c = d.candidates!;
      assert.deepEqual(new Set(c.map((x) => x.epoch)), new Set(Object.keys(SNOWFLAKE_PRESETS)));
      const firstImplausible = c.findIndex((x) => !x.plausible);
      assert.ok(c.slice(firstImplausible === -1 ? c.length : firstImplausible).every((x) => !x.plausible));
      const plausible = c.filter((x) => x.plausible);
      for (let i = 1; i < plausible.length; i++) {
        assert.ok(Math.abs(NOW - plausible[i - 1]!.unixMs) <= Math.abs(NOW - plausible[i]!.unixMs));
      }
      assert.ok(c.find((x) => x.epoch === 'discord')!.plausible);
      assert.equal(d.time, undefined, 'several readings are plausible, so no single time');
    });

    it('sets the time when exactly one reading is plausible', () => {
      // A recent Instagram id reads decades ahead under every other layout.
      const insta = SNOWFLAKE_PRESETS.instagram;
      const v = ((BigInt(NOW - 1000 - insta.epochMs) << 23n) | 1n).toString();
      const d = decodeSnowflake(v, 'auto', NOW);
      const plausible = d.candidates!.filter((c) => c.plausible).map((c) => c.epoch);
      assert.deepEqual(plausible, ['instagram']);
      assert.equal(d.unixMs, NOW - 1000);
      assert.deepEqual(d.fields, { epoch: 'instagram', shardId: 0, sequence: 1 });
    });

    it('marks a reading before the service epoch implausible', () => {
      const c = snowflakeCandidates(1n, NOW);
      assert.ok(c.every((x) => !x.plausible || x.unixMs >= Date.UTC(2010, 0, 1)));
      assert.equal(c.find((x) => x.epoch === 'mastodon')!.plausible, false);
    });
  });

  describe('differential: @sapphire/snowflake', () => {
    const values = randomU64s(5000);
    it('agrees on Discord decoding for 5000 values', () => {
      let disagreements = 0;
      for (const v of values) {
        const ours = decodeSnowflake(v.toString(), 'discord', NOW);
        const theirs = DiscordSnowflake.deconstruct(v.toString());
        if (BigInt(ours.unixMs!) !== theirs.timestamp || BigInt(ours.fields.workerId as number) !== theirs.workerId ||
          BigInt(ours.fields.processId as number) !== theirs.processId || BigInt(ours.fields.sequence as number) !== theirs.increment) {
          disagreements++;
        }
      }
      assert.equal(disagreements, 0);
    });

    it('agrees on Twitter decoding for 5000 values (their worker/process = our datacenter/worker)', () => {
      let disagreements = 0;
      // sapphire reads the sign bit as more time; Twitter's layout leaves it clear (we refuse it).
      for (const v of values.map((x) => x & (2n ** 63n - 1n))) {
        const ours = decodeSnowflake(v.toString(), 'twitter', NOW);
        const theirs = TwitterSnowflake.deconstruct(v.toString());
        if (BigInt(ours.unixMs!) !== theirs.timestamp || BigInt(ours.fields.datacenterId as number) !== theirs.workerId ||
          BigInt(ours.fields.workerId as number) !== theirs.processId || BigInt(ours.fields.sequence as number) !== theirs.increment) {
          disagreements++;
        }
      }
      assert.equal(disagreements, 0);
    });

    it('generates IDs that sapphire reads back with our time and ids', () => {
      const gen = new SnowflakeGenerator(SNOWFLAKE_PRESETS.discord, { workerId: 17, processId: 30, clock: () => NOW });
      const t = TwitterSnowflake; // keeps both imports exercised
      assert.ok(t);
      const theirs = DiscordSnowflake.deconstruct(gen.next());
      assert.equal(theirs.timestamp, BigInt(NOW));
      assert.equal(theirs.workerId, 17n);
      assert.equal(theirs.processId, 30n);
    });
  });

  describe('resolveEpoch', () => {
    it('accepts presets in any case and custom ms', () => {
      assert.equal(resolveEpoch('Discord').name, 'discord');
      const custom = resolveEpoch('1420070400000', NOW);
      assert.equal(custom.name, 'custom');
      assert.equal(custom.epochMs, 1420070400000);
      assert.equal(resolveEpoch(0, NOW).epochMs, 0);
    });

    it('treats names of Object.prototype members as unknown epochs, not as presets', () => {
      for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
        assert.throws(() => resolveEpoch(name, NOW), (e: unknown) => e instanceof IdError && e.code === 'INVALID_ARGUMENT', name);
      }
    });

    it('rejects unknown names, future and negative epochs', () => {
      assert.equal(code(() => resolveEpoch('facebook')), 'INVALID_ARGUMENT');
      assert.equal(code(() => resolveEpoch(NOW + 1, NOW)), 'INVALID_ARGUMENT');
      assert.equal(code(() => resolveEpoch(-1)), 'INVALID_ARGUMENT');
      assert.equal(code(() => resolveEpoch('1.5')), 'INVALID_ARGUMENT');
    });
  });

  describe('SnowflakeGenerator', () => {
    it('validates node ids against the layout widths, naming the field and range', () => {
      assert.throws(() => new SnowflakeGenerator(SNOWFLAKE_PRESETS.discord, { workerId: 32 }),
        (e: unknown) => e instanceof IdError && e.code === 'INVALID_ARGUMENT' && /workerId.*0 to 31/.test(e.message));
      assert.throws(() => new SnowflakeGenerator(SNOWFLAKE_PRESETS.instagram, { shardId: 8192 }), /shardId.*0 to 8191/);
      assert.throws(() => new SnowflakeGenerator(SNOWFLAKE_PRESETS.sonyflake, { machineId: -1 }), /machineId.*0 to 65535/);
      assert.throws(() => new SnowflakeGenerator(SNOWFLAKE_PRESETS.twitter, { datacenterId: 1.5 }), /datacenterId/);
      // Ids the layout does not have are ignored (settings pass them all).
      assert.doesNotThrow(() => new SnowflakeGenerator(SNOWFLAKE_PRESETS.mastodon, { workerId: 99 }));
    });

    it('places the node ids where the decoder reads them', () => {
      const gen = new SnowflakeGenerator(SNOWFLAKE_PRESETS.sonyflake, { machineId: 4242, clock: () => NOW });
      const d = decodeSnowflake(gen.next(), 'sonyflake', NOW);
      assert.equal(d.unixMs, NOW);
      assert.equal(d.fields.machineId, 4242);
      assert.equal(d.fields.sequence, 0);
    });

    it('advances the logical time when the sequence of one unit runs out', () => {
      const gen = new SnowflakeGenerator(SNOWFLAKE_PRESETS.instagram, { clock: () => NOW });
      const ids = Array.from({ length: 1024 * 3 + 5 }, () => BigInt(gen.next()));
      for (let i = 1; i < ids.length; i++) assert.ok(ids[i]! > ids[i - 1]!, `not increasing at ${i}`);
      const last = decodeSnowflake(ids.at(-1)!.toString(), 'instagram', NOW);
      assert.equal(last.unixMs, NOW + 3);
      assert.equal(last.fields.sequence, 4);
    });

    it('never repeats when the clock moves backwards; jitter keeps order, explicit times are honoured', () => {
      let now = NOW;
      const gen = new SnowflakeGenerator(SNOWFLAKE_PRESETS.twitter, { clock: () => now });
      const a = BigInt(gen.next());
      now -= 500; // jitter within the tolerance: keeps the last time, so still ascending
      const b = BigInt(gen.next());
      now -= 5000; // the clock was set back: now-IDs carry its time again, never an earlier ID
      const c = BigInt(gen.next());
      const e = BigInt(gen.next(NOW - 100000));
      now = NOW + 10;
      const d = BigInt(gen.next());
      assert.ok(a < b && c < a && e < c && b < d);
      assert.equal(new Set([a, b, c, d, e]).size, 5);
      assert.equal(decodeSnowflake(b.toString(), 'twitter', NOW).unixMs, NOW);
      assert.equal(decodeSnowflake(c.toString(), 'twitter', NOW).unixMs, NOW - 5500);
      assert.equal(decodeSnowflake(e.toString(), 'twitter', NOW).unixMs, NOW - 100000);
      assert.equal(decodeSnowflake(d.toString(), 'twitter', NOW).unixMs, NOW + 10);
    });

    it('generates at a given time and rejects times the layout cannot hold', () => {
      const gen = new SnowflakeGenerator(SNOWFLAKE_PRESETS.discord);
      assert.equal(decodeSnowflake(gen.next(Date.UTC(2020, 0, 1)), 'discord', NOW).time, '2020-01-01T00:00:00.000Z');
      assert.equal(code(() => gen.next(Date.UTC(2014, 0, 1))), 'TIME_OUT_OF_RANGE');
    });
  });
});

describe('the snowflake epoch: one reading for every entry point', () => {
  const SF = '175928847299117063';
  const NOW = Date.UTC(2026, 0, 1);

  it('reads auto in any case, with spaces, or empty, as auto in generate, inspect and scan', () => {
    for (const auto of ['AUTO', 'Auto', ' auto ', '']) {
      const [id] = generate('snowflake', { epoch: auto, timeMs: Date.UTC(2020, 0, 1) });
      assert.equal(decodeSnowflake(id!, 'twitter').time, '2020-01-01T00:00:00.000Z', `generate with epoch ${JSON.stringify(auto)} makes Twitter snowflakes`);
      assert.deepEqual(inspect(SF, { epoch: auto, now: NOW }), inspect(SF, { now: NOW }), `inspect with ${JSON.stringify(auto)}`);
      assert.deepEqual(scan(`id ${SF}`, { epoch: auto, now: NOW }).map((m) => m.decoded.candidates?.length), [5]);
    }
  });

  it('an IdFactory session reads auto the same way', () => {
    const f = new IdFactory({ clock: () => Date.UTC(2020, 0, 1) });
    for (const auto of ['AUTO', ' Auto ', 'auto']) {
      const [id] = f.generate('snowflake', { epoch: auto });
      assert.equal(decodeSnowflake(id!, 'twitter').time, '2020-01-01T00:00:00.000Z', JSON.stringify(auto));
    }
  });

  it('parseSnowflakeEpoch: presets in any case, Unix ms as number or digits, layouts as they are', () => {
    assert.equal(parseSnowflakeEpoch(undefined), undefined);
    assert.equal(parseSnowflakeEpoch('  AUTO '), undefined);
    assert.equal(parseSnowflakeEpoch('Discord'), SNOWFLAKE_PRESETS.discord);
    assert.equal(parseSnowflakeEpoch(SNOWFLAKE_PRESETS.sonyflake), SNOWFLAKE_PRESETS.sonyflake);
    assert.deepEqual(parseSnowflakeEpoch('1420070400000'), parseSnowflakeEpoch(1420070400000));
    assert.equal(parseSnowflakeEpoch(' 1420070400000 ')!.epochMs, 1420070400000);
  });

  it('parseSnowflakeEpoch refuses with INVALID_ARGUMENT what no entry point may accept', () => {
    for (const bad of ['discrod', '-5', '1.5', 'constructor', '__proto__', '99999999999999', {}, [], true, { toString: 1 }]) {
      assert.throws(() => parseSnowflakeEpoch(bad, NOW), (e: unknown) => e instanceof IdError && e.code === 'INVALID_ARGUMENT', JSON.stringify(bad));
    }
  });
});

