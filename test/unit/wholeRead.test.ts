// The formats' whole-value readers (`CheckRules.whole`: an ObjectId, a ULID, a dashed UUID v4 or v7 read from
// its bytes without the scanner) answer for the scanner or not at all. Held here to `scan` itself
// on every value the tests can make of the lengths they read: IDs of every generator at times
// across the plausible window and outside it, every spelling (upper, lower, mixed case), every
// one-char change (Crockford's excluded letters, a dash moved, non-ASCII, `+`, `%`, `_`), and random
// text of those lengths. Where a reader answers, the scanner must find that one ID as all of the
// value, with the time, version, time order and identity the checker would take from its decoding;
// and for the canonical spellings (which fill fixtures) a reader must answer, or it saves nothing.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { FORMATS, generate } from '../../src/core';
import { WholeIds } from '../../src/core/check/whole';
import { identityKey, timeOrdered } from '../../src/core/check/rules';
import type { WholeFacts } from '../../src/core/formats/types';
import { scan, type ScanMatch, type ScanOptions } from '../../src/core/scan';
import { requiredOptions } from '../shared/generators';

const NOW = Date.UTC(2026, 0, 15);
const OPTS: ScanOptions = { now: NOW };
const YEAR = 365.2425 * 86_400_000;

const LENGTHS = [...new Set(FORMATS.flatMap((f) => (f.check?.whole ? [f.check.whole.length] : [])))];

/** The scanner's answer: the one valid match that is all of `value`. */
function expected(value: string): ScanMatch | undefined {
  const ms = scan(value, OPTS);
  const m = ms.length === 1 ? ms[0]! : undefined;
  return m && m.start === 0 && m.end === value.length && m.decoded.valid ? m : undefined;
}

function facts(): WholeFacts {
  return { unixMs: -7, version: -7, ordered: false, key: new Uint32Array(4) };
}

/** The facts the checker takes from the scanner's match (checker.ts `found`). */
function fromMatch(m: ScanMatch): object {
  const d = m.decoded;
  return {
    kind: m.kind,
    unixMs: d.unixMs ?? NaN,
    version: d.version ?? -1,
    ordered: d.unixMs !== undefined && timeOrdered(d),
    key: [...identityKey(d, new Uint32Array(4))],
  };
}

/** A reader's answer for `value` (by chars, and by bytes at an offset inside other bytes), held to the scanner's; whether it answered. */
function agrees(gate: WholeIds, value: string, before = '', after = ''): boolean {
  const want = expected(value);
  const f = facts();
  const kind = gate.read(value, f);
  if (kind !== undefined) {
    assert.ok(want, `a reader read ${JSON.stringify(value)} as a ${kind}; the scanner finds no ID that is all of it`);
    assert.deepEqual({ kind, unixMs: f.unixMs, version: f.version, ordered: f.ordered, key: [...f.key] }, fromMatch(want), JSON.stringify(value));
  }
  if (/^[\x00-\x7f]*$/.test(value + before + after)) {
    const b = Buffer.from(before + value + after, 'latin1');
    const g = facts();
    const byBytes = gate.readBytes(b, before.length, value.length, g);
    assert.equal(byBytes, kind, `by bytes, inside ${JSON.stringify(before + value + after)}`);
    if (kind !== undefined) assert.deepEqual(g, f);
  }
  return kind !== undefined;
}

function made(kind: string, count: number, timeMs?: number): string[] {
  const g = FORMATS.flatMap((f) => f.generators).find((x) => x.kind === kind)!;
  return generate(kind, { ...requiredOptions(g), count, ...(timeMs === undefined ? {} : { timeMs }) });
}

const TIMES = [Date.UTC(1970, 0, 1), Date.UTC(1989, 11, 31, 23, 59, 59, 999), Date.UTC(1990, 0, 1), Date.UTC(2017, 5, 1), NOW - 1, NOW, NOW + 3_600_000,
  NOW + 2 * 86_400_000, NOW + 10 * YEAR - 1, NOW + 10 * YEAR + 86_400_000, 2 ** 48 - 1];

/** IDs of every generator whose IDs have a length some reader reads, at the times above where it takes one. */
const IDS = FORMATS.flatMap((f) => f.generators).flatMap((g) => {
  const sample = generate(g.kind, { ...requiredOptions(g), count: 1 })[0]!;
  if (!LENGTHS.includes(sample.length)) return [];
  if (!g.hasTime) return made(g.kind, 20);
  return TIMES.flatMap((t) => {
    try {
      return made(g.kind, 4, t);
    } catch {
      return []; // a time the format cannot hold
    }
  });
});

/** `value` with the char at `i` replaced by `c`. */
function changed(value: string, i: number, c: string): string {
  return value.slice(0, i) + c + value.slice(i + 1);
}

const CHANGES = ['I', 'L', 'O', 'U', 'i', 'l', 'o', 'u', '7', '8', 'c', 'C', 'Z', 'z', 'g', 'G', '0', 'F', 'f', '-', '_', '+', '%', '=', '.', ' ', '{', 'é', '\u0000', '\u007f'];

describe('whole-value readers and the scanner', () => {
  it('the registry has readers for the shapes that fill fixtures: 24 chars (ObjectId), 26 (ULID) and 36 (dashed UUID)', () => {
    assert.deepEqual(LENGTHS.sort((a, b) => a - b), [24, 26, 36]);
  });

  it('every generated ID, at times across the window and outside it, in every case: the scanner\'s answer; canonical plausible ones are read', () => {
    const gate = new WholeIds(OPTS);
    let read = 0, scanned = 0;
    for (const id of IDS) {
      for (const v of new Set([id, id.toUpperCase(), id.toLowerCase(), id.slice(0, 13).toLowerCase() + id.slice(13).toUpperCase()])) {
        if (agrees(gate, v, 'x,', ',y')) read++;
        if (expected(v)) scanned++;
      }
    }
    // Read: every ObjectId, ULID and UUID v4/v7 the scanner takes (v1, v3, v5, v6 are left to it).
    const canonical = IDS.filter((v) => expected(v) && (v.length !== 36 || /^.{14}[47]/.test(v)));
    for (const v of canonical) assert.ok(new WholeIds(OPTS).read(v, facts()) !== undefined, `not read: ${v}`);
    assert.ok(canonical.length > 100 && read >= canonical.length, `read ${read} of ${scanned} IDs the scanner finds (${canonical.length} canonical)`);
  });

  it('every one-char change of generated IDs: the scanner\'s answer', () => {
    const gate = new WholeIds(OPTS);
    const ids = IDS.filter((_, i) => i % 3 === 0);
    for (const id of ids) {
      for (let i = 0; i < id.length; i++) for (const c of CHANGES) agrees(gate, changed(id, i, c));
    }
  });

  it('random values of the read lengths (Crockford, hex, dashed hex, any word chars, any ASCII): the scanner\'s answer', () => {
    const gate = new WholeIds(OPTS);
    const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz';
    const hex = '0123456789abcdefABCDEF';
    const from = (chars: string, n: number): fc.Arbitrary<string> => fc.array(fc.constantFrom(...chars), { minLength: n, maxLength: n }).map((a) => a.join(''));
    const dashed = fc.tuple(from(hex, 8), from(hex, 4), from('0123456789abcdef477', 1), from(hex, 3), from('89abAB017cC', 1), from(hex, 3), from(hex, 12))
      .map(([a, b, v, c, w, d, e]) => `${a}-${b}-${v}${c}-${w}${d}-${e}`);
    // The first 10 chars of a ULID of a time around the plausible window, then any 16 Crockford chars.
    const timed = fc.tuple(fc.integer({ min: Date.UTC(1985, 0, 1), max: NOW + 11 * YEAR }), from(crockford, 16))
      .map(([ms, rest]) => made('ulid', 1, ms)[0]!.slice(0, 10) + rest);
    const value = fc.oneof(
      timed, timed.map((v) => v.toLowerCase()),
      from(crockford, 26), from('01234567', 1).chain((f) => from(crockford.slice(0, 32), 25).map((r) => f + r)),
      from('0123456789', 26), from(hex, 36), dashed,
      fc.tuple(fc.integer({ min: Date.UTC(2005, 0, 1) / 1000, max: (NOW + 11 * YEAR) / 1000 }), from('0123456789abcdef', 16))
        .map(([s, rest]) => s.toString(16).padStart(8, '0') + rest),
      from(hex, 24), from('0123456789', 24), from('abcdefABCDEF', 24),
      fc.stringMatching(/^[0-9A-Za-z_-]{24}$/), fc.stringMatching(/^[0-9A-Za-z_-]{26}$/), fc.stringMatching(/^[0-9A-Za-z_-]{36}$/),
      fc.string({ minLength: 24, maxLength: 24 }), fc.string({ minLength: 26, maxLength: 26 }), fc.string({ minLength: 36, maxLength: 36 }),
    );
    const around = fc.string({ maxLength: 6 }).map((s) => s.replace(/[^\x00-\x7f]/g, 'q'));
    let read = 0;
    fc.assert(fc.property(value, around, around, (v, before, after) => {
      if (agrees(gate, v, before, after)) read++;
    }), { numRuns: 20_000, seed: 4711 });
    assert.ok(read > 1000, `only ${read} random values were read: the values do not reach the readers`);
  });

  it('the window of plausible times moves with the scan\'s `now`: a ULID from 2031 is read at 2026 but not at 2020', () => {
    const [id] = made('ulid', 1, Date.UTC(2031, 0, 1));
    assert.equal(new WholeIds({ now: NOW }).read(id!, facts()), 'ulid');
    assert.equal(new WholeIds({ now: Date.UTC(2020, 0, 1) }).read(id!, facts()), undefined);
    assert.deepEqual(scan(id!, { now: Date.UTC(2020, 0, 1) }), []);
  });
});
