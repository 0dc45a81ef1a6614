import * as assert from 'node:assert/strict';
import { bounds, boundsSql, inclusiveEnd, parseTimeInput, type BoundsKind } from '../../src/core';
import { prng, timedIdCases, type KindCase } from '../shared/timedIds';
import { server, type Server } from './servers';

// Insert Time-Window Bounds and `idsmith bounds` against stored rows: ids of each kind spread
// over March 2024, then `WHERE id <the BETWEEN Idsmith writes>` must return exactly the rows
// whose id time is in the window (inclusive; a bare end date is that whole UTC day).

const seed = Number(process.env.IDSMITH_DB_SEED ?? Date.now() % 2 ** 31);
const rand = prng(seed);
const CASES = timedIdCases(rand);

const FROM_TEXT = '2024-03-10T12:34:56.789Z';
const TO_TEXT = '2024-03-20'; // bare date: to 2024-03-20T23:59:59.999Z
const fromMs = parseTimeInput(FROM_TEXT).ms;
const toMs = inclusiveEnd(TO_TEXT, parseTimeInput(TO_TEXT).ms);
const MONTH = [Date.UTC(2024, 2, 1), Date.UTC(2024, 3, 1) - 1];

/** Row times: random over the month, plus every edge of the window at ms and second resolution. */
function times(): number[] {
  const out = Array.from({ length: 300 }, () => MONTH[0]! + Math.floor(rand() * (MONTH[1]! - MONTH[0]! + 1)));
  for (const edge of [fromMs, toMs, Math.floor(fromMs / 1000) * 1000, Math.floor(toMs / 1000) * 1000 + 999]) {
    out.push(edge - 1, edge, edge + 1);
  }
  out.push(MONTH[0]!, MONTH[1]!);
  return out;
}

/** The expected answer, from the time each row was made at, not from the code under test. */
function inWindow(c: KindCase, ms: number): boolean {
  const u = (t: number): number => Math.floor(t / c.unitMs);
  return u(fromMs) <= u(ms) && u(ms) <= u(toMs);
}

interface Column {
  server: 'postgres' | 'mariadb';
  kind: BoundsKind;
  type: string;
  /** IDs stored in this case (idsmith.ulid.case / idsmith.uuid.case), and bounds asked for in it. */
  letterCase?: 'upper' | 'lower';
}

const COLUMNS: Column[] = [
  { server: 'postgres', kind: 'ulid', type: 'text COLLATE "C"' },
  { server: 'postgres', kind: 'ulid', type: 'text COLLATE "und-x-icu"' },
  { server: 'postgres', kind: 'ulid', type: 'text COLLATE "C"', letterCase: 'lower' },
  { server: 'postgres', kind: 'uuidv7', type: 'uuid' },
  { server: 'postgres', kind: 'uuidv7', type: 'uuid', letterCase: 'upper' },
  { server: 'postgres', kind: 'uuidv7', type: 'text COLLATE "C"' },
  { server: 'postgres', kind: 'uuidv7', type: 'text COLLATE "C"', letterCase: 'upper' },
  { server: 'postgres', kind: 'snowflake', type: 'bigint' },
  { server: 'postgres', kind: 'objectid', type: 'text COLLATE "C"' },
  { server: 'postgres', kind: 'objectid', type: 'text COLLATE "und-x-icu"' },
  // KSUIDs only in byte-order collations: base62 mixes cases, so ICU and MariaDB's default
  // case-insensitive collation return wrong rows (the bounds' note says so).
  { server: 'postgres', kind: 'ksuid', type: 'text COLLATE "C"' },
  { server: 'mariadb', kind: 'ksuid', type: 'CHAR(27) CHARACTER SET ascii COLLATE ascii_bin' },
  { server: 'postgres', kind: 'typeid', type: 'text COLLATE "C"' },
  { server: 'postgres', kind: 'typeid', type: 'text COLLATE "und-x-icu"' },
  { server: 'mariadb', kind: 'typeid', type: 'VARCHAR(90)' },
  { server: 'mariadb', kind: 'ulid', type: 'CHAR(26)' },
  { server: 'mariadb', kind: 'ulid', type: 'CHAR(26) CHARACTER SET ascii COLLATE ascii_bin' },
  { server: 'mariadb', kind: 'ulid', type: 'CHAR(26) CHARACTER SET ascii COLLATE ascii_bin', letterCase: 'lower' },
  { server: 'mariadb', kind: 'uuidv7', type: 'UUID' },
  { server: 'mariadb', kind: 'uuidv7', type: 'CHAR(36) CHARACTER SET ascii COLLATE ascii_bin', letterCase: 'upper' },
  { server: 'mariadb', kind: 'snowflake', type: 'BIGINT' },
  { server: 'mariadb', kind: 'snowflake', type: 'BIGINT UNSIGNED' },
  { server: 'mariadb', kind: 'objectid', type: 'CHAR(24)' },
  { server: 'postgres', kind: 'tsid', type: 'text COLLATE "C"' },
  { server: 'postgres', kind: 'tsid', type: 'text COLLATE "und-x-icu"' },
  { server: 'mariadb', kind: 'tsid', type: 'CHAR(13)' },
  { server: 'postgres', kind: 'xid', type: 'text COLLATE "C"' },
  { server: 'postgres', kind: 'xid', type: 'text COLLATE "und-x-icu"' },
  { server: 'mariadb', kind: 'xid', type: 'CHAR(20)' },
  { server: 'postgres', kind: 'tid', type: 'text COLLATE "C"' },
  { server: 'postgres', kind: 'tid', type: 'text COLLATE "und-x-icu"' },
  { server: 'mariadb', kind: 'tid', type: 'CHAR(13)' },
  { server: 'postgres', kind: 'scru128', type: 'text COLLATE "C"' },
  { server: 'postgres', kind: 'scru128', type: 'text COLLATE "und-x-icu"' },
  { server: 'mariadb', kind: 'scru128', type: 'CHAR(25)' },
];

describe(`bounds against stored rows (seed ${seed}; IDSMITH_DB_SEED=${seed} repeats it)`, () => {
  const rows = new Map<BoundsKind, Array<{ id: string; ms: number }>>();
  for (const c of CASES) {
    const list: Array<{ id: string; ms: number }> = [];
    for (const ms of times()) for (const mode of ['lo', 'hi', 'rand'] as const) list.push({ id: c.make(ms, mode), ms });
    rows.set(c.kind, list);
  }

  COLUMNS.forEach((col, n) => {
    const c = CASES.find((k) => k.kind === col.kind)!;
    const spelled = col.letterCase ? `${col.letterCase}-case ` : '';
    it(`${col.server}: ${spelled}${col.kind} in a ${col.type} column, window ${FROM_TEXT} .. ${TO_TEXT}`, async () => {
      const db: Server = await server(col.server);
      const table = `bounds_${n}`;
      const spell = (id: string): string => (col.letterCase === 'lower' ? id.toLowerCase() : col.letterCase === 'upper' ? id.toUpperCase() : id);
      const list = rows.get(col.kind)!.map((r) => ({ ...r, id: spell(r.id) }));
      const unique = [...new Map(list.map((r) => [r.id, r])).values()];
      const prelude = col.server === 'mariadb' ? 'CREATE DATABASE IF NOT EXISTS b; USE b;\n' : '';
      const values = unique.map((r) => (col.kind === 'snowflake' ? `(${r.id})` : `('${r.id}')`)).join(',\n');
      await db.sql(`${prelude}CREATE TABLE ${table} (id ${col.type} PRIMARY KEY);\nINSERT INTO ${table} (id) VALUES ${values};`);

      const b = bounds(col.kind, fromMs, toMs, { ...c.opts, ...(col.letterCase ? { letterCase: col.letterCase } : {}) });
      // What the editor inserts after `WHERE id ` in a SQL file (and what `idsmith bounds` prints
      // as min/max): a comment line, the BETWEEN line, a comment line.
      const where = `-- ${col.kind} ids created ${b.window.from} .. ${b.window.to}\n${boundsSql(col.kind, b)}\n-- prefix ${b.prefix}`;
      const got = (await db.sql(`${prelude}SELECT id FROM ${table} WHERE id ${where}\n;`)).map((r) => r[0]!);
      const want = unique.filter((r) => inWindow(c, r.ms)).map((r) => r.id);
      assert.ok(want.length > 0 && want.length < unique.length, 'the window splits the rows');
      const norm = (ids: string[]): string[] => ids.map((s) => s.toLowerCase()).sort();
      const missing = norm(want).filter((id) => !norm(got).includes(id));
      const extra = norm(got).filter((id) => !norm(want).includes(id));
      assert.deepEqual({ missing, extra }, { missing: [], extra: [] }, `${boundsSql(col.kind, b)} on ${db.name} ${db.version}`);
    });
  });
});
