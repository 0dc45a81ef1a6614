import assert from 'node:assert/strict';
import { nanoid, NANOID_ALPHABET } from '../../src/core/formats/nanoid';
import { IdError } from '../../src/core/types';

describe('nanoid', () => {
  it('has 64 distinct URL-safe symbols, so byte & 63 is unbiased', () => {
    assert.equal(new Set(NANOID_ALPHABET).size, 64);
    assert.match(NANOID_ALPHABET, /^[A-Za-z0-9_-]{64}$/);
  });

  it('makes 21 chars by default and maps bytes by their low 6 bits', () => {
    assert.match(nanoid(), /^[A-Za-z0-9_-]{21}$/);
    const counting = (b: Uint8Array) => { b.forEach((_, i) => { b[i] = i + 64; }); return b; };
    assert.equal(nanoid(64, counting), NANOID_ALPHABET);
  });

  it('uses every symbol about equally over many IDs', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) for (const c of nanoid()) counts.set(c, (counts.get(c) ?? 0) + 1);
    assert.equal(counts.size, 64);
    const expected = (2000 * 21) / 64;
    // ~656 per symbol with sd ~25; 6 sd either way only fails on a broken mapping.
    for (const [c, n] of counts) assert.ok(Math.abs(n - expected) < 160, `${c}: ${n}`);
  });

  it('refuses sizes out of range', () => {
    for (const bad of [0, 1, -1, 1.5, 256, 1025]) assert.throws(() => nanoid(bad), (e: unknown) => e instanceof IdError && e.code === 'INVALID_ARGUMENT');
  });
});
