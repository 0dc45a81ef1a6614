// `idsmith scan --json` as a process on a generated log, beside ripgrep running the combined ID
// regex over the same file and a plain line-by-line regex in Node. Processes are timed by their
// CPU time (user + system, from /usr/bin/time) so other jobs on a shared machine skew less;
// peak RSS comes from the same place.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, statSync, writeFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { makeId, seededRandom, type BenchIdKind } from './ids';
import { NAIVE_PATTERN } from './scanner';

export interface ProcessRun {
  name: string;
  available: boolean;
  note?: string;
  cpuS?: number;
  wallS?: number;
  mbPerS?: number;
  maxRssMb?: number;
  outputLines?: number;
}

const WORDS = 'request handled user session cache miss retry upstream timeout ok done queued job worker shard order payment invoice customer'.split(' ');
const KINDS: BenchIdKind[] = ['ulid', 'uuid', 'uuidv4', 'snowflake', 'ksuid', 'objectid', 'typeid'];

/** Writes about `mb` MB of log lines: a third carry an ID, the rest ordinary text and numbers. */
export function writeLog(path: string, mb: number, seed = 20261123): number {
  const rand = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const fd = openSync(path, 'w');
  let written = 0, lines = 0;
  let t = Date.UTC(2026, 10, 1);
  const batch: string[] = [];
  while (written < mb * 1e6) {
    t += Math.floor(rand() * 50);
    const words = Array.from({ length: 4 + Math.floor(rand() * 8) }, () => pick(WORDS)).join(' ');
    const extra = rand() < 0.34 ? ` id=${makeId(pick(KINDS), rand)}` : ` n=${Math.floor(rand() * 1e9)} sha=${Math.floor(rand() * 2 ** 52).toString(16)}`;
    const line = `${new Date(t).toISOString()} ${pick(['INFO', 'WARN', 'DEBUG'])} [${pick(WORDS)}] ${words}${extra} latency_ms=${(rand() * 300).toFixed(2)}\n`;
    batch.push(line);
    lines++;
    if (batch.length === 10_000) {
      const s = batch.join('');
      written += Buffer.byteLength(s);
      writeSync(fd, s);
      batch.length = 0;
    }
  }
  if (batch.length) writeSync(fd, batch.join(''));
  closeSync(fd);
  return lines;
}

/** The CLI bundled as it ships (what `npm run package:cli` packs). */
export function buildCli(outfile: string): void {
  buildSync({
    entryPoints: [join(__dirname, '..', 'src', 'cli.ts')],
    bundle: true, minify: true, platform: 'node', format: 'cjs', target: 'node20', outfile, logLevel: 'warning',
    mainFields: ['module', 'main'], // as scripts/bundles.mjs
  });
}

/** The naive peer: Node `readline` and one combined regex, NDJSON out (also bench:scan's). */
export const NODE_REGEX_SCRIPT = `
const { createReadStream } = require('node:fs');
const { createInterface } = require('node:readline');
const re = new RegExp(${JSON.stringify(NAIVE_PATTERN.source)}, 'g');
let n = 0, out = [];
const rl = createInterface({ input: createReadStream(process.argv[2]), crlfDelay: Infinity });
rl.on('line', (line) => {
  n++;
  for (const m of line.matchAll(re)) out.push(JSON.stringify({ line: n, column: m.index + 1, text: m[0] }));
  if (out.length > 1000) { process.stdout.write(out.join('\\n') + '\\n'); out = []; }
});
rl.on('close', () => { if (out.length) process.stdout.write(out.join('\\n') + '\\n'); });
`;

/** Runs a command with stdout to a file, under /usr/bin/time when there is one. */
export function measureProcess(name: string, argv: string[], bytes: number, outFile: string): ProcessRun {
  const hasTime = existsSync('/usr/bin/time');
  const cmd = hasTime ? ['/usr/bin/time', '-f', '%U %S %e %M', ...argv] : argv;
  const out = openSync(outFile, 'w');
  const started = process.hrtime.bigint();
  const r = spawnSync(cmd[0]!, cmd.slice(1), { stdio: ['ignore', out, 'pipe'], encoding: 'utf8' });
  const wallS = Number(process.hrtime.bigint() - started) / 1e9;
  closeSync(out);
  if (r.error) return { name, available: false, note: r.error.message };
  const run: ProcessRun = { name, available: true, wallS };
  if (hasTime) {
    const last = r.stderr.trim().split('\n').pop()!.split(' ').map(Number);
    run.cpuS = last[0]! + last[1]!;
    run.maxRssMb = last[3]! / 1024;
  }
  run.mbPerS = bytes / 1e6 / (run.cpuS ?? wallS);
  run.outputLines = Number(spawnSync('wc', ['-l', outFile], { encoding: 'utf8' }).stdout.trim().split(' ')[0]);
  return run;
}

function median(runs: ProcessRun[]): ProcessRun {
  const sorted = [...runs].sort((a, b) => (a.mbPerS ?? 0) - (b.mbPerS ?? 0));
  return sorted[Math.floor(sorted.length / 2)]!;
}

export function cliScanBench(mb = 40, rounds = 3): { bytes: number; lines: number; runs: ProcessRun[] } {
  const dir = join(tmpdir(), `idsmith-bench-scan-${process.pid}`);
  spawnSync('mkdir', ['-p', dir]);
  try {
    const log = join(dir, 'app.log');
    const lines = writeLog(log, mb);
    const bytes = statSync(log).size;
    const cli = join(dir, 'cli.js');
    buildCli(cli);
    const script = join(dir, 'regex.cjs');
    writeFileSync(script, NODE_REGEX_SCRIPT);
    const out = join(dir, 'out');
    const hasRg = spawnSync('rg', ['--version']).status === 0;
    const runs: ProcessRun[] = [];
    const cases: [string, string[] | undefined, string?][] = [
      ['idsmith scan --json (decodes every match)', [process.execPath, cli, 'scan', '--json', log]],
      ['Node: readline + combined regex, NDJSON out', [process.execPath, script, log]],
      ['ripgrep: rg -o -n --column, combined regex', hasRg ? ['rg', '-o', '-n', '--column', '--no-filename', NAIVE_PATTERN.source, log] : undefined,
        'ripgrep (rg) not installed: apt-get install -y ripgrep'],
    ];
    for (const [name, argv, missing] of cases) {
      if (!argv) {
        runs.push({ name, available: false, note: missing });
        continue;
      }
      const rs = Array.from({ length: rounds }, () => measureProcess(name, argv, bytes, out));
      runs.push(rs.every((r) => r.available) ? median(rs) : rs.find((r) => !r.available)!);
    }
    return { bytes, lines, runs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
