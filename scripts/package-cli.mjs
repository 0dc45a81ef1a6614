// `npm run package:cli`: the CLI as an npm package of its own, idsmith-cli-<version>.tgz. One
// bundled file (esbuild, no runtime dependencies), its package.json with `bin`, a README made
// from the main README's command-line section, and the LICENSE; nothing else. The tarball is
// checked after packing: exact file list, no dependencies, under 200 KB.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { bundles } from './bundles.mjs';

const root = join(import.meta.dirname, '..');
const MAX_BYTES = 200 * 1024;
const FILES = ['package/LICENSE', 'package/README.md', 'package/cli.js', 'package/package.json'];

const main = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const stage = mkdtempSync(join(tmpdir(), 'idsmith-cli-pack-'));
try {
  await esbuild.build({
    ...bundles().cli,
    entryPoints: [join(root, 'src/cli.ts')],
    outfile: join(stage, 'cli.js'),
    target: 'node20',
  });

  // The npm name is `idsmith`, so that `npx idsmith` runs it once published; the file is
  // named idsmith-cli-* beside the extension's idsmith-*.vsix.
  const pkg = {
    name: 'idsmith',
    version: main.version,
    description: 'Decode, convert, generate and find IDs (ULID, UUID, snowflake, KSUID, ObjectId, TypeID, NanoID) in logs and pipelines',
    license: main.license,
    bin: { idsmith: 'cli.js' },
    files: ['cli.js'],
    engines: { node: '>=20' },
    keywords: main.keywords,
    repository: main.repository,
    bugs: main.bugs,
    homepage: main.homepage,
  };
  writeFileSync(join(stage, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
  writeFileSync(join(stage, 'README.md'), cliReadme(readFileSync(join(root, 'README.md'), 'utf8')));
  copyFileSync(join(root, 'LICENSE'), join(stage, 'LICENSE'));

  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', stage], { cwd: stage, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }))[0];
  const out = join(root, `idsmith-cli-${main.version}.tgz`);
  renameSync(join(stage, packed.filename), out);

  const listed = execFileSync('tar', ['-tzf', out], { encoding: 'utf8' }).trim().split('\n').sort();
  const size = statSync(out).size;
  const problems = [];
  if (JSON.stringify(listed) !== JSON.stringify(FILES)) problems.push(`files are ${listed.join(', ')}; expected ${FILES.join(', ')}`);
  if (size >= MAX_BYTES) problems.push(`${size} bytes, over the ${MAX_BYTES} limit`);
  if (pkg.dependencies) problems.push('it declares dependencies');
  if (problems.length > 0) {
    console.error(`[package:cli] ${out}: ${problems.join('; ')}`);
    process.exit(1);
  }
  console.log(`[package:cli] ${out.slice(root.length + 1)}: ${(size / 1024).toFixed(1)} KB (cli.js ${(statSync(join(stage, 'cli.js')).size / 1024).toFixed(1)} KB), ${listed.length} files`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}

/** The README's "Command line" section (to the next heading of its level or above). */
function cliReadme(readme) {
  const lines = readme.split('\n');
  const start = lines.findIndex((l) => /^#{2,3} Command line/.test(l));
  if (start === -1) throw new Error('README.md has no "Command line" section');
  const level = lines[start].match(/^#+/)[0].length;
  let end = lines.findIndex((l, i) => i > start && new RegExp(`^#{1,${level}} `).test(l));
  if (end === -1) end = lines.length;
  const body = lines.slice(start + 1, end).join('\n').trim();
  return `# idsmith\n\nThe command line of [Idsmith](${main.homepage}): decode, convert, generate and find identifiers.\n\n${body}\n`;
}
