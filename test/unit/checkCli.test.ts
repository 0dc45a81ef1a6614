// `idsmith check` as users run it: the built dist/cli.js in a child process, on real files.
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ULID_SPEC } from '../shared/vectors';

const A = ULID_SPEC;
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

  // Streaming, shown without timing anything: a V8 heap of 20 MB cannot hold a 40 MB file as a
  // string (the whole-file reader dies with "heap out of memory", exit 134), so finishing with
  // the right findings means the file was read in pieces. Memory grows with distinct IDs, not
  // with bytes, so the rows are padded: ~120k IDs need about 10 MB of heap, half the limit.
  // (Unpadded rows under 12 MB failed now and then on a loaded machine: too little headroom.)
  describe('a file larger than the heap', () => {
    const B32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    const enc = (n: number, len: number) => {
      let s = '';
      for (let i = 0; i < len; i++, n = Math.floor(n / 32)) s = B32[n % 32] + s;
      return s;
    };
    const ulid = (i: number) => enc(Date.UTC(2024, 0, 1) + i, 10) + enc((i * 2654435761) % 2 ** 40, 8) + enc(i, 8);
    const pad = ' '.repeat(280);
    const customers = Array.from({ length: 50 }, (_, i) => `9b2f6a44-3c1e-4d1a-8f2e-${(i + 1).toString(16).padStart(12, '0')}`);

    /** Writes ~`mb` MB of rows; rows `dupAt` and `dupAt + 1` repeat the IDs of rows 5 and 6. Returns the row count. */
    function generate(path: string, mb: number, json: boolean, dupAt: number): number {
      const fd = openSync(path, 'w');
      let size = 0;
      let i = 0;
      let parts: string[] = [json ? '[\n' : 'id,customer,name\r\n'];
      while (size < mb * 1024 * 1024) {
        const id = ulid(i === dupAt ? 5 : i === dupAt + 1 ? 6 : i);
        const row = json ? `  {"id": "${id}", "customer": "${customers[i % 50]}", "name": "user ${i} \u00e9\u2615${pad}"},\n` : `${id},${customers[i % 50]},user ${i} é☕${pad}\r\n`;
        parts.push(row);
        size += row.length;
        i++;
        if (parts.length >= 10_000) {
          writeSync(fd, parts.join(''));
          parts = [];
        }
      }
      if (json) parts.push(`  {"id": "${ulid(i)}"}\n]\n`);
      writeSync(fd, parts.join(''));
      closeSync(fd);
      return i;
    }

    for (const json of [false, true]) {
      it(`${json ? 'JSON' : 'CSV'}: 40 MB under a 20 MB heap, both planted duplicates found`, function () {
        this.timeout(60_000);
        const name = json ? 'big.json' : 'big.csv';
        const rows = generate(join(dir, name), 40, json, 100_000);
        assert.ok(rows > 100_002);
        const r = spawnSync(process.execPath, ['--max-old-space-size=20', cli, 'check', name], { encoding: 'utf8', cwd: dir });
        assert.equal(r.status, 1, r.stderr.slice(0, 500));
        // Row i is on line i + 2 (a header or the opening bracket before it).
        const col = json ? 11 : 1;
        assert.deepEqual(r.stdout.trim().split('\n'), [
          `${name}:${100_002}:${col}: duplicate: duplicate ULID under '${json ? '$[*].id' : 'column id'}': first at line 7, column ${col}`,
          `${name}:${100_003}:${col}: duplicate: duplicate ULID under '${json ? '$[*].id' : 'column id'}': first at line 8, column ${col}`,
          // Known only at the end of the file, so written last: the copied row steps back in time.
          `${name}:${100_002}:${col}: unsorted: ULID is older than the one on line 100001, in a column that otherwise ascends by time`,
        ]);
      });
    }
  });
});
