import { strict as assert } from 'node:assert';
import { IdError, MAX_RATE, planKeys, STORES } from '../../src/core';

describe('keys plan', () => {
  it('20,000 writes/s of logs/{hash:2}/{id}.json.gz on S3: 256 prefixes, 78 writes/s each, fits; {hash:1} would too', () => {
    const p = planKeys('logs/{hash:2}/{id}.json.gz', { rate: 20_000 });
    assert.equal(p.store.id, 's3');
    assert.equal(p.prefixes, 256);
    assert.equal(p.writesPerPrefix, 78.125);
    assert.equal(p.verdict, 'fits');
    assert.equal(p.smallestHash, 1); // 20,000 / 16 = 1,250 <= 3,500
    assert.match(p.summary, /^fits: 78\.1 writes\/s per prefix is 2\.23% of Amazon S3's 3,500 writes\/s per partitioned prefix\.$/);
    // One hour: 72 million objects over 256 requests, 1,000 keys per call.
    assert.deepEqual(p.readCost, { windowMs: 3_600_000, partitions: 1, requests: 256, objects: 72_000_000, calls: 256 * 282 });
  });

  it('without a hash every write goes to one prefix; the smallest hash is computed from the published figure', () => {
    const p = planKeys('logs/{yyyy}/{mm}/{dd}/{id}.json', { rate: 20_000 });
    assert.equal(p.prefixes, 1);
    assert.equal(p.verdict, 'over');
    assert.match(p.summary, /^over: 20,000 writes\/s per prefix is 5\.71x .*\{hash:1\} is the smallest that keeps each prefix under it\.$/);
    assert.ok(p.notes.some((n) => /newest key range/.test(n)));
    assert.equal(planKeys('{id}', { rate: 3500 }).smallestHash, 0);
    assert.equal(planKeys('{id}', { rate: 3501 }).smallestHash, 1);
    assert.equal(planKeys('{id}', { rate: 56_000 }).smallestHash, 1); // 3,500 per prefix x 16
    assert.equal(planKeys('{id}', { rate: 56_001 }).smallestHash, 2);
    assert.equal(planKeys('{id}', { rate: 10, reads: 88_001 }).smallestHash, 2, 'reads: 5,500 per prefix x 16 = 88,000');
  });

  it('OSS counts reads and writes together against about 2,000 per key range, and 10,000 per account', () => {
    const p = planKeys('{hash:1}/{id}', { rate: 20_000, reads: 5000, store: 'oss' });
    assert.equal(p.writesPerPrefix + p.readsPerPrefix, 25_000 / 16);
    assert.equal(p.verdict, 'fits');
    assert.ok(p.notes.some((n) => /10,000 per account/.test(n)));
    assert.equal(planKeys('{id}', { rate: 1500, reads: 600, store: 'oss' }).verdict, 'over');
  });

  it('GCS: within the starting 1,000 writes/s fits; above it needs a ramp', () => {
    assert.equal(planKeys('{id}', { rate: 900, store: 'gcs' }).verdict, 'fits');
    const p = planKeys('{hash:2}/{id}', { rate: 5000, store: 'gcs' });
    assert.equal(p.verdict, 'ramp');
    assert.match(p.summary, /every 20 minutes/);
  });

  it('date partitions multiply the read cost by the partitions one window touches', () => {
    const p = planKeys('{hash:1}/dt={yyyy}-{mm}-{dd}/hr={hh}/{id}', { rate: 100, windowMs: 86_400_000 });
    assert.equal(p.readCost.partitions, 24);
    assert.equal(p.readCost.requests, 24 * 16);
    // 100/s for a day is 8,640,000 objects: 22,500 per request, 23 calls of 1,000 keys each.
    assert.equal(p.readCost.calls, 24 * 16 * 23);
  });

  it('every store cites a number and a source', () => {
    for (const s of Object.values(STORES)) {
      assert.match(s.statement, /\d,\d{3}/);
      assert.match(s.url, /^https:\/\//);
      assert.ok(s.source.length > 10);
    }
  });

  it('refuses bad rates, stores and windows', () => {
    assert.throws(() => planKeys('{id}', { rate: -1 }), IdError);
    assert.throws(() => planKeys('{id}', { rate: NaN }), IdError);
    assert.throws(() => planKeys('{id}', { rate: 1, store: 'azure' as never }), /s3, oss or gcs/);
    assert.throws(() => planKeys('{id}', { rate: 1, store: 'toString' as never }), /s3, oss or gcs/);
    assert.throws(() => planKeys('{id}', { rate: 1, windowMs: 0 }), /positive/);
    assert.throws(() => planKeys('{rev}/{id}', { rate: 1 }), /reversed/);
  });

  it('refuses an absurd rate with a sentence, where it planned {hash:17} at 435,965,401,785,714x the figure', () => {
    assert.throws(() => planKeys('logs/{hash:4}/{id}', { rate: 1e308 }),
      { message: 'The write rate must be at most 1,000,000,000 requests per second, more than any object store is asked for; got 1.00e+308. Is it per second, and without extra digits?' });
    assert.throws(() => planKeys('logs/{hash:4}/{id}', { rate: 1, reads: 2e9 }), /The read rate must be at most 1,000,000,000 requests per second.*got 2,000,000,000\./);
    assert.equal(planKeys('logs/{hash:4}/{id}', { rate: MAX_RATE }).smallestHash, 5);
  });
});
