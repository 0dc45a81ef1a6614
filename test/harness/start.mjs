// `npm start`: Idsmith installed in the real VS Code (code-server) on a copy of sample/, for a
// person to try in their own browser. Ctrl+C stops everything.
//   PORT=8080 node test/harness/start.mjs [--folder DIR]
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './bundle.mjs';
import { startCodeServer } from './codeserver.mjs';
import { installExtension } from './install.mjs';
import { PrerequisiteError, provision } from './provision.mjs';
import { START_SETTINGS } from './startSettings.mjs';

const DEFAULT_PORT = 8080;
const log = (msg) => console.log(`[start] ${msg}`);

/** $PORT or 8080 when free; otherwise 0, which lets code-server take any free port. */
async function choosePort() {
  const wanted = Number(process.env.PORT || DEFAULT_PORT);
  const free = await new Promise((resolve) => {
    const probe = net.createServer().once('error', () => resolve(false))
      .listen(wanted, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
  if (!free) log(`port ${wanted} is busy; using a free one`);
  return free ? wanted : 0;
}

async function main() {
  const { values } = parseArgs({ options: { folder: { type: 'string' } } });
  const editor = await provision();
  // A copy, so what a person types into the sample files never dirties the repo.
  const source = values.folder ? path.resolve(values.folder) : path.join(ROOT, 'sample');
  const workspace = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'idsmith-start-')), path.basename(source));
  fs.cpSync(source, workspace, { recursive: true });

  let server;
  const stop = async (code) => {
    await server?.stop();
    fs.rmSync(path.dirname(workspace), { recursive: true, force: true });
    process.exit(code);
  };
  process.on('SIGINT', () => { log('stopping'); stop(0); });
  process.on('SIGTERM', () => stop(0));
  process.on('exit', () => server?.stopNow());

  server = await startCodeServer(editor, {
    folder: workspace,
    port: await choosePort(),
    extensions: (dir) => installExtension(dir),
    settings: START_SETTINGS,
  });
  log(`Idsmith is running in VS Code at http://127.0.0.1:${server.port}/`);
  log(`workspace: ${workspace} (a copy of ${path.relative(ROOT, source) || source}); Ctrl+C stops it`);
}

main().catch((e) => {
  console.error(`[start] ${e.message}`);
  process.exit(e instanceof PrerequisiteError ? 2 : 1);
});
