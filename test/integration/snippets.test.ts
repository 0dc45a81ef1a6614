import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { EXTENSION_ID, activateExtension, closeAllEditors, waitFor, openActive as open } from './util';

// The SQL snippets ship in the extension and VS Code's snippet service finds them by name.

const NAMES = [
  'Flickr ticket server: Tickets64 table',
  'Flickr ticket server: next id',
  'Flickr ticket server: odd/even pair',
  'Instagram next_id() (PL/pgSQL)',
  'MySQL BINARY(16) UUID column',
  'PostgreSQL UUIDv7 primary key',
  'PostgreSQL UUIDv7 function (before PG 18)',
];

type Snippets = Record<string, { prefix: string; body: string[]; description: string }>;

async function snippetFile(): Promise<Snippets> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
  const entry = (ext.packageJSON.contributes.snippets as Array<{ language: string; path: string }>).find((s) => s.language === 'sql');
  assert.ok(entry, 'contributes.snippets has an sql entry');
  const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(ext.extensionUri, entry.path));
  return JSON.parse(new TextDecoder().decode(bytes)) as Snippets;
}

async function insertSnippet(name: string): Promise<string> {
  const editor = await open('', 'sql');
  await vscode.commands.executeCommand('editor.action.insertSnippet', { langId: 'sql', name });
  return waitFor(() => editor.document.getText() || undefined, `snippet "${name}" to be inserted`);
}

describe('SQL snippets', () => {
  before(() => activateExtension());
  afterEach(() => closeAllEditors());

  it('are contributed for sql and reachable from the extension', async () => {
    const snippets = await snippetFile();
    for (const name of NAMES) {
      assert.ok(snippets[name], `snippet "${name}"`);
      assert.match(snippets[name]!.prefix, /^idsmith-/);
    }
  });

  it('inserts the Flickr ticket fetch with its defaults', async () => {
    const text = await insertSnippet('Flickr ticket server: next id');
    assert.match(text, /REPLACE INTO Tickets64 \(stub\) VALUES \('a'\);\nSELECT LAST_INSERT_ID\(\);/);
  });

  it('inserts the odd/even two-server setup', async () => {
    const text = await insertSnippet('Flickr ticket server: odd/even pair');
    assert.match(text, /auto-increment-increment = 2 +auto-increment-offset = 1/);
    assert.match(text, /auto-increment-increment = 2 +auto-increment-offset = 2/);
    assert.match(text, /SET GLOBAL auto_increment_increment = 2;/);
  });

  it("inserts Instagram's next_id() with the bigint casts before shifting and literal $$", async () => {
    const text = await insertSnippet('Instagram next_id() (PL/pgSQL)');
    assert.match(text, /our_epoch bigint := 1314220021721;/);
    assert.match(text, /\(now_millis - our_epoch\)::bigint << 23/);
    assert.match(text, /shard_id::bigint << 10/);
    assert.match(text, /next_id\(OUT result bigint\) AS \$\$/);
    assert.match(text, /^\$\$ LANGUAGE plpgsql;$/m);
  });

  it('inserts the MySQL BINARY(16) column with UUID_TO_BIN(UUID(), 1)', async () => {
    const text = await insertSnippet('MySQL BINARY(16) UUID column');
    assert.match(text, /id BINARY\(16\) NOT NULL DEFAULT \(UUID_TO_BIN\(UUID\(\), 1\)\)/);
  });

  it('inserts the PostgreSQL uuidv7() default', async () => {
    const text = await insertSnippet('PostgreSQL UUIDv7 primary key');
    assert.match(text, /id uuid PRIMARY KEY DEFAULT uuidv7\(\),/);
  });
});
