import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { activateExtension, EXTENSION_ID, TEST_HOST } from './util';

describe('smoke', () => {
  it(`runs in the ${TEST_HOST} extension host`, () => {
    // The web worker host has no `process`; if it did, the harness would be testing the desktop
    // bundle twice and the browser bundle never.
    const nodeVersion = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;
    assert.equal(typeof nodeVersion === 'string' ? 'node' : 'web', TEST_HOST);
  });

  it(`${EXTENSION_ID} is installed and activates`, async () => {
    const ext = await activateExtension();
    assert.equal(ext.isActive, true);
  });

  it('registers every command that package.json contributes', async () => {
    const ext = await activateExtension();
    const declared: string[] = ext.packageJSON.contributes.commands.map((c: { command: string }) => c.command);
    assert.ok(declared.length > 0, 'package.json contributes no commands');
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(declared.filter((id) => !registered.has(id)), []);
  });
});
