// The distinct-ID table behind duplicate detection: every key added once is found again with
// its first position, across the growth of its shards, and different keys never collide.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { IdTable, keyOfBytes, keyOfText } from '../../src/core/check/idtable';

describe('check: IdTable', () => {
  it('finds each key again with the first position stored, through growth (model: a Map)', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.nat(1000), fc.nat(200)), { maxLength: 3000 }), fc.integer({ min: 0, max: 5 }), (adds, repeat) => {
      const table = new IdTable();
      const model = new Map<string, { line: number; character: number }>();
      const key = new Uint32Array(4);
      for (let round = 0; round <= repeat % 2; round++) {
        for (const [bytes, line, character] of adds) {
          const id = Buffer.from(bytes).toString('hex');
          const got = table.firstOrAdd(keyOfBytes(bytes, key), line, character);
          assert.deepEqual(got, model.get(id));
          if (!model.has(id)) model.set(id, { line, character });
        }
      }
      assert.equal(table.size, model.size);
    }), { numRuns: 50 });
  });

  it('100,000 sequential IDs: all distinct, then all found; bytes stay within 32-64 per ID plus the empty shards', () => {
    const table = new IdTable();
    const key = new Uint32Array(4);
    const bytes = new Uint8Array(16);
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 0; i < 100_000; i++) {
        new DataView(bytes.buffer).setUint32(12, i);
        const got = table.firstOrAdd(keyOfBytes(bytes, key), i, 7);
        if (pass === 0) assert.equal(got, undefined);
        else assert.deepEqual(got, { line: i, character: 7 });
      }
    }
    assert.equal(table.size, 100_000);
    assert.ok(table.bytes <= 64 * 100_000 + 16 * 64 * 24 && table.bytes >= 32 * 100_000, `${table.bytes} bytes`);
  });

  it('text keys: the same text the same key, a different text (one character changed) another', () => {
    const a = keyOfText('ksuid:2KpBCoGEMUFr7bbFe5A7sF53Gcj', new Uint32Array(4)).join();
    assert.equal(keyOfText('ksuid:2KpBCoGEMUFr7bbFe5A7sF53Gcj', new Uint32Array(4)).join(), a);
    assert.notEqual(keyOfText('ksuid:2KpBCoGEMUFr7bbFe5A7sF53Gck', new Uint32Array(4)).join(), a);
    assert.notEqual(keyOfText('typeid:2KpBCoGEMUFr7bbFe5A7sF53Gcj', new Uint32Array(4)).join(), a);
  });
});
