// Bundles the integration suite into one CommonJS module per extension host: the Node host can
// require() files, but the web worker host loads a single script with only `vscode` injected.
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
const INTEGRATION = path.join(ROOT, 'test', 'integration');

/** Every *.test.ts under test/integration, sorted so runs are reproducible. */
export function discoverTests(dir = INTEGRATION) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...discoverTests(full));
    else if (entry.name.endsWith('.test.ts')) found.push(full);
  }
  return found.sort();
}

/**
 * @param {'node'|'web'} host
 * @param {string[]} testFiles absolute paths
 * @param {string} outDir
 * @param {{ tagged?: boolean }} [opts] tagged: output lines tagged for run.mjs (see log.ts)
 * @returns {Promise<string>} the bundle to pass as extensionTestsPath
 */
export async function bundleSuite(host, testFiles, outDir, { tagged = true } = {}) {
  // CommonJS requires keep the order explicit: index.ts installs mocha's globals before the
  // test files call describe()/it() at load time.
  // A file that throws while loading becomes a failing test named after it (see index.ts).
  const entry = [
    `const index = require(${JSON.stringify(path.join(INTEGRATION, 'index.ts'))});`,
    ...testFiles.map((f) => `index.loadTestFile(${JSON.stringify(path.relative(ROOT, f))}, () => require(${JSON.stringify(f)}));`),
    'module.exports = { run: index.run };',
  ].join('\n');
  const outfile = path.join(outDir, `suite-${host}.js`);
  await esbuild.build({
    stdin: { contents: entry, resolveDir: ROOT, sourcefile: 'integration-suite.js', loader: 'js' },
    outfile,
    bundle: true,
    format: 'cjs',
    target: 'es2022',
    external: ['vscode'],
    sourcemap: 'inline',
    logLevel: 'warning',
    platform: host === 'web' ? 'browser' : 'node',
    // As scripts/bundles.mjs: jsonc-parser's UMD `main` has requires esbuild cannot follow.
    mainFields: ['module', 'main'],
    ...(host === 'web' ? webOptions() : {}),
    define: {
      __IDSMITH_TEST_HOST__: JSON.stringify(host),
      __IDSMITH_TAG_OUTPUT__: String(tagged),
      ...(host === 'web' ? webOptions().define : {}),
    },
  });
  return outfile;
}

// Tests use node:assert/strict, which the web worker lacks; the `assert` package is its browser
// port with the same API, and its `util` dependency reads process.env.
function webOptions() {
  return {
    mainFields: ['browser', 'module', 'main'],
    alias: { 'node:assert/strict': 'assert/strict', 'node:assert': 'assert', assert: 'assert' },
    define: { 'process.env.NODE_DEBUG': 'false', global: 'globalThis' },
    inject: [path.join(import.meta.dirname, 'web-process-shim.mjs')],
  };
}
