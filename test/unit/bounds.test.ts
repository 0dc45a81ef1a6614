import assert from 'node:assert/strict';
import fc from 'fast-check';
import { bounds, boundsSql, type BoundsKind, type BoundsOptions } from '../../src/core/bounds';
import { IdError, type Decoded } from '../../src/core/types';
import { decodeKsuid, decodeObjectId, decodeSnowflake, decodeTypeId, decodeUlid, decodeUuid } from '../../src/core';

const T = Date.parse('2016-07-30T22:36:16.385Z');

function decode(kind: BoundsKind, text: string, opts: BoundsOptions): Decoded {
  switch (kind) {
    case 'ulid': return decodeUlid(text);
    case 'uuidv7': return decodeUuid(text);
    case 'ksuid': return decodeKsuid(text);
    case 'objectid': return decodeObjectId(text);
    case 'typeid': return decodeTypeId(text);
    case 'snowflake': return decodeSnowflake(text, opts.epoch);
  }
  throw new Error(`no decoder for ${kind} in this test`);
}

function formatIsoSafe(ms: number): string {
  return new Date(ms).toISOString();
}

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof IdError, String(e));
    return e.code;
  }
  assert.fail('expected a throw');
}

describe('bounds', () => {
  it('gives the ULID of one millisecond, prefixed by its 10 time chars (public vector)', () => {
    const b = bounds('ulid', T);
    assert.equal(b.min, '01ARYZ6S41' + '0'.repeat(16));
    assert.equal(b.max, '01ARYZ6S41' + 'Z'.repeat(16));
    assert.equal(b.prefix, '01ARYZ6S41');
    assert.deepEqual(b.prefixCovers, { from: '2016-07-30T22:36:16.385Z', to: '2016-07-30T22:36:16.385Z' });
    assert.equal(b.note, undefined);
  });

  it('writes UUIDv7 bounds as canonical lower-case text with RFC version and variant', () => {
    const b = bounds('uuidv7', Date.parse('2022-02-22T19:22:22.000Z'));
    assert.equal(b.min, '017f22e2-79b0-7000-8000-000000000000');
    assert.equal(b.max, '017f22e2-79b0-7fff-bfff-ffffffffffff');
    assert.equal(b.prefix, '017f22e2-79b0-7');
    assert.deepEqual(b.prefixCovers, { from: '2022-02-22T19:22:22.000Z', to: '2022-02-22T19:22:22.000Z' });
  });

  it('puts the TypeID prefix in front and keeps the suffix lower case', () => {
    const b = bounds('typeid', Date.parse('2022-02-22T19:22:22.000Z'), undefined, { prefix: 'user' });
    assert.equal(b.min, 'user_01fwhe4ydge008000000000000');
    assert.equal(b.max, 'user_01fwhe4ydgfzzvzzzzzzzzzzzz');
    assert.equal(b.prefix, 'user_01fwhe4ydg');
    assert.equal(decodeTypeId(b.max).time, '2022-02-22T19:22:22.000Z');
    assert.equal(code(() => bounds('typeid', T, T, { prefix: 'User' })), 'INVALID_PREFIX');
  });

  it('rounds KSUID and ObjectId windows to whole seconds and says so', () => {
    const k = bounds('ksuid', Date.parse('2017-10-10T04:00:47.250Z'), Date.parse('2017-10-10T04:00:48.100Z'));
    assert.deepEqual(k.window, { from: '2017-10-10T04:00:47.000Z', to: '2017-10-10T04:00:48.999Z' });
    assert.match(k.note!, /whole seconds/);
    assert.match(k.note!, /binary collation \(PostgreSQL COLLATE "C", MySQL\/MariaDB \*_bin\)/);
    assert.equal(decodeKsuid(k.min).time, '2017-10-10T04:00:47.000Z');
    const o = bounds('objectid', Date.parse('2012-10-17T21:13:27.900Z'));
    assert.equal(o.min, '507f1f770000000000000000');
    assert.equal(o.max, '507f1f77ffffffffffffffff');
    assert.equal(o.prefix, '507f1f77');
    assert.deepEqual(o.prefixCovers, { from: '2012-10-17T21:13:27.000Z', to: '2012-10-17T21:13:27.999Z' });
  });

  it('needs an epoch for snowflakes and reads the range with it', () => {
    assert.equal(code(() => bounds('snowflake', T)), 'INVALID_ARGUMENT');
    assert.equal(code(() => bounds('snowflake', T, T, { epoch: 'auto' })), 'INVALID_ARGUMENT');
    const b = bounds('snowflake', Date.parse('2016-04-30T11:18:25.796Z'), undefined, { epoch: 'discord' });
    assert.equal(b.min, String(175928847299117063n & ~((1n << 22n) - 1n)));
    assert.equal(b.max, String(175928847299117063n | ((1n << 22n) - 1n)));
    assert.match(b.note!, /more digits/);
  });

  it('widens a Sonyflake window to whole 10 ms units', () => {
    const b = bounds('snowflake', Date.parse('2020-01-01T00:00:00.003Z'), undefined, { epoch: 'sonyflake' });
    assert.deepEqual(b.window, { from: '2020-01-01T00:00:00.000Z', to: '2020-01-01T00:00:00.009Z' });
  });

  it('throws TIME_OUT_OF_RANGE for times a format cannot hold, INVALID_ARGUMENT when to < from', () => {
    assert.equal(code(() => bounds('ulid', -1)), 'TIME_OUT_OF_RANGE');
    assert.equal(code(() => bounds('ulid', 0, 2 ** 48)), 'TIME_OUT_OF_RANGE');
    assert.equal(code(() => bounds('ksuid', Date.parse('2014-05-13T16:53:19Z'))), 'TIME_OUT_OF_RANGE');
    assert.equal(code(() => bounds('ksuid', Date.parse('2150-06-19T23:21:36Z'))), 'TIME_OUT_OF_RANGE');
    assert.equal(code(() => bounds('objectid', Date.parse('2106-02-07T06:28:16Z'))), 'TIME_OUT_OF_RANGE');
    assert.equal(code(() => bounds('snowflake', Date.parse('2014-12-31T00:00:00Z'), undefined, { epoch: 'discord' })), 'TIME_OUT_OF_RANGE');
    assert.equal(code(() => bounds('ulid', T, T - 1)), 'INVALID_ARGUMENT');
    assert.equal(code(() => bounds('ulid', Number.NaN)), 'INVALID_ARGUMENT');
  });

  // For every kind and random window: min/max decode to the window, the prefix is shared, its
  // window contains the asked one, and it is tight: one unit outside it, IDs no longer share it.
  // Base62 and decimal digits do not align with the time bits, so for KSUIDs and snowflakes the
  // prefix may take only part of the IDs of its first and last unit.
  const kinds: Array<[BoundsKind, BoundsOptions, number, number]> = [
    ['ulid', {}, 0, Date.UTC(2200, 0)],
    ['uuidv7', {}, 0, Date.UTC(2200, 0)],
    ['typeid', { prefix: 'order_line' }, 0, Date.UTC(2200, 0)],
    ['ksuid', {}, Date.UTC(2014, 4, 14), Date.UTC(2150, 0)],
    ['objectid', {}, 0, Date.UTC(2106, 0)],
    ['snowflake', { epoch: 'discord' }, Date.UTC(2015, 0, 2), Date.UTC(2100, 0)],
    ['snowflake', { epoch: 'sonyflake' }, Date.UTC(2014, 8, 2), Date.UTC(2100, 0)],
    ['snowflake', { epoch: 1600000000000 }, 1600000000000, Date.UTC(2060, 0)],
  ];
  for (const [kind, opts, lo, hi] of kinds) {
    it(`holds its invariants for random ${kind} windows ${JSON.stringify(opts)}`, () => {
      fc.assert(fc.property(fc.integer({ min: lo, max: hi }), fc.integer({ min: 0, max: 400 * 86_400_000 }), (from, len) => {
        const to = Math.min(from + (len % 7 === 0 ? len % 5000 : len), hi);
        const b = bounds(kind, from, to, opts);
        const dMin = decode(kind, b.min, opts), dMax = decode(kind, b.max, opts);
        assert.ok(dMin.valid && dMax.valid);
        assert.equal(dMin.time, b.window.from);
        assert.ok(Date.parse(b.window.from) <= from && Date.parse(b.window.to) >= to);
        assert.ok(b.min < b.max || kind === 'snowflake');
        assert.ok(b.min.startsWith(b.prefix) && b.max.startsWith(b.prefix));
        const coversFrom = Date.parse(b.prefixCovers.from), coversTo = Date.parse(b.prefixCovers.to);
        assert.ok(coversFrom <= Date.parse(b.window.from) && coversTo >= Date.parse(b.window.to));
        if (kind === 'snowflake' && b.min.length !== b.max.length) return;
        const aligned = kind !== 'ksuid' && kind !== 'snowflake';
        for (const edge of [coversFrom, coversTo]) {
          const e = bounds(kind, edge, edge, opts);
          const [a, z] = [e.min.startsWith(b.prefix), e.max.startsWith(b.prefix)];
          assert.ok(aligned ? a && z : a || z, `edge ${formatIsoSafe(edge)} is covered`);
        }
        const before = coversFrom - 1, after = coversTo + 1;
        if (before >= lo && b.prefix.length > 0) {
          assert.ok(!bounds(kind, before, before, opts).max.startsWith(b.prefix), 'prefix window is tight at the start');
        }
        if (after <= hi && b.prefix.length > 0) {
          const m = bounds(kind, after, after, opts).min;
          assert.ok(!m.startsWith(b.prefix) || (kind === 'snowflake' && m.length !== b.min.length), 'prefix window is tight at the end');
        }
      }), { numRuns: 150 });
    });
  }
});

describe('boundsSql (the BETWEEN the editor writes; test/db runs it on real servers)', () => {
  it('quotes text kinds and leaves snowflakes bare for a bigint column', () => {
    const jan = Date.UTC(2024, 0, 1);
    const u = bounds('uuidv7', jan, jan + 999);
    assert.equal(boundsSql('uuidv7', u), `BETWEEN '${u.min}' AND '${u.max}'`);
    const s = bounds('snowflake', jan, jan, { epoch: 'discord' });
    assert.equal(boundsSql('snowflake', s), `BETWEEN ${s.min} AND ${s.max}`);
    assert.match(boundsSql('snowflake', s), /^BETWEEN \d+ AND \d+$/);
  });
});

describe('bounds letterCase (IDs stored lower- or upper-case)', () => {
  const from = Date.UTC(2024, 2, 10, 12, 34, 56, 789), to = Date.UTC(2024, 2, 20, 23, 59, 59, 999);

  it('spells min, max and prefix in the case asked for, and keeps the window', () => {
    for (const [kind, letterCase] of [['ulid', 'lower'], ['uuidv7', 'upper'], ['objectid', 'upper']] as const) {
      const canonical = bounds(kind, from, to);
      const spelled = bounds(kind, from, to, { letterCase });
      const spell = (t: string): string => (letterCase === 'lower' ? t.toLowerCase() : t.toUpperCase());
      assert.deepEqual([spelled.min, spelled.max, spelled.prefix], [canonical.min, canonical.max, canonical.prefix].map(spell));
      assert.notEqual(spelled.min, canonical.min, kind);
      assert.deepEqual([spelled.window, spelled.prefixCovers], [canonical.window, canonical.prefixCovers]);
    }
    assert.deepEqual(bounds('ulid', from, to, { letterCase: 'upper' }), bounds('ulid', from, to));
  });

  it('refuses it where the text has one spelling, and refuses other cases', () => {
    for (const kind of ['ksuid', 'typeid'] as const) {
      assert.throws(() => bounds(kind, from, to, { letterCase: 'lower' }), (e: unknown) => e instanceof IdError && e.code === 'INVALID_ARGUMENT');
    }
    assert.throws(() => bounds('ulid', from, to, { letterCase: 'title' as 'upper' }), /upper or lower/);
  });
});
