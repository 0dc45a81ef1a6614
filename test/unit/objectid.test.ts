import assert from 'node:assert/strict';
import { encodeObjectId, isObjectId, ObjectIdGenerator, parseObjectId } from '../../src/core/formats/objectid';
import { type RandomSource } from '../../src/core/types';
import { decodeObjectId } from '../../src/core';
import { code } from './helpers';
import { OBJECTID_SPEC } from '../shared/vectors';


describe('objectid', () => {
  it('decodes the spec example', () => {
    const d = decodeObjectId(OBJECTID_SPEC);
    assert.equal(d.kind, 'objectid');
    assert.equal(d.time, '2012-10-17T21:13:27.000Z');
    assert.equal(d.fields.random, 'bcf86cd799');
    assert.equal(d.fields.counter, 0x439011);
  });

  it('reads the time unsigned: 0x80000000 is 2038, 0xffffffff is 2106', () => {
    assert.equal(decodeObjectId('800000000000000000000000').time, '2038-01-19T03:14:08.000Z');
    assert.equal(decodeObjectId('ffffffffffffffffffffffff').time, '2106-02-07T06:28:15.000Z');
    assert.equal(decodeObjectId('000000000000000000000000').unixMs, 0);
  });

  it('accepts either case and writes lower case', () => {
    assert.equal(encodeObjectId(parseObjectId('507F1F77BCF86CD799439011')), OBJECTID_SPEC);
    assert.equal(isObjectId('507F1F77BCF86CD799439011'), true);
    assert.equal(isObjectId('507F1F77BCF86CD79943901g'), false);
    assert.equal(isObjectId('507f1f77bcf86cd79943901'), false);
    assert.throws(() => decodeObjectId('507f1f77bcf86cd79943901g'), /position 24/);
  });

  it('rejects bad input with codes', () => {
    assert.throws(() => parseObjectId(''), code('EMPTY'));
    assert.throws(() => parseObjectId('507f1f77bcf86cd79943901'), code('INVALID_LENGTH'));
    assert.throws(() => parseObjectId('507f1f77bcf86cd79943901z'), code('INVALID_CHARACTER'));
  });

  describe('ObjectIdGenerator', () => {
    it('keeps 5 process bytes, counts from a random start and uses the injected clock', () => {
      const random: RandomSource = (b) => { b.set([1, 2, 3, 4, 5, 0, 0, 9]); return b; };
      const g = new ObjectIdGenerator({ clock: () => 1350508407999, random });
      assert.deepEqual(g.batch(2), ['507f1f77010203040500000a', '507f1f77010203040500000b']);
    });

    it('borrows the next second when the counter wraps, so IDs still ascend', () => {
      const random: RandomSource = (b) => { b.fill(0); b.set([0xff, 0xff, 0xfe], 5); return b; };
      const g = new ObjectIdGenerator({ clock: () => 1350508407000, random });
      const ids = g.batch(3);
      assert.deepEqual(ids, ['507f1f770000000000ffffff', '507f1f78000000000000000' + '0', '507f1f780000000000000001']);
      const at = g.batch(2, 1350508407000);
      assert.ok(at[0]! > ids[2]! && at[1]! > at[0]!, 'the same requested second continues the borrowed stream');
    });

    it('ascends across 20,000 IDs and refuses times an ObjectId cannot hold', () => {
      const g = new ObjectIdGenerator();
      const ids = g.batch(20000);
      for (let i = 1; i < ids.length; i++) if (!(ids[i]! > ids[i - 1]!)) assert.fail(`not ascending at ${i}`);
      assert.throws(() => g.next(-1000), code('TIME_OUT_OF_RANGE'));
      assert.throws(() => g.next(2 ** 32 * 1000), code('TIME_OUT_OF_RANGE'));
      assert.equal(decodeObjectId(g.next(0x80000000 * 1000)).time, '2038-01-19T03:14:08.000Z');
    });
  });
});
