// SCRU128: the spec's examples, a differential run against the scru128 package in both
// directions, 128-bit round-trips and conversions, and the scanner's rules.
import { formatCard } from '../../src/cli/card';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Scru128Generator, Scru128Id, scru128String } from 'scru128';
import {
  CONVERT_TARGETS, SCRU128_MAX, bounds, bytesToHex, convert, decodeScru128, encodeScru128, inspect, inspectId, represent, scan,
} from '../../src/core';
import { code } from './helpers';
import { SCRU128_SPEC, ULID_SPEC } from '../shared/vectors';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const N = 3000;

const fieldsOf = (x: Scru128Id) => ({
  unixMs: x.timestamp, counterHi: x.counterHi, counterLo: x.counterLo, entropy: x.entropy.toString(16).padStart(8, '0'),
});
/** The package writes hex as `0x` + 32 digits. */
const hexOf = (x: Scru128Id) => x.toHex().replace(/^0x/, '');
const oursOf = (s: string) => {
  const d = decodeScru128(s);
  return { unixMs: d.unixMs, counterHi: d.fields.counterHi, counterLo: d.fields.counterLo, entropy: d.fields.entropy };
};

describe('SCRU128', () => {
  it("reads the spec's examples and the largest value", () => {
    for (const s of ['0372hg16csmsm50l8dikcvukc', '0372hg16cy3nowraclyunyjke', SCRU128_SPEC]) {
      assert.deepEqual(oursOf(s), fieldsOf(Scru128Id.fromString(s)), s);
      assert.equal(decodeScru128(s.toUpperCase()).unixMs, decodeScru128(s).unixMs);
    }
    assert.equal(bytesToHex(decodeScru128(SCRU128_MAX).bytes!), 'f'.repeat(32));
    assert.equal(encodeScru128(new Uint8Array(16).fill(255)), SCRU128_MAX);
    assert.equal(encodeScru128(new Uint8Array(16)), '0'.repeat(25));
  });

  it('refuses what is not a SCRU128 ID, with the reason', () => {
    assert.throws(() => decodeScru128('f5lxx1zz5pnorynqglhzmsp34'), code('OVERFLOW'));
    assert.throws(() => Scru128Id.fromString('f5lxx1zz5pnorynqglhzmsp34'));
    assert.throws(() => decodeScru128('0372hg16csmsm50l8dikcvuk'), code('INVALID_LENGTH'));
    assert.throws(() => decodeScru128('0372hg16csmsm50l8dikcvuk_'), code('INVALID_CHARACTER'));
  });

  it('agrees with the scru128 package on thousands of its IDs (time, counters, entropy, bytes)', () => {
    const g = new Scru128Generator();
    const ids = [...Array.from({ length: N }, () => g.generate()), ...fc.sample(fc.uint8Array({ minLength: 16, maxLength: 16 }), N).map((b) => Scru128Id.fromBytes(b))];
    let bad = 0;
    for (const x of ids) {
      const s = String(x);
      const d = decodeScru128(s);
      if (JSON.stringify(oursOf(s)) !== JSON.stringify(fieldsOf(x)) || bytesToHex(d.bytes!) !== hexOf(x) || encodeScru128(d.bytes!) !== s) bad++;
    }
    assert.equal(bad, 0);
  });

  it('writes what the package reads back to the same bytes, for every 128-bit value', () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (b) => {
      const s = encodeScru128(b);
      assert.equal(s, String(Scru128Id.fromBytes(b)));
      assert.deepEqual(decodeScru128(s).bytes, b);
    }), { numRuns: 3000 });
  });

  it('decodes arbitrary 25-char text as the package does (same validity and bytes)', () => {
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'0123456789abcdefghijklmnopqrstuvwxyzF_'), minLength: 25, maxLength: 25 }),
      fc.string({ unit: fc.constantFrom(...'0123456789abcdefghijklmnopqrstuvwxyz'), minLength: 24, maxLength: 24 }).map((t) => 'f' + t),
    );
    fc.assert(fc.property(text, (s) => {
      let theirs: string | undefined;
      try {
        theirs = hexOf(Scru128Id.fromString(s));
      } catch {
        theirs = undefined;
      }
      let ours: string | undefined;
      try {
        ours = bytesToHex(decodeScru128(s).bytes!);
      } catch {
        ours = undefined;
      }
      assert.equal(ours, theirs, s);
    }), { numRuns: 3000 });
  });

  it('converts like every 128-bit ID: to UUID/ULID/hex, and any 128-bit ID to SCRU128', () => {
    const s = SCRU128_SPEC;
    const forms = Object.fromEntries(represent(inspectId(s)!).map((r) => [r.target, r.value]));
    assert.equal(forms.hex, hexOf(Scru128Id.fromString(s)));
    assert.ok(CONVERT_TARGETS.includes('scru128'));
    assert.equal(convert(forms.uuid!, 'scru128'), s);
    assert.equal(convert('ffffffff-ffff-ffff-ffff-ffffffffffff', 'scru128'), SCRU128_MAX);
    assert.deepEqual(represent(inspectId(s)!, { hoverOnly: true }).map((r) => r.target), ['uuid', 'hex']);
  });

  it('is found in free text in one case with a plausible time, never in longer or mixed text', () => {
    const s = scru128String();
    const now = Date.now();
    assert.deepEqual(scan(`id=${s};`, { now }).map((m) => m.kind), ['scru128']);
    assert.deepEqual(scan(`id=${s.toUpperCase()};`, { now }).map((m) => m.kind), ['scru128']);
    assert.deepEqual(scan(`id=${s.slice(0, 12)}${s.slice(12).toUpperCase()};`, { now }), []);
    // 2000 and 2600: outside the window.
    const at = (ms: number) => String(Scru128Id.fromFields(ms, 1, 2, 3));
    assert.deepEqual(scan(`${at(Date.UTC(2000, 0, 1))} ${at(Date.UTC(2600, 0, 1))}`, { now: NOW }), []);
    assert.deepEqual(scan('thisisnotanidentifier1234 abcdefghijklmnopqrstuvwxy', { now: NOW }), []);
  });

  it('is named scru128 by inspect', () => {
    assert.equal(inspect(SCRU128_SPEC).kind, 'scru128');
    assert.equal(inspect('0000000000000000000000000').kind, 'snowflake'); // 25 digits stay a (too long) number
  });

  it('bounds: the lowest and highest SCRU128 ID of a time window, lower case', () => {
    const from = Date.UTC(2024, 4, 1), to = Date.UTC(2024, 4, 2) - 1;
    const b = bounds('scru128', from, to);
    assert.equal(Scru128Id.fromString(b.min).timestamp, from);
    assert.equal(Scru128Id.fromString(b.max).timestamp, to);
    assert.equal(bytesToHex(decodeScru128(b.max).bytes!).slice(12), 'f'.repeat(20));
    const inside = Array.from({ length: 50 }, (_, i) => String(Scru128Id.fromFields(from + i * 1000, i, i, i)));
    assert.ok(inside.every((s) => s >= b.min && s <= b.max && s.startsWith(b.prefix)));
  });

  it('inspect reads a 25-char text whose SCRU128 time is implausible, marked so (issue 22 item 8)', () => {
    // The reference library's SCRU128 from before 2021, and a truncated ULID (a "SCRU128 from 1991").
    for (const [text, time] of [['02kgdyqxpmsigcudfxvmyvkqr', '2011-12-26T14:54:48.882Z'], ['01ARYZ6S41TSV4RRFFQ69G5FA', '1991-03-30T10:20:07.998Z']]) {
      const d = inspect(text!);
      assert.equal(d.kind, 'scru128');
      assert.equal(d.valid, true);
      assert.equal(d.plausible, false);
      assert.equal(d.time, time);
      assert.match(formatCard(d), /note +implausible date/);
    }
    const plausible = inspect(SCRU128_SPEC);
    assert.equal(plausible.valid, true, 'the spec example still reads');
    assert.equal(plausible.plausible, undefined);
    // Every 128-bit value has a SCRU128 spelling, whatever its date, and converts back.
    const ulid = ULID_SPEC;
    const asScru = convert(ulid, 'scru128');
    assert.equal(inspect(asScru).kind, 'scru128');
    assert.equal(convert(asScru, 'ulid'), ulid);
  });
});
