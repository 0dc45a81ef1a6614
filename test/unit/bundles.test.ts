import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
// @ts-expect-error: a plain .mjs module without types
import { bundles } from '../../scripts/bundles.mjs';

// Nothing test-only goes into what users install: the three bundles, built in memory as
// `npm run build` builds them, may only contain code from src/ and the packages listed under
// `dependencies` (the AWS SDK, s3rver, dynalite and the reference libraries are dev dependencies).

const root = join(__dirname, '..', '..');
const { dependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

/** The package a bundled file belongs to (`@scope/name` or `name`), or undefined for project files. */
function packageOf(input: string): string | undefined {
  const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  return m?.[1];
}

describe('bundles', function () {
  this.timeout(60_000);
  const configs = bundles({ production: true }) as Record<string, esbuild.BuildOptions>;
  for (const [name, options] of Object.entries(configs)) {
    it(`${name}: only src/ and the runtime dependencies (${Object.keys(dependencies).join(', ')})`, async () => {
      const result = await esbuild.build({ ...options, absWorkingDir: root, write: false, metafile: true, logLevel: 'silent' });
      const packages = new Set(Object.keys(result.metafile!.inputs).map(packageOf).filter((p): p is string => p !== undefined));
      const extra = [...packages].filter((p) => !Object.hasOwn(dependencies, p));
      assert.deepEqual(extra, [], `${name} bundles dev dependencies`);
      const outside = Object.keys(result.metafile!.inputs).filter((i) => packageOf(i) === undefined && !i.startsWith('src/') && i !== 'package.json');
      assert.deepEqual(outside, [], `${name} bundles files from outside src/`);
    });
  }
});
