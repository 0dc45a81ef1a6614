import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, openDocument, TEST_HOST } from './util';

// Measures what a hover costs inside the extension host as the file grows: the provider reads
// one line, so a 100,000-line document should cost what a 100-line one does. The figures are
// logged for the README; nothing here asserts on time (that would only measure the machine).

const ID_LINE = (i: number): string => `  { "n": ${i}, "id": "01ARYZ6S41TSV4RRFFQ69G5FAV", "note": "row ${i}" },`;
const SAMPLES = 200;

async function averageMs(doc: vscode.TextDocument, lines: number[]): Promise<number> {
  const positions = lines.map((l) => new vscode.Position(l, 25));
  // One warm-up pass so the first-call costs (module init, formatter creation) are not counted.
  await vscode.commands.executeCommand('vscode.executeHoverProvider', doc.uri, positions[0]);
  const t0 = performance.now();
  for (const p of positions) {
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, p);
    assert.ok(hovers && hovers.length > 0, `no hover at line ${p.line}`);
  }
  return (performance.now() - t0) / positions.length;
}

describe('hover cost', () => {
  before(() => activateExtension());
  after(() => closeAllEditors());

  for (const size of [100, 100_000]) {
    it(`is logged for a ${size.toLocaleString('en-US')}-line document`, async function () {
      this.timeout(120_000);
      const lines = Array.from({ length: size }, (_, i) => ID_LINE(i));
      const doc = (await openDocument(lines.join('\n'))).document;
      assert.equal(doc.lineCount, size);
      const n = Math.min(SAMPLES, size);
      const top = await averageMs(doc, Array.from({ length: n }, (_, i) => i));
      const bottom = await averageMs(doc, Array.from({ length: n }, (_, i) => size - 1 - i));
      console.log(`[idsmith-bench] ${TEST_HOST} host, ${size} lines: executeHoverProvider ${top.toFixed(3)} ms/hover near the top, ` +
        `${bottom.toFixed(3)} ms/hover near the bottom (${n} positions each)`);
    });
  }
});
