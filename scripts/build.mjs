// Builds the three bundles from one core: the desktop extension (Node host), the web worker
// extension (vscode.dev, no Node APIs) and the CLI. `--watch` rebuilds on change.
import * as esbuild from 'esbuild';
import { bundles } from './bundles.mjs';

const watch = process.argv.includes('--watch');
const production = !process.argv.includes('--dev');

const builds = Object.values(bundles({ production }));

if (watch) {
  const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
  await Promise.all(contexts.map((c) => c.watch()));
  console.log('[idsmith] watching for changes');
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}
