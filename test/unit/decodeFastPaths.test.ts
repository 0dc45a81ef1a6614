// The CUID and X-Ray decoders' fast paths (issue 23 item 6) against the codecs as they were
// before them (test/unit/reference/*Before.ts, copied from commit 60a191e), on random valid IDs
// and on every kind of broken one: upper case, wrong length, wrong prefix or dash, and chars
// outside ASCII, including those whose low 7 bits are a valid digit (U+00B0 is '0' | 128,
// U+0130 is '0' | 256), which a table indexed by `c & 127` alone would accept. Everything a
// caller can see must be the same: the decoded JSON, the bytes, and the thrown error's code and
// words. The CUID side is also checked against the `cuid` library's own time.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { bytesToHex } from '../../src/core/bytes';
import { decodeCuid, decodeXray, formatById } from '../../src/core';
import type { DecodedId, FormatModule } from '../../src/core';
import * as before from './reference/cuidBefore';
import * as xrayBefore from './reference/xrayBefore';

const B36 = '0123456789abcdefghijklmnopqrstuvwxyz';
const HEX = '0123456789abcdef';

/** Chars to break an ID with: all of ASCII, upper case, and non-ASCII whose low bits look valid. */
const ODD = [
  ...Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)),
  '\u00b0', '\u00b9', '\u00e1', '\u00e6', '\u0130', '\u0131', '\u0161', '\u017a', '\u0660', '\uff10', '\uff41', '\ufb00',
  '\ud83d', '\ude00', '\ud83d\ude00', '\u212a', '\u0430', '\u00a0', '\u2028',
];

type Mutation = { kind: 'none' } | { kind: 'upper' } | { kind: 'upperAt' | 'delete'; at: number }
  | { kind: 'replace' | 'insert'; at: number; ch: string } | { kind: 'truncate'; length: number } | { kind: 'append'; ch: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'none' } as const) },
  fc.constant({ kind: 'upper' } as const),
  fc.record({ kind: fc.constant('upperAt' as const), at: fc.nat(40) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(40) }),
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(40), ch: fc.constantFrom(...ODD) }) },
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(40), ch: fc.constantFrom(...ODD) }),
  fc.record({ kind: fc.constant('truncate' as const), length: fc.nat(40) }),
  fc.record({ kind: fc.constant('append' as const), ch: fc.constantFrom(...ODD) }),
);

function mutate(id: string, m: Mutation): string {
  const at = 'at' in m ? m.at % (id.length + 1) : 0;
  switch (m.kind) {
    case 'none': return id;
    case 'upper': return id.toUpperCase();
    case 'upperAt': return id.slice(0, at) + id.slice(at, at + 1).toUpperCase() + id.slice(at + 1);
    case 'delete': return id.slice(0, at) + id.slice(at + 1);
    case 'replace': return id.slice(0, at) + m.ch + id.slice(at + 1);
    case 'insert': return id.slice(0, at) + m.ch + id.slice(at);
    case 'truncate': return id.slice(0, m.length);
    case 'append': return id + m.ch;
  }
}

const chars = (alphabet: string, n: number) => fc.array(fc.constantFrom(...alphabet), { minLength: n, maxLength: n }).map((a) => a.join(''));

/** Valid CUIDs: any 8-char base36 time (the library's range and beyond), then 16 base36 chars. */
const cuids = fc.tuple(chars(B36, 8), chars(B36, 16)).map(([t, rest]) => `c${t}${rest}`);
/** Valid X-Ray trace IDs: any 32-bit seconds, then 24 hex chars. */
const xrays = fc.tuple(chars(HEX, 8), chars(HEX, 24)).map(([t, rest]) => `1-${t}-${rest}`);

/** Everything a caller sees: the decoded JSON (time, fields, error), the bytes, and decodeX's result or error. */
function seen(mod: FormatModule, decode: (t: string) => DecodedId, text: string): string {
  const d = mod.decode(text) as DecodedId;
  const bytes = d.valid && d.bytes ? bytesToHex(d.bytes) : String(d.bytes);
  let thrown: string;
  try {
    const r = decode(text);
    thrown = `ok ${r.unixMs} ${r.time} ${JSON.stringify(r.fields)}`;
  } catch (e) {
    thrown = `${(e as { code?: string }).code}: ${(e as Error).message}`;
  }
  return `${JSON.stringify(d.toJSON())} | ${bytes} | ${thrown}`;
}

describe('CUID and X-Ray decode fast paths agree with the codecs before them', () => {
  const newCuid = formatById('cuid')!;
  const newXray = formatById('xray')!;

  it('CUID: same result for random valid and broken IDs', () => {
    fc.assert(fc.property(cuids, mutation, (id, m) => {
      const text = mutate(id, m);
      assert.equal(seen(newCuid, decodeCuid, text), seen(before.cuid, before.decodeCuid, text), JSON.stringify(text));
    }), { numRuns: 10_000 });
  });

  it('CUID: a valid ID reads the time parseInt reads', () => {
    fc.assert(fc.property(cuids, (id) => decodeCuid(id).unixMs === parseInt(id.slice(1, 9), 36)), { numRuns: 5_000 });
  });

  it('X-Ray: same result for random valid and broken IDs', () => {
    fc.assert(fc.property(xrays, mutation, (id, m) => {
      const text = mutate(id, m);
      assert.equal(seen(newXray, decodeXray, text), seen(xrayBefore.xray, xrayBefore.decodeXray, text), JSON.stringify(text));
    }), { numRuns: 10_000 });
  });

  it('X-Ray: a valid ID reads the seconds parseInt reads', () => {
    fc.assert(fc.property(xrays, (id) => decodeXray(id).unixMs === parseInt(id.slice(2, 10), 16) * 1000), { numRuns: 5_000 });
  });

  it('every char outside the alphabet, in every position, is refused with the same words', () => {
    const cuid = 'cjld2cjxh0000qzrmn831i7rn';
    const xray = '1-58406520-a006649127e371903a2de979';
    for (const ch of ODD) {
      for (let at = 0; at < 35; at++) {
        for (const [id, mod, decode, old, oldDecode] of [
          [cuid, newCuid, decodeCuid, before.cuid, before.decodeCuid],
          [xray, newXray, decodeXray, xrayBefore.xray, xrayBefore.decodeXray],
        ] as const) {
          if (at >= id.length) continue;
          const text = id.slice(0, at) + ch + id.slice(at + 1);
          assert.equal(seen(mod, decode, text), seen(old, oldDecode, text), JSON.stringify(text));
        }
      }
    }
  });

  it('refuses what is not text the same way', () => {
    for (const v of [undefined, null, 42, {}, ['c']]) {
      assert.throws(() => decodeCuid(v as string), (e: Error) => {
        assert.throws(() => before.decodeCuid(v as string), { message: e.message });
        return true;
      });
      assert.throws(() => decodeXray(v as string), (e: Error) => {
        assert.throws(() => xrayBefore.decodeXray(v as string), { message: e.message });
        return true;
      });
    }
  });
});
