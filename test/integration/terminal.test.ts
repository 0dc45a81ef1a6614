import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { convert, scan } from '../../src/core';
import * as settingsModule from '../../src/editor/shared/settings';
import { IdTerminalLinkProvider, MAX_SCANNED, type IdTerminalLink } from '../../src/editor/terminal';
import { activateExtension, closeAllEditors, inspectCard, log, setSettings, resetSettings, waitFor } from './util';

// Terminal links: the provider is the extension's class, asked about lines of a real terminal
// (an extension pseudoterminal, which both hosts offer) and activated with the quick pick
// answered through the workbench's own quick-input commands. VS Code has no command that runs
// terminal link providers, so the test holds its own instance; its settings module is
// registered here so setting changes reach it as they reach the extension's.

const ULID = '01ARYZ6S41TSV4RRFFQ69G5FAV';
const UUID = '017f22e2-79b0-7cc3-98c4-dc0c0c07398f';
const LINES = [
  `web-1  | 2024-05-01T12:00:00Z INFO order ${ULID} paid by user ${UUID}`,
  'api-7f9c  {"level":"info","guild_id":"175928847299117063","msg":"joined"}',
  'commit 3b18e512dba79e4c8300dd08aeb37f8e728b8dad at 1714564800000, MAX_RETRY_COUNT_EXCEEDED',
];

const none = new vscode.CancellationTokenSource().token;

function linksOf(provider: IdTerminalLinkProvider, terminal: vscode.Terminal, line: string): Array<[string, string]> {
  const links = provider.provideTerminalLinks({ line, terminal }, none) as IdTerminalLink[];
  return links.map((l) => [line.slice(l.startIndex, l.startIndex + l.length), l.tooltip ?? '']);
}

/** Answers the quick pick that `pending` opened: item `index` (0-based, -1 = last). */
async function answer(pending: Thenable<unknown>, index: number): Promise<void> {
  let settled = false;
  void Promise.resolve(pending).finally(() => { settled = true; });
  for (let attempt = 0; attempt < 100 && !settled; attempt++) {
    await new Promise((r) => setTimeout(r, 100));
    if (settled) break;
    if (index < 0) await vscode.commands.executeCommand('quickInput.last');
    else {
      await vscode.commands.executeCommand('quickInput.first');
      for (let i = 0; i < index; i++) await vscode.commands.executeCommand('quickInput.next');
    }
    await vscode.commands.executeCommand('quickInput.accept');
  }
  await pending;
}

describe('terminal links', function () {
  this.timeout(60_000);
  let terminal: vscode.Terminal;
  let provider: IdTerminalLinkProvider;
  const disposables: vscode.Disposable[] = [];

  before(async () => {
    await activateExtension();
    settingsModule.register({ subscriptions: disposables } as unknown as vscode.ExtensionContext);
    provider = new IdTerminalLinkProvider();
    const write = new vscode.EventEmitter<string>();
    const opened = new Promise<void>((resolve) => {
      const pty: vscode.Pseudoterminal = {
        onDidWrite: write.event,
        open: () => {
          for (const line of LINES) write.fire(`${line}\r\n`);
          resolve();
        },
        close: () => undefined,
      };
      terminal = vscode.window.createTerminal({ name: 'Idsmith logs', pty });
    });
    terminal.show();
    await opened;
    disposables.push(write);
  });
  after(async () => {
    terminal?.dispose();
    for (const d of disposables) d.dispose();
    await resetSettings();
    await closeAllEditors();
  });

  it('links every ID the scanner finds, with kind, time and age in the tooltip', () => {
    const found = linksOf(provider, terminal, LINES[0]!);
    assert.deepEqual(found.map(([t]) => t), [ULID, UUID]);
    assert.match(found[0]![1], /^ULID · 2016-07-30T22:36:16\.385Z · \d+ years ago$/);
    assert.match(found[1]![1], /^UUID v7 · 2022-02-22T19:22:22\.000Z · \d+ years ago$/);
  });

  it('UUID v2: its time approximately, to about 7 minutes; none for one dated 4034 (a hash\'s bits), which showed a precise date', () => {
    const [real] = linksOf(provider, terminal, 'docker-1  | login uid 1000 000003e8-cbb9-21ea-b200-00163e990bdb');
    assert.match(real![1], /^UUID v2 · ≈ 2020-07-22 01:20Z, to about 7 minutes · ≈ \d+ years ago$/);
    const [hashed] = linksOf(provider, terminal, 'docker-1  | object a1b2c3d4-e5f6-2abc-8def-0123456789ab stored');
    assert.equal(hashed![1], 'UUID v2');
  });

  it('lists every plausible snowflake reading when no epoch is set, and one with an epoch', async () => {
    const [auto] = linksOf(provider, terminal, LINES[1]!);
    assert.equal(auto?.[0], '175928847299117063');
    assert.match(auto![1], /^Snowflake · .*Discord 2016-04-30T11:18:25\.796Z/);
    await setSettings({ 'snowflake.epoch': 'discord' });
    await waitFor(() => settingsModule.settings().snowflake.epoch === 'discord', 'the setting to arrive');
    const [discord] = linksOf(provider, terminal, LINES[1]!);
    assert.match(discord![1], /^Snowflake \(Discord\) · 2016-04-30T11:18:25\.796Z · \d+ years ago$/);
    await resetSettings();
  });

  it('reads a snowflake with the layout its key names, and says so in the tooltip', () => {
    const line = 'bot-1  {"level":"info","discordMessageId":"175928847299117063","msg":"sent"}';
    const [link] = linksOf(provider, terminal, line);
    assert.equal(link?.[0], '175928847299117063');
    assert.match(link![1], /^Snowflake \(Discord\) · 2016-04-30T11:18:25\.796Z · \d+ years ago · read as Discord: key discordMessageId$/);
  });

  it('links no hash, millisecond timestamp or constant name', () => {
    assert.deepEqual(linksOf(provider, terminal, LINES[2]!), []);
  });

  it('scans only the start of a very long line, and never links an ID cut at that edge', () => {
    const filler = 'x '.repeat(100_000);
    const line = `${ULID} ${filler.slice(0, MAX_SCANNED - 40)}${UUID} ${filler}${ULID}`;
    assert.deepEqual(linksOf(provider, terminal, line).map(([t]) => t), [ULID], `the UUID straddles character ${MAX_SCANNED}`);
    // A snowflake cut by the edge still reads as a (shorter, wrong) snowflake in the window.
    const cut = `${' '.repeat(MAX_SCANNED - 17)}175928847299117063 and more`;
    assert.ok(scan(cut.slice(0, MAX_SCANNED)).some((m) => m.end === MAX_SCANNED), 'the window alone would link the cut number');
    assert.deepEqual(linksOf(provider, terminal, cut), []);
  });

  it('copies the ID, its time and every representation from the quick pick, then inspects', async () => {
    const [link] = provider.provideTerminalLinks({ line: LINES[0]!, terminal }, none) as IdTerminalLink[];
    assert.ok(link);
    await answer(provider.handleTerminalLink(link), 0);
    assert.equal(await vscode.env.clipboard.readText(), ULID);
    await answer(provider.handleTerminalLink(link), 1);
    assert.equal(await vscode.env.clipboard.readText(), '2016-07-30T22:36:16.385Z');
    // Items 2.. are the card's representations; each must be the same 128 bits.
    const copied: string[] = [];
    for (let i = 2; i < 20; i++) {
      await vscode.env.clipboard.writeText('');
      await answer(provider.handleTerminalLink(link), i);
      const value = await vscode.env.clipboard.readText();
      if (!value) break; // item i was Inspect
      copied.push(value);
      await closeAllEditors();
    }
    log(`[terminal] representations offered: ${copied.join(' | ')}`);
    for (const known of ['01563df3-6481-d676-4c61-efb99302bd5b', '01563DF36481D6764C61EFB99302BD5B'.toLowerCase()]) {
      assert.ok(copied.includes(known), `${known} in ${copied.join(', ')}`);
    }
    for (const value of copied.filter((v) => !v.startsWith('0x'))) assert.equal(convert(value, 'ulid'), ULID, value);
    await closeAllEditors();
    await answer(provider.handleTerminalLink(link), -1);
    const card = await inspectCard();
    assert.ok(card.getText().includes(ULID));
  });

  it('does nothing when the quick pick is dismissed', async () => {
    const [link] = provider.provideTerminalLinks({ line: LINES[0]!, terminal }, none) as IdTerminalLink[];
    await vscode.env.clipboard.writeText('unchanged');
    const pending = provider.handleTerminalLink(link!);
    await new Promise((r) => setTimeout(r, 300));
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await pending;
    assert.equal(await vscode.env.clipboard.readText(), 'unchanged');
  });

  it('VS Code offers registerTerminalLinkProvider in this host', () => {
    assert.equal(typeof vscode.window.registerTerminalLinkProvider, 'function');
  });
});
