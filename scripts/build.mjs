// Builds the three bundles from one core: the desktop extension (Node host), the web worker
// extension (vscode.dev, no Node APIs) and the CLI. `--watch` rebuilds on change.
import * as esbuild from 'esbuild';

const watch = process.argv.includes('--watch');
const production = !process.argv.includes('--dev');

/** @type {esbuild.BuildOptions} */
const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  target: 'es2022',
  logLevel: 'warning',
  legalComments: 'none',
  // ES module builds first: jsonc-parser's `main` is a UMD wrapper whose dynamic requires
  // esbuild cannot follow, and ES modules let unused parts of `yaml` be left out.
  mainFields: ['module', 'main'],
};

const builds = [
  { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', platform: 'node', format: 'cjs', external: ['vscode'] },
  // The web worker host has no Node built-ins: platform "browser" makes esbuild pick the
  // browser builds of dependencies and fail on any accidental `node:` import.
  { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/web/extension.js', platform: 'browser', format: 'cjs', external: ['vscode'], mainFields: ['browser', 'module', 'main'] },
  { ...common, entryPoints: ['src/cli.ts'], outfile: 'dist/cli.js', platform: 'node', format: 'cjs', banner: { js: '#!/usr/bin/env node' } },
];

if (watch) {
  const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
  await Promise.all(contexts.map((c) => c.watch()));
  console.log('[idsmith] watching for changes');
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}
