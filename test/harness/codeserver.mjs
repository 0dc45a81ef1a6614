// Starts code-server (the real VS Code workbench, server and extension hosts) in its own process
// group with throwaway state, so a run never sees a developer's settings or extensions and can
// end every helper it spawned (file watcher, extension host, agent host) in one kill.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** Quiet, deterministic workbench: no AI/chat surfaces, telemetry, update checks or welcome tabs. */
export const WORKBENCH_SETTINGS = {
  'chat.disableAIFeatures': true,
  'chat.commandCenter.enabled': false,
  'chat.agent.enabled': false,
  'chat.setupFromDialog': false,
  'github.copilot.enable': { '*': false },
  'inlineChat.enableV2': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'telemetry.telemetryLevel': 'off',
  'telemetry.feedback.enabled': false,
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'workbench.enableExperiments': false,
  'workbench.startupEditor': 'none',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.tips.enabled': false,
  'security.workspace.trust.enabled': false,
  'git.enabled': false,
  'git.openRepositoryInParentFolders': 'never',
  'window.confirmBeforeClose': 'never',
  'files.hotExit': 'off',
};

const log = (msg) => console.log(`[harness] ${msg}`);

/**
 * @param {{ entry: string, node24: string }} editor from provision()
 * @param {{ folder: string, port?: number, settings?: object, extensions?: (dir: string) => void, quiet?: boolean, timeZone?: string }} opts
 * timeZone: the server's zone (TZ), which its Node extension host reads as "local".
 * port 0 (default) lets the kernel pick a free one, so concurrent runs never collide.
 */
export async function startCodeServer(editor, opts) {
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'idsmith-vscode-'));
  const userData = path.join(state, 'user-data');
  const extensions = path.join(state, 'extensions');
  fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
  fs.mkdirSync(extensions);
  fs.writeFileSync(path.join(userData, 'User', 'settings.json'),
    JSON.stringify({ ...WORKBENCH_SETTINGS, ...opts.settings }, null, 2));
  // An empty config file keeps ~/.config/code-server (password, bind address) out of the run.
  const config = path.join(state, 'config.yaml');
  fs.writeFileSync(config, '');
  opts.extensions?.(extensions);

  const args = [editor.entry,
    '--config', config, '--auth', 'none', '--bind-addr', `127.0.0.1:${opts.port ?? 0}`,
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust',
    '--disable-getting-started-override', '--ignore-last-opened',
    '--vscode-option', 'enable-smoke-test-driver',
    '--user-data-dir', userData, '--extensions-dir', extensions, opts.folder];
  const env = { ...process.env, PATH: `${path.dirname(editor.node24)}:${process.env.PATH}` };
  delete env.NODE_OPTIONS;
  delete env.VSCODE_IPC_HOOK_CLI;
  if (opts.timeZone) env.TZ = opts.timeZone;
  const serverLog = path.join(state, 'code-server.log');
  const out = fs.openSync(serverLog, 'a');
  const child = spawn(editor.node24, args, { env, detached: true, stdio: ['ignore', 'pipe', out] });
  // Stdout goes to the log too, and is always drained so code-server never blocks on the pipe.
  child.stdout.on('data', (chunk) => {
    try { fs.writeSync(out, chunk); } catch { /* closed on stop */ }
    if (process.env.IDSMITH_VERBOSE) process.stdout.write(chunk);
  });

  let stopped = false;
  const cleanup = () => {
    try { fs.closeSync(out); } catch { /* already closed */ }
    if (!process.env.IDSMITH_KEEP_STATE) fs.rmSync(state, { recursive: true, force: true });
  };
  const server = {
    state, serverLog, pid: child.pid, port: 0,
    /** Ends the whole process group; safe to call twice. */
    async stop() {
      if (stopped) return;
      stopped = true;
      killGroup(child.pid, 'SIGTERM');
      // code-server's helpers may linger on SIGTERM; the group must not outlive the run.
      for (let waited = 0; groupAlive(child.pid) && waited < 3000; waited += 100) {
        await new Promise((r) => setTimeout(r, 100));
      }
      killGroup(child.pid, 'SIGKILL');
      cleanup();
    },
    /** For process 'exit' handlers, where nothing asynchronous runs any more. */
    stopNow() {
      if (stopped) return;
      stopped = true;
      killGroup(child.pid, 'SIGKILL');
      cleanup();
    },
  };

  server.port = await new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => fail(new Error('code-server did not start listening within 60 s')), 60_000);
    const fail = (e) => {
      clearTimeout(timer);
      reject(new Error(`${e.message}\n--- ${serverLog} ---\n${safeRead(serverLog)}`));
    };
    child.on('error', fail);
    child.on('exit', (code, signal) => fail(new Error(`code-server exited early (${signal ?? `exit ${code}`})`)));
    const onData = (chunk) => {
      text += chunk;
      const m = /HTTP server listening on https?:\/\/[^:\s]+:(\d+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        child.stdout.off('data', onData);
        resolve(Number(m[1]));
      }
    };
    child.stdout.on('data', onData);
  }).catch(async (e) => { await server.stop(); throw e; });
  child.on('exit', () => { if (!stopped) log(`code-server exited unexpectedly; see ${serverLog}`); });
  return server;
}

function killGroup(pid, signal) {
  try { process.kill(-pid, signal); } catch { /* already gone */ }
}

function groupAlive(pid) {
  try { process.kill(-pid, 0); return true; } catch { return false; }
}

function safeRead(file) {
  try { return fs.readFileSync(file, 'utf8').slice(-4000); } catch { return ''; }
}
