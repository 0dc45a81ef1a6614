import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, log, openDocument } from './util';

// Same ID, any spelling: with the cursor on an ID, vscode.executeDocumentHighlights returns
// every spelling of the same value in the visible lines, and nothing beyond them.

const ULID = '01ARYZ6S41TSV4RRFFQ69G5FAV';
const UUID = '01563df3-6481-d676-4c61-efb99302bd5b';
const LINES = [
  `fixture: { "id": "${ULID}" }`, // 0
  `INSERT INTO orders VALUES ('${UUID}');`, // 1
  `upper {${UUID.toUpperCase()}} urn:uuid:${UUID}`, // 2
  'hex 01563df36481d6764c61efb99302bd5b typeid order_01aryz6s41tsv4rrffq69g5fav', // 3
  'int 1777022036153689948599198395857550683 lower 01aryz6s41tsv4rrffq69g5fav', // 4
  `other 017f22e2-79b0-7cc3-98c4-dc0c0c07398f x${ULID}y 1777022036153689948599198395857550683999`, // 5
  'oid 507f1f77bcf86cd799439011 and 507F1F77BCF86CD799439011', // 6
];

/** The same value in every spelling above: [line, start, text]. */
const SAME: Array<[number, number, string]> = [
  [0, 18, ULID], [1, 28, UUID], [2, 7, UUID.toUpperCase()], [2, 54, UUID],
  [3, 4, '01563df36481d6764c61efb99302bd5b'], [3, 50, '01aryz6s41tsv4rrffq69g5fav'],
  [4, 4, '1777022036153689948599198395857550683'], [4, 48, '01aryz6s41tsv4rrffq69g5fav'],
];

async function highlights(doc: vscode.TextDocument, line: number, character: number): Promise<Array<[number, number, string]>> {
  const found = await vscode.commands.executeCommand<vscode.DocumentHighlight[]>('vscode.executeDocumentHighlights', doc.uri, new vscode.Position(line, character));
  return (found ?? []).map((h): [number, number, string] => [h.range.start.line, h.range.start.character, doc.getText(h.range)])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

describe('same ID, any spelling (document highlights)', () => {
  before(() => activateExtension());
  afterEach(() => closeAllEditors());

  it('checks its own table', () => {
    for (const [line, start, text] of SAME) assert.equal(LINES[line]!.slice(start, start + text.length), text, `${line}:${start}`);
  });

  const cursors: Array<[string, number, number]> = [
    ['the ULID', 0, 20], ['the UUID', 1, 30], ['the upper-case braced UUID', 2, 10], ['the URN', 2, 60],
    ['the TypeID', 3, 45], ['the decimal integer', 4, 10],
  ];
  for (const [what, line, character] of cursors) {
    it(`from ${what}, lights every spelling of the same 128 bits`, async () => {
      const doc = (await openDocument(LINES.join('\n'))).document;
      assert.deepEqual(await highlights(doc, line, character), SAME);
    });
  }

  it('reads 32 bare hex digits as an ID only as the scanner does (RFC version and variant)', async () => {
    // These bits have no RFC version (a ULID written as hex): from them, as from an MD5 hash,
    // only VS Code's word highlighter answers.
    const doc = (await openDocument(LINES.join('\n'))).document;
    assert.deepEqual(await highlights(doc, 3, 6), [[3, 4, '01563df36481d6764c61efb99302bd5b']]);
  });

  it('matches an ObjectId in any letter case, and nothing off an ID', async () => {
    const doc = (await openDocument(LINES.join('\n'))).document;
    assert.deepEqual(await highlights(doc, 6, 6), [[6, 4, '507f1f77bcf86cd799439011'], [6, 33, '507F1F77BCF86CD799439011']]);
    const off = await highlights(doc, 1, 3);
    assert.ok(!off.some(([, , t]) => t.includes('01563')), JSON.stringify(off));
  });

  it('searches only the visible lines of a 100,000-line document', async () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `row ${i}`);
    lines[0] = `first ${ULID}`;
    lines[50_000] = `middle ${UUID}`;
    lines[99_999] = `last ${UUID}`;
    const editor = await openDocument(lines.join('\n'));
    const doc = editor.document;
    const t0 = Date.now();
    const top = await highlights(doc, 0, 10);
    log(`[figure] document highlights on a 100,000-line document: ${Date.now() - t0} ms for the request (visible ${editor.visibleRanges.map((r) => `${r.start.line}-${r.end.line}`).join(',')})`);
    assert.deepEqual(top, [[0, 6, ULID]]);
    editor.revealRange(new vscode.Range(99_990, 0, 99_999, 0), vscode.TextEditorRevealType.InCenter);
    editor.selection = new vscode.Selection(99_999, 8, 99_999, 8);
    const bottom = await highlights(doc, 99_999, 8);
    assert.deepEqual(bottom, [[99_999, 5, UUID]]);
  });
});
