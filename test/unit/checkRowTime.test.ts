// The fixture check's time-mismatch rule: a row whose own ID dates far from the row's creation
// time, in every file format whose readers know rows (JSON, JSON Lines, YAML, CSV, SQL).
import assert from 'node:assert/strict';
import { checkText, createCheck } from '../../src/core/check';
import { isCreationKey, timeValueMs } from '../../src/core/check/rowTime';

const NOW = Date.UTC(2026, 0, 1);
// ULIDs of 2025-03-05T01:02:23.991Z and of 2024-01-01T00:00:00.000Z (01HK153X00…).
const LATE = '01JNHX6G7Q0000000000000000';
const ON_TIME = '01HK153X000000000000000000';

function mismatches(text: string, fileName: string, timeToleranceMs?: number): string[] {
  return checkText(text, { fileName, now: NOW, ...(timeToleranceMs === undefined ? {} : { timeToleranceMs }) })
    .problems.filter((p) => p.code === 'time-mismatch').map((p) => `${p.range.start.line}:${p.range.start.character} ${p.text}`);
}

describe('check: a row whose ID dates far from its creation time', () => {
  it('JSON Lines: a line that leaves its object open ends its row with the line (judged there, not held)', () => {
    // Each open object was a row held to the end of the file: lines of `{` grew without bound.
    // The open line's row is judged at its line end: it is the first of the 1,000 mismatches
    // after which their share is decided (a third of the rows: each is told), before the end.
    const told: number[] = [];
    const stream = createCheck({ fileName: 'rows.jsonl', now: NOW, onProblem: (p) => { if (p.code === 'time-mismatch') told.push(p.range.start.line); } });
    stream.write(`{"id": "${LATE}", "created_at": "2024-01-01"\n`);
    stream.write(`{"id": "${ON_TIME}", "created_at": "2024-01-01"}\n`.repeat(2000));
    stream.write(`{"id": "${LATE}", "created_at": "2024-01-02"}\n`.repeat(999));
    assert.equal(told.length, 1000);
    assert.deepEqual(told.slice(0, 2), [0, 2001]);
    stream.write(`${'{{[['.repeat(50)}\n`);
    stream.end();
    assert.equal(told.length, 1000);
  });

  it('when most rows under an ID mismatch (seeds with fixed dates), one problem says so instead of one per row', () => {
    // Distinct IDs of the two times (one ID twice would be a duplicate as well).
    const seeds = (n: number, late: number) => `id,created_at\n` + Array.from({ length: n }, (_, i) => `${(i < late ? LATE : ON_TIME).slice(0, 16)}${String(i).padStart(10, '0')},2024-01-01\n`).join('');
    // Every row: one info at the first, counting them.
    const all = checkText(seeds(40, 40), { fileName: 'seed.csv', now: NOW }).problems;
    assert.deepEqual(all.map((p) => `${p.code} ${p.severity} ${p.range.start.line}`), ['time-mismatch info 1']);
    assert.match(all[0]!.message, /^most rows' IDs date far from their creation time \(40 of 40 rows; the first: ULID under 'id' dates from 2025-03-05T01:02:23\.991Z, but 'created_at' .*\): the IDs were made apart/);
    // Most (21 of 40): the same. Half or fewer, and any count under 4 rows: each row.
    assert.equal(mismatches(seeds(40, 21), 'seed.csv').length, 1);
    assert.equal(mismatches(seeds(40, 20), 'seed.csv').length, 20);
    assert.equal(mismatches(seeds(3, 3), 'seed.csv').length, 3);
    // Judged per ID path: a table of hand-made orders beside seeded users keeps its own.
    const json = JSON.stringify({
      users: Array.from({ length: 10 }, () => ({ id: LATE, created_at: '2024-01-01' })),
      orders: [{ id: LATE, created_at: '2024-01-01' }, ...Array.from({ length: 9 }, () => ({ id: ON_TIME, created_at: '2024-01-01' }))],
    });
    const r = checkText(json, { fileName: 'a.json', now: NOW }).problems.filter((p) => p.code === 'time-mismatch');
    assert.deepEqual(r.map((p) => `${p.severity} ${p.path}`).sort(), ['info $.users[*].id', 'warning $.orders[*].id']);
  });

  it('past 1,000 mismatches the share so far decides: most rows gives one problem, held no longer (memory stays bounded)', () => {
    const told: string[] = [];
    const stream = createCheck({ fileName: 'rows.jsonl', now: NOW, onProblem: (p) => { if (p.code === 'time-mismatch') told.push(p.severity); } });
    for (let i = 0; i < 30; i++) stream.write(`{"id": "${LATE}", "created_at": "2024-01-01"}\n`.repeat(1000));
    assert.deepEqual(told, []);
    stream.end();
    assert.deepEqual(told, ['info']);
  });

  it('is a warning at the ID, saying both times, in JSON, JSON Lines, YAML, CSV and SQL', () => {
    const json = `[\n{"id": "${LATE}", "created_at": "2024-01-01T00:00:00Z"},\n{"id": "${ON_TIME}", "created_at": "2024-01-01T03:00:00+02:00"}\n]`;
    assert.deepEqual(mismatches(json, 'rows.json'), [`1:8 ${LATE}`]);
    const p = checkText(json, { fileName: 'rows.json', now: NOW }).problems.find((x) => x.code === 'time-mismatch')!;
    assert.equal(p.severity, 'warning');
    assert.equal(p.message, `ULID under 'id' dates from 2025-03-05T01:02:23.991Z, but 'created_at' in the same row says 2024-01-01T00:00:00.000Z (429 days apart)`);
    assert.deepEqual(mismatches(`{"id": "${LATE}", "createdAt": 1704067200000}\n{"id": "${ON_TIME}", "createdAt": 1704067200}\n`, 'rows.jsonl'), [`0:8 ${LATE}`]);
    assert.deepEqual(mismatches(`- id: ${LATE}\n  created_at: 2024-01-01\n- id: ${ON_TIME}\n  created_at: 2024-01-01\n`, 'rows.yaml'), [`0:6 ${LATE}`]);
    assert.deepEqual(mismatches(`id,created_at\n${ON_TIME},2024-01-01\n${LATE},2024-01-01 05:00\n`, 'rows.csv'), [`2:0 ${LATE}`]);
    const sql = `INSERT INTO t (id, created_at) VALUES ('${ON_TIME}', '2024-01-01'), ('${LATE}', '2024-01-01');`;
    assert.deepEqual(mismatches(sql, 'rows.sql'), [`0:${sql.indexOf(LATE)} ${LATE}`]);
  });

  it('compares only the row\'s own ID with its creation time, within the tolerance', () => {
    // A reference to another row, an update time, a nested object's time: no claim.
    assert.deepEqual(mismatches(`[{"user_id": "${LATE}", "created_at": "2024-01-01"}]`, 'a.json'), []);
    assert.deepEqual(mismatches(`[{"id": "${LATE}", "updated_at": "2024-01-01"}]`, 'a.json'), []);
    assert.deepEqual(mismatches(`[{"id": "${LATE}", "meta": {"created_at": "2024-01-01"}}]`, 'a.json'), []);
    // Within a day (the default), or within a tolerance the caller widened; 0 turns it off.
    assert.deepEqual(mismatches(`[{"id": "${ON_TIME}", "created_at": "2024-01-01T23:00:00Z"}]`, 'a.json'), []);
    assert.deepEqual(mismatches(`[{"id": "${LATE}", "created_at": "2024-01-01"}]`, 'a.json', 500 * 86_400_000), []);
    assert.deepEqual(mismatches(`[{"id": "${LATE}", "created_at": "2024-01-01"}]`, 'a.json', 0), []);
  });

  it('reads creation keys and time values as data writes them', () => {
    for (const k of ['created_at', 'createdAt', 'CreationDate', 'insert_ts', 'timestamp', 'date_added', 'ts']) assert.ok(isCreationKey(k), k);
    for (const k of ['updated_at', 'deleted_at', 'expires', 'birth_date', 'id', 'created_by']) assert.equal(isCreationKey(k), k === 'created_by', k);
    assert.equal(timeValueMs('2024-01-01', NOW), Date.UTC(2024, 0, 1));
    assert.equal(timeValueMs('2024-01-01T10:00:00.5-02:30', NOW), Date.UTC(2024, 0, 1, 12, 30, 0, 500));
    assert.equal(timeValueMs('1704067200', NOW), Date.UTC(2024, 0, 1));
    assert.equal(timeValueMs('999999999', NOW), undefined, 'two plausible units');
    assert.equal(timeValueMs('yesterday', NOW), undefined);
  });
});
