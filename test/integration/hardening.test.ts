// Every command on hostile input, across features: a read-only editor, a time that cannot be
// read, nothing to act on, arguments of the wrong shape (keybindings and other extensions pass
// anything), settings.json edited by hand past the schema. The contract in each case: the
// command settles (never rejects, never leaves a prompt hanging), and a refused edit leaves the
// document exactly as it was. Per-feature refusals already tested elsewhere are not repeated:
// insert's invalid settings, bad arguments and read-only file system (insert.test.ts),
// bounds' to < from (bounds.test.ts), convert's unknown target and nothing convertible
// (convert.test.ts), inspect of plain words (inspect.test.ts).
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { inspect } from '../../src/core';
import type { InsertResult } from '../../src/editor/insert/result';
import { TEST_HOST, activateExtension, cardTabs, closeAllEditors, hoverText, inspectCard, openDocument, resetSettings, waitFor, readOnlyFs, applySettings } from './util';

const ULID = '01ARYZ6S41TSV4RRFFQ69G5FAV';
const UUID_V7 = '017f22e2-79b0-7cc3-98c4-dc0c0c07398f';
const DISCORD = '175928847299117063';
const TYPEID = 'user_01h455vb4pex5vsknk084sn02q';
const SAMPLE = `ulid ${ULID}\nuuid ${UUID_V7}\nsnowflake ${DISCORD}\ntypeid ${TYPEID}\nplain words here`;
/** Line and column of a cursor on the ULID, and on plain words. */
const ON_ULID: [number, number] = [0, 8];
const ON_WORDS: [number, number] = [4, 3];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs a command as a keybinding would. A prompt is a fair answer to a missing or unusable
 * argument, so any quick pick or input box it opens is dismissed; a rejection fails the test.
 */
async function run(command: string, ...args: unknown[]): Promise<unknown> {
  let settled = false;
  const pending = Promise.resolve(vscode.commands.executeCommand(command, ...args)).finally(() => { settled = true; });
  void (async () => {
    for (let i = 0; i < 40 && !settled; i++) {
      await sleep(200);
      if (!settled) await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    }
  })();
  try {
    return await pending;
  } catch (e) {
    return assert.fail(`${command}(${args.map((a) => JSON.stringify(a)).join(', ')}) rejected: ${e instanceof Error ? e.message : String(e)}`);
  }
}

async function editorAt(text: string, cursor: [number, number], language = 'plaintext'): Promise<vscode.TextEditor> {
  const editor = await openDocument(text, language);
  editor.selections = [new vscode.Selection(...cursor, ...cursor)];
  return editor;
}

function isInsertResult(r: unknown): r is InsertResult {
  return typeof r === 'object' && r !== null && 'status' in r;
}

/** An insert-family failure must say something a user can act on. */
function assertFailed(r: unknown, code?: string): void {
  assert.ok(isInsertResult(r) && r.status === 'failed', `expected a failure, got ${JSON.stringify(r)}`);
  if (code) assert.equal(r.code, code, r.message);
  assert.ok(r.message.length > 20, `message too short to act on: ${r.message}`);
}

const FROM = '2024-05-01T00:00:00Z';

/** Every editing command with an argument that succeeds on a writable document. */
const EDITING: [string, unknown[], [number, number] | 'all'][] = [
  ['idsmith.insert', [{ kind: 'ulid' }], ON_WORDS],
  ['idsmith.insertUlid', [], ON_WORDS],
  ['idsmith.insertUuidV4', [], ON_WORDS],
  ['idsmith.insertUuidV7', [], ON_WORDS],
  ['idsmith.insertSnowflake', [], ON_WORDS],
  ['idsmith.insertAtTime', [{ kind: 'uuidv7', time: FROM }], ON_WORDS],
  ['idsmith.regenerate', [], 'all'],
  ['idsmith.convert', [{ to: 'uuid' }], ON_ULID],
  ['idsmith.insertBounds', [{ kind: 'ulid', from: FROM }], ON_WORDS],
];

function select(editor: vscode.TextEditor, where: [number, number] | 'all'): void {
  const doc = editor.document;
  editor.selections = [where === 'all'
    ? new vscode.Selection(0, 0, doc.lineCount - 1, doc.lineAt(doc.lineCount - 1).text.length)
    : new vscode.Selection(...where, ...where)];
}

describe('hardening: every command on hostile input', function () {
  this.timeout(60_000);
  before(() => activateExtension());
  afterEach(async () => {
    await resetSettings();
    await closeAllEditors();
  });

  describe('read-only documents are never changed', () => {
    // The file-system case for insert, insertAtTime and regenerate is in insert.test.ts; here
    // the remaining commands, and the read-only editor without a file system behind it.
    it('a read-only file system: shortcuts, convert and bounds refuse, inspect only reads', async () => {
      const scheme = `idsmith-hardening-ro-${TEST_HOST}`;
      const uri = vscode.Uri.parse(`${scheme}:/ids.txt`);
      const registration = vscode.workspace.registerFileSystemProvider(scheme, readOnlyFs(new TextEncoder().encode(SAMPLE)), { isReadonly: true });
      const violations: string[] = [];
      try {
        for (const [command, args, where] of EDITING.filter(([c]) => !['idsmith.insert', 'idsmith.insertAtTime', 'idsmith.regenerate'].includes(c))) {
          await closeAllEditors(); // reverts whatever a previous command managed to change
          const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
          select(editor, where);
          const r = await run(command, ...args);
          if (isInsertResult(r) && !(r.status === 'failed' && r.code === 'READ_ONLY')) violations.push(`${command} returned ${JSON.stringify(r)}`);
          if (editor.document.getText() !== SAMPLE) violations.push(`${command} changed the read-only document`);
        }
        await closeAllEditors();
        const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
        select(editor, ON_ULID);
        const before = editor.document.getText();
        const decoded = await run('idsmith.inspect') as { input?: string } | undefined;
        if (decoded?.input !== before.split('\n')[0]!.slice(5)) violations.push(`idsmith.inspect read ${JSON.stringify(decoded?.input)} at the cursor`);
        if (editor.document.getText() !== before) violations.push('idsmith.inspect changed the read-only document');
      } finally {
        registration.dispose();
      }
      assert.deepEqual(violations, []);
    });

    it('a read-only virtual document (the Inspect card): every editing command leaves it alone', async () => {
      const violations: string[] = [];
      for (const [command, args, where] of EDITING) {
        await closeAllEditors();
        await run('idsmith.inspect', { text: ULID });
        // The card's source, opened as a text editor (as "Open Source" in the preview does).
        const card = await vscode.window.showTextDocument(await inspectCard());
        const before = card.document.getText();
        const ulidAt = card.document.positionAt(before.indexOf(ULID) + 2);
        select(card, where === ON_WORDS ? [0, 0] : where === ON_ULID ? [ulidAt.line, ulidAt.character] : where);
        const r = await run(command, ...args);
        if (isInsertResult(r) && r.status !== 'failed') violations.push(`${command} returned ${JSON.stringify(r)}`);
        if (card.document.getText() !== before) violations.push(`${command} changed the card`);
      }
      assert.deepEqual(violations, []);
    });
  });

  describe('times that cannot be read or held', () => {
    const badTimes: [string, unknown][] = [
      ['words', 'next tuesday'],
      ['an impossible date', '2024-02-30'],
      ['a month 13', '2024-13-01T00:00:00Z'],
      ['an unknown unit', '-5 parsecs'],
      ['a number instead of text', 1714521600000],
      ['an object', { at: 'noon' }],
      ['an empty string', ''],
    ];
    for (const [what, time] of badTimes) {
      it(`insertAtTime with ${what}: INVALID_ARGUMENT, unchanged`, async () => {
        const editor = await editorAt(SAMPLE, ON_WORDS);
        assertFailed(await run('idsmith.insertAtTime', { kind: 'ulid', time }), 'INVALID_ARGUMENT');
        assert.equal(editor.document.getText(), SAMPLE);
      });
    }

    for (const [kind, time] of [['ksuid', '2001-01-01T00:00:00Z'], ['objectid', '2200-01-01T00:00:00Z'], ['snowflake', '2001-01-01T00:00:00Z'], ['uuidv7', '-1000000d']]) {
      it(`insertAtTime ${kind} at ${time}, which it cannot hold: a message, unchanged`, async () => {
        const editor = await editorAt(SAMPLE, ON_WORDS);
        assertFailed(await run('idsmith.insertAtTime', { kind, time }));
        assert.equal(editor.document.getText(), SAMPLE);
      });
    }

    for (const [what, from] of [['words', 'yesterday-ish'], ['an impossible date', '2024-02-30'], ['an object', {}], ['NaN', Number.NaN], ['a time before KSUIDs', '1990-01-01']]) {
      it(`insertBounds from ${what}: nothing inserted`, async () => {
        const editor = await editorAt(SAMPLE, ON_WORDS);
        const r = await run('idsmith.insertBounds', { kind: what === 'a time before KSUIDs' ? 'ksuid' : 'ulid', from });
        assertFailed(r, 'INVALID_ARGUMENT');
        assert.equal(editor.document.getText(), SAMPLE);
      });
    }
  });

  describe('nothing to act on', () => {
    it('inspect with the cursor on plain words asks for an ID; dismissing it opens nothing', async () => {
      const editor = await editorAt(SAMPLE, ON_WORDS);
      assert.deepEqual(await run('idsmith.inspect'), { status: 'cancelled' });
      assert.deepEqual(cardTabs(), []);
      assert.equal(editor.document.getText(), SAMPLE);
    });

    it('no editor open: convert, bounds and regenerate settle without an edit; inspect { text } still decodes', async () => {
      await closeAllEditors();
      await waitFor(() => vscode.window.activeTextEditor === undefined, 'no active editor');
      assertFailed(await run('idsmith.checkFile'), 'NO_EDITOR');
      assertFailed(await run('idsmith.summarizeIds'), 'NO_EDITOR');
      assertFailed(await run('idsmith.convert', { to: 'uuid' }), 'NO_EDITOR');
      assertFailed(await run('idsmith.insertBounds', { kind: 'ulid', from: FROM }), 'NO_EDITOR');
      assertFailed(await run('idsmith.regenerate'), 'NO_EDITOR');
      assertFailed(await run('idsmith.insertAtTime', { kind: 'ulid', time: FROM }), 'NO_EDITOR');
      assert.equal(((await run('idsmith.inspect', { text: ULID })) as { kind: string }).kind, 'ulid');
    });

    it('100 KB of text without an ID selected: regenerate finds nothing, convert converts nothing', async () => {
      const junk = Array.from({ length: 2000 }, (_, i) => `line ${i}: ${'deadbeef-'.repeat(3)} ${'Zz9'.repeat(10)} ${'1'.repeat(16)} é😀`).join('\n');
      const editor = await openDocument(junk);
      select(editor, 'all');
      assertFailed(await run('idsmith.regenerate'), 'NOTHING_FOUND');
      assertFailed(await run('idsmith.convert', { to: 'uuid' }), 'NOTHING_FOUND');
      assert.equal(editor.document.getText(), junk);
    });
  });

  describe('arguments of the wrong shape', () => {
    // What keybindings.json or another extension may pass. The cursor sits on plain words with
    // nothing selected, so no command has anything it could legitimately edit. (A Uri, as menus
    // pass, is left out: inserting at the cursor is then the right answer.)
    const junk: unknown[] = [null, 42, 'ulid', [], true];
    const commands = ['idsmith.insert', 'idsmith.insertUlid', 'idsmith.insertUuidV4', 'idsmith.insertUuidV7', 'idsmith.insertSnowflake',
      'idsmith.insertAtTime', 'idsmith.regenerate', 'idsmith.inspect', 'idsmith.convert', 'idsmith.insertBounds'];
    for (const command of commands) {
      it(`${command}: null, a number, a string, an array, a boolean`, async () => {
        const editor = await editorAt(SAMPLE, ON_WORDS);
        for (const arg of junk) {
          const r = await run(command, arg);
          // Every command answers in the one protocol (shared/outcome.ts).
          assert.ok(isInsertResult(r) && (r.status === 'failed' || r.status === 'cancelled'), `${command}(${JSON.stringify(arg)}) gave ${JSON.stringify(r)}`);
          assert.equal(editor.document.getText(), SAMPLE, `${command}(${JSON.stringify(arg)}) changed the document`);
        }
      });
    }

    const fields: [string, unknown][] = [
      ['idsmith.insert', { kind: {} }],
      ['idsmith.insert', { kind: 'ulid', count: '3' }],
      ['idsmith.insert', { kind: 'ulid', count: 1e9 }],
      ['idsmith.insertAtTime', { kind: 42, time: FROM }],
      ['idsmith.insertAtTime', { kind: 'nanoid', time: FROM }],
      ['idsmith.inspect', { text: 42 }],
      ['idsmith.inspect', { text: null }],
      ['idsmith.convert', { to: 42 }],
      ['idsmith.convert', { to: 'uuid', uri: 42 }],
      ['idsmith.convert', { to: 'uuid', ranges: 'everything' }],
      ['idsmith.convert', { to: 'uuid', ranges: [null] }],
      ['idsmith.insertBounds', { kind: 42, from: FROM }],
      ['idsmith.insertBounds', { kind: 'ulid', from: FROM, format: 42 }],
      ['idsmith.insertBounds', { kind: 'snowflake', from: FROM, epoch: {} }],
      ['idsmith.insertBounds', { kind: 'typeid', from: FROM, prefix: 42 }],
    ];
    for (const [command, arg] of fields) {
      it(`${command}(${JSON.stringify(arg)}): refused, unchanged`, async () => {
        const editor = await editorAt(SAMPLE, ON_ULID);
        assertFailed(await run(command, arg));
        assert.equal(editor.document.getText(), SAMPLE);
      });
    }

    it('inspect with 100 KB, control characters or emoji as text: no ID, nothing opened', async () => {
      for (const text of ['x'.repeat(100_000), '\u0000\u0001', '😀'.repeat(26), '']) {
        const d = await run('idsmith.inspect', { text }) as { status: string; code?: string; valid?: boolean };
        assert.ok((d.status === 'failed' && d.code === 'NOTHING_FOUND') || (d.status === 'inspected' && d.valid === false), `${JSON.stringify(text.slice(0, 30))} -> ${JSON.stringify(d)}`);
      }
      assert.deepEqual(cardTabs(), []);
    });

    it('inspect of a ULID one character short: read only as the shape allows, marked implausible', async () => {
      // Explicit text is read in every shape it allows: 25 base36 characters are a SCRU128 (of 1991).
      const d = await run('idsmith.inspect', { text: ` ${ULID.slice(0, 25)} ` }) as { status: string; kind?: string; plausible?: boolean };
      assert.equal(d.status, 'inspected', JSON.stringify(d));
      assert.equal(d.kind, 'scru128');
      assert.equal(d.plausible, false, JSON.stringify(d));
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });
  });

  describe('settings edited by hand past the schema', () => {
    // settings.json accepts any JSON; the schema only warns. Each command must fall back to a
    // default or name the setting, never throw, and hovers must keep working.
    const wrong: Record<string, unknown> = {
      defaultKind: 'guid', 'uuid.version': 5, 'uuid.case': 42, 'uuid.format': 'fancy', 'ulid.case': 'sideways',
      'insert.quote': 7, 'insert.templates': 'not an object', 'snowflake.epoch': {}, 'snowflake.workerId': '3',
      'nanoid.size': 'big', 'typeid.prefix': 42, 'hover.enabled': 'yes', 'hover.timeZone': 'Mars/Olympus', 'hover.dateFormat': 1,
    };

    it('insert, shortcuts, convert, inspect and hover all still work', async () => {
      await applySettings(wrong);
      const editor = await editorAt(SAMPLE, ON_WORDS);
      for (const [command, args] of [['idsmith.insert', [{}]], ['idsmith.insertUlid', []], ['idsmith.insertUuidV4', []], ['idsmith.insertSnowflake', []],
        ['idsmith.insert', [{ kind: 'nanoid' }]], ['idsmith.insert', [{ kind: 'typeid' }]]] as [string, unknown[]][]) {
        const before = editor.document.getText();
        const r = await run(command, ...args);
        assert.ok(isInsertResult(r), `${command}: ${JSON.stringify(r)}`);
        if (r.status === 'failed') {
          assert.ok(r.setting && r.message.includes(r.setting), `${command} failed without naming a setting: ${r.message}`);
          assert.equal(editor.document.getText(), before);
        } else {
          assert.equal(r.status, 'inserted', JSON.stringify(r));
          for (const id of r.ids) {
            if (r.kind === 'nanoid') assert.match(id, /^[A-Za-z0-9_-]{21}$/);
            else assert.notEqual(inspect(id).kind, 'unknown', `${command} inserted ${id}`);
          }
        }
        editor.selections = [new vscode.Selection(...ON_WORDS, ...ON_WORDS)];
      }
      const hover = await hoverText(editor.document, new vscode.Position(...ON_ULID));
      assert.match(hover, /2016-07-30/, 'the ULID hover still shows its time');
      const d = await run('idsmith.inspect', { text: DISCORD }) as { kind: string };
      assert.equal(d.kind, 'snowflake');
      await closeAllEditors();
      const fresh = await editorAt(SAMPLE, ON_ULID);
      await run('idsmith.convert', { to: 'uuid' });
      assert.equal(fresh.document.lineAt(0).text, 'ulid 01563df3-6481-d676-4c61-efb99302bd5b');
    });

    it('a bad snowflake epoch or TypeID prefix setting stops bounds for that kind only', async () => {
      await applySettings({ 'snowflake.epoch': 'myspace', 'typeid.prefix': 'Bad-Prefix' });
      const editor = await editorAt('', [0, 0]);
      assertFailed(await run('idsmith.insertBounds', { kind: 'snowflake', from: FROM }), 'INVALID_SETTING');
      // TypeID bounds ask for the prefix (the bad setting is not offered); the prompt is dismissed here.
      assert.equal((await run('idsmith.insertBounds', { kind: 'typeid', from: FROM }) as { status: string }).status, 'cancelled');
      assert.equal(editor.document.getText(), '');
      assert.equal((await run('idsmith.insertBounds', { kind: 'ulid', from: FROM }) as { status: string }).status, 'inserted');
      assert.notEqual(editor.document.getText(), '');
    });

    it('regenerate under a bad snowflake epoch leaves the snowflake and says why, and still regenerates the rest', async () => {
      await applySettings({ 'snowflake.epoch': 'myspace' });
      const editor = await editorAt(SAMPLE, [0, 0]);
      select(editor, 'all');
      const r = await run('idsmith.regenerate');
      assert.ok(isInsertResult(r), JSON.stringify(r));
      const text = editor.document.getText();
      if (r.status === 'failed') {
        assert.equal(text, SAMPLE);
        assert.ok(r.message.includes('idsmith.snowflake.epoch'), r.message);
      } else {
        assert.equal(r.status, 'regenerated', JSON.stringify(r));
        assert.ok(text.includes(DISCORD), 'the snowflake it cannot read was replaced');
        assert.ok(!text.includes(ULID), 'the ULID was not regenerated');
      }
    });
  });
});
