// `npm run bench`: one run, a markdown table to paste into the README, targets marked honestly.
// No assertions: figures depend on the machine; the targets are what we aim for, not tests.
import { cpus } from 'node:os';
import { join } from 'node:path';
import { convertCases, decodeCases, fmtNs, generateCases, measureCase, ratioOf, validateCases, type Case, type Row } from './cases';
import { core } from './core';
import { buildCorpus } from './corpus';
import { cliScanBench } from './cliScan';
import { scanBench } from './scanner';
import { msPerRun, sinkValue } from './timing';

const started = Date.now();
const mark = (ok: boolean): string => (ok ? 'pass' : '**miss**');

function measureCases(cases: Case[]): Row[] {
  return cases.map((c) => {
    const row = measureCase(c);
    process.stderr.write('.');
    return row;
  });
}

const rows = [
  ...measureCases(decodeCases()),
  ...measureCases(validateCases()),
  ...measureCases(convertCases()),
  ...measureCases(generateCases()),
];
const floor = rows.find((r) => r.c.name.startsWith('crypto.randomUUID'))?.peer ?? NaN;

function target(r: Row): [string, string] {
  if (r.ours === undefined || r.peer === undefined) {
    if (r.c.group === 'generate' && r.ours !== undefined) return ['≤ 2× randomUUID', mark(r.ours <= 2 * floor)];
    return ['floor', ''];
  }
  const ratio = r.peer / r.ours;
  switch (r.c.group) {
    case 'decode':
    case 'convert':
      return ['≥ 2×', mark(ratio >= 2)];
    case 'generate':
      return ['≤ library, ≤ 2× randomUUID', mark(r.ours <= r.peer && r.ours <= 2 * floor)];
    default:
      return ['—', ''];
  }
}

const out: string[] = [];
out.push(`Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), ${new Date().toISOString().slice(0, 10)}.`);
out.push('Median process CPU time per call over 7 interleaved rounds after warm-up; same seeded inputs for both sides; our core bundled by esbuild as it ships.');
out.push('');
out.push('| Group | Operation | Idsmith ns/op | Library | Library ns/op | Library / Idsmith | Target | Result |');
out.push('| --- | --- | ---: | --- | ---: | ---: | --- | --- |');
for (const r of rows) {
  const ratio = ratioOf(r);
  const [t, res] = target(r);
  out.push(`| ${r.c.group} | ${r.c.name} | ${fmtNs(r.ours)} | ${r.c.peerName ?? '—'} | ${fmtNs(r.peer)} | ${ratio} | ${t} | ${res} |`);
}

const corpus = buildCorpus(join(__dirname, '..', 'node_modules'));
const { ours, naive } = scanBench(corpus);
const mb = (Buffer.byteLength(corpus.text, 'utf8') / 1e6).toFixed(1);
out.push('');
out.push(`Scanner corpus: ${mb} MB of node_modules declaration files and READMEs (${corpus.files} files), ${corpus.planted.length} IDs planted at known offsets.`);
out.push('');
out.push('| Scanner | MB/s | CPU ms per pass | Matches | Planted IDs found | Target | Result |');
out.push('| --- | ---: | ---: | ---: | ---: | --- | --- |');
out.push(`| ${ours.name} | ${ours.mbPerS.toFixed(1)} | ${ours.ms.toFixed(1)} | ${ours.matches} | ${ours.plantedFound}/${corpus.planted.length} | ≥ 2× naive | ${mark(ours.mbPerS >= 2 * naive.mbPerS)} (${(ours.mbPerS / naive.mbPerS).toFixed(2)}×) |`);
out.push(`| ${naive.name} | ${naive.mbPerS.toFixed(1)} | ${naive.ms.toFixed(1)} | ${naive.matches} | ${naive.plantedFound}/${corpus.planted.length} | | |`);
// What `idsmith new ulid -n 1000000` computes, in the batches of 10,000 it writes.
const bulkMs = msPerRun(() => {
  let n = 0;
  for (let i = 0; i < 100; i++) n += core.generate('ulid', { count: 10_000 }).join('\n').length;
  return n;
}, 3);
out.push('');
out.push(`CLI bulk path (generate + join in batches of 10,000, as \`idsmith new ulid -n 1000000\`): ${bulkMs.toFixed(0)} CPU ms.`);

// `idsmith scan` as a process beside ripgrep and a line-by-line Node regex, on a generated log.
const logScan = cliScanBench();
const scanRow = logScan.runs[0]!, nodeRow = logScan.runs[1]!, rgRow = logScan.runs[2]!;
out.push('');
out.push(`Log scan: ${(logScan.bytes / 1e6).toFixed(1)} MB generated log, ${logScan.lines.toLocaleString('en-US')} lines, a third with an ID (ULID, UUID v4/v7, snowflake, KSUID, ObjectId, TypeID); whole processes, median of 3, MB/s per CPU second (user + system).`);
out.push('');
out.push('| Process | MB/s | CPU s | Wall s | Peak RSS MB | Output lines | Target | Result |');
out.push('| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |');
for (const r of logScan.runs) {
  let target = '', result = '';
  if (r === scanRow && r.mbPerS !== undefined) {
    target = '≥ 2× Node regex, ≥ ¼ ripgrep';
    const vsNode = nodeRow.mbPerS ? r.mbPerS / nodeRow.mbPerS : NaN;
    const vsRg = rgRow.available && rgRow.mbPerS ? r.mbPerS / rgRow.mbPerS : NaN;
    result = `${mark(vsNode >= 2)} (${vsNode.toFixed(2)}× Node); ${rgRow.available ? `${mark(vsRg >= 0.25)} (${vsRg.toFixed(2)}× rg)` : 'rg absent'}`;
  }
  if (!r.available) {
    out.push(`| ${r.name} | — | — | — | — | — | | not run: ${r.note} |`);
    continue;
  }
  const f = (v: number | undefined, d: number): string => (v === undefined ? '—' : v.toFixed(d));
  out.push(`| ${r.name} | ${f(r.mbPerS, 1)} | ${f(r.cpuS, 2)} | ${f(r.wallS, 2)} | ${f(r.maxRssMb, 0)} | ${r.outputLines} | ${target} | ${result} |`);
}
out.push('');
out.push(`(total ${((Date.now() - started) / 1000).toFixed(0)} s; checksum ${sinkValue()})`);
process.stderr.write('\n');
process.stdout.write(out.join('\n') + '\n');
