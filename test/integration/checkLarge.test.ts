// Fixture health on large files in the real workbench: the automatic check runs in slices and
// is abandoned when the document changes, so a document edited while its check is in flight gets
// the diagnostics of its final version only (a sequence of edits, watched as it happens); and a
// file over idsmith.check.maxFileSize gets no automatic diagnostics while Check IDs in File still
// checks it.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { activateExtension, applySettings, closeAllEditors, log, resetSettings, waitFor, writeFixture } from './util';

const B32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
function ulid(i: number): string {
  let s = '';
  for (let n = Date.UTC(2024, 0, 1) + i * 1000, k = 0; k < 10; k++, n = Math.floor(n / 32)) s = B32[n % 32] + s;
  let r = '';
  for (let n = i, k = 0; k < 16; k++, n = Math.floor(n / 32)) r = B32[n % 32] + r;
  return s + r;
}

const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Idsmith');
const duplicates = (uri: vscode.Uri) => ours(uri).filter((d) => d.code === 'duplicate').length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A JSON fixture of about `bytes` characters: one object per line, the last row repeating row 0's id. */
function fixture(bytes: number): string {
  const rows: string[] = [];
  let size = 2;
  for (let i = 0; size < bytes; i++) {
    const row = `{"id": "${ulid(i)}", "name": "user ${i}"},`;
    rows.push(row);
    size += row.length + 1;
  }
  rows.push(`{"id": "${ulid(0)}", "name": "copy"}`);
  return `[\n${rows.join('\n')}\n]\n`;
}

describe('check: large files', () => {
  before(() => activateExtension());
  afterEach(async () => {
    await closeAllEditors();
    await resetSettings();
  });

  it('edits while a check is in flight: only the final version is ever shown', async function () {
    this.timeout(120_000);
    // About 10 MB (the cap raised for it): a check of several hundred ms, long enough to be cut
    // however long the workbench takes to hand an edit to the extension host.
    await applySettings({ 'check.maxFileSize': 64 });
    const doc = await writeFixture('large-sequence.json', fixture(10 * 1024 * 1024));
    const editor = vscode.window.activeTextEditor!;
    await waitFor(() => duplicates(doc.uri) === 1, 'the first check', 60_000);

    // Watch every change of the diagnostics as it happens (polling the host's own copy, which a
    // publication updates at once). A change seen while the document kept its version must be
    // that version's result: version k of this sequence has k + 1 duplicates.
    const expected = new Map<number, number>([[doc.version, 1]]);
    const stale: string[] = [];
    const published = new Set<number>([doc.version]);
    let last = { version: doc.version, content: ours(doc.uri).map((d) => `${d.code}@${d.range.start.line}`).join() };
    const watch = setInterval(() => {
      const version = doc.version;
      const content = ours(doc.uri).map((d) => `${d.code}@${d.range.start.line}`).join();
      if (content !== last.content && version === last.version) {
        const count = duplicates(doc.uri);
        if (count !== expected.get(version)) stale.push(`version ${version} showed ${count} duplicates, its own result has ${expected.get(version)}`);
        else published.add(version);
      }
      last = { version, content };
    }, 5);

    const versions: { version: number; ms: number }[] = [];
    try {
      // Each wait, counted from the change event (when the extension's debounce starts too), is
      // past the 300 ms debounce, so that version's check has started; the shorter ones end it
      // early, the longer ones let some checks finish.
      const waits = [310, 340, 400, 500, 800, 1500];
      for (let k = 1; k <= 6; k++) {
        // A copy of row 0 above everything: one more duplicate, and every later line moves down.
        const changed = new Promise<number>((resolve) => {
          const sub = vscode.workspace.onDidChangeTextDocument((e) => {
            // An event with no content change (the document became dirty after the first edit)
            // may arrive after the next edit's listener is set: taken for that edit, it shifted
            // every version after it by one, and the last had no expected count (a flaky failure).
            if (e.document !== doc || e.contentChanges.length === 0) return;
            sub.dispose();
            expected.set(doc.version, k + 1);
            resolve(Date.now());
          });
        });
        const edit = editor.edit((b) => b.insert(new vscode.Position(1, 0), `{"id": "${ulid(0)}", "name": "copy ${k}"},\n`));
        const t0 = await changed;
        await sleep(Math.max(0, waits[k - 1]! - (Date.now() - t0)));
        assert.ok(await edit);
        versions.push({ version: doc.version, ms: Date.now() - t0 });
      }
      await waitFor(() => duplicates(doc.uri) === 7, 'the final version checked', 60_000);
      await sleep(500); // nothing older may arrive after it either
    } finally {
      clearInterval(watch);
    }
    assert.deepEqual(stale, []);
    assert.equal(duplicates(doc.uri), 7);
    const lines = ours(doc.uri).filter((d) => d.code === 'duplicate').map((d) => d.range.start.line);
    // The first copy (line 1) is the first occurrence; the other five copies, row 0 and the last row repeat it.
    assert.deepEqual(lines, [2, 3, 4, 5, 6, 7, doc.lineCount - 3]);
    // Versions that stood longer than the debounce and still never showed their result were
    // checks cut short by the next edit: the sequence did interrupt checks in flight.
    const interrupted = versions.filter((v) => v.ms >= 310 && !published.has(v.version) && v.version !== doc.version);
    log(`versions ${versions.map((v) => `${v.version}:${v.ms}ms${published.has(v.version) ? ' shown' : ''}`).join(', ')}; interrupted ${interrupted.length}`);
    assert.ok(interrupted.length > 0, 'at least one check was cut short by an edit');
  });

  it('over idsmith.check.maxFileSize: no automatic diagnostics; Check IDs in File checks it, and then its edits', async function () {
    this.timeout(60_000);
    await applySettings({ 'check.maxFileSize': 0.05 }); // 52,429 characters
    const small = await writeFixture('small-under-cap.json', fixture(10_000));
    await waitFor(() => duplicates(small.uri) === 1, 'diagnostics for a file under the cap');
    const doc = await writeFixture('large-over-cap.json', fixture(100_000));
    const editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document, doc);
    // Well past the debounce and a 100 KB check: nothing shows.
    await sleep(1500);
    assert.deepEqual(ours(doc.uri), []);
    const result = await vscode.commands.executeCommand<{ problems: { code: string; line: number }[] }>('idsmith.checkFile');
    // The copied last row repeats row 0's ID, and steps back in time.
    assert.deepEqual(result.problems.map((p) => [p.code, p.line]), [['duplicate', doc.lineCount - 3], ['unsorted', doc.lineCount - 3]]);
    assert.equal(duplicates(doc.uri), 1);
    // Asked for once, it is then checked after edits like any included file.
    assert.ok(await editor.edit((b) => b.insert(new vscode.Position(1, 0), `{"id": "${ulid(1)}"},\n`)));
    await waitFor(() => duplicates(doc.uri) === 2, 'the edit checked');
  });
});
