import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { blockText, type BlockSite } from '../../src/editor/shared/block';

// The rule every multi-line write follows (issue 21 item 1): a block starts and ends on lines
// of its own wherever the cursor is, and the text around it is never changed. The real-editor
// tests (test/integration/blocks.test.ts) run the same cases through VS Code; here the rule is
// checked on every document and range fast-check can think of.

/** `doc` with `lines` written over [start, end) by the rule, as an editor would apply it. */
function place(doc: string, start: number, end: number, lines: string[], eol = '\n'): { out: string; at: number; inserted: string } {
  const lineStart = start === 0 ? 0 : doc.lastIndexOf(eol, start - 1) === -1 ? 0 : doc.lastIndexOf(eol, start - 1) + eol.length;
  const nextEol = doc.indexOf(eol, end);
  const lineEnd = nextEol === -1 ? doc.length : nextEol;
  const site: BlockSite = {
    before: doc.slice(lineStart, start),
    after: doc.slice(end, lineEnd),
    empty: start === end,
    indent: /^[ \t]*/.exec(doc.slice(lineStart))![0],
    eol,
  };
  const { text, shift } = blockText(lines, site);
  return { out: doc.slice(0, start + shift) + text + doc.slice(end + shift), at: start + shift, inserted: text };
}

const write = (doc: string, start: number, end: number, lines: string[], eol = '\n') => place(doc, start, end, lines, eol).out;

const BLOCK = ['-- a', 'B', '-- c'];

describe('a block of lines lands on lines of its own', () => {
  // [what, document with | for the cursor or [ ] around the selection, expected]
  const cases: Array<[string, string, string]> = [
    ['start of the first line', '|CREATE TABLE t;\nSELECT 1;', '-- a\nB\n-- c\nCREATE TABLE t;\nSELECT 1;'],
    ['middle of a line', 'SELECT |1;\n', 'SELECT \n-- a\nB\n-- c\n1;\n'],
    ['end of a line', 'SELECT 1;|\nSELECT 2;', 'SELECT 1;\n-- a\nB\n-- c\nSELECT 2;'],
    ['an empty line', 'x\n|\ny', 'x\n-- a\nB\n-- c\ny'],
    ['an empty document', '|', '-- a\nB\n-- c'],
    ['end of a last line without a line break', 'SELECT 1;|', 'SELECT 1;\n-- a\nB\n-- c'],
    ['start of a last line without a line break', 'x\n|SELECT 1;', 'x\n-- a\nB\n-- c\nSELECT 1;'],
    ['after the indentation', '  |WHERE x', '  -- a\n  B\n  -- c\n  WHERE x'],
    ['inside the indentation', ' | WHERE x', ' -- a\n B\n -- c\n  WHERE x'],
    ['middle of an indented line', '  WHERE |x', '  WHERE \n  -- a\n  B\n  -- c\n  x'],
    ['before trailing blanks', 'SELECT 1;|  \nx', 'SELECT 1;  \n-- a\nB\n-- c\nx'],
    ['on a blank line', 'x\n  |  \ny', 'x\n    -- a\n    B\n    -- c\ny'],
    ['a selection inside a line', 'WHERE [id = 1] AND y', 'WHERE \n-- a\nB\n-- c\n AND y'],
    ['a selection of whole lines', '[a\nb\n]c', '-- a\nB\n-- c\nc'],
    ['a selection ending mid-line', 'a\n[b\nc]d', 'a\n-- a\nB\n-- c\nd'],
  ];
  for (const [what, marked, expected] of cases) {
    it(what, () => {
      const start = marked.search(/[|[]/);
      const doc = marked.replace(/[|[\]]/g, '');
      const end = marked.includes('[') ? marked.indexOf(']') - 1 : start;
      assert.equal(write(doc, start, end, BLOCK), expected);
    });
  }

  it('writes CRLF documents in CRLF', () => {
    assert.equal(write('a\r\nSELECT 1;\r\n', 6, 6, BLOCK, '\r\n'), 'a\r\nSEL\r\n-- a\r\nB\r\n-- c\r\nECT 1;\r\n');
  });

  it('holds on any document, cursor and selection', () => {
    const text = fc.string({ unit: fc.constantFrom('a', '-', ' ', '\t', '\n'), maxLength: 40 });
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), fc.array(fc.string({ unit: fc.constantFrom('x', '-', ' ', '$'), maxLength: 6 }).map((l) => `-${l}`), { minLength: 2, maxLength: 4 }),
        (doc, a, b, lines) => {
          const [start, end] = [a % (doc.length + 1), b % (doc.length + 1)].sort((x, y) => x - y) as [number, number];
          const { out, at, inserted } = place(doc, start, end, lines);
          const seen = JSON.stringify({ doc, start, end, lines, out });
          // Only a cursor moves, and only past blanks at the end of its line.
          assert.ok(at === start || (start === end && /^[ \t]+$/.test(doc.slice(start, at)) && /^(\n|$)/.test(doc.slice(at))), seen);
          // The text around the range is all there, unchanged: only the block was added.
          assert.equal(out, doc.slice(0, at) + inserted + doc.slice(at + end - start), seen);
          // What was added: maybe a line break first, the block's lines indented alike, maybe a
          // line break (and that indentation) after.
          const pieces = inserted.split('\n');
          const lead = pieces[0] === '' && pieces.length > lines.length ? 1 : 0;
          const indent = /^[ \t]*/.exec(pieces[lead + 1]!)![0];
          // Without a line break first, the block's first line follows the indentation already there.
          const lineBefore = out.slice(out.lastIndexOf('\n', at - 1) + 1, at);
          if (!lead) assert.equal(lineBefore, indent, seen);
          assert.deepEqual(pieces.slice(lead, lead + lines.length), lines.map((l, i) => (lead || i > 0 ? indent : '') + l), seen);
          assert.ok(pieces.length === lead + lines.length || (pieces.length === lead + lines.length + 1 && pieces.at(-1) === indent), seen);
          // And they are whole lines: only blanks before the first one on its line, nothing after the last.
          const blockStart = at + (lead ? 1 : 0);
          const blockEnd = at + inserted.length - (pieces.length > lead + lines.length ? indent.length + 1 : 0);
          assert.match(out.slice(out.lastIndexOf('\n', blockStart - 1) + 1, blockStart), /^[ \t]*$/, seen);
          assert.match(out.slice(blockEnd), /^(\n|$)/, seen);
        }),
      { numRuns: 2000 },
    );
  });
});
