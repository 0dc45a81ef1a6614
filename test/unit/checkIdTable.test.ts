// The distinct-ID table behind duplicate detection: every key added once is found again with
// its first position, across the growth of its shards, and different keys never collide.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { IdTable, keyOfBytes, keyOfText } from '../../src/core/check/idtable';
import { identityKey } from '../../src/core/check/rules';
import { crockfordBytes, crockfordWords } from '../../src/core/crockford';
import { encodeUlid } from '../../src/core';
import { scan } from '../../src/core/scan';

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

  it('IDs mostly in ascending order (a time-ordered column: the run), with steps back, repeats and shuffles of every share: the model\'s answers', () => {
    // From a sorted list of keys, each next one taken from a little ahead or behind; repeats of
    // earlier ones. Enough of them (up to 6,000) to pass the run's give-up point in the shuffled ones.
    fc.assert(fc.property(fc.integer({ min: 0, max: 6000 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 30 }), fc.integer(), (n, disorder, repeats, seed) => {
      let x = seed | 1;
      const rand = (k: number): number => {
        x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
        return (x >>> 0) % k;
      };
      const keys = Array.from({ length: n }, (_, i) => [i >>> 12, (i * 7919) >>> 0, rand(3), rand(2)]);
      for (let i = 0; i < n; i++) {
        if (rand(100) < disorder) {
          const j = Math.min(n - 1, i + rand(50));
          [keys[i], keys[j]] = [keys[j]!, keys[i]!];
        }
      }
      const order: number[][] = [];
      for (let i = 0; i < n; i++) {
        order.push(keys[i]!);
        if (i > 0 && rand(100) < repeats) order.push(keys[rand(i)]!);
      }
      const table = new IdTable();
      const model = new Map<string, { line: number; character: number }>();
      order.forEach((k, line) => {
        const got = table.firstOrAdd(Uint32Array.from(k), line, k[3]!);
        assert.deepEqual(got, model.get(k.join()));
        if (!model.has(k.join())) model.set(k.join(), { line, character: k[3]! });
      });
      assert.equal(table.size, model.size);
    }), { numRuns: 60, seed: 1207 });
  });

  it('100,000 sequential IDs: all distinct, then all found; the run holds them in 24-48 bytes each', () => {
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
    assert.ok(table.bytes <= 48 * 100_000 && table.bytes >= 24 * 100_000, `${table.bytes} bytes`);
  });

  it('100,000 IDs in no order: all distinct, then all found; the shards hold them in 32-64 bytes each', () => {
    const table = new IdTable();
    const key = new Uint32Array(4);
    const bytes = new Uint8Array(16);
    const scattered = (i: number): number => Math.imul(i, 0x9e3779b1) >>> 0;
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 0; i < 100_000; i++) {
        new DataView(bytes.buffer).setUint32(0, scattered(i));
        const got = table.firstOrAdd(keyOfBytes(bytes, key), i, 7);
        if (pass === 0) assert.equal(got, undefined);
        else assert.deepEqual(got, { line: i, character: 7 });
      }
    }
    assert.equal(table.size, 100_000);
    assert.ok(table.bytes <= 64 * 100_000 + 16 * 64 * 24 && table.bytes >= 32 * 100_000, `${table.bytes} bytes`);
  });

  it('one ID is held in the table itself, with no slots; slots come with the second (a file may have a key per ID)', () => {
    const table = new IdTable();
    const key = (t: string) => keyOfText(t, new Uint32Array(4));
    assert.equal(table.firstOrAdd(key('01ARYZ6S41TSV4RRFFQ69G5FAV'), 1, 0), undefined);
    assert.deepEqual([table.size, table.bytes], [1, 0]);
    assert.deepEqual(table.firstOrAdd(key('01ARYZ6S41TSV4RRFFQ69G5FAV'), 5, 2), { line: 1, character: 0 });
    assert.equal(table.firstOrAdd(key('01BX5ZZKBKACTAV9WEVGEMMVRZ'), 7, 3), undefined);
    assert.equal(table.size, 2);
    assert.ok(table.bytes > 0 && table.bytes <= 256, `${table.bytes} bytes`);
    assert.deepEqual(table.firstOrAdd(key('01ARYZ6S41TSV4RRFFQ69G5FAV'), 9, 9), { line: 1, character: 0 }, 'the first, moved into the slots');
  });

  it('text keys: the same text the same key, a different text (one character changed) another', () => {
    const a = keyOfText('ksuid:2KpBCoGEMUFr7bbFe5A7sF53Gcj', new Uint32Array(4)).join();
    assert.equal(keyOfText('ksuid:2KpBCoGEMUFr7bbFe5A7sF53Gcj', new Uint32Array(4)).join(), a);
    assert.notEqual(keyOfText('ksuid:2KpBCoGEMUFr7bbFe5A7sF53Gck', new Uint32Array(4)).join(), a);
    assert.notEqual(keyOfText('typeid:2KpBCoGEMUFr7bbFe5A7sF53Gcj', new Uint32Array(4)).join(), a);
  });
});

describe('check: keys of values', () => {
  /** The definition: up to 16 bytes, big-endian words, zero-padded. */
  const wordsOf = (bytes: Uint8Array): number[] => [0, 1, 2, 3].map((w) => ((bytes[w * 4] ?? 0) * 2 ** 24) + ((bytes[w * 4 + 1] ?? 0) << 16) + ((bytes[w * 4 + 2] ?? 0) << 8) + (bytes[w * 4 + 3] ?? 0));

  it('keyOfBytes: four big-endian words of 0 to 16 bytes, zero-padded (16 bytes take a path of their own)', () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 0, maxLength: 16 }), (bytes) => {
      assert.deepEqual([...keyOfBytes(bytes, new Uint32Array(4))], wordsOf(bytes));
    }), { numRuns: 2000 });
    assert.deepEqual([...keyOfBytes(new Uint8Array(16).fill(0xff), new Uint32Array(4))], [0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff]);
  });

  it('a ULID\'s bytes and key are read from its text (crockfordBytes, crockfordWords): the bytes it was written from', () => {
    let found = 0;
    fc.assert(fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2030, 0, 1) }), (bytes, ms) => {
      for (let i = 5, v = ms; i >= 0; i--, v = Math.floor(v / 256)) bytes[i] = v % 256;
      const text = encodeUlid(bytes);
      assert.deepEqual([...crockfordBytes(text)], [...bytes]);
      assert.deepEqual([...crockfordWords(text, new Uint32Array(4))], wordsOf(bytes));
      // And the check's key of a ULID the scanner finds is that key.
      const m = scan(text, { now: Date.UTC(2030, 0, 1) });
      assert.equal(m.length, 1, text);
      assert.deepEqual([...identityKey(m[0]!.decoded, new Uint32Array(4))], wordsOf(bytes));
      found++;
    }), { numRuns: 2000 });
    assert.equal(found, 2000);
  });
});
