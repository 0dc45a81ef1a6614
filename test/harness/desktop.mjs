// `npm run test:desktop`: the same integration suite in desktop VS Code (Electron, Node extension
// host) through @vscode/test-electron, for machines that can download VS Code or that point
// VSCODE_EXECUTABLE at an installed one. Offline machines use `npm run test:integration`.
import { runTests } from '@vscode/test-electron';
import * as dns from 'node:dns/promises';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bundleSuite, discoverTests, ROOT } from './bundle.mjs';

const DOWNLOAD_HOST = 'update.code.visualstudio.com';
const fail = (msg) => { console.error(`[desktop] ${msg}`); process.exit(2); };

async function main() {
  const executable = process.env.VSCODE_EXECUTABLE;
  if (executable && !fs.existsSync(executable)) fail(`VSCODE_EXECUTABLE=${executable} does not exist`);
  if (!executable) {
    // test-electron would otherwise try (and on some networks hang) before failing.
    const reachable = await Promise.race([
      dns.lookup(DOWNLOAD_HOST).then(() => true, () => false),
      new Promise((r) => setTimeout(() => r(false), 5000)),
    ]);
    if (!reachable) {
      fail(`cannot reach ${DOWNLOAD_HOST} to download VS Code, and VSCODE_EXECUTABLE is not set.\n`
        + '  Offline, run the suite in code-server instead: npm run test:integration\n'
        + '  Or point VSCODE_EXECUTABLE at a VS Code binary, e.g. VSCODE_EXECUTABLE=/usr/share/code/code');
    }
  }
  fs.mkdirSync(path.join(ROOT, 'out'), { recursive: true });
  const outDir = fs.mkdtempSync(path.join(ROOT, 'out', 'desktop-'));
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'idsmith-desktop-'));
  try {
    fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'workspace'), workspace, { recursive: true });
    const suite = await bundleSuite('node', discoverTests(), outDir, { tagged: false });
    const code = await runTests({
      ...(executable ? { vscodeExecutablePath: executable } : {}),
      extensionDevelopmentPath: ROOT,
      extensionTestsPath: suite,
      launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
    });
    return code;
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.rmSync(workspace, { recursive: true, force: true });
  }
}

main().then((code) => process.exit(code), (e) => {
  console.error(`[desktop] ${e.message ?? e}`);
  process.exit(1);
});
