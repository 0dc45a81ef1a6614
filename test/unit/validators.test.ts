import assert from 'node:assert/strict';
import fc from 'fast-check';
import { isKsuid, parseKsuid } from '../../src/core/formats/ksuid';
import { isObjectId, parseObjectId } from '../../src/core/formats/objectid';
import { isTypeId, parseTypeId } from '../../src/core/formats/typeid';
import { isUlid, parseUlid } from '../../src/core/formats/ulid';
import { isUuid, parseUuid } from '../../src/core/formats/uuid/codec';

// The non-throwing isX checks are written apart from parseX for speed; they must agree on
// near-miss text (right length, mostly right alphabet).
const near = (chars: string, lengths: number[], decorate: (s: string) => string = (s) => s) =>
  fc.constantFrom(...lengths).chain((n) => fc.string({ unit: fc.constantFrom(...chars), minLength: n, maxLength: n })).map(decorate);
const throws = (f: () => unknown) => { try { f(); return false; } catch { return true; } };

describe('isX agrees with parseX', () => {
  const cases: [string, fc.Arbitrary<string>, (s: string) => boolean, (s: string) => unknown][] = [
    ['ulid', near('0127ZzIiLlOoUu8-', [25, 26, 27]), isUlid, parseUlid],
    ['uuid', fc.oneof(near('0aF-g', [32, 36]), near('0aF-', [36], (s) => `{${s}}`), near('0aF-', [36], (s) => `urn:uuid:${s}`), near('0-', [38, 45])), isUuid, parseUuid],
    ['ksuid', near('0aZzW', [26, 27, 28]), isKsuid, parseKsuid],
    ['objectid', near('0aFg', [23, 24, 25]), isObjectId, parseObjectId],
    ['typeid', fc.oneof(near('ab_', [1, 2, 4]), fc.constant('')).chain((p) => near('0178zZl', [25, 26]).map((s) => (p ? `${p}_${s}` : s))), isTypeId, parseTypeId],
  ];
  for (const [name, arb, is, parse] of cases) {
    it(name, () => {
      fc.assert(fc.property(arb, (s) => { assert.equal(is(s), !throws(() => parse(s)), s); }), { numRuns: 3000 });
    });
  }
});
