// The core as it ships: bundled by esbuild like dist/extension.js and dist/cli.js, then loaded
// as plain JavaScript. Run from source under tsx, every imported binding is a getter call,
// which would charge our side a cost no user pays while the peers run as published JS.
import { buildSync } from 'esbuild';
import { unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const outfile = join(tmpdir(), `idsmith-bench-core-${process.pid}.cjs`);
buildSync({
  entryPoints: [join(__dirname, '..', 'src', 'core', 'index.ts')],
  bundle: true,
  minify: true,
  platform: 'node',
  format: 'cjs',
  target: 'es2022',
  outfile,
  logLevel: 'warning',
  mainFields: ['module', 'main'], // as scripts/bundles.mjs
});

export const core: typeof import('../src/core') = require(outfile);
unlinkSync(outfile);
