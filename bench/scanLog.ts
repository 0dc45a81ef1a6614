// `npm run bench:scan -- [MB] [--rounds N] [--stream GB] [--one-line MB]`: writes a seeded synthetic service log
// of MB megabytes (default 300) and times, in one run, `idsmith scan --json` and `--annotate`
// (the CLI bundled as it ships), ripgrep with the same ID shapes (`rg -o -n --column`, and
// `rg -c`), and a naive Node `readline` + regex script. Prints one markdown table: MB/s by wall
// clock (median of N rounds, default 3), CPU seconds, peak RSS, ratios, and the machine's load
// before and after each command (the machine may be shared). `--stream GB` also pipes GB
// gigabytes of generated log through `idsmith scan --json` on standard input, for peak RSS.
// `--one-line MB` also times `idsmith scan --json` and ripgrep on the log's first MB megabytes
// with its line ends made spaces (a one-line JSON dump or minified log: no line to cut at).
// No assertions: these are measurements, not tests.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { load, timedProcess, type ProcessRun } from './process';
import { NODE_REGEX_SCRIPT, buildCli } from './cliScan';
import { makeId, seededRandom, type BenchIdKind } from './ids';
import { NAIVE_PATTERN } from './scanner';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '3' }, stream: { type: 'string' }, 'one-line': { type: 'string' }, keep: { type: 'boolean', default: false } },
});
const MB = Number(positionals[0] ?? 300);
const ROUNDS = Number(values.rounds);

const WORDS = 'request handled user session cache miss retry upstream timeout ok done queued job worker shard order payment invoice customer'.split(' ');
const SERVICES = ['api', 'billing', 'auth', 'search', 'worker', 'gateway'];
const KEYS = ['request_id', 'user', 'order', 'session', 'trace', 'ref', 'id'];
const KINDS: BenchIdKind[] = ['ulid', 'uuid', 'uuidv4', 'snowflake', 'ksuid', 'objectid', 'typeid'];
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const HEX = '0123456789abcdef';

/** A log of service lines: 0-2 IDs per line (0.75 on average), a decoy on most lines. */
export function* logLines(seed: number): Generator<string> {
  const rand = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const chars = (alphabet: string, n: number): string => {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(rand() * alphabet.length)];
    return s;
  };
  const decoys: (() => string)[] = [
    () => `commit=${chars(HEX, 40)}`, // git SHA
    () => `sha256=${chars(HEX, 64)}`,
    () => `sig=${chars(B64, 42)}==`, // base64
    () => `code=MAX_RETRIES_EXCEEDED_${chars('ABCDEFGHJKMNPQRSTVWXYZ', 6)}`, // CONSTANT_NAMES
    () => `phone=+4915${Math.floor(rand() * 1e9)}`,
    () => `ts=${1_700_000_000 + Math.floor(rand() * 1e8)}`, // Unix seconds
    () => `at=${1_700_000_000_000 + Math.floor(rand() * 1e11)}`, // Unix ms
  ];
  let t = Date.UTC(2026, 10, 1);
  for (;;) {
    t += Math.floor(rand() * 50);
    const r = rand();
    const ids = r < 0.35 ? 0 : r < 0.9 ? 1 : 2;
    let line = `${new Date(t).toISOString()} ${pick(['INFO', 'WARN', 'DEBUG', 'ERROR'])} [${pick(SERVICES)}] `;
    line += Array.from({ length: 3 + Math.floor(rand() * 6) }, () => pick(WORDS)).join(' ');
    for (let k = 0; k < ids; k++) line += ` ${pick(KEYS)}=${makeId(pick(KINDS), rand)}`;
    if (rand() < 0.8) line += ` ${pick(decoys)()}`;
    line += ` latency_ms=${(rand() * 300).toFixed(2)}\n`;
    yield line;
  }
}

function writeLog(path: string, mb: number, oneLine = false): number {
  const fd = openSync(path, 'w');
  let written = 0, batch = '';
  for (const line of logLines(20261123)) {
    batch += oneLine ? `${line.slice(0, -1)} ` : line;
    if (batch.length >= 1 << 20) {
      writeSync(fd, batch);
      written += batch.length;
      batch = '';
      if (written >= mb * 1e6) break;
    }
  }
  closeSync(fd);
  return written;
}

const NAIVE = NODE_REGEX_SCRIPT;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function streamRss(cli: string, gb: number): Promise<string> {
  const child = spawn('/usr/bin/time', ['-f', '%e %M', process.execPath, cli, 'scan', '--json'], { stdio: ['pipe', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const lines = logLines(7);
  let sent = 0;
  const target = gb * 1e9;
  const before = load();
  while (sent < target) {
    let batch = '';
    while (batch.length < 1 << 20) batch += lines.next().value;
    sent += batch.length;
    if (!child.stdin.write(batch)) await new Promise((r) => child.stdin.once('drain', r));
  }
  child.stdin.end();
  await new Promise((r) => child.on('close', r));
  const [wall, kb] = err.trim().split('\n').pop()!.split(' ').map(Number);
  return `| \`… \\| idsmith scan --json\` (${gb} GB on standard input) | ${(sent / 1e6 / wall!).toFixed(0)} | — | — | ${(kb! / 1024).toFixed(0)} | | ${before} → ${load()} |`;
}

async function main(): Promise<void> {
  const dir = join(tmpdir(), `idsmith-bench-scan-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  try {
    const log = join(dir, 'app.log');
    process.stderr.write(`writing a ${MB} MB log ...\n`);
    writeLog(log, MB);
    const bytes = statSync(log).size;
    const cli = join(dir, 'cli.js');
    buildCli(cli);
    const naive = join(dir, 'naive.cjs');
    writeFileSync(naive, NAIVE);
    const hasRg = spawnSync('rg', ['--version']).status === 0;
    const rows: [string, string[] | undefined][] = [
      ['`idsmith scan --json`', [process.execPath, cli, 'scan', '--json', log]],
      ['`idsmith scan --annotate`', [process.execPath, cli, 'scan', '--annotate', log]],
      ['`rg -o -n --column` (same ID shapes, no decoding)', hasRg ? ['rg', '-o', '-n', '--column', '--no-filename', NAIVE_PATTERN.source, log] : undefined],
      ['`rg -c` (lines with an ID shape)', hasRg ? ['rg', '-c', NAIVE_PATTERN.source, log] : undefined],
      ['naive Node `readline` + one regex, NDJSON', [process.execPath, naive, log]],
    ];
    /** The bytes each row reads (the one-line rows read their own file). */
    const sizes = new Map<string, number>(rows.map(([name]) => [name, bytes]));
    if (values['one-line'] !== undefined) {
      const one = join(dir, 'one-line.log');
      process.stderr.write(`writing a ${values['one-line']} MB one-line log ...\n`);
      writeLog(one, Number(values['one-line']), true);
      const size = statSync(one).size;
      const name = `${(size / 1e6).toFixed(0)} MB as one line:`;
      rows.push([`${name} \`idsmith scan --json\``, [process.execPath, cli, 'scan', '--json', one]]);
      rows.push([`${name} \`rg -o -n --column\``, hasRg ? ['rg', '-o', '-n', '--column', '--no-filename', NAIVE_PATTERN.source, one] : undefined]);
      for (const [n] of rows.slice(-2)) sizes.set(n, size);
    }
    const results = new Map<string, ProcessRun[] | string>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, argv] of rows) {
        if (!argv) {
          results.set(name, 'ripgrep (rg) is not installed: apt-get install ripgrep');
          continue;
        }
        process.stderr.write(`round ${round + 1}: ${name}\n`);
        const r = timedProcess(argv, join(dir, 'out'));
        const prev = results.get(name);
        if (typeof r === 'string') results.set(name, r);
        else if (typeof prev !== 'string') results.set(name, [...(prev ?? []), r]);
      }
    }
    const mbps = (name: string): number | undefined => {
      const r = results.get(name);
      return Array.isArray(r) ? sizes.get(name)! / 1e6 / median(r.map((x) => x.wall)) : undefined;
    };
    const json = mbps(rows[0]![0])!;
    const out: string[] = [];
    out.push(`${(bytes / 1e6).toFixed(0)} MB synthetic service log (seeded; 0.75 IDs per line: ULID, UUID v4/v7, ObjectId, KSUID, TypeID, snowflakes; decoys: git SHAs, SHA-256, base64, CONSTANT_NAMES, phone numbers, Unix times).`);
    out.push(`Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${new Date().toISOString().slice(0, 16)}Z; median of ${ROUNDS} rounds by wall clock.`);
    out.push('');
    out.push('| command | MB/s | idsmith --json ÷ it | CPU s | peak RSS MB | output lines | load (1/5/15 min) before → after |');
    out.push('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const [name] of rows) {
      const r = results.get(name);
      if (!Array.isArray(r)) {
        out.push(`| ${name} | — | — | — | — | — | ${r ?? 'not run'} |`);
        continue;
      }
      const m = mbps(name)!;
      const mid = [...r].sort((a, b) => a.wall - b.wall)[Math.floor(r.length / 2)]!;
      out.push(`| ${name} | ${m.toFixed(0)} | ${(json / m).toFixed(2)}× | ${median(r.map((x) => x.cpu)).toFixed(2)} | ${Math.max(...r.map((x) => x.rssMb)).toFixed(0)} | ${mid.lines} | ${mid.loadBefore} → ${mid.loadAfter} |`);
    }
    if (values.stream !== undefined) out.push(await streamRss(cli, Number(values.stream)));
    console.log(out.join('\n'));
  } finally {
    if (!values.keep) rmSync(dir, { recursive: true, force: true });
    else if (existsSync(dir)) process.stderr.write(`kept ${dir}\n`);
  }
}

if (require.main === module) void main();
