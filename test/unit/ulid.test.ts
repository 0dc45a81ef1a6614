import assert from 'node:assert/strict';
import { encodeUlid, isUlid, parseUlid, ulidTime, UlidGenerator } from '../../src/core/formats/ulid';
import { formatUuid } from '../../src/core/formats/uuid/codec';
import { IdError, type RandomSource } from '../../src/core/types';
import { decodeUlid } from '../../src/core';
import { code, constant } from './helpers';
import { ULID_MAX, ULID_SPEC } from '../shared/vectors';


describe('ulid', () => {
  it('decodes the spec example', () => {
    const d = decodeUlid(ULID_SPEC);
    assert.equal(d.kind, 'ulid');
    assert.equal(d.unixMs, 1469918176385);
    assert.equal(d.time, '2016-07-30T22:36:16.385Z');
    assert.equal(decodeUlid('01aryz6s41tsv4rrffq69g5fav').fields.random, 'TSV4RRFFQ69G5FAV');
    assert.equal(formatUuid(parseUlid(ULID_SPEC)), '01563df3-6481-d676-4c61-efb99302bd5b');
  });

  it('accepts lower case and writes upper case', () => {
    assert.equal(encodeUlid(parseUlid('01aryz6s41tsv4rrffq69g5fav')), ULID_SPEC);
  });

  it('handles the extremes: all zero and 7ZZ…Z, and rejects 8000…', () => {
    assert.deepEqual(parseUlid('00000000000000000000000000'), new Uint8Array(16));
    assert.deepEqual(parseUlid(ULID_MAX), new Uint8Array(16).fill(255));
    assert.equal(decodeUlid(ULID_MAX).unixMs, 2 ** 48 - 1);
    assert.throws(() => parseUlid('80000000000000000000000000'), code('OVERFLOW'));
    assert.throws(() => decodeUlid('80000000000000000000000000'), code('OVERFLOW'));
    assert.throws(() => decodeUlid('01ARYZ6S41TSV4RRFFQ69G5FAU'), code('INVALID_CHARACTER'));
    assert.throws(() => decodeUlid('01ARYZ6S41TSV4RRFFQ69G5FA'), code('INVALID_LENGTH'));
    assert.throws(() => parseUlid('ZZZZZZZZZZZZZZZZZZZZZZZZZZ'), /largest value starts with 7/);
    assert.equal(isUlid(ULID_MAX), true);
    assert.equal(isUlid('80000000000000000000000000'), false);
  });

  it('rejects I, L, O and U instead of reading them as aliases, suggesting a fix where one exists', () => {
    for (const bad of ['01ARYZ6S41TSV4RRFFQ69G5FAI', '01ARYZ6S41TSV4RRFFQ69G5FAL', '01ARYZ6S41TSV4RRFFQ69G5FAO', '01ARYZ6S41TSV4RRFFQ69G5FAU']) {
      assert.throws(() => parseUlid(bad), code('INVALID_CHARACTER'));
      assert.equal(isUlid(bad), false);
    }
    assert.throws(() => parseUlid('01ARYZ6S41TSV4RRFFQ69G5FAo'), /Did you mean 01ARYZ6S41TSV4RRFFQ69G5FA0\?/);
    assert.throws(() => parseUlid('01ARYZ6S41TSV4RRFFQ69G5FAU'), (e: unknown) => e instanceof IdError && !/Did you mean/.test(e.message));
  });

  it('rejects wrong lengths and empty input', () => {
    assert.throws(() => parseUlid(''), code('EMPTY'));
    assert.throws(() => parseUlid('01ARYZ6S41TSV4RRFFQ69G5FA'), code('INVALID_LENGTH'));
    assert.throws(() => parseUlid('01ARYZ6S41TSV4RRFFQ69G5FAVV'), code('INVALID_LENGTH'));
  });

  describe('UlidGenerator', () => {
    it('uses the injected clock and increments the random part within a millisecond', () => {
      const g = new UlidGenerator({ clock: () => 1469918176385, random: constant(0) });
      assert.deepEqual(g.batch(3), ['01ARYZ6S410000000000000000', '01ARYZ6S410000000000000001', '01ARYZ6S410000000000000002']);
    });

    it('carries from the low 40 bits into the high 40 bits', () => {
      let first = true;
      const random: RandomSource = (b) => {
        b.fill(0);
        if (first) b.fill(255, 5, 10); // low 40 bits all ones
        first = false;
        return b;
      };
      const g = new UlidGenerator({ clock: () => 0, random });
      assert.deepEqual(g.batch(2), [
        '0000000000' + '00000000' + 'ZZZZZZZZ',
        '0000000000' + '00000001' + '00000000',
      ]);
    });

    it('throws MONOTONIC_OVERFLOW when the random part runs out within one millisecond', () => {
      const g = new UlidGenerator({ clock: () => 1000, random: constant(255) });
      const first = g.next();
      assert.equal(first.slice(10), 'ZZZZZZZZZZZZZZZZ');
      assert.throws(() => g.next(), code('MONOTONIC_OVERFLOW'));
      assert.throws(() => g.next(), code('MONOTONIC_OVERFLOW'), 'stays exhausted, never wraps');
    });

    it('keeps ascending when the clock steps back, and starts afresh in a new millisecond', () => {
      let now = 5000;
      const g = new UlidGenerator({ clock: () => now, random: constant(0) });
      const a = g.next();
      now = 4000;
      const b = g.next();
      assert.ok(b > a);
      assert.equal(ulidTime(parseUlid(b)), 5000);
      now = 6000;
      assert.equal(g.next().slice(10), '0000000000000000');
    });

    it('generates at a given time, still ascending, and refuses times a ULID cannot hold', () => {
      const g = new UlidGenerator();
      const ids = g.batch(1000, 1469918176385);
      for (let i = 1; i < ids.length; i++) assert.ok(ids[i]! > ids[i - 1]!);
      assert.ok(ids.every((id) => id.startsWith('01ARYZ6S41')));
      assert.equal(g.next(0).slice(0, 10), '0000000000');
      assert.equal(g.next(2 ** 48 - 1).slice(0, 10), '7ZZZZZZZZZ');
      assert.throws(() => g.next(-1), code('TIME_OUT_OF_RANGE'));
      assert.throws(() => g.next(2 ** 48), code('TIME_OUT_OF_RANGE'));
      assert.throws(() => g.next(1.5), code('TIME_OUT_OF_RANGE'));
    });

    it('is strictly increasing across 100,000 IDs from the real clock', () => {
      const ids = new UlidGenerator().batch(100_000);
      for (let i = 1; i < ids.length; i++) if (!(ids[i]! > ids[i - 1]!)) assert.fail(`not ascending at ${i}`);
    });
  });
});
