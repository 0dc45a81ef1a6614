import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { generate, inspect } from '../../src/core';
import { activateExtension, applySettings, log, resetSettings, waitFor } from './util';

// Language-model tools, invoked the way an agent's host invokes them: vscode.lm.invokeTool
// (VS Code 1.95+ API; the project types against 1.90, hence the local types below).

interface ToolInfo { name: string; inputSchema?: { required?: string[] }; tags: readonly string[] }
interface Lm {
  tools: readonly ToolInfo[];
  invokeTool(name: string, options: { input: object; toolInvocationToken: undefined }): Thenable<{ content: unknown[] }>;
}
const lm = (vscode as unknown as { lm: Lm }).lm;

async function run(name: string, input: object): Promise<string> {
  const result = await lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((p) => (p as { value?: unknown }).value).filter((v) => typeof v === 'string').join('');
}

const ULID = '01ARYZ6S41TSV4RRFFQ69G5FAV';

describe('language-model tools', () => {
  before(() => activateExtension());
  after(() => vscode.workspace.getConfiguration('chat').update('agent.enabled', undefined, vscode.ConfigurationTarget.Global));

  it('are listed with their input schemas', async () => {
    // VS Code lists extension tools only where agent mode is on. In this offline workbench (no
    // chat entitlement) they stayed unlisted for 10 s with the default (true) of this setting,
    // and appeared once it was set explicitly. invokeTool works either way.
    await vscode.workspace.getConfiguration('chat').update('agent.enabled', true, vscode.ConfigurationTarget.Global);
    const ours = await waitFor(() => {
      const found = lm.tools.filter((t) => t.name.startsWith('idsmith_'));
      return found.length === 3 && found;
    }, 'the three tools in vscode.lm.tools');
    assert.deepEqual(ours.map((t) => t.name).sort(), ['idsmith_convert', 'idsmith_generate', 'idsmith_inspect']);
    assert.deepEqual(ours.find((t) => t.name === 'idsmith_convert')?.inputSchema?.required, ['ids', 'to']);
  });

  it('idsmith_generate returns valid, ascending IDs of the kind asked for', async () => {
    const ulids = (await run('idsmith_generate', { kind: 'ulid', count: 5 })).split('\n');
    assert.equal(ulids.length, 5);
    for (const id of ulids) assert.equal(inspect(id).kind, 'ulid', id);
    assert.deepEqual([...ulids].sort(), ulids);
    const [v7] = (await run('idsmith_generate', { kind: 'uuidv7', time: '2024-05-01T12:00:00Z' })).split('\n');
    assert.equal(inspect(v7!).time, '2024-05-01T12:00:00.000Z');
    const [typeid] = (await run('idsmith_generate', { kind: 'typeid', prefix: 'user' })).split('\n');
    assert.match(typeid!, /^user_[0-9a-z]{26}$/);
  });

  it('idsmith_generate makes Sqids with the idsmith.sqids.* settings', async () => {
    try {
      await applySettings({ 'sqids.alphabet': 'abcdefghij', 'sqids.minLength': 8 });
      const ids = (await run('idsmith_generate', { kind: 'sqids', count: 3 })).split('\n');
      assert.deepEqual(ids, generate('sqids', { alphabet: 'abcdefghij', minLength: 8, count: 3 } as Parameters<typeof generate>[1]));
    } finally {
      await resetSettings();
    }
  });

  it('idsmith_inspect names a reserved UUID version nibble as reserved, not as a version', async () => {
    const text = await run('idsmith_inspect', { ids: ['6f9619ff-8b86-d011-b42d-00cf4fc964ff'] });
    assert.match(text, /^6f9619ff-8b86-d011-b42d-00cf4fc964ff: uuid \(version 13: reserved\), valid/);
  });

  it('idsmith_inspect describes each ID, valid or not', async () => {
    const text = await run('idsmith_inspect', { ids: [ULID, 'not-an-id'] });
    log(`[tools] ${text.replace(/\n/g, ' / ')}`);
    const [first, second] = text.split('\n');
    assert.match(first!, /^01ARYZ6S41TSV4RRFFQ69G5FAV: ulid, valid; time 2016-07-30T22:36:16\.385Z; fields random=/);
    assert.match(second!, /^not-an-id: not an ID \(/);
  });

  it('idsmith_inspect gives a UUID v2\'s time to about 7 minutes (it gave the window\'s start to the ms), and none for one dated 4034', async () => {
    const [real, hashed] = (await run('idsmith_inspect', { ids: ['000003e8-cbb9-21ea-b200-00163e990bdb', 'a1b2c3d4-e5f6-2abc-8def-0123456789ab'] })).split('\n');
    assert.match(real!, /^000003e8-cbb9-21ea-b200-00163e990bdb: uuid v2, valid; time ≈ 2020-07-22 01:20Z, to about 7 minutes; fields localId=1000, /);
    assert.match(hashed!, /^a1b2c3d4-e5f6-2abc-8def-0123456789ab: uuid v2, valid; no time: Its time bits read as 4034-09-09, a date no such ID was made at/);
    assert.doesNotMatch(hashed!, /4034-09-09T/);
  });

  it('idsmith_convert converts each ID, and says which cannot be', async () => {
    const text = await run('idsmith_convert', { ids: [ULID, '507f1f77bcf86cd799439011'], to: 'uuid' });
    const [first, second] = text.split('\n');
    assert.equal(first, `${ULID} -> 01563df3-6481-d676-4c61-efb99302bd5b`);
    assert.match(second!, /^507f1f77bcf86cd799439011: cannot convert to uuid: /);
  });

  // Input that passes the declared schema but not the tool's own checks comes back as text.
  const bad: Array<[string, object, RegExp]> = [
    ['idsmith_generate', { kind: 'ulid', prefix: 'user' }, /^Error: "prefix" applies only to kind "typeid"\.$/],
    ['idsmith_generate', { kind: 'typeid', prefix: 'User' }, /^Error: prefix is "User": /],
    ['idsmith_generate', { kind: 'ulid', time: 'yesterday-ish' }, /^Error: /],
    ['idsmith_convert', { ids: [ULID], to: 'base58' }, /cannot convert to base58: /],
    ['idsmith_inspect', { ids: [''] }, /^: not an ID/],
  ];
  for (const [name, input, expected] of bad) {
    it(`${name} answers ${JSON.stringify(input)} with a message, not an exception`, async () => {
      assert.match(await run(name, input), expected);
    });
  }

  // VS Code 1.139 hands a tool its input without checking it against the declared schema (seen
  // here: none of these is refused), so the tool's own checks are what an agent meets.
  it('input the schema forbids reaches the tool and is answered with a message', async () => {
    for (const input of [{ kind: 'guid' }, { kind: 'ulid', count: 0 }, { ids: 'x', to: 'uuid' }, {}]) {
      const name = 'ids' in input ? 'idsmith_convert' : 'idsmith_generate';
      const outcome = await run(name, input);
      log(`[tools] ${name} ${JSON.stringify(input)} -> ${outcome.slice(0, 160)}`);
      assert.match(outcome, /^Error: "(kind|count|ids)" /);
    }
  });
});
