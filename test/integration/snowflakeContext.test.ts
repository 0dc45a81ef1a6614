import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, inspectCard, openDocument, resetSettings, setSettings, useSettings, waitFor } from './util';

// Issue 13, "context picks the snowflake layout": through the public API (hover and inlay hint
// providers, idsmith.inspect with the editor's and the debug menu's arguments) on real
// documents, with the settings written to the real configuration.

const ID = '175928847299117063'; // Discord 2016-04-30T11:18:25.796Z; Twitter 2012-03-03

interface Decoded { input: string; kind: string; unixMs?: number; fields: Record<string, unknown>; context?: string }

/** Markdown as a reader sees it: backslash escapes removed. */
const plain = (md: string): string => md.replace(/\\([!-/:-@[-`{-~])/g, '$1');

async function hoverAt(content: string, needle: string, language: string): Promise<string> {
  const editor = await openDocument(content, language);
  const doc = editor.document;
  const at = doc.getText().indexOf(needle);
  assert.ok(at >= 0);
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, doc.positionAt(at + 2));
  const ours = (hovers ?? []).flatMap((h) => h.contents)
    .filter((c): c is vscode.MarkdownString => typeof c !== 'string' && 'value' in c && c.value.startsWith('**'));
  assert.equal(ours.length, 1, `one Idsmith hover on ${needle}`);
  return plain(ours[0]!.value);
}

async function card(): Promise<string> {
  return plain((await inspectCard()).getText());
}

describe('the context picks the snowflake layout', () => {
  before(() => activateExtension());
  afterEach(() => closeAllEditors());
  useSettings({ 'hover.timeZone': 'UTC' });

  it('hover: a parent key several lines up (JSON) names Discord, and the hover says why', async () => {
    const json = `{\n  "discord": {\n    "guild": {\n      "name": "idsmith",\n      "owner_id": "${ID}"\n    }\n  }\n}\n`;
    const text = await hoverAt(json, ID, 'json');
    assert.ok(text.startsWith('**Snowflake (Discord)** · created'), text);
    assert.ok(text.includes('_Read as Discord:_ _key_ `owner_id` _under_ `discord`'), text);
    assert.ok(text.includes('| UTC | `2016-04-30T11:18:25.796Z` |'), text);
    assert.ok(!text.includes('| Reading |'), 'one reading, not the table of every preset');
  });

  it('hover: the key itself (YAML), and a Mastodon URL', async () => {
    const yaml = `tweets:\n  - text: hello\n    tweet_id: ${ID}\n`;
    const tweet = await hoverAt(yaml, ID, 'yaml');
    assert.ok(tweet.includes('**Snowflake (Twitter)**') && tweet.includes('`tweet_id`'), tweet);
    assert.ok(tweet.includes('2012-03-03T'), tweet);
    await closeAllEditors();
    // A Mastodon status ID (2023); the Discord ID above would be dated 2055 as one, and is not forced.
    const toot = '109876543210987654';
    const url = await hoverAt(`see https://mastodon.social/@someone/${toot} for context`, toot, 'markdown');
    assert.ok(url.includes('**Snowflake (Mastodon)**') && url.includes('a Mastodon URL'), url);
    assert.ok(url.includes('2023-02-16T21:29:55.773Z'), url);
  });

  it('no context: every plausible reading, as before', async () => {
    const text = await hoverAt(`{"id": "${ID}"}`, ID, 'json');
    assert.ok(text.includes('| Reading |') && !text.includes('Read as'), text);
  });

  it('idsmith.snowflake.keys maps in-house key names; the explicit epoch still wins', async () => {
    await setSettings({ 'snowflake.keys': { '*_order_id': '1420070400000' } });
    try {
      const text = await hoverAt(`acme_order_id = ${ID}`, ID, 'plaintext');
      assert.ok(text.includes('**Snowflake (custom epoch 1420070400000)**'), text);
      assert.ok(text.includes('`acme_order_id`') && text.includes('idsmith.snowflake.keys'), text);
      await closeAllEditors();
      await setSettings({ 'snowflake.epoch': 'instagram' });
      const explicit = await hoverAt(`acme_order_id = ${ID}`, ID, 'plaintext');
      assert.ok(explicit.includes('**Snowflake (Instagram)**') && !explicit.includes('Read as'), explicit);
    } finally {
      await resetSettings();
    }
  });

  it('idsmith.snowflake.layouts: a named in-house layout used by a key rule', async () => {
    await setSettings({
      'snowflake.layouts': { acme: 'epoch=2015-01-01,unit=1ms,time=42,node=10,sequence=12' },
      'snowflake.keys': { 'acme*': 'acme' },
    });
    try {
      const text = await hoverAt(`acmeId: ${ID}`, ID, 'yaml');
      assert.ok(text.includes('**Snowflake (acme)**'), text);
      assert.ok(text.includes('| Node | `32` |'), text);
    } finally {
      await resetSettings();
    }
  });

  it('Inspect at the cursor keeps the reading the context chose', async () => {
    const editor = await openDocument(`discord:\n  message_id: ${ID}\n`, 'yaml');
    editor.selection = new vscode.Selection(1, 16, 1, 16);
    const decoded = await vscode.commands.executeCommand<Decoded>('idsmith.inspect');
    assert.equal(decoded.fields.epoch, 'discord');
    assert.equal(decoded.unixMs, 1462015105796);
    assert.equal(decoded.context, 'key message_id under discord');
    const text = await card();
    assert.ok(text.startsWith('# Snowflake (Discord)'), text);
    assert.ok(text.includes('_Read as Discord:_ _key_ `message_id` _under_ `discord`'), text);
  });

  it('Inspect from the debugger: the variable name is the key', async () => {
    const arg = { sessionId: 't', variable: { name: 'discordMessageId', value: `'${ID}'`, evaluateName: 'msg.discordMessageId' } };
    const decoded = await vscode.commands.executeCommand<Decoded>('idsmith.inspect', arg);
    assert.equal(decoded.fields.epoch, 'discord');
    const text = await card();
    assert.ok(text.includes('Read as Discord:_ _key_ `discordMessageId`'), text);
  });

  it('inlay hints: bare numbers get a hint when their key names the layout, others not', async () => {
    await setSettings({ 'inlayHints.enabled': true });
    try {
      const editor = await openDocument(`tweet_id: ${ID}\nid: ${ID}\n`, 'yaml');
      const doc = editor.document;
      const got = await waitFor(async () => {
        const hints = await vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', doc.uri, new vscode.Range(0, 0, 2, 0));
        return hints && hints.length > 0 ? hints : undefined;
      }, 'inlay hints');
      assert.deepEqual(got.map((h) => [h.position.line, typeof h.label === 'string' ? h.label : '']), [[0, '2012-03-03 13:01Z']]);
      assert.match(String(got[0]!.tooltip), /read as Twitter: key tweet_id/);
    } finally {
      await resetSettings();
    }
  });
});
