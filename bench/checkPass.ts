// `idsmith check`'s worker work alone, for counting instructions: bench:check's CSV or JSON Lines
// (written here, seeded, MB given), cut into the CLI's 256 KB pieces, judged as a worker judges
// them (the text and its ASCII bytes), `passes` times, printing each pass's CPU ms. Wall and CPU
// time swing by 10 % on a shared machine; instructions do not. Under valgrind the difference
// between 6 passes and 2, divided by 4, is the steady cost of one pass:
//   valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
//     node --import tsx bench/checkPass.ts csv 8 6     (then 2; read "I refs")
// `npm run bench:check-pass -- csv|jsonl [MB] [passes]` runs it without valgrind.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PieceCheck, PieceJob } from '../src/core/check/pieces';
import { core } from './core';
import { writeData } from './checkCli';

const PIECE = 256 * 1024;
// The core as it ships (bench/core.ts), not as tsx runs it.
const { checkPiece } = core;

const [format = 'csv', mbText = '8', passesText = '3'] = process.argv.slice(2);
if (format !== 'csv' && format !== 'jsonl') throw new Error(`format: csv or jsonl, not ${format}`);
const dir = mkdtempSync(join(tmpdir(), 'idsmith-check-pass-'));
let all: Buffer;
try {
  writeData(join(dir, 'd.csv'), join(dir, 'd.jsonl'), Number(mbText));
  all = readFileSync(join(dir, `d.${format}`));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
// CSV is the smaller of the two files written: both are cut to its size, so a pass reads the same MB.
const size = Math.min(all.length, Number(mbText) * 1_000_000);
const pieces: Uint8Array[] = [];
for (let at = 0; at < size;) {
  let end = Math.min(size, at + PIECE);
  if (end < size) end = all.indexOf(10, end) + 1 || size;
  pieces.push(Uint8Array.from(all.subarray(at, end)));
  at = end;
}
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const now = Date.UTC(2026, 10, 1);
const times: number[] = [];
let facts = 0;
for (let pass = 0; pass < Number(passesText); pass++) {
  const t = process.cpuUsage();
  let judge: PieceCheck | undefined;
  let header: PieceJob['header'];
  facts = 0;
  for (let k = 0; k < pieces.length; k++) {
    const bytes = pieces[k]!;
    const job: PieceJob = { format, delimiter: ',', header: k === 0 ? undefined : header, last: k === pieces.length - 1, now };
    const r = checkPiece(decoder.decode(bytes), job, judge, undefined, bytes);
    judge = r.judge;
    if (k === 0) header = { names: r.facts.header };
    facts += r.facts.count;
  }
  const u = process.cpuUsage(t);
  times.push((u.user + u.system) / 1000);
}
console.log(`${format}, ${(size / 1e6).toFixed(1)} MB in ${pieces.length} pieces, ${facts} fact numbers a pass; CPU ms per pass: ${times.map((x) => x.toFixed(0)).join(' ')}`);
