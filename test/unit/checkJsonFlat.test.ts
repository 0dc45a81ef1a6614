// JSON Lines in a worker: a line that is one flat object of plain keys and values is read in one
// loop (JsonReader.flatLine) instead of a turn of the state machine per punctuation char. The
// listener must hear exactly what the state machine tells it. Held here to the state machine
// itself (the same reader without the bytes, which the flat loop needs): on generated lines of
// flat objects and of everything near them (escapes, nesting, comments, empty objects, trailing
// commas, missing colons, numbers and words of every shape, CR, tabs, junk before and after,
// two objects on a line, a last line with no line feed, values and keys at the length limits),
// the same events with the same values, offsets and lengths; and in parts, as the CLI's own
// thread reads the rest of a file.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { JsonPaths, JsonReader, type JsonListener } from '../../src/core/check/json';
import type { Sink } from '../../src/core/check/types';
import { FIELD_MAX } from '../../src/core/check/types';

type Event = unknown[];

function recorder(events: Event[]): JsonListener {
  return {
    objectBegin: () => events.push(['{']),
    objectEnd: () => events.push(['}']),
    arrayBegin: () => events.push(['[']),
    arrayEnd: () => events.push([']']),
    property: (name) => events.push(['key', name]),
    scalar: (value, start, length, verbatim, isString) => events.push(['value', value, start, length, verbatim, isString]),
    reset: () => events.push(['reset']),
    tooDeep: (start) => events.push(['too deep', start]),
  };
}

/** The events of reading `s` whole, with its bytes (the flat loop may read lines) or without (the state machine reads all). */
function read(s: string, bytes: boolean): Event[] {
  const events: Event[] = [];
  const reader = new JsonReader(recorder(events), true);
  reader.read(s, 0, true, bytes ? Buffer.from(s, 'latin1') : undefined);
  return events;
}

/** The events of reading `s` in parts cut at `cuts`, as PieceCheck.write holds text: the bytes only while the text is all of one part from offset 0. */
function inParts(s: string, cuts: number[]): Event[] {
  const events: Event[] = [];
  const reader = new JsonReader(recorder(events), true);
  let text = '', base = 0, at = 0;
  const ends = [...new Set(cuts.map((c) => Math.min(c, s.length)))].sort((a, b) => a - b).concat(s.length);
  for (let k = 0; k < ends.length; k++) {
    const part = s.slice(at, ends[k]);
    at = ends[k]!;
    text = text === '' ? part : text + part;
    const codes = base === 0 && text === part ? Buffer.from(text, 'latin1') : undefined;
    const keep = reader.read(text, base, k === ends.length - 1, codes);
    text = text.slice(keep - base);
    base = keep;
  }
  return events;
}

const ws = fc.constantFrom('', '', '', ' ', '  ', '\t', '\r', ' \r');
const key = fc.oneof(
  fc.constantFrom('id', 'customer', 'created_at', 'user_id', '$oid', '$date', '$numberLong', '$uuid', 'a b', '', 'ключ'.replace(/./g, 'k')),
  fc.stringMatching(/^[a-z_$][a-zA-Z0-9_ .-]{0,10}$/),
  fc.constant('k'.repeat(64)), fc.constant('k'.repeat(65)),
  fc.constantFrom('a\\"b', 'a\\nb', 'tab\there'),
);
const number = fc.oneof(fc.integer().map(String), fc.double({ noNaN: true, noDefaultInfinity: true }).map(String), fc.constantFrom('-', '1e5', '1E+5', '-0.5', '1-2', '01', '1.2.3', '7-'));
const word = fc.constantFrom('true', 'false', 'null', 'nul', 'True', '_x', '$y', 'x1');
const stringValue = fc.oneof(
  fc.constantFrom('01HK154ZTSY0BW2MWE3YWCX879', 'd910048a-ee14-4816-a187-ccfe8d3428f3', '2024-01-01T00:00:35.673Z', '', 'user0@example.com'),
  fc.stringMatching(/^[ -!#-[\]-~]{0,20}$/),
  fc.constantFrom('a\\"b', 'back\\\\slash', 'u\\u0041', 'x'.repeat(FIELD_MAX), 'y'.repeat(FIELD_MAX + 1)),
).map((v) => `"${v}"`);
const nested = fc.constantFrom('{}', '{"a":1}', '[]', '[1,"x"]', '{"$oid":"507f1f77bcf86cd799439011"}', '/*c*/1', '"open');
const value = fc.oneof({ weight: 6, arbitrary: stringValue }, { weight: 3, arbitrary: number }, { weight: 2, arbitrary: word }, { weight: 1, arbitrary: nested });
const pair = fc.tuple(ws, key, ws, fc.constantFrom(':', ':', ':', ':', ''), ws, value, ws).map(([a, k, b, colon, c, v, d]) => `${a}"${k}"${b}${colon}${c}${v}${d}`);
const object = fc.tuple(fc.array(pair, { minLength: 0, maxLength: 8 }), fc.constantFrom('', '', '', ',')).map(([pairs, trailing]) => `{${pairs.join(',')}${trailing}}`);
const line = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(ws, object, ws).map(([a, o, b]) => a + o + b) },
  { weight: 1, arbitrary: fc.tuple(object, object).map(([a, b]) => `${a} ${b}`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('x', '//c', '[', ']', '}', '"', '1'), object).map(([j, o]) => j + o) },
  { weight: 1, arbitrary: fc.tuple(object, fc.constantFrom('x', '//c', '{', ']', ',', '"')).map(([o, j]) => o + j) },
  { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":', '{"a":"b', '{"a":1', 'null') },
);
const lines = fc.tuple(fc.array(line, { minLength: 1, maxLength: 12 }), fc.constantFrom('\n', '\r\n'), fc.boolean())
  .map(([ls, eol, last]) => ls.join(eol) + (last ? eol : ''));

/** What the checker hears of `s` through the paths listener (its rows, values at paths under keys), read whole with its bytes or without. */
function sinkCalls(s: string, bytes: boolean): Event[] {
  const calls: Event[] = [];
  const sink: Sink = {
    value: (text, start, verbatim, path, key) => void calls.push(['value', text, start, verbatim, path, key]),
    probe: () => false,
    futureOnly: () => undefined,
    unchecked: (start, path, why) => void calls.push(['unchecked', start, path, why]),
    scanOpts: { now: 0 },
    rowBegin: () => void calls.push(['row']),
    rowEnd: () => void calls.push(['end']),
  };
  new JsonReader(new JsonPaths(sink), true).read(s, 0, true, bytes ? Buffer.from(s, 'latin1') : undefined);
  return calls;
}

describe('check: JSON Lines, flat lines read in one loop', () => {
  it('the checker hears the same rows and values at the same paths, under the same keys, with a flat line told at once (MongoDB wrappers as events)', () => {
    let rows = 0;
    fc.assert(fc.property(lines, (s) => {
      const got = sinkCalls(s, true);
      assert.deepEqual(got, sinkCalls(s, false), JSON.stringify(s));
      rows += got.filter((c) => c[0] === 'row').length;
    }), { numRuns: 3000, seed: 2713 });
    assert.ok(rows > 1000, `only ${rows} rows`);
    const mongo = '{"$oid":"507f1f77bcf86cd799439011"}\n{"_id":"507f1f77bcf86cd799439011","n":"01HK154ZTSY0BW2MWE3YWCX879"}\n';
    assert.deepEqual(sinkCalls(mongo, true), sinkCalls(mongo, false));
    assert.deepEqual(sinkCalls(mongo, true).slice(0, 1), [['value', '507f1f77bcf86cd799439011', 9, true, '$', undefined]]);
  });


  it('the state machine\'s events, for generated JSON Lines read whole with their bytes', () => {
    let flat = 0;
    fc.assert(fc.property(lines, (s) => {
      const got = read(s, true);
      assert.deepEqual(got, read(s, false), JSON.stringify(s));
      if (s.includes('{"id"')) flat++;
    }), { numRuns: 3000, seed: 2711 });
    assert.ok(flat > 0);
  });

  it('the same events in parts cut anywhere (the bytes only for a first part held alone)', () => {
    fc.assert(fc.property(lines, fc.array(fc.nat(400), { maxLength: 6 }), (s, cuts) => {
      assert.deepEqual(inParts(s, cuts), read(s, false), JSON.stringify(s));
    }), { numRuns: 1500, seed: 2712 });
  });

  it('a fixture\'s rows: one event per key and value, at the offsets of the text', () => {
    const row = '{"id":"01HK154ZTSY0BW2MWE3YWCX879","amount":587.21,"ok":true,"created":"2024-01-01T00:00:35.673Z"}';
    const events = read(`${row}\r\n${row}\n`, true);
    assert.deepEqual(events, read(`${row}\r\n${row}\n`, false));
    assert.deepEqual(events.slice(0, 6), [['{'], ['key', 'id'], ['value', '01HK154ZTSY0BW2MWE3YWCX879', 7, 28, true, true], ['key', 'amount'], ['value', '587.21', 44, 6, true, false], ['key', 'ok']]);
    assert.equal(events.filter((e) => e[0] === 'reset').length, 2);
  });
});
