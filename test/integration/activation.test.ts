// Activation cost, measured in the real extension host (Node or web worker). It only prints the
// figures: timings on a shared 2-core machine are too noisy for an assertion, and the README
// quotes them from these runs. What it does assert is that activation is pure registration:
// after it, every contributed command exists.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';

const EXTENSION_ID = 'idsmith.idsmith';

interface ActivationStats { loadCode: number; callActivate: number; finishActivate: number; event: string }

/**
 * VS Code's own per-extension timings, from its "Developer: Startup Performance" document
 * (a Markdown table under "Extension Activation Stats"). That document is internal, so a
 * missing or reshaped table yields undefined rather than a failure.
 */
async function vscodeActivationStats(id: string): Promise<ActivationStats | undefined> {
  let text: string;
  try {
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: 'perf', path: 'Startup Performance' }));
    text = doc.getText();
  } catch {
    return undefined;
  }
  const section = text.split(/^## /m).find((s) => s.startsWith('Extension Activation Stats'));
  if (!section) return undefined;
  const rows = section.split('\n').filter((line) => line.startsWith('|')).map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
  const header = rows[0];
  const row = rows.find((cells) => cells[0]?.toLowerCase() === id);
  if (!header || !row) return undefined;
  const cell = (name: string) => row[header.indexOf(name)] ?? '';
  const loadCode = Number(cell('Load Code'));
  const callActivate = Number(cell('Call Activate'));
  const finishActivate = Number(cell('Finish Activate'));
  if (![loadCode, callActivate, finishActivate].every(Number.isFinite)) return undefined;
  return { loadCode, callActivate, finishActivate, event: cell('Event') };
}

describe('activation', () => {
  it('activates by registration alone and reports the time it took', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not installed in this extension host`);
    // Only a web worker has importScripts; the web build of the suite shims `process`.
    const host = 'importScripts' in globalThis ? 'web worker host' : 'node host';

    let coldMs: number | undefined;
    if (!ext.isActive) {
      const start = performance.now();
      await ext.activate();
      coldMs = performance.now() - start;
      console.log(`      [activation] ${host}: ext.activate() (load + activate): ${coldMs.toFixed(1)} ms`);
    }
    assert.ok(ext.isActive);

    const stats = await vscodeActivationStats(EXTENSION_ID);
    if (stats) {
      console.log(`      [activation] ${host}, VS Code's own figures: load code ${stats.loadCode} ms, `
        + `call activate ${stats.callActivate} ms, finish activate ${stats.finishActivate} ms, event ${stats.event}`);
    }
    assert.ok(coldMs !== undefined || stats, 'already active and no "Startup Performance" figures: nothing measured');

    const registered = new Set(await vscode.commands.getCommands(true));
    const contributed: { command: string }[] = ext.packageJSON.contributes.commands;
    const missing = contributed.map((c) => c.command).filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], 'contributed commands not registered after activation');
  });
});
