import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { IdError } from '../../src/core/types';
import { defaultHashSegment, findMsTimestamps, hashPrefixKey, isDateSegment, reverseMsTimestamp } from '../../src/core/keys';

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

describe('object keys', () => {
  describe('isDateSegment', () => {
    const dates = ['2017', '11', '2017-11-11', '20171111', '2017-11', '2017-11-11T10:00:00Z', '2017-11-11 10:00', 'dt=2017-11-11', 'year=2017', '1513160001245'];
    const others = ['customer-1', 'file1', 'logs', 'a2017', '2017-11-11.log', 'v2', ''];
    for (const s of dates) it(`"${s}" is a date segment`, () => assert.equal(isDateSegment(s), true));
    for (const s of others) it(`"${s}" is not a date segment`, () => assert.equal(isDateSegment(s), false));
  });

  describe('hashPrefixKey', () => {
    it('prefixes the guide example with md5(customer-1)[0:4]', () => {
      const r = hashPrefixKey('2017-11-11/customer-1/file1');
      assert.equal(r.segment, 'customer-1');
      assert.equal(r.segmentIndex, 1);
      assert.equal(r.prefix, md5('customer-1').slice(0, 4));
      assert.equal(r.key, `${md5('customer-1').slice(0, 4)}/2017-11-11/customer-1/file1`);
    });

    it('hashes a chosen segment with a chosen length', () => {
      const r = hashPrefixKey('2017-11-11/customer-1/file1', { segment: 2, length: 6 });
      assert.equal(r.key, `${md5('file1').slice(0, 6)}/2017-11-11/customer-1/file1`);
    });

    it('skips date-only segments and a leading slash when choosing the default', () => {
      assert.equal(defaultHashSegment('/2017/11/11/acme/x.csv'), 4);
      assert.equal(hashPrefixKey('/2017/11/11/acme/x.csv').key, `${md5('acme').slice(0, 4)}/2017/11/11/acme/x.csv`);
    });

    it('falls back to the first segment when every segment is a date', () => {
      assert.equal(defaultHashSegment('2017/11/11'), 0);
    });

    it('rejects keys without "/", empty segments and bad lengths with IdError', () => {
      const cases: Array<[string, { segment?: number; length?: number }]> = [
        ['customer-1', {}],
        ['a//b', { segment: 1 }],
        ['a/b', { segment: 5 }],
        ['a/b', { length: 0 }],
        ['a/b', { length: 33 }],
        ['a/b', { length: 2.5 }],
      ];
      for (const [key, opts] of cases) {
        assert.throws(() => hashPrefixKey(key, opts), (e: unknown) => e instanceof IdError && e.code === 'INVALID_ARGUMENT', `${key} ${JSON.stringify(opts)}`);
      }
    });
  });

  describe('reverseMsTimestamp', () => {
    it('reverses the guide example', () => {
      assert.deepEqual(reverseMsTimestamp('1513160001245'), { key: '5421000613151', from: '1513160001245', to: '5421000613151' });
    });

    it('reverses a timestamp inside a key and leaves the rest alone', () => {
      assert.equal(reverseMsTimestamp('logs/1513160001245-app.log').key, 'logs/5421000613151-app.log');
    });

    it('is its own inverse', () => {
      const key = 'bucket/1700000000123/obj';
      assert.equal(reverseMsTimestamp(reverseMsTimestamp(key).key).key, key);
    });

    it('picks the timestamp by index', () => {
      assert.equal(reverseMsTimestamp('1513160001245/1600000000000', 1).key, '1513160001245/0000000000061');
    });

    it('finds a timestamp standing on its own, never 13 digits inside a longer token such as a hash', () => {
      // An MD5 whose hex happens to open with 13 digits: reversing them would corrupt the hash.
      assert.deepEqual(findMsTimestamps('3636638817772e42b59d74cff571fbb3'), []);
      assert.deepEqual(findMsTimestamps('e42b59d74cff3636638817772'), []);
      assert.deepEqual(findMsTimestamps('logs/3636638817772e42b59d74cff571fbb3/app.log'), []);
      assert.deepEqual(findMsTimestamps('v1513160001245'), []);
      assert.throws(() => reverseMsTimestamp('3636638817772e42b59d74cff571fbb3'), (e: unknown) => e instanceof IdError && /13 digits/.test(e.message));
      // Separators around it keep it a timestamp: the keys the action is for.
      for (const key of ['1513160001245', 'logs/1513160001245/app.log', 'logs/1513160001245-app.log', 't=1513160001245;',
        'img_1513160001245.png', 'a.1513160001245.b', '"1513160001245"']) {
        assert.deepEqual(findMsTimestamps(key).map((t) => t.text), ['1513160001245'], key);
      }
    });

    it('ignores digit runs that are not 13 digits long', () => {
      assert.deepEqual(findMsTimestamps('2017/151316000124/15131600012456'), []);
      assert.throws(() => reverseMsTimestamp('2017-11-11/customer-1'), (e: unknown) => e instanceof IdError && /13 digits/.test(e.message));
    });
  });
});
