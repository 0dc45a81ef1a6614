import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { BoundsResult } from '../../src/editor/bounds';
import { blockSnippet } from '../../src/editor/shared/edits';
import { activateExtension, closeAllEditors, openActive } from './util';

// Issue 21 item 1: a command that writes several lines writes them on lines of their own,
// wherever the cursor is, and changes nothing around them. "Insert Time-Window Bounds" at line 1,
// column 1 of an SQL migration used to glue its last `-- prefix …` comment onto the statement
// that was there, commenting it out. Each case is a document with `|` for the cursor (or `[`…`]`
// around a selection) and the expected lines, `@` standing for the block's lines (indented by
// what precedes the `@`).

const ARGS = { kind: 'uuidv7', from: '2025-03-14T09:00:00Z', to: '2025-03-14T12:00:00Z' };

type Case = [what: string, marked: string, expected: string[]];

const CASES: Case[] = [
  ['start of the first line', '|CREATE TABLE t (id uuid);\nSELECT 1;\n', ['@', 'CREATE TABLE t (id uuid);', 'SELECT 1;', '']],
  ['start of a later line', 'SELECT 1;\n|CREATE TABLE s (id uuid);\n', ['SELECT 1;', '@', 'CREATE TABLE s (id uuid);', '']],
  ['middle of a line', 'SELECT * FROM t WHERE id |;\n', ['SELECT * FROM t WHERE id ', '@', ';', '']],
  ['end of a line', 'SELECT 1;|\nSELECT 2;\n', ['SELECT 1;', '@', 'SELECT 2;', '']],
  ['an empty line', 'SELECT 1;\n|\nSELECT 2;', ['SELECT 1;', '@', 'SELECT 2;']],
  ['an empty document', '|', ['@']],
  ['the end of a last line without a line break', 'SELECT 1;|', ['SELECT 1;', '@']],
  ['the start of a last line without a line break', 'SELECT 1;\n|SELECT 2;', ['SELECT 1;', '@', 'SELECT 2;']],
  ['an indented line', 'BEGIN\n  |DELETE FROM t;\nEND;', ['BEGIN', '  @', '  DELETE FROM t;', 'END;']],
  ['before trailing blanks', 'SELECT 1;|   \nSELECT 2;', ['SELECT 1;   ', '@', 'SELECT 2;']],
  ['a selection inside a line', "WHERE [id = 'x'] ORDER BY id", ['WHERE ', '@', ' ORDER BY id']],
  ['a selection of whole lines', '[old line 1\nold line 2\n]kept', ['@', 'kept']],
];

/** The document text and selection a marked case stands for. */
function parse(marked: string): { text: string; start: number; end: number } {
  const start = marked.search(/[|[]/);
  const text = marked.replace(/[|[\]]/g, '');
  return { text, start, end: marked.includes('[') ? marked.indexOf(']') - 1 : start };
}

function expand(expected: string[], block: string[]): string[] {
  return expected.flatMap((line) => {
    const at = line.indexOf('@');
    return at === -1 ? [line] : block.map((b) => line.slice(0, at) + b);
  });
}

async function editorWith(text: string, start: number, end: number, eol: vscode.EndOfLine): Promise<vscode.TextEditor> {
  const editor = await openActive(text, 'sql');
  if (eol === vscode.EndOfLine.CRLF) await editor.edit((b) => b.setEndOfLine(eol));
  const doc = editor.document;
  // Offsets of the LF text, mapped to positions (the same in a CRLF document).
  const lfPosition = (o: number) => {
    const lines = text.slice(0, o).split('\n');
    return new vscode.Position(lines.length - 1, lines.at(-1)!.length);
  };
  editor.selection = new vscode.Selection(lfPosition(start), lfPosition(end));
  assert.equal(doc.eol, eol);
  return editor;
}

describe('Blocks of several lines land on lines of their own', () => {
  before(() => activateExtension());
  afterEach(() => closeAllEditors());

  for (const eol of [vscode.EndOfLine.LF, vscode.EndOfLine.CRLF]) {
    const name = eol === vscode.EndOfLine.LF ? 'LF' : 'CRLF';
    for (const [what, marked, expected] of CASES) {
      it(`Insert Time-Window Bounds at ${what} (${name})`, async () => {
        const { text, start, end } = parse(marked);
        const editor = await editorWith(text, start, end, eol);
        const doc = editor.document;
        const result = await vscode.commands.executeCommand<BoundsResult>('idsmith.insertBounds', ARGS);
        assert.equal(result.status, 'inserted', JSON.stringify(result));
        const block = result.text.split('\n');
        assert.equal(block.length, 3, 'the SQL form is a block of three lines');
        const sep = eol === vscode.EndOfLine.LF ? '\n' : '\r\n';
        assert.equal(doc.getText(), expand(expected, block).join(sep));
        // One undo step brings the document back as it was.
        await vscode.commands.executeCommand('undo');
        assert.equal(doc.getText(), text.split('\n').join(sep));
      });
    }
  }

  it('the sample migration: both runs keep every statement', async () => {
    const migration = [
      '-- Orders get UUID v7 keys',
      'CREATE TABLE orders (id uuid PRIMARY KEY);',
      '',
      '-- Sessions keyed by ULID',
      'CREATE TABLE sessions (id char(26) PRIMARY KEY, user_id text NOT NULL);',
      '',
    ].join('\n');
    const editor = await openActive(migration, 'sql');
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    const first = await vscode.commands.executeCommand<BoundsResult>('idsmith.insertBounds', ARGS);
    const sessions = editor.document.getText().split('\n').findIndex((l) => l.startsWith('CREATE TABLE sessions'));
    editor.selection = new vscode.Selection(sessions, 0, sessions, 0);
    const second = await vscode.commands.executeCommand<BoundsResult>('idsmith.insertBounds', { ...ARGS, kind: 'ulid' });
    const lines = editor.document.getText().split('\n');
    assert.deepEqual(lines, [
      ...first.text.split('\n'),
      '-- Orders get UUID v7 keys',
      'CREATE TABLE orders (id uuid PRIMARY KEY);',
      '',
      '-- Sessions keyed by ULID',
      ...second.text.split('\n'),
      'CREATE TABLE sessions (id char(26) PRIMARY KEY, user_id text NOT NULL);',
      '',
    ]);
  });

  it('at several cursors: one block each, on lines of their own', async () => {
    const editor = await openActive('SELECT 1; SELECT 2;\nSELECT 3;', 'sql');
    editor.selections = [new vscode.Selection(0, 10, 0, 10), new vscode.Selection(1, 9, 1, 9)];
    const result = await vscode.commands.executeCommand<BoundsResult>('idsmith.insertBounds', ARGS);
    const block = result.text.split('\n');
    assert.deepEqual(editor.document.getText().split('\n'), ['SELECT 1; ', ...block, 'SELECT 2;', 'SELECT 3;', ...block]);
  });

  it('the lines form in a language with # comments, mid-line in an indented block', async () => {
    const editor = await openActive('def f():\n    q = 1  # keep\n', 'python');
    editor.selection = new vscode.Selection(1, 9, 1, 9);
    const result = await vscode.commands.executeCommand<BoundsResult>('idsmith.insertBounds', { ...ARGS, format: 'lines' });
    const block = result.text.split('\n');
    assert.equal(block.length, 5);
    assert.deepEqual(editor.document.getText().split('\n'), ['def f():', '    q = 1', ...block.map((l) => `    ${l}`), '      # keep', '']);
  });

  const snippetCases: Case[] = [
    ['middle of a line', 'SELECT 1; |SELECT 2;', ['SELECT 1; ', '@', 'SELECT 2;']],
    ['an indented line', 'BEGIN\n  |DELETE FROM t;\nEND;', ['BEGIN', '  @', '  DELETE FROM t;', 'END;']],
    ['middle of an indented line', 'BEGIN\n  DELETE FROM t; |COMMIT;\nEND;', ['BEGIN', '  DELETE FROM t; ', '  @', '  COMMIT;', 'END;']],
    ['the end of a last line without a line break', 'SELECT 1;|', ['SELECT 1;', '@']],
  ];
  for (const eol of [vscode.EndOfLine.LF, vscode.EndOfLine.CRLF]) {
    for (const [what, marked, expected] of snippetCases) {
      it(`a snippet placed by the same rule at ${what} (${eol === vscode.EndOfLine.LF ? 'LF' : 'CRLF'})`, async () => {
        const { text, start, end } = parse(marked);
        const editor = await editorWith(text, start, end, eol);
        const { range, snippet } = blockSnippet(editor.document, editor.selection, '-- ${1:bucket}\nLIST ${2:prefix}');
        assert.ok(await editor.insertSnippet(snippet, range, { undoStopBefore: true, undoStopAfter: true }));
        const sep = eol === vscode.EndOfLine.LF ? '\n' : '\r\n';
        assert.equal(editor.document.getText(), expand(expected, ['-- bucket', 'LIST prefix']).join(sep));
        // The first placeholder is selected, ready to type over.
        assert.equal(editor.document.getText(editor.selection), 'bucket');
      });
    }
  }
});
