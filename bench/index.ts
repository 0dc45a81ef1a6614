// `npm run bench`: one run, a markdown table to paste into the README, targets marked honestly.
// No assertions: figures depend on the machine; the targets are what we aim for, not tests.
import { cpus } from 'node:os';
import { join } from 'node:path';
import { convertCases, decodeCases, generateCases, validateCases, type Case } from './cases';
import { core } from './core';
import { buildCorpus } from './corpus';
import { scanBench } from './scanner';
import { msPerRun, nsPerOp, sinkValue } from './timing';

interface Row {
  c: Case;
  ours?: number;
  peer?: number;
}

const started = Date.now();
const fmt = (ns: number | undefined): string => (ns === undefined ? '—' : ns < 100 ? ns.toFixed(1) : ns.toFixed(0));
const mark = (ok: boolean): string => (ok ? 'pass' : '**miss**');

function measureCases(cases: Case[]): Row[] {
  return cases.map((c) => {
    const row: Row = { c };
    const fns = [c.ours, c.peer].filter((f) => f !== undefined);
    const ns = nsPerOp(fns);
    if (c.ours) row.ours = ns[0];
    if (c.peer) row.peer = ns[fns.length - 1];
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
  const ratio = r.ours !== undefined && r.peer !== undefined ? `${(r.peer / r.ours).toFixed(2)}×` : '—';
  const [t, res] = target(r);
  out.push(`| ${r.c.group} | ${r.c.name} | ${fmt(r.ours)} | ${r.c.peerName ?? '—'} | ${fmt(r.peer)} | ${ratio} | ${t} | ${res} |`);
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
// What `idsmith new ulid -n 1000000` does between argv parsing and the single stdout write.
const bulkMs = msPerRun(() => core.generate('ulid', { count: 1_000_000 }).join('\n'), 3);
out.push('');
out.push(`CLI bulk path (generate + join, as \`idsmith new ulid -n 1000000\` before its one write): ${bulkMs.toFixed(0)} CPU ms.`);
out.push('');
out.push(`(total ${((Date.now() - started) / 1000).toFixed(0)} s; checksum ${sinkValue()})`);
process.stderr.write('\n');
process.stdout.write(out.join('\n') + '\n');
