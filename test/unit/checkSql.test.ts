// The SQL reader on what database tools write (issue 22 item 4): MySQL's backslash escapes,
// PostgreSQL's E'' strings and standard '' escapes, pg_dump's COPY blocks, and the columns a
// dump's CREATE TABLEs name for INSERTs that list none. test/fixtures/check holds real
// mariadb-dump and pg_dump output (test/db/checkDumps.test.ts makes it again on live servers).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { checkText, createCheck, type CheckProblem } from '../../src/core';
import { readSqlTuples } from '../../src/core/check/sql';
import { ULID_SPEC } from '../shared/vectors';

const A = ULID_SPEC;
const B = '01BX5ZZKBKACTAV9WEVGEMMVRZ';
const NOW = Date.UTC(2026, 10, 21);

const check = (text: string) => checkText(text, { fileName: 'seed.sql', now: NOW });
const dups = (text: string) => check(text).problems.filter((p) => p.code === 'duplicate').map((p) => [p.path, p.range.start.line]);
const values = (text: string) => {
  const out: unknown[][] = [];
  readSqlTuples(text, (t) => out.push([t.table, ...t.values.map((v) => v?.value)]));
  return out;
};

describe('check: SQL string escapes', () => {
  it("MySQL: \\' and \\\\ inside '…' (mysqldump writes them) do not end the string", () => {
    assert.deepEqual(values(`INSERT INTO t VALUES ('O\\'Brien', 'C:\\\\', 'a\\nb', 'x''y', "say \\"hi\\"");`), [['t', "O'Brien", 'C:\\', 'a\nb', "x'y", undefined]]);
    assert.deepEqual(dups(`INSERT INTO users (id, name) VALUES ('${B}', 'O\\'Brien');\nINSERT INTO users (id, name) VALUES ('${A}', 'a'), ('${A}', 'b');\n`), [['users (id)', 1]]);
  });

  it("PostgreSQL: standard_conforming_strings on makes \\ literal; E'…' still escapes; off escapes again", () => {
    assert.deepEqual(values(`SET standard_conforming_strings = on;\nINSERT INTO t VALUES ('C:\\', E'it\\'s', e'\\t', 'O''Brien');`), [['t', 'C:\\', "it's", '\t', "O'Brien"]]);
    assert.deepEqual(values(`SET standard_conforming_strings TO off; INSERT INTO t VALUES ('it\\'s');`), [['t', "it's"]]);
    assert.deepEqual(dups(`SET standard_conforming_strings = on;\nINSERT INTO t (id, p) VALUES ('${A}', 'C:\\'), ('${A}', 'x');\n`), [['t (id)', 1]]);
  });

  it('an escaped value is read but not pointed at (its text differs from the source)', () => {
    const r = check(`INSERT INTO t (ulid) VALUES ('\\${A.slice(0, 25)}U');`);
    assert.deepEqual(r.problems, []);
  });
});

describe('check: pg_dump COPY blocks', () => {
  const copy = (rows: string[]) => `COPY public.events (id, note) FROM stdin;\n${rows.join('\n')}\n\\.\n`;

  it('each tab-separated row is a tuple: \\N is NULL, escapes are read, the block ends at \\.', () => {
    const text = copy([`${A}\tO'Brien`, `${B}\t\\N`, `x\\ty\tC:\\\\temp`]) + `INSERT INTO t VALUES ('after');\n`;
    assert.deepEqual(values(text), [['public.events', A, "O'Brien"], ['public.events', B, undefined], ['public.events', 'x\ty', 'C:\\temp'], ['t', 'after']]);
  });

  it('a duplicate in a COPY block is found at its line and column; CRLF lines too', () => {
    for (const eol of ['\n', '\r\n']) {
      const text = copy([`${A}\tx`, `${B}\ty`, `${A}\tz`]).replace(/\n/g, eol);
      const r = check(text);
      assert.deepEqual(r.problems.map((p) => [p.code, p.path, p.range.start]), [['duplicate', 'public.events (id)', { line: 3, character: 0 }]], JSON.stringify(eol));
    }
  });

  it('COPY … TO a file or FROM a file is no data block', () => {
    assert.deepEqual(values(`COPY t TO '/tmp/x';\nCOPY t FROM '/tmp/y';\nINSERT INTO u VALUES ('${A}');`), [['u', A]]);
  });
});

describe('check: CREATE TABLE names the columns of INSERTs that list none', () => {
  it('mysqldump style: backticks, keys and constraints are not columns', () => {
    const text = 'CREATE TABLE `events` (\n  `id` char(26) NOT NULL,\n  `note` text DEFAULT NULL,\n  PRIMARY KEY (`id`),\n  KEY `x` (`note`(10))\n) ENGINE=InnoDB;\n'
      + `INSERT INTO \`events\` VALUES ('${B}','a'),('${A}','b'),('${A}','c');\n`;
    assert.deepEqual(dups(text), [['events (id)', 6]]);
  });

  it('PostgreSQL style: a schema-qualified name, IF NOT EXISTS, a table constraint', () => {
    const text = `CREATE TABLE IF NOT EXISTS public.t (note text, uuid uuid NOT NULL, CONSTRAINT c CHECK (note <> ''));\n`
      + `INSERT INTO public.t VALUES ('a', '9b2f6a44-3c1e-4d1a-8f2e-0c5b7d9e1a23'), ('b', '9b2f6a44-3c1e-4d1a-8f2e-0c5b7d9e1a23');\n`;
    assert.deepEqual(dups(text), [['public.t (uuid)', 1]]);
  });
});

describe('check: real dumps (test/fixtures/check)', () => {
  const fixture = (name: string) => readFileSync(join(__dirname, '..', 'fixtures', 'check', name), 'utf8');
  for (const [name, events, sessions] of [
    ['mysqldump.sql', 'events (id)', 'sessions (uuid)'],
    ['pg_dump.sql', 'public.events (id)', 'public.sessions (uuid)'],
    ['pg_dump-inserts.sql', 'public.events (id)', 'public.sessions (uuid)'],
  ] as const) {
    it(`${name}: both planted duplicates, at the second occurrence of each`, () => {
      const text = fixture(name);
      const found = check(text).problems.filter((p) => p.code === 'duplicate');
      assert.deepEqual(found.map((p) => p.path), [events, sessions]);
      for (const p of found) {
        assert.equal(text.slice(p.start, p.end), p.text);
        assert.ok(text.indexOf(p.text) < p.start, 'the first occurrence comes before');
      }
    });

    it(`${name}: the same problems whatever the pieces it arrives in`, () => {
      const text = fixture(name);
      const whole = check(text).problems;
      fc.assert(fc.property(fc.uniqueArray(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 8 }), (cuts) => {
        const problems: CheckProblem[] = [];
        const stream = createCheck({ fileName: 'seed.sql', now: NOW, onProblem: (p) => problems.push(p) });
        let from = 0;
        for (const c of [...cuts.sort((a, b) => a - b), text.length]) {
          stream.write(text.slice(from, c));
          from = c;
        }
        stream.end();
        assert.deepEqual(problems.sort((a, b) => a.start - b.start || a.code.localeCompare(b.code)), whole);
      }), { numRuns: 300 });
    });
  }
});

describe('check: PostgreSQL dollar quoting ($$ … $$, $tag$ … $tag$)', () => {
  // pg_dump writes function bodies this way; before, a ' in a body opened a string that hid the rest of the file.
  const body = (inner: string) => `CREATE FUNCTION public.greet() RETURNS text LANGUAGE sql AS $$ ${inner} $$;\n`;
  const copy = `COPY public.users (id, name) FROM stdin;\n${A}\tann\n${A}\tbob\n\\.\n`;
  const insert = `INSERT INTO public.orders (id) VALUES ('${A}'), ('${A}');\n`;

  it("a quote inside a body does not open a string: the duplicates after it are found", () => {
    for (const inner of ["SELECT $q$Don't panic$q$", "SELECT 'it''s'", "SELECT 'x", 'SELECT "x', 'SELECT `x', "-- it's\nSELECT 1", '/* x']) {
      const text = 'SET standard_conforming_strings = on;\n' + body(inner) + copy + insert;
      const lines = inner.split('\n').length - 1;
      assert.deepEqual(dups(text), [['public.users (id)', 4 + lines], ['public.orders (id)', 6 + lines]], inner);
    }
  });

  it('an INSERT inside a body is text, not a row', () => {
    const text = `CREATE FUNCTION seed() RETURNS void LANGUAGE sql AS $$\n  INSERT INTO users (id) VALUES ('${A}');\n$$;\nINSERT INTO users (id) VALUES ('${A}');\n`;
    assert.deepEqual(dups(text), []);
    assert.deepEqual(values(text), [['users', A]]);
  });

  it('a tagged body ends only at its own tag; $$ and other tags inside are text', () => {
    const text = `CREATE FUNCTION f() RETURNS void AS $fn$\nBEGIN\n  EXECUTE $$INSERT INTO users (id) VALUES ('${A}')$$;\n  PERFORM $x$'$x$;\nEND\n$fn$ LANGUAGE plpgsql;\n`
      + `INSERT INTO users (id) VALUES ('${A}');\n`;
    assert.deepEqual(values(text), [['users', A]]);
    assert.deepEqual(values(`SELECT $a$ $b$ $a $A$ $a$; INSERT INTO t VALUES ('x');`), [['t', 'x']]);
  });

  it('a dollar-quoted value in VALUES is a string value, read as it is (no escapes)', () => {
    assert.deepEqual(values(`INSERT INTO t VALUES ($$${A}$$, $v$it's \\n$v$, $$$$);`), [['t', A, "it's \\n", '']]);
    assert.deepEqual(dups(`INSERT INTO t (id) VALUES ($$${A}$$), ($q$${A}$q$);`), [['t (id)', 0]]);
  });

  it('$1 is a parameter, a$b$ an identifier, $ alone a character: none opens a quote', () => {
    assert.deepEqual(values(`PREPARE p AS SELECT $1, $2; INSERT INTO t VALUES ('x');`), [['t', 'x']]);
    assert.deepEqual(values(`SELECT a$b$, x$$ FROM t; INSERT INTO t VALUES ('x'); SELECT 'a$$';`), [['t', 'x']]);
    assert.deepEqual(values(`SELECT $a, $ FROM t; INSERT INTO t VALUES ('x');`), [['t', 'x']]);
    assert.deepEqual(values(`SELECT café$x$ FROM t; INSERT INTO t VALUES ('x');`), [['t', 'x']]);
    // Past ASCII is part of a name (a table named so was read as no table at all).
    assert.deepEqual(dups(`INSERT INTO café (id) VALUES ('${A}'), ('${A}');`), [['café (id)', 0]]);
  });

  it('an unterminated body runs to the end of the text', () => {
    assert.deepEqual(values(`SELECT $$ INSERT INTO t VALUES ('x');`), []);
  });

  it("MySQL's DELIMITER $$ is a client command, not a quote: statements after the routines are read", () => {
    const routines = 'DELIMITER $$\nCREATE PROCEDURE a() BEGIN SELECT 1; END $$\nCREATE PROCEDURE b() BEGIN SELECT 2; END $$\nDELIMITER ;\n';
    assert.deepEqual(values(routines + `INSERT INTO t VALUES ('x');`), [['t', 'x']]);
  });

  it('the same values whatever the pieces the text arrives in (a cut inside a tag or a body)', () => {
    const text = 'SET standard_conforming_strings = on;\n' + body("SELECT $q$Don't$q$, $1, a$b$") + `CREATE FUNCTION g() AS $body$ '${A}' $body$;\n` + copy + insert
      + `INSERT INTO public.orders (id) VALUES ($tag$${A}$tag$);\n`;
    const whole = check(text).problems;
    assert.deepEqual(whole.filter((p) => p.code === 'duplicate').map((p) => p.path), ['public.users (id)', 'public.orders (id)', 'public.orders (id)']);
    for (let c = 1; c < text.length; c++) {
      const problems: CheckProblem[] = [];
      const stream = createCheck({ fileName: 'seed.sql', now: NOW, onProblem: (p) => problems.push(p) });
      stream.write(text.slice(0, c));
      stream.write(text.slice(c));
      stream.end();
      assert.deepEqual(problems.sort((a, b) => a.start - b.start || a.code.localeCompare(b.code)), whole, `cut at ${c}`);
    }
  });

  it('a body longer than a token is kept is read in pieces, and its tag is found across a cut', () => {
    const long = 'x'.repeat(20_000);
    const text = `CREATE FUNCTION f() AS $long$ ' ${long} $long$;\n${insert}`;
    for (const size of [1, 7, 4096, 100_000]) {
      const problems: CheckProblem[] = [];
      const stream = createCheck({ fileName: 'seed.sql', now: NOW, onProblem: (p) => problems.push(p) });
      for (let at = 0; at < text.length; at += size) stream.write(text.slice(at, at + size));
      stream.end();
      assert.deepEqual(problems.filter((p) => p.code === 'duplicate').map((p) => p.path), ['public.orders (id)'], `pieces of ${size}`);
    }
  });
});
