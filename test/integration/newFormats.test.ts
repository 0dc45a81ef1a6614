import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { activateExtension, applySettings, closeAllEditors, hoverText, inspectCard, openDocument, useSettings } from './util';

// The formats of the breadth issue in the real editor: Inspect ID As… (a kind named, whatever
// else the text could be), Sqids with the user's alphabet, plain times under a time key on
// hover and never for a bare number, and the card's randomness row.

interface Decoded { input: string; kind: string; valid: boolean; unixMs?: number; fields: Record<string, unknown>; entropy?: { randomBits: number } }

async function cardText(): Promise<string> {
  // The card is shown rendered (a Markdown preview locked to it): read its document.
  return (await inspectCard()).getText().replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

describe('new formats in the editor', () => {
  before(() => activateExtension());
  afterEach(() => closeAllEditors());
  useSettings({ 'hover.timeZone': 'UTC' });

  it('Inspect ID As… reads a decimal as the Flake ID it is named to be, and shows its card', async () => {
    const d = await vscode.commands.executeCommand<Decoded>('idsmith.inspectAs', { text: '7530972319569674240', from: 'flakeid' });
    assert.equal(d.kind, 'flakeid');
    assert.equal(d.unixMs, 1795523719685);
    const text = await cardText();
    assert.ok(text.includes('# Flake ID'), text);
    assert.ok(text.includes('2026-11-24T12:35:19.685Z'), text);
    // The same text through plain Inspect ID… is a snowflake: naming it is what made it a Flake ID.
    const plain = await vscode.commands.executeCommand<Decoded>('idsmith.inspect', { text: '7530972319569674240' });
    assert.equal(plain.kind, 'snowflake');
  });

  it('Inspect ID… shows how random an ID is and when a collision becomes one in a million', async () => {
    const d = await vscode.commands.executeCommand<Decoded>('idsmith.inspect', { text: '01ARYZ6S41TSV4RRFFQ69G5FAV' });
    assert.equal(d.entropy?.randomBits, 80);
    const text = await cardText();
    assert.match(text, /Randomness.*80 random bits per millisecond.*1\.6 billion IDs in one millisecond/);
  });

  it('reads Sqids only with the alphabet set in idsmith.sqids.alphabet', async () => {
    const before = await vscode.commands.executeCommand<{ status: string }>('idsmith.inspect', { text: '86Rf07' });
    assert.notEqual((before as unknown as Decoded).kind, 'sqids');
    await applySettings({ 'sqids.alphabet': 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789' });
    const d = await vscode.commands.executeCommand<Decoded>('idsmith.inspect', { text: '86Rf07' });
    assert.equal(d.kind, 'sqids');
    assert.equal(d.fields.numbers, '1, 2, 3');
  });

  it('hovers a number under a time key as that time, and a bare number not at all', async () => {
    const editor = await openDocument('{"created_at": 1717171717000, "count": 1717171717000}\nconst total = 1717171717;\n', 'json');
    const doc = editor.document;
    const keyed = (await hoverText(doc, new vscode.Position(0, 20))).replace(/\\([!-/:-@[-`{-~])/g, '$1');
    assert.ok(keyed.includes('2024-05-31T16:08:37.000Z'), keyed);
    assert.ok(keyed.includes('Unix time (ms)'), keyed);
    assert.equal(await hoverText(doc, new vscode.Position(0, 44)), '');
    assert.equal(await hoverText(doc, new vscode.Position(1, 17)), '');
  });

  it('idsmith.time.keys adds key names whose numbers are times', async () => {
    const editor = await openDocument('{"lastLoginOn": 1717171717}\n', 'json');
    assert.equal(await hoverText(editor.document, new vscode.Position(0, 20)), '');
    await applySettings({ 'time.keys': ['*On'] });
    const text = await hoverText(editor.document, new vscode.Position(0, 20));
    assert.ok(text.includes('2024-05-31T16:08:37.000Z'), text);
  });
});
