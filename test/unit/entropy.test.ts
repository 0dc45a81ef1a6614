// Entropy and collision odds: the birthday bound against a brute-force count, and what the
// formats report in inspect --json.
import assert from 'node:assert/strict';
import { collisionAt, describeEntropy, entropy, readableCount } from '../../src/core/entropy';
import { inspect } from '../../src/core/inspect';
import { OBJECTID_SPEC, ULID_SPEC, UUID_V1_RFC, UUID_V7_RFC } from '../shared/vectors';

describe('entropy and collision odds', () => {
  it('puts a one-in-a-million collision where the exact birthday product does', () => {
    // 1 - prod_{i<n} (1 - i / 2^b), computed exactly enough for small b: the bound matches it.
    for (const bits of [40, 44, 50]) {
      const n = Math.floor(collisionAt(bits));
      let noCollision = 1;
      for (let i = 1; i < n; i++) noCollision *= 1 - i / 2 ** bits;
      const p = 1 - noCollision;
      assert.ok(p > 0.9e-6 && p < 1.1e-6, `${bits} bits: p = ${p} at n = ${n}`);
    }
  });

  it('reports random bits for the random formats in inspect --json, and none for the others', () => {
    assert.deepEqual(inspect(ULID_SPEC).entropy, entropy(80, 'ms'));
    assert.deepEqual(inspect(UUID_V7_RFC).entropy, entropy(74, 'ms'));
    assert.deepEqual(inspect('e7a1d63b-7117-4423-8988-afcf12161878').entropy, entropy(122, 'all'));
    assert.equal(inspect(UUID_V1_RFC).entropy, undefined, 'v1: a clock and a node, no random bits to speak of');
    assert.equal(inspect(OBJECTID_SPEC).entropy, undefined);
    assert.equal(inspect('01ARYZ6S41TSV4RRFFQ69G5FA').entropy, undefined, 'invalid');
    assert.equal(inspect('tz4a98xxat96iws9zmbrgj3a').entropy?.per, 'all', 'CUID2');
  });

  it('says it in words', () => {
    assert.equal(readableCount(1_554_944_644), '1.6 billion');
    assert.equal(readableCount(194_368_080), '194 million');
    assert.equal(readableCount(3_260_955_271_572_251), '3.3 quadrillion');
    assert.equal(readableCount(4096), '4,096');
    assert.equal(describeEntropy(entropy(80, 'ms')), '80 random bits per millisecond: a one-in-a-million chance of a collision takes 1.6 billion IDs in one millisecond');
  });
});
