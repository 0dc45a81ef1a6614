// Makes `npm start` and `npm test` work as the first commands on a fresh machine: installs the
// npm dependencies when node_modules is missing or older than the lock file, and the Debian
// packages that command needs when they are missing: the real-VS Code harness for both, the
// database servers only for `npm test` (`npm start` never runs them). Runs as `prestart`
// (`--for start`) and `pretest`; on a prepared machine it only looks and returns.
//   node scripts/bootstrap.mjs [--for start|test] [--apt-only]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Debian packages: Chromium shows the workbench; the libraries and build tools build
 *  code-server's native modules; the database servers run the SQL tests (test/db), which start
 *  their own instances, so the packages' system services are never needed. */
const APT = {
  commands: { chromium: 'chromium', make: 'make', 'g++': 'g++', python3: 'python3' },
  libraries: ['libkrb5-dev', 'libx11-dev', 'libxkbfile-dev', 'libsecret-1-dev', 'pkg-config'],
  servers: { postgresql: hasPostgres, 'mariadb-server': () => hasAny(['mariadbd', 'mariadb-install-db', 'mariadb']) },
};

/** Debian keeps each major version's server under /usr/lib/postgresql/<version>/bin. */
function hasPostgres() {
  const base = '/usr/lib/postgresql';
  return existsSync(base) && readdirSync(base).some((v) => existsSync(join(base, v, 'bin', 'postgres')))
    && has('psql');
}

/** mariadbd lives in /usr/sbin, which is not on every user's PATH. */
function hasAny(commands) {
  return commands.every((c) => has(c) || existsSync(join('/usr/sbin', c)));
}

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function dpkgHas(pkg) {
  return spawnSync('dpkg', ['-s', pkg], { stdio: 'ignore' }).status === 0;
}

function run(cmd, args) {
  console.log(`[bootstrap] ${cmd} ${args.join(' ')}`);
  execFileSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** The Debian packages `purpose` needs: the database servers only for the tests. */
export function aptPackagesFor(purpose) {
  return [...Object.values(APT.commands), ...APT.libraries, ...(purpose === 'test' ? Object.keys(APT.servers) : [])];
}

export function missingAptPackages(purpose = 'test') {
  const missing = Object.entries(APT.commands).filter(([command]) => !has(command)).map(([, pkg]) => pkg);
  if (has('dpkg')) missing.push(...APT.libraries.filter((pkg) => !dpkgHas(pkg)));
  if (purpose === 'test') missing.push(...Object.entries(APT.servers).filter(([, present]) => !present()).map(([pkg]) => pkg));
  return missing;
}

export function installAptPackages(purpose = 'test') {
  const missing = missingAptPackages(purpose);
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!has('apt-get') || !(isRoot || has('sudo'))) {
    console.error(`[bootstrap] missing: ${missing.join(' ')}. Install them (Debian: apt-get install ${missing.join(' ')}) and run again.`);
    process.exit(1);
  }
  // sudo resets the environment, so the non-interactive switch goes through `env`.
  const apt = (args) => (isRoot ? run('apt-get', args) : run('sudo', ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]));
  apt(['update', '-qq']);
  // One install for everything missing, so a fresh CI machine pays for one apt run. The database
  // packages may start their own system services (not in containers without systemd); the tests
  // never use those.
  apt(['install', '-y', '-qq', ...missing]);
}

function npmDepsStale() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return true;
  return statSync(marker).mtimeMs < statSync(join(root, 'package-lock.json')).mtimeMs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const aptOnly = process.argv.includes('--apt-only');
  const at = process.argv.indexOf('--for');
  const purpose = at === -1 ? 'test' : process.argv[at + 1];
  if (purpose !== 'start' && purpose !== 'test') {
    console.error(`[bootstrap] --for takes start or test; got ${purpose}`);
    process.exit(2);
  }
  installAptPackages(purpose);
  if (!aptOnly && npmDepsStale()) run('npm', ['ci', '--no-audit', '--no-fund']);
}
