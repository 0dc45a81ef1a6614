// A snowflake layout's time field is held to its bit width (issue 22 item 2): a number with
// bits above the layout's time and fields is no ID of that layout, whatever date its high bits
// would spell, and nothing the layout can hold throws (`Invalid time value` was exit 70).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  IdFactory, SNOWFLAKE_NAMED, SNOWFLAKE_PRESETS, bounds, decodeSnowflake, inspect, parseLayoutSpec, snowflakeCandidates, widthOf,
  type SnowflakeLayout,
} from '../../src/core';
import { code } from './helpers';

const NOW = Date.UTC(2026, 10, 24);
const LAYOUTS: readonly SnowflakeLayout[] = [...Object.values(SNOWFLAKE_PRESETS), ...Object.values(SNOWFLAKE_NAMED)];
const maxOf = (l: SnowflakeLayout): bigint => (1n << BigInt(Math.min(64, widthOf(l)))) - 1n;
const lastTime = (l: SnowflakeLayout): number => l.epochMs + (2 ** l.timeBits - 1) * l.unitMs;

describe('snowflake layouts hold their bit width (issue 22 item 2)', () => {
  for (const l of LAYOUTS) {
    it(`${l.name}: the largest value reads as the last time the layout holds; one more is too wide`, () => {
      const max = maxOf(l);
      const d = decodeSnowflake(max.toString(), l.name, NOW);
      assert.equal(d.valid, true, d.error);
      assert.equal(d.unixMs, lastTime(l));
      if (widthOf(l) >= 64) return;
      const wide = decodeSnowflake((max + 1n).toString(), l.name, NOW);
      assert.equal(wide.valid, false);
      assert.equal(wide.errorCode, 'OVERFLOW');
      assert.match(wide.error!, new RegExp(`is wider than the .* layout, which holds ${widthOf(l)} bits`));
      assert.ok(wide.error!.includes(max.toString()), wide.error);
    });
  }

  it('Baidu: times end on 2024-11-20; 2^64-1 is refused rather than read as 2033', () => {
    const baidu = SNOWFLAKE_NAMED.baidu;
    assert.equal(new Date(lastTime(baidu)).toISOString(), '2024-11-20T21:24:15.000Z');
    const d = decodeSnowflake('18446744073709551615', 'baidu', NOW);
    assert.equal(d.valid, false);
    assert.match(d.error!, /wider than the Baidu uid-generator layout, which holds 63 bits \(a 28-bit time and 35 bits of fields\)/);
    assert.match(d.error!, /to 2024-11-20T21:24:15\.000Z/);
    const f = new IdFactory({ clock: () => NOW });
    assert.throws(() => f.generate('snowflake', { epoch: 'baidu' }), (e: Error) => code('TIME_OUT_OF_RANGE')(e) && /2024-11-20T21:24:15\.000Z; got 2026-11-24/.test(e.message));
    assert.equal(decodeSnowflake(f.generate('snowflake', { epoch: 'baidu', timeMs: lastTime(baidu) })[0]!, 'baidu').unixMs, lastTime(baidu));
  });

  it('Sonyflake: 63 bits, times up to 2188; 2^64-1 is refused rather than read as 2363', () => {
    assert.equal(new Date(lastTime(SNOWFLAKE_PRESETS.sonyflake)).toISOString(), '2188-11-16T03:28:58.870Z');
    const d = decodeSnowflake('18446744073709551615', 'sonyflake', NOW);
    assert.equal(d.valid, false);
    assert.equal(d.errorCode, 'OVERFLOW');
  });

  it('auto lists only the layouts the value fits: 2^64-1 is Discord, Instagram or Mastodon, never Twitter or Sonyflake', () => {
    assert.deepEqual(snowflakeCandidates(2n ** 64n - 1n, NOW).map((c) => c.epoch).sort(), ['discord', 'instagram', 'mastodon']);
    assert.equal(snowflakeCandidates(2n ** 63n - 1n, NOW).length, 5);
  });

  it('a written-out layout narrower than the number: invalid with a reason, never a crash', () => {
    const l = parseLayoutSpec('epoch=2015-01-01,unit=1s,time=40', NOW);
    const d = inspect('9223372036854775807', { epoch: l, now: NOW });
    assert.equal(d.valid, false);
    assert.match(d.error!, /wider than the Custom layout, which holds 40 bits \(a 40-bit time\): its largest snowflake is 1099511627775/);
    // time=41,seq=10: 51 bits; a 19-digit number used to read as the year 49733.
    const d2 = inspect('9223372036854775807', { epoch: 'epoch=2020-01-01,unit=1ms,time=41,seq=10', now: NOW });
    assert.equal(d2.valid, false);
    assert.equal(d2.errorCode, 'OVERFLOW');
  });

  it('a layout whose time reaches past the last date: such values are invalid, and bounds and generation say so in dates', () => {
    const l = parseLayoutSpec('epoch=2020-01-01,unit=1s,sequence=3', NOW); // 60 bits of seconds
    const d = inspect('9223372036854775807', { epoch: l, now: NOW });
    assert.equal(d.valid, false);
    assert.equal(d.errorCode, 'TIME_OUT_OF_RANGE');
    assert.doesNotThrow(() => JSON.stringify(d));
    assert.throws(() => bounds('snowflake', -1e16, 0, { epoch: l }), (e: Error) => code('TIME_OUT_OF_RANGE')(e) && /the last date there is; got a time before/.test(e.message));
  });

  it('any layout and any 64-bit number: decoding never throws; valid exactly when the number fits and its time is a date', () => {
    const spec = fc.record({
      epoch: fc.integer({ min: 0, max: Date.UTC(2026, 0, 1) }),
      unit: fc.constantFrom('1ms', '10ms', '1s'),
      time: fc.integer({ min: 1, max: 63 }),
      fields: fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 3 }),
    }).filter((s) => s.time + s.fields.reduce((a, b) => a + b, 0) <= 64);
    fc.assert(fc.property(spec, fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), fc.boolean(), (s, raw, inside) => {
      const text = `epoch=${s.epoch},unit=${s.unit},time=${s.time}${s.fields.map((b, i) => `,f${i}=${b}`).join('')}`;
      const l = parseLayoutSpec(text, NOW);
      const v = inside ? raw & maxOf(l) : raw;
      const d = inspect(v.toString(), { epoch: l, now: NOW, from: 'snowflake' });
      JSON.stringify(d);
      const fitsWidth = v <= maxOf(l);
      if (!fitsWidth) {
        assert.equal(d.valid, false);
        assert.equal(d.errorCode, 'OVERFLOW');
        return;
      }
      const ms = l.epochMs + Number(v >> BigInt(widthOf(l) - l.timeBits)) * l.unitMs;
      assert.equal(d.valid, Math.abs(ms) <= 8.64e15, d.error);
    }));
  });
});
