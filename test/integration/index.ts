// Extension-host entry of the integration suite (VS Code loads it as extensionTestsPath and
// calls run()). The harness bundles it first, followed by every *.test.ts, once per host.
// Mocha's browser build is used in both hosts: it is one self-contained script that needs no
// Node APIs, so the same runner works in the Node host and in the web worker host.
import 'mocha/mocha.js';
import { log, TAGGED } from './log';

// The reporter's output must reach the terminal: see log.ts.
Mocha.reporters.Base.consoleLog = log;
const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 30_000, slow: 5_000 });
mocha.suite.emit('pre-require', globalThis, '', mocha);

/**
 * Loads one test file; if it throws (a bad import, a typo at top level), the run still starts
 * and reports a failing test with the error, instead of VS Code failing silently.
 */
export function loadTestFile(name: string, load: () => unknown): void {
  try {
    load();
  } catch (error) {
    describe(name, () => it('loads', () => { throw error; }));
  }
}

/** The harness reads this line to print the host's closing `N passed, N failed`. */
export const RESULT_MARKER = '[idsmith-results]';

export function run(): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const stats = runner.stats;
      const passed = stats?.passes ?? 0;
      const failed = stats?.failures ?? failures;
      // The harness prints the closing line itself, prefixed with the host; elsewhere, print it here.
      if (TAGGED) log(`${RESULT_MARKER} ${JSON.stringify({ passed, failed, pending: stats?.pending ?? 0 })}`);
      else log(`${passed} passed, ${failed} failed`);
      if (failed > 0) reject(new Error(`${failed} integration test(s) failed`));
      else if (passed === 0) reject(new Error('no integration test ran'));
      else resolve();
    });
  });
}
