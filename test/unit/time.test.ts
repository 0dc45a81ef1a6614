import assert from 'node:assert/strict';
import { formatIso, formatRelative, inclusiveEnd, parseTimeInput } from '../../src/core/time';
import { IdError } from '../../src/core/types';

const NOW = Date.UTC(2024, 0, 2, 3, 4, 5, 678);

describe('time', () => {
  describe('parseTimeInput', () => {
    const cases: Array<[string, string]> = [
      ['2024-01-02T03:04:05.678Z', '2024-01-02T03:04:05.678Z'],
      ['2024-01-02T03:04Z', '2024-01-02T03:04:00.000Z'],
      ['2024-01-02t03:04:05z', '2024-01-02T03:04:05.000Z'],
      ['2024-01-02T03:04:05+02:00', '2024-01-02T01:04:05.000Z'],
      ['2024-01-02T03:04:05-0530', '2024-01-02T08:34:05.000Z'],
      ['2024-01-02T03:04:05+01', '2024-01-02T02:04:05.000Z'],
      ['2024-01-02T03:04:05.6789123Z', '2024-01-02T03:04:05.678Z'],
      ['2024-01-02T03:04:05', '2024-01-02T03:04:05.000Z'],
      ['2024-01-02', '2024-01-02T00:00:00.000Z'],
      ['2024-01-02 03:04', '2024-01-02T03:04:00.000Z'],
      ['2024-01-02 03:04:05.5', '2024-01-02T03:04:05.500Z'],
      ['2024-02-29', '2024-02-29T00:00:00.000Z'],
      ['0099-01-01', '0099-01-01T00:00:00.000Z'],
      ['1700000000', '2023-11-14T22:13:20.000Z'],
      ['1700000000123', '2023-11-14T22:13:20.123Z'],
      ['  now ', '2024-01-02T03:04:05.678Z'],
      ['-2h', '2024-01-02T01:04:05.678Z'],
      ['+3d', '2024-01-05T03:04:05.678Z'],
      ['-15m', '2024-01-02T02:49:05.678Z'],
      ['1h ago', '2024-01-02T02:04:05.678Z'],
      ['90 seconds ago', '2024-01-02T03:02:35.678Z'],
      ['in 2 weeks', '2024-01-16T03:04:05.678Z'],
      ['+500ms', '2024-01-02T03:04:06.178Z'],
    ];
    for (const [input, iso] of cases) {
      it(`reads ${JSON.stringify(input)}`, () => {
        const r = parseTimeInput(input, NOW);
        assert.equal(r.iso, iso);
        assert.equal(r.ms, Date.parse(iso));
      });
    }

    const bad = ['', 'yesterday', '2024-13-01', '2023-02-29', '2024-01-02T24:00', '2024-01-02T03:60',
      '12345', '-2 fortnights', '2024/01/02', '2024-01-02T03:04:05+25:00', '1e12'];
    for (const input of bad) {
      it(`rejects ${JSON.stringify(input)} and lists the accepted forms`, () => {
        assert.throws(() => parseTimeInput(input, NOW),
          (e: unknown) => e instanceof IdError && e.code === 'INVALID_ARGUMENT' && /Expected one of: an ISO 8601/.test(e.message));
      });
    }
  });

  describe('inclusiveEnd', () => {
    it('reads a bare date as the last millisecond of that UTC day, anything else as itself', () => {
      const day = parseTimeInput('2024-01-31').ms;
      assert.equal(formatIso(inclusiveEnd(' 2024-01-31 ', day)), '2024-01-31T23:59:59.999Z');
      const instant = parseTimeInput('2024-01-31T10:00:00Z').ms;
      assert.equal(inclusiveEnd('2024-01-31T10:00:00Z', instant), instant);
      assert.equal(inclusiveEnd('1706695200', 1706695200000), 1706695200000);
    });
  });

  describe('formatIso', () => {
    it('floors to the millisecond, also before 1970', () => {
      assert.equal(formatIso(1.9), '1970-01-01T00:00:00.001Z');
      assert.equal(formatIso(-0.5), '1969-12-31T23:59:59.999Z');
      assert.equal(formatIso(-1), '1969-12-31T23:59:59.999Z');
    });

    it('writes extended years past 9999 (Mastodon and v1 maxima need them)', () => {
      assert.equal(formatIso(Date.UTC(10000, 0, 1)), '+010000-01-01T00:00:00.000Z');
      assert.equal(formatIso(103072857660684), '5236-03-31T21:21:00.684Z');
    });

    it('throws TIME_OUT_OF_RANGE past what a Date can hold', () => {
      assert.throws(() => formatIso(8.64e15 + 1), (e: unknown) => e instanceof IdError && e.code === 'TIME_OUT_OF_RANGE');
      assert.throws(() => formatIso(Number.NaN), (e: unknown) => e instanceof IdError && e.code === 'TIME_OUT_OF_RANGE');
    });
  });

  describe('formatRelative', () => {
    const day = 86_400_000;
    const cases: Array<[number, string]> = [
      [0, 'just now'],
      [-999, 'just now'],
      [-1000, '1 second ago'],
      [5 * 60_000, 'in 5 minutes'],
      [-2 * 3_600_000 - 1, '2 hours ago'],
      [-day, '1 day ago'],
      [-14 * day, '2 weeks ago'],
      [45 * day, 'in 1 month'],
      [-3 * 366 * day, '3 years ago'],
    ];
    for (const [delta, text] of cases) {
      it(`says ${JSON.stringify(text)} for ${delta} ms`, () => assert.equal(formatRelative(NOW + delta, NOW), text));
    }
  });
});
