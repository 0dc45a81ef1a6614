import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { InsertResult } from '../../src/editor/insert/result';
import { activateExtension, closeAllEditors, openActive } from './util';

// Issue 21 item 3: undo after inserting at several cursors gives back every cursor and selection
// as they were before the insert (as it does after typing with several cursors), and redo puts
// the IDs back. Insert moves the cursors in one assignment after a
// one-cursor edit (see insert/edit.ts), which used to leave undo with that one cursor.

const show = (sels: readonly vscode.Selection[]) => sels.map((s) => `${s.anchor.line}:${s.anchor.character}-${s.active.line}:${s.active.character}`);

describe('Undo after an insert at several cursors', () => {
  before(() => activateExtension());
  afterEach(() => closeAllEditors());

  const cases: Array<[string, string[], vscode.Selection[]]> = [
    ['three cursors', ['a = ', 'b = ', 'c = '], [new vscode.Selection(0, 4, 0, 4), new vscode.Selection(1, 4, 1, 4), new vscode.Selection(2, 4, 2, 4)]],
    ['cursors and selections, set bottom-up', ['id: OLD-ONE', 'other: OLD-TWO', 'keep'],
      [new vscode.Selection(2, 4, 2, 4), new vscode.Selection(1, 14, 1, 7), new vscode.Selection(0, 4, 0, 11)]],
    ['two cursors on one line', ['(, )'], [new vscode.Selection(0, 1, 0, 1), new vscode.Selection(0, 3, 0, 3)]],
    ['300 cursors', Array.from({ length: 300 }, (_, i) => `row ${i}: `), Array.from({ length: 300 }, (_, i) => new vscode.Selection(i, `row ${i}: `.length, i, `row ${i}: `.length))],
  ];
  for (const [what, lines, selections] of cases) {
    for (const command of ['idsmith.insertUlid', 'idsmith.insertUuidV7']) {
      it(`${what}: ${command}, undo, redo`, async () => {
        const editor = await openActive(lines.join('\n'));
        editor.selections = selections;
        const original = editor.document.getText();
        const result = await vscode.commands.executeCommand<InsertResult>(command);
        assert.equal(result.status, 'inserted', JSON.stringify(result));
        const inserted = editor.document.getText();
        assert.equal(editor.selections.length, selections.length, 'a cursor after each ID');

        await vscode.commands.executeCommand('undo');
        assert.equal(editor.document.getText(), original, 'one undo step restores the text');
        assert.deepEqual(show(editor.selections), show(selections), 'and every cursor and selection as it was');

        await vscode.commands.executeCommand('redo');
        assert.equal(editor.document.getText(), inserted);
        assert.equal(editor.selections.length, selections.length, 'redo keeps a cursor per ID');
      });
    }
  }
});
