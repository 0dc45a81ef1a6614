import { strict as assert } from 'node:assert';
import {
  assignedKey, conventionOf, generate, letterCaseOf, readConventions, readConventionsInSlices, uuidFormOf,
  type Conventions, type IdConvention,
} from '../../src/core';
import { VECTORS } from './helpers';
import { KSUID_SPEC, ULID_SPEC } from '../shared/vectors';

// How a file writes its IDs, read per key/column and for the file, on each format the fixture
// check reads (JSON, YAML, CSV, SQL) and on plain text and code (the scanner).

const NOW = Date.UTC(2026, 0, 1);
const fresh = (kind: string, n: number, opts: Record<string, unknown> = {}) => generate(kind, { ...opts, count: n, timeMs: NOW - 86_400_000 });

/** The dominant convention of a key, checked to exist. */
function key(c: Conventions, name: string): IdConvention {
  const list = c.keys.get(name);
  assert.ok(list && list.length > 0, `key ${name} has IDs (keys: ${[...c.keys.keys()].join(', ')})`);
  return list[0]!;
}

describe('conventions', () => {
  describe('reading one ID', () => {
    it('letter case: one case, or none when there are no letters or both', () => {
      assert.equal(letterCaseOf(ULID_SPEC), 'upper');
      assert.equal(letterCaseOf('01aryz6s41tsv4rrffq69g5fav'), 'lower');
      assert.equal(letterCaseOf(KSUID_SPEC), undefined);
      assert.equal(letterCaseOf('175928847299117063'), undefined);
    });

    it('UUID forms, the URN prefix kept as written', () => {
      assert.deepEqual(uuidFormOf(VECTORS.UUID_V7), { form: 'standard' });
      assert.deepEqual(uuidFormOf(`{${VECTORS.UUID_V7}}`), { form: 'braces' });
      assert.deepEqual(uuidFormOf(VECTORS.UUID_V7.replace(/-/g, '')), { form: 'noDashes' });
      assert.deepEqual(uuidFormOf(`URN:UUID:${VECTORS.UUID_V7}`), { form: 'urn', urnPrefix: 'URN:UUID:' });
    });

    it('the key a value is assigned to in code and prose', () => {
      const cases: [string, string | undefined][] = [
        ['  "id": "', 'id'], ["user_id: '", 'user_id'], ['const userId = "', 'userId'], ["  id => '", 'id'],
        ['<row id="', 'id'], ['order_uuid: ', 'order_uuid'], ['WHERE id = ', 'id'],
        ['created ', undefined], ['x === "', undefined], ['f("', undefined],
      ];
      for (const [before, expected] of cases) assert.equal(assignedKey(before), expected, before);
    });
  });

  describe('per format', () => {
    it('JSON: upper-case braced UUIDs of one version, per key and for the file', () => {
      const ids = fresh('uuidv7', 3).map((u) => `{${u.toUpperCase()}}`);
      const refs = fresh('ulid', 2);
      const text = JSON.stringify([
        { id: ids[0], name: 'a', owner: refs[0] },
        { id: ids[1], name: 'b', owner: refs[1] },
        { id: ids[2], name: 'c' },
      ], null, 2);
      const c = readConventions(text, { languageId: 'json', now: NOW });
      assert.equal(c.format, 'json');
      assert.equal(c.ids, 5);
      assert.deepEqual(key(c, 'id'), { kind: 'uuid', genKind: 'uuidv7', count: 3, share: 1, version: 7, case: 'upper', form: 'braces', quote: '"' });
      assert.deepEqual(key(c, 'owner'), { kind: 'ulid', genKind: 'ulid', count: 2, share: 1, case: 'upper', quote: '"' });
      assert.equal(c.file[0]!.kind, 'uuid');
      assert.equal(c.file[0]!.share, 3 / 5);
      assert.equal(c.paths.get('$[*].id')![0]!.form, 'braces');
    });

    it('YAML: `user_…` TypeIDs under user_id, quoted or not', () => {
      const t = fresh('typeid', 3, { prefix: 'user' });
      const o = fresh('typeid', 1, { prefix: 'org' });
      const text = `users:\n  - user_id: ${t[0]}\n    org_id: ${o[0]}\n  - user_id: '${t[1]}'\n  - user_id: ${t[2]}\n`;
      const c = readConventions(text, { fileName: 'fixtures/users.yaml', now: NOW });
      assert.equal(c.format, 'yaml');
      const u = key(c, 'user_id');
      assert.equal(u.kind, 'typeid');
      assert.equal(u.genKind, 'typeid');
      assert.equal(u.prefix, 'user');
      assert.equal(u.quote, '', 'two of three are bare');
      assert.equal(u.version, undefined, 'a version is a UUID convention');
      assert.equal(key(c, 'org_id').prefix, 'org');
      assert.equal(c.file[0]!.prefix, 'user', 'the file-wide prefix is the most frequent one');
    });

    it('CSV: the header names the columns; the majority case wins', () => {
      const l = fresh('ulid', 3);
      const text = `id,name,parent\n${l[0]!.toLowerCase()},a,\n${l[1]!.toLowerCase()},b,${l[0]!.toLowerCase()}\n${l[2]},c,\n`;
      const c = readConventions(text, { fileName: 'rows.csv', now: NOW });
      assert.equal(c.format, 'csv');
      assert.equal(key(c, 'id').case, 'lower');
      assert.equal(key(c, 'id').count, 3);
      assert.equal(key(c, 'parent').kind, 'ulid');
      assert.ok(c.paths.has('column id'));
    });

    it('SQL: INSERT column lists name the columns; quotes and bare numbers are kept apart', () => {
      const u = fresh('uuidv4', 2);
      const text = [
        'INSERT INTO users (id, name) VALUES',
        `  ('${u[0]}', 'Ada'),`,
        `  ('${u[1]}', 'Bob');`,
        'INSERT INTO messages (discord_message_id, body) VALUES (175928847299117063, \'hi\');',
      ].join('\n');
      const c = readConventions(text, { languageId: 'sql', now: NOW });
      assert.equal(c.format, 'sql');
      assert.deepEqual(key(c, 'id'), { kind: 'uuid', genKind: 'uuidv4', count: 2, share: 1, version: 4, case: 'lower', form: 'standard', quote: "'" });
      const m = key(c, 'discord_message_id');
      assert.equal(m.kind, 'snowflake');
      assert.equal(m.quote, '');
      assert.equal(m.layout?.name, 'discord', 'the key names the layout');
      assert.deepEqual(c.paths.get('users (id)')!.map((x) => x.kind), ['uuid']);
    });

    it('plain text and code: the scanner finds the IDs, the assignment names the key', () => {
      const l = fresh('ulid', 2);
      const u = fresh('uuidv7', 1);
      const text = [
        `const a = { id: '${l[0]}', userId: "URN:UUID:${u[0]!.toUpperCase()}" };`,
        `// created ${l[1]!.toLowerCase()} yesterday`,
      ].join('\n');
      const c = readConventions(text, { languageId: 'typescript', now: NOW });
      assert.equal(c.format, 'text');
      assert.equal(c.ids, 3);
      assert.equal(key(c, 'id').kind, 'ulid');
      assert.equal(key(c, 'id').quote, "'");
      assert.deepEqual(key(c, 'userId'), {
        kind: 'uuid', genKind: 'uuidv7', count: 1, share: 1, version: 7, case: 'upper', form: 'urn', urnPrefix: 'URN:UUID:', quote: '"',
      });
      assert.equal(c.paths.size, 0, 'text has no paths');
      const ulid = conventionOf(c.file, 'ulid')!;
      assert.equal(ulid.count, 2);
      assert.equal(ulid.case, 'upper', 'a tie keeps the first seen');
    });

    it('a file without IDs has no conventions', () => {
      const c = readConventions('hello\nworld\n', { languageId: 'plaintext' });
      assert.deepEqual({ ids: c.ids, file: c.file, keys: c.keys.size }, { ids: 0, file: [], keys: 0 });
    });

    it('ties between kinds go to the first seen; name-based UUIDs cannot be made again', () => {
      const text = `a ${VECTORS.ULID} b ${VECTORS.OBJECT_ID} c 6fa459ea-ee8a-3ca4-894e-db77e160355e`;
      const c = readConventions(text, { now: NOW });
      assert.deepEqual(c.file.map((x) => x.kind), ['ulid', 'objectid', 'uuid']);
      assert.equal(conventionOf(c.file, 'uuid')!.genKind, undefined, 'a v3 UUID');
    });
  });

  it('conventionOf: a UUID version finds its own, else any UUID', () => {
    const text = `${fresh('uuidv4', 1)[0]} ${fresh('uuidv4', 1)[0]!.toUpperCase()} ${fresh('uuidv7', 1)[0]!.toUpperCase()}`;
    const c = readConventions(text, { now: NOW });
    assert.equal(conventionOf(c.file, 'uuidv7')?.version, 4, 'one UUID convention per file; its version is the majority');
    assert.equal(conventionOf(c.file, 'uuid')?.kind, 'uuid');
    assert.equal(conventionOf(c.file, 'ksuid'), undefined);
  });

  it('in slices: the same result as in one piece, and stops when asked', async () => {
    const ids = fresh('ulid', 400);
    const text = JSON.stringify(ids.map((id, i) => ({ id, n: i })));
    const whole = readConventions(text, { languageId: 'json', now: NOW });
    let pauses = 0;
    const sliced = await readConventionsInSlices(text, { languageId: 'json', now: NOW }, { chars: 1024, pause: async () => void pauses++, stop: () => false });
    assert.deepEqual(sliced, whole);
    assert.ok(pauses > 5);
    const stopped = await readConventionsInSlices(text, { languageId: 'json', now: NOW }, { chars: 1024, pause: async () => undefined, stop: () => true });
    assert.equal(stopped, undefined);
  });
});
