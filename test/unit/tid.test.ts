// atproto TID: the spec's vectors, a differential run against @atcute/tid in both directions,
// microsecond precision, the 13-char overlap with TSID, and the scanner's rules.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as TID from '@atcute/tid';
import { TidGenerator, bounds, decodeTid, encodeTid, generate, inspect, readings, scan } from '../../src/core';
import { formatCard } from '../../src/cli/card';
import { code } from './helpers';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const N = 3000;

describe('atproto TID', () => {
  it('reads the spec examples: 3jzfcijpj2z2a, and 2222222222222 as zero', () => {
    const d = decodeTid('3jzfcijpj2z2a');
    assert.equal(d.kind, 'tid');
    assert.equal(d.timePrecise, '2023-06-30T15:03:01.887007Z');
    assert.equal(d.fields.clockId, 6);
    const zero = decodeTid('2222222222222');
    assert.equal(zero.unixMs, 0);
    assert.equal(zero.timePrecise, '1970-01-01T00:00:00.000000Z');
    assert.equal(zero.fields.clockId, 0);
  });

  it('refuses what the spec refuses, with the reason', () => {
    for (const bad of ['3jzfcijpj2z2', '3jzfcijpj2z2aa', '3jzfcijpj2z21', '3jzfcijpj2z2A', 'kjzfcijpj2z2a', '3jzf_ijpj2z2a']) {
      assert.equal(TID.validate(bad), false, bad);
      assert.equal(inspect(bad).kind === 'tid' && inspect(bad).valid, false, bad);
    }
    assert.throws(() => decodeTid('3JZFCIJPJ2Z2A'), code('INVALID_CASE'));
    assert.throws(() => decodeTid('kjzfcijpj2z2a'), code('OVERFLOW'));
    assert.throws(() => decodeTid('3jzfcijpj2z21'), code('INVALID_CHARACTER'));
  });

  it('agrees with @atcute/tid on thousands of its TIDs (µs timestamp, clock id)', () => {
    const ids = [
      ...Array.from({ length: N }, () => TID.now()),
      ...fc.sample(fc.tuple(fc.integer({ min: 0, max: 2 ** 53 - 1 }), fc.integer({ min: 0, max: 1023 })), N).map(([t, c]) => TID.create(t, c)),
    ];
    let bad = 0;
    for (const s of ids) {
      const ref = TID.parse(s);
      const d = decodeTid(s);
      const us = BigInt(d.unixMs!) * 1000n + BigInt(Number(d.timePrecise!.slice(-4, -1)));
      if (us !== BigInt(ref.timestamp) || d.fields.clockId !== ref.clockid || encodeTid(ref.timestamp, ref.clockid) !== s) bad++;
    }
    assert.equal(bad, 0);
  });

  it('decodes arbitrary 13-char text as @atcute/tid does (same validity)', () => {
    const text = fc.string({ unit: fc.constantFrom(...'0123456789abcdefghijklmnopqrstuvwxyzA'), minLength: 13, maxLength: 13 });
    fc.assert(fc.property(text, (s) => {
      let theirs: number | undefined;
      try {
        theirs = TID.parse(s).clockid;
      } catch {
        theirs = undefined;
      }
      let ours: number | undefined;
      try {
        ours = decodeTid(s).fields.clockId as number;
      } catch {
        ours = undefined;
      }
      assert.equal(ours, theirs, s);
    }), { numRuns: 3000 });
  });

  it('is read as the TID, not as the TSID the same text spells, when only the TID time is plausible', () => {
    const s = encodeTid(Date.UTC(2025, 5, 1) * 1000 + 123, 7); // 3lqo…: lower-case Crockford too
    const all = readings(s, { now: NOW });
    assert.equal(all[0]!.kind, 'tid');
    const j = inspect(s, { now: NOW });
    assert.equal(j.kind, 'tid');
    // A text both read plausibly (the TSID reading is 2051: plausible when now is 2045) carries
    // the other reading, and inspect --json prints it.
    const later = Date.UTC(2045, 0, 1);
    const both = readings('3mabcdefghjk2', { now: later });
    assert.deepEqual(both.map((d) => d.kind), ['tid', 'tsid']);
    assert.deepEqual(both[0]!.alternatives, [both[1]]);
    assert.deepEqual(inspect('3mabcdefghjk2', { now: later }).alternatives?.map((a) => [a.kind, a.time]), [['tsid', '2051-08-30T22:58:17.852Z']]);
    // With now in 2026 the TSID's 2051 is implausible: still listed, marked (issue 22 item 8).
    assert.deepEqual(inspect('3mabcdefghjk2', { now: NOW }).alternatives?.map((a) => [a.kind, a.plausible]), [['tsid', false]]);
    const card = formatCard(inspect('3mabcdefghjk2', { now: later }));
    assert.match(card, /kind +tid/);
    assert.match(card, /also reads as:\n +tsid +2051-08-30T22:58:17\.852Z +random /);
  });

  it('is found in free text as lower case with a time from 2022 on, or after a label', () => {
    const s = encodeTid(NOW * 1000 - 5, 99);
    assert.deepEqual(scan(`at://did:plc:abc/app.bsky.feed.post/${s}`, { now: NOW }).map((m) => m.text), [s]);
    assert.deepEqual(scan(`x ${encodeTid(Date.UTC(2015, 0, 1) * 1000, 1)} y`, { now: NOW }), []);
    assert.deepEqual(scan('3jzfcijpj2z2a', { now: NOW }).map((m) => m.kind), ['tid']);
    assert.deepEqual(scan('"rkey": "3jzfcijpj2z21"', { now: NOW }).map((m) => [m.kind, m.decoded.valid]), [['tid', false]]);
    assert.deepEqual(scan('internalstate somethingelse 3jzfcijpj2z21', { now: NOW }), []);
  });

  it('writes TIDs @atcute/tid reads back to the same µs and clock id', () => {
    const ours = new TidGenerator().batch(N);
    let bad = 0;
    for (const s of ours) {
      const ref = TID.parse(s);
      const d = decodeTid(s);
      if (!TID.validate(s) || Math.floor(ref.timestamp / 1000) !== d.unixMs || ref.clockid !== d.fields.clockId) bad++;
    }
    assert.equal(bad, 0);
  });

  it('finds a new TID in an at:// URI (ascending order and explicit times: ascending.test.ts)', () => {
    const [id] = generate('tid', { count: 1 });
    assert.deepEqual(scan(`at://did:plc:x/app.bsky.feed.post/${id}`).map((m) => m.kind), ['tid']);
  });

  it('borrows the next millisecond when one is full, still ascending', () => {
    const g = new TidGenerator({ random: (b) => b.fill(0xff) });
    const ids = g.batch(1000 * 1024, NOW);
    assert.ok(decodeTid(ids[ids.length - 1]!).unixMs === NOW + 1);
    for (let i = 1; i < ids.length; i += 997) assert.ok(ids[i - 1]! < ids[i]!);
  });

  it('bounds: the lowest and highest TID of a time window', () => {
    const from = Date.UTC(2024, 4, 1), to = Date.UTC(2024, 4, 2) - 1;
    const b = bounds('tid', from, to);
    assert.equal(decodeTid(b.min).timePrecise, '2024-05-01T00:00:00.000000Z');
    assert.equal(decodeTid(b.max).timePrecise, '2024-05-01T23:59:59.999999Z');
    assert.ok(b.min < b.max && TID.validate(b.min) && TID.validate(b.max));
    const inside = new TidGenerator().batch(50, from + 5000);
    assert.ok(inside.every((s) => s >= b.min && s <= b.max && s.startsWith(b.prefix)));
  });
});
