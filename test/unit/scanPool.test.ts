// The scan pool's start: workers started as the CLI starts (`idsmith scan` of a large file), taken
// by the pool when the command makes it, and never keeping the process alive when it does not.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanInput } from '../../src/cli/scan';
import { ByteWriter, runParts } from '../../src/cli/scanEngine';
import { pieces } from '../../src/cli/scanInput';
import { ScanPool, WORKER_MIN_BYTES, prestartScanWorkers, prestartedCount } from '../../src/cli/scanPool';

const ENTRY = join(__dirname, 'scanWorkerEntry.cjs');
const ROOT = join(__dirname, '../..');
const JOB = { mode: 'json' as const, name: '', epoch: undefined, now: Date.UTC(2026, 0, 15) };

describe('scan workers started before the command', () => {
  let dir: string;
  let big: string;
  let small: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'idsmith-prestart-'));
    big = join(dir, 'big.log');
    small = join(dir, 'small.log');
    const line = 'at=2026-01-14T10:00:00Z session=01ARYZ6S41TSV4RRFFQ69G5FAV user=018f3c3e-8f2a-7c3e-9a1b-2c3d4e5f6a7b\n';
    writeFileSync(big, line.repeat(Math.ceil(WORKER_MIN_BYTES / line.length)));
    writeFileSync(small, line);
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('start only for `scan` with a regular file large enough for workers', () => {
    const none = (): void => {
      throw new Error('no flags are set when no worker starts');
    };
    assert.equal(prestartScanWorkers(ENTRY, ['scan', small], 2, none), 0);
    assert.equal(prestartScanWorkers(ENTRY, ['scan'], 2, none), 0);
    assert.equal(prestartScanWorkers(ENTRY, ['scan', '-'], 2, none), 0);
    assert.equal(prestartScanWorkers(ENTRY, ['scan', '--json', dir], 2, none), 0);
    assert.equal(prestartScanWorkers(ENTRY, ['check', big], 2, none), 0);
    assert.equal(prestartScanWorkers(ENTRY, ['scan', `--epoch=${big}`], 2, none), 0);
    assert.equal(prestartedCount(), 0);
  });

  it('are taken by the pool, which scans with them', async () => {
    assert.equal(prestartScanWorkers(ENTRY, ['scan', '--json', big], 2, () => {}), 2);
    assert.equal(prestartedCount(), 2);
    const pool = new ScanPool(ENTRY, 2, undefined, () => {});
    try {
      assert.equal(prestartedCount(), 0);
      const bytes = Buffer.from(`x 01ARYZ6S41TSV4RRFFQ69G5FAV y\n`.repeat(5000));
      const chunks: Uint8Array[] = [];
      await scanInput((async function* () {
        yield bytes;
      })(), JOB, { write: async (b) => void chunks.push(Buffer.from(b)) }, pool, { maxPiece: 16384 });
      const w = new ByteWriter();
      runParts(bytes, { ...JOB, start: 0, from: 0, to: bytes.length, offset: 0, line: 1, lineStart: 0 }, w);
      assert.equal(Buffer.concat(chunks).toString('latin1'), Buffer.from(w.buf.subarray(0, w.len)).toString('latin1'));
    } finally {
      await pool.close();
    }
  });

  it('do not keep the process alive when no pool takes them', () => {
    // A process that starts them and ends: it exits (a referenced worker would hold it forever).
    const code = `require('tsx/cjs'); const { prestartScanWorkers } = require('./src/cli/scanPool.ts'); process.stdout.write(String(prestartScanWorkers(${JSON.stringify(ENTRY)}, ['scan', ${JSON.stringify(big)}], 2, () => {})));`;
    const r = spawnSync(process.execPath, ['-e', code], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    assert.equal(r.signal, null, 'the process had to be killed: the workers kept it alive');
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, '2');
  });

  it('keep the process alive once a pool has taken them, until their answers are in', () => {
    // Nothing else is pending while the pool waits for a worker: an unreferenced worker let the
    // process end there, without the output.
    const code = `require('tsx/cjs');
      const { prestartScanWorkers, ScanPool } = require('./src/cli/scanPool.ts');
      prestartScanWorkers(${JSON.stringify(ENTRY)}, ['scan', ${JSON.stringify(big)}], 2, () => {});
      const pool = new ScanPool(${JSON.stringify(ENTRY)}, 2, undefined, () => {});
      const bytes = new TextEncoder().encode('x 01ARYZ6S41TSV4RRFFQ69G5FAV y\\n');
      const job = { mode: 'json', name: '', epoch: undefined, now: ${JOB.now}, start: 0, from: 0, to: bytes.length, offset: 0, line: 1, lineStart: 0 };
      pool.run(bytes, job).then((r) => { process.stdout.write(Buffer.from(r.out)); return pool.close(); });`;
    const r = spawnSync(process.execPath, ['-e', code], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^\{"line":1,"column":3,"text":"01ARYZ6S41TSV4RRFFQ69G5FAV","kind":"ulid"/);
  });
});

describe('the buffers of scanned pieces', () => {
  it('a worker hands each piece\'s buffer back, for the next piece', async () => {
    const pool = new ScanPool(ENTRY, 1, undefined, () => {});
    try {
      assert.equal(pool.spareInput(1), undefined);
      const bytes = new Uint8Array(new ArrayBuffer(4096), 0, 100).fill(32);
      await pool.run(bytes, { ...JOB, start: 0, from: 0, to: 100, offset: 0, line: 1, lineStart: 0 });
      assert.equal(bytes.byteLength, 0, 'transferred');
      assert.equal(pool.spareInput(5000), undefined, 'too small: dropped');
      await pool.run(new Uint8Array(new ArrayBuffer(4096), 0, 100).fill(32), { ...JOB, start: 0, from: 0, to: 100, offset: 0, line: 1, lineStart: 0 });
      assert.equal(pool.spareInput(4096)?.byteLength, 4096);
    } finally {
      await pool.close();
    }
  });

  it('pieces are made in the buffers given, each at the start of its own', async () => {
    const given = new ArrayBuffer(1 << 20);
    const text = Buffer.from('a 01ARYZ6S41TSV4RRFFQ69G5FAV\n'.repeat(1000));
    let asked = 0;
    const seen = new Set<ArrayBufferLike>();
    for await (const p of pieces((async function* () {
      yield text.subarray(0, 10_000);
      yield text.subarray(10_000);
    })(), () => -1, 4096, 9216, (size) => (++asked === 2 && size <= given.byteLength ? given : undefined))) {
      assert.equal(p.bytes.byteOffset, 0);
      assert.ok(!seen.has(p.bytes.buffer), 'a buffer of its own');
      seen.add(p.bytes.buffer);
    }
    assert.ok(asked > 2);
    assert.ok(seen.has(given), 'the buffer given was used');
  });
});
