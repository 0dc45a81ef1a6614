// `idsmith check` at the edges real data reaches (issue 22): nesting, dumps, names and
// encodings, delimiters, standard input, memory. Each case failed on the old build (main at
// 0b18155); the issue item is named in each title. Runs the installed binary under
// `npm run test:cli`, dist/cli.js otherwise.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from '../../src/core';
import { WORKER_MIN_BYTES } from '../../src/cli/checkPieces';
import { command, ensureBuilt, installed, root } from './cliBinary';
import { ULID_SPEC } from '../shared/vectors';

const A = ULID_SPEC;
const B = '01BX5ZZKBKACTAV9WEVGEMMVRZ';
const ESC = '\x1b';

describe(`idsmith check at the edges (${installed ? 'installed: ' + installed : 'dist/cli.js'})`, function () {
  this.timeout(60_000);
  let dir: string;

  before(function () {
    this.timeout(120_000);
    ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'idsmith-check-edges-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const put = (name: string, content: string | Buffer): string => {
    writeFileSync(join(dir, name), content);
    return name;
  };
  /** `idsmith check ARGS` in the test directory, `input` on standard input, Node's options in `nodeOptions`. */
  const check = (args: string[], input = '', nodeOptions = ''): SpawnSyncReturns<string> => spawnSync(command[0], [...command[1], 'check', ...args], {
    cwd: dir, input, encoding: 'utf8', maxBuffer: 1 << 30,
    env: { ...process.env, ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}) },
  });

  describe('item 1: any nesting depth', () => {
    it('5,000 nested flow sequences and 5,000 nested block mappings in YAML: no crash', () => {
      put('nest.yaml', '['.repeat(5000));
      put('nest-map.yaml', Array.from({ length: 5000 }, (_, i) => `${' '.repeat(i)}k:`).join('\n') + ` ${A}\n`);
      for (const name of ['nest.yaml', 'nest-map.yaml']) {
        const r = check([name]);
        assert.ok(r.status === 0 || r.status === 1, `${name}: exit ${r.status}: ${r.stderr.slice(0, 300)}`);
        assert.doesNotMatch(r.stderr, /RangeError|Maximum call stack/);
      }
    });

    it('JSON: a duplicate 600 levels deep is found; below the deepest level checked, a warning names it', () => {
      const deep = (depth: number) => '['.repeat(depth) + `{"id": "${A}"}, {"id": "${A}"}` + ']'.repeat(depth);
      put('deep600.json', deep(600));
      const r = check(['deep600.json']);
      assert.equal(r.status, 1, r.stderr);
      assert.match(r.stdout, /^deep600\.json:1:\d+: duplicate: duplicate ULID/m);
      put('deep.json', deep(200_000));
      const d = check(['deep.json']);
      assert.equal(d.status, 1, d.stderr);
      assert.match(d.stdout, /^deep\.json:1:\d+: unchecked: nested deeper than 10,000 levels/m);
    });

    it('YAML: the same duplicate 600 levels deep in flow sequences is found', () => {
      put('deep600.yaml', '['.repeat(600) + `{id: ${A}}, {id: ${A}}` + ']'.repeat(600) + '\n');
      const r = check(['deep600.yaml']);
      assert.equal(r.status, 1, r.stderr);
      assert.match(r.stdout, /duplicate: duplicate ULID/);
    });
  });

  describe('item 4: SQL string escapes', () => {
    it("MySQL's backslash escapes ('O\\'Brien') do not hide the duplicate on the next statement", () => {
      put('my.sql', `INSERT INTO users (id, name) VALUES ('${B}', 'O\\'Brien');\nINSERT INTO users (id, name) VALUES ('${A}', 'a'), ('${A}', 'b\\\\');\n`);
      const r = check(['my.sql']);
      assert.equal(r.status, 1, r.stderr);
      assert.match(r.stdout, /^my\.sql:2:\d+: duplicate: duplicate ULID under 'users \(id\)'/m);
    });

    it("PostgreSQL's E'' strings and '' escapes", () => {
      put('pg.sql', `SET standard_conforming_strings = on;\nINSERT INTO users (id, name) VALUES ('${B}', E'it\\'s'), ('${A}', 'O''Brien'), ('${A}', 'C:\\');\n`);
      const r = check(['pg.sql']);
      assert.equal(r.status, 1, r.stderr);
      assert.match(r.stdout, /^pg\.sql:2:\d+: duplicate: duplicate ULID under 'users \(id\)'/m);
    });

    it('real mysqldump and pg_dump output of the test databases (test/fixtures/check): every planted duplicate', () => {
      for (const name of ['mysqldump.sql', 'pg_dump.sql', 'pg_dump-inserts.sql']) {
        put(name, readFileSync(join(root, 'test/fixtures/check', name)));
        const r = check([name]);
        assert.equal(r.status, 1, `${name}: ${r.stderr}`);
        const dups = r.stdout.split('\n').filter((l) => / duplicate: /.test(l));
        assert.equal(dups.length, 2, `${name}:\n${r.stdout}`);
      }
    });
  });

  describe('item 11: one escaping path for names and messages', () => {
    it('a file name and a column name with terminal controls are written escaped', () => {
      const name = `evil${ESC}[31m.csv`;
      const header = `i${ESC}[2Jd${String.fromCharCode(7)}x`;
      put(name, `${header}\n` + Array.from({ length: 10 }, (_, i) => (i === 9 ? A : `01ARYZ6S41TSV4RRFFQ69G5F${String(10 + i)}`)).join('\n') + `\n${A}\n`);
      const r = check([name]);
      assert.equal(r.status, 1, r.stderr);
      assert.doesNotMatch(r.stdout, /[\x00-\x08\x0b-\x1f\x7f]/, 'no raw control character');
      assert.match(r.stdout, /^evil\\x1b\[31m\.csv:12:1: duplicate: duplicate ULID under 'column i\\x1b\[2Jd\\x07x'/m);
      const json = check(['--json', name]);
      assert.doesNotMatch(json.stdout, /[\x00-\x08\x0b-\x1f\x7f]/);
      assert.equal(JSON.parse(json.stdout.split('\n')[0]!).file, name);
    });

    it('"cannot read" names the file escaped', () => {
      const r = check([`missing${ESC}[2J.json`]);
      assert.equal(r.status, 2);
      assert.doesNotMatch(r.stderr, /\x1b/);
      assert.match(r.stderr, /missing\\x1b\[2J\.json/);
    });
  });

  describe('item 12: encodings', () => {
    const json = `[{"id": "${A}"}, {"id": "${A}"}]\n`;
    const encodings: [string, (s: string) => Buffer][] = [
      ['UTF-16LE', (s) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, 'utf16le')])],
      ['UTF-16BE', (s) => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(s, 'utf16le').swap16()])],
      ['UTF-32LE', (s) => utf32(s, true)],
      ['UTF-32BE', (s) => utf32(s, false)],
    ];
    for (const [label, encode] of encodings) {
      it(`a JSON file in ${label} with its byte order mark (PowerShell 5's >) is checked, columns as in the text`, () => {
        put(`ps-${label}.json`, encode(json));
        const r = check([`ps-${label}.json`]);
        assert.equal(r.status, 1, r.stderr);
        assert.equal(r.stdout, `ps-${label}.json:1:${json.lastIndexOf(A) + 1}: duplicate: duplicate ULID under '$[*].id': first at line 1, column 10\n`);
      });
    }

    it('a file that is not text gets a warning and is not passed as clean', () => {
      put('image.json', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.alloc(200, 0)]));
      const r = check(['image.json']);
      assert.equal(r.status, 2);
      assert.match(r.stderr, /image\.json: .*not text/);
    });
  });

  describe('item 13: CSV delimiters', () => {
    for (const [label, d] of [['semicolon', ';'], ['tab', '\t'], ['pipe', '|']] as const) {
      it(`a ${label}-delimited .csv is read by the delimiter its header uses`, () => {
        put(`${label}.csv`, `id${d}name${d}note\n${A}${d}a${d}x\n${B}${d}b${d}y\n${A}${d}c${d}z\n`);
        const r = check([`${label}.csv`]);
        assert.equal(r.status, 1, r.stderr);
        assert.equal(r.stdout, `${label}.csv:4:1: duplicate: duplicate ULID under 'column id': first at line 2, column 1\n`);
      });
    }

    it('--delimiter names it, also for a file whose name says nothing', () => {
      put('export.txt', `id;name\n${A};"a;b"\n${A};c\n`);
      const r = check(['--delimiter', ';', 'export.txt']);
      assert.equal(r.status, 1, r.stderr);
      assert.match(r.stdout, /^export\.txt:3:1: duplicate: duplicate ULID under 'column id'/);
      assert.equal(check(['--delimiter', ';;', 'export.txt']).status, 2);
    });
  });

  describe('item 14: standard input and far-future IDs', () => {
    it('check - reads standard input (its format from --format, or from what it holds)', () => {
      const json = `[{"id": "${A}"}, {"id": "${A}"}]`;
      const r = check(['-'], json);
      assert.equal(r.status, 1, r.stderr);
      assert.equal(r.stdout, `-:1:${json.lastIndexOf(A) + 1}: duplicate: duplicate ULID under '$[*].id': first at line 1, column 10\n`);
      const csv = check(['--format', 'csv', '-'], `id\n${A}\n${A}\n`);
      assert.equal(csv.status, 1, csv.stderr);
      assert.match(csv.stdout, /^-:3:1: duplicate/);
      assert.equal(check(['--format', 'xml', '-'], '').status, 2);
    });

    it('two identical ULIDs of 2045 under "id": a duplicate, each dated in the future', () => {
      // 2045-01-01: outside the scanner's plausible years (now + 10).
      const [far] = generate('ulid', { timeMs: Date.UTC(2045, 0, 1) });
      put('far.json', JSON.stringify([{ id: far }, { id: far }]));
      const r = check(['far.json']);
      assert.equal(r.status, 1, r.stderr);
      assert.deepEqual(r.stdout.trim().split('\n').map((l) => l.split(': ')[1]), ['future', 'future', 'duplicate']);
    });
  });

  describe('fuzz: random nesting and random bytes through every reader', () => {
    const OPEN = ['[', '{"id": ', '{a: ', '- ', '? ', '  k:\n', '(', "('", '"', 'COPY t (id) FROM stdin;\n', 'INSERT INTO t (ulid) VALUES ('];
    const nested = fc.tuple(fc.constantFrom(...OPEN), fc.integer({ min: 0, max: 40_000 }), fc.constantFrom(A, `'${A}'`, '\\', '\x00', ''), fc.constantFrom(']', '}', ')', '\n', ''), fc.nat(40_000))
      .map(([o, n, f, c, m]) => Buffer.from(o.repeat(n) + f + c.repeat(m)));
    const noise = fc.tuple(fc.constantFrom([], [0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff], [0xff, 0xfe, 0, 0], [0, 0, 0xfe, 0xff]), fc.uint8Array({ maxLength: 20_000 }))
      .map(([bom, b]) => Buffer.from([...bom, ...b]));

    for (const ext of ['json', 'jsonl', 'yaml', 'csv', 'tsv', 'sql', 'txt']) {
      it(`.${ext}: 16 generated files in one run, never exit 70`, function () {
        this.timeout(120_000);
        const files = [...fc.sample(nested, 8), ...fc.sample(noise, 8)].map((b, i) => put(`fuzz-${i}.${ext}`, b));
        const r = check(files);
        assert.ok(r.status === 0 || r.status === 1 || r.status === 2, `exit ${r.status}: ${r.stderr.slice(0, 500)}`);
        assert.doesNotMatch(r.stderr, /internal error|RangeError|TypeError|at .*\.js:\d+/);
      });
    }

    it('standard input read as whatever its start looks like: never exit 70', function () {
      this.timeout(120_000);
      for (const b of [...fc.sample(nested, 5), ...fc.sample(noise, 5)]) {
        const r = spawnSync(command[0], [...command[1], 'check', '-'], { cwd: dir, input: b, encoding: 'utf8', maxBuffer: 1 << 30 });
        assert.ok(r.status === 0 || r.status === 1 || r.status === 2, `exit ${r.status}: ${r.stderr.slice(0, 500)}`);
      }
    });
  });

  describe('issue 23 item 4: large files on both cores', () => {
    it('a CSV (BOM, CRLF, quoted line feeds, bytes that are no UTF-8) and a JSON Lines file, each over the size checked on workers: the output of the check on one thread (standard input)', function () {
      this.timeout(120_000);
      const B32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
      const enc = (n: number, len: number) => {
        let s = '';
        for (let i = 0; i < len; i++, n = Math.floor(n / 32)) s = B32[n % 32] + s;
        return s;
      };
      const ulid = (ms: number, i: number) => enc(ms, 10) + enc((i * 2654435761) % 2 ** 40, 8) + enc(i, 8);
      const t0 = Date.UTC(2024, 0, 1);
      const csv: string[] = ['id,customer,created,note'];
      const jsonl: string[] = [];
      let csvSize = 0, jsonlSize = 0;
      for (let i = 0; csvSize <= WORKER_MIN_BYTES || jsonlSize <= WORKER_MIN_BYTES; i++) {
        const ms = t0 + i * 60_000 - (i % 4999 === 0 ? 1e9 : 0);
        const id = i % 20_011 === 9 ? ulid(t0 + 9 * 60_000, 9) : ulid(i % 30_011 === 5 ? Date.UTC(2031, 0, 1) : ms, i);
        const created = new Date(ms + (i % 10_007 === 0 ? 5 * 86_400_000 : 0)).toISOString();
        csv.push(`${id},${ulid(t0, i % 300)},${created},${i % 97 === 0 ? '"a ""quoted""\nnote"' : i % 89 === 0 ? 'caf\u00e9' : `n${i}`}`);
        jsonl.push(JSON.stringify({ id, order_ulid: i % 15_013 === 3 ? id.slice(0, 25) + 'U' : id, created_at: created }));
        csvSize += csv[csv.length - 1]!.length + 2;
        jsonlSize += jsonl[jsonl.length - 1]!.length + 1;
      }
      const csvBytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv.join('\r\n')).map((b, k) => (k % 1_000_003 === 500_017 ? 0xff : b))]);
      put('big.csv', csvBytes);
      put('big.jsonl', jsonl.join('\n') + '\n');
      for (const [name, format] of [['big.csv', 'csv'], ['big.jsonl', 'jsonl']]) {
        const onDisk = check([name]);
        const piped = spawnSync(command[0], [...command[1], 'check', '--format', format!, '-'], { cwd: dir, input: readFileSync(join(dir, name!)), encoding: 'utf8', maxBuffer: 1 << 30 });
        assert.equal(onDisk.status, 1, onDisk.stderr.slice(0, 500));
        assert.equal(piped.status, 1, piped.stderr.slice(0, 500));
        assert.equal(onDisk.stdout, piped.stdout.replaceAll(/^-:/gm, `${name}:`));
        for (const code of ['duplicate', 'future', 'unsorted', 'time-mismatch']) assert.match(onDisk.stdout, new RegExp(`: ${code}: `), `${name}: no ${code}`);
      }
    });
  });

  describe('item 16: YAML memory', () => {
    it('a 24 MB single-document YAML file under a 96 MB heap: read as it streams, its planted duplicate found', function () {
      this.timeout(120_000);
      const last = writeYaml(join(dir, 'big.yaml'), 24);
      const r = check(['big.yaml'], '', '--max-old-space-size=96');
      assert.equal(r.status, 1, r.stderr.slice(0, 500));
      assert.equal(r.stdout.split('\n').filter((l) => / duplicate: /.test(l)).length, 1, r.stdout.slice(0, 500));
      assert.match(r.stdout, new RegExp(`^big\\.yaml:${last}:9: duplicate: duplicate ULID under '\\$\\.rows\\[\\*\\]\\.id': first at line 7, column 9`, 'm'));
    });
  });
});

/** `s` as UTF-32 with its byte order mark. */
function utf32(s: string, little: boolean): Buffer {
  const points = [0xfeff, ...Array.from(s, (c) => c.codePointAt(0)!)];
  const b = Buffer.alloc(points.length * 4);
  points.forEach((p, i) => (little ? b.writeUInt32LE(p, i * 4) : b.writeUInt32BE(p, i * 4)));
  return b;
}

/** About `mb` MB of one YAML document, a mapping with a sequence of rows; the last repeats row 1's id. Returns its line. */
export function writeYaml(path: string, mb: number): number {
  const B32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const enc = (n: number, len: number) => {
    let s = '';
    for (let i = 0; i < len; i++, n = Math.floor(n / 32)) s = B32[n % 32] + s;
    return s;
  };
  const ulid = (i: number) => enc(Date.UTC(2024, 0, 1) + i, 10) + enc((i * 2654435761) % 2 ** 40, 8) + enc(i, 8);
  const fd = openSync(path, 'w');
  let size = 0, i = 0;
  let parts: string[] = ['meta:\n  source: generated\nrows:\n'];
  while (size < mb * 1024 * 1024) {
    const row = `  - id: ${ulid(i)}\n    user: 9b2f6a44-3c1e-4d1a-8f2e-${(i % 50 + 1).toString(16).padStart(12, '0')}\n    name: "user ${i}"\n`;
    parts.push(row);
    size += row.length;
    i++;
    if (parts.length >= 10_000) {
      writeSync(fd, parts.join(''));
      parts = [];
    }
  }
  parts.push(`  - id: ${ulid(1)}\n`);
  writeSync(fd, parts.join(''));
  closeSync(fd);
  return i * 3 + 4;
}
