import assert from 'node:assert/strict';
import {
  base64ToBytes, base64UrlToBytes, bigIntToBytes, bytesToBase64, bytesToBase64Url, bytesToBigInt, bytesToHex,
  compareBytes, hexToBytes, RandomPool,
} from '../../src/core/bytes';
import { code } from './helpers';


describe('bytes', () => {
  it('hex round-trips either case and outputs lower case', () => {
    assert.deepEqual(hexToBytes('00ff7Fa0'), Uint8Array.of(0, 255, 127, 160));
    assert.equal(bytesToHex(Uint8Array.of(0, 255, 127, 160)), '00ff7fa0');
  });

  it('hex rejects odd length, bad digits and empty input with codes', () => {
    assert.throws(() => hexToBytes('abc'), code('INVALID_LENGTH'));
    assert.throws(() => hexToBytes('zz'), code('INVALID_CHARACTER'));
    assert.throws(() => hexToBytes('0g'), /position 2/);
    assert.throws(() => hexToBytes(''), code('EMPTY'));
  });

  it('bigint conversions are exact at 0 and 2^128-1 and refuse what does not fit', () => {
    const max = (1n << 128n) - 1n;
    assert.equal(bytesToBigInt(bigIntToBytes(max, 16)), max);
    assert.deepEqual(bigIntToBytes(0n, 16), new Uint8Array(16));
    assert.throws(() => bigIntToBytes(max + 1n, 16), code('OVERFLOW'));
    assert.throws(() => bigIntToBytes(-1n, 16), code('OVERFLOW'));
  });

  it('base64 matches RFC 4648 test vectors', () => {
    const enc = new TextEncoder();
    const vectors: [string, string][] = [['', ''], ['f', 'Zg=='], ['fo', 'Zm8='], ['foo', 'Zm9v'], ['foob', 'Zm9vYg=='], ['fooba', 'Zm9vYmE='], ['foobar', 'Zm9vYmFy']];
    for (const [plain, b64] of vectors) {
      assert.equal(bytesToBase64(enc.encode(plain)), b64);
      if (plain) assert.deepEqual(base64ToBytes(b64), enc.encode(plain));
    }
  });

  it('base64url uses - and _ without padding, and both decoders are strict', () => {
    const b = Uint8Array.of(0xfb, 0xff, 0xbf);
    assert.equal(bytesToBase64(b), '+/+/');
    assert.equal(bytesToBase64Url(b), '-_-_');
    assert.deepEqual(base64UrlToBytes('-_-_'), b);
    assert.throws(() => base64ToBytes('-_-_'), code('INVALID_CHARACTER'));
    assert.throws(() => base64ToBytes('Zh=='), /non-zero padding bits/);
    assert.throws(() => base64ToBytes('Zm9vY'), code('INVALID_LENGTH'));
  });

  it('compareBytes orders like unsigned big-endian numbers', () => {
    assert.ok(compareBytes(Uint8Array.of(1, 0), Uint8Array.of(0, 255)) > 0);
    assert.equal(compareBytes(Uint8Array.of(7), Uint8Array.of(7)), 0);
  });

  it('RandomPool draws in chunks and never hands out the same offset twice before a refill', () => {
    let calls = 0;
    const pool = new RandomPool((b) => { calls++; return b.fill(calls); }, 32);
    const a = pool.take(16);
    const b2 = pool.take(16);
    assert.notEqual(a, b2);
    assert.equal(calls, 1);
    pool.take(16);
    assert.equal(calls, 2);
  });
});
