// The WebAssembly the CLI ships (src/cli/scanRunsWasm.ts) is the compiled scanRuns.wat: the
// source is what is reviewed, so the two must not drift (npm run wasm rewrites the bytes).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

describe('scanRuns.wat and the bytes the CLI ships', () => {
  it('src/cli/scanRunsWasm.ts is scanRuns.wat compiled', async () => {
    const { compileScanRuns, moduleText } = await import('../../scripts/wasm.mjs');
    const committed = readFileSync(join(__dirname, '../../src/cli/scanRunsWasm.ts'), 'utf8');
    assert.equal(committed, moduleText(await compileScanRuns()), 'run npm run wasm');
  });
});
