import assert from 'node:assert/strict';
import { encodeKsuid, isKsuid, KSUID_MAX, KsuidGenerator, parseKsuid } from '../../src/core/formats/ksuid';
import { bytesToBigInt, bytesToHex } from '../../src/core/bytes';
import { type RandomSource } from '../../src/core/types';
import { decodeKsuid } from '../../src/core';
import { code, constant } from './helpers';
import { KSUID_SPEC } from '../shared/vectors';


describe('ksuid', () => {
  it('decodes the README example', () => {
    const d = decodeKsuid(KSUID_SPEC);
    assert.equal(d.kind, 'ksuid');
    assert.equal(d.time, '2017-10-10T04:00:47.000Z');
    assert.equal(d.fields.payload, 'B5A1CD34B5F99D1154FB6853345C9735');
  });

  it('round-trips min and max and rejects anything above max', () => {
    assert.equal(bytesToHex(parseKsuid('000000000000000000000000000')), '00'.repeat(20));
    assert.equal(bytesToHex(parseKsuid(KSUID_MAX)), 'ff'.repeat(20));
    assert.equal(encodeKsuid(new Uint8Array(20).fill(255)), KSUID_MAX);
    assert.equal(decodeKsuid(KSUID_MAX).time, '2150-06-19T23:21:35.000Z');
    assert.equal(decodeKsuid('000000000000000000000000000').time, '2014-05-13T16:53:20.000Z');
    assert.throws(() => parseKsuid('aWgEPTl1tmebfsQzFP4bxwgy80W'), code('OVERFLOW'));
    assert.throws(() => parseKsuid('zzzzzzzzzzzzzzzzzzzzzzzzzzz'), code('OVERFLOW'));
    assert.equal(isKsuid(KSUID_MAX), true);
    assert.equal(isKsuid('aWgEPTl1tmebfsQzFP4bxwgy80W'), false);
  });

  it('is case-sensitive: lower-casing gives a different valid KSUID', () => {
    const a = parseKsuid(KSUID_SPEC);
    const b = parseKsuid('0ujtsycgvstl8pauadqwysmnlov');
    assert.notDeepEqual(a, b);
  });

  it('rejects bad length and characters', () => {
    assert.throws(() => parseKsuid(''), code('EMPTY'));
    assert.throws(() => parseKsuid('0ujtsYcgvSTl8PAuAdqWYSMnLO'), code('INVALID_LENGTH'));
    assert.throws(() => parseKsuid('0ujtsYcgvSTl8PAuAdqWYSMnLO-'), /position 27/);
  });

  describe('KsuidGenerator', () => {
    it('writes the injected time and increments the payload within a second', () => {
      const g = new KsuidGenerator({ clock: () => 1507608047123, random: constant(0) });
      const [a, b] = g.batch(2);
      assert.equal(decodeKsuid(a!).time, '2017-10-10T04:00:47.000Z');
      assert.equal(decodeKsuid(a!).fields.payload, '0'.repeat(32));
      assert.equal(decodeKsuid(b!).fields.payload, '0'.repeat(31) + '1');
    });

    it('carries across payload bytes and throws MONOTONIC_OVERFLOW at the end', () => {
      let first = true;
      const random: RandomSource = (b) => { b.fill(0); if (first) b.fill(255, 1, 16); first = false; return b; };
      const g = new KsuidGenerator({ clock: () => 1507608047000, random });
      g.next();
      assert.equal(decodeKsuid(g.next()).fields.payload, '01' + '00'.repeat(15));
      const full = new KsuidGenerator({ clock: () => 1507608047000, random: constant(255) });
      full.next();
      assert.throws(() => full.next(), code('MONOTONIC_OVERFLOW'));
    });

    it('counts in the text exactly as in the bytes, carries included', () => {
      const g = new KsuidGenerator({ clock: () => 1507608047000 });
      const ids = g.batch(5000);
      let prev = bytesToBigInt(parseKsuid(ids[0]!));
      for (const id of ids.slice(1)) {
        const v = bytesToBigInt(parseKsuid(id));
        assert.equal(v - prev, 1n, id);
        prev = v;
      }
      assert.ok(ids.some((id, i) => i > 0 && id.endsWith('0')), 'a carry out of the last digit happened');
    });

    it('ascends within a batch and refuses times outside 2014..2150', () => {
      const g = new KsuidGenerator();
      const ids = g.batch(20000);
      for (let i = 1; i < ids.length; i++) if (!(ids[i]! > ids[i - 1]!)) assert.fail(`not ascending at ${i}`);
      assert.throws(() => g.next(1399999999999), code('TIME_OUT_OF_RANGE'));
      assert.throws(() => g.next((2 ** 32 + 1400000000) * 1000), code('TIME_OUT_OF_RANGE'));
      assert.equal(decodeKsuid(g.next(1400000000000)).unixMs, 1400000000000);
    });
  });
});
