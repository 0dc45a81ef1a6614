import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { generate, inspect, readConventions } from '../../src/core';
import { TEST_HOST, activateExtension, applySettings, closeAllEditors, log, openActive, resetSettings, waitFor } from './util';

// Completions in the real editor, through vscode.executeCompletionItemProvider (every provider's
// items; Idsmith's are the ones labelled "New …") and, for several cursors, through the suggest
// widget itself: triggered, accepted, undone.

interface Offered {
  label: string;
  text: string;
  detail: string;
  item: vscode.CompletionItem;
}

function labelOf(item: vscode.CompletionItem): string {
  return typeof item.label === 'string' ? item.label : item.label.label;
}

function textOf(item: vscode.CompletionItem): string {
  const t = item.insertText;
  return t === undefined ? labelOf(item) : typeof t === 'string' ? t : t.value;
}

/** Idsmith's items at `position`, in the order the provider gave them (sortText). */
async function offered(doc: vscode.TextDocument, position: vscode.Position, trigger?: string, resolve = 20): Promise<Offered[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, position, trigger, resolve);
  return list.items
    .filter((i) => /^New /.test(labelOf(i)) && typeof i.label !== 'string')
    .sort((a, b) => { const x = a.sortText ?? labelOf(a), y = b.sortText ?? labelOf(b); return x < y ? -1 : x > y ? 1 : 0; })
    .map((item) => ({ label: labelOf(item), text: textOf(item), detail: item.detail ?? '', item }));
}

/** The position just after the first occurrence of `marker` in the document (marker removed from view). */
function at(doc: vscode.TextDocument, marker: string, nth = 0): vscode.Position {
  let from = 0;
  for (let i = 0; ; i++) {
    const o = doc.getText().indexOf(marker, from);
    assert.ok(o >= 0, `marker ${marker} #${nth}`);
    if (i === nth) return doc.positionAt(o + marker.length);
    from = o + marker.length;
  }
}

const PAST = Date.now() - 3 * 86_400_000;

/** A file of the workspace (outside fixtures/, which the check reads on open), opened in an editor. */
async function openFile(relative: string, text: string): Promise<vscode.TextDocument> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('no workspace folder: the harness opens test/fixtures/workspace');
  const uri = vscode.Uri.joinPath(folder.uri, relative);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc);
  await waitFor(() => vscode.window.activeTextEditor?.document === doc && doc.getText() === text, `${relative} to open`);
  return doc;
}

describe('completions', () => {
  before(() => activateExtension());
  afterEach(async () => {
    await resetSettings();
    await closeAllEditors();
  });

  it('a JSON fixture of upper-case braced UUIDs gets an upper-case braced UUID of the same version', async () => {
    const ids = generate('uuidv7', { count: 3, timeMs: PAST }).map((u) => `{${u.toUpperCase()}}`);
    const text = `[\n  { "id": "${ids[0]}", "name": "a" },\n  { "id": "${ids[1]}", "name": "b" },\n  { "id": "${ids[2]}", "name": "c" },\n  { "id": "", "name": "d" }\n]\n`;
    const doc = (await openActive(text, 'json')).document;
    const items = await offered(doc, at(doc, '"id": "', 3), '"');
    assert.ok(items.length > 0, 'items in the empty id value');
    const first = items[0]!;
    assert.equal(first.label, 'New UUID v7');
    // It replaces the editor's two quotes, as the JSON language's own value suggestions do.
    assert.match(first.text, /^"\{[0-9A-F]{8}-[0-9A-F]{4}-7[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}\}"$/);
    assert.equal(doc.getText(first.item.range as vscode.Range), '""');
    assert.equal(first.item.preselect, true);
    assert.match(first.detail, /^UUID v7 · \d{4}-\d\d-\d\dT/);
    assert.match(first.detail, /like the other id values/);
    // Typing the kind elsewhere in that file spells it the same way.
    const words = await offered(doc, at(doc, '"name": "d" }'), undefined);
    assert.equal(words.length, 0, 'no kind word at the end of a value');
  });

  it('a YAML file of user_… TypeIDs under user_id gets a user_ TypeID there', async () => {
    const t = generate('typeid', { count: 2, prefix: 'user', timeMs: PAST });
    const text = `users:\n  - user_id: ${t[0]}\n    name: a\n  - user_id: ${t[1]}\n    name: b\n  - user_id: \n    name: c\n  - user_id: ''\n`;
    const doc = (await openActive(text, 'yaml')).document;
    const bare = await offered(doc, at(doc, 'user_id: ', 2));
    assert.equal(bare[0]?.label, 'New TypeID');
    assert.match(bare[0]!.text, /^user_[0-7][0-9a-hjkmnp-tv-z]{25}$/, 'bare, as the other user_id values');
    const quoted = await offered(doc, at(doc, "user_id: '", 0), "'");
    assert.match(quoted[0]!.text, /^'user_[0-7][0-9a-hjkmnp-tv-z]{25}'$/, 'replaces the two quotes the editor typed');
    assert.equal(doc.getText(quoted[0]!.item.range as vscode.Range), "''");
    assert.equal(inspect(quoted[0]!.text.slice(1, -1)).kind, 'typeid');
  });

  it('a JSON array slot gets the kind of its siblings (it got nothing): on one line, and an element a line', async () => {
    const [u, v] = generate('ulid', { count: 2, timeMs: PAST });
    const doc = (await openActive(`["${u}", ""]\n`, 'json')).document;
    const items = await offered(doc, at(doc, ', "'), '"');
    assert.equal(items[0]?.label, 'New ULID');
    assert.match(items[0]!.text, /^"[0-9A-HJKMNP-TV-Z]{26}"$/, 'upper case and quoted, as its sibling');
    assert.equal(doc.getText(items[0]!.item.range as vscode.Range), '""');
    assert.match(items[0]!.detail, /like the other values of this array/);
    await closeAllEditors();
    // Lower-case ULIDs under a key, an element a line, and a new element after them.
    const lower = `{\n  "refs": [\n    "${u!.toLowerCase()}",\n    "${v!.toLowerCase()}",\n    ""\n  ]\n}\n`;
    const doc2 = (await openActive(lower, 'json')).document;
    const items2 = await offered(doc2, new vscode.Position(4, 5), '"');
    assert.equal(items2[0]?.label, 'New ULID');
    assert.match(items2[0]!.text, /^"[0-9a-hjkmnp-tv-z]{26}"$/);
  });

  it('a YAML list item (`- `) gets the kind and spelling of the list\'s other items (it got nothing), not the file\'s most frequent kind', async () => {
    const uuids = generate('uuidv7', { count: 3, timeMs: PAST });
    const [u, v] = generate('ulid', { count: 2, timeMs: PAST }).map((x) => x.toLowerCase());
    const text = `users:\n${uuids.map((x) => `  - id: ${x}\n`).join('')}refs:\n  - ${u}\n  - ${v}\n  - \nname: x\n`;
    const doc = (await openActive(text, 'yaml')).document;
    const items = await offered(doc, new vscode.Position(7, 4));
    assert.equal(items[0]?.label, 'New ULID', items.map((i) => i.label).join(', '));
    assert.match(items[0]!.text, /^[0-7][0-9a-hjkmnp-tv-z]{25}$/, 'lower case and bare, as the other items');
    assert.match(items[0]!.detail, /like the other items of this list/);
    // Quoted as the editor leaves it (`- '|'`): the item replaces both quotes.
    await closeAllEditors();
    const quoted = (await openActive(`refs:\n  - '${u}'\n  - ''\n`, 'yaml')).document;
    const q = await offered(quoted, new vscode.Position(2, 5), "'");
    assert.match(q[0]!.text, /^'[0-7][0-9a-hjkmnp-tv-z]{25}'$/);
    assert.equal(quoted.getText(q[0]!.item.range as vscode.Range), "''");
    // A Markdown list is no YAML list: nothing there.
    await closeAllEditors();
    const md = (await openActive(`- ${u}\n- ${v}\n- \n`, 'markdown')).document;
    assert.deepEqual(await offered(md, new vscode.Position(2, 2)), []);
  });

  it('typing ulid in a comment offers a ULID; guidance and fluid offer nothing', async () => {
    const text = '// created ulid\n// guidance\n// fluid\nconst x = obj.uuid\n';
    const doc = (await openActive(text, 'typescript')).document;
    const items = await offered(doc, at(doc, 'created ulid'));
    const ulid = items.find((i) => i.label === 'New ULID');
    assert.ok(ulid, `a New ULID item (got ${items.map((i) => i.label).join(', ')})`);
    assert.match(ulid.text, /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
    const range = ulid.item.range as vscode.Range;
    assert.equal(doc.getText(range), 'ulid', 'replaces the typed word');
    assert.match(ulid.detail, /^ULID · \d{4}-/);
    assert.deepEqual(await offered(doc, at(doc, 'guidance')), []);
    assert.deepEqual(await offered(doc, at(doc, 'gui')), [], 'not in the middle of a word');
    assert.deepEqual(await offered(doc, at(doc, 'fluid')), []);
    assert.deepEqual(await offered(doc, at(doc, 'obj.uuid')), [], 'not after a dot');
  });

  it('the documentation is the card of the ID to be inserted', async () => {
    const doc = (await openActive('ksuid', 'plaintext')).document;
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, new vscode.Position(0, 5), undefined, 50);
    const k = list.items.find((i) => labelOf(i) === 'New KSUID');
    assert.ok(k);
    const md = k.documentation instanceof vscode.MarkdownString ? k.documentation.value : String(k.documentation);
    assert.match(md, /KSUID/);
    assert.match(md, /\d{4}-\d\d-\d\d/);
  });

  it('SQL: a VALUES position of the id column gets the kind its other rows hold, quoted as they are', async () => {
    const u = generate('ulid', { count: 2, timeMs: PAST });
    const text = `INSERT INTO users (id, name) VALUES\n  ('${u[0]}', 'Ada'),\n  ('${u[1]}', 'Bob'),\n  (, 'Cy'),\n  ('', 'Di');\n`;
    const doc = (await openActive(text, 'sql')).document;
    const bare = await offered(doc, new vscode.Position(3, 3));
    assert.equal(bare[0]?.label, 'New ULID');
    assert.match(bare[0]!.text, /^'[0-7][0-9A-HJKMNP-TV-Z]{25}'$/, 'quoted as the column is');
    assert.match(bare[0]!.detail, /like the other id values/);
    const quoted = await offered(doc, new vscode.Position(4, 4), "'");
    assert.match(quoted[0]!.text, /^'[0-7][0-9A-HJKMNP-TV-Z]{25}'$/, 'replaces the two quotes');
    assert.deepEqual(await offered(doc, new vscode.Position(3, 5)), [], 'the name column holds no IDs');
  });

  it('an ID-named key in UPPER_SNAKE (an .env file, a JSON key) gets one, as user_id does', async () => {
    // USER_ID= got nothing: the suffix was matched in lower case only.
    const doc = (await openActive('USER_ID=\nuser_id=\nNOTE=\n', 'plaintext')).document;
    assert.ok((await offered(doc, new vscode.Position(0, 8))).length > 0, 'USER_ID=');
    assert.ok((await offered(doc, new vscode.Position(1, 8))).length > 0, 'user_id=');
    assert.deepEqual(await offered(doc, new vscode.Position(2, 5)), [], 'NOTE= is no ID');
    const json = (await openActive('{"USER_ID": ""}', 'json')).document;
    assert.ok((await offered(json, new vscode.Position(0, 13), '"')).length > 0, '"USER_ID": ""');
  });

  it('CSV: an empty field of the id column', async () => {
    const o = generate('objectid', { count: 2, timeMs: PAST });
    const text = `id,name\n${o[0]},a\n${o[1]},b\n,c\n`;
    const doc = await openFile('completions/rows.csv', text);
    const items = await offered(doc, new vscode.Position(3, 0));
    assert.equal(items[0]?.label, 'New ObjectId');
    assert.match(items[0]!.text, /^[0-9a-f]{24}$/);
  });

  it('is off with idsmith.completions.enabled = false', async () => {
    await applySettings({ 'completions.enabled': false });
    const doc = (await openActive('ulid', 'plaintext')).document;
    assert.deepEqual(await offered(doc, new vscode.Position(0, 4)), []);
  });

  /** Opens the suggest widget at the editor's cursors and accepts what it selects. */
  async function acceptSuggestion(doc: vscode.TextDocument): Promise<void> {
    const version = doc.version;
    await vscode.commands.executeCommand('editor.action.triggerSuggest');
    await waitFor(async () => {
      await vscode.commands.executeCommand('acceptSelectedSuggestion');
      return doc.version !== version;
    }, 'the suggestion to be accepted', 15_000);
  }

  it('two cursors in empty id values get two distinct ascending IDs, in one undo step', async function () {
    this.timeout(60_000);
    const ids = generate('uuidv7', { count: 2, timeMs: PAST }).map((u) => `{${u.toUpperCase()}}`);
    const text = `[\n  { "id": "${ids[0]}" },\n  { "id": "${ids[1]}" },\n  { "id": "" },\n  { "id": "" }\n]`;
    const editor = await openActive(text, 'json');
    const doc = editor.document;
    // The lower cursor is the primary one: document order, not cursor order, decides.
    editor.selections = [at(doc, '"id": "', 3), at(doc, '"id": "', 2)].map((p) => new vscode.Selection(p, p));
    await acceptSuggestion(doc);
    const lines = doc.getText().split('\n');
    const got = [lines[3]!, lines[4]!].map((l) => /"id": "([^"]*)"/.exec(l)?.[1] ?? l);
    log(`      ${TEST_HOST} host: two cursors got ${got.join(', ')}`);
    for (const g of got) assert.match(g, /^\{[0-9A-F]{8}-[0-9A-F]{4}-7[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}\}$/);
    assert.ok(got[0]! < got[1]!, 'distinct, ascending top to bottom');
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), text, 'one undo step removes both');
  });

  it('a kind typed at two cursors becomes two distinct ascending IDs, in one undo step', async function () {
    this.timeout(60_000);
    const text = 'a = ulid\nb = ulid\n';
    const editor = await openActive(text, 'plaintext');
    const doc = editor.document;
    editor.selections = [new vscode.Selection(1, 8, 1, 8), new vscode.Selection(0, 8, 0, 8)];
    await acceptSuggestion(doc);
    const got = doc.getText().split('\n').slice(0, 2).map((l) => l.slice(4));
    log(`      ${TEST_HOST} host: two cursors typing ulid got ${got.join(', ')}`);
    for (const g of got) assert.match(g, /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
    assert.ok(got[0]! < got[1]!, 'distinct, ascending top to bottom');
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), text, 'one undo step restores the typed words');
  });

  for (const n of [100, 100_000]) {
    it(`costs a read of the file once, not per keystroke: ${n.toLocaleString('en-US')}-line CSV and log [figure]`, async function () {
      this.timeout(300_000);
      // Word-based suggestions (asked only when no provider has items) read the whole document:
      // off, so the round trip where Idsmith has nothing to say is the round trip alone.
      const editorConfig = vscode.workspace.getConfiguration('editor');
      await editorConfig.update('wordBasedSuggestions', 'off', vscode.ConfigurationTarget.Global);
      after(() => editorConfig.update('wordBasedSuggestions', undefined, vscode.ConfigurationTarget.Global));
      const ids = generate('ulid', { count: n, timeMs: PAST });
      const csv = `id,name\n${ids.slice(0, n - 2).map((id, i) => `${id},user ${i}`).join('\n')}\n,last\n`;
      const logText = `${ids.slice(0, n - 1).map((id, i) => `2026-01-01T00:00:00Z INFO request ${i} order=${id} done`).join('\n')}\nnext ulid\n`;
      // First-call costs (modules, generators) are not the file's: one request on a small file first.
      const warm = await openFile('completions/warm.txt', 'ulid');
      await offered(warm, new vscode.Position(0, 4), undefined, 1);
      for (const [name, text, slot] of [
        ['CSV, empty id field', csv, new vscode.Position(n - 1, 0)],
        ['log, typing ulid', logText, new vscode.Position(n - 1, 9)],
      ] as const) {
        const doc = await openFile(`completions/big-${n}.${name.startsWith('CSV') ? 'csv' : 'log'}`, text);
        const editor = vscode.window.activeTextEditor!;
        assert.equal(editor.document, doc);
        const none = new vscode.Position(Math.floor(n / 2), 0);
        const time = async (p: vscode.Position) => {
          const t0 = performance.now();
          const items = await offered(doc, p, undefined, 1); // the editor resolves the focused item only
          return { ms: performance.now() - t0, items };
        };
        const keystroke = () => editor.edit((b) => b.insert(new vscode.Position(Math.floor(n / 2), 0), ' '), { undoStopBefore: false, undoStopAfter: false });
        const firstNone = await time(none); // the editor's own first-request costs for this document
        const first = await time(slot);
        assert.equal(first.items[0]?.label, 'New ULID');
        // Pairs, so load from other processes on the machine hits both alike: a request where
        // Idsmith answers and one where it has nothing to say, at the same version; then each
        // after a keystroke (a new version every time).
        const same: number[] = [];
        const sameNone: number[] = [];
        const typed: number[] = [];
        const typedNone: number[] = [];
        for (let i = 0; i < 20; i++) {
          same.push((await time(slot)).ms);
          sameNone.push((await time(none)).ms);
        }
        for (let i = 0; i < 20; i++) {
          await keystroke();
          const r = await time(slot);
          assert.equal(r.items[0]?.label, 'New ULID');
          typed.push(r.ms);
          await keystroke();
          const r0 = await time(none);
          assert.equal(r0.items.length, 0);
          typedNone.push(r0.ms);
        }
        // What reading the file costs in this extension host, for comparison (the test bundle has the same core).
        const t0 = performance.now();
        readConventions(doc.getText(), { fileName: doc.uri.path, languageId: doc.languageId });
        const readMs = performance.now() - t0;
        const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
        log(`      [figure] ${TEST_HOST} host, completions, ${n.toLocaleString('en-US')}-line ${name} (${(text.length / 1e6).toFixed(2)} MB; ` +
          `reading its IDs' conventions takes ${readMs.toFixed(0)} ms here): first request ${first.ms.toFixed(0)} ms (after one with nothing to say: ${firstNone.ms.toFixed(0)} ms); then, median of 20 ` +
          `executeCompletionItemProvider round trips, ${median(same).toFixed(1)} ms (${median(sameNone).toFixed(1)} ms where Idsmith has nothing to say) ` +
          `at one version, ${median(typed).toFixed(1)} ms (${median(typedNone).toFixed(1)} ms) right after a keystroke, max ${Math.max(...typed).toFixed(0)} ms`);
        await closeAllEditors();
      }
    });
  }
});
