// Plain time values (Unix s/ms/µs/ns, .NET ticks, FILETIME, WebKit/Chrome, Apple Cocoa): the
// example values of time_decode's README and uuinfo's tests, the rule that a number is a time
// only when exactly one unit dates it plausibly, and in free text only under a key naming a time.
import assert from 'node:assert/strict';
import {
  cocoa, decodePlainTime, dotnetTicks, filetime, isTimeKey, keyBefore, onlyPlausibleUnit, timeKeyBefore, unixMs, unixNs, unixSeconds, unixUs, webkit,
} from '../../src/core/formats/plainTime';
import type { FormatModule, ScanContext } from '../../src/core/formats/types';
import { scan } from '../../src/core/scan';
import { code } from './helpers';

const NOW = Date.UTC(2026, 10, 23);
const UNITS: FormatModule[] = [unixSeconds, unixMs, unixUs, unixNs, dotnetTicks, filetime, webkit, cocoa];

/** Every plain-time rule on each digit run of `text`, as the scanner would offer them. */
function scanTimes(text: string): string[] {
  const ctx = {
    text, now: NOW, numbers: true, numbersNeedLayout: false, snowflake: undefined,
    plausibleMs: () => true, labelled: () => false, inBase64: () => false, snowflakeAt: () => undefined,
    timeKeyAt: (start: number) => timeKeyBefore(text, start, undefined),
  } as ScanContext;
  const out: string[] = [];
  for (const m of text.matchAll(/[A-Za-z0-9_]+/g)) {
    if (!/^\d+$/.test(m[0])) continue;
    const run = { start: m.index, end: m.index + m[0].length, or: 2, and: 2, lastUnderscore: -1 };
    for (const f of UNITS) {
      const rule = f.scan![0]!;
      if (!rule.runLengths!.includes(m[0].length)) continue;
      const hit = rule.find(run, ctx);
      if (hit) out.push(`${hit.decoded.kind}:${hit.decoded.time}`);
    }
  }
  return out;
}

describe('plain time values', () => {
  it("reads time_decode's README examples: one instant, 2025-05-04T15:18:50.064939Z, in every unit", () => {
    // digitalsleuth/time_decode README.md @ 44e6f6f: --unixsec, --unixmilli, --prtime (µs),
    // --dotnet, --active (FILETIME in decimal), --chrome, --bplist (Cocoa).
    const cases: [string, string, string, string?][] = [
      ['unixsec', '1746371930', '2025-05-04T15:18:50.000Z'],
      ['unixms', '1746371930064', '2025-05-04T15:18:50.064Z'],
      ['unixus', '1746371930064939', '2025-05-04T15:18:50.064Z', '2025-05-04T15:18:50.064939Z'],
      ['dotnetticks', '638819687300649472', '2025-05-04T15:18:50.064Z', '2025-05-04T15:18:50.0649472Z'],
      ['filetime', '133908455300649390', '2025-05-04T15:18:50.064Z', '2025-05-04T15:18:50.0649390Z'],
      ['webkit', '13390845530064940', '2025-05-04T15:18:50.064Z', '2025-05-04T15:18:50.064940Z'],
      ['cocoa', '768064730', '2025-05-04T15:18:50.000Z'],
    ];
    for (const [unit, text, time, precise] of cases) {
      const d = decodePlainTime(text, unit);
      assert.equal(d.time, time, unit);
      if (precise) assert.equal(d.timePrecise, precise, unit);
      assert.equal(onlyPlausibleUnit(text, NOW), unit, `${text} has one plausible unit`);
    }
    // unfurl (obsidianforensics/unfurl unfurl/tests/unit/test_timestamps.py @ 2d2dac3): FILETIME 0x01d15614cbaee92c,
    // which unfurl labels 19:32:28.702751 after float arithmetic; the exact count is 130980511487027500.
    assert.equal(decodePlainTime(BigInt('0x01d15614cbaee92c').toString(), 'filetime').timePrecise, '2016-01-23T19:32:28.7027500Z');
  });

  it("reads uuinfo's Unix examples in each unit (Racum/uuinfo src/id_format_tests.rs @ 1b2847f)", () => {
    for (const [unit, text] of [['unixsec', '1734971723'], ['unixms', '1734971723000'], ['unixus', '1734971723000000'], ['unixns', '1734971723000000000']]) {
      assert.equal(decodePlainTime(text!, unit!).time, '2024-12-23T16:35:23.000Z', unit);
      assert.equal(onlyPlausibleUnit(text!, NOW), unit);
    }
  });

  it('believes a number only when exactly one unit dates it from 2000 to now + 10 years', () => {
    // 9 digits from 2000-2001 as Unix seconds are also Cocoa times of 2031-2032: neither.
    assert.equal(onlyPlausibleUnit('999999999', NOW), undefined);
    assert.equal(unixSeconds.decode('999999999', { now: NOW }).plausible, false);
    assert.equal(cocoa.decode('999999999', { now: NOW }).plausible, false);
    // Too small or too large for any unit.
    assert.equal(onlyPlausibleUnit('12345', NOW), undefined);
    assert.equal(onlyPlausibleUnit('1' + '0'.repeat(22), NOW), undefined);
    // Named, any whole number is read in that unit.
    assert.equal(decodePlainTime('0', 'unixsec').time, '1970-01-01T00:00:00.000Z');
    assert.equal(decodePlainTime('0', 'dotnetticks').time, '0001-01-01T00:00:00.000Z');
    assert.throws(() => decodePlainTime('1.5', 'unixsec'), code('INVALID_CHARACTER'));
    assert.throws(() => decodePlainTime('9'.repeat(25), 'unixsec'), code('TIME_OUT_OF_RANGE'));
    assert.throws(() => decodePlainTime('1', 'fortnights'), code('INVALID_ARGUMENT'));
  });

  it('names a time key by its last word', () => {
    for (const k of ['created_at', 'updatedAt', 'ts', 'timestamp', 'event.time', 'exp', 'iat', 'nbf', 'lastSeenAt', 'start-date', 'CREATED_AT']) assert.ok(isTimeKey(k), k);
    for (const k of ['id', 'user_id', 'timeout', 'timeout_ms', 'count', 'format', 'attempts', 'datacenter', 'at_risk_count']) assert.ok(!isTimeKey(k), k);
    const at = (s: string) => keyBefore(s, s.indexOf('1'));
    assert.equal(at('{"created_at": 1'), 'created_at');
    assert.equal(at("created_at='1"), 'created_at');
    assert.equal(at('ts => 1'), 'ts');
    assert.equal(at('f(1'), undefined);
  });

  it('in free text reads a number as a time only under a time key, in its one plausible unit', () => {
    assert.deepEqual(scanTimes('{"created_at": 1717171717000, "id": 1717171717000, "count": 1717171717}'), ['unixms:2024-05-31T16:08:37.000Z']);
    assert.deepEqual(scanTimes('const createdAt = 1717171717;'), ['unixsec:2024-05-31T16:08:37.000Z']);
    assert.deepEqual(scanTimes('"ts": "1746371930064939"'), ['unixus:2025-05-04T15:18:50.064Z']);
    assert.deepEqual(scanTimes('exp: 1746371930, iat: 1746371930'), ['unixsec:2025-05-04T15:18:50.000Z', 'unixsec:2025-05-04T15:18:50.000Z']);
    // A bare number in code or prose, a version, a fraction, or a time with two plausible units.
    assert.deepEqual(scanTimes('x = 1717171717000; sleep(1717171717); v1717171717.5 "time": 1717171717.25 "ts": 999999999'), []);
    assert.deepEqual(scanTimes('"last_modified_time": 133908455300649390'), ['filetime:2025-05-04T15:18:50.064Z']);
  });

  it('through the scanner: keyed times in JSON, YAML, logs; never a bare number, a snowflake key or an id', () => {
    const kinds = (t: string) => scan(t, { now: NOW }).map((m) => `${m.kind}:${m.text}`);
    assert.deepEqual(kinds('{"id": "1717171717000", "created_at": 1717171717000, "n": 1717171717}'), ['unixms:1717171717000']);
    assert.deepEqual(kinds('created_at: 1717171717\nupdated_at: 2024-05-31'), ['unixsec:1717171717']);
    assert.deepEqual(kinds('level=info ts=1717171717123 msg="done" took=1717171717'), ['unixms:1717171717123']);
    // Prose and code without a time key: nothing, whatever the date would be.
    assert.deepEqual(kinds('Released in 1717171717, see PR 1717171717000. const x = 1717171717000;'), []);
    // A 19-digit value under a time key reads as nanoseconds only when no snowflake reading claims it first.
    assert.deepEqual(kinds('"timestamp": 1746371930064939000'), ['unixns:1746371930064939000']);
  });
});
