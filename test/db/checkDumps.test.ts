import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkText, generate } from '../../src/core';
import { server } from './servers';

// The fixture check on what the databases' own dump tools write: mariadb-dump (MySQL's format:
// 'O\'Brien', backticks, /*! … */ comments), pg_dump's COPY blocks (its default) and its
// --inserts form (standard_conforming_strings on, '' escapes). Names full of quotes,
// backslashes, semicolons and comment marks come before the planted duplicates, so a string
// read wrongly hides them. IDSMITH_WRITE_DUMPS=1 also writes the dumps to test/fixtures/check/,
// the fixtures the unit and CLI tests read without a server.

const NAMES = ["O'Brien", 'C:\\temp\\', 'say "hi"; -- not a comment', 'two\nlines\tand a tab', "it's ); DROP TABLE x; --", 'Zoë ☕ /* x */', 'back\\\'slash'];
const FIXTURES = join(__dirname, '..', 'fixtures', 'check');

/** Rows of users (one per name), events (one id planted twice) and sessions (one uuid planted twice). */
function rows(): { users: [string, string][]; events: [string, string, string][]; sessions: [string, string][] } {
  const t = Date.UTC(2025, 2, 5, 8, 0, 0);
  const ulids = NAMES.map((_, i) => generate('ulid', { timeMs: t + i * 60_000 })[0]!);
  const users = NAMES.map((name, i): [string, string] => [ulids[i]!, name]);
  const ev = Array.from({ length: 6 }, (_, i) => generate('ulid', { timeMs: t + 3_600_000 + i * 60_000 })[0]!);
  const events = ev.map((id, i): [string, string, string] => [i === 4 ? ev[1]! : id, ulids[i % ulids.length]!, NAMES[i % NAMES.length]!]);
  const uu = Array.from({ length: 5 }, (_, i) => generate('uuidv7', { timeMs: t + 7_200_000 + i * 1000 })[0]!);
  const sessions = uu.map((u, i): [string, string] => [i === 3 ? uu[0]! : u, ulids[i]!]);
  return { users, events, sessions };
}

const quote = (s: string, backslashes: boolean) => `'${(backslashes ? s.replace(/\\/g, '\\\\') : s).replace(/'/g, "''")}'`;

function load(backslashes: boolean): string {
  const { users, events, sessions } = rows();
  const q = (s: string) => quote(s, backslashes);
  return [
    'CREATE TABLE users (id CHAR(26) PRIMARY KEY, name TEXT NOT NULL);',
    'CREATE TABLE events (id CHAR(26) NOT NULL, user_id CHAR(26) NOT NULL, note TEXT);',
    'CREATE TABLE sessions (uuid CHAR(36) NOT NULL, user_id CHAR(26) NOT NULL);',
    `INSERT INTO users (id, name) VALUES ${users.map(([id, n]) => `(${q(id)}, ${q(n)})`).join(', ')};`,
    `INSERT INTO events (id, user_id, note) VALUES ${events.map(([id, u, n]) => `(${q(id)}, ${q(u)}, ${q(n)})`).join(', ')};`,
    `INSERT INTO sessions (uuid, user_id) VALUES ${sessions.map(([u, id]) => `(${q(u)}, ${q(id)})`).join(', ')};`,
  ].join('\n');
}

function duplicates(text: string): string[] {
  return checkText(text, { fileName: 'dump.sql' }).problems.filter((p) => p.code === 'duplicate').map((p) => p.path);
}

describe('the fixture check on real database dumps', () => {
  const write = process.env['IDSMITH_WRITE_DUMPS'] === '1';

  it('mariadb-dump: the backslash escapes it writes hide neither planted duplicate', async () => {
    const db = await server('mariadb');
    await db.sql('DROP DATABASE IF EXISTS idsmith_check; CREATE DATABASE idsmith_check CHARACTER SET utf8mb4;');
    await db.sql(`SET NAMES utf8mb4;\nUSE idsmith_check;\n${load(true)}`);
    const dump = await db.dump('idsmith_check', ['--skip-dump-date']);
    assert.match(dump, /'O\\'Brien'/, 'the dump escapes with backslashes');
    // Its INSERTs list no columns: they are named by the dump's CREATE TABLEs.
    assert.deepEqual(duplicates(dump), ['events (id)', 'sessions (uuid)']);
    if (write) writeFileSync(join(FIXTURES, 'mysqldump.sql'), dump);
  });

  it('pg_dump (COPY blocks) and pg_dump --inserts: both planted duplicates', async () => {
    const db = await server('postgres');
    await db.sql('DROP DATABASE IF EXISTS idsmith_check;');
    await db.sql('CREATE DATABASE idsmith_check;');
    await db.sql(`\\connect idsmith_check\n${load(false)}`);
    const copy = await db.dump('idsmith_check');
    assert.match(copy, /^COPY public\.events \(id, user_id, note\) FROM stdin;$/m);
    assert.deepEqual(duplicates(copy), ['public.events (id)', 'public.sessions (uuid)']);
    const inserts = await db.dump('idsmith_check', ['--inserts']);
    assert.match(inserts, /'O''Brien'/);
    assert.deepEqual(duplicates(inserts), ['public.events (id)', 'public.sessions (uuid)']);
    if (write) {
      writeFileSync(join(FIXTURES, 'pg_dump.sql'), copy);
      writeFileSync(join(FIXTURES, 'pg_dump-inserts.sql'), inserts);
    }
  });
});
