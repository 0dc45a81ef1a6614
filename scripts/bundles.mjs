// The esbuild options of the three bundles, in one place: `build.mjs` builds them all, and
// `package-cli.mjs` builds the CLI's for its tarball, so both resolve dependencies alike.

/** @param {{ production?: boolean }} [opts] */
export function bundles({ production = true } = {}) {
  /** @type {import('esbuild').BuildOptions} */
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
  return {
    desktop: { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', platform: 'node', format: 'cjs', external: ['vscode'] },
    // The web worker host has no Node built-ins: platform "browser" makes esbuild pick the
    // browser builds of dependencies and fail on any accidental `node:` import.
    web: { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/web/extension.js', platform: 'browser', format: 'cjs', external: ['vscode'], mainFields: ['browser', 'module', 'main'] },
    cli: { ...common, entryPoints: ['src/cli.ts'], outfile: 'dist/cli.js', platform: 'node', format: 'cjs', banner: { js: '#!/usr/bin/env node' } },
  };
}
