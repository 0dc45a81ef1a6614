import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { activateExtension, cardTabs, closeAllEditors, inspectCard, openDocument, toSelection, useSettings, waitFor } from './util';

// `idsmith.inspect`: the full card opens beside, rendered by the Markdown preview from a
// read-only markdown document; the command returns the Decoded so these checks can see what was
// read, and the document behind the preview shows what the preview renders.

interface Decoded { input: string; kind: string; valid: boolean; unixMs?: number; error?: string }

const ULID = '01ARYZ6S41TSV4RRFFQ69G5FAV';

async function cardEditor(): Promise<{ document: vscode.TextDocument }> {
  return { document: await inspectCard() };
}

describe('inspect', () => {
  before(() => activateExtension());
  afterEach(() => closeAllEditors());
  useSettings({ 'hover.timeZone': 'UTC' });

  it('decodes { text } and shows every representation in a read-only markdown document', async () => {
    const decoded = await vscode.commands.executeCommand<Decoded>('idsmith.inspect', { text: ULID });
    assert.equal(decoded.kind, 'ulid');
    assert.equal(decoded.unixMs, 1469918176385);
    const card = (await cardEditor()).document;
    assert.equal(card.languageId, 'markdown');
    assert.equal(card.isDirty, false);
    const text = card.getText().replace(/\\([!-/:-@[-`{-~])/g, '$1');
    for (const part of ['# ULID', ULID, '2016-07-30T22:36:16.385Z', '1469918176385', '01563df3-6481-d676-4c61-efb99302bd5b',
      '## Representations', 'Integer', 'Hex', 'Base64']) {
      assert.ok(text.includes(part), `card lacks ${part}:\n${text}`);
    }
  });

  it('lists every snowflake reading, plausible or not, when no epoch is set', async () => {
    await vscode.commands.executeCommand('idsmith.inspect', { text: '175928847299117063' });
    const text = (await cardEditor()).document.getText();
    assert.ok(text.includes('## Snowflake readings'), text);
    for (const preset of ['Twitter', 'Discord', 'Instagram', 'Sonyflake', 'Mastodon']) assert.ok(text.includes(`| ${preset} |`), preset);
  });

  it('decodes the ID under the cursor, or the selection', async () => {
    const editor = await openDocument(`a 017f22e2-79b0-7cc3-98c4-dc0c0c07398f b 507f1f77bcf86cd799439011`);
    editor.selection = toSelection([0, 10]);
    // Without an ID at the cursor the command would wait for the prompt: make sure it cannot.
    assert.equal(vscode.window.activeTextEditor?.document, editor.document);
    const atCursor = await vscode.commands.executeCommand<Decoded>('idsmith.inspect');
    assert.equal(atCursor.kind, 'uuid');
    assert.equal(atCursor.input, '017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
    await inspectCard(); // the preview may take the focus once it is ready
    const again = await vscode.window.showTextDocument(editor.document, vscode.ViewColumn.One);
    again.selection = toSelection([0, 41, 0, 65]);
    assert.equal(vscode.window.activeTextEditor?.document, editor.document);
    const selected = await vscode.commands.executeCommand<Decoded>('idsmith.inspect');
    assert.equal(selected.kind, 'objectid');
    assert.equal(selected.input, '507f1f77bcf86cd799439011');
  });

  it('UUID v2: the cards of Inspect ID As… and Inspect ID… show its time to about 7 minutes, and no date for a hash\'s; the result keeps inspect --json\'s', async () => {
    const unescaped = (d: vscode.TextDocument) => d.getText().replace(/\\([!-/:-@[-`{-~])/g, '$1');
    // Inspect ID As… opens its card as text; found by its URI, not by a name the other card shares.
    const asCard = async (text: string) => {
      const d = await vscode.commands.executeCommand<Decoded & { time?: string }>('idsmith.inspectAs', { text, from: 'uuid' });
      const tab = await waitFor(() => cardTabs().find((t) => t.input instanceof vscode.TabInputText && t.input.uri.query.includes(encodeURIComponent(text))), 'the Inspect ID As… card');
      return { d, text: unescaped(await vscode.workspace.openTextDocument((tab.input as vscode.TabInputText).uri)) };
    };
    const real = await asCard('000003e8-cbb9-21ea-b200-00163e990bdb');
    assert.equal(real.d.time, '2020-07-22T01:16:41.760Z');
    for (const part of ['≈ 2020-07-22 01:20Z, to about 7 minutes', 'Unix ms (window start)', '1595380601760', '429.4967296 s']) assert.ok(real.text.includes(part), `card lacks ${part}:\n${real.text}`);
    assert.ok(!real.text.includes('2020-07-22T01:16:41.760Z'), real.text);
    const hashed = await asCard('a1b2c3d4-e5f6-2abc-8def-0123456789ab');
    assert.ok(hashed.text.includes('a date no such ID was made at'), hashed.text);
    assert.ok(!hashed.text.includes('4034-09-09T'), hashed.text);
    await closeAllEditors();
    await vscode.commands.executeCommand('idsmith.inspect', { text: '000003e8-cbb9-21ea-b200-00163e990bdb' });
    assert.ok(unescaped(await inspectCard()).includes('≈ 2020-07-22 01:20Z, to about 7 minutes'));
  });

  it('reports text that is no ID and opens nothing', async () => {
    const result = await vscode.commands.executeCommand<{ status: string; code: string; message: string }>('idsmith.inspect', { text: 'hello world' });
    assert.equal(result.status, 'failed');
    assert.equal(result.code, 'NOTHING_FOUND');
    assert.ok(result.message.length > 10, result.message);
    assert.deepEqual(cardTabs(), []);
  });

  // Issue 21 item 9: the card was its markdown source (`| Field | Value |` tables wrapped in a .md
  // tab); it is shown rendered, and a second Inspect replaces the first card.
  it('shows the card rendered in a Markdown preview beside the editor, one card at a time', async () => {
    const editor = await openDocument(`a ${ULID}`);
    await vscode.commands.executeCommand('idsmith.inspect', { text: ULID });
    await inspectCard();
    const [tab, ...more] = cardTabs();
    assert.equal(more.length, 0, cardTabs().map((t) => t.label).join(', '));
    assert.ok(tab!.input instanceof vscode.TabInputWebview && /markdown\.preview$/.test(tab!.input.viewType), 'a rendered preview, not the source');
    assert.equal(tab!.label, `[Preview] ULID ${ULID}.md`);
    assert.notEqual(tab!.group.viewColumn, vscode.ViewColumn.One, 'beside the editor');
    assert.ok(vscode.window.visibleTextEditors.some((e) => e.document === editor.document), 'the editor stays visible');

    await vscode.commands.executeCommand('idsmith.inspect', { text: '507f1f77bcf86cd799439011' });
    await waitFor(() => cardTabs().length === 1 && cardTabs()[0]!.label.includes('507f1f77bcf86cd799439011'), 'the second card to replace the first');
  });

  it('hovers IDs in the card too (a virtual document)', async () => {
    await vscode.commands.executeCommand('idsmith.inspect', { text: ULID });
    const card = (await cardEditor()).document;
    const at = card.getText().indexOf('01563df3');
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', card.uri, card.positionAt(at + 2));
    const values = (hovers ?? []).flatMap((h) => h.contents).map((c) => (typeof c === 'string' ? c : c.value));
    assert.ok(values.some((v) => v.startsWith('**UUID**')), values.join('\n---\n'));
    assert.ok(!values.some((v) => v.includes('command:idsmith.convertAt')), 'no convert links on a read-only card');
  });

  it('refuses to convert inside the card', async () => {
    await vscode.commands.executeCommand('idsmith.inspect', { text: ULID });
    const card = (await cardEditor()).document;
    const before = card.getText();
    const at = card.positionAt(before.indexOf(ULID));
    const args = { uri: card.uri.toString(), line: at.line, start: at.character, end: at.character + ULID.length, text: ULID, target: 'uuid' };
    const r = await vscode.commands.executeCommand<{ status: string; code?: string }>('idsmith.convertAt', args);
    assert.deepEqual([r.status, r.code], ['failed', 'READ_ONLY']);
    assert.equal(card.getText(), before);
  });
});
