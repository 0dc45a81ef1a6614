// ShortUUID and Uuid25: two re-spellings of a UUID's 128 bits, each checked against its
// reference library (short-uuid 6.0.3, uuid25 0.1.5) in both directions on random values, plus
// the edges the libraries get wrong or leave open.
import assert from 'node:assert/strict';
import { constants, createTranslator } from 'short-uuid';
import { Uuid25 } from 'uuid25';
import { bytesToHex } from '../../src/core/bytes';
import { formatUuid, parseUuid } from '../../src/core/formats/uuid/codec';
import { COOKIE_BASE90, decodeShortUuid, encodeShortUuid, shortuuid, shortUuids } from '../../src/core/formats/shortuuid';
import { decodeUuid25, encodeUuid25, uuid25 } from '../../src/core/formats/uuid25';
import { convert } from '../../src/core/convert';
import { code } from './helpers';

const N = 2000;
const rand = (n: number) => crypto.getRandomValues(new Uint8Array(n));
const NOW = Date.UTC(2026, 10, 23);

function agree<T>(inputs: T[], check: (x: T) => string | undefined): void {
  const bad: string[] = [];
  for (const x of inputs) {
    const problem = check(x);
    if (problem !== undefined) bad.push(`${String(x)}: ${problem}`);
  }
  assert.equal(bad.length, 0, `${bad.length} of ${inputs.length} disagree, e.g.\n${bad.slice(0, 5).join('\n')}`);
}
const diff = (what: string, ours: unknown, theirs: unknown) => (ours === theirs ? undefined : `${what}: ours ${String(ours)}, theirs ${String(theirs)}`);
/** Random 16 bytes; every fourth keeps the RFC variant and version 4, as generators write them. */
const values = (n: number) => Array.from({ length: n }, (_, i) => {
  const b = rand(16);
  if (i % 4 === 0) b.fill(0, 0, 1 + (i % 16));
  return b;
});

describe('ShortUUID (short-uuid 6.0.3)', () => {
  const flickr = createTranslator();
  const cookie = createTranslator(constants.cookieBase90);

  it('writes every 128-bit value as short-uuid does, in both alphabets, and reads its text back', () => {
    agree(values(N), (b) => {
      const u = formatUuid(b);
      const ours = encodeShortUuid(b);
      const ourCookie = encodeShortUuid(b, COOKIE_BASE90);
      return diff('flickrBase58', ours, flickr.fromUUID(u)) ?? diff('cookieBase90', ourCookie, cookie.fromUUID(u))
        ?? diff('read flickr', decodeShortUuid(flickr.fromUUID(u)).fields.uuid, u)
        ?? diff('read cookie', decodeShortUuid(cookie.fromUUID(u)).fields.uuid, u)
        ?? diff('their read', flickr.toUUID(ours), u) ?? diff('their check', flickr.validate(ours), true);
    });
  });

  it('reads its generated IDs as the UUID v4 they hold, and makes IDs it reads as v4', () => {
    agree(Array.from({ length: N / 2 }, () => flickr.generate()), (s) => {
      const d = decodeShortUuid(s);
      return diff('uuid', d.fields.uuid, flickr.toUUID(s)) ?? diff('version', d.version, 4) ?? diff('alphabet', d.fields.alphabet, 'flickrBase58');
    });
    agree(shortUuids(N / 2), (s) => diff('rigorous check', flickr.validate(s, true), true) ?? diff('version', /^.{14}4/.test(flickr.toUUID(s)), true));
  });

  it('refuses 22 chars above 2^128 that short-uuid silently truncates', () => {
    const max = encodeShortUuid(new Uint8Array(16).fill(0xff));
    assert.equal(max, flickr.fromUUID('ffffffff-ffff-ffff-ffff-ffffffffffff'));
    assert.equal(decodeShortUuid(max).fields.uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff');
    assert.throws(() => decodeShortUuid('ZZZZZZZZZZZZZZZZZZZZZZ'), code('OVERFLOW'));
    // The library gives a UUID of the first 32 of its 33 hex digits: a different value.
    assert.notEqual(flickr.toUUID('ZZZZZZZZZZZZZZZZZZZZZZ'), undefined);
    assert.throws(() => decodeShortUuid('0ZZZZZZZZZZZZZZZZZZZZZ'), (e: Error) => code('INVALID_CHARACTER')(e) && /leaves out 0, O, I and l/.test(e.message));
    assert.throws(() => decodeShortUuid('abc'), code('INVALID_LENGTH'));
  });

  it('converts as the ShortUUID it is even when its 22 chars are also base64url (1 in 15)', () => {
    const both = shortUuids(3000).filter((s) => /[AQgw]$/.test(s));
    assert.ok(both.length > 100);
    for (const s of both) assert.equal(convert(s, 'uuid'), decodeShortUuid(s).fields.uuid, s);
    // Named, the bytes it spells in base64url.
    assert.equal(convert(both[0]!, 'hex', { from: 'base64url' }), Buffer.from(both[0]!, 'base64url').toString('hex'));
  });

  it('is believed as a guess only when it holds a UUID some generator makes', () => {
    const v4 = shortUuids(1)[0]!;
    assert.equal(shortuuid.decode(v4, { now: NOW }).plausible, true);
    // The same length and alphabet, but the bits of no RFC UUID: read, not believed.
    const notRfc = encodeShortUuid(parseUuid('01563df3-6481-d676-4c61-efb99302bd5b'));
    const d = shortuuid.decode(notRfc, { now: NOW });
    assert.equal(d.valid, true);
    assert.equal(d.plausible, false);
    assert.equal(shortuuid.decode(encodeShortUuid(new Uint8Array(16)), { now: NOW }).plausible, true, 'Nil');
  });
});

describe('Uuid25 (uuid25 0.1.5)', () => {
  it("reads the package README's examples", () => {
    // uuid25/javascript README.md: 8da942a4-… <-> 8dx554y5rzerz1syhqsvsdw8t, e7a1d63b-… <-> dpoadk8izg9y4tte7vy1xt94o.
    assert.equal(decodeUuid25('8dx554y5rzerz1syhqsvsdw8t').fields.uuid, '8da942a4-1fbe-4ca6-852c-95c473229c7d');
    assert.equal(decodeUuid25('DPOADK8IZG9Y4TTE7VY1XT94O').fields.uuid, 'e7a1d63b-7117-4423-8988-afcf12161878');
    assert.equal(encodeUuid25(new Uint8Array(16).fill(0xff)), 'f5lxx1zz5pnorynqglhzmsp33');
    assert.equal(decodeUuid25('8dx554y5rzerz1syhqsvsdw8t').version, 4);
  });

  it('agrees with uuid25 on every 128-bit value, both ways and in either case', () => {
    agree(values(N), (b) => {
      const theirs = Uuid25.fromBytes(b).value;
      return diff('text', encodeUuid25(b), theirs) ?? diff('bytes', bytesToHex(decodeUuid25(theirs.toUpperCase()).bytes!), bytesToHex(Uuid25.parse(theirs).toBytes()))
        ?? diff('uuid', decodeUuid25(theirs).fields.uuid, Uuid25.parse(theirs).toHyphenated());
    });
  });

  it('refuses what uuid25 refuses, with the reason in its own words', () => {
    assert.throws(() => decodeUuid25('f5lxx1zz5pnorynqglhzmsp34'), (e: Error) => code('OVERFLOW')(e) && /Uuid25/.test(e.message));
    assert.throws(() => Uuid25.parseUuid25('f5lxx1zz5pnorynqglhzmsp34'));
    assert.throws(() => decodeUuid25('8dx554y5rzerz1syhqsvsdw8'), code('INVALID_LENGTH'));
    assert.throws(() => decodeUuid25('8dx554y5rzerz1syhqsvsdw8_'), code('INVALID_CHARACTER'));
  });

  it('is read only when named or labelled: its text is also a SCRU128 spelling', () => {
    assert.ok(uuid25.shapes.every((s) => s.asked));
    const hit = uuid25.scan![0]!.find(
      { start: 8, end: 33, or: 0, and: 0, lastUnderscore: -1 },
      { text: 'uuid25: 8dx554y5rzerz1syhqsvsdw8t', labelled: (start: number, re: RegExp) => re.test('uuid25: 8dx554y5rzerz1syhqsvsdw8t'.slice(0, start)) } as never,
    );
    assert.equal(hit?.decoded.fields.uuid, '8da942a4-1fbe-4ca6-852c-95c473229c7d');
  });
});
