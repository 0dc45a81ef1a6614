// Harness self-test: one passing and one failing assertion in the extension host. The run must
// report `1 passed, 1 failed` and exit non-zero (test/harness/selftest.mjs checks it).
import { strict as assert } from 'node:assert';

describe('harness self-test', () => {
  it('passes', () => assert.equal(1 + 1, 2));
  it('fails on purpose', () => assert.equal(1 + 1, 3, 'deliberate failure'));
});
