// Runs the integration suite inside a real VS Code (code-server), offline, in the Node extension
// host and/or the web worker extension host, and exits with the suite's status.
//   node test/harness/run.mjs [--host node|web|both] [--tests PATH] [--timeout SECONDS]
// --timeout is an inactivity limit: a host fails when its suite prints nothing for that long.
// --tests takes a *.test.ts file (bundled with the project's mocha runner) or a CommonJS module
// exporting run(): Promise<void> (loaded as is). Needs `npm run build` first (npm scripts do it).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser, workbenchUrl } from './browser.mjs';
import { bundleSuite, discoverTests, ROOT } from './bundle.mjs';
import { startCodeServer } from './codeserver.mjs';
import { checkChromium, PrerequisiteError, provision } from './provision.mjs';

const USAGE = 'usage: node test/harness/run.mjs [--host node|web|both] [--tests PATH] [--timeout SECONDS]\n'
  + '  --timeout: fail a host when its suite prints nothing for this long (default 300, or $IDSMITH_TEST_TIMEOUT)';
const RESULT_MARKER = '[idsmith-results] ';
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'workspace');

const log = (msg) => console.log(`[harness] ${msg}`);

function parseCli() {
  let values;
  try {
    ({ values } = parseArgs({ options: {
      host: { type: 'string', default: 'both' },
      tests: { type: 'string' },
      timeout: { type: 'string', default: process.env.IDSMITH_TEST_TIMEOUT ?? '300' },
      help: { type: 'boolean', short: 'h' },
    } }));
  } catch (e) {
    throw new UsageError(`${e.message}\n${USAGE}`);
  }
  if (values.help) { console.log(USAGE); process.exit(0); }
  const hosts = { node: ['node'], web: ['web'], both: ['node', 'web'] }[values.host];
  if (!hosts) throw new UsageError(`--host must be node, web or both, not "${values.host}"\n${USAGE}`);
  const timeoutMs = Number(values.timeout) * 1000;
  if (!(timeoutMs > 0)) throw new UsageError(`--timeout must be a number of seconds, not "${values.timeout}"`);
  const tests = values.tests ? path.resolve(values.tests) : undefined;
  if (tests && !fs.existsSync(tests)) throw new UsageError(`--tests: ${tests} does not exist`);
  return { hosts, tests, timeoutMs };
}

class UsageError extends Error {}

// Everything started so far, so that any exit path (failure, timeout, Ctrl+C) can end it.
const running = { servers: new Set(), browser: undefined, tmp: [] };

async function shutdown() {
  const browser = running.browser;
  running.browser = undefined;
  await Promise.race([browser?.close().catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
  await Promise.all([...running.servers].map((s) => s.stop()));
  running.servers.clear();
  for (const dir of running.tmp.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

let interrupted = false;
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]]) {
  process.on(signal, () => {
    interrupted = true;
    log(`${signal}: stopping code-server and Chromium`);
    shutdown().finally(() => process.exit(code));
  });
}
// Last resort if something throws past the handlers: never leave code-server running.
process.on('exit', () => { for (const s of running.servers) s.stopNow(); });

/** The test module to load in the host: a bundle of the suite, or the given CommonJS module. */
async function testModule(host, tests, outDir) {
  if (tests && !tests.endsWith('.ts')) {
    if (host === 'node') return tests;
    // The web worker host can only load it from inside the extension's folder (see main()).
    const copy = path.join(outDir, `web-${path.basename(tests)}`);
    fs.copyFileSync(tests, copy);
    return copy;
  }
  const files = tests ? [tests] : discoverTests();
  if (files.length === 0) throw new Error('no test/integration/**/*.test.ts found');
  return bundleSuite(host, files, outDir);
}

// Lines the suite prints are tagged and numbered by test/integration/log.ts; VS Code may relay
// each on two channels (its log and the page console), so each number is printed once.
const TAGGED = /\[idsmith-test\](\d+) ([\s\S]*)$/;
// Workbench errors that every offline run has; they would bury the one that matters.
const OFFLINE_NOISE = /Canceled|ENOTFOUND|ERR_NAME_NOT_RESOLVED|authentication provider|Long running operations/;

function idleTimer(ms) {
  let timer;
  let fire;
  const timedOut = new Promise((resolve) => { fire = () => resolve('timeout'); });
  const reset = () => { clearTimeout(timer); timer = setTimeout(fire, ms); };
  reset();
  return { timedOut, reset, stop: () => clearTimeout(timer) };
}

/** The zones the suite runs in (test/integration/timeZone.test.ts relies on them). */
const SERVER_TIME_ZONE = 'UTC';
const BROWSER_TIME_ZONE = 'Asia/Kolkata';

async function runHost(host, opts, editor, outDir) {
  const mod = await testModule(host, opts.tests, outDir);
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'idsmith-workspace-'));
  running.tmp.push(workspace);
  fs.cpSync(FIXTURE, workspace, { recursive: true });

  // The workbench ignores the payload's extensionDevelopmentKind (VS Code 1.139 reads it from
  // a property the browser environment lacks), so the web run pins Idsmith to the web worker
  // host through the user setting that overrides an extension's kind; smoke.test.ts checks it.
  const settings = host === 'web' ? { 'remote.extensionKind': { 'idsmith.idsmith': ['web'] } } : {};
  // The server and the browser in different zones, as for a code-server user: "local" must be
  // the browser's zone in the web worker host and named as the server's in the Node host.
  const server = await startCodeServer(editor, { folder: workspace, settings, timeZone: SERVER_TIME_ZONE });
  running.servers.add(server);
  running.browser ??= await launchBrowser();
  const context = await running.browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: BROWSER_TIME_ZONE });
  const page = await context.newPage();

  let results;
  // Mocha's failure details (from its `N failing` line on): printed again at the very end, so
  // that a log cut to its last lines (a CI summary) still says what failed in the first host.
  const failing = [];
  // A run that is slow but progressing (a loaded machine) goes on; one that prints nothing for
  // the timeout (a hung test, a workbench that never loads) fails.
  const idle = idleTimer(opts.timeoutMs);
  const printed = new Set();
  const errors = []; // the workbench's last errors, shown when the suite never reported
  const relay = (text, channel) => {
    const m = TAGGED.exec(text);
    if (!m) {
      if (process.env.IDSMITH_VERBOSE) console.log(`  [${channel}] ${text}`);
      else if (channel === 'workbench error' && !OFFLINE_NOISE.test(text)) errors.push(text);
      return;
    }
    if (printed.has(m[1])) return;
    printed.add(m[1]);
    idle.reset();
    if (m[2].startsWith(RESULT_MARKER)) {
      results = JSON.parse(m[2].slice(RESULT_MARKER.length));
      return;
    }
    console.log(m[2]);
    if (failing.length > 0 || /^\s*\d+ failing\s*$/.test(m[2])) failing.push(m[2]);
  };
  const exited = new Promise((resolve) => {
    page.exposeFunction('codeAutomationExit', (code) => resolve(Number(code))).catch(() => {});
  });
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    relay((Array.isArray(args) ? args : [args]).map(String).join(' '), `workbench ${type}`);
  });
  page.on('console', (msg) => relay(msg.text(), `console ${msg.type()}`));
  page.on('pageerror', (e) => { if (process.env.IDSMITH_VERBOSE) console.log(`  [page error] ${e.message}`); });

  log(`${host} host: code-server on port ${server.port}, tests ${path.relative(ROOT, mod) || mod}`);
  const url = workbenchUrl(server.port, workspace, {
    extensionDevelopmentPath: ROOT, extensionTestsPath: mod, web: host === 'web' });
  // Only the navigation itself: the idle timeout covers a workbench slow to load.
  await page.goto(url, { waitUntil: 'commit', timeout: opts.timeoutMs });
  const code = await Promise.race([exited, idle.timedOut]);
  idle.stop();

  await context.close().catch(() => {});
  await server.stop();
  running.servers.delete(server);

  if (code === 'timeout') {
    console.log(`${host}: timed out: no output for ${opts.timeoutMs / 1000} s, a hung test or an overloaded machine (--timeout raises it; server log was ${server.serverLog}; IDSMITH_KEEP_STATE=1 keeps it)`);
    // The unfinished run counts as one more failure, so the closing line can never read as a pass.
    const counts = { passed: results?.passed ?? 0, failed: (results?.failed ?? 0) + 1 };
    console.log(`${host}: ${counts.passed} passed, ${counts.failed} failed`);
    return { ...counts, code: 1, failing: [...failing, `timed out: no output for ${opts.timeoutMs / 1000} s`] };
  }
  if (!results && code !== 0) {
    // The error from the test module in full; the workbench's others by their first line.
    const shown = errors.slice(-8).map((e) => (e.includes(path.basename(mod)) ? e.split('\n').slice(0, 12) : e.split('\n', 1))
      .map((l) => `    ${l}`).join('\n'));
    console.log(`  The test module failed without a mocha report. The workbench's last errors:\n${shown.join('\n') || '    (none)'}`
      + '\n  (IDSMITH_VERBOSE=1 shows the whole workbench log)');
  }
  // A module of one's own (--tests x.js) reports no counts: it counts as one test.
  const counts = results ?? (code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
  console.log(`${host}: ${counts.passed} passed, ${counts.failed} failed`);
  if (code !== 0 && failing.length === 0) failing.push(`the workbench exited with ${code}`);
  return { ...counts, code, failing };
}

async function main() {
  const opts = parseCli();
  checkChromium();
  for (const bundle of ['dist/extension.js', 'dist/web/extension.js']) {
    if (!fs.existsSync(path.join(ROOT, bundle))) throw new UsageError(`${bundle} missing: run \`npm run build\` first`);
  }
  const editor = await provision();
  // VS Code runs the tests in the extension host of the extension whose folder holds them, and
  // in the remote Node host when none does: so the bundles go inside the repo (out/ is ignored).
  fs.mkdirSync(path.join(ROOT, 'out'), { recursive: true });
  const outDir = fs.mkdtempSync(path.join(ROOT, 'out', 'itest-'));
  running.tmp.push(outDir);

  const runs = [];
  for (const host of opts.hosts) runs.push({ host, ...(await runHost(host, opts, editor, outDir)) });
  await shutdown();
  const bad = runs.filter((r) => r.code !== 0 || r.failed > 0 || r.passed === 0);
  if (runs.length > 1 || bad.length > 0) {
    console.log(`\n[harness] ${runs.map((r) => `${r.host}: ${r.passed} passed, ${r.failed} failed`).join('; ')}`);
    for (const r of bad) console.log(`[harness] what failed in the ${r.host} host:\n${(r.failing.length > 0 ? r.failing : [`exit ${r.code}, ${r.passed} passed`]).slice(0, 300).join('\n')}`);
  }
  return bad.length === 0 ? 0 : 1;
}

main().then((code) => process.exit(code), async (e) => {
  if (interrupted) return; // the signal handler is already shutting down; errors are its echo
  console.error(`[harness] ${e instanceof PrerequisiteError || e instanceof UsageError ? '' : 'error: '}${e.message}`);
  await shutdown();
  process.exit(e instanceof PrerequisiteError || e instanceof UsageError ? 2 : 1);
});
