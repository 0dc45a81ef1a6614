// `npm run test:cli`: packs the CLI tarball, installs it with `npm install -g` into a throwaway
// prefix (offline: it has no dependencies), and runs the CLI process tests against that
// installed `idsmith`, not against dist/cli.js.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
execFileSync(process.execPath, ['scripts/package-cli.mjs'], { cwd: root, stdio: 'inherit' });

const prefix = mkdtempSync(join(tmpdir(), 'idsmith-cli-prefix-'));
let status = 1;
try {
  const tgz = join(root, `idsmith-cli-${version}.tgz`);
  execFileSync('npm', ['install', '-g', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tgz], { stdio: 'inherit' });
  const bin = join(prefix, 'bin', 'idsmith');
  const installedDir = join(prefix, 'lib', 'node_modules', 'idsmith');
  if (!existsSync(bin)) throw new Error(`npm install -g did not create ${bin}`);
  const extra = readdirSync(installedDir).filter((f) => !['LICENSE', 'README.md', 'cli.js', 'package.json'].includes(f));
  if (extra.length > 0) throw new Error(`the installed package holds more than it should: ${extra.join(', ')}`);
  console.log(`[test:cli] installed ${bin}`);
  const mocha = join(root, 'node_modules', 'mocha', 'bin', 'mocha.js');
  status = spawnSync(process.execPath, [mocha, '--no-config', '--node-option', 'import=tsx', '--timeout', '60000', 'test/unit/cli-process*.test.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, IDSMITH_CLI: bin },
  }).status ?? 1;
} finally {
  rmSync(prefix, { recursive: true, force: true });
}
process.exit(status);
