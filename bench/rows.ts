// `npm run bench:rows -- CUID "X-Ray trace ID"`: only the named rows of `npm run bench`'s core
// table (same cases, same inputs, same timing loop), so a change to one codec can be measured
// in seconds and run several times; `--runs N` repeats the measurement. No name: every decode row.
import { convertCases, decodeCases, generateCases, validateCases } from './cases';
import { nsPerOp, sinkValue } from './timing';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 1;
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of runs');
const all = [...decodeCases(), ...validateCases(), ...convertCases(), ...generateCases()];
const cases = args.length === 0 ? all.filter((c) => c.group === 'decode') : all.filter((c) => args.includes(c.name));
const unknown = args.filter((a) => !all.some((c) => c.name === a));
if (unknown.length > 0) throw new Error(`no such row: ${unknown.join(', ')}; rows: ${all.map((c) => c.name).join(', ')}`);

const fmt = (ns: number | undefined): string => (ns === undefined ? '—' : ns < 100 ? ns.toFixed(1) : ns.toFixed(0));
console.log('| Run | Group | Operation | Idsmith ns/op | Library | Library ns/op | Library / Idsmith |');
console.log('| ---: | --- | --- | ---: | --- | ---: | ---: |');
for (let run = 1; run <= runs; run++) {
  for (const c of cases) {
    const fns = [c.ours, c.peer].filter((f) => f !== undefined);
    const ns = nsPerOp(fns);
    const ours = c.ours ? ns[0] : undefined;
    const peer = c.peer ? ns[fns.length - 1] : undefined;
    const ratio = ours !== undefined && peer !== undefined ? `${(peer / ours).toFixed(2)}×` : '—';
    console.log(`| ${run} | ${c.group} | ${c.name} | ${fmt(ours)} | ${c.peerName ?? '—'} | ${fmt(peer)} | ${ratio} |`);
  }
}
console.error(`checksum ${sinkValue()}`);
