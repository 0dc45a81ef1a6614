// `idsmith check` as a process on generated data files: `npm run bench:check -- [MB] [--rounds N]`
// (or `node --import tsx bench/checkCli.ts [MB] [--rounds N]` for these rows alone) writes a seeded
// CSV of about MB megabytes (default 100: 0.8 M rows of ULID id, UUID customer from 2,000, name,
// email, amount, ISO created; two IDs copied, the duplicates to find) and the same rows as JSON
// Lines, and times the built CLI (dist/cli.js, `npm run build` first) on each, as a file (on both
// cores, issue 23 item 4) and on standard input (one thread), beside a naive Node peer: `readline`
// and a Set of the id column, which finds the duplicates and checks nothing else.
// One markdown table: MB/s by wall clock (median of N rounds, default 3), CPU seconds (user +
// system), peak RSS, output lines, the machine's load before and after. Figures only, no asserts.
import { closeSync, existsSync, mkdirSync, openSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { timedProcess, type ProcessRun } from './process';
import { encodeUlid, formatUuid } from '../src/core';

/** The data: the same LCG (seed 42) and rows as the figures in the commit history were measured on. */
export function writeData(csvPath: string, jsonlPath: string, mb: number): { rows: number } {
  let s = 42;
  const rand = (): number => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const bytes = (n: number): Uint8Array => Uint8Array.from({ length: n }, () => Math.floor(rand() * 256));
  const ulidAt = (ms: number): string => {
    const b = bytes(16);
    for (let i = 5, v = ms; i >= 0; i--, v = Math.floor(v / 256)) b[i] = v % 256;
    return encodeUlid(b);
  };
  const uuid4 = (): string => {
    const b = bytes(16);
    b[6] = (b[6]! & 0x0f) | 0x40;
    b[8] = (b[8]! & 0x3f) | 0x80;
    return formatUuid(b);
  };
  const customers = Array.from({ length: 2000 }, uuid4);
  const csv = openSync(csvPath, 'w');
  const jsonl = openSync(jsonlPath, 'w');
  let csvBatch = 'id,customer,name,email,amount,created\n';
  let jsonlBatch = '';
  const early: string[] = [];
  let planted = 0;
  let size = 0;
  let t = Date.UTC(2024, 0, 1);
  let i = 0;
  const target = mb * 1048576;
  for (; size < target; i++) {
    t += Math.floor(rand() * 60_000);
    let id = ulidAt(t);
    if (i < 10) early.push(id);
    // Two rows near the end copy the IDs of rows 5 and 6: the duplicates to find.
    if (size + 1000 >= target && planted < 2 && early.length > 6) id = early[5 + planted++]!;
    const r = { id, customer: customers[Math.floor(rand() * 2000)]!, name: `user ${i}`, email: `user${i}@example.com`, amount: Math.round(rand() * 100000) / 100, created: new Date(t).toISOString() };
    const line = [r.id, r.customer, r.name, r.email, r.amount, r.created].join(',');
    csvBatch += line + '\n';
    jsonlBatch += JSON.stringify(r) + '\n';
    size += line.length + 1;
    if (csvBatch.length >= 1 << 20) {
      writeSync(csv, csvBatch);
      writeSync(jsonl, jsonlBatch);
      csvBatch = jsonlBatch = '';
    }
  }
  writeSync(csv, csvBatch);
  writeSync(jsonl, jsonlBatch);
  closeSync(csv);
  closeSync(jsonl);
  return { rows: i };
}

/** The naive peer: each line's id (first CSV field, or JSON.parse(line).id) into a Set; repeats printed. */
const NAIVE = `const rl = require('node:readline').createInterface({ input: require('node:fs').createReadStream(process.argv[2]), crlfDelay: Infinity });
const json = process.argv[2].endsWith('.jsonl');
const seen = new Set();
let n = 0, found = 0;
rl.on('line', (line) => {
  n++;
  if (line === '' || (!json && n === 1)) return;
  const id = json ? JSON.parse(line).id : line.slice(0, line.indexOf(','));
  if (seen.has(id)) { found++; process.stdout.write(process.argv[2] + ':' + n + ': duplicate ' + id + '\\n'); } else seen.add(id);
});
rl.on('close', () => { process.exitCode = found > 0 ? 1 : 0; });
`;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Writes the data, runs every command `rounds` times, prints the table. */
export function benchCheckCli(mb: number, rounds: number): void {
  const cli = join(__dirname, '..', 'dist', 'cli.js');
  if (!existsSync(cli)) {
    console.log(`idsmith check rows skipped: ${cli} is missing (npm run build).`);
    return;
  }
  const dir = join(tmpdir(), `idsmith-bench-check-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  try {
    const csv = join(dir, 'orders.csv');
    const jsonl = join(dir, 'orders.jsonl');
    process.stderr.write(`writing ${mb} MB of CSV and the same rows as JSON Lines ...\n`);
    const { rows: count } = writeData(csv, jsonl, mb);
    const naive = join(dir, 'naive.cjs');
    writeFileSync(naive, NAIVE);
    // Standard input is checked on one thread: the same check without the workers.
    const piped = (format: string, file: string): string[] => ['sh', '-c', `"${process.execPath}" "${cli}" check --format ${format} - < "${file}"`];
    const rows: [string, string, string[]][] = [
      ['`idsmith check` CSV', csv, [process.execPath, cli, 'check', csv]],
      ['`idsmith check --format csv -` (standard input: one thread)', csv, piped('csv', csv)],
      ['naive `readline` + Set of the id column, CSV', csv, [process.execPath, naive, csv]],
      ['`idsmith check` JSONL', jsonl, [process.execPath, cli, 'check', jsonl]],
      ['`idsmith check --format jsonl -` (standard input: one thread)', jsonl, piped('jsonl', jsonl)],
      ['naive `readline` + `JSON.parse` + Set of id, JSONL', jsonl, [process.execPath, naive, jsonl]],
    ];
    const results = new Map<string, ProcessRun[] | string>();
    for (let round = 0; round < rounds; round++) {
      for (const [name, , argv] of rows) {
        process.stderr.write(`round ${round + 1}: ${name}\n`);
        const r = timedProcess(argv, join(dir, 'out'));
        const prev = results.get(name);
        if (typeof r === 'string') results.set(name, r);
        else if (typeof prev !== 'string') results.set(name, [...(prev ?? []), r]);
      }
    }
    const out: string[] = [];
    out.push(`${(statSync(csv).size / 1e6).toFixed(0)} MB CSV and ${(statSync(jsonl).size / 1e6).toFixed(0)} MB JSON Lines, ${count.toLocaleString('en-US')} rows each (seeded; ULID id, UUID customer, name, email, amount, ISO created; 2 duplicate ids).`);
    out.push(`Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, ${new Date().toISOString().slice(0, 16)}Z; median of ${rounds} rounds by wall clock; dist/cli.js as built.`);
    out.push('');
    out.push('| command | MB/s | CPU s | peak RSS MB | output lines | load (1/5/15 min) before → after |');
    out.push('| --- | ---: | ---: | ---: | ---: | --- |');
    for (const [name, file] of rows) {
      const r = results.get(name);
      if (!Array.isArray(r)) {
        out.push(`| ${name} | — | — | — | — | ${r ?? 'not run'} |`);
        continue;
      }
      const mid = [...r].sort((a, b) => a.wall - b.wall)[Math.floor(r.length / 2)]!;
      out.push(`| ${name} | ${(statSync(file).size / 1e6 / mid.wall).toFixed(0)} | ${median(r.map((x) => x.cpu)).toFixed(2)} | ${Math.max(...r.map((x) => x.rssMb)).toFixed(0)} | ${mid.lines} | ${mid.loadBefore} → ${mid.loadAfter} |`);
    }
    console.log(out.join('\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `[MB] [--rounds N]` from the command line. */
export function cliBenchArgs(argv: string[]): { mb: number; rounds: number } {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { rounds: { type: 'string', default: '3' } } });
  return { mb: Number(positionals[0] ?? 100), rounds: Number(values.rounds) };
}

if (require.main === module) {
  const { mb, rounds } = cliBenchArgs(process.argv.slice(2));
  benchCheckCli(mb, rounds);
}
