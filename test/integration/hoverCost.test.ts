import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { TEST_HOST, log, activateExtension, closeAllEditors, openDocument } from './util';

// Measures what a hover costs inside the extension host as the file grows: the provider reads
// one line, so a 100,000-line document should cost what a 100-line one does. The figures are
// logged for the README; nothing here asserts on time (that would only measure the machine).
// Each executeHoverProvider call is a round trip through the workbench and every hover provider,
// so each ID position is paired with a position on the same line where Idsmith returns at once
// (no ID character under the cursor): the difference is what decoding and rendering add.

const ID_LINE = (i: number): string => `  { "n": ${i}, "id": "01ARYZ6S41TSV4RRFFQ69G5FAV", "note": "row ${i}" },`;
const SAMPLES = 200;

interface Cost { withId: number; baseline: number }

async function hoverCount(doc: vscode.TextDocument, p: vscode.Position): Promise<number> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, p);
  return hovers?.length ?? 0;
}

/** Average ms per call at `ids` (each must hover) and at `blanks` (must not), interleaved so
 *  load from other processes on the machine hits both alike. */
async function cost(doc: vscode.TextDocument, ids: vscode.Position[], blanks: vscode.Position[]): Promise<Cost> {
  await hoverCount(doc, ids[0]!); // first-call costs (module init, formatters) are not counted
  let withId = 0;
  let baseline = 0;
  for (let i = 0; i < ids.length; i++) {
    let t0 = performance.now();
    assert.ok((await hoverCount(doc, ids[i]!)) > 0, `no hover at ${ids[i]!.line}:${ids[i]!.character}`);
    withId += performance.now() - t0;
    t0 = performance.now();
    assert.equal(await hoverCount(doc, blanks[i]!), 0);
    baseline += performance.now() - t0;
  }
  return { withId: withId / ids.length, baseline: baseline / ids.length };
}

function report(what: string, c: Cost): void {
  log(`      [hover cost] ${TEST_HOST} host, ${what}: ${c.withId.toFixed(2)} ms per executeHoverProvider on an ID, ` +
    `${c.baseline.toFixed(2)} ms on no ID (round trip), difference ${(c.withId - c.baseline).toFixed(2)} ms`);
}

describe('hover cost', () => {
  before(() => activateExtension());
  after(() => closeAllEditors());

  for (const size of [100, 100_000]) {
    it(`is logged for a ${size.toLocaleString('en-US')}-line document`, async function () {
      this.timeout(180_000);
      const lines = Array.from({ length: size }, (_, i) => ID_LINE(i));
      const doc = (await openDocument(lines.join('\n'))).document;
      assert.equal(doc.lineCount, size);
      const n = Math.min(SAMPLES, size);
      const at = (l: number[], ch: number): vscode.Position[] => l.map((line) => new vscode.Position(line, ch));
      const top = Array.from({ length: n }, (_, i) => i);
      const bottom = Array.from({ length: n }, (_, i) => size - 1 - i);
      report(`${size} lines, first ${n} lines`, await cost(doc, at(top, 25), at(top, 0)));
      report(`${size} lines, last ${n} lines`, await cost(doc, at(bottom, 25), at(bottom, 0)));
    });
  }

  it('is logged for one 1,000,000-character line (minified JSON)', async function () {
    this.timeout(180_000);
    const item = '{"id":"01ARYZ6S41TSV4RRFFQ69G5FAV","v":1},'; // 42 chars, the ID at offset 7
    const line = `[${item.repeat(Math.ceil(1_000_000 / item.length))}]`;
    const doc = (await openDocument(line)).document;
    const starts = Array.from({ length: SAMPLES }, (_, i) => 1 + (23_000 - 1 - i) * item.length);
    report(`one ${line.length}-char line, near its end`,
      await cost(doc, starts.map((s) => new vscode.Position(0, s + 10)), starts.map((s) => new vscode.Position(0, s + 1))));
  });
});
