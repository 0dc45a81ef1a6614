// Fixture health in the real workbench: diagnostics for files under idsmith.check.include and
// on request, recomputed on edit; the quick fixes as the light bulb offers them (resolved, as
// when picked), each one undo step; Summarize IDs' return value and its webview panel.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, log, openDocument, openFixture, waitFor } from './util';

const A = '01ARYZ6S41TSV4RRFFQ69G5FAV';
const BAD = 'O1ARYZ6S4ITSV4RRFFQ69G5FAV';
const FUTURE = '01NZZZZZZZZZZZZZZZZZZZZZZZ';
const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Idsmith');
const brief = (d: vscode.Diagnostic) => `${String(d.code)}@${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`;

/** The range of the `nth` occurrence of `needle`. */
function rangeOf(doc: vscode.TextDocument, needle: string, nth = 0): vscode.Range {
  const text = doc.getText();
  let at = -1;
  for (let i = 0; i <= nth; i++) at = text.indexOf(needle, at + 1);
  assert.ok(at >= 0, `${needle} #${nth}`);
  return new vscode.Range(doc.positionAt(at), doc.positionAt(at + needle.length));
}

async function quickFixes(doc: vscode.TextDocument, range: vscode.Range): Promise<vscode.CodeAction[]> {
  // The fourth argument resolves the actions, so their edits are built as when the user picks one.
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, range, vscode.CodeActionKind.QuickFix.value, 10);
  const mine = (actions ?? []).filter((a) => /^(Regenerate this duplicate|Regenerate every duplicate|Fix I\/L\/O)/.test(a.title));
  if (mine.length === 0) log(`quick fixes at ${range.start.line}:${range.start.character}: ${(actions ?? []).map((a) => a.title).join(' | ') || 'none'}`);
  return mine;
}

describe('check: fixture health', () => {
  before(() => activateExtension());
  afterEach(() => closeAllEditors());

  it('a file under fixtures/ gets duplicate, invalid and future diagnostics at the IDs', async () => {
    const { document: doc } = await openFixture('fixtures/users.json');
    const diags = await waitFor(() => ours(doc.uri).length >= 4 && ours(doc.uri), 'Idsmith diagnostics');
    const expected = [
      ['duplicate', rangeOf(doc, A, 1)],
      ['duplicate', rangeOf(doc, A, 2)],
      ['invalid', rangeOf(doc, BAD)],
      ['future', rangeOf(doc, FUTURE)],
    ] as const;
    assert.deepEqual(diags.map(brief).sort(), expected.map(([code, r]) => `${code}@${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`).sort());
    const dup = diags.find((d) => d.code === 'duplicate')!;
    assert.equal(dup.severity, vscode.DiagnosticSeverity.Error);
    assert.match(dup.message, /first at line 2, column 12/);
    assert.equal(dup.relatedInformation?.[0]?.location.range.start.line, 1);
    assert.equal(diags.find((d) => d.code === 'future')!.severity, vscode.DiagnosticSeverity.Warning);
    // The repeated team is a reference (a column of repeats), not a duplicate.
    assert.ok(!diags.some((d) => doc.getText(d.range) === '01BX5ZZKBKACTAV9WEVGEMMVRZ'));
  });

  it('Fix I/L/O replaces the labelled ULID with its correction, as one undo step', async () => {
    const editor = await openFixture('fixtures/users.json');
    const doc = editor.document;
    const before = doc.getText();
    await waitFor(() => ours(doc.uri).some((d) => d.code === 'invalid'), 'the invalid diagnostic');
    const fix = (await quickFixes(doc, rangeOf(doc, BAD))).find((a) => a.title.startsWith('Fix I/L/O'));
    assert.ok(fix?.edit, 'a Fix I/L/O action with its edit');
    assert.equal(fix.title, `Fix I/L/O: change to ${A}`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.equal(doc.getText(), before.replace(BAD, A));
    await waitFor(() => !ours(doc.uri).some((d) => d.code === 'invalid'), 'the invalid diagnostic to go');
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), before);
  });

  it('Regenerate this duplicate: one new ULID of the same spelling, every other occurrence untouched', async () => {
    const editor = await openFixture('fixtures/users.json');
    const doc = editor.document;
    const before = doc.getText();
    await waitFor(() => ours(doc.uri).filter((d) => d.code === 'duplicate').length === 2, 'two duplicates');
    const target = rangeOf(doc, A, 1);
    const fixes = await quickFixes(doc, target);
    const one = fixes.find((a) => a.title === 'Regenerate this duplicate');
    assert.ok(one?.edit, 'resolved with an edit');
    const edits = one.edit.get(doc.uri);
    assert.equal(edits.length, 1);
    assert.ok(edits[0]!.range.isEqual(target));
    assert.ok(await vscode.workspace.applyEdit(one.edit));
    const fresh = doc.getText(target);
    assert.match(fresh, ULID);
    assert.notEqual(fresh, A);
    assert.equal(doc.getText(), before.slice(0, doc.offsetAt(target.start)) + fresh + before.slice(doc.offsetAt(target.end)));
    // Recomputed after the edit: only the other duplicate is left.
    await waitFor(() => ours(doc.uri).filter((d) => d.code === 'duplicate').length === 1, 'one duplicate left');
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), before);
  });

  it('Regenerate every duplicate in the file: distinct new IDs in one edit, one undo restores all', async () => {
    const editor = await openFixture('fixtures/users.json');
    const doc = editor.document;
    const before = doc.getText();
    await waitFor(() => ours(doc.uri).filter((d) => d.code === 'duplicate').length === 2, 'two duplicates');
    const all = (await quickFixes(doc, rangeOf(doc, A, 2))).find((a) => a.title.startsWith('Regenerate every duplicate'));
    assert.ok(all?.edit, 'resolved with an edit');
    assert.equal(all.title, 'Regenerate every duplicate in the file (2)');
    assert.ok(await vscode.workspace.applyEdit(all.edit));
    const lines = doc.getText().split('\n');
    const ids = [2, 3].map((l) => /"id": "([^"]+)"/.exec(lines[l]!)![1]!);
    for (const id of ids) assert.match(id, ULID);
    assert.notEqual(ids[0], ids[1]);
    assert.ok(!ids.includes(A));
    assert.equal(lines[1], before.split('\n')[1], 'the first occurrence stays');
    await waitFor(() => !ours(doc.uri).some((d) => d.code === 'duplicate'), 'no duplicate left');
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), before);
  });

  it('any file through Check IDs in File; diagnostics follow edits', async () => {
    const text = `[\n{"id": "${A}"},\n{"id": "${A}"}\n]\n`;
    const editor = await openDocument(text, 'json');
    const doc = editor.document;
    // Untitled documents are outside idsmith.check.include: nothing until asked.
    await new Promise((r) => setTimeout(r, 600));
    assert.deepEqual(ours(doc.uri), []);
    const result = await vscode.commands.executeCommand<{ status: string; problems: { code: string; line: number; character: number }[] }>('idsmith.checkFile');
    assert.equal(result.status, 'checked');
    assert.deepEqual(result.problems.map((p) => [p.code, p.line, p.character]), [['duplicate', 2, 8]]);
    assert.deepEqual(ours(doc.uri).map(brief), ['duplicate@2:8-2:34']);
    await editor.edit((b) => b.replace(new vscode.Range(2, 8, 2, 34), '01BX5ZZKBKACTAV9WEVGEMMVRZ'));
    await waitFor(() => ours(doc.uri).length === 0, 'diagnostics cleared after the edit');
    await editor.edit((b) => b.insert(new vscode.Position(3, 0), `,{"id": "${A}"}\n`));
    await waitFor(() => ours(doc.uri).map(brief).join() === 'duplicate@3:9-3:35' && true, 'the new duplicate');
  });

  it('SQL: a dollar-quoted function body is text; the duplicates after a quote inside it are found', async () => {
    // The second edge-input hunt: a ' in the body hid what followed, an INSERT in it counted.
    const text = `CREATE FUNCTION greet() RETURNS text LANGUAGE sql AS $$ SELECT $q$Don't panic$q$ $$;\n`
      + `CREATE FUNCTION seed() RETURNS void LANGUAGE sql AS $$ INSERT INTO users (id) VALUES ('${A}'); $$;\n`
      + `INSERT INTO users (id) VALUES ('${A}'), ('${A}');\n`;
    await openDocument(text, 'sql');
    const result = await vscode.commands.executeCommand<{ status: string; problems: { code: string; line: number; character: number }[] }>('idsmith.checkFile');
    assert.equal(result.status, 'checked');
    assert.deepEqual(result.problems.map((p) => [p.code, p.line, p.character]), [['duplicate', 2, 64]]);
  });

  it('Summarize IDs returns the counts and opens its panel', async () => {
    const editor = await openFixture('fixtures/users.json');
    const doc = editor.document;
    const result = await vscode.commands.executeCommand<{ status: string; count: number; kinds: Record<string, number>; from: string; to: string; duplicates: { text: string; line: number }[] }>('idsmith.summarizeIds');
    assert.equal(result.status, 'summarized');
    // 5 ids + 3 teams; the broken "ulid" value is not an ID.
    assert.equal(result.count, 8);
    assert.deepEqual(result.kinds, { ulid: 8 });
    assert.equal(result.from, '2016-07-30T22:36:16.385Z');
    assert.equal(result.to, '2028-10-17T20:04:31.871Z');
    assert.deepEqual(result.duplicates.map((d) => [d.text, d.line]), [[A, 4], [A, 5]]);
    const more = result as unknown as { distinct: number; created: number; references: string[] };
    assert.deepEqual([more.distinct, more.created, more.references], [3, 3, ['team']], 'the teams are references, not creation times');
    const panel = await waitFor(() => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('idsmith.summary')), 'the summary panel');
    assert.equal(panel.label, 'IDs in users.json');
    // A selection summarizes only its lines.
    await vscode.window.showTextDocument(doc);
    const ed = vscode.window.activeTextEditor!;
    ed.selection = new vscode.Selection(1, 0, 2, 0);
    const part = await vscode.commands.executeCommand<{ count: number; duplicates: unknown[] }>('idsmith.summarizeIds');
    assert.equal(part.count, 2);
    assert.deepEqual(part.duplicates, []);
  });

  // Issue 21 item 10, on a copy of the sample's events.csv: 48 rows whose user_id column names
  // two users. Those are references: they neither count as IDs twice nor give creation times.
  it('Summarize IDs counts distinct IDs apart and takes creation times from the id column', async () => {
    await openFixture('fixtures/events.csv');
    const result = await vscode.commands.executeCommand<{ status: string; count: number; distinct: number; created: number; from: string; to: string; references: string[] }>('idsmith.summarizeIds');
    assert.equal(result.status, 'summarized', JSON.stringify(result));
    assert.deepEqual([result.count, result.distinct, result.created], [96, 49, 47]);
    assert.deepEqual(result.references, ['user_id']);
    assert.deepEqual([result.from, result.to], ['2025-03-03T09:51:15.746Z', '2025-03-07T01:55:42.088Z']);
    await waitFor(() => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.label === 'IDs in events.csv'), 'the summary panel');
  });
});
