import assert from 'node:assert/strict';
import { generate } from '../../src/core/generate';
import { GEN_KINDS, TIME_ORDERED_KINDS, type GenKind, type RandomSource } from '../../src/core';
import { decodeKsuid, decodeObjectId, decodeSnowflake, decodeTypeId, decodeUlid, decodeUuid } from '../../src/core';
import { code } from './helpers';

const ascending = (ids: string[], what: string) => {
  for (let i = 1; i < ids.length; i++) if (!(ids[i]! > ids[i - 1]!)) assert.fail(`${what}: not ascending at ${i}: ${ids[i - 1]} !< ${ids[i]}`);
};
// Snowflakes are decimal and can grow a digit, so compare them as numbers.
const ordered = (kind: GenKind, ids: string[]) =>
  kind === 'snowflake' ? ascending(ids.map((s) => s.padStart(20, '0')), kind) : ascending(ids, kind);
const T = Date.UTC(2024, 0, 2, 3, 4, 5, 678);

describe('generate', () => {
  it('makes `count` IDs of every kind', () => {
    for (const kind of GEN_KINDS) {
      const opts = kind === 'uuidv3' || kind === 'uuidv5' ? { count: 3, name: 'x' } : { count: 3 };
      assert.equal(generate(kind, opts).length, 3, kind);
    }
    assert.deepEqual(generate('ulid', { count: 0 }), []);
  });

  it('time-ordered kinds ascend within a 100,000 batch and across calls', () => {
    for (const kind of TIME_ORDERED_KINDS) {
      const a = generate(kind, { count: 100_000 });
      const b = generate(kind, { count: 10 });
      ordered(kind, [...a, ...b]);
    }
  });

  it('writes the given time into every time-based kind, still ascending', () => {
    const checks: [GenKind, (id: string) => number | undefined][] = [
      ['ulid', (id) => decodeUlid(id).unixMs], ['uuidv7', (id) => decodeUuid(id).unixMs],
      ['uuidv1', (id) => decodeUuid(id).unixMs], ['uuidv6', (id) => decodeUuid(id).unixMs],
      ['typeid', (id) => decodeTypeId(id).unixMs],
    ];
    for (const [kind, time] of checks) {
      const ids = generate(kind, { count: 500, timeMs: T });
      if (kind !== 'uuidv1') ordered(kind, ids);
      assert.equal(time(ids[0]!), T, kind);
    }
    assert.equal(decodeKsuid(generate('ksuid', { timeMs: T })[0]!).unixMs, Math.floor(T / 1000) * 1000);
    assert.equal(decodeObjectId(generate('objectid', { timeMs: T })[0]!).unixMs, Math.floor(T / 1000) * 1000);
    const sf = generate('snowflake', { timeMs: T, epoch: 'discord', workerId: 3 })[0]!;
    const d = decodeSnowflake(sf, 'discord');
    assert.equal(d.unixMs, T);
    assert.equal(d.fields.workerId, 3);
  });

  it('uses the injected clock and random for a private, reproducible generator', () => {
    const random: RandomSource = (b) => b.fill(0);
    const a = generate('ulid', { count: 2, clock: () => 1469918176385, random });
    assert.deepEqual(a, ['01ARYZ6S410000000000000000', '01ARYZ6S410000000000000001']);
    assert.deepEqual(generate('ulid', { count: 2, clock: () => 1469918176385, random }), a);
    assert.equal(generate('nanoid', { random, size: 4 })[0], 'AAAA');
  });

  it('defaults snowflakes to the twitter epoch and honours a preset', () => {
    const [tw] = generate('snowflake', { timeMs: T });
    assert.equal(decodeSnowflake(tw!, 'twitter').unixMs, T);
    const [ig] = generate('snowflake', { timeMs: T, epoch: 'instagram', shardId: 5 });
    assert.equal(decodeSnowflake(ig!, 'instagram').fields.shardId, 5);
  });

  it('derives v3/v5 from namespace and name, and asks for a name when missing', () => {
    assert.deepEqual(generate('uuidv5', { name: 'www.example.com', namespace: 'dns' }), ['2ed6657d-e927-568b-95e1-2665a8aea6a2']);
    assert.deepEqual(generate('uuidv3', { name: 'www.example.com' }), ['5df41881-3aed-3515-88a7-2f4a814cf09e']);
    assert.throws(() => generate('uuidv5', {}), code('INVALID_ARGUMENT'));
  });

  it('applies the TypeID prefix and refuses a bad one', () => {
    assert.match(generate('typeid', { prefix: 'user' })[0]!, /^user_[0-7][0-9a-hjkmnp-tv-z]{25}$/);
    assert.throws(() => generate('typeid', { prefix: 'User' }), code('INVALID_PREFIX'));
  });

  it('refuses bad counts and times', () => {
    for (const count of [-1, 1.5, 1_000_001]) assert.throws(() => generate('ulid', { count }), code('INVALID_ARGUMENT'));
    assert.throws(() => generate('ulid', { timeMs: -1 }), code('TIME_OUT_OF_RANGE'));
    assert.throws(() => generate('uuidv7', { timeMs: 2 ** 48 }), code('TIME_OUT_OF_RANGE'));
  });
});
