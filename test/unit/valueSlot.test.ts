import { strict as assert } from 'node:assert';
import { arraySlot, csvSlot, lineSlot, readConventions, sequenceSlot, sqlSlot } from '../../src/core';
import { wordsFor } from '../../src/editor/completions/words';
import { perCursorSnippet, documentRanks } from '../../src/editor/completions/perCursor';

// Where a completion offers an ID for a key: the start of an empty value, read from the text
// around the cursor only. A slot's path must be the path the fixture check gives the key's
// values, or the key's IDs would never be found.

describe('value slots', () => {
  it('JSON, YAML and code: an empty value of a key, quoted or not', () => {
    assert.deepEqual(lineSlot('  { "id": "', '", "name": "x" }'), { key: 'id', quote: '"', closed: true });
    assert.deepEqual(lineSlot('  user_id: \'', "'"), { key: 'user_id', quote: "'", closed: true });
    assert.deepEqual(lineSlot('  user_id: ', ''), { key: 'user_id', quote: '' });
    assert.deepEqual(lineSlot('const orderId = "', ''), { key: 'orderId', quote: '"' });
    assert.deepEqual(lineSlot('  "id": ', ','), { key: 'id', quote: '' });
  });

  it('an array element beside others, on one line or an element a line: its siblings as written (no slot before: nothing was offered)', () => {
    const U = '01ARYZ6S41TSV4RRFFQ69G5FAV';
    assert.deepEqual(arraySlot(`["${U}", "`, '"]'), { quote: '"', siblings: `["${U}", ""]`, closed: true });
    assert.deepEqual(arraySlot(`{"ids": ["${U}", `, '], "n": 1}'), { key: 'ids', quote: '', siblings: `["${U}", ]` });
    assert.deepEqual(arraySlot('  tags = [\'', "', 'x']"), { key: 'tags', quote: "'", siblings: "['', 'x']", closed: true });
    // An element a line: the lines above up to the `[`, those below to the `]`.
    const above = [`    "${U}",`, '  "ids": ['];
    assert.deepEqual(arraySlot('    "', '"', above, ['  ]', '}']), { key: 'ids', quote: '"', siblings: `[\n    "${U}",\n    ""`, closed: true });
    assert.deepEqual(arraySlot('    "', '",', ['['], [`    "${U}"`, ']']), { quote: '"', siblings: `[\n    "",\n    "${U}"`, closed: true });
    // The siblings read as the file's IDs are read.
    assert.equal(readConventions(arraySlot(`["${U}", "`, '"]')!.siblings!).file[0]?.genKind, 'ulid');
  });

  it('no array slot in an object, a call, a value with text, or an array of objects written a line each', () => {
    assert.equal(arraySlot('{"a": 1, "', '"}'), undefined);
    assert.equal(arraySlot('f("a", "', '")'), undefined);
    assert.equal(arraySlot('["a", "x', '"]'), undefined);
    assert.equal(arraySlot('["a" "', '"]'), undefined, 'no comma before it');
    assert.equal(arraySlot('    "', '"', ['    "name": "x",', '  {']), undefined, 'a value of an object');
    assert.equal(arraySlot('    "', '"', ['    },', '  [']), undefined);
    assert.equal(arraySlot('    "', '"', ['foo(']), undefined);
    assert.equal(arraySlot('    "', '"', []), undefined, 'no `[` above');
  });

  it('a YAML list item beside others (`- ` items at the same indentation): its siblings as written, and the key that holds the list (no slot before: nothing was offered)', () => {
    const U = '01kbm8ts5xr3n6q0v2c9w4y7ha', V = '01kbm8ts5xr3n6q0v2c9w4y7hb';
    assert.deepEqual(sequenceSlot('  - ', '', [`  - ${V}`, `  - ${U}`, 'ids:']), { key: 'ids', quote: '', siblings: `  - ${U}\n  - ${V}\n  - ` });
    // Quoted, with the editor's closing quote; items below it too; blank lines and comments skipped.
    assert.deepEqual(sequenceSlot("  - '", "'", [`  - '${U}'`, '', '  # the first', 'ids:  # two'], [`  - '${V}'`, 'name: x']),
      { key: 'ids', quote: "'", siblings: `  - '${U}'\n  - ''\n  - '${V}'`, closed: true });
    // A list at the key's own indentation; a list under `- refs:` in a list of mappings; a top-level list.
    assert.equal(sequenceSlot('- ', '', [`- ${U}`, 'ids:'])?.key, 'ids');
    assert.deepEqual(sequenceSlot('      - ', '', [`      - ${U}`, '    refs:', '  - name: a']), { key: 'refs', quote: '', siblings: `      - ${U}\n      - ` });
    assert.deepEqual(sequenceSlot('  - ', '', [`  - ${U}  # ok`], ['']), { quote: '', siblings: `  - ${U}  # ok\n  - ` });
    assert.deepEqual(sequenceSlot('    - ', '', ['  ids:']), { key: 'ids', quote: '', siblings: '    - ' }, 'a new list under a key');
    // The siblings read as the file's IDs are read.
    const slot = sequenceSlot('  - ', '', [`  - ${U}`, 'ids:'])!;
    assert.equal(readConventions(slot.siblings!).file[0]?.genKind, 'ulid');
    assert.equal(readConventions(slot.siblings!).file[0]?.case, 'lower');
  });

  it('no YAML list slot in a list of mappings, after text, past a nested item, or with neither sibling nor key', () => {
    const U = '01KBM8TS5XR3N6Q0V2C9W4Y7HA';
    assert.equal(sequenceSlot('  - ', '', ['    name: a', `  - id: ${U}`, 'users:']), undefined, 'a list of mappings: the next item is one more');
    assert.equal(sequenceSlot('  - ', '', [`  - ${U}`], ['  - name: b']), undefined);
    assert.equal(sequenceSlot('  - x', '', [`  - ${U}`]), undefined, 'an item with text');
    assert.equal(sequenceSlot('  -', '', [`  - ${U}`]), undefined, 'no space after the dash yet');
    assert.equal(sequenceSlot('  - ', 'x', [`  - ${U}`]), undefined);
    assert.equal(sequenceSlot('  - ', '', [`    more text`, `  - ${U}`]), undefined, 'a line inside an item');
    assert.equal(sequenceSlot('  - ', '', [`  - ${U}`], ['    name: b']), undefined, 'the item holds a mapping, on the lines below');
    assert.equal(sequenceSlot('  - ', '', ['text: here', '']), undefined, 'a key with a value is no list\'s owner');
    assert.equal(sequenceSlot('- ', '', []), undefined, 'nothing says what it holds');
    assert.equal(sequenceSlot('  - ', '', [`  - [${U}]`]), undefined);
  });

  it('not in a value that has text, nor where no key comes before', () => {
    assert.equal(lineSlot('  "id": "01AR', '"'), undefined);
    assert.equal(lineSlot('  "id": "', 'x"'), undefined);
    assert.equal(lineSlot('{ "', '"'), undefined, 'the quote of a key');
    assert.equal(lineSlot("it's", ''), undefined);
    assert.equal(lineSlot('f("', '")'), undefined);
  });

  it('SQL: the column of a VALUES position, by the statement\'s column list', () => {
    const head = 'INSERT INTO users (id, name, org_id) VALUES\n  (\'01ARYZ6S41TSV4RRFFQ69G5FAV\', \'Ada\', \'x\'),\n  (';
    assert.deepEqual(sqlSlot(head, ", 'Bob')"), { key: 'id', path: 'users (id)', quote: '' });
    assert.deepEqual(sqlSlot(`${head}'`, "', 'Bob')"), { key: 'id', path: 'users (id)', quote: "'", closed: true });
    assert.deepEqual(sqlSlot(`${head}'', 'Bob', `, ')'), { key: 'org_id', path: 'users (org_id)', quote: '' });
    assert.equal(sqlSlot(`${head}'', 'B`, ')'), undefined, 'inside another value');
    assert.deepEqual(sqlSlot("INSERT INTO sessions VALUES ('a', ", ')'), { path: 'sessions (value 2)', quote: '' });
    assert.equal(sqlSlot('SELECT * FROM t WHERE id IN (', ')'), undefined);
  });

  it('CSV: the column of an empty field, named by the header', () => {
    assert.deepEqual(csvSlot('id,name', '', ',x', ','), { key: 'id', path: 'column id', quote: '' });
    assert.deepEqual(csvSlot('id,name', 'a,', '', ','), { key: 'name', path: 'column name', quote: '' });
    assert.deepEqual(csvSlot('id,name', '"', '",x', ','), { key: 'id', path: 'column id', quote: '"', closed: true });
    assert.deepEqual(csvSlot(undefined, 'a,', '', ','), { path: 'column 2', quote: '' });
    assert.equal(csvSlot('id,name', 'ab', ',', ','), undefined);
    assert.deepEqual(csvSlot('id\tname', 'x\t', '', '\t'), { key: 'name', path: 'column name', quote: '' });
  });

  it('a slot\'s path is the path the check gives that column\'s values', () => {
    const sql = "INSERT INTO sessions VALUES ('01JP9ZMPY0TZPRF7XHYC4P4SY4', 'user_01je37v7t0en38ahtdbnyg2sbz');\n";
    const c = readConventions(sql, { languageId: 'sql' });
    assert.equal(c.paths.get(sqlSlot('INSERT INTO sessions VALUES (', ')')!.path!)?.[0]?.kind, 'ulid');
    assert.equal(c.paths.get(sqlSlot("INSERT INTO sessions VALUES ('a', ", ')')!.path!)?.[0]?.kind, 'typeid');
    const csv = 'id,owner\n01JP9ZMPY0TZPRF7XHYC4P4SY4,x\n';
    const k = readConventions(csv, { fileName: 'a.csv' });
    assert.equal(k.paths.get(csvSlot('id,owner', '', ',y', ',')!.path!)?.[0]?.kind, 'ulid');
    const bare = readConventions('01JP9ZMPY0TZPRF7XHYC4P4SY4,x\n', { fileName: 'b.csv' });
    assert.equal(bare.paths.get(csvSlot(undefined, '', ',y', ',')!.path!)?.[0]?.kind, 'ulid');
  });
});

describe('completion words', () => {
  it('a kind\'s name, typed in one case, from its first letter', () => {
    assert.deepEqual(wordsFor('ul').map((w) => w.word), ['ulid']);
    assert.deepEqual(wordsFor('uuid7').map((w) => w.kind), ['uuidv7']);
    assert.deepEqual(wordsFor('OID').map((w) => w.kind), ['objectid']);
    assert.deepEqual(wordsFor('guid').map((w) => [w.kind, w.name]), [['uuid', 'GUID']]);
    assert.ok(wordsFor('u').length > 2);
  });

  it('nothing for other words, mixed case, or name-based UUIDs', () => {
    for (const w of ['guidance', 'fluid', 'Object', 'Ulid', 'uuidv3', 'uuid5', 'x1', 'id']) assert.deepEqual(wordsFor(w), [], w);
  });
});

describe('one completion, an ID per cursor', () => {
  it('ranks cursors in document order', () => {
    assert.deepEqual(documentRanks([5, 1, 3], (a, b) => a - b), [2, 0, 1]);
  });

  it('escapes what a snippet format would read: backslash, dollar and closing brace', () => {
    const s = perCursorSnippet(['{A}', 'B$1\\']);
    assert.equal(s, '${CURSOR_INDEX/^(?:(0)|(1)|(\\d+))$/${1:+{A\\}}${2:+B\\$1\\\\}${3:+{A\\}}/}');
  });
});
