import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { listingSnippet, listKeys, planKeys } from '../../src/core';
import type { InsertListingResult, PlanResult } from '../../src/editor/keys/plan';
import type { FailedOutcome } from '../../src/editor/shared/outcome';
import { activateExtension, closeAllEditors, openActive, waitFor } from './util';

// "Plan Object Keys…" in its argument form: the plan and listing it shows are the core's, the
// page opens beside the file, and its button (idsmith.insertKeyListing) writes the listing for
// the file's language at the cursor, on lines of its own, as one undo step.

const ARGS = { template: 'logs/{hash:1}/{id}.json.gz', kind: 'ulid', rate: 20000, from: '2024-05-01T00:00:00Z', to: '2024-05-01T00:59:59.999Z' };
const FROM = Date.UTC(2024, 4, 1);
const TO = Date.UTC(2024, 4, 1, 0, 59, 59, 999);

async function plan(args: object = ARGS): Promise<PlanResult> {
  const r = await vscode.commands.executeCommand<PlanResult | FailedOutcome>('idsmith.planObjectKeys', args);
  assert.equal(r.status, 'planned', JSON.stringify(r));
  return r as PlanResult;
}

const insertListing = () => vscode.commands.executeCommand<InsertListingResult | FailedOutcome>('idsmith.insertKeyListing');

function planTab(): vscode.Tab | undefined {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs)
    .find((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('idsmith.keyPlan'));
}

describe('Plan Object Keys', () => {
  before(() => activateExtension());
  afterEach(() => closeAllEditors());

  it('shows the core plan and listing beside the file, and the button inserts the boto3 listing mid-line as lines of their own, one undo step', async () => {
    const original = 'x = 1\nprint(x)\n';
    const editor = await openActive(original, 'python');
    editor.selection = new vscode.Selection(0, 3, 0, 3); // after "x ="
    const r = await plan();
    assert.deepEqual(r.plan, JSON.parse(JSON.stringify(planKeys(ARGS.template, { rate: 20000 }))));
    assert.deepEqual(r.listing, listKeys(ARGS.template, 'ulid', FROM, TO, { letterCase: 'upper' }));
    assert.equal(r.snippet?.format, 'boto3');
    assert.equal(r.snippet?.text, listingSnippet(r.listing as ReturnType<typeof listKeys>, 'boto3'));
    // The tab's title reaches the extension host's tab model a moment after the page opens.
    await waitFor(() => planTab()?.label === `Keys: ${ARGS.template}`, 'the plan page, titled with the template');

    const ins = await insertListing();
    assert.equal(ins.status, 'inserted', JSON.stringify(ins));
    const lines = editor.document.getText().split('\n');
    const snippet = r.snippet!.text.split('\n');
    assert.equal(lines[0], 'x =');
    assert.deepEqual(lines.slice(1, 1 + snippet.length), snippet);
    assert.deepEqual(lines.slice(1 + snippet.length), [' 1', 'print(x)', '']);
    assert.deepEqual((ins as InsertListingResult).lines, [1, snippet.length]);
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), original, 'one undo step takes it all back');
  });

  const languages: Array<[string, string, RegExp]> = [
    ['javascript', 'js', /^import \{ S3Client, paginateListObjectsV2 \} from '@aws-sdk\/client-s3';\n\n\/\/ Keys of the objects of .*\nexport async function listKeysInWindow\(/],
    ['typescript', 'js', /paginateListObjectsV2/],
    ['shellscript', 'shell', /^# objects of .*\n# Set BUCKET=.*\naws s3api list-objects-v2 --bucket "\$BUCKET" /],
    ['markdown', 'shell', /^# objects of /],
  ];
  for (const [language, format, shape] of languages) {
    it(`${language}: the ${format} listing, cursor at the start and at the end of a line`, async () => {
      const editor = await openActive('first line\nlast line', language);
      editor.selection = new vscode.Selection(0, 0, 0, 0);
      const r = await plan();
      assert.equal(r.snippet?.format, format);
      assert.match(r.snippet!.text, shape);
      assert.equal((await insertListing()).status, 'inserted');
      const snippet = r.snippet!.text.split('\n');
      assert.deepEqual(editor.document.getText().split('\n'), [...snippet, 'first line', 'last line']);

      // Again at the end of the last line: after it, on lines of their own.
      const end = editor.document.lineAt(editor.document.lineCount - 1).range.end;
      editor.selection = new vscode.Selection(end, end);
      assert.equal((await insertListing()).status, 'inserted');
      assert.deepEqual(editor.document.getText().split('\n'), [...snippet, 'first line', 'last line', ...snippet]);
    });
  }

  it('indents the listing like the line it lands on', async () => {
    const editor = await openActive('def main():\n    pass\n', 'python');
    editor.selection = new vscode.Selection(1, 4, 1, 4); // before "pass"
    const r = await plan();
    assert.equal((await insertListing()).status, 'inserted');
    const snippet = r.snippet!.text.split('\n').map((l) => (l ? `    ${l}` : '    '));
    assert.deepEqual(editor.document.getText().split('\n'), ['def main():', ...snippet, '    pass', '']);
  });

  it('inserts at the cursor as it is when the button is clicked, after the file changed', async () => {
    const editor = await openActive('a\nb\n', 'shellscript');
    const r = await plan();
    await editor.edit((e) => e.insert(new vscode.Position(2, 0), 'c\n'));
    editor.selection = new vscode.Selection(2, 1, 2, 1); // end of "c"
    assert.equal((await insertListing()).status, 'inserted');
    assert.deepEqual(editor.document.getText().split('\n'), ['a', 'b', 'c', ...r.snippet!.text.split('\n'), '']);
  });

  it('refuses a template that cannot be listed by time, with the reason', async () => {
    await openActive('', 'plaintext');
    const r = await vscode.commands.executeCommand<FailedOutcome>('idsmith.planObjectKeys', { ...ARGS, template: 'logs/{id}/{hh}' });
    assert.equal(r.status, 'failed');
    assert.equal(r.code, 'INVALID_ARGUMENT');
    assert.match(r.message, /\{hh\} comes after \{id\}/);
  });

  it('a window too large to list still shows the plan, with no listing to insert', async () => {
    await openActive('', 'python');
    const r = await plan({ ...ARGS, template: '{hash:4}/{hh}/{id}', to: '2024-05-03' });
    assert.match((r.listing as { error: string }).error, /at most 100,000/);
    assert.equal(r.snippet, undefined);
    const ins = await insertListing();
    assert.equal(ins.status, 'failed');
    assert.equal((ins as FailedOutcome).code, 'NOTHING_FOUND');
  });

  it('arguments of the wrong shape: a failed outcome, the file unchanged', async () => {
    const editor = await openActive('keep me', 'python');
    const bad: unknown[] = [null, 42, 'ulid', [], true,
      { ...ARGS, template: 42 }, { ...ARGS, kind: 'uuidv4' }, { ...ARGS, kind: {} }, { ...ARGS, rate: 'fast' }, { ...ARGS, rate: -5 },
      { ...ARGS, reads: [] }, { ...ARGS, from: {} }, { ...ARGS, from: '2024-02-30' }, { ...ARGS, store: 'azure' }, { ...ARGS, store: 'toString' }];
    for (const arg of bad) {
      const r = await vscode.commands.executeCommand<FailedOutcome>('idsmith.planObjectKeys', arg);
      assert.equal(r.status, 'failed', `${JSON.stringify(arg)} gave ${JSON.stringify(r)}`);
      assert.equal(r.code, 'INVALID_ARGUMENT', JSON.stringify(arg));
    }
    assert.equal(editor.document.getText(), 'keep me');
  });

  it('an absurd rate (1e308) gets a sentence, not a plan of 300-digit numbers', async () => {
    const editor = await openActive('keep me', 'python');
    const r = await vscode.commands.executeCommand<FailedOutcome>('idsmith.planObjectKeys', { ...ARGS, template: 'logs/{hash:4}/{id}.json.gz', rate: 1e308 });
    assert.equal(r.status, 'failed', JSON.stringify(r));
    assert.equal(r.code, 'INVALID_ARGUMENT');
    assert.match(r.message, /write rate must be at most 1,000,000,000 requests per second.*got 1\.00e\+308/);
    assert.equal(editor.document.getText(), 'keep me');
  });

  it('asks before inserting more than 10,000 lines ({hash:4} over 9999 years: 65,536 requests), with the count; nothing is written unasked', async function () {
    this.timeout(120_000);
    const editor = await openActive('keep\n', 'python');
    const r = await plan({ ...ARGS, template: 'logs/{hash:4}/{id}.json.gz', from: '1970-01-01', to: '9999-12-31' });
    const lines = r.snippet!.text.split('\n').length;
    assert.ok(lines > 65_536, `${lines} lines`);
    const ins = await insertListing();
    // Under extension tests VS Code refuses every modal dialog, and its error quotes the question.
    assert.equal(ins.status, 'failed', JSON.stringify(ins).slice(0, 300));
    assert.match((ins as FailedOutcome).message, new RegExp(`refused to show dialog in tests\\. Contents: Insert ${lines.toLocaleString('en-US')} lines \\(\\d+\\.\\d MB\\) into Untitled-\\d+\\?`));
    assert.equal(editor.document.getText(), 'keep\n');
  });

  it('when the file was closed, the button says so and changes nothing', async () => {
    await openActive('keep', 'python');
    await plan();
    await closeAllEditors();
    const ins = await insertListing();
    assert.equal(ins.status, 'failed');
    assert.match((ins as FailedOutcome).message, /closed|no listing/);
  });
});
