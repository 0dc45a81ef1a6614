// `npm run bench:check`: the fixture checker on a generated 10 MB JSON fixture (pretty-printed,
// as fixtures are), and the same rows as CSV, YAML and SQL; median of 5 runs. Then the editor's
// automatic check of the 10 MB JSON: in 256 Ki-character slices with a macrotask between them,
// as src/editor/check/diagnostics.ts runs it: the time until the result, and the longest time
// the thread was held at once. Then `idsmith check` as a process on a generated CSV and JSON
// Lines file beside a naive peer (bench/checkCli.ts): `npm run bench:check -- [MB] [--rounds N]`,
// MB of CSV (default 100). Figures only; nothing is asserted.
import { core } from './core';
import { benchCheckCli, cliBenchArgs } from './checkCli';

// The core as it ships (bench/core.ts): under tsx every class gets a name-keeping static block, and
// V8 then throws away its optimized code of some classes again and again (the check's ULID rule
// ran about 6x slower that way).
const { checkText, checkTextInSlices, encodeUlid, formatUuid } = core;

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const rand = seeded(42);
const bytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(rand() * 256));

function ulidAt(ms: number): string {
  const b = bytes(16);
  for (let i = 5, v = ms; i >= 0; i--, v = Math.floor(v / 256)) b[i] = v % 256;
  return encodeUlid(b);
}

function uuid4(): string {
  const b = bytes(16);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  return formatUuid(b);
}

export interface Row { id: string; customer: string; name: string; email: string; amount: number; created: string; tags: string[] }

export function rows(targetBytes: number): Row[] {
  const customers = Array.from({ length: 2000 }, uuid4);
  const out: Row[] = [];
  let size = 0;
  let t = Date.UTC(2024, 0, 1);
  for (let i = 0; size < targetBytes; i++) {
    t += Math.floor(rand() * 60_000);
    const r: Row = {
      id: ulidAt(t), customer: customers[Math.floor(rand() * customers.length)]!, name: `user ${i}`,
      email: `user${i}@example.com`, amount: Math.round(rand() * 100000) / 100, created: new Date(t).toISOString(), tags: ['a', 'b'],
    };
    size += JSON.stringify(r).length + 4;
    out.push(r);
  }
  // Two copied rows: the duplicates the checker must find.
  out[out.length - 1]!.id = out[5]!.id;
  out[out.length - 2]!.id = out[6]!.id;
  return out;
}

// Process CPU time rather than wall time: the machines this runs on are shared.
function median(fn: () => void, runs = 5): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.cpuUsage();
    fn();
    const d = process.cpuUsage(t0);
    times.push((d.user + d.system) / 1000);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

// Rows are sized compact; pretty-printing with two spaces adds about 30 %.
const data = rows(Math.round((10 * 1024 * 1024) / 1.3));
const json = JSON.stringify(data, null, 2);
const csv = 'id,customer,name,email,amount,created\n' + data.map((r) => [r.id, r.customer, r.name, r.email, r.amount, r.created].join(',')).join('\n');
const yaml = data.map((r) => `- id: ${r.id}\n  customer: "${r.customer}"\n  name: ${r.name}\n  amount: ${r.amount}\n`).join('');
const sql = 'INSERT INTO orders (id, customer, name, amount) VALUES\n' + data.map((r) => `('${r.id}', '${r.customer}', '${r.name}', ${r.amount})`).join(',\n') + ';\n';

const now = Date.UTC(2026, 0, 1);
for (const [name, text] of [['fixture.json', json], ['fixture.csv', csv], ['fixture.yaml', yaml], ['fixture.sql', sql]] as const) {
  let problems = 0;
  let ids = 0;
  const ms = median(() => {
    const r = checkText(text, { fileName: name, now });
    problems = r.problems.length;
    ids = r.ids.length;
  }, name.endsWith('yaml') ? 3 : 5);
  console.log(`${name.padEnd(13)} ${(text.length / 1048576).toFixed(1).padStart(5)} MB  ${data.length} rows  ${ids} IDs  ${problems} problems  ${ms.toFixed(0)} ms CPU (median)`);
}

// The editor's automatic check: wall time to the result, and the longest slice (the longest the
// extension host is blocked; before slicing, the whole check was one block).
async function sliced(): Promise<void> {
  const runs: { total: number; longest: number; slices: number }[] = [];
  for (let i = 0; i < 5; i++) {
    const slices: number[] = [];
    let resumed = performance.now();
    const t0 = resumed;
    const r = await checkTextInSlices(json, { fileName: 'fixture.json', now }, {
      chars: 256 * 1024,
      pause: () => {
        slices.push(performance.now() - resumed);
        return new Promise<void>((resolve) => setTimeout(() => {
          resumed = performance.now();
          resolve();
        }, 0));
      },
      stop: () => false,
    });
    slices.push(performance.now() - resumed);
    if (!r) throw new Error('stopped');
    runs.push({ total: performance.now() - t0, longest: Math.max(...slices), slices: slices.length });
  }
  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`editor, fixture.json in slices: ${mid(runs.map((r) => r.total)).toFixed(0)} ms to the result, longest slice ${mid(runs.map((r) => r.longest)).toFixed(0)} ms (${runs[0]!.slices} slices; medians of 5, wall time)`);
}
void sliced().then(() => {
  const { mb, rounds } = cliBenchArgs(process.argv.slice(2));
  console.log('');
  benchCheckCli(mb, rounds);
});
