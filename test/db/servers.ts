import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Real PostgreSQL and MariaDB servers for the database tests: each one in a fresh temporary
// directory (data, Unix socket, log), listening on no TCP port, started by the tests and
// stopped by the root hook in hooks.ts, or killed when the test process exits any other way.
// The server binaries come from Debian's `postgresql` and `mariadb-server`, which
// scripts/bootstrap.mjs installs; when they are missing the tests fail and say so.
//
// initdb/postgres refuse to run as root (CI runs as root), so as root the servers run as
// `nobody` through setpriv, in directories handed to that user.

const BOOTSTRAP_HINT = 'run `node scripts/bootstrap.mjs --apt-only` (it installs postgresql and mariadb-server on Debian)';
const SEARCH_PATH = ['/usr/sbin', '/usr/bin', '/sbin', '/bin', ...(process.env.PATH ?? '').split(':')];

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const RUN_AS = { uid: 65534, gid: 65534 }; // nobody:nogroup on Debian

function findOnPath(name: string): string | undefined {
  for (const dir of SEARCH_PATH) {
    const p = join(dir, name);
    if (dir && existsSync(p)) return p;
  }
  return undefined;
}

/** The newest PostgreSQL under /usr/lib/postgresql/<version>/bin. */
export function postgresBinDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'postgres'))).sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error(`PostgreSQL server not found under ${base}/<version>/bin: ${BOOTSTRAP_HINT}.`);
  return join(base, versions[0]!, 'bin');
}

function mariadbBinary(name: string): string {
  const p = findOnPath(name);
  if (!p) throw new Error(`MariaDB's ${name} not found: ${BOOTSTRAP_HINT}.`);
  return p;
}

/** setpriv prefix: as root, drop to nobody; always ask the kernel to kill the server with us. */
function asDbUser(signal: string): string[] {
  const drop = isRoot ? ['--reuid', String(RUN_AS.uid), '--regid', String(RUN_AS.gid), '--clear-groups'] : [];
  return ['--pdeathsig', signal, ...drop];
}

const DIR_PREFIX = 'idsmith-db-';
const OWNER = 'owner.pid';

/** A temporary directory for one server, marked with our pid and handed to the server's user. */
function serverDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${DIR_PREFIX}${name}-`));
  writeFileSync(join(dir, OWNER), String(process.pid));
  if (isRoot) chownSync(dir, RUN_AS.uid, RUN_AS.gid);
  return dir;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// A test run killed with SIGKILL cannot clean up (its servers die with it through setpriv's
// --pdeathsig, but their directories stay): the next run removes directories whose owner is gone.
function sweepStale(): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(DIR_PREFIX)) continue;
    const dir = join(tmpdir(), name);
    try {
      const pid = Number(readFileSync(join(dir, OWNER), 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && !alive(pid)) rmSync(dir, { recursive: true, force: true });
    } catch { /* not ours to judge: no owner file yet, or already gone */ }
  }
}
sweepStale();

function run(cmd: string, args: string[], input?: string, opts: { uid?: number; gid?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(cmd, args, { maxBuffer: 64 * 1024 * 1024, ...opts }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${cmd} failed: ${stderr.trim() || err.message}`));
      else resolve(stdout);
    });
    // A client that cannot connect exits before reading its input: the write then fails with
    // EPIPE, which would surface as an uncaught error; the exit status already tells.
    child.stdin!.on('error', () => {});
    child.stdin!.end(input ?? '');
  });
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export interface Server {
  name: string;
  version: string;
  /** Runs SQL on one new connection; resolves to the rows, tab-separated fields. */
  sql(text: string): Promise<string[][]>;
  /** The server's own dump tool (pg_dump, mariadb-dump) on one database, with `args` before its name. */
  dump(database: string, args?: string[]): Promise<string>;
  stop(): Promise<void>;
}

const live = new Set<{ child: ChildProcess; dir: string }>();
const tempDirs = new Set<string>();

// Last resort when the process ends without the root hook (an uncaught error, Ctrl-C): kill
// the servers and remove their directories synchronously.
/** Waits (synchronously: this runs in the exit handler) until the process is dead or a zombie. */
function waitGone(pid: number | undefined, ms: number): void {
  if (pid === undefined) return;
  const until = Date.now() + ms;
  while (Date.now() < until) {
    let state: string;
    try {
      state = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0]!;
    } catch {
      return; // gone (or no /proc: nothing better to wait on)
    }
    if (state === 'Z' || state === 'X') return;
  }
}

function killAllNow(): void {
  for (const s of live) {
    try { s.child.kill('SIGKILL'); } catch { /* already gone */ }
    // A server still writing while its directory is removed would leave it behind.
    waitGone(s.child.pid, 3000);
    try { rmSync(s.dir, { recursive: true, force: true, maxRetries: 3 }); } catch { /* the next run sweeps it */ }
  }
  live.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}
process.on('exit', killAllNow);
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    killAllNow();
    process.exit(130);
  });
}

async function start(name: string, dir: string, cmd: string, args: string[], ready: () => Promise<unknown>, log: string): Promise<{ child: ChildProcess; stop: () => Promise<void> }> {
  const fd = openSync(log, 'a');
  const child = spawn('setpriv', [...asDbUser(name === 'postgres' ? 'SIGQUIT' : 'SIGKILL'), cmd, ...args], { stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const entry = { child, dir };
  live.add(entry);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => { exited = true; resolve(); }));
  const stop = async (): Promise<void> => {
    if (!exited) {
      // postgres: SIGINT is a fast shutdown; mariadbd: SIGTERM is a normal one.
      child.kill(name === 'postgres' ? 'SIGINT' : 'SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 15000);
      await exit;
      clearTimeout(t);
    }
    live.delete(entry);
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60000;
  for (;;) {
    if (exited) {
      const text = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').slice(-15).join('\n') : '';
      await stop();
      throw new Error(`${name} exited during start-up:\n${text}`);
    }
    try {
      await ready();
      return { child, stop };
    } catch (e) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`${name} did not accept connections within 60 s: ${e instanceof Error ? e.message : String(e)}`);
      }
      await sleep(100);
    }
  }
}

function rows(out: string): string[][] {
  return out.split('\n').filter((l) => l !== '').map((l) => l.split('\t'));
}

/** A PostgreSQL server in a temporary directory, socket only. */
export async function startPostgres(): Promise<Server> {
  const bin = postgresBinDir();
  const dir = serverDir('pg');
  const data = join(dir, 'data');
  const dbUser = isRoot ? RUN_AS : {};
  try {
    await run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '--encoding=UTF8', '--locale=C.UTF-8'], '', dbUser);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  const psql = (text: string): Promise<string> => run(join(bin, 'psql'),
    ['-X', '-q', '-A', '-t', '-F', '\t', '-v', 'ON_ERROR_STOP=1', '-h', dir, '-U', 'postgres', '-d', 'postgres', '-f', '-'], text);
  const { stop } = await start('postgres', dir, join(bin, 'postgres'),
    ['-D', data, '-k', dir, '-c', 'listen_addresses=', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    () => psql('SELECT 1;'), join(dir, 'server.log'));
  const version = (await psql('SHOW server_version;')).trim();
  const dump = (database: string, args: string[] = []) => run(join(bin, 'pg_dump'), ['-h', dir, '-U', 'postgres', ...args, database]);
  return { name: 'PostgreSQL', version, sql: async (text) => rows(await psql(text)), dump, stop };
}

let mariadbTemplate: Promise<string> | undefined;

/** One initialised MariaDB data directory, copied for each server (install-db takes seconds). */
function mariadbData(): Promise<string> {
  mariadbTemplate ??= (async () => {
    const dir = serverDir('mariadb-template');
    tempDirs.add(dir);
    await run(mariadbBinary('mariadb-install-db'), ['--no-defaults', `--datadir=${join(dir, 'data')}`,
      '--auth-root-authentication-method=normal', '--skip-test-db', '--skip-name-resolve'], '', isRoot ? RUN_AS : {});
    return join(dir, 'data');
  })();
  return mariadbTemplate;
}

/** A MariaDB server in a temporary directory, socket only; `options` go on mariadbd's command line. */
export async function startMariadb(options: string[] = []): Promise<Server> {
  const mariadbd = mariadbBinary('mariadbd');
  const client = mariadbBinary('mariadb');
  const template = await mariadbData();
  const dir = serverDir('mariadb');
  const data = join(dir, 'data');
  await run('cp', ['-a', template, data]);
  const sock = join(dir, 'mysqld.sock');
  const mariadb = (text: string): Promise<string> => run(client,
    ['--no-defaults', '--protocol=socket', `--socket=${sock}`, '-u', 'root', '--batch', '--skip-column-names', '--raw'], text);
  const { stop } = await start('mariadbd', dir, mariadbd,
    ['--no-defaults', `--datadir=${data}`, `--socket=${sock}`, '--skip-networking', `--pid-file=${join(dir, 'mariadbd.pid')}`,
      `--tmpdir=${dir}`, '--innodb-buffer-pool-size=32M', '--innodb-flush-log-at-trx-commit=0', '--skip-log-bin',
      ...options],
    () => mariadb('SELECT 1;'), join(dir, 'server.log'));
  const version = (await mariadb('SELECT VERSION();')).trim();
  const dump = (database: string, args: string[] = []) => run(mariadbBinary('mariadb-dump'),
    ['--no-defaults', '--protocol=socket', `--socket=${sock}`, '-u', 'root', ...args, database]);
  return { name: 'MariaDB', version, sql: async (text) => rows(await mariadb(text)), dump, stop };
}

/** Started on first use, shared by the test files, stopped by hooks.ts. */
const shared = new Map<string, Promise<Server>>();

export function server(key: 'postgres' | 'mariadb' | 'mariadb-odd' | 'mariadb-even'): Promise<Server> {
  let s = shared.get(key);
  if (!s) {
    s = key === 'postgres' ? startPostgres() : startMariadb();
    shared.set(key, s);
  }
  return s;
}

export async function stopAll(): Promise<void> {
  const all = [...shared.values()];
  shared.clear();
  await Promise.allSettled(all.map(async (p) => (await p).stop()));
  killAllNow(); // the MariaDB template directory, and anything a failed start left behind
}
