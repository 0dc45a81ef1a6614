import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { md5, md5Hex } from '../../src/core/md5';

describe('md5', () => {
  // RFC 1321, appendix A.5.
  const rfcVectors: Array<[string, string]> = [
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
    ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
    ['12345678901234567890123456789012345678901234567890123456789012345678901234567890', '57edf4a22be3c955ac49da2e2107b67a'],
  ];
  for (const [input, expected] of rfcVectors) {
    it(`RFC 1321 vector md5("${input.length > 20 ? `${input.slice(0, 20)}…` : input}")`, () => {
      assert.equal(md5Hex(input), expected);
    });
  }

  it('hashes the UTF-8 bytes of non-ASCII text', () => {
    // Cross-checked against Node's OpenSSL MD5, which the core itself may not use.
    for (const text of ['ü', 'customer-ü/ファイル', '😀']) {
      assert.equal(md5Hex(text), createHash('md5').update(text, 'utf8').digest('hex'));
    }
  });

  it('pads correctly at every length around the 64-byte block boundaries', () => {
    for (let len = 0; len <= 130; len++) {
      const bytes = Uint8Array.from({ length: len }, (_, i) => (i * 31 + len) & 0xff);
      const expected = createHash('md5').update(bytes).digest('hex');
      assert.equal(Buffer.from(md5(bytes)).toString('hex'), expected, `length ${len}`);
    }
  });

  it('returns 16 bytes', () => {
    assert.equal(md5(new Uint8Array(0)).length, 16);
  });
});
