// Fuzzing the check (issue 22): random nesting of every container each reader knows (to depths
// past CHECK_MAX_DEPTH, closed or not) and random bytes (with and without byte order marks, cut
// into random pieces) through every reader. The check never throws, every problem points at
// text of the input, and nothing is reported twice; the CLI side of it (no exit 70) is in
// cli-process-check.test.ts.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { bytesWriter, createCheck, type CheckProblem } from '../../src/core';
import { ULID_SPEC } from '../shared/vectors';

const A = ULID_SPEC;
const U = '01890a5d-ac96-774b-bcce-b302099a8057';
const NOW = Date.UTC(2026, 10, 21);
const NAMES = ['a.json', 'a.jsonl', 'a.yaml', 'a.csv', 'a.tsv', 'a.sql', 'a.txt'] as const;

/** Openers and closers each reader nests, and fillers that put IDs and labels between them. */
const OPEN = ['[', '{"id": ', '{"a": [', '{id: ', '- ', '  k:\n', '(', "('", '"', '/*', 'COPY t (id) FROM stdin;\n', 'INSERT INTO t (ulid) VALUES (', '? '];
const CLOSE = [']', '}', ')', "')", '"', '*/', '\n\\.\n', ',', '\n'];
const FILL = [A, `"${A}"`, U, `'${A}'`, ', ', ': ', '\n', '\t', ';', '|', '\\', "\\'", 'E\'', '""', "''", '#', '--', '\r\n', '\u0000', '\uFEFF', '😀'];

const nesting = fc.tuple(
  fc.constantFrom(...OPEN), fc.integer({ min: 0, max: 25_000 }), fc.array(fc.constantFrom(...FILL), { maxLength: 12 }),
  fc.constantFrom(...CLOSE), fc.integer({ min: 0, max: 25_000 }),
).map(([open, depth, fill, close, closes]) => open.repeat(depth) + fill.join('') + close.repeat(closes));

const BOMS = [[], [0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff], [0xff, 0xfe, 0, 0], [0, 0, 0xfe, 0xff]];
const bytes = fc.tuple(fc.constantFrom(...BOMS), fc.uint8Array({ maxLength: 3000 })).map(([bom, b]) => Uint8Array.from([...bom, ...b]));

function run(input: Uint8Array, fileName: string, cuts: number[]): { problems: CheckProblem[]; text: string } {
  const problems: CheckProblem[] = [];
  let text = '';
  const stream = createCheck({ fileName, ...(fileName === 'a.txt' && cuts.length % 2 === 1 ? { format: 'sniff' as const } : {}), now: NOW, onProblem: (p) => problems.push(p) });
  const seen = { write: (s: string) => { text += s; stream.write(s); }, end: () => stream.end(), format: stream.format };
  const w = bytesWriter(seen as typeof stream);
  let from = 0;
  for (const c of [...cuts.filter((x) => x < input.length).sort((a, b) => a - b), input.length]) {
    w.write(input.subarray(from, c));
    from = c;
  }
  w.end();
  return { problems, text };
}

function holds(problems: CheckProblem[], text: string): void {
  const keys = new Set<string>();
  for (const p of problems) {
    assert.ok(p.start >= 0 && p.start <= p.end && p.end <= text.length, `range ${p.start}-${p.end} of ${text.length}`);
    if (p.code !== 'unchecked') assert.equal(text.slice(p.start, p.end), p.text);
    const key = `${p.code}@${p.start}`;
    assert.ok(!keys.has(key), `reported twice: ${key}`);
    keys.add(key);
  }
}

describe('check: fuzz', () => {
  it('random nesting of every reader\'s containers, to any depth, in pieces: no throw, problems at their text', function () {
    this.timeout(120_000);
    fc.assert(fc.property(nesting, fc.constantFrom(...NAMES), fc.array(fc.nat(60_000), { maxLength: 6 }), (s, name, cuts) => {
      const { problems, text } = run(new TextEncoder().encode(s), name, cuts);
      holds(problems, text);
    }), { numRuns: 300 });
  });

  it('random bytes, with and without byte order marks, in pieces, through every reader: no throw', function () {
    this.timeout(120_000);
    fc.assert(fc.property(bytes, fc.constantFrom(...NAMES), fc.array(fc.nat(3006), { maxLength: 8 }), (b, name, cuts) => {
      const { problems, text } = run(b, name, cuts);
      holds(problems, text);
    }), { numRuns: 2000 });
  });
});
