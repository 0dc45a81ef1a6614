// "Regenerate this duplicate" in the real workbench, as the light bulb offers it (resolved, as
// when picked): for every kind the fixture check finds (the old quick fix offered nothing for
// XID, TSID, TID, SCRU128 and push ID duplicates), keeping the duplicate's time unless the user
// picks "dated now", and saying why when it was offered for an older text.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { decodeAs, generate } from '../../src/core';
import { Checker, IdDiagnostic } from '../../src/editor/check/diagnostics';
import { CheckFixProvider } from '../../src/editor/check/fixes';
import { activateExtension, closeAllEditors, log, waitFor, writeFixture } from './util';

const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Idsmith');

/** The light bulb's quick fixes for `range`, resolved as when the user picks one. */
async function quickFixes(doc: vscode.TextDocument, range: vscode.Range): Promise<vscode.CodeAction[]> {
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, range, vscode.CodeActionKind.QuickFix.value, 10);
  const mine = (actions ?? []).filter((a) => a.title.startsWith('Regenerate'));
  if (mine.length === 0) log(`quick fixes at ${range.start.line}:${range.start.character}: ${(actions ?? []).map((a) => a.title).join(' | ') || 'none'}`);
  return mine;
}

let files = 0;

/** Writes `text` to a new CSV under the workspace's fixtures/ (checked as it opens) and opens it. */
function openCsv(text: string): Promise<vscode.TextDocument> {
  return writeFixture(`fixes-${++files}.csv`, text);
}

/** Opens `text` as a CSV fixture and waits for its duplicate diagnostic. */
async function openChecked(text: string): Promise<{ doc: vscode.TextDocument; duplicate: vscode.Diagnostic }> {
  const doc = await openCsv(text);
  const duplicate = await waitFor(() => ours(doc.uri).find((d) => d.code === 'duplicate'), 'the duplicate diagnostic');
  return { doc, duplicate };
}

// One duplicate of each kind. SCRU128: its README's example; push ID: Firebase's blog example;
// the rest made by Idsmith on 2025-03-05 (the UUID v7 written for this test).
const DUPLICATES: readonly [kind: string, id: string][] = [
  ['xid', 'cv40905gsdkqkg2dr290'],
  ['tsid', '0K0DTNC01P6V4'],
  ['tid', '3ljmj5eochiwr'],
  ['scru128', '036z951mhjikzik2gsl81gr7l'],
  ['pushid', '-JhLeOlGIEjaIOFHR0xd'],
  ['ulid', '01JNGE06890F4RZ6E3H14K9X6A'],
  ['uuid', '0195655d-8b80-7aa1-9c43-0f3f1d7c3b10'],
];

describe('check: Regenerate this duplicate', () => {
  before(() => activateExtension());
  afterEach(() => closeAllEditors());

  for (const [kind, id] of DUPLICATES) {
    it(`${kind}: replaces the second occurrence with a new ${kind} of the same time, as one undo step`, async () => {
      const text = `id,note\n${id},first\n${id},second\n`;
      const { doc, duplicate } = await openChecked(text);
      assert.equal(doc.getText(duplicate.range), id);
      assert.equal(duplicate.range.start.line, 2);
      const one = (await quickFixes(doc, duplicate.range)).find((a) => a.title === 'Regenerate this duplicate');
      assert.ok(one?.edit, `a resolved "Regenerate this duplicate" for ${kind}`);
      assert.equal(one.disabled, undefined);
      assert.ok(await vscode.workspace.applyEdit(one.edit));
      const fresh = doc.lineAt(2).text.split(',')[0]!;
      assert.notEqual(fresh, id);
      assert.equal(doc.getText(), `id,note\n${id},first\n${fresh},second\n`, 'only the duplicate changed');
      const before = decodeAs(kind, id), after = decodeAs(kind, fresh);
      assert.equal(after.kind, kind);
      assert.equal(after.unixMs, before.unixMs, 'the same time');
      await waitFor(() => ours(doc.uri).length === 0, 'no problem left');
      await vscode.commands.executeCommand('undo');
      assert.equal(doc.getText(), text);
    });
  }

  it('keeps the row\'s time, so an ascending column stays in order; "dated now" is offered beside it', async () => {
    // Rows an hour apart whose `at` column matches the ULID; row 4 repeats row 2's ID.
    const t0 = Date.UTC(2025, 2, 5, 8, 0, 0);
    const ids = [0, 1, 2, 3, 4].map((h) => generate('ulid', { timeMs: t0 + h * 3_600_000 })[0]!);
    const rows = ids.map((u, i) => `${i === 3 ? ids[1] : u},${new Date(t0 + i * 3_600_000).toISOString()}`);
    const text = `id,at\n${rows.join('\n')}\n`;
    const { doc, duplicate } = await openChecked(text);
    assert.equal(duplicate.range.start.line, 4);
    const fixes = await quickFixes(doc, duplicate.range);
    assert.deepEqual(fixes.map((a) => a.title), ['Regenerate this duplicate', 'Regenerate this duplicate, dated now']);
    assert.ok(await vscode.workspace.applyEdit(fixes[0]!.edit!));
    const fresh = doc.lineAt(4).text.split(',')[0]!;
    assert.equal(decodeAs('ulid', fresh).unixMs, t0 + 3_600_000, 'the time of the ID it replaces');
    // Rechecked: no duplicate, and no "older than the one on line …" step back either.
    await waitFor(() => ours(doc.uri).length === 0, 'no problem left');
    await vscode.commands.executeCommand('undo');
    await waitFor(() => ours(doc.uri).some((d) => d.code === 'duplicate'), 'the duplicate again');

    const now = (await quickFixes(doc, duplicate.range)).find((a) => a.title.endsWith('dated now'))!;
    const before = Date.now();
    assert.ok(await vscode.workspace.applyEdit(now.edit!));
    const dated = decodeAs('ulid', doc.lineAt(4).text.split(',')[0]!).unixMs!;
    assert.ok(dated >= before - 60_000 && dated <= Date.now() + 1000, `dated now: ${new Date(dated).toISOString()}`);
  });

  it('the new ID is none the file already has, even where a generator at that time would repeat one', async () => {
    // Snowflakes of 41 ms bits, a 20-bit node and a 2-bit sequence: four per ms and node. The
    // file holds what a generator at that millisecond writes first (node 0, sequence 0, 1, 2).
    const layout = 'epoch=2020-01-01,time=41,node=20,sequence=2';
    const base = BigInt(Date.UTC(2025, 2, 5, 10, 0, 0, 7) - Date.UTC(2020, 0, 1)) << 22n;
    const [a, b, c] = [0n, 1n, 2n].map((s) => (base | s).toString());
    const text = `id\n${a}\n${b}\n${c}\n${a}\n`;
    await vscode.workspace.getConfiguration('idsmith').update('snowflake.epoch', layout, vscode.ConfigurationTarget.Global);
    try {
      const { doc, duplicate } = await openChecked(text);
      const one = (await quickFixes(doc, duplicate.range)).find((f) => f.title === 'Regenerate this duplicate');
      assert.ok(one?.edit);
      assert.ok(await vscode.workspace.applyEdit(one.edit));
      assert.equal(doc.lineAt(4).text, (base | 3n).toString(), 'the one sequence value left in that millisecond');
    } finally {
      await vscode.workspace.getConfiguration('idsmith').update('snowflake.epoch', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('a fix resolved after the document changed says why instead of writing at old offsets', async () => {
    const id = '01JNGE06890F4RZ6E3H14K9X6A';
    const doc = await openCsv(`id\n${id}\n${id}\n`);
    const checker = new Checker();
    try {
      const result = await checker.check(doc);
      const diagnostics = result.problems.map((p) => new IdDiagnostic(p));
      const provider = new CheckFixProvider(checker);
      const token = new vscode.CancellationTokenSource().token;
      const actions = await provider.provideCodeActions(doc, diagnostics[0]!.range, { diagnostics, only: undefined, triggerKind: vscode.CodeActionTriggerKind.Invoke }, token) ?? [];
      const one = actions.find((a) => a.title === 'Regenerate this duplicate');
      assert.ok(one, actions.map((a) => a.title).join(' | '));
      const edit = new vscode.WorkspaceEdit();
      edit.insert(doc.uri, new vscode.Position(0, 0), 'moved,');
      assert.ok(await vscode.workspace.applyEdit(edit));
      const resolved = provider.resolveCodeAction(one);
      assert.equal(resolved.edit, undefined, 'no edit at the old offsets');
      assert.equal(resolved.command?.command, 'idsmith.checkFixFailed');
      const said = await vscode.commands.executeCommand<{ status: string; code: string; message: string }>(resolved.command.command, ...(resolved.command.arguments ?? []));
      assert.deepEqual([said.status, said.code], ['failed', 'EDIT_FAILED']);
      assert.match(said.message, /"Regenerate this duplicate" was offered for an earlier version of the document/);
      assert.equal(doc.getText(), `moved,id\n${id}\n${id}\n`);
    } finally {
      checker.dispose();
    }
  });

  it('an ID that cannot be regenerated gets a disabled fix that says why (a name-based UUID)', async () => {
    const [v5] = generate('uuidv5', { name: 'www.example.com' }) as [string];
    const doc = await openCsv(`id\n${v5}\n${v5}\n`);
    // The workbench leaves disabled actions out of executeCodeActionProvider; ask the provider.
    const checker = new Checker();
    try {
      const result = await checker.check(doc);
      assert.deepEqual(result.problems.map((p) => p.code), ['duplicate']);
      const diagnostics = result.problems.map((p) => new IdDiagnostic(p));
      const token = new vscode.CancellationTokenSource().token;
      const actions = await new CheckFixProvider(checker).provideCodeActions(doc, diagnostics[0]!.range, { diagnostics, only: undefined, triggerKind: vscode.CodeActionTriggerKind.Invoke }, token) ?? [];
      assert.deepEqual(actions.map((a) => a.title), ['Regenerate this duplicate']);
      assert.match(actions[0]!.disabled?.reason ?? '', /name-based v5 UUID is derived from a name/);
    } finally {
      checker.dispose();
    }
  });
});
