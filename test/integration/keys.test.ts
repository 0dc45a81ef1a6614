import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, openActive as open } from './util';

// Object-key partitioning code actions on a selected key path, through the public API.

const KIND = 'refactor.rewrite.idsmith.key';
// md5("customer-1") = 9b11f2b6c86410c929233afa11655811, md5("file1") = 826e8142e6baabe8af779f5f490cf5f5
// (computed with OpenSSL, not with Idsmith's MD5).
const KEY = '2017-11-11/customer-1/file1';

async function keyActions(text: string, needle: string, kind = KIND): Promise<{ doc: vscode.TextDocument; actions: vscode.CodeAction[] }> {
  const editor = await open(text);
  const doc = editor.document;
  const at = doc.getText().indexOf(needle);
  const range = new vscode.Range(doc.positionAt(at), doc.positionAt(at + needle.length));
  editor.selection = new vscode.Selection(range.start, range.end);
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, range, kind);
  return { doc, actions: (actions ?? []).filter((a) => a.kind?.value.startsWith(KIND)) };
}

describe('Object-key code actions', () => {
  before(() => activateExtension());
  afterEach(() => closeAllEditors());

  it('prefixes the key with md5 of its first non-date segment, explained in the title', async () => {
    const { doc, actions } = await keyActions(`put("${KEY}")`, KEY, `${KIND}.hashPrefix`);
    const preferred = actions.filter((a) => a.isPreferred);
    assert.equal(preferred.length, 1);
    assert.equal(preferred[0]!.title, 'Prefix key with md5(customer-1)[0:4] to spread S3 partitions');
    assert.ok(await vscode.workspace.applyEdit(preferred[0]!.edit!));
    assert.equal(doc.getText(), `put("9b11/${KEY}")`);
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), `put("${KEY}")`);
  });

  it('offers the other non-date segments too', async () => {
    const { doc, actions } = await keyActions(KEY, KEY, `${KIND}.hashPrefix`);
    assert.deepEqual(actions.map((a) => a.title), [
      'Prefix key with md5(customer-1)[0:4] to spread S3 partitions',
      'Prefix key with md5(file1)[0:4] to spread S3 partitions',
    ]);
    assert.ok(await vscode.workspace.applyEdit(actions[1]!.edit!));
    assert.equal(doc.getText(), `826e/${KEY}`);
  });

  it('of a store\'s address (s3://bucket/…) prefixes the key after the bucket; a web URL is left whole', async () => {
    // It offered md5(s3:) and wrote "9b11/s3://…", which is no address.
    const { doc, actions } = await keyActions(`k = "s3://bucket/${KEY}"`, `s3://bucket/${KEY}`, `${KIND}.hashPrefix`);
    assert.deepEqual(actions.map((a) => a.title), [
      'Prefix key with md5(customer-1)[0:4] to spread S3 partitions',
      'Prefix key with md5(file1)[0:4] to spread S3 partitions',
    ]);
    assert.ok(await vscode.workspace.applyEdit(actions.find((a) => a.isPreferred)!.edit!));
    assert.equal(doc.getText(), `k = "s3://bucket/9b11/${KEY}"`);
    const web = await keyActions(`u = "https://example.com/users/42/orders"`, 'https://example.com/users/42/orders', `${KIND}.hashPrefix`);
    assert.deepEqual(web.actions, []);
  });

  it('ignores surrounding quotes in the selection', async () => {
    const { doc, actions } = await keyActions(`k = '${KEY}'`, `'${KEY}'`, `${KIND}.hashPrefix`);
    assert.ok(await vscode.workspace.applyEdit(actions.find((a) => a.isPreferred)!.edit!));
    assert.equal(doc.getText(), `k = '9b11/${KEY}'`);
  });

  it('reverses a millisecond timestamp segment, explained in the title', async () => {
    const key = 'logs/1513160001245/app.log';
    const { doc, actions } = await keyActions(`"${key}"`, key, `${KIND}.reverseTimestamp`);
    assert.equal(actions.length, 1);
    assert.match(actions[0]!.title, /^Reverse ms timestamp 1513160001245 → 5421000613151 .*partitions/);
    assert.ok(await vscode.workspace.applyEdit(actions[0]!.edit!));
    assert.equal(doc.getText(), '"logs/5421000613151/app.log"');
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), `"${key}"`);
  });

  it('a key holding one timestamp twice gets one action (it got two of the same title), reversing both places in one undo step', async () => {
    const key = 'logs/1513160001245/1513160001245.json';
    const { doc, actions } = await keyActions(`"${key}"`, key, `${KIND}.reverseTimestamp`);
    assert.deepEqual(actions.map((a) => a.title), [
      'Reverse ms timestamp 1513160001245 → 5421000613151 in both places so new keys spread over S3 partitions (no more listing by time prefix)',
    ]);
    assert.ok(await vscode.workspace.applyEdit(actions[0]!.edit!));
    assert.equal(doc.getText(), '"logs/5421000613151/5421000613151.json"');
    await vscode.commands.executeCommand('undo');
    assert.equal(doc.getText(), `"${key}"`);
    await closeAllEditors();
    // Two different ones: one action each, titles that differ.
    const two = await keyActions('a/1513160001245/1700000000000/1513160001245', 'a/1513160001245/1700000000000/1513160001245', `${KIND}.reverseTimestamp`);
    const titles = two.actions.map((a) => a.title);
    assert.equal(titles.length, 2);
    assert.match(titles[0]!, /^Reverse ms timestamp 1513160001245 → 5421000613151 in both places /);
    assert.match(titles[1]!, /^Reverse ms timestamp 1700000000000 → 0000000000071 so /);
  });

  it('reverses a selected bare timestamp', async () => {
    const { doc, actions } = await keyActions('t=1513160001245;', '1513160001245', `${KIND}.reverseTimestamp`);
    assert.ok(await vscode.workspace.applyEdit(actions[0]!.edit!));
    assert.equal(doc.getText(), 't=5421000613151;');
  });

  it('offers no reversal for 13 digits inside a longer token, such as an MD5 that opens with them', async () => {
    const md5 = '3636638817772e42b59d74cff571fbb3';
    for (const [text, needle] of [[`etag = "${md5}"`, md5], [`etag = "${md5}"`, `"${md5}"`], [`logs/${md5}/app.log`, `logs/${md5}/app.log`]]) {
      const { actions } = await keyActions(text!, needle!, `${KIND}.reverseTimestamp`);
      assert.deepEqual(actions.map((a) => a.title), [], `${needle}`);
      await closeAllEditors();
    }
  });

  it('offers nothing without a selection, on prose or on a plain word', async () => {
    const editor = await open(`${KEY}\nsome words here\nplain`);
    const uri = editor.document.uri;
    const run = async (range: vscode.Range) => ((await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider', uri, range, KIND)) ?? []).filter((a) => a.kind?.value.startsWith(KIND));
    assert.deepEqual(await run(new vscode.Range(0, 3, 0, 3)), []);
    assert.deepEqual(await run(new vscode.Range(1, 0, 1, 15)), []);
    assert.deepEqual(await run(new vscode.Range(2, 0, 2, 5)), []);
  });

  it('answers only when key actions are wanted', async () => {
    const { actions } = await keyActions(KEY, KEY, 'refactor.rewrite.idsmith.uuid');
    assert.deepEqual(actions, []);
  });
});
