// One command timed as a process, the same way by every benchmark that compares us with other
// programs (bench:scan, bench:check): wall clock, CPU seconds and peak RSS from /usr/bin/time,
// the output's line count, and the machine's load before and after (the machine may be shared).
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';

/** The load averages (1, 5, 15 min) as printed in the tables. */
export const load = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

export interface ProcessRun { wall: number; cpu: number; rssMb: number; lines: number; loadBefore: string; loadAfter: string }

/** Runs `argv` with its output in `outFile`; a string says why it could not run (exit 0 and 1 are results). */
export function timedProcess(argv: string[], outFile: string): ProcessRun | string {
  const loadBefore = load();
  const out = openSync(outFile, 'w');
  const t0 = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S %M', ...argv], { stdio: ['ignore', out, 'pipe'], encoding: 'utf8' });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  closeSync(out);
  if (r.error || (r.status !== 0 && r.status !== 1)) return `${argv[0]}: ${r.error?.message ?? r.stderr.trim().split('\n')[0]}`;
  const [u, s, kb] = r.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  const lines = Number(spawnSync('wc', ['-l', outFile], { encoding: 'utf8' }).stdout.trim().split(' ')[0]);
  return { wall, cpu: u! + s!, rssMb: kb! / 1024, lines, loadBefore, loadAfter: load() };
}
