import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CreateBucketCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { keysUntil, type ListRequest } from '../../src/core';
import { bytes, keyOf } from '../shared/keyOf';
import { CASES, idsmith, inWindow, made, pool, seed } from './fixtures';
import { CREDENTIALS, REGION, s3Client, server } from './servers';

// `idsmith keys list` against a real S3 API server (s3rver): for every time-ordered kind and
// templates with and without {hash:N} and date fields, objects whose IDs are spread over March
// 2024 (plus IDs on the window's first and last unit and one unit outside each) go into a
// bucket; the requests `keys list --json` prints are run with ListObjectsV2 (Prefix,
// StartAfter, a few keys per page so every listing paginates), keeping keys up to Until. The
// keys listed must be exactly those of the objects whose ID time is in the window.

/** Keys per ListObjectsV2 page: small, so every listing of more than a few keys paginates. */
const PAGE = 4;

const TEMPLATES = [
  'plain/{id}',
  'logs/{hash:2}/{id}.json.gz',
  'dt={yyyy}-{mm}-{dd}/hr={hh}/{id}.parquet',
  '{hash:1}/{yyyy}{mm}{dd}/{id}',
];

/** Every page of one request, keys kept up to Until; also checks the server's order. */
async function runRequest(s3: S3Client, Bucket: string, r: ListRequest): Promise<{ keys: string[]; calls: number }> {
  const keys: string[] = [];
  let ContinuationToken: string | undefined;
  let calls = 0;
  let previous = r.StartAfter;
  for (;;) {
    const page = await s3.send(new ListObjectsV2Command({ Bucket, Prefix: r.Prefix, StartAfter: r.StartAfter, MaxKeys: PAGE, ...(ContinuationToken ? { ContinuationToken } : {}) }));
    calls++;
    const found = (page.Contents ?? []).map((o) => o.Key!);
    for (const k of found) {
      // What the listing relies on, and S3 guarantees: keys after StartAfter, in byte order.
      assert.ok(bytes(k, previous) > 0 && k.startsWith(r.Prefix), `server order: ${k} after ${previous}`);
      previous = k;
    }
    const kept = keysUntil(r, found);
    keys.push(...kept.keys);
    if (kept.done || !page.IsTruncated) return { keys, calls };
    ContinuationToken = page.NextContinuationToken;
  }
}

describe(`keys list against an S3 API server (s3rver; seed ${seed}, IDSMITH_AWS_SEED=${seed} repeats it)`, function () {
  let s3: S3Client;
  before(async () => {
    s3 = await s3Client();
  });

  for (const c of CASES) {
    describe(c.kind, () => {
      const Bucket = `keys-${c.kind}`;
      const ids = made(c);
      before(async function () {
        this.timeout(120_000);
        await s3.send(new CreateBucketCommand({ Bucket }));
        const keys = TEMPLATES.flatMap((t) => ids.map((m) => keyOf(t, m.id, m.ms)));
        await pool(keys, 16, (Key) => s3.send(new PutObjectCommand({ Bucket, Key, Body: '1' })));
      });

      for (const template of TEMPLATES) {
        it(template, async function () {
          const listing = JSON.parse(await idsmith('list', c, ['--template', template, '--json'])) as { requests: ListRequest[]; from: string; to: string };
          assert.deepEqual(listing.requests.map((r) => r.Prefix), listing.requests.map((r) => r.Prefix).sort(bytes), 'ordered by Prefix');
          let calls = 0;
          const got: string[] = [];
          for (const r of listing.requests) {
            const res = await runRequest(s3, Bucket, r);
            got.push(...res.keys);
            calls += res.calls;
          }
          const want = ids.filter((m) => inWindow(c, m.ms)).map((m) => keyOf(template, m.id, m.ms));
          const missing = want.filter((k) => !got.includes(k)).sort(bytes);
          const extra = got.filter((k) => !want.includes(k)).sort(bytes);
          assert.deepEqual({ missing, extra }, { missing: [], extra: [] }, `${listing.from} .. ${listing.to}`);
          assert.equal(new Set(got).size, got.length, 'each key once');
          assert.ok(want.length > 0 && want.length < ids.length, 'the window splits the objects');
          // The edges are in the bucket and decided: lowest and highest of the window's first and
          // last unit in, the unit before and after out.
          assert.ok(ids.filter((m) => !inWindow(c, m.ms)).length >= 6);
          this.test!.title += ` (${ids.length} objects, ${want.length} in the window, ${listing.requests.length} requests, ${calls} calls)`;
        });
      }
    });
  }
});

describe('keys list snippets against an S3 API server', function () {
  const c = CASES.find((k) => k.kind === 'ulid')!;
  // Three days of the window: three requests, so the AWS CLI (a second or two per line) stays quick.
  const template = 'snip/dt={yyyy}-{mm}-{dd}/{id}.txt';
  const Bucket = 'keys-snippets';
  const ids = made(c);
  const want = ids.filter((m) => inWindow(c, m.ms)).map((m) => keyOf(template, m.id, m.ms)).sort(bytes);
  let endpoint = '';
  let dir = '';

  /** The snippet `keys list --format F` prints. */
  const snippet = (format: string): Promise<string> => idsmith('list', c, ['--template', template, '--format', format]);

  const env = (): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH, HOME: dir, BUCKET: Bucket, ENDPOINT: endpoint,
    AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey, AWS_DEFAULT_REGION: REGION, AWS_REGION: REGION,
    AWS_CONFIG_FILE: '/dev/null', AWS_SHARED_CREDENTIALS_FILE: '/dev/null', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });

  before(async function () {
    this.timeout(60_000);
    const s3 = await s3Client();
    endpoint = (await server('s3rver')).endpoint;
    dir = mkdtempSync(join(tmpdir(), 'idsmith-snippets-'));
    await s3.send(new CreateBucketCommand({ Bucket }));
    await pool(ids.map((m) => keyOf(template, m.id, m.ms)), 16, (Key) => s3.send(new PutObjectCommand({ Bucket, Key, Body: '1' })));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('--format js runs as printed (AWS SDK v3), bucket and client pointed at the server', async () => {
    const text = (await snippet('js'))
      .replace("from '@aws-sdk/client-s3'", `from '${pathToFileURL(createRequire(import.meta.url).resolve('@aws-sdk/client-s3')).href}'`)
      .replace('new S3Client({})', `new S3Client({ endpoint: '${endpoint}', forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' })`)
      .replace("Bucket = 'BUCKET'", `Bucket = '${Bucket}'`);
    writeFileSync(join(dir, 'list.mjs'), `${text}\nconsole.log(JSON.stringify(await listKeysInWindow()));\n`);
    const r = spawnSync(process.execPath, [join(dir, 'list.mjs')], { encoding: 'utf8', env: env() });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, '', 'no warnings');
    assert.deepEqual(JSON.parse(r.stdout), want);
  });

  it('--format js type-checks as strict TypeScript against the SDK\'s types, and returns string[]', async function () {
    this.timeout(60_000);
    // Inside node_modules/.cache so that '@aws-sdk/client-s3' resolves to the project's copy.
    const cache = join(import.meta.dirname, '..', '..', 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    const tsDir = mkdtempSync(join(cache, 'idsmith-snippet-'));
    try {
      writeFileSync(join(tsDir, 'list.mts'), `${await snippet('js')}\nexport const typed: string[] = await listKeysInWindow();\n`);
      const tsc = join(import.meta.dirname, '..', '..', 'node_modules', 'typescript', 'bin', 'tsc');
      const r = spawnSync(process.execPath, [tsc, '--ignoreConfig', '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext',
        '--target', 'es2022', '--skipLibCheck', '--types', 'node', join(tsDir, 'list.mts')], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stdout + r.stderr);
    } finally {
      rmSync(tsDir, { recursive: true, force: true });
    }
  });

  it('the aws s3api lines run as printed (AWS CLI), BUCKET set', async function () {
    const version = spawnSync('aws', ['--version'], { encoding: 'utf8', env: env() });
    if (version.status !== 0) {
      console.log('      skipped: the AWS CLI is not installed (Debian: apt-get install awscli)');
      this.skip();
    }
    // The lines verbatim; only `aws` itself is pointed at the server.
    const script = `aws() { command aws --endpoint-url "$ENDPOINT" "$@"; }\n${await snippet('shell')}`;
    const r = spawnSync('bash', ['--norc', '--noprofile', '-c', script], { encoding: 'utf8', env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(r.stdout.trimEnd().split('\n').sort(bytes), want, r.stderr);
    this.test!.title += ` (${(version.stdout || version.stderr).split(' ')[0]})`;
  });

  it('--format boto3 runs as printed (Python), bucket and client pointed at the server', async function () {
    const probe = spawnSync('python3', ['-c', 'import boto3; print(boto3.__version__)'], { encoding: 'utf8', env: env() });
    if (probe.status !== 0) {
      console.log('      skipped: Python 3 with boto3 is not installed (Debian: apt-get install python3-boto3)');
      this.skip();
    }
    const text = (await snippet('boto3'))
      .replace('boto3.client("s3")', `boto3.client("s3", endpoint_url="${endpoint}")`)
      .replace('bucket="BUCKET"', `bucket="${Bucket}"`);
    writeFileSync(join(dir, 'list.py'), `${text}\n\nimport json\nprint(json.dumps(list_keys_in_window()))\n`);
    const r = spawnSync('python3', [join(dir, 'list.py')], { encoding: 'utf8', env: env() });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), want);
    this.test!.title += ` (boto3 ${probe.stdout.trim()})`;
  });
});
