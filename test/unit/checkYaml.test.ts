// The YAML reader (issue 22 items 1 and 16): it checks each complete item while the parser is
// still building the document and takes it out of the parser's tree, so a document of any
// length is held as its chain of open collections; it walks without recursion, so any depth
// is read or, past CHECK_MAX_DEPTH, skipped with a warning where.
import { strict as assert } from 'node:assert';
import type { CST, Parser } from 'yaml';
import { checkText } from '../../src/core';
import { YamlReader } from '../../src/core/check/yaml';
import type { Sink } from '../../src/core/check/types';
import { ULID_SPEC } from '../shared/vectors';

const A = ULID_SPEC;
const NOW = Date.UTC(2026, 10, 21);
const check = (text: string) => checkText(text, { fileName: 'a.yaml', now: NOW });
const brief = (text: string) => check(text).problems.map((p) => [p.code, p.path, p.range.start.line]);

describe('check: YAML streaming', () => {
  it('while a long sequence is read in pieces, the parser holds one item of it, not every row', () => {
    const values: string[] = [];
    const sink: Sink = {
      value: (text) => { values.push(text); },
      probe: () => false,
      futureOnly: () => {},
      unchecked: () => {},
      scanOpts: { now: NOW },
    };
    const reader = new YamlReader(sink);
    const parser = (reader as unknown as { parser: Parser }).parser;
    let text = 'meta:\n  source: test\nrows:\n';
    let base = 0;
    let most = 0;
    for (let i = 0; i < 20_000; i++) {
      text += `  - id: 01ARYZ6S41TSV4RRFFQ6${String(i).padStart(6, '0')}\n    name: row ${i}\n`;
      if (i % 97 !== 0) continue;
      const keep = reader.read(text, base, false);
      text = text.slice(keep - base);
      base = keep;
      for (const t of parser.stack) if ('items' in t) most = Math.max(most, (t as CST.BlockSequence).items.length);
      assert.ok(text.length < 10_000, `the text held stays short (${text.length} at row ${i})`);
    }
    reader.read(text, base, true);
    assert.ok(most <= 2, `at most 2 items held in a collection (${most})`);
    assert.equal(values.filter((v) => v.startsWith('01ARYZ')).length, 20_000, 'every row was checked');
  });

  it('a duplicate among references, documents, flow and block styles', () => {
    const text = [
      'users:', `  - id: ${A}`, '    team: 01BX5ZZKBKACTAV9WEVGEMMVRZ', `  - {id: "${A}", team: 01BX5ZZKBKACTAV9WEVGEMMVRZ}`,
      '---', `- id: ${A}`, '- id: 01CZJ4QBAZ7WAS5FPC0CBP0JHF', '',
    ].join('\n');
    assert.deepEqual(brief(text), [['duplicate', '$.users[*].id', 3]]);
  });
});

describe('check: YAML nesting', () => {
  it('5,000 nested flow sequences, and 5,000 nested block mappings: read, no throw', () => {
    assert.deepEqual(brief('['.repeat(5000)), []);
    const map = Array.from({ length: 5000 }, (_, i) => `${' '.repeat(i)}k:`).join('\n') + ` ${A}\n`;
    assert.deepEqual(brief(map), []);
  });

  it('a duplicate 5,000 levels deep is found', () => {
    const text = Array.from({ length: 5000 }, (_, i) => `${' '.repeat(i)}k:`).join('\n') + `\n${' '.repeat(5000)}- id: ${A}\n${' '.repeat(5000)}- id: ${A}\n`;
    assert.deepEqual(check(text).problems.map((p) => [p.code, p.range.start.line]), [['duplicate', 5001]]);
  });

  it('past 10,000 levels: a warning at the collection where the check gave up; the rest is read', () => {
    const text = '['.repeat(20_000) + `{id: ${A}}, {id: ${A}}` + ']'.repeat(20_000) + `\n`;
    const r = check(`- ${text}- {id: ${A}}\n- {id: ${A}}\n`);
    assert.deepEqual(r.problems.map((p) => [p.code, p.range.start.line]), [['unchecked', 0], ['duplicate', 2]]);
    assert.match(r.problems[0]!.message, /nested deeper than 10,000 levels/);
  });

  it('past 50,000 flow levels the parser is given no more (it holds about 1 KB a level): a warning there', () => {
    // 3 MB of `[` took 2.7 GB and 15 s in the parser. Brackets in quotes and comments do not count.
    const quoted = `- note: "${'['.repeat(60_000)}" # ${'{'.repeat(60_000)}\n`;
    const deep = `- ${'['.repeat(60_000)}\n`;
    const r = check(`- {id: ${A}}\n- {id: ${A}}\n${quoted}${deep}- {id: ${A}}\n`);
    assert.deepEqual(r.problems.map((p) => [p.code, p.range.start.line, p.range.start.character]), [['duplicate', 1, 7], ['unchecked', 3, 50_002]]);
    assert.match(r.problems[1]!.message, /flow collections nested deeper than 50,000 levels from here on: the rest of the file is not checked/);
  });
});
