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
    // Told as they come: the open line's row is judged at its line end, before the next line's.
    const told: string[] = [];
    const stream = createCheck({ fileName: 'rows.jsonl', now: NOW, onProblem: (p) => { if (p.code === 'time-mismatch') told.push(`${p.code} ${p.range.start.line}`); } });
    stream.write(`{"id": "${LATE}", "created_at": "2024-01-01"\n{"id": "${LATE}", "created_at": "2024-01-02"}\n`);
    assert.deepEqual(told, ['time-mismatch 0', 'time-mismatch 1']);
    stream.write(`${'{{[['.repeat(50)}\n`);
    stream.end();
    assert.deepEqual(told, ['time-mismatch 0', 'time-mismatch 1']);
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
