import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { scan } from '../../src/core';
import { IdInlayHintsProvider } from '../../src/editor/inlayHints';
import { register as registerSettings } from '../../src/editor/shared/settings';
import { activateExtension, closeAllEditors, log, openDocument, resetSettings, setSettings } from './util';

// Inlay hints through vscode.executeInlayHintProvider: off by default, times after IDs when on.

const LINES = [
  'ulid 01ARYZ6S41TSV4RRFFQ69G5FAV',
  'v4 9f8b2c1e-4a5d-4c3b-8e2f-1a2b3c4d5e6f and v7 017f22e2-79b0-7cc3-98c4-dc0c0c07398f',
  'snowflake 175928847299117063',
  'sha 3b18e512dba79e4c8300dd08aeb37f8e728b8dad',
];

async function hints(range?: vscode.Range): Promise<Array<[number, number, string]>> {
  const editor = await openDocument(LINES.join('\n'));
  const doc = editor.document;
  const all = range ?? new vscode.Range(0, 0, doc.lineCount, 0);
  const found = await vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', doc.uri, all);
  return (found ?? []).map((h) => [h.position.line, h.position.character,
    typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join('')]);
}

describe('inlay hints', () => {
  const subscriptions: vscode.Disposable[] = [];
  before(async () => {
    await activateExtension();
    // The provider called directly below is this bundle's copy, with its own settings cache:
    // let it follow setting changes as the extension's copy does.
    registerSettings({ subscriptions } as unknown as vscode.ExtensionContext);
  });
  after(() => subscriptions.forEach((d) => d.dispose()));
  afterEach(async () => {
    await resetSettings();
    await closeAllEditors();
  });

  it('are off by default', async () => {
    assert.deepEqual(await hints(), []);
  });

  it('show the creation time after each time-bearing ID; bare numbers only with an epoch', async () => {
    await setSettings({ 'inlayHints.enabled': true });
    assert.deepEqual(await hints(), [
      [0, 31, '2016-07-30 22:36Z'],
      [1, 83, '2022-02-22 19:22Z'],
    ]);
    await setSettings({ 'snowflake.epoch': 'discord' });
    assert.deepEqual((await hints()).filter(([line]) => line === 2), [[2, 28, '2016-04-30 11:18Z']]);
  });

  it('UUID v2: an approximate time, and none for one no generator dated (4034: a hash with version 2 bits)', async () => {
    await setSettings({ 'inlayHints.enabled': true });
    const editor = await openDocument('uid 000003e8-cbb9-21ea-b200-00163e990bdb\nhash a1b2c3d4-e5f6-2abc-8def-0123456789ab');
    const found = await vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', editor.document.uri, new vscode.Range(0, 0, 2, 0));
    assert.deepEqual((found ?? []).map((h) => [h.position.line, typeof h.label === 'string' ? h.label : '', String(h.tooltip)]),
      [[0, '≈ 2020-07-22 01:20Z', '≈ 2020-07-22 01:20Z, to about 7 minutes (creation time of this UUID)']]);
  });

  it('cover only the requested range', async () => {
    await setSettings({ 'inlayHints.enabled': true });
    assert.deepEqual(await hints(new vscode.Range(1, 0, 1, 90)), [[1, 83, '2022-02-22 19:22Z']]);
  });

  // Issue 10: a 10 MB minified line blocked the host for seconds, because every line of the
  // range was scanned whole whatever part of it was asked for.
  it('on a multi-megabyte line: only the requested columns are read, every ID once across pieces', async () => {
    await setSettings({ 'inlayHints.enabled': true });
    // 71 characters a unit, so the ID at 65,535 straddles the edge of the first 64 KB piece.
    const unit = `x=01ARYZ6S41TSV4RRFFQ69G5FAV;${'-'.repeat(41)} `;
    const line = unit.repeat(Math.ceil(4_000_000 / unit.length));
    const editor = await openDocument(line);
    const doc = editor.document;
    const ask = async (range: vscode.Range) => {
      const t0 = Date.now();
      const found = await vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', doc.uri, range);
      return { ms: Date.now() - t0, positions: (found ?? []).map((h) => h.position.character) };
    };
    const small = await ask(new vscode.Range(0, 0, 0, 200));
    assert.deepEqual(small.positions, scan(line.slice(0, 300)).filter((m) => m.start < 200).map((m) => m.end));
    const wide = await ask(new vscode.Range(0, 0, 0, 80_000));
    const expected = scan(line.slice(0, 81_000)).filter((m) => m.start < 80_000).map((m) => m.end);
    assert.ok(expected.includes(65_535 + 26), 'the test line puts an ID across the 64 KB piece edge');
    assert.deepEqual(wide.positions, expected);
    // The provider itself (VS Code filters what it returns to the range, so only a direct call
    // shows what was computed): hints for the asked columns only, and a cancellation that
    // arrives during a line is seen before the line's end.
    const provider = new IdInlayHintsProvider();
    const none = new vscode.CancellationTokenSource().token;
    assert.equal(provider.provideInlayHints(doc, new vscode.Range(0, 0, 0, 200), none).length, small.positions.length);
    let checks = 0;
    const cancelledSoon: vscode.CancellationToken = { get isCancellationRequested() { return ++checks > 2; }, onCancellationRequested: new vscode.EventEmitter<void>().event };
    const partial = provider.provideInlayHints(doc, new vscode.Range(0, 0, 1, 0), cancelledSoon).length;
    assert.ok(partial > 0 && partial < 2 * 65_536 / unit.length, `${partial} hints computed after the cancellation`);
    log(`inlay hints on a ${(line.length / 1e6).toFixed(1)} MB line: 200 columns in ${small.ms} ms, 80,000 columns (${wide.positions.length} hints) in ${wide.ms} ms`);
  });
});
