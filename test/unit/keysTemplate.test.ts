import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { compareKeys, dateFieldValues, IdError, keyHash, newKeys, parseKeyTemplate, renderKey } from '../../src/core';

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

describe('key templates', () => {
  describe('parseKeyTemplate reads the fields before and after {id}', () => {
    it('a hash and a literal tail', () => {
      const t = parseKeyTemplate('logs/{hash:2}/{id}.json.gz');
      assert.equal(t.hashLength, 2);
      assert.equal(t.tail, '.json.gz');
      assert.deepEqual(t.head, [{ type: 'literal', text: 'logs/' }, { type: 'hash', length: 2 }, { type: 'literal', text: '/' }]);
      assert.equal(t.dateUnit, undefined);
    });

    it('Hive-style date partitions: the finest field is the unit, repeats kept', () => {
      const t = parseKeyTemplate('year={yyyy}/dt={yyyy}-{mm}-{dd}/hr={hh}/{id}.parquet');
      assert.equal(t.dateUnit, 'hh');
      assert.deepEqual(t.dateFields, ['yyyy', 'yyyy', 'mm', 'dd', 'hh']);
      assert.equal(parseKeyTemplate('{dd}/{id}').dateUnit, 'dd');
      assert.equal(parseKeyTemplate('{id}').tail, '');
    });
  });

  describe('parseKeyTemplate refuses what cannot be listed by time, saying why', () => {
    const cases: Array<[string, RegExp]> = [
      ['logs/{id}/{hh}', /\{hh\} comes after \{id\}.*only literal text may follow \{id\}/],
      ['logs/{id}-{hash:2}', /\{hash:2\} comes after \{id\}/],
      ['{id}/{id}', /\{id\} appears 2 times/],
      ['logs/{rev}/{id}', /reversed timestamp cannot be listed by time.*fastest-changing digits first/],
      ['{reverse_ts}-{id}', /reversed timestamp/],
      ['{id:reverse}', /reversed timestamp/],
      ['logs/file.json', /has no \{id\}/],
      ['{ts}/{id}', /the time comes from \{id\}/],
      ['{mi}/{id}', /finer than an hour/],
      ['{hash}/{id}', /write \{hash:N\}/],
      ['{hash:0}/{id}', /from 1 to 32/],
      ['{hash:33}/{id}', /from 1 to 32/],
      ['{hash:1}{hash:2}/{id}', /2 \{hash:N\} fields/],
      ['{YYYY}/{id}', /Unknown field \{YYYY\}.*\{yyyy\}/],
      ['a{b/{id}', /"\{" without its "\}" at character 2/],
      ['a}/{id}', /"\}" without its "\{" at character 2/],
      ['a{{id}}', /"\{" without its "\}"/],
      ['', /empty/],
      ['logs/\n{id}', /control character/],
    ];
    for (const [template, message] of cases) {
      it(JSON.stringify(template), () => {
        assert.throws(() => parseKeyTemplate(template), (e: unknown) => e instanceof IdError && e.code === 'INVALID_ARGUMENT' && message.test(e.message));
      });
    }
    it('refuses a non-string with an IdError', () => {
      assert.throws(() => parseKeyTemplate(42 as unknown as string), IdError);
    });
  });

  describe('rendering', () => {
    it('{hash:N} is the first N hex digits of MD5 of the ID text as written in the key', () => {
      const id = '01HWRQ6W000000000000000000';
      assert.equal(keyHash(id, 2), md5(id).slice(0, 2));
      assert.equal(keyHash(id.toLowerCase(), 4), md5(id.toLowerCase()).slice(0, 4));
      const t = parseKeyTemplate('logs/{hash:3}/{yyyy}{mm}{dd}{hh}/{id}.gz');
      assert.equal(renderKey(t, id, Date.UTC(2024, 4, 1, 7, 59, 59, 999)), `logs/${md5(id).slice(0, 3)}/2024050107/${id}.gz`);
    });

    it('date fields are UTC and zero-padded; years outside 0000-9999 are refused', () => {
      assert.deepEqual(dateFieldValues(Date.UTC(2024, 0, 2, 3)), { yyyy: '2024', mm: '01', dd: '02', hh: '03' });
      assert.deepEqual(dateFieldValues(Date.UTC(812, 11, 31, 23)).yyyy, '0812');
      assert.throws(() => dateFieldValues(Date.UTC(10000, 0, 1)), (e: unknown) => e instanceof IdError && e.code === 'TIME_OUT_OF_RANGE');
    });

    it('compareKeys is UTF-8 byte order, not UTF-16 order', () => {
      const keys = ['a/\u{1F600}', 'a/\uFF5E', 'a/~', 'a/Z', 'a/a', 'a/', 'a/0'];
      const bytes = [...keys].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
      assert.deepEqual([...keys].sort(compareKeys), bytes);
      assert.notDeepEqual([...keys].sort(), bytes, 'the case where UTF-16 order differs is in the table');
    });
  });

  describe('newKeys', () => {
    it('hash and date come from the ID made, and the ID sits where {id} is', () => {
      const time = Date.UTC(2024, 4, 1, 23, 59, 59, 999);
      const keys = newKeys('logs/{hash:2}/dt={yyyy}-{mm}-{dd}/{id}.json', 'ulid', 5, { timeMs: time });
      assert.equal(keys.length, 5);
      for (const k of keys) {
        assert.equal(k.ms, time);
        assert.equal(k.key, `logs/${md5(k.id).slice(0, 2)}/dt=2024-05-01/${k.id}.json`);
      }
      assert.deepEqual(keys.map((k) => k.id), [...keys.map((k) => k.id)].sort(), 'IDs ascend');
    });

    it('reads the time back from the ID (whole seconds for an ObjectId) and spells it in the asked case', () => {
      const [k] = newKeys('{dd}/{hh}/{id}', 'objectid', 1, { timeMs: Date.UTC(2024, 4, 1, 23, 59, 59, 999), letterCase: 'upper' });
      assert.equal(k!.ms, Date.UTC(2024, 4, 1, 23, 59, 59));
      assert.match(k!.key, /^01\/23\/[0-9A-F]{24}$/);
    });

    it('snowflakes take the layout; TypeIDs the prefix', () => {
      const [s] = newKeys('s/{id}', 'snowflake', 1, { epoch: 'discord', timeMs: Date.UTC(2024, 0, 1) });
      assert.equal(s!.ms, Date.UTC(2024, 0, 1));
      const [t] = newKeys('t/{id}', 'typeid', 1, { prefix: 'user' });
      assert.match(t!.key, /^t\/user_[0-9a-z]{26}$/);
    });

    it('makes every kind bounds can list (SCRU128 too); refuses other kinds, a case the kind has not, and keys over 1024 bytes', () => {
      for (const kind of ['ulid', 'uuidv7', 'ksuid', 'objectid', 'tsid', 'xid', 'tid', 'scru128']) assert.equal(newKeys('k/{id}', kind, 2).length, 2, kind);
      assert.throws(() => newKeys('{id}', 'uuidv4', 1), /time-ordered kinds/);
      assert.throws(() => newKeys('{id}', 'ksuid', 1, { letterCase: 'lower' }), /either case|one spelling/);
      assert.throws(() => newKeys(`${'x'.repeat(1000)}/{id}`, 'ulid', 1), /at most 1024 bytes/);
    });
  });
});
