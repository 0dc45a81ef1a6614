// Fixture health (src/core/check): each problem code in each file type, references versus
// duplicates, exact ranges (also with CRLF), the CSV and SQL readers on their own, a large
// input, and a fuzz property that the checker never throws on arbitrary text.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { FORMATS, checkFormatOf, checkText, createCheck, encodeUlid, generate, labelOf, scan, type CheckProblem, type CheckResult } from '../../src/core';
import { readCsv } from '../../src/core/check/csv';
import { readSqlTuples } from '../../src/core/check/sql';
import { ULID_SPEC } from '../shared/vectors';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const A = ULID_SPEC; // 2016-07-30
const B = '01BX5ZZKBKACTAV9WEVGEMMVRZ'; // 2017-09-20
const C = '01CZJ4QBAZ7WAS5FPC0CBP0JHF';
const U7 = '01890a5d-ac96-774b-bcce-b302099a8057';
const U4 = '9b2f6a44-3c1e-4d1a-8f2e-0c5b7d9e1a23';
const FUTURE = '01NZZZZZZZZZZZZZZZZZZZZZZZ'; // 2028-10-17, after NOW

const check = (text: string, fileName: string): CheckResult => checkText(text, { fileName, now: NOW });
const codes = (r: CheckResult) => r.problems.map((p) => p.code);
const only = (r: CheckResult, code: string): CheckProblem[] => r.problems.filter((p) => p.code === code);

/** The 0-based line/character of `needle`'s `nth` occurrence in `text`. */
function at(text: string, needle: string, nth = 0): { line: number; character: number; offset: number } {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = text.indexOf(needle, offset + 1);
  assert.ok(offset >= 0, `${needle} #${nth} in the text`);
  const before = text.slice(0, offset);
  const line = before.split(/\r\n|\r|\n/).length - 1;
  const lineStart = Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r')) + 1;
  return { line, character: offset - lineStart, offset };
}

function assertAt(p: CheckProblem, text: string, needle: string, nth: number): void {
  const where = at(text, needle, nth);
  assert.equal(p.start, where.offset);
  assert.equal(p.end, where.offset + needle.length);
  assert.deepEqual(p.range.start, { line: where.line, character: where.character });
  assert.equal(text.slice(p.start, p.end), needle);
  assert.equal(p.text, needle);
}

describe('check: formats', () => {
  it('picks the format by extension, then by language id', () => {
    assert.equal(checkFormatOf('a/b/users.json'), 'json');
    assert.equal(checkFormatOf('x.JSONC'), 'json');
    assert.equal(checkFormatOf('x.ndjson'), 'jsonl');
    assert.equal(checkFormatOf('seed.yml'), 'yaml');
    assert.equal(checkFormatOf('a.csv'), 'csv');
    assert.equal(checkFormatOf('a.tsv'), 'tsv');
    assert.equal(checkFormatOf('init.sql'), 'sql');
    assert.equal(checkFormatOf('Untitled-1', 'yaml'), 'yaml');
    assert.equal(checkFormatOf('notes.txt'), 'text');
  });

  it('reads labels from key and column names', () => {
    assert.deepEqual(labelOf('order_ulid'), { kind: 'ulid' });
    assert.deepEqual(labelOf('uuid_v7'), { kind: 'uuid', version: 7 });
    assert.deepEqual(labelOf('userUuid'), { kind: 'uuid' });
    assert.deepEqual(labelOf('ksuid'), { kind: 'ksuid' });
    assert.equal(labelOf('id'), undefined);
    assert.equal(labelOf('customer'), undefined);
  });
});

describe('check: duplicate', () => {
  it('JSON: the same ID under one key of objects in one array; another key is a reference', () => {
    const text = `[\n  {"id": "${A}", "customer": "${B}"},\n  {"id": "${B}", "customer": "${A}"},\n  {"id": "${A}", "customer": "${B}"}\n]\n`;
    const r = check(text, 'users.json');
    // The third "id" repeats the first; the customer A is a reference to it, and the customer
    // column repeating B is what a foreign key does.
    assert.deepEqual(codes(r), ['duplicate']);
    const [d1] = only(r, 'duplicate');
    assertAt(d1!, text, A, 2);
    assert.equal(d1!.path, '$[*].id');
    assert.deepEqual(d1!.first, { line: 1, character: 10 });
  });

  it('another key counts as an identity when nearly all its values are distinct', () => {
    const ids = Array.from({ length: 12 }, (_, i) => ulidAt(Date.UTC(2024, 0, 1) + i * 60_000));
    ids[11] = ids[3]!;
    const text = JSON.stringify(ids.map((order) => ({ order, customer: A })), null, 1);
    const r = check(text, 'orders.json');
    // The repeat also steps back in time in a column that otherwise ascends.
    assert.deepEqual(codes(r), ['duplicate', 'unsorted']);
    assertAt(r.problems[0]!, text, ids[3]!, 1);
  });

  it('JSON: a reference to an ID defined elsewhere is not a duplicate', () => {
    const text = JSON.stringify({ users: [{ id: A }, { id: B }], orders: [{ id: C, user: A }, { id: U7, user: B }] }, null, 2);
    assert.deepEqual(codes(check(text, 'f.json')), []);
  });

  it('an object embedded in rows with their own ID (a customer in each order, a JSON:API relationship) repeats by reference', () => {
    const D = ulidAt(Date.UTC(2024, 0, 2)), E = ulidAt(Date.UTC(2024, 0, 3));
    // The customer U4 is in two orders, its own id first in one and last in the other; its address too.
    const orders = JSON.stringify({
      orders: [
        { id: A, customer: { id: U4, address: { id: U7 } }, items: [{ id: D }] },
        { customer: { address: { id: U7 }, id: U4 }, id: B, items: [{ id: E }] },
      ],
    }, null, 1);
    assert.deepEqual(codes(check(orders, 'orders.json')), []);
    const api = JSON.stringify({
      data: [
        { type: 'articles', id: A, relationships: { author: { data: { type: 'people', id: U4 } } } },
        { type: 'articles', id: B, relationships: { author: { data: { type: 'people', id: U4 } } } },
      ],
      included: [{ type: 'people', id: U4 }],
    }, null, 1);
    assert.deepEqual(codes(check(api, 'api.json')), []);
    // JSON Lines: each line is a row; its customer object is embedded in it.
    assert.deepEqual(codes(check(`{"id": "${A}", "customer": {"id": "${U4}"}}\n{"id": "${B}", "customer": {"id": "${U4}"}}\n`, 'o.jsonl')), []);
  });

  it('duplicates stay duplicates: a row\'s own ID, a row\'s array of rows, an ID under an object whose row has none of its own', () => {
    const D = ulidAt(Date.UTC(2024, 0, 2));
    const twice = (text: string, name: string, path: string) => {
      const r = check(text, name);
      assert.deepEqual(r.problems.map((p) => `${p.code} ${p.path}`), [`duplicate ${path}`], name);
    };
    // A line item in two orders: items are the orders' own rows, each with an ID of its own.
    twice(JSON.stringify({ orders: [{ id: A, items: [{ id: D }] }, { id: B, items: [{ id: D }] }] }), 'a.json', '$.orders[*].items[*].id');
    // An API's lines whose entity is under `data`, with no ID beside it: `data.id` is the line's own.
    twice(`{"data": {"id": "${A}"}}\n{"data": {"id": "${A}"}}\n`, 'a.jsonl', '$.data.id');
    // JSON:API's included resources are each one object: twice is a duplicate.
    twice(JSON.stringify({ data: [{ id: B, relationships: { author: { data: { id: U4 } } } }], included: [{ id: U4 }, { id: U4 }] }), 'b.json', '$.included[*].id');
    // The embedded customer's own ID still counts against its own created_at.
    const late = JSON.stringify({ orders: [{ id: A, customer: { id: U7, created_at: '2016-01-01' } }] });
    assert.deepEqual(codes(check(late, 'c.json')), ['time-mismatch']);
  });

  it('MongoDB Extended JSON (mongoexport): {"$oid"} and {"$date"} are the values of their keys, in the row around them', () => {
    const O1 = '6746f0a5c2e4b1a3d5f7e9c1', O2 = '6746f0a5c2e4b1a3d5f7e9c2', USER = '6746f0a5c2e4b1a3d5f7e9c9'; // 2024-11-27
    const line = (id: string, date: string) => `{"_id":{"$oid":"${id}"},"user":{"$oid":"${USER}"},"tags":[{"$oid":"${USER}"}],"createdAt":${date}}`;
    const text = [
      line(O1, '{"$date":"2024-11-27T10:12:53Z"}'),
      line(O2, '{"$date":{"$numberLong":"1577836800000"}}'), // canonical form: 2020-01-01
      line(O2, '{"$date":"2024-11-27T10:12:53Z"}'),
      `{"_id":"${O1}"}`,
    ].join('\n') + '\n';
    const r = check(text, 'orders.jsonl');
    assert.deepEqual(r.problems.map((p) => `${p.code} ${p.range.start.line} ${p.path}`).sort(),
      ['duplicate 2 $._id', 'duplicate 3 $._id', 'time-mismatch 1 $._id']);
    assert.match(only(r, 'time-mismatch')[0]!.message, /^ObjectId under '_id' dates from 2024-11-27T10:12:53\.000Z, but 'createdAt' in the same row says 2020-01-01T00:00:00\.000Z/);
    assertAt(only(r, 'duplicate')[0]!, text, O2, 1);
    // The user in every line, in a field and in an array, is a reference; a key $oid beside others is no wrapper.
    assert.deepEqual(codes(check(`[{"id": "${O1}", "$oid": "${O2}"}, {"id": "${O2}", "$oid": "${O2}"}]`, 'a.json')), []);
  });

  it('JSONC with comments and trailing commas, and a UUID spelled two ways', () => {
    const text = `// seeds\n{ "rows": [ { "id": "${U4}" }, /* x */ { "id": "${U4.toUpperCase()}" }, ] }`;
    const r = check(text, 'f.jsonc');
    assert.deepEqual(codes(r), ['duplicate']);
    assertAt(r.problems[0]!, text, U4.toUpperCase(), 0);
  });

  it('JSON Lines: one object per line, duplicates across lines', () => {
    const text = `{"id":"${A}"}\n{"id":"${B}"}\n{"id":"${A}"}\n`;
    const r = check(text, 'f.jsonl');
    assert.deepEqual(codes(r), ['duplicate']);
    assertAt(r.problems[0]!, text, A, 1);
  });

  it('YAML: plain and quoted scalars, one sequence', () => {
    const text = `users:\n  - id: ${A}\n    team: ${C}\n  - id: "${B}"\n    team: ${C}\n  - id: '${A}'\n`;
    const r = check(text, 'seed.yaml');
    const d = only(r, 'duplicate');
    assert.equal(d.length, 1, 'the repeated team is a reference');
    assertAt(d[0]!, text, A, 1);
    assert.equal(d[0]!.path, '$.users[*].id');
  });

  it('YAML: a 19-digit snowflake is compared by its digits, not as a rounded number', () => {
    const text = `- id: 175928847299117063\n- id: 175928847299117064\n`;
    assert.deepEqual(codes(checkText(text, { fileName: 'a.yaml', now: NOW, epoch: 'discord' })), []);
    const dup = `- id: 175928847299117063\n- id: 175928847299117063\n`;
    assert.deepEqual(codes(checkText(dup, { fileName: 'a.yaml', now: NOW, epoch: 'discord' })), ['duplicate']);
  });

  it('CSV: per column, with a header, quotes and CRLF', () => {
    const text = `id,parent,note\r\n${A},,"first"\r\n${B},${A},"a ""quoted"", note"\r\n"${A}",${A},x\r\n`;
    const r = check(text, 'rows.csv');
    const d = only(r, 'duplicate');
    assert.equal(d.length, 1, 'the repeated parent is a reference');
    assertAt(d[0]!, text, A, 2);
    assert.equal(d[0]!.path, 'column id');
    assert.deepEqual(d[0]!.range.start, { line: 3, character: 1 });
  });

  it('a column of two kinds: each kind its own IDs, a duplicate found after the other kind came between', () => {
    // A UUID holding a ULID's 128 bits is another ID; the ULID repeated after it is a duplicate.
    const asUuid = '01563df3-6481-d676-4c61-efb99302bd5b'; // A's bytes
    const text = `id\n${A}\n${asUuid}\n${B}\n${A}\n${asUuid}\n`;
    const d = only(check(text, 'rows.csv'), 'duplicate');
    assert.deepEqual(d.map((p) => [p.text, p.range.start.line]), [[A, 4], [asUuid, 5]]);
  });

  it('TSV without a header: columns by number', () => {
    const text = `${A}\t${B}\n${A}\t${C}\n`;
    const r = check(text, 'x.tsv');
    assert.deepEqual(codes(r), ['duplicate']);
    assert.equal(r.problems[0]!.path, 'column 1');
    assert.deepEqual(r.problems[0]!.range.start, { line: 1, character: 0 });
  });

  it('SQL: per tuple position; strings, comments and nested calls do not split tuples', () => {
    const text = [
      `-- INSERT INTO users (id) VALUES ('${A}');`,
      `INSERT INTO users (id, name, created) VALUES`,
      `  ('${A}', 'it''s, (tricky', now()),`,
      `  /* ('${A}') */ ('${B}', 'b', coalesce(1, 2)),`,
      `  ('${A}', 'c', now());`,
      `INSERT INTO orders (id, user_id) VALUES ('${C}', '${A}'), ('${U7}', '${A}');`,
    ].join('\n');
    const r = check(text, 'seed.sql');
    assert.deepEqual(codes(r), ['duplicate'], 'orders.user_id repeating A is a reference');
    assertAt(r.problems[0]!, text, A, 3);
    assert.equal(r.problems[0]!.path, 'users (id)');
  });
});

describe('check: kinds added to the registry', () => {
  it('messages name them by the registry label (an XID duplicate, a TSID from the future)', () => {
    const [x0, x1] = generate('xid', { count: 2, timeMs: Date.UTC(2025, 0, 1) });
    const dup = check(`id\n${x0}\n${x1}\n${x0}\n`, 'ids.csv');
    assert.deepEqual(dup.problems.map((p) => p.message), ["duplicate XID under 'column id': first at line 2, column 1"]);
    const [tsid] = generate('tsid', { count: 1, timeMs: NOW + 3 * 86_400_000 });
    const future = check(`logged ${tsid} here\n`, 'notes.txt');
    assert.match(future.problems[0]!.message, /^TSID dated /);
  });
});

describe('check: SQL table names', () => {
  it('INSERT INTO schema.table: one dotted name, and its tuples are read', () => {
    // `public.users` is two tokens, the second starting with its dot; the tuples after it used to be skipped.
    const r = check(`INSERT INTO public.users (id) VALUES ('${A}'), ('${A}');\n`, 'seed.sql');
    assert.deepEqual(r.problems.map((p) => [p.code, p.path]), [['duplicate', 'public.users (id)']]);
  });
});

describe('check: invalid', () => {
  it('a labelled ULID with I/L/O gets the corrected text; with U no correction', () => {
    const bad = 'O1ARYZ6S4ITSV4RRFFQ69G5FAV'; // A with 0 -> O and 1 -> I
    const text = `{"ulid": "${bad}", "order_ulid": "${A.slice(0, 25)}U"}`;
    const r = check(text, 'a.json');
    const inv = only(r, 'invalid');
    assert.equal(inv.length, 2);
    assertAt(inv[0]!, text, bad, 0);
    assert.equal(inv[0]!.fix, A);
    assert.equal(inv[1]!.fix, undefined);
    assert.match(inv[1]!.message, /order_ulid/);
  });

  it('an overflowing ULID, a wrong length, and a UUID whose label asks for another version', () => {
    const text = `id_ulid,uuid_v7,uuid\n8ZZZZZZZZZZZZZZZZZZZZZZZZZ,${U4},${U4.slice(0, 30)}\n`;
    const r = check(text, 'a.csv');
    const inv = only(r, 'invalid');
    assert.equal(inv.length, 3);
    assert.match(inv[0]!.message, /ULID/);
    assert.match(inv[1]!.message, /UUID v7.*version 4/);
    assertAt(inv[2]!, text, U4.slice(0, 30), 1);
  });

  it('placeholders and templates under a label are not claims', () => {
    const text = `[{"uuid": "{{ uuid }}"}, {"uuid": "\${UUID}"}, {"ulid": null}, {"ulid": ""}, {"uuid": "TODO"}]`;
    assert.deepEqual(codes(check(text, 'a.json')), []);
  });

  it('a path under a label is not a claim (a package.json names its bin uuid); a broken ID beside it still is', () => {
    const text = `{"bin": {"uuid": "./dist-node/bin/uuid", "cuid2": "bin/cuid2.js", "ulid": "dist\\\\cli.js"}, "order": {"uuid": "${U4.slice(0, 30)}"}}`;
    const r = check(text, 'package.json');
    assert.deepEqual(codes(r), ['invalid']);
    assertAt(r.problems[0]!, text, U4.slice(0, 30), 0);
    // A slash or backslash is in no format's own text: a path is never a broken ID.
    for (const f of FORMATS) {
      for (const g of f.generators) {
        if (g.kind === 'uuidv3' || g.kind === 'uuidv5') continue; // derived from a name given
        for (const id of generate(g.kind, { count: 20 })) assert.doesNotMatch(id, /[/\\]/, g.kind);
      }
    }
  });

  it('a valid ID of another kind under a label is read as that kind', () => {
    assert.deepEqual(codes(check(`{"ulid": "${U7}"}`, 'a.json')), []);
  });
});

describe('check: future', () => {
  it('a time-bearing ID after now + 1 day, in any format', () => {
    for (const [name, text] of [['a.json', `{"id":"${FUTURE}"}`], ['a.csv', `id\n${FUTURE}\n`], ['a.sql', `INSERT INTO t VALUES ('${FUTURE}');`], ['a.txt', `x ${FUTURE} y`]] as const) {
      const r = check(text, name);
      assert.deepEqual(codes(r), ['future'], name);
      assertAt(r.problems[0]!, text, FUTURE, 0);
    }
  });

  it('a plain time after tomorrow is not (an expiry), in free text as in JSON and CSV; an ID beside it still is', () => {
    const exp = Math.floor((NOW + 400 * 86_400_000) / 1000);
    const text = `token iat=${Math.floor(NOW / 1000)} exp=${exp} expires_at=${exp}123 ref ${FUTURE}\n`;
    // The scanner reads both as times (their keys name times): the rule, not the scan, leaves them out.
    assert.deepEqual(scan(text, { now: NOW }).map((m) => m.kind), ['unixsec', 'unixsec', 'unixms', 'ulid']);
    const r = check(text, 'app.log');
    assert.deepEqual(codes(r), ['future']);
    assertAt(r.problems[0]!, text, FUTURE, 0);
    for (const [name, t] of [['a.json', `{"exp": ${exp}}`], ['a.csv', `id,exp\n${A},${exp}\n`]] as const) assert.deepEqual(codes(check(t, name)), [], name);
  });

  it('plain text is scanned with the line before as context: a certificate in a fixture has no future KSUID', () => {
    // A KSUID of 2027 read in a PEM line (found in the real VS Code on fixtures/server.pem).
    const pem = '-----BEGIN CERTIFICATE-----\n3dEUDejC4i7MxcLmh0qBPLEgoqa//pvnaTf8nRTUV7eZKCEsNq7eI7WTQbmDlIFx\n-----END CERTIFICATE-----\n';
    assert.equal(scan('3dEUDejC4i7MxcLmh0qBPLEgoqa', { now: NOW })[0]?.kind, 'ksuid');
    assert.deepEqual(codes(check(pem, 'server.pem')), []);
    // In pieces cut anywhere, as the editor and the CLI feed it: the same.
    const text = `x ${FUTURE}\n${pem}y ${FUTURE}\n`;
    const whole = check(text, 'a.txt').problems.map((p) => p.start);
    assert.deepEqual(whole, [text.indexOf(FUTURE), text.lastIndexOf(FUTURE)]);
    for (let cut = 1; cut < text.length; cut += 7) {
      const got: number[] = [];
      const stream = createCheck({ fileName: 'a.txt', now: NOW, onProblem: (p) => got.push(p.start) });
      stream.write(text.slice(0, cut));
      stream.write(text.slice(cut));
      stream.end();
      assert.deepEqual(got, whole, `cut at ${cut}`);
    }
  });

  it('an ID from within the next day is not', () => {
    const soon = encodeUlid(new Uint8Array([...bytesOfTime(NOW + 3_600_000), ...new Uint8Array(10)]));
    assert.deepEqual(codes(check(`{"id":"${soon}"}`, 'a.json')), []);
  });
});

function bytesOfTime(ms: number): Uint8Array {
  const b = new Uint8Array(6);
  let v = ms;
  for (let i = 5; i >= 0; i--) {
    b[i] = v % 256;
    v = Math.floor(v / 256);
  }
  return b;
}

function ulidAt(ms: number, n = 0): string {
  const r = new Uint8Array(10);
  r[9] = n;
  return encodeUlid(new Uint8Array([...bytesOfTime(ms), ...r]));
}

describe('check: unsorted', () => {
  const t0 = Date.UTC(2024, 0, 1);
  it('a column that ascends except for one step back gets one info', () => {
    const ids = [0, 1, 2, 5, 3, 6, 7, 8, 9, 10].map((h) => ulidAt(t0 + h * 3_600_000));
    const text = JSON.stringify(ids.map((id) => ({ id })), null, 1);
    const r = check(text, 'a.json');
    const u = only(r, 'unsorted');
    assert.equal(u.length, 1);
    assert.equal(u[0]!.severity, 'info');
    assertAt(u[0]!, text, ids[4]!, 0);
  });

  it('a shuffled column, a short one, and UUID v4s are not reported', () => {
    const shuffled = [5, 1, 9, 0, 7, 2, 8, 3].map((h) => ulidAt(t0 + h * 3_600_000));
    assert.deepEqual(codes(check(JSON.stringify(shuffled.map((id) => ({ id }))), 'a.json')), []);
    const short = [2, 1].map((h) => ulidAt(t0 + h * 3_600_000));
    assert.deepEqual(codes(check(JSON.stringify(short.map((id) => ({ id }))), 'a.json')), []);
  });
});

describe('check: readers', () => {
  it('CSV: quoted fields with delimiters, newlines and "" escapes; CR, LF and CRLF', () => {
    const rows: string[][] = [];
    readCsv('a,"b,1","c\r\nd"\r\n"e""f",,g\rh\n\n', ',', (f) => rows.push(f.map((x) => x.value)));
    assert.deepEqual(rows, [['a', 'b,1', 'c\r\nd'], ['e"f', '', 'g'], ['h']]);
  });

  it('CSV: offsets point inside the quotes', () => {
    const text = 'x,"abc"\n';
    const fields: { start: number; end: number }[] = [];
    readCsv(text, ',', (f) => fields.push(...f));
    assert.equal(text.slice(fields[1]!.start, fields[1]!.end), 'abc');
  });

  it('SQL: columns, multi-row VALUES, quoted identifiers, unterminated input', () => {
    const tuples: unknown[] = [];
    readSqlTuples(`insert into "s"."t" ("a", b) values ('x', 1), ('y''z', f(1,2)); INSERT INTO u VALUES ('unterminated`, (t) =>
      tuples.push({ table: t.table, columns: t.columns, values: t.values.map((v) => v?.value) }));
    assert.deepEqual(tuples, [
      { table: 's.t', columns: ['a', 'b'], values: ['x', '1'] },
      { table: 's.t', columns: ['a', 'b'], values: ["y'z", undefined] },
      { table: 'u', columns: undefined, values: ['unterminated'] },
    ]);
  });
});

describe('check: robustness', () => {
  it('CRLF files: ranges are the same lines and columns as with LF', () => {
    const lf = `[\n {"id": "${A}"},\n {"id": "${A}"}\n]\n`;
    const crlf = lf.replace(/\n/g, '\r\n');
    const a = check(lf, 'a.json').problems[0]!;
    const b = check(crlf, 'a.json').problems[0]!;
    assert.deepEqual(a.range, b.range);
    assert.equal(crlf.slice(b.start, b.end), A);
  });

  it('a large JSON fixture: every duplicate found, none invented', () => {
    const n = 50_000;
    const rows = Array.from({ length: n }, (_, i) => ({ id: ulidAt(Date.UTC(2024, 0, 1) + i * 1000, i % 256), ref: ulidAt(Date.UTC(2024, 0, 1), 0) }));
    rows[n - 1]!.id = rows[10]!.id;
    rows[n - 2]!.id = rows[20]!.id;
    const r = check(JSON.stringify(rows), 'big.json');
    const d = only(r, 'duplicate');
    assert.equal(d.length, 2, 'the ref column repeats one ID 50,000 times: references');
    assert.deepEqual(d.map((p) => p.text), [rows[10]!.id, rows[20]!.id].reverse());
  });

  it('never throws on arbitrary text in any format', () => {
    const names = ['a.json', 'a.jsonl', 'a.yaml', 'a.csv', 'a.tsv', 'a.sql', 'a.txt'];
    const pieces = fc.constantFrom('{', '}', '[', ']', '"', "'", ',', ':', '\n', '\r\n', '\t', '(', ')', '--', '/*', '*/', 'INSERT INTO t VALUES', '- id: ', 'id', A, U7, FUTURE, '8ZZZZZZZZZZZZZZZZZZZZZZZZZ', '"ulid": ', '\\', '&', '!!', '|', '>');
    const text = fc.oneof(fc.string({ maxLength: 200 }), fc.array(pieces, { maxLength: 60 }).map((a) => a.join('')), fc.string({ unit: 'binary', maxLength: 100 }));
    fc.assert(fc.property(text, fc.constantFrom(...names), (t, name) => {
      const r = check(t, name);
      for (const p of r.problems) {
        assert.ok(p.start >= 0 && p.end <= t.length && p.start <= p.end, 'range inside the text');
        assert.equal(t.slice(p.start, p.end), p.text);
      }
    }), { numRuns: 2000 });
  });
});
