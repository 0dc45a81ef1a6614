// TSID (tsid-creator): vectors from tsid-ts's docs, a differential run against tsid-ts in both
// directions, round-trips, the scanner's rules, conversions and generator sequences.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TSID, TSIDGenerator } from 'tsid-ts';
import {
  TSID_EPOCH_MS, convert, convertTargetsFor, TsidGenerator, boundsSpec, decodeTsid, encodeTsid, inspect, inspectId, represent, scan,
} from '../../src/core';
import { code } from './helpers';
import { SCRU128_SPEC } from '../shared/vectors';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const N = 3000;

const bigOf = (b: Uint8Array) => b.reduce((n, x) => (n << 8n) | BigInt(x), 0n);
const bytesOf = (n: bigint) => Uint8Array.from({ length: 8 }, (_, i) => Number((n >> BigInt(56 - 8 * i)) & 255n));

describe('TSID', () => {
  it('reads the examples of tsid-ts docs (canonical, lower case) with their number and time', () => {
    // From tsid-ts's TSID docs: '0AXFXR5W7VBX0' is hex 0575FDC1787DAFA0; '0AWE5HZP3SKTK' is also written '0awe5hzp3sktk'.
    const d = decodeTsid('0AXFXR5W7VBX0');
    assert.equal(bigOf(d.bytes!), 0x0575fdc1787dafa0n);
    assert.equal(d.unixMs, TSID_EPOCH_MS + Number(0x0575fdc1787dafa0n >> 22n));
    assert.equal(d.fields.random, Number(0x0575fdc1787dafa0n & 0x3fffffn));
    assert.deepEqual(decodeTsid('0awe5hzp3sktk').toJSON().unixMs, decodeTsid('0AWE5HZP3SKTK').unixMs);
    assert.equal(decodeTsid('0000000000000').unixMs, TSID_EPOCH_MS);
    assert.equal(encodeTsid(bytesOf(2n ** 64n - 1n)), 'FZZZZZZZZZZZZ');
  });

  it('refuses what is not a TSID, with the reason', () => {
    assert.throws(() => decodeTsid('0AXFXR5W7VBX'), code('INVALID_LENGTH'));
    assert.throws(() => decodeTsid('0AXFXR5W7VBXU'), code('INVALID_CHARACTER'));
    assert.throws(() => decodeTsid('0AXFXR5W7VBXL'), /probably meant/);
    assert.throws(() => decodeTsid('GAXFXR5W7VBX0'), code('OVERFLOW'));
  });

  it('agrees with tsid-ts on thousands of its TSIDs (time, random bits, number)', () => {
    const gen = new TSIDGenerator();
    const ids = [...Array.from({ length: N }, () => gen.create()), ...Array.from({ length: N }, () => new TSID(fc.sample(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), 1)[0]!))];
    let bad = 0;
    for (const t of ids) {
      const text = t.toString();
      const d = decodeTsid(text);
      if (!d.valid || d.unixMs !== t.timestamp || d.fields.random !== t.random || bigOf(d.bytes!) !== t.number || encodeTsid(d.bytes!) !== text) bad++;
    }
    assert.equal(bad, 0);
  });

  it('writes TSIDs tsid-ts reads back to the same time and number', () => {
    const ours = new TsidGenerator().batch(N);
    let bad = 0;
    for (const s of ours) {
      const t = TSID.fromString(s);
      const d = decodeTsid(s);
      if (t.timestamp !== d.unixMs || t.number !== bigOf(d.bytes!) || t.toString() !== s) bad++;
    }
    assert.equal(bad, 0);
  });

  it('round-trips every 64-bit value and never throws from decode', () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 8, maxLength: 8 }), (b) => {
      const s = encodeTsid(b);
      assert.deepEqual(decodeTsid(s).bytes, b);
      assert.deepEqual(decodeTsid(s.toLowerCase()).bytes, b);
    }));
    fc.assert(fc.property(fc.string({ maxLength: 20 }), (s) => {
      const d = inspectId(s);
      if (d?.kind === 'tsid' && d.valid) assert.equal(encodeTsid(d.bytes!), s.trim().toUpperCase());
    }));
  });

  it('converts to its decimal and hex forms, and a decimal (snowflake-shaped) number to its TSID', () => {
    const forms = Object.fromEntries(represent(inspectId('0AXFXR5W7VBX0')!).map((r) => [r.target, r.value]));
    assert.equal(forms.int, (0x0575fdc1787dafa0n).toString());
    assert.equal(forms.hex, '0575fdc1787dafa0');
    const fromNumber = represent(inspectId((0x0575fdc1787dafa0n).toString())!).find((r) => r.target === 'tsid');
    assert.equal(fromNumber?.value, '0AXFXR5W7VBX0');
    assert.deepEqual(represent(inspectId('0AXFXR5W7VBX0')!, { hoverOnly: true }).map((r) => r.target), ['int', 'hex']);
  });

  it('converts in place (the hover links and code actions use convert and convertTargetsFor)', () => {
    assert.equal(convert('0AXFXR5W7VBX0', 'int'), (0x0575fdc1787dafa0n).toString());
    assert.equal(convert(' 0axfxr5w7vbx0 ', 'hex'), '0575fdc1787dafa0');
    assert.equal(convert((0x0575fdc1787dafa0n).toString(), 'tsid'), '0AXFXR5W7VBX0');
    assert.throws(() => convert('0AXFXR5W7VBX0', 'uuid'), code('UNSUPPORTED_CONVERSION'));
    // The code-action list is the 128-bit one (its callers add TypeID to any non-empty list).
    assert.deepEqual(convertTargetsFor('0AXFXR5W7VBX0'), []);
    assert.ok(convertTargetsFor(SCRU128_SPEC).some((c) => c.target === 'uuid' && c.enabled));
  });

  it('is found in free text only as upper case with a plausible time, or after a label', () => {
    const id = new TsidGenerator({ clock: () => NOW }).next();
    assert.deepEqual(scan(`order ${id} shipped`, { now: NOW }).map((m) => m.kind), ['tsid']);
    assert.deepEqual(scan(`x ${id.toLowerCase()} y`, { now: NOW }), []);
    assert.deepEqual(scan(`"tsid": "${id.toLowerCase()}"`, { now: NOW }).map((m) => m.kind), ['tsid']);
    // Out of the window (2060) and words: no match.
    const late = new TsidGenerator().next(Date.UTC(2060, 0, 1));
    assert.deepEqual(scan(`a ${late} b`, { now: NOW }), []);
    assert.deepEqual(scan('ABCDEFGHJKMNP 0123456789012 QWERTYQWERTY1', { now: NOW }), []);
    assert.deepEqual(scan(`data:${'A'.repeat(20)}+${id}==`, { now: NOW }), []);
  });

  it('is named tsid by inspect, lower case included', () => {
    const j = inspect('0awe5hzp3sktk');
    assert.equal(j.kind, 'tsid');
    assert.equal(j.valid, true);
  });

  it('borrows the next millisecond when one is full, still ascending', () => {
    const g = new TsidGenerator({ clock: () => NOW, random: (b) => b.fill(0xff) });
    const ids = g.batch(2 ** 21 + 5, NOW);
    const last = decodeTsid(ids[ids.length - 1]!);
    assert.equal(last.unixMs, NOW + 1);
    for (let i = 1; i < ids.length; i += 4096) assert.ok(ids[i - 1]! < ids[i]!);
    assert.ok(ids[2 ** 21 - 1]! < ids[2 ** 21]!);
  });

  it('bounds: lowest and highest TSID of a millisecond', () => {
    const codec = boundsSpec('tsid')!.codec({ prefix: '' });
    const ms = Date.UTC(2024, 4, 1);
    const lo = codec.text(ms, false), hi = codec.text(ms, true);
    assert.ok(lo < hi);
    assert.equal(decodeTsid(lo).fields.random, 0);
    assert.equal(decodeTsid(hi).fields.random, 2 ** 22 - 1);
    assert.equal(codec.timeOf(hi), ms);
  });
});
