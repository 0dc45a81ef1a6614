import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { InsertResult } from '../../src/editor/insert/result';
import { activateExtension, closeAllEditors, openActive, resetSettings, setSettings } from './util';

// Issue 21 item 13, the smaller things a user met: an insert at an empty JSON value with
// `idsmith.insert.quote: none` wrote invalid JSON; inlay hints sat inside the closing quote.

describe('Insert at a value that has not been started', () => {
  before(() => activateExtension());
  afterEach(() => closeAllEditors());

  // [language, line with | for the cursor, command, expected line with ID for the ID]
  const cases: Array<[string, string, string, string]> = [
    ['json', '{ "id": | }', 'idsmith.insertUlid', '{ "id": "ID" }'],
    ['json', '{ "id": |, "n": 1 }', 'idsmith.insertUuidV7', '{ "id": "ID", "n": 1 }'],
    ['json', '{ "id": "|" }', 'idsmith.insertUlid', '{ "id": "ID" }'],
    ['jsonc', '{ "id": | // a comment', 'idsmith.insertUlid', '{ "id": "ID" // a comment'],
    ['json', '{ "note": "see |" }', 'idsmith.insertUlid', '{ "note": "see ID" }'],
    ['sql', "INSERT INTO t (id, name) VALUES (|, 'x');", 'idsmith.insertUlid', "INSERT INTO t (id, name) VALUES ('ID', 'x');"],
    ['sql', "INSERT INTO t (id, name) VALUES (|, 'x');", 'idsmith.insertSnowflake', "INSERT INTO t (id, name) VALUES (ID, 'x');"],
    ['plaintext', 'id: |', 'idsmith.insertUlid', 'id: ID'],
  ];
  for (const [language, marked, command, expected] of cases) {
    it(`${language}: ${marked} → ${expected}`, async () => {
      await setSettings({ 'insert.quote': 'none' });
      try {
        const editor = await openActive(marked.replace('|', ''), language);
        const at = marked.indexOf('|');
        editor.selection = new vscode.Selection(0, at, 0, at);
        const r = await vscode.commands.executeCommand<InsertResult>(command);
        assert.equal(r.status, 'inserted', JSON.stringify(r));
        const id = r.status === 'inserted' ? r.ids[0]! : '';
        assert.equal(editor.document.getText(), expected.replace('ID', id));
        if (language === 'json') JSON.parse(editor.document.getText().replace(/\/\/.*$/, ''));
      } finally {
        await resetSettings();
      }
    });
  }
});

describe('Inlay hints after a quoted ID', () => {
  before(() => activateExtension());
  afterEach(async () => {
    await resetSettings();
    await closeAllEditors();
  });

  it('sit after the closing quote, not inside the string', async () => {
    await setSettings({ 'inlayHints.enabled': true, 'hover.timeZone': 'UTC' });
    const text = `{ "a": "01ARYZ6S41TSV4RRFFQ69G5FAV", "b": '017f22e2-79b0-7cc3-98c4-dc0c0c07398f' }\nbare 01ARYZ6S41TSV4RRFFQ69G5FAV and "01ARYZ6S41TSV4RRFFQ69G5FAV x"`;
    const editor = await openActive(text, 'plaintext');
    const doc = editor.document;
    let hints: vscode.InlayHint[] = [];
    for (let i = 0; i < 50 && hints.length < 4; i++) {
      hints = (await vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', doc.uri, new vscode.Range(0, 0, 2, 0))) ?? [];
      if (hints.length < 4) await new Promise((r) => setTimeout(r, 100));
    }
    const lines = text.split('\n');
    const after = (line: number, needle: string, quoted: boolean) => lines[line]!.indexOf(needle) + needle.length + (quoted ? 1 : 0);
    assert.deepEqual(hints.map((h) => [h.position.line, h.position.character]), [
      [0, after(0, '01ARYZ6S41TSV4RRFFQ69G5FAV', true)],
      [0, after(0, '017f22e2-79b0-7cc3-98c4-dc0c0c07398f', true)],
      [1, after(1, 'bare 01ARYZ6S41TSV4RRFFQ69G5FAV', false)],
      // Not closed right after the ID: the hint stays after the ID.
      [1, lines[1]!.lastIndexOf('01ARYZ6S41TSV4RRFFQ69G5FAV') + 26],
    ]);
  });
});
