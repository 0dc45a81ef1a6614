// The `idsmith` binary the CLI process tests run: the one named by IDSMITH_CLI (`npm run
// test:cli` sets it to the `idsmith` installed from the packed tarball), or else dist/cli.js
// built once from this checkout for the whole mocha run.
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { join } from 'node:path';

export const root = join(__dirname, '../..');
export const installed = process.env['IDSMITH_CLI'];
export const command: [string, string[]] = installed ? [installed, []] : [process.execPath, [join(root, 'dist/cli.js')]];

let built = false;

/** Builds dist/cli.js unless an installed binary is under test; once per process. */
export function ensureBuilt(): void {
  if (installed || built) return;
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  built = true;
}

/** Runs the CLI to the end with `input` on standard input. */
export function cli(args: string[], input?: string | Buffer, env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<Buffer> {
  return spawnSync(command[0], [...command[1], ...args], {
    input: input ?? '',
    maxBuffer: 1 << 30,
    env: { ...process.env, ...env },
  });
}
