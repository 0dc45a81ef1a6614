// The streaming checker (createCheck): whatever the pieces, the problems are those of the whole
// text. Fixtures in every format are generated with repeats, labels, bad IDs, comments, escapes,
// multi-byte characters and CRLF; they are fed as UTF-8 bytes cut at random positions (inside
// characters and between CR and LF too), and as UTF-16 pieces cut anywhere. The JSON tokenizer is
// also held against jsonc-parser's visitor on the same generated JSONC.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { visit } from 'jsonc-parser';
import { checkText, checkTextInSlices, createCheck, utf8Writer, type CheckProblem } from '../../src/core';
import { JsonReader } from '../../src/core/check/json';
import { OBJECTID_SPEC, ULID_SPEC } from '../shared/vectors';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const IDS = [
  ULID_SPEC, '01BX5ZZKBKACTAV9WEVGEMMVRZ', '01bx5zzkbkactav9wevgemmvrz', '01CZJ4QBAZ7WAS5FPC0CBP0JHF',
  '01890a5d-ac96-774b-bcce-b302099a8057', '{01890A5D-AC96-774B-BCCE-B302099A8057}', '9b2f6a44-3c1e-4d1a-8f2e-0c5b7d9e1a23',
  '01NZZZZZZZZZZZZZZZZZZZZZZZ', 'O1ARYZ6S4ITSV4RRFFQ69G5FAV', '8ZZZZZZZZZZZZZZZZZZZZZZZZZ', OBJECTID_SPEC,
  '2KpBCoGEMUFr7bbFe5A7sF53Gcj', 'user_2x4y6z8a0b1c2d3e4f5g6h7j8k', '1541815603606036480', 'café ☕ 😀 naïve', 'plain text',
];
const KEYS = ['id', 'ulid', 'customer', 'uuid_v7', 'parent', 'name', 'x y', 'ksuid', 'snowflake', 'ünï'];

const id = fc.constantFrom(...IDS);
const key = fc.constantFrom(...KEYS);
const nl = fc.constantFrom('\n', '\r\n', '\r\n', '\n  ');
const gap = fc.constantFrom('', ' ', '\n', '\r\n', ' /* c😀 */ ', ' // é\n', '\t');

/** A JSON string literal of `s`, sometimes with escapes. */
const jsonString = (s: string, escape: boolean) => (escape ? JSON.stringify(s).replace(/[A-Za-z]/, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : JSON.stringify(s));

const { value: jsonValue } = fc.letrec<{ value: string; scalar: string; object: string; array: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('scalar'), tie('object'), tie('array')),
  scalar: fc.oneof(
    fc.tuple(id, fc.boolean()).map(([s, e]) => jsonString(s, e && Math.random() < 0.2)),
    id.map((s) => JSON.stringify(s)),
    fc.constantFrom('1541815603606036480', '-12345678901', 'true', 'null', '3.25e10'),
  ),
  object: fc.tuple(fc.array(fc.tuple(key, tie('value'), gap), { maxLength: 5 }), fc.boolean(), nl)
    .map(([props, trailing, n]) => '{' + props.map(([k, v, g]) => `${n}${JSON.stringify(k)}:${g}${v}`).join(',') + (trailing && props.length > 0 ? ',' : '') + n + '}'),
  array: fc.tuple(fc.array(fc.tuple(tie('value'), gap), { maxLength: 8 }), nl)
    .map(([items, n]) => '[' + items.map(([v, g]) => `${n}${g}${v}`).join(',') + n + ']'),
}));

const rowsOf = (width: number) => fc.array(fc.array(fc.oneof(id, id.map((s) => `"${s}"`), fc.constant('"a ""q"", b"'), fc.constant('')), { minLength: width, maxLength: width }), { maxLength: 30 });

const csv = fc.tuple(fc.integer({ min: 1, max: 4 }), nl, fc.boolean()).chain(([w, n, header]) =>
  rowsOf(w).map((rows) => (header ? KEYS.slice(0, w).join(',') + n : '') + rows.map((r) => r.join(',')).join(n) + n));
const tsv = fc.tuple(fc.integer({ min: 1, max: 3 }), nl).chain(([w, n]) => rowsOf(w).map((rows) => rows.map((r) => r.join('\t')).join(n)));
const sql = fc.array(fc.tuple(fc.array(fc.tuple(id, fc.constantFrom("'", ''), gap), { minLength: 1, maxLength: 5 }), gap), { maxLength: 8 })
  .map((tuples) => `-- seed ☕\nINSERT INTO public.users (id, customer) VALUES\r\n` + tuples.map(([vs, g]) => `(${vs.map(([v, q, vg]) => (q === "'" ? `'${v.replace(/'/g, "''")}'` : `f(${JSON.stringify(v)}, 1)`) + vg).join(', ')})${g}`).join(',\n') + ';\n/* done */ INSERT INTO t VALUES (\'unterminated');
const yaml = fc.array(fc.array(fc.tuple(key, id, fc.constantFrom('', '"', "'")), { minLength: 1, maxLength: 3 }), { maxLength: 12 })
  .chain((rows) => fc.tuple(fc.constant(rows), fc.boolean(), nl.filter((n) => !n.includes(' '))).map(([rs, multi, n]) =>
    rs.map((r, i) => (multi && i % 4 === 0 ? `---${n}` : '') + r.map(([k, v, q], j) => `${j === 0 ? '- ' : '  '}${/^[\w]+$/.test(k) ? k : JSON.stringify(k)}: ${q}${v}${q}`).join(n)).join(n) + n));
const jsonl = fc.array(jsonValue.map((v) => v.replace(/\r?\n/g, ' ')), { maxLength: 10 }).map((lines) => lines.join('\n'));
const text = fc.array(fc.tuple(id, gap), { maxLength: 40 }).map((parts) => parts.map(([v, g]) => v + g).join(' '));

const FIXTURES: [string, fc.Arbitrary<string>][] = [
  ['a.json', jsonValue], ['a.jsonl', jsonl], ['a.csv', csv], ['a.tsv', tsv], ['a.sql', sql], ['a.yaml', yaml], ['a.txt', text],
];

/** Cut points: sorted, distinct, inside (0, n). */
const cuts = (n: number) => fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, n - 1) }), { maxLength: 12 }).map((a) => a.filter((x) => x < n).sort((x, y) => x - y));

function streamBytes(bytes: Uint8Array, at: number[], fileName: string): CheckProblem[] {
  const problems: CheckProblem[] = [];
  const w = utf8Writer(createCheck({ fileName, now: NOW, onProblem: (p) => problems.push(p) }));
  let from = 0;
  for (const c of [...at, bytes.length]) {
    w.write(bytes.subarray(from, c));
    from = c;
  }
  w.end();
  return sorted(problems);
}

function streamText(s: string, at: number[], fileName: string): CheckProblem[] {
  const problems: CheckProblem[] = [];
  const stream = createCheck({ fileName, now: NOW, onProblem: (p) => problems.push(p) });
  let from = 0;
  for (const c of [...at, s.length]) {
    stream.write(s.slice(from, c));
    from = c;
  }
  stream.end();
  return sorted(problems);
}

const sorted = (ps: CheckProblem[]) => [...ps].sort((a, b) => a.start - b.start || a.code.localeCompare(b.code));

describe('check: streamed', () => {
  for (const [fileName, arb] of FIXTURES) {
    it(`${fileName}: UTF-8 bytes cut anywhere give the problems of the whole text`, () => {
      let withProblems = 0;
      fc.assert(fc.property(arb.chain((s) => {
        const bytes = new TextEncoder().encode(s);
        return fc.tuple(fc.constant(s), fc.constant(bytes), cuts(bytes.length));
      }), ([s, bytes, at]) => {
        const whole = checkText(s, { fileName, now: NOW, collect: false }).problems;
        if (whole.length > 0) withProblems++;
        assert.deepEqual(streamBytes(bytes, at, fileName), whole);
      }), { numRuns: 300 });
      assert.ok(withProblems > 10, `the generated ${fileName} fixtures find problems (${withProblems} of 300)`);
    });

    it(`${fileName}: UTF-16 pieces cut anywhere (a surrogate pair, CR|LF) give the same problems`, () => {
      fc.assert(fc.property(arb.chain((s) => fc.tuple(fc.constant(s), cuts(s.length))), ([s, at]) => {
        assert.deepEqual(streamText(s, at, fileName), checkText(s, { fileName, now: NOW, collect: false }).problems);
      }), { numRuns: 200 });
    });
  }

  it('every single cut position of small fixtures gives the same problems', function () {
    this.timeout(60_000); // about 2 s alone; the machine is shared
    for (const [fileName, arb] of FIXTURES) {
      for (const s of fc.sample(arb.filter((t) => t.length < 800), 4)) {
        const whole = checkText(s, { fileName, now: NOW, collect: false }).problems;
        for (let cut = 1; cut < s.length; cut++) assert.deepEqual(streamText(s, [cut], fileName), whole, `${fileName} cut at ${cut}`);
      }
    }
  });

  it('SQL: a literal whose comma comes after a line break and a cut keeps its position', () => {
    const A = ULID_SPEC;
    const text = `INSERT INTO t (id) VALUES ('${A}'\n, 1),\n('${A}'\n\n, 2);\n`;
    const cut = text.indexOf(', 2');
    assert.deepEqual(streamText(text, [cut], 'a.sql').map((p) => p.range.start), [{ line: 2, character: 2 }]);
  });

  it('one character at a time gives the same problems', () => {
    for (const [fileName, arb] of FIXTURES) {
      for (const s of fc.sample(arb, 20)) {
        assert.deepEqual(streamText(s, Array.from({ length: Math.max(0, s.length - 1) }, (_, i) => i + 1), fileName), checkText(s, { fileName, now: NOW }).problems, fileName);
      }
    }
  });
});

describe('check: the JSON tokenizer against jsonc-parser', () => {
  type Event = unknown[];
  function ours(s: string): Event[] {
    const events: Event[] = [];
    new JsonReader({
      objectBegin: () => events.push(['{']),
      objectEnd: () => events.push(['}']),
      arrayBegin: () => events.push(['[']),
      arrayEnd: () => events.push([']']),
      property: (name) => events.push(['key', name]),
      scalar: (value, start, length, _verbatim, isString) => events.push(["value", value, start - (isString ? 1 : 0), length]),
      reset: () => events.push(['reset']),
      tooDeep: () => events.push(['too deep']),
    }).read(s, 0, true);
    return events;
  }
  function theirs(s: string): Event[] {
    const events: Event[] = [];
    visit(s, {
      onObjectBegin: () => { events.push(['{']); },
      onObjectEnd: () => { events.push(['}']); },
      onArrayBegin: () => { events.push(['[']); },
      onArrayEnd: () => { events.push([']']); },
      onObjectProperty: (name) => { events.push(['key', name]); },
      onLiteralValue: (value: unknown, offset, length) => {
        if (typeof value === 'string') events.push(['value', value, offset, length]);
        else if (typeof value === 'number') events.push(['value', s.slice(offset, offset + length), offset, length]);
      },
    }, { allowTrailingComma: true, disallowComments: false });
    return events;
  }

  it('the same objects, arrays, keys and values at the same offsets, on generated JSONC', () => {
    fc.assert(fc.property(jsonValue, (s) => {
      assert.deepEqual(ours(s), theirs(s));
    }), { numRuns: 1000 });
  });
});

describe('check: bounded state', () => {
  it('a column that repeats more than it may early on is a reference, whatever follows', () => {
    // 1,100 repeats of one ID, then 20,000 distinct ones: at the end the column is 95 % distinct,
    // but the repeats outgrew what is held (HELD_FLOOR and a tenth of the values) while reading.
    const ulid = (i: number) => '01ARYZ6S41TSV4RRFF' + i.toString(32).toUpperCase().padStart(8, '0');
    const values = [...Array.from({ length: 1101 }, () => ulid(0)), ...Array.from({ length: 20_000 }, (_, i) => ulid(i + 1))];
    const r = checkText('parent\n' + values.join('\n') + '\n', { fileName: 'a.csv', now: NOW });
    assert.equal(r.problems.filter((p) => p.code === 'duplicate').length, 0);
    // The same repeats after the distinct values are few enough to hold: duplicates.
    const late = checkText('parent\n' + [...values.slice(1100)].concat(Array.from({ length: 1100 }, () => ulid(0))).join('\n') + '\n', { fileName: 'a.csv', now: NOW });
    assert.equal(late.problems.filter((p) => p.code === 'duplicate').length, 1100);
  });

  it('a first row wider than HELD_FIELDS_MAX is handed over early: its first 4,096 names still name columns', () => {
    const A = ULID_SPEC;
    const header = ['id', ...Array.from({ length: 4999 }, (_, i) => `c${i}`)].join(',');
    const row = [A, ...Array.from({ length: 4999 }, () => 'x')].join(',');
    const r = checkText(`${header}\n${row}\n${row}\n`, { fileName: 'wide.csv', now: NOW });
    assert.deepEqual(r.problems.map((p) => [p.code, p.path, p.range.start.line]), [['duplicate', 'column id', 2]]);
  });

  it('an `id` column reports each duplicate the moment it is read, before the end', () => {
    const seen: CheckProblem[] = [];
    const stream = createCheck({ fileName: 'a.csv', now: NOW, onProblem: (p) => seen.push(p) });
    stream.write('id,customer\n01ARYZ6S41TSV4RRFFQ69G5FAV,x\n');
    stream.write('01ARYZ6S41TSV4RRFFQ69G5FAV,y\n');
    assert.deepEqual(seen.map((p) => [p.code, p.range.start.line]), [['duplicate', 2]]);
    stream.end();
    assert.equal(seen.length, 1);
  });
});

describe('check: JSON nesting', () => {
  it('containers nested deeper than CHECK_MAX_DEPTH are skipped with a warning where; the rest of the file is read', () => {
    const A = ULID_SPEC;
    const deep = '['.repeat(100_000) + `{"id": "${A}"}, {"id": "${A}"}` + ']'.repeat(100_000);
    const text = `[${deep}, {"id": "${A}"}, {"id": "${A}"}]`;
    const r = checkText(text, { fileName: 'deep.json', now: NOW });
    // The pair inside the deep part is not seen; the one outside is, under the top array.
    assert.deepEqual(r.problems.map((p) => [p.code, p.range.start.character]), [['unchecked', 10_000], ['duplicate', text.lastIndexOf(A)]]);
    assert.match(r.problems[0]!.message, /^nested deeper than 10,000 levels: the IDs inside are not checked$/);
    assert.ok(r.problems[0]!.path.length < 200, 'a path 10,000 levels deep is shown cut');
  });

  it('a duplicate 9,000 levels deep is found; its path is shown cut', () => {
    const A = ULID_SPEC;
    const deep = '[{"a": '.repeat(4500) + `[{"id": "${A}"}, {"id": "${A}"}]` + '}]'.repeat(4500);
    const r = checkText(deep, { fileName: 'deep.json', now: NOW });
    assert.deepEqual(r.problems.map((p) => p.code), ['duplicate']);
    assert.match(r.problems[0]!.path, /^\$\[\*\]\.a\[\*\]\.a.*….*\.a\[\*\]\.id$/);
    assert.ok(r.problems[0]!.path.length < 200);
  });
});

describe('check: in slices (the editor\'s automatic check)', () => {
  it('gives checkText\'s result for any slice size, pausing between slices', async () => {
    const fixture = fc.constantFrom(...FIXTURES).chain(([fileName, arb]) => arb.map((text) => [fileName, text] as const));
    await fc.assert(fc.asyncProperty(fixture, fc.integer({ min: 1, max: 5000 }), async ([fileName, text], chars) => {
      let pauses = 0;
      const r = await checkTextInSlices(text, { fileName, now: NOW }, { chars, pause: async () => { pauses++; }, stop: () => false });
      assert.deepEqual(r, checkText(text, { fileName, now: NOW }));
      assert.equal(pauses, Math.ceil(text.length / Math.max(1024, chars)));
    }), { numRuns: 100 });
  });

  it('stops at the first pause after stop() says so, with no result', async () => {
    const text = `[${Array.from({ length: 2000 }, () => '{"id": "01ARYZ6S41TSV4RRFFQ69G5FAV"}').join(',')}]`;
    let pauses = 0;
    const r = await checkTextInSlices(text, { fileName: 'a.json', now: NOW }, { chars: 1024, pause: async () => { pauses++; }, stop: () => pauses >= 3 });
    assert.equal(r, undefined);
    assert.equal(pauses, 3);
  });
});
