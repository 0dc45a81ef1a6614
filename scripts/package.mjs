// Builds the production bundles and packs them into idsmith-<version>.vsix. Before packing it
// checks the file list vsce will use against what the extension actually needs, so a loosened
// .vscodeignore cannot quietly ship sources, tests, source maps or node_modules.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { relativeLinks } from './readmeLinks.mjs';

const root = join(import.meta.dirname, '..');
const vsce = join(root, 'node_modules', '@vscode', 'vsce', 'vsce');

/** Exactly what runs or what the Marketplace page shows; anything else is a packaging bug. */
const ALLOWED = [
  /^dist\/extension\.js$/,
  /^dist\/web\/extension\.js$/,
  /^dist\/cli\.js$/,
  /^package\.json$/,
  /^package\.nls\.json$/,
  /^README\.md$/,
  /^CHANGELOG\.md$/,
  /^LICENSE$/,
  /^media\/icon\.png$/,
  /^media\/screenshot-[\w-]+\.png$/, // the README's pictures, shown offline on the extension page
  /^docs\/[\w-]+\.md$/, // the documents the README links to
  /^snippets\/[^/]+\.json$/,
];
const REQUIRED = ['dist/extension.js', 'dist/web/extension.js', 'dist/cli.js', 'package.json', 'package.nls.json', 'README.md', 'LICENSE'];

function run(command, args, capture = false) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit' });
  if (result.status !== 0) {
    console.error(`[package] ${[command, ...args].join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
  return result.stdout ?? '';
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

run(process.execPath, ['scripts/build.mjs']);

const files = run(process.execPath, [vsce, 'ls', '--no-dependencies'], true)
  .split('\n').map((line) => line.trim().replaceAll('\\', '/')).filter(Boolean);
const unexpected = files.filter((file) => !ALLOWED.some((pattern) => pattern.test(file)));
const readmeLinks = relativeLinks(readFileSync(join(root, 'README.md'), 'utf8'));
const missing = [...REQUIRED, ...readmeLinks].filter((file) => !files.includes(file));
if (unexpected.length > 0 || missing.length > 0) {
  if (unexpected.length > 0) console.error(`[package] not allowed in the VSIX (fix .vscodeignore): ${unexpected.join(', ')}`);
  if (missing.length > 0) console.error(`[package] missing from the VSIX: ${missing.join(', ')}`);
  process.exit(1);
}

const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const vsix = `idsmith-${version}.vsix`;
// Relative links stay relative: the pictures and documents ship in the VSIX, and a rewrite
// would point them at the repository's web address, which an offline editor cannot reach.
run(process.execPath, [vsce, 'package', '--no-dependencies', '--no-rewrite-relative-links', '--out', vsix]);

console.log(`[package] ${vsix}: ${kb(statSync(join(root, vsix)).size)}, ${files.length} files`);
for (const bundle of ['dist/extension.js', 'dist/web/extension.js', 'dist/cli.js']) {
  console.log(`[package]   ${bundle}: ${kb(statSync(join(root, bundle)).size)}`);
}
