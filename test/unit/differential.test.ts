// Our codecs against the reference libraries on thousands of random IDs in both directions:
// each check counts disagreements and the test asserts there are none, showing a few if not.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { ObjectId } from 'bson';
import KSUID from 'ksuid';
import { TypeID } from 'typeid-js';
import { decodeTime, isValid as ulidIsValid, monotonicFactory, ulid, ulidToUUID, uuidToULID } from 'ulid';
import * as uuidLib from 'uuid';
import { bytesToHex } from '../../src/core/bytes';
import { encodeKsuid, isKsuid, KsuidGenerator, parseKsuid } from '../../src/core/formats/ksuid';
import { encodeObjectId, isObjectId, ObjectIdGenerator, parseObjectId } from '../../src/core/formats/objectid';
import { encodeTypeId, parseTypeId } from '../../src/core/formats/typeid';
import { encodeUlid, isUlid, parseUlid, UlidGenerator } from '../../src/core/formats/ulid';
import { formatUuid, isUuid, NAMESPACES, parseUuid, uuidV3, uuidV5, uuidVersion, UuidGenerator, v1ToV6, v6ToV1 } from '../../src/core/formats/uuid/codec';
import { md5 } from '../../src/core/md5';
import { sha1 } from '../../src/core/sha1';
import { IdError } from '../../src/core/types';
import { decodeKsuid, decodeObjectId, decodeTypeId, decodeUlid, decodeUuid } from '../../src/core';

const N = 2000;
const rand = (n: number) => crypto.getRandomValues(new Uint8Array(n));

function agree<T>(inputs: T[], check: (x: T) => string | undefined): void {
  const bad: string[] = [];
  for (const x of inputs) {
    let problem: string | undefined;
    try {
      problem = check(x);
    } catch (e) {
      problem = `threw ${String(e)}`;
    }
    if (problem !== undefined) bad.push(`${String(x)}: ${problem}`);
  }
  assert.equal(bad.length, 0, `${bad.length} of ${inputs.length} disagree, e.g.\n${bad.slice(0, 5).join('\n')}`);
}
const diff = (what: string, ours: unknown, theirs: unknown) => (ours === theirs ? undefined : `${what}: ours ${String(ours)}, theirs ${String(theirs)}`);
const times = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('differential: ulid package', () => {
  it('agrees on time, UUID form and validity of its own ULIDs', () => {
    // Plain ulid() draws randomness per character and is very slow, so a few of those and
    // the rest from the monotonic factory at ascending random times.
    const mono = monotonicFactory();
    const seeds = times(N).map(() => Math.floor(Math.random() * 2 ** 48)).sort((a, b) => a - b);
    const ids = [...times(20).map(() => ulid()), ...seeds.map((t) => mono(t))];
    agree(ids, (id) =>
      diff('time', decodeUlid(id).unixMs, decodeTime(id)) ??
      diff('uuid', formatUuid(parseUlid(id)), ulidToUUID(id).toLowerCase()) ??
      diff('encode', encodeUlid(parseUlid(id.toLowerCase())), id) ??
      diff('valid', isUlid(id), ulidIsValid(id)));
  });

  it('reads our ULIDs and maps random UUIDs to the same ULIDs', () => {
    const ours = new UlidGenerator().batch(N / 2);
    agree(ours, (id) => diff('valid', ulidIsValid(id), true) ?? diff('time', decodeTime(id), decodeUlid(id).unixMs));
    agree(times(N / 2).map(() => formatUuid(rand(16))), (u) => diff('ulid', encodeUlid(parseUuid(u)), uuidToULID(u)));
  });
});

describe('differential: uuid package', () => {
  const versions = [1, 3, 4, 5, 6, 7, 8];
  const randomUuid = (i: number) => {
    const b = rand(16);
    b[6] = (versions[i % versions.length]! << 4) | (b[6]! & 0x0f);
    b[8] = 0x80 | (b[8]! & 0x3f);
    return formatUuid(b);
  };

  it('agrees on bytes, version and validity for random UUIDs of every version', () => {
    agree(times(N).map(randomUuid), (u) =>
      diff('bytes', bytesToHex(parseUuid(u.toUpperCase())), bytesToHex(uuidLib.parse(u))) ??
      diff('format', formatUuid(uuidLib.parse(u)), uuidLib.stringify(parseUuid(u))) ??
      diff('version', decodeUuid(u).version, uuidLib.version(u)) ??
      diff('valid', isUuid(u), uuidLib.validate(u)));
  });

  it('agrees on v1 <-> v6 for random v1 and v6', () => {
    const b = (v: number) => times(N / 2).map(() => { const x = rand(16); x[6] = (v << 4) | (x[6]! & 15); x[8] = 0x80 | (x[8]! & 0x3f); return formatUuid(x); });
    agree(b(1), (u) => diff('v6', formatUuid(v1ToV6(parseUuid(u))), uuidLib.v1ToV6(u)));
    agree(b(6), (u) => diff('v1', formatUuid(v6ToV1(parseUuid(u))), uuidLib.v6ToV1(u)));
  });

  it('reads the times of its v1/v6/v7 as we do, and validates ours', () => {
    const msecs = () => Math.floor(Math.random() * 2 ** 41);
    const theirs = times(N / 2).map((i) => {
      const t = msecs();
      return [i % 3 === 0 ? uuidLib.v1({ msecs: t }) : i % 3 === 1 ? uuidLib.v6({ msecs: t }) : uuidLib.v7({ msecs: t }), t] as const;
    });
    agree(theirs, ([u, t]) => diff('time', decodeUuid(u).unixMs, t));
    const g = new UuidGenerator();
    const ours = times(N / 2).map((i) => [[g.v1(), 1], [g.v4(), 4], [g.v6(), 6], [g.v7(), 7]][i % 4]! as [string, number]);
    agree(ours, ([u, v]) => diff('valid', uuidLib.validate(u), true) ?? diff('version', uuidLib.version(u), v) ?? diff('version', uuidVersion(parseUuid(u)), v));
  });
});

describe('differential: name-based UUIDs (uuid package, node:crypto)', () => {
  // Names of every kind: empty, ASCII, multi-byte, astral (surrogate pairs), and long enough to
  // take the hashes across several 64-byte blocks and every padding case (55, 56, 64 bytes).
  const pieces = ['', 'a', 'www.example.com', 'é', '日本', '😀', '\u0000', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64)];
  const randomName = () => {
    let s = '';
    for (let k = Math.floor(Math.random() * 6); k > 0; k--) s += pieces[Math.floor(Math.random() * pieces.length)]!;
    for (let k = Math.floor(Math.random() * 40); k > 0; k--) s += String.fromCodePoint(Math.floor(Math.random() * 0xd7ff) + 1);
    return s;
  };
  const namespaces = ['dns', 'url', 'oid', 'x500', ...times(8).map(() => formatUuid(rand(16)))];
  const inputs = times(N).map((i) => [namespaces[i % namespaces.length]!, randomName()] as const);

  it('v3 and v5 agree with the uuid package for random names and namespaces', () => {
    // Bytes by Buffer: the package's own parse refuses the non-RFC namespaces RFC 9562 allows.
    const nsBytes = (ns: string) => new Uint8Array(Buffer.from((Object.hasOwn(NAMESPACES, ns) ? (NAMESPACES as Record<string, string>)[ns]! : ns).replaceAll('-', ''), 'hex'));
    agree(inputs, ([ns, name]) =>
      diff('v3', uuidV3(ns, name), uuidLib.v3(name, nsBytes(ns))) ??
      diff('v5', uuidV5(ns, name), uuidLib.v5(name, nsBytes(ns))));
  });

  it('sha1 and md5 agree with node:crypto on random bytes of every length to 300', () => {
    agree(times(301), (n) => {
      const b = rand(n);
      return diff('sha1', bytesToHex(sha1(b)), createHash('sha1').update(b).digest('hex')) ??
        diff('md5', bytesToHex(md5(b)), createHash('md5').update(b).digest('hex'));
    });
  });

  it('refuses a name with a lone surrogate, which UTF-8 cannot hold, instead of hashing U+FFFD', () => {
    for (const name of ['\ud800', 'a\udc00b', 'x\ud83d', '\ude00y']) {
      assert.throws(() => uuidV5('dns', name), (e) => e instanceof IdError && e.code === 'INVALID_ARGUMENT' && /lone UTF-16 surrogate/.test(e.message), JSON.stringify(name));
      assert.throws(() => uuidV3('dns', name), (e) => e instanceof IdError && e.code === 'INVALID_ARGUMENT', JSON.stringify(name));
    }
    assert.equal(uuidV5('dns', '\ud83d\ude00'), uuidLib.v5('😀', uuidLib.v5.DNS));
  });
});

describe('differential: bson ObjectId', () => {
  it('agrees on hex, time and validity both ways', () => {
    const theirs = [
      ...times(N / 4).map(() => new ObjectId().toHexString()),
      ...times(N / 4).map(() => new ObjectId(rand(12)).toHexString()),
    ];
    const ours = new ObjectIdGenerator().batch(N / 2);
    agree([...theirs, ...ours], (h) => {
      const o = new ObjectId(h);
      return diff('time', decodeObjectId(h.toUpperCase()).unixMs, o.getTimestamp().getTime()) ??
        diff('hex', encodeObjectId(parseObjectId(h)), o.toHexString()) ??
        diff('valid', isObjectId(h), ObjectId.isValid(h));
    });
  });
});

describe('differential: ksuid package', () => {
  it('agrees on text, time and payload both ways', () => {
    const theirs = times(N / 2).map(() => KSUID.randomSync(1400000000000 + Math.floor(Math.random() * 2 ** 32) * 1000).string);
    const ours = new KsuidGenerator().batch(N / 4);
    const raw = times(N / 4).map(() => encodeKsuid(rand(20)));
    agree([...theirs, ...ours, ...raw], (s) => {
      const k = KSUID.parse(s);
      const d = decodeKsuid(s);
      return diff('time', d.unixMs, k.date.getTime()) ??
        diff('payload', d.fields.payload, k.payload.toString('hex').toUpperCase()) ??
        diff('bytes', bytesToHex(parseKsuid(s)), k.raw.toString('hex')) ??
        diff('encode', encodeKsuid(new Uint8Array(k.raw)), s) ??
        diff('valid', isKsuid(s), true);
    });
  });
});

describe('differential: typeid-js', () => {
  // typeid-js's toUUID() insists on an RFC version/variant, so raw bytes are compared instead.
  it('agrees on prefix, UUID and text both ways', () => {
    const prefixes = ['', 'user', 'order_item', 'a'];
    const theirs = times(N / 2).map((i) => TypeID.fromUUID(prefixes[i % 4]!, formatUuid(rand(16))).toString());
    const g = new UuidGenerator();
    const ours = times(N / 2).map((i) => encodeTypeId(prefixes[i % 4]!, parseUuid(g.v7())));
    agree([...theirs, ...ours], (s) => {
      const t = TypeID.fromString(s);
      const p = parseTypeId(s);
      return diff('prefix', p.prefix, t.getType()) ??
        diff('uuid', bytesToHex(p.bytes), bytesToHex(t.toUUIDBytes())) ??
        diff('uuid field', decodeTypeId(s).fields.uuid, formatUuid(t.toUUIDBytes())) ??
        diff('encode', encodeTypeId(t.getType(), t.toUUIDBytes()), s) ??
        diff('lib encode', TypeID.fromUUIDBytes(p.prefix, p.bytes).toString(), s);
    });
  });
});
