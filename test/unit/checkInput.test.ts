// What the check is given (issue 22 items 12, 13, 14): bytes in UTF-8, UTF-16 or UTF-32 with a
// byte order mark, cut anywhere; bytes that are no text; CSVs delimited by , ; tab or |; a
// text without a name, whose format is told from its start.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { bytesWriter, checkText, createCheck, sniffFormat, type CheckProblem } from '../../src/core';
import { sniffDelimiter } from '../../src/core/check/detect';
import { ULID_SPEC } from '../shared/vectors';

const A = ULID_SPEC;
const NOW = Date.UTC(2026, 10, 21);
const JSON_DUP = `[{"id": "${A}", "name": "Zoë ☕ 😀"},\r\n {"id": "${A}"}]\n`;

function utf32(s: string, little: boolean): Uint8Array {
  const points = [0xfeff, ...Array.from(s, (c) => c.codePointAt(0)!)];
  const b = new Uint8Array(points.length * 4);
  const v = new DataView(b.buffer);
  points.forEach((p, i) => v.setUint32(i * 4, p, little));
  return b;
}

function utf16(s: string, little: boolean): Uint8Array {
  const b = new Uint8Array(2 + s.length * 2);
  const v = new DataView(b.buffer);
  v.setUint16(0, 0xfeff, little);
  for (let i = 0; i < s.length; i++) v.setUint16(2 + i * 2, s.charCodeAt(i), little);
  return b;
}

const ENCODINGS: [string, (s: string) => Uint8Array][] = [
  ['UTF-8', (s) => new TextEncoder().encode(s)],
  ['UTF-8 with a BOM', (s) => new TextEncoder().encode('\uFEFF' + s)],
  ['UTF-16LE', (s) => utf16(s, true)],
  ['UTF-16BE', (s) => utf16(s, false)],
  ['UTF-32LE', (s) => utf32(s, true)],
  ['UTF-32BE', (s) => utf32(s, false)],
];

/** The problems of `bytes` fed in pieces cut at `cuts`, and what was said about text. */
function feed(bytes: Uint8Array, cuts: number[], fileName = 'a.json'): { problems: CheckProblem[]; notText?: string } {
  const problems: CheckProblem[] = [];
  let notText: string | undefined;
  const w = bytesWriter(createCheck({ fileName, now: NOW, onProblem: (p) => problems.push(p) }), { onNotText: (why) => { notText = why; } });
  let from = 0;
  for (const c of [...cuts, bytes.length]) {
    w.write(bytes.subarray(from, c));
    from = c;
  }
  w.end();
  return notText === undefined ? { problems } : { problems, notText };
}

describe('check: encodings', () => {
  const whole = checkText(JSON_DUP, { fileName: 'a.json', now: NOW }).problems;

  for (const [label, encode] of ENCODINGS) {
    it(`${label}, cut anywhere (inside a mark, a character, a surrogate pair): the problems of the text`, () => {
      const bytes = encode(JSON_DUP);
      fc.assert(fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 10 }), (cuts) => {
        assert.deepEqual(feed(bytes, cuts.sort((a, b) => a - b)).problems, whole);
      }), { numRuns: 200 });
    });
  }

  it('bytes that are no text are said to be so, and not checked', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...new TextEncoder().encode(JSON_DUP)]);
    assert.match(feed(png, [3]).notText ?? '', /NUL/);
    const latin = new Uint8Array(Array.from({ length: 400 }, (_, i) => 0x80 + (i % 100)));
    assert.match(feed(latin, []).notText ?? '', /no UTF-8/);
    // A few stray bytes in a text are still text.
    const mostly = new TextEncoder().encode(JSON_DUP + 'caf\u00e9 ').slice();
    mostly[mostly.length - 2] = 0xe9;
    assert.equal(feed(mostly, []).notText, undefined);
  });

  it('an empty file and a file of fewer bytes than a mark', () => {
    assert.deepEqual(feed(new Uint8Array(0), []), { problems: [] });
    assert.deepEqual(feed(new Uint8Array([0x7b, 0x7d]), [1]), { problems: [] });
  });
});

describe('check: CSV delimiters', () => {
  it('the header\'s most used of , ; tab | outside quotes', () => {
    assert.equal(sniffDelimiter('id;name;"a,b,c"'), ';');
    assert.equal(sniffDelimiter('id\tname\tnote'), '\t');
    assert.equal(sniffDelimiter('id|name'), '|');
    assert.equal(sniffDelimiter('id,name'), ',');
    assert.equal(sniffDelimiter('id'), ',');
  });

  for (const d of [',', ';', '\t', '|']) {
    it(`a .csv delimited by ${JSON.stringify(d)}: the same problems as its comma form, pieces cut anywhere`, () => {
      const rows = [['id', 'name', 'note'], [A, 'a', 'x'], ['01BX5ZZKBKACTAV9WEVGEMMVRZ', 'b', 'y z'], [A, 'c', '']];
      const text = rows.map((r) => r.join(d)).join('\r\n') + '\r\n';
      const expected = [['duplicate', 'column id', 3]];
      fc.assert(fc.property(fc.uniqueArray(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 6 }), (cuts) => {
        const problems: CheckProblem[] = [];
        const s = createCheck({ fileName: 'rows.csv', now: NOW, onProblem: (p) => problems.push(p) });
        let from = 0;
        for (const c of [...cuts.sort((a, b) => a - b), text.length]) {
          s.write(text.slice(from, c));
          from = c;
        }
        s.end();
        assert.deepEqual(problems.map((p) => [p.code, p.path, p.range.start.line]), expected);
      }), { numRuns: 100 });
    });
  }

  it('a delimiter named by the caller wins, and makes a plain-text file a CSV', () => {
    const text = `id;x\n${A};1\n${A};2\n`;
    assert.deepEqual(checkText(text, { fileName: 'export.txt', delimiter: ';', now: NOW }).problems.map((p) => p.path), ['column id']);
    assert.deepEqual(checkText(text, { fileName: 'export.txt', now: NOW }).problems, []);
    assert.throws(() => checkText(text, { fileName: 'a.csv', delimiter: ';;' }), /one character/);
  });
});

describe('check: a text without a name', () => {
  it('its format is told from its start', () => {
    assert.equal(sniffFormat('  [{"id": 1}]'), 'json');
    assert.equal(sniffFormat('{"id": 1}\n{"id": 2}\n{"id": 3}'), 'jsonl');
    assert.equal(sniffFormat('{\n  "id": 1\n}'), 'json');
    assert.equal(sniffFormat('-- dump\n/* x */ INSERT INTO t VALUES (1);'), 'sql');
    assert.equal(sniffFormat('---\n- a'), 'yaml');
    assert.equal(sniffFormat('users:\n  - id: x'), 'yaml');
    assert.equal(sniffFormat('id,name\n1,a\n2,b\n'), 'csv');
    assert.equal(sniffFormat('id\tname\n1\ta\n'), 'tsv');
    assert.equal(sniffFormat('id;name\n1;a\n'), 'csv');
    assert.equal(sniffFormat('2025-03-05 10:00:00 INFO request id=01ARYZ6S41TSV4RRFFQ69G5FAV done\n'), 'text');
  });

  it('format: sniff reads standard input as what its first 4 KB hold', () => {
    for (const [text, format] of [[JSON_DUP, 'json'], [`id\n${A}\n${A}\n`, 'csv'], [`INSERT INTO t (id) VALUES ('${A}'), ('${A}');`, 'sql']] as const) {
      const r = checkText(text, { format: 'sniff', now: NOW });
      assert.equal(r.format, format);
      assert.deepEqual(r.problems.map((p) => p.code), ['duplicate'], format);
    }
  });
});
