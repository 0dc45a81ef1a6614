import assert from 'node:assert/strict';
import fc from 'fast-check';
import { grouped } from '../../src/core/grouped';

describe('grouped', () => {
  it('writes every integer as toLocaleString("en-US") does', () => {
    for (const n of [0, 1, -1, 999, 1000, -1000, 999_999, 1_000_000, 123_456_789, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]) {
      assert.equal(grouped(n), n.toLocaleString('en-US'), String(n));
    }
    fc.assert(fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger()), (n) => grouped(n) === n.toLocaleString('en-US')));
  });

  it('hands other numbers to toLocaleString', () => {
    for (const n of [0.5, 1234.5678, 2 ** 60, -(2 ** 60), Infinity, NaN]) assert.equal(grouped(n), n.toLocaleString('en-US'), String(n));
  });
});
