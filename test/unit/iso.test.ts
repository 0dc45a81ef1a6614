import assert from 'node:assert/strict';
import fc from 'fast-check';
import { isoFromMs } from '../../src/core/iso';

describe('isoFromMs', () => {
  it('matches Date#toISOString at the edges the decoders reach', () => {
    for (const ms of [0, -1, -12219292800000, 951782400000, 1709251199999, 2147483648000, 253402300799999, 253402300800000, 2 ** 48 - 1, -62167219200000, -62167219200001]) {
      assert.equal(isoFromMs(ms), new Date(ms).toISOString(), String(ms));
    }
  });

  it('matches Date#toISOString on any whole ms from year 0 to 9999 (property)', () => {
    fc.assert(fc.property(fc.integer({ min: -62167219200000, max: 253402300799999 }), (ms) => {
      assert.equal(isoFromMs(ms), new Date(ms).toISOString());
    }), { numRuns: 20000 });
  });
});
