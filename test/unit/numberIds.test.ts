// Sqids (sqids 0.3.0) and Hashids (hashids 2.3.0): numbers written as short IDs under the
// user's alphabet or salt. Both codecs are checked against their reference libraries on random
// number lists, alphabets, salts and minimum lengths, in both directions.
import assert from 'node:assert/strict';
import Hashids from 'hashids';
import Sqids from 'sqids';
import { decodeHashids, decodeHashidsNumbers, encodeHashids, hashids, hashidsCodec } from '../../src/core/formats/hashids';
import { SQIDS_DEFAULT_ALPHABET, decodeSqids, decodeSqidsNumbers, encodeSqids, sqids, sqidsCodec } from '../../src/core/formats/sqids';
import { code } from './helpers';

const N = 1500;
const int = (max: number) => Math.floor(Math.random() * (max + 1));
const numberList = () => Array.from({ length: 1 + int(4) }, () => [int(9), int(1000), int(2 ** 32), int(Number.MAX_SAFE_INTEGER)][int(3)]!);
function shuffled(s: string): string {
  const a = [...s];
  for (let i = a.length - 1; i > 0; i--) {
    const j = int(i);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a.join('');
}
const PRINTABLE = Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i)).join('');

function agree<T>(inputs: T[], check: (x: T) => string | undefined): void {
  const bad: string[] = [];
  for (const x of inputs) {
    const problem = check(x);
    if (problem !== undefined) bad.push(`${JSON.stringify(x)}: ${problem}`);
  }
  assert.equal(bad.length, 0, `${bad.length} of ${inputs.length} disagree, e.g.\n${bad.slice(0, 5).join('\n')}`);
}
const diff = (what: string, ours: unknown, theirs: unknown) => (ours === theirs ? undefined : `${what}: ours ${String(ours)}, theirs ${String(theirs)}`);

describe('Sqids (sqids 0.3.0)', () => {
  it("writes the library's test vectors", () => {
    // sqids/src/tests/encoding.test.ts: [1, 2, 3] = 86Rf07; 0..9 = bM, Uk, gb, Ef, Vq, uw, OI, AX, p6, nJ.
    assert.equal(encodeSqids([1, 2, 3]), '86Rf07');
    assert.deepEqual(['bM', 'Uk', 'gb', 'Ef', 'Vq', 'uw', 'OI', 'AX', 'p6', 'nJ'], Array.from({ length: 10 }, (_, i) => encodeSqids([i])));
    assert.equal(decodeSqids('86Rf07').fields.numbers, '1, 2, 3');
  });

  it('agrees with the library on random lists, alphabets and minimum lengths, both ways', () => {
    const cases = Array.from({ length: N }, (_, i) => ({
      numbers: numberList(),
      alphabet: i % 3 === 0 ? SQIDS_DEFAULT_ALPHABET : shuffled(PRINTABLE).slice(0, 3 + int(60)),
      minLength: i % 2 ? 0 : int(40),
    }));
    agree(cases, ({ numbers, alphabet, minLength }) => {
      const lib = new Sqids({ alphabet, minLength, blocklist: new Set() });
      const c = sqidsCodec({ alphabet, minLength });
      const theirs = lib.encode(numbers);
      const ours = encodeSqids(numbers, c);
      return diff('encode', ours, theirs) ?? diff('decode', decodeSqidsNumbers(theirs, c).join(), lib.decode(theirs).join())
        ?? diff('believed', sqids.decode(theirs, { sqids: { alphabet, minLength } }).plausible, true);
    });
  });

  it("decodes what the library's default blocklist makes, and counts where its IDs differ", () => {
    const lib = new Sqids();
    let differ = 0;
    agree(Array.from({ length: N }, numberList), (numbers) => {
      const theirs = lib.encode(numbers);
      if (encodeSqids(numbers) !== theirs) differ++;
      return diff('decode', decodeSqidsNumbers(theirs).join(), numbers.join());
    });
    // The library skips IDs holding a word of its profanity blocklist; Idsmith has none by default.
    assert.ok(differ < N / 20, `${differ} of ${N} differ`);
  });

  it('decodes any text of the alphabet as the library does, and believes only IDs that write back', () => {
    const lib = new Sqids();
    let believed = 0;
    agree(Array.from({ length: N }, () => Array.from({ length: 2 + int(10) }, () => SQIDS_DEFAULT_ALPHABET[int(61)]).join('')), (t) => {
      const d = sqids.decode(t, { sqids: {} });
      if (d.plausible) believed++;
      const theirs = lib.decode(t);
      return theirs.some((n) => n > Number.MAX_SAFE_INTEGER) ? undefined : diff('numbers', decodeSqidsNumbers(t).join(), theirs.join());
    });
    assert.ok(believed < N / 10, `${believed} of ${N} random words believed`);
  });

  it('refuses what Sqids refuses', () => {
    assert.throws(() => sqidsCodec({ alphabet: 'ab' }), code('INVALID_ARGUMENT'));
    assert.throws(() => sqidsCodec({ alphabet: 'aab' }), code('INVALID_ARGUMENT'));
    assert.throws(() => sqidsCodec({ minLength: 256 }), code('INVALID_ARGUMENT'));
    assert.throws(() => encodeSqids([-1]), code('INVALID_ARGUMENT'));
    assert.equal(sqids.decode('86Rf0!', { sqids: {} }).errorCode, 'INVALID_CHARACTER');
  });

  it('generates IDs of consecutive numbers, or of the numbers given', () => {
    const g = sqids.generators[0]!.create({});
    assert.deepEqual(g.generate(3, {}), [encodeSqids([1]), encodeSqids([2]), encodeSqids([3])]);
    assert.deepEqual(g.generate(1, { numbers: '1,2,3' } as never), ['86Rf07']);
    assert.deepEqual(g.generate(1, { numbers: [1, 2, 3], alphabet: 'k3G7QAe51FCsPW92uEOyq4Bg6Sp8YzVTmnU0liwDdHXLajZrfxNhobJIRcMvKt', minLength: 10 } as never),
      [new Sqids({ alphabet: 'k3G7QAe51FCsPW92uEOyq4Bg6Sp8YzVTmnU0liwDdHXLajZrfxNhobJIRcMvKt', minLength: 10 }).encode([1, 2, 3])]);
  });
});

describe('Hashids (hashids 2.3.0)', () => {
  it('agrees with the library on random lists, salts, alphabets and minimum lengths, both ways', () => {
    const cases = Array.from({ length: N }, (_, i) => ({
      numbers: numberList(),
      salt: i % 4 === 0 ? '' : shuffled(PRINTABLE + ' ').slice(0, int(30)),
      alphabet: i % 3 === 0 ? undefined : shuffled(PRINTABLE).slice(0, 16 + int(70)),
      minLength: i % 2 ? 0 : int(40),
    }));
    agree(cases, ({ numbers, salt, alphabet, minLength }) => {
      const lib = new Hashids(salt, minLength, alphabet);
      const c = hashidsCodec({ salt, minLength, alphabet });
      const theirs = lib.encode(numbers);
      const ours = encodeHashids(numbers.map(BigInt), c);
      return diff('encode', ours, theirs) ?? diff('decode', decodeHashidsNumbers(theirs, c).join(), lib.decode(theirs).join())
        ?? diff('read', hashids.decode(theirs, { hashids: { salt, minLength, alphabet } }).fields.numbers, numbers.join(', '));
    });
  });

  it('reads random text as the library does: almost never an ID', () => {
    const lib = new Hashids('this is my salt');
    const c = hashidsCodec({ salt: 'this is my salt' });
    agree(Array.from({ length: N }, () => Array.from({ length: 2 + int(10) }, () => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890'[int(61)]).join('')), (t) => {
      let theirs: string;
      try {
        theirs = lib.decode(t).join();
      } catch {
        theirs = '';
      }
      return diff('numbers', decodeHashidsNumbers(t, c).join(), theirs);
    });
  });

  it("writes the README's example and names a wrong salt's read plainly", () => {
    // niieani/hashids.js README: new Hashids() encodes [1, 2, 3] as o2fXhV.
    assert.equal(encodeHashids([1n, 2n, 3n]), new Hashids().encode(1, 2, 3));
    assert.equal(decodeHashids(new Hashids('salt').encode(42), { salt: 'salt' }).fields.numbers, '42');
    assert.throws(() => decodeHashids(new Hashids('salt').encode(42), { salt: 'pepper' }), code('UNKNOWN_FORMAT'));
    assert.throws(() => hashidsCodec({ alphabet: 'abc' }), code('INVALID_ARGUMENT'));
  });

  it('is guessed only with the user salt, and read when named', () => {
    assert.equal(hashids.shapes[0]!.test('o2fXhV'), false);
    assert.equal(hashids.shapes[0]!.test('o2fXhV', { hashids: { salt: '' } }), true);
    assert.ok(hashids.shapes[1]!.asked);
  });
});
