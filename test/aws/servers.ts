import { fork, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';

// Real S3 and DynamoDB API servers for the key tests: s3rver (the S3 HTTP API, ListObjectsV2
// with StartAfter and continuation tokens, objects in a temporary directory) and dynalite (the
// DynamoDB API, in memory), both npm dev dependencies, each in its own process (serve.mjs) on
// 127.0.0.1 at a free port the system picks. They are stopped by the root hook in hooks.ts, or
// killed when the test process exits any other way (exit, Ctrl-C); a server also removes its
// directory and exits by itself when its IPC channel to us closes, so even a SIGKILLed test run
// leaves nothing behind.

const require = createRequire(import.meta.url);
const ROOT = join(import.meta.dirname, '..', '..');
const { devDependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };

/** Throws, naming the package to install, when a dev dependency the tests need is missing. */
export function requirePackage(name: string, role: string): void {
  try {
    require.resolve(name);
  } catch {
    throw new Error(`${name} is not installed (${role}): run \`npm ci\` in ${ROOT}; it is a dev dependency pinned to ${devDependencies[name] ?? '?'} in package.json.`);
  }
}

/** Credentials the servers accept (s3rver's defaults; dynalite takes any). */
export const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const REGION = 'us-east-1';

export interface ApiServer {
  name: string;
  version: string;
  endpoint: string;
  stop(): Promise<void>;
}

/** s3rver keeps each object as files: on a RAM disk, when there is one, writing and removing
 *  thousands of them takes a fraction of the time it takes on a loaded machine's disk. */
function scratch(): string {
  return existsSync('/dev/shm') && statSync('/dev/shm').isDirectory() ? '/dev/shm' : tmpdir();
}

const live = new Set<{ child: ChildProcess; dir: string }>();

function killAllNow(): void {
  for (const s of live) {
    try { s.child.kill('SIGKILL'); } catch { /* already gone */ }
    rmSync(s.dir, { recursive: true, force: true });
  }
  live.clear();
}
process.on('exit', killAllNow);
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    killAllNow();
    process.exit(130);
  });
}

async function start(name: 's3rver' | 'dynalite', role: string): Promise<ApiServer> {
  requirePackage(name, role);
  const dir = mkdtempSync(join(scratch(), `idsmith-${name}-`));
  const log = join(dir, 'server.log');
  const fd = openSync(log, 'a');
  const child = fork(join(import.meta.dirname, 'serve.mjs'), [name, dir], {
    // Not the test process's options (tsx); s3rver needs DES from OpenSSL's legacy provider.
    execArgv: name === 's3rver' ? ['--openssl-legacy-provider'] : [],
    stdio: ['ignore', fd, fd, 'ipc'],
  });
  closeSync(fd);
  const entry = { child, dir };
  live.add(entry);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(t);
    }
    live.delete(entry);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no port reported within 30 s')), 30_000);
      child.once('message', (m: { port?: unknown }) => {
        clearTimeout(timer);
        if (typeof m?.port === 'number') resolve(m.port);
        else reject(new Error(`unexpected message ${JSON.stringify(m)}`));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`exited during start-up (${signal ?? `code ${code}`})`));
      });
    });
    const version = devDependencies[name] ?? '?';
    return { name, version, endpoint: `http://127.0.0.1:${port}`, stop };
  } catch (e) {
    const text = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').slice(-15).join('\n') : '';
    await stop();
    throw new Error(`${name} did not start: ${(e as Error).message}${text ? `\n${text}` : ''}`);
  }
}

const shared = new Map<string, Promise<ApiServer>>();

/** Started on first use, shared by the test files, stopped by hooks.ts. */
export function server(name: 's3rver' | 'dynalite'): Promise<ApiServer> {
  let s = shared.get(name);
  if (!s) {
    s = start(name, name === 's3rver' ? 'the S3 API server of test/aws' : 'the DynamoDB API server of test/aws');
    shared.set(name, s);
  }
  return s;
}

export async function stopAll(): Promise<void> {
  const all = [...shared.values()];
  shared.clear();
  await Promise.allSettled(all.map(async (p) => (await p).stop()));
  killAllNow();
}

export async function s3Client(): Promise<S3Client> {
  requirePackage('@aws-sdk/client-s3', 'the S3 client of test/aws');
  const s = await server('s3rver');
  return new S3Client({
    endpoint: s.endpoint, region: REGION, credentials: CREDENTIALS, forcePathStyle: true,
    // s3rver predates the SDK's default CRC32 checksums (aws-chunked uploads): send them only
    // where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export async function dynamoClient(): Promise<DynamoDBClient> {
  requirePackage('@aws-sdk/client-dynamodb', 'the DynamoDB client of test/aws');
  const s = await server('dynalite');
  return new DynamoDBClient({ endpoint: s.endpoint, region: REGION, credentials: CREDENTIALS });
}
