import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, inspectCard, log, openDocument, useSettings, waitFor } from './util';

// The debugger surfaces: `idsmith.inspect` with the argument of the debug/variables and
// debug/watch context menus, the inline values provider, and both in a real debug session of
// VS Code's own JavaScript debugger (js-debug, which code-server ships).

interface Decoded { input: string; kind: string; valid: boolean; unixMs?: number; error?: string }

const ULID = '01ARYZ6S41TSV4RRFFQ69G5FAV';
const UUID = '017f22e2-79b0-7cc3-98c4-dc0c0c07398f';

async function card(): Promise<string> {
  const document = await inspectCard();
  return document.getText().replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** The argument VS Code 1.139 passes from debug/variables/context (Variable.toJSON). */
function menuArg(name: string, value: string, evaluateName = name) {
  return { sessionId: 'test', container: { name: 'Local', variablesReference: 2, expensive: false }, variable: { name, value, evaluateName, variablesReference: 0, type: 'string' } };
}

describe('debugger: inspect from the variables and watch menus', () => {
  before(() => activateExtension());
  afterEach(() => closeAllEditors());
  useSettings({ 'hover.timeZone': 'UTC' });

  const table: Array<[string, string, string, string]> = [
    ['single-quoted string (js-debug, debugpy)', `'${ULID}'`, 'ulid', ULID],
    ['double-quoted string (Go, Java, C#)', `"${UUID}"`, 'uuid', UUID],
    ['BigInt', '175928847299117063n', 'snowflake', '175928847299117063'],
    ['ID object', `ObjectId("507f1f77bcf86cd799439011")`, 'objectid', '507f1f77bcf86cd799439011'],
  ];
  for (const [what, value, kind, input] of table) {
    it(`opens the card for a ${what}`, async () => {
      const decoded = await vscode.commands.executeCommand<Decoded>('idsmith.inspect', menuArg('orderId', value, 'order.id'));
      assert.equal(decoded.kind, kind);
      assert.equal(decoded.input, input);
      const text = await card();
      assert.ok(text.includes(input), text);
      assert.ok(text.includes('Value of the variable order.id'), text);
    });
  }

  it('opens a card that says so when the value is no ID (the menu cannot hide itself)', async () => {
    const decoded = await vscode.commands.executeCommand<Decoded>('idsmith.inspect', menuArg('greeting', "'hello world'"));
    assert.equal(decoded.kind, 'unknown');
    const text = await card();
    assert.ok(text.includes("The debugger's value of greeting is not an ID"), text);
  });

  it('still takes { text } and reads the cursor without an argument', async () => {
    const fromText = await vscode.commands.executeCommand<Decoded>('idsmith.inspect', { text: ULID });
    assert.equal(fromText.unixMs, 1469918176385);
    await closeAllEditors();
    const editor = await openDocument(`id = ${UUID}`);
    editor.selection = new vscode.Selection(0, 8, 0, 8);
    const atCursor = await vscode.commands.executeCommand<Decoded>('idsmith.inspect');
    assert.equal(atCursor.input, UUID);
  });

  it('contributes the entry to both debug menus', async () => {
    const ext = await activateExtension();
    const menus = ext.packageJSON.contributes.menus as Record<string, Array<{ command: string }>>;
    for (const menu of ['debug/variables/context', 'debug/watch/context']) {
      assert.ok(menus[menu]?.some((m) => m.command === 'idsmith.inspect'), menu);
    }
  });
});

describe('debugger: inline values', () => {
  before(() => activateExtension());
  afterEach(() => closeAllEditors());

  async function inlineValues(lines: string[], viewPort?: vscode.Range): Promise<Array<[number, number, string]>> {
    return valuesIn((await openDocument(lines.join('\n'), 'javascript')).document, viewPort);
  }

  async function valuesIn(doc: vscode.TextDocument, viewPort?: vscode.Range): Promise<Array<[number, number, string]>> {
    const range = viewPort ?? new vscode.Range(0, 0, doc.lineCount - 1, 0);
    const context = { frameId: 1, stoppedLocation: new vscode.Range(1, 0, 1, 0) };
    const values = await vscode.commands.executeCommand<vscode.InlineValue[]>('vscode.executeInlineValueProvider', doc.uri, range, context);
    return (values ?? []).filter((v): v is vscode.InlineValueText => 'text' in v).map((v) => [v.range.start.line, v.range.start.character, v.text]);
  }

  const LINES = [
    `const order = '${ULID}';`,
    'debugger;',
    `const user = "${UUID}"; const big = 175928847299117063;`,
    "const sha = '3b18e512dba79e4c8300dd08aeb37f8e728b8dad';",
  ];

  it('shows the time of each ID in the viewport', async () => {
    assert.deepEqual(await inlineValues(LINES), [
      [0, 15, 'ULID 2016-07-30T22:36:16.385Z'],
      [2, 14, 'UUID 2022-02-22T19:22:22.000Z'],
    ]);
  });

  it('reads only the viewport', async () => {
    assert.deepEqual(await inlineValues(LINES, new vscode.Range(2, 0, 3, 0)), [[2, 14, 'UUID 2022-02-22T19:22:22.000Z']]);
  });

  describe('with a snowflake epoch', () => {
    useSettings({ 'snowflake.epoch': 'discord' });
    it('reads bare numbers as snowflakes', async () => {
      const found = await inlineValues(LINES);
      assert.ok(found.some(([line, , text]) => line === 2 && text === 'Snowflake 2016-04-30T11:18:25.796Z'), JSON.stringify(found));
    });
  });

  for (const mode of ['off', 'on']) {
    describe(`with debug.inlineValues ${mode}`, () => {
      beforeEach(() => vscode.workspace.getConfiguration('debug').update('inlineValues', mode, vscode.ConfigurationTarget.Global));
      afterEach(() => vscode.workspace.getConfiguration('debug').update('inlineValues', undefined, vscode.ConfigurationTarget.Global));
      // `on` means VS Code's own variable values, which a registered provider would replace.
      it('provides nothing (the provider is unregistered), and again after going back to auto', async () => {
        const doc = (await openDocument(LINES.join('\n'), 'javascript')).document;
        await waitFor(async () => (await valuesIn(doc)).length === 0, 'the provider to go');
        await vscode.workspace.getConfiguration('debug').update('inlineValues', undefined, vscode.ConfigurationTarget.Global);
        await waitFor(async () => (await valuesIn(doc)).length === 2, 'the provider to come back');
      });
    });
  }
});

// A real session: js-debug runs in code-server's remote Node host and the debuggee on this
// machine, so it runs from both of our hosts (Idsmith's side of it talks only through the
// vscode API). On vscode.dev without a remote there is no debugger to start.
describe('debugger: a real js-debug session', function () {
  this.timeout(120_000);
  let session: vscode.DebugSession | undefined;
  before(() => activateExtension());
  after(async () => {
    if (session) await vscode.debug.stopDebugging(session);
    await closeAllEditors();
  });
  useSettings({ 'hover.timeZone': 'UTC' });

  it('stops at debugger;, reads the variable over DAP and inspects it from the menu argument', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'a workspace folder');
    const script = vscode.Uri.joinPath(folder.uri, 'debug-target.js');
    const source = [
      `const orderId = '${ULID}';`,
      `const userId = "${UUID}";`,
      'debugger;',
      'console.log(orderId, userId);',
      '',
    ].join('\n');
    await vscode.workspace.fs.writeFile(script, new TextEncoder().encode(source));
    const stopped = new Promise<vscode.DebugStackFrame>((resolve) => {
      const sub = vscode.debug.onDidChangeActiveStackItem((item) => {
        if (item instanceof vscode.DebugStackFrame) {
          sub.dispose();
          resolve(item);
        }
      });
    });
    const started = await vscode.debug.startDebugging(folder, {
      type: 'node', request: 'launch', name: 'Idsmith test target', program: script.fsPath, console: 'internalConsole',
    });
    assert.equal(started, true, 'startDebugging');
    const frame = await Promise.race([stopped, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no stop within 60 s')), 60_000))]);
    session = frame.session;
    const trace = await session.customRequest('stackTrace', { threadId: frame.threadId, startFrame: 0, levels: 1 });
    const top = trace.stackFrames[0];
    log(`[debug] stopped in ${top.source?.path ?? top.source?.name} line ${top.line}, adapter ${session.type}`);
    const { scopes } = await session.customRequest('scopes', { frameId: top.id });
    const variables: Array<{ name: string; value: string; evaluateName?: string; variablesReference: number }> = [];
    for (const scope of scopes.filter((s: { expensive: boolean }) => !s.expensive)) {
      const res = await session.customRequest('variables', { variablesReference: scope.variablesReference });
      variables.push(...res.variables);
    }
    const orderId = variables.find((v) => v.name === 'orderId');
    assert.ok(orderId, `orderId among ${variables.map((v) => v.name).join(', ')}`);
    log(`[debug] orderId displays as ${orderId.value}`);
    assert.equal(orderId.value, `'${ULID}'`, 'js-debug shows strings single-quoted');
    const decoded = await vscode.commands.executeCommand<Decoded>('idsmith.inspect', { sessionId: session.id, container: scopes[0], variable: orderId });
    assert.equal(decoded.kind, 'ulid');
    assert.equal(decoded.input, ULID);
    const text = await card();
    assert.ok(text.includes('2016-07-30T22:36:16.385Z') && text.includes('Value of the variable orderId'), text);

    // Inline values for the stopped frame's file, as VS Code asks for them while stopped.
    const doc = await vscode.workspace.openTextDocument(script);
    const values = await vscode.commands.executeCommand<vscode.InlineValue[]>('vscode.executeInlineValueProvider', doc.uri,
      new vscode.Range(0, 0, doc.lineCount - 1, 0), { frameId: top.id, stoppedLocation: new vscode.Range(top.line - 1, 0, top.line - 1, 0) });
    const texts = (values ?? []).filter((v): v is vscode.InlineValueText => 'text' in v).map((v) => v.text);
    assert.ok(texts.includes('ULID 2016-07-30T22:36:16.385Z') && texts.includes('UUID 2022-02-22T19:22:22.000Z'), JSON.stringify(texts));
  });
});
