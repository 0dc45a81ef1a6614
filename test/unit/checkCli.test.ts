// `idsmith check` as users run it: the built dist/cli.js in a child process, on real files.
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const A = '01ARYZ6S41TSV4RRFFQ69G5FAV';
const B = '01BX5ZZKBKACTAV9WEVGEMMVRZ';

describe('idsmith check (built dist/cli.js)', () => {
  const root = join(__dirname, '../..');
  const cli = join(root, 'dist/cli.js');
  let dir = '';
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const run = (...args: string[]) => spawnSync(process.execPath, [cli, 'check', ...args], { encoding: 'utf8', cwd: dir });

  before(function () {
    this.timeout(120_000);
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
    dir = mkdtempSync(join(tmpdir(), 'idsmith-check-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('exit 0 and no output for clean files', () => {
    file('clean.json', JSON.stringify([{ id: A }, { id: B, parent: A }]));
    file('clean.csv', `id,parent\r\n${A},\r\n${B},${A}\r\n`);
    const r = run('clean.json', 'clean.csv');
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, '');
  });

  it('exit 1 and file:line:column: code: message for each problem, in every file', () => {
    file('users.json', `[\n  {"id": "${A}"},\n  {"id": "${A}", "ulid": "O1ARYZ6S4ITSV4RRFFQ69G5FAV"}\n]\n`);
    file('seed.sql', `INSERT INTO t (id) VALUES ('${B}'),\n  ('${B}');\n`);
    file('clean.yaml', `- id: ${A}\n`);
    const r = run('users.json', 'clean.yaml', 'seed.sql');
    assert.equal(r.status, 1, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines.length, 3);
    // Columns count from 1: `  {"id": "` is 10 characters.
    assert.match(lines[0]!, /^users\.json:3:11: duplicate: duplicate ULID under '\$\[\*\]\.id': first at line 2, column 11$/);
    const badColumn = `  {"id": "${A}", "ulid": "`.length + 1;
    assert.match(lines[1]!, new RegExp(`^users\\.json:3:${badColumn}: invalid: invalid ULID under 'ulid': .*${A}`));
    assert.match(lines[2]!, /^seed\.sql:2:5: duplicate: /);
  });

  it('--json writes one object per line with file, line, column, code and message', () => {
    file('dup.csv', `id\n${A}\n${A}\n`);
    const r = run('--json', 'dup.csv');
    assert.equal(r.status, 1);
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    assert.deepEqual(rows.map(({ file, line, column, code }) => ({ file, line, column, code })), [{ file: 'dup.csv', line: 3, column: 1, code: 'duplicate' }]);
    assert.equal(typeof rows[0].message, 'string');
  });

  it('exit 2 for usage errors and unreadable files, with the reason on stderr', () => {
    const none = run();
    assert.equal(none.status, 2);
    assert.match(none.stderr, /no FILE given/);
    const bad = run('--frobnicate', 'x.json');
    assert.equal(bad.status, 2);
    file('ok.json', '[]');
    const missing = run('ok.json', 'missing.json');
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /missing\.json/);
  });

  it('a byte order mark does not shift columns', () => {
    file('bom.csv', `\uFEFFid\n${A}\n${A}\n`);
    const r = run('bom.csv');
    assert.match(r.stdout, /^bom\.csv:3:1: duplicate/);
  });
});
