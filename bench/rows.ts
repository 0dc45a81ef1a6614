// `npm run bench:rows -- CUID "X-Ray trace ID"`: only the named rows of `npm run bench`'s core
// table (same cases, same inputs, same timing loop), so a change to one codec can be measured
// in seconds and run several times; `--runs N` repeats the measurement. No name: every decode row.
import { convertCases, decodeCases, fmtNs, generateCases, measureCase, ratioOf, validateCases } from './cases';
import { sinkValue } from './timing';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 1;
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of runs');
const all = [...decodeCases(), ...validateCases(), ...convertCases(), ...generateCases()];
const cases = args.length === 0 ? all.filter((c) => c.group === 'decode') : all.filter((c) => args.includes(c.name));
const unknown = args.filter((a) => !all.some((c) => c.name === a));
if (unknown.length > 0) throw new Error(`no such row: ${unknown.join(', ')}; rows: ${all.map((c) => c.name).join(', ')}`);

console.log('| Run | Group | Operation | Idsmith ns/op | Library | Library ns/op | Library / Idsmith |');
console.log('| ---: | --- | --- | ---: | --- | ---: | ---: |');
for (let run = 1; run <= runs; run++) {
  for (const c of cases) {
    const r = measureCase(c);
    console.log(`| ${run} | ${c.group} | ${c.name} | ${fmtNs(r.ours)} | ${c.peerName ?? '—'} | ${fmtNs(r.peer)} | ${ratioOf(r)} |`);
  }
}
console.error(`checksum ${sinkValue()}`);
