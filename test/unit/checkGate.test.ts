// The checker's gate (src/core/check/whole.ts) answers "is this value, as a whole, an ID?" without
// the scanner for most values: it drops a value when none of its runs is one the scanner's own drop
// test (`keepsRun`) keeps. Held here to the scanner itself, with nothing dropped first: for random
// values (IDs of every format that makes them, the scanner's decoys, ISO times, emails, words,
// escapes, non-ASCII text), `of(value)`, and `ofBytes` on the value inside a larger ASCII buffer
// (as a worker reads a piece of a file), give the one valid match that `scan` finds covering the
// whole value, or none when it finds none.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { FORMATS, generate } from '../../src/core';
import { WholeIds } from '../../src/core/check/whole';
import { isoUtcMs } from '../../src/core/check/rowTime';
import { blobAround, scan, type ScanMatch, type ScanOptions } from '../../src/core/scan';
import { requiredOptions } from '../shared/generators';
import { CUID_SPEC, KSUID_SPEC, OBJECTID_SPEC, SCRU128_SPEC, ULID_SPEC, XID_SPEC, XRAY_SPEC } from '../shared/vectors';

const NOW = Date.UTC(2026, 0, 15);
const OPTS: ScanOptions = { now: NOW };

/** What the scanner says: the one valid match that is all of `value`. */
function expected(value: string, opts: ScanOptions): ScanMatch | undefined {
  const ms = scan(value, opts);
  const m = ms.length === 1 ? ms[0]! : undefined;
  return m && m.start === 0 && m.end === value.length && m.decoded.valid ? m : undefined;
}

function same(got: ScanMatch | undefined, want: ScanMatch | undefined, value: string): void {
  assert.deepEqual(got && { kind: got.kind, start: got.start, end: got.end, ms: got.decoded.unixMs },
    want && { kind: want.kind, start: want.start, end: want.end, ms: want.decoded.unixMs }, JSON.stringify(value));
}

const MADE = FORMATS.flatMap((f) => f.generators.flatMap((g) => generate(g.kind, { ...requiredOptions(g), count: 3 })));
const IDS = [
  ...MADE, ULID_SPEC, KSUID_SPEC, OBJECTID_SPEC, SCRU128_SPEC, CUID_SPEC, XID_SPEC, XRAY_SPEC,
  '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', '-JiEOUc-abcdefABC123', '175928847299117063', '1212092628029698048',
  'job_1410901177871_0001', 'container_e17_1410901177871_0001_01_000005', 'user_01h455vb4pex5vsknk084sn02q', '1700000000', '1700000000123',
];
const OTHER = [
  '2024-01-01T00:00:35.673Z', '2026-11-01T00:00:00.045Z', '2024-10-06', '01-02', '00-', '00', 'user123456@example.com', 'user 12345', '587.21',
  'da39a3ee5e6b4b0d3255bfef95601890afd80709', 'MAX_RETRIES_EXCEEDED_PWHRKW', 'ABCDEFGHJKMNPQRSTVWXYZ0123', '+4915112345678',
  'a'.repeat(127), 'b'.repeat(128), `${'c'.repeat(130)}_x`, '%2F', '\\n', 'é', '日本語', 'tenant_', '_del', '-', '_',
];

const value = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...IDS) },
  { weight: 3, arbitrary: fc.array(fc.oneof(fc.constantFrom(...IDS, ...OTHER), fc.constantFrom(' ', '-', '_', ':', '/', '.', '"'), fc.string({ maxLength: 12 })), { minLength: 1, maxLength: 3 }).map((p) => p.join('')) },
  { weight: 2, arbitrary: fc.stringMatching(/^[0-9A-Za-z_-]{1,40}$/) },
);
const ascii = fc.string({ maxLength: 20 }).map((s) => s.replace(/[^\x00-\x7f]/g, '?'));

describe('the checker\'s gate and the scanner', () => {
  it('of(value): the scanner\'s answer for every generated ID and decoy, alone', () => {
    const gate = new WholeIds(OPTS);
    let ids = 0;
    for (const v of [...IDS, ...OTHER]) {
      const want = expected(v, OPTS);
      if (want) ids++;
      same(gate.of(v), want, v);
    }
    assert.ok(ids >= IDS.length / 2, `only ${ids} of the values are IDs: the examples do not reach the rules`);
  });

  it('of and ofBytes: the scanner\'s answer for random values, asked three times (the first scanned, the second remembered, the third from memory)', () => {
    const gate = new WholeIds(OPTS);
    fc.assert(fc.property(value, ascii, ascii, (v, before, after) => {
      const want = expected(v, OPTS);
      for (let i = 0; i < 3; i++) same(gate.of(v), want, v);
      if (/^[\x00-\x7f]*$/.test(v)) {
        const b = Buffer.from(before + v + after, 'latin1');
        for (let i = 0; i < 3; i++) same(gate.ofBytes(v, b, before.length), want, v);
      }
    }), { numRuns: 4000, seed: 2311 });
  });

  it('from memory, in turn: values that share memory slots each get their own answer (a table of 16 K slots, 40 K values)', () => {
    const gate = new WholeIds(OPTS);
    const values = Array.from({ length: 40_000 }, (_, i) => (i % 2 === 0 ? MADE[i % MADE.length]! : `${OTHER[i % OTHER.length]}${i}`));
    const want = values.map((v) => expected(v, OPTS));
    for (let round = 0; round < 3; round++) values.forEach((v, i) => same(gate.of(v), want[i], v));
  });

  it('value after value: nothing a scan leaves behind (a base64 blob around it, a context) reaches the next value\'s answer', () => {
    // The gate scans every value with one scanner, made again for each.
    const ulid = ULID_SPEC;
    const values = [
      `${ulid}+${ulid}`, ulid, `${ulid}==`, `a%2F${ulid}`, `${'A'.repeat(120)}${ulid}`, 'ts=1700000000', '1700000000',
      '{"discord_id": 175928847299117063}', '175928847299117063', `{${MADE[0]}}`, ...IDS.slice(0, 12), ...OTHER.slice(0, 8),
    ];
    const want = new Map(values.map((v) => [v, expected(v, OPTS)]));
    for (const a of values) {
      for (const b of values) {
        const gate = new WholeIds(OPTS);
        same(gate.of(a), want.get(a), a);
        same(gate.of(b), want.get(b), `${b} after ${a}`);
      }
    }
  });

  it('no value in the shape a created_at is read in without the pattern is, as a whole, an ID (the checker does not ask)', () => {
    const two = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0'));
    const iso = fc.tuple(fc.integer({ min: 0, max: 9999 }), two, two, fc.constantFrom('T', 't', ' '), two, two, two, fc.stringMatching(/^(\.[0-9]{1,9})?$/), fc.constantFrom('Z', 'z'))
      .map(([y, mo, d, sep, h, mi, sec, frac, z]) => `${String(y).padStart(4, '0')}-${mo}-${d}${sep}${h}:${mi}:${sec}${frac}${z}`);
    const later: ScanOptions = { now: Date.UTC(2090, 0, 1) };
    fc.assert(fc.property(iso, (t) => {
      assert.notEqual(isoUtcMs(t), undefined, t);
      assert.equal(expected(t, OPTS), undefined, t);
      assert.equal(expected(t, later), undefined, t);
    }), { numRuns: 3000, seed: 23 });
  });

  it('the scanner\'s shortcut: a whole value under 100 chars with no + and no escape is no base64 blob', () => {
    fc.assert(fc.property(fc.stringMatching(/^[0-9A-Za-z_/=+%-]{1,99}$/), (t) => {
      if (/[+%]/.test(t)) return;
      assert.equal(blobAround(t, 0, t.length).base64, false, t);
    }), { numRuns: 4000, seed: 77 });
    // What the shortcut leaves to the walk: a `+`, padding, or length.
    assert.equal(blobAround('abc+def', 0, 7).base64, true);
    assert.equal(blobAround('abcdef==', 0, 6).base64, true);
    assert.equal(blobAround('a'.repeat(100), 0, 100).base64, true);
  });
});
