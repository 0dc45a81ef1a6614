import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { ConvertActionProvider } from '../../src/editor/convert';
import { activateExtension, closeAllEditors, hoverText, openActive, resetSettings, setSettings, toSelection, waitFor } from './util';

// Issue 10, the editor side: edits that must never touch the wrong text, and settings that
// must never break a feature. Each test failed on the release before this one.

const ULID = '01ARYZ6S41TSV4RRFFQ69G5FAV';
const UUID = '01563df3-6481-d676-4c61-efb99302bd5b'; // the same 128 bits

/** Answers the open prompt with `command` until `pending` settles, after `meanwhile` ran once the prompt was up. */
async function whilePromptOpen<T>(pending: Thenable<T>, meanwhile: () => Promise<unknown>, command = 'workbench.action.acceptSelectedQuickOpenItem'): Promise<T> {
  let settled = false;
  const done = Promise.resolve(pending).finally(() => { settled = true; });
  await new Promise((r) => setTimeout(r, 600)); // the prompt opens
  assert.equal(settled, false, 'the command was expected to wait for a prompt');
  await meanwhile();
  while (!settled) {
    await vscode.commands.executeCommand(command);
    await new Promise((r) => setTimeout(r, 300));
  }
  return done;
}

/** Another party (a formatter, a reload from disk, another extension) edits the document. */
async function editElsewhere(doc: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.insert(doc.uri, new vscode.Position(0, 0), text);
  assert.equal(await vscode.workspace.applyEdit(edit), true);
}

describe('edits never touch the wrong text', () => {
  before(() => activateExtension());
  afterEach(async () => {
    await resetSettings();
    await closeAllEditors();
  });

  it('convert: the document changes while the target quick pick is open -> refused, text untouched', async () => {
    const editor = await openActive(`id: ${ULID}\nkeep this line`);
    editor.selections = [toSelection([0, 6])];
    const result = await whilePromptOpen(vscode.commands.executeCommand<{ status: string; code?: string; message?: string }>('idsmith.convert'),
      () => editElsewhere(editor.document, '// formatted\n'));
    assert.equal(editor.document.getText(), `// formatted\nid: ${ULID}\nkeep this line`);
    assert.equal(result.status, 'failed');
    assert.equal(result.code, 'EDIT_FAILED');
    assert.match(result.message ?? '', /the document changed/);
  });

  it('convert to TypeID: the document changes while the prefix prompt is open -> refused, text untouched', async () => {
    const editor = await openActive(`id: ${ULID}`);
    editor.selections = [toSelection([0, 6])];
    const result = await whilePromptOpen(vscode.commands.executeCommand<{ status: string; code?: string }>('idsmith.convert', { to: 'typeid' }),
      () => editElsewhere(editor.document, 'xx'));
    assert.equal(editor.document.getText(), `xxid: ${ULID}`);
    assert.deepEqual([result.status, result.code], ['failed', 'EDIT_FAILED']);
  });

  it('a bulk convert action resolved after the document changed says why instead of doing nothing', async () => {
    const editor = await openActive(`${ULID}\n${ULID.replace('FAV', 'FAW')}`);
    const doc = editor.document;
    const range = new vscode.Range(0, 0, 1, 26);
    const provider = new ConvertActionProvider();
    const actions = await provider.provideCodeActions(doc, range, { diagnostics: [], only: undefined, triggerKind: vscode.CodeActionTriggerKind.Invoke }) ?? [];
    const toUuid = actions.find((a) => a.title === 'Convert 2 IDs to UUID');
    assert.ok(toUuid, actions.map((a) => a.title).join(' | '));
    await editElsewhere(doc, 'moved ');
    const resolved = provider.resolveCodeAction(toUuid);
    assert.equal(resolved.edit, undefined, 'no edit at the old offsets');
    assert.equal(resolved.command?.command, 'idsmith.staleConvertAction');
    const said = await vscode.commands.executeCommand<{ status: string; code: string; message: string }>(resolved.command.command, ...(resolved.command.arguments ?? []));
    assert.deepEqual([said.status, said.code], ['failed', 'EDIT_FAILED']);
    assert.match(said.message, /offered for an earlier version of the document/);
    assert.equal(doc.getText(), `moved ${ULID}\n${ULID.replace('FAV', 'FAW')}`);
  });

  it('a cursor on an ID plus a selection over part of it: converted once, no "Overlapping ranges"', async () => {
    const editor = await openActive(`a ${ULID} b`);
    // The selected "41" is an integer to an explicit convert; it lies inside the ULID.
    editor.selections = [toSelection([0, 4]), toSelection([0, 10, 0, 12])];
    const result = await vscode.commands.executeCommand<{ converted: number; applied: boolean }>('idsmith.convert', { to: 'uuid' });
    assert.equal(editor.document.getText(), `a ${UUID} b`);
    assert.equal(result?.converted, 1);
    assert.equal(result?.applied, true);
  });

  it('regenerate with a cursor on a braced UUID plus a selection of the UUID inside the braces: one new ID', async () => {
    const v7 = '017f22e2-79b0-7cc3-98c4-dc0c0c07398f';
    const editor = await openActive(`a {${v7}} b`);
    editor.selections = [toSelection([0, 5]), toSelection([0, 3, 0, 39])];
    const r = await vscode.commands.executeCommand<{ status: string; replaced?: number }>('idsmith.regenerate');
    assert.equal(r?.status, 'regenerated', JSON.stringify(r));
    assert.equal(r?.replaced, 1);
    assert.match(editor.document.getText(), /^a \{[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\} b$/);
    assert.notEqual(editor.document.getText(), `a {${v7}} b`);
  });

  it('insertBounds with format "prefix" and no common prefix refuses instead of deleting the selection', async () => {
    const editor = await openActive('keep me');
    editor.selections = [toSelection([0, 0, 0, 7])];
    const r = await vscode.commands.executeCommand<{ status: string; code: string }>('idsmith.insertBounds', { kind: 'ulid', from: '3000-01-01', to: '3200-01-01', format: 'prefix' });
    assert.deepEqual([r.status, r.code], ['failed', 'INVALID_ARGUMENT']);
    assert.equal(editor.document.getText(), 'keep me');
  });
});

describe('settings of any JSON value never break a feature', () => {
  before(() => activateExtension());
  afterEach(async () => {
    await resetSettings();
    await closeAllEditors();
  });

  const hostile = {
    'hover.timeZone': { toString: 1 },
    'typeid.prefix': { toString: 1 },
    'insert.templates': ['not', 'an', 'object'],
    'uuid.case': { valueOf: 1 },
    'snowflake.workerId': 'seven',
    'nanoid.size': Number.MAX_SAFE_INTEGER + 0.5,
    'hover.enabled': 'yes',
    'insert.quote': null,
  };

  it('hover, insert and convert still work, with the defaults in place of the bad values', async () => {
    await setSettings(hostile);
    await waitFor(() => JSON.stringify(vscode.workspace.getConfiguration('idsmith').get('typeid.prefix')) === '{"toString":1}', 'the settings to apply');
    const editor = await openActive(`id: ${ULID}\n`);
    const hover = await hoverText(editor.document, new vscode.Position(0, 8));
    assert.match(hover, /2016-07-30T22:36:16\.385Z/);
    editor.selections = [toSelection([1, 0])];
    const r = await vscode.commands.executeCommand<{ status: string }>('idsmith.insert', { kind: 'typeid' });
    assert.equal(r?.status, 'inserted', JSON.stringify(r));
    assert.match(editor.document.lineAt(1).text, /^[0-7][0-9a-hjkmnp-tv-z]{25}$/, 'the default (empty) prefix');
    editor.selections = [toSelection([0, 8])];
    const c = await vscode.commands.executeCommand<{ applied: boolean }>('idsmith.convert', { to: 'uuid' });
    assert.equal(c?.applied, true);
    assert.equal(editor.document.lineAt(0).text, `id: ${UUID}`, 'the default (lower) UUID case');
  });
});
