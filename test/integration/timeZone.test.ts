import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { TEST_HOST, activateExtension, closeAllEditors, openDocument, resetSettings } from './util';

// Issue 21 item 12: `idsmith.hover.timeZone: local` in code-server and vscode.dev. The harness runs
// the server in UTC and the browser in Asia/Kolkata (test/harness/run.mjs), as a user far from
// their server would. In the web worker host (the browser) "local" is the browser's zone; in the
// Node host, on the server, it is the server's, and the hover says so instead of passing the
// server's clock off as the user's (or hiding the line because the server runs in UTC).

const ULID = '01ARYZ6S41TSV4RRFFQ69G5FAV'; // 2016-07-30T22:36:16.385Z

async function hoverText(content: string, needle: string): Promise<string> {
  const doc = (await openDocument(content)).document;
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, doc.positionAt(content.indexOf(needle) + 1));
  return (hovers ?? []).flatMap((h) => h.contents).map((c) => (typeof c === 'string' ? c : c.value)).join('\n').replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

describe('The local time zone in each extension host', () => {
  before(async () => {
    await activateExtension();
    await resetSettings(); // idsmith.hover.timeZone at its default, local
  });
  afterEach(() => closeAllEditors());

  it(TEST_HOST === 'web' ? 'web worker host: local is the browser\'s zone' : 'Node host on a server: the hover names the server\'s zone', async () => {
    const text = await hoverText(`id ${ULID}`, ULID);
    if (TEST_HOST === 'web') {
      assert.match(text, /\| Local \(Asia\/(Kolkata|Calcutta)\) \| `2016-07-31 04:06:16\.385 \+05:30` \|/, text);
      assert.ok(!text.includes('Server'), text);
    } else {
      assert.match(text, /\| Server \(UTC\) \| `2016-07-30 22:36:16\.385 \+00:00` \|/, text);
    }
  });

  it('an explicit zone is the same in both hosts', async () => {
    await vscode.workspace.getConfiguration('idsmith').update('hover.timeZone', 'America/New_York', vscode.ConfigurationTarget.Global);
    try {
      const expected = '| America/New_York | `2016-07-30 18:36:16.385 -04:00` |';
      let text = '';
      for (let i = 0; i < 50 && !text.includes(expected); i++) {
        text = await hoverText(`id ${ULID}`, ULID);
        if (!text.includes(expected)) await new Promise((r) => setTimeout(r, 100));
      }
      assert.ok(text.includes(expected), text);
      assert.ok(!/Server|Local/.test(text), text);
    } finally {
      await vscode.workspace.getConfiguration('idsmith').update('hover.timeZone', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
