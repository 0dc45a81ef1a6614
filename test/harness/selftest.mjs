// Self-test of the harness: it must fail when tests fail, when no test runs and when a test
// hangs, pass when they pass, print each host's `N passed, N failed`, and leave no process
// behind in any of these cases. Takes a few minutes, so it is not part of `npm test`:
//   npm run test:harness-selftest
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

const HERE = import.meta.dirname;
const RUN = path.join(HERE, 'run.mjs');
const self = (file) => path.join(HERE, 'selftest', file);

const CASES = [
  { name: 'a failing assertion fails the run', args: ['--host', 'node', '--tests', self('failing.test.ts')],
    exit: 'non-zero', lines: [/^node: 1 passed, 1 failed$/m, /✔ passes/, /fails on purpose/, /deliberate failure/] },
  { name: 'a rejecting run() module fails the run in the web host', args: ['--host', 'web', '--tests', self('failing-module.cjs')],
    exit: 'non-zero', lines: [/^web: 0 passed, 1 failed$/m] },
  { name: 'a test file that throws while loading is reported as a failing test', args: ['--host', 'web', '--tests', self('throws-on-load.test.ts')],
    exit: 'non-zero', lines: [/^web: 0 passed, 1 failed$/m, /deliberate failure while loading/] },
  { name: 'a suite without tests fails the run', args: ['--host', 'web', '--tests', self('empty.test.ts')],
    exit: 'non-zero', lines: [/^web: 0 passed, 0 failed$/m] },
  { name: 'a hanging test times out and fails the run', args: ['--host', 'node', '--timeout', '40', '--tests', self('hanging.test.ts')],
    exit: 'non-zero', lines: [/^node: timed out: no output for 40 s/m, /^node: 0 passed, 1 failed$/m] },
  { name: 'passing tests pass in both hosts', args: ['--tests', path.join(HERE, '..', 'integration', 'smoke.test.ts')],
    exit: 0, lines: [/^node: [1-9]\d* passed, 0 failed$/m, /^web: [1-9]\d* passed, 0 failed$/m] },
];

/** Processes still carrying this run's marker in their environment (inherited by every child). */
function leftovers(marker) {
  const found = [];
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(marker)) {
        found.push(`${pid} ${fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1').replaceAll('\0', ' ').slice(0, 120)}`);
      }
    } catch { /* exited meanwhile, or not ours to read */ }
  }
  return found;
}

function runCase(c) {
  const marker = `IDSMITH_SELFTEST_RUN=${randomUUID()}`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [RUN, ...c.args],
      { env: { ...process.env, [marker.split('=')[0]]: marker.split('=')[1] }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    child.on('exit', async (code) => {
      await new Promise((r) => setTimeout(r, 1000)); // let killed processes be reaped
      resolve({ code, out, left: leftovers(marker) });
    });
  });
}

let failures = 0;
for (const c of CASES) {
  const started = Date.now();
  const { code, out, left } = await runCase(c);
  const problems = [];
  if (c.exit === 0 ? code !== 0 : code === 0) problems.push(`exit code ${code}, expected ${c.exit}`);
  for (const re of c.lines) if (!re.test(out)) problems.push(`output lacks ${re}`);
  if (left.length) problems.push(`left behind:\n      ${left.join('\n      ')}`);
  const secs = Math.round((Date.now() - started) / 1000);
  if (problems.length) {
    failures++;
    console.log(`  ✘ ${c.name} (${secs} s)\n    ${problems.join('\n    ')}\n    --- output ---\n${out.replace(/^/gm, '    | ')}`);
  } else {
    console.log(`  ✔ ${c.name} (${secs} s)`);
  }
}
console.log(`${CASES.length - failures} passed, ${failures} failed`);
process.exit(failures ? 1 : 0);
