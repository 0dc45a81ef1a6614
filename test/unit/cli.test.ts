import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EventEmitter } from 'node:events';
import { NOW, chunked, run } from './cliRun';
import { main, type CliIo } from '../../src/cli/main';
import { writeWaiting, type DrainingStream } from '../../src/cli/drain';
import { VECTORS } from './helpers';
import { FORMATS } from '../../src/core';
import { CUID_SPEC, SCRU128_SPEC, ULID_MAX, XID_SPEC, XRAY_SPEC } from '../shared/vectors';

async function json(argv: string[], stdin = ''): Promise<any> {
  const r = await run(argv, stdin);
  return JSON.parse(r.out);
}

const lines = (text: string): string[] => text.split('\n').filter((l) => l !== '');

const ULID = VECTORS.ULID;
const ULID_AS_UUID = VECTORS.ULID_AS_UUID;
const DISCORD = VECTORS.DISCORD;
const UUID_V1 = 'C232AB00-9414-11EC-B3C8-9F6BDECED846';
const UUID_V6 = '1EC9414C-232A-6B00-B3C8-9F6BDECED846';
const UUID_V7 = '017F22E2-79B0-7CC3-98C4-DC0C0C07398F';
const KSUID = VECTORS.KSUID;
const OBJECT_ID = VECTORS.OBJECT_ID;
const TYPEID = VECTORS.TYPEID;
const TYPEID_UUID = VECTORS.TYPEID_UUID;

describe('idsmith CLI', () => {
  describe('inspect --json', () => {
    it('decodes the ULID spec example', async () => {
      const [d] = await json(['inspect', '--json', ULID]);
      assert.equal(d.input, ULID);
      assert.equal(d.kind, 'ulid');
      assert.equal(d.valid, true);
      assert.equal(d.time, '2016-07-30T22:36:16.385Z');
      assert.equal(d.unixMs, 1469918176385);
    });

    it('reads the Discord example with --epoch discord', async () => {
      const r = await run(['inspect', '--json', '--epoch', 'discord', DISCORD]);
      assert.equal(r.code, 0);
      const [d] = JSON.parse(r.out);
      assert.equal(d.kind, 'snowflake');
      assert.equal(d.time, '2016-04-30T11:18:25.796Z');
      assert.equal(d.unixMs, 1462015105796);
      assert.equal(d.fields.workerId, 1);
      assert.equal(d.fields.processId, 0);
      assert.equal(d.fields.sequence, 7);
    });

    it('lists every preset reading of a snowflake without --epoch', async () => {
      const [d] = await json(['inspect', '--json', DISCORD]);
      assert.equal(d.kind, 'snowflake');
      const epochs = d.candidates.map((c: any) => c.epoch).sort();
      assert.deepEqual(epochs, ['discord', 'instagram', 'mastodon', 'sonyflake', 'twitter']);
      const discord = d.candidates.find((c: any) => c.epoch === 'discord');
      assert.equal(discord.time, '2016-04-30T11:18:25.796Z');
      assert.equal(discord.fields.sequence, 7);
    });

    it('reads --epoch auto as no epoch, like the editor setting', async () => {
      const [auto] = await json(['inspect', '--json', '--epoch', 'auto', DISCORD]);
      const [none] = await json(['inspect', '--json', DISCORD]);
      assert.deepEqual(auto, none);
    });

    it('reads --epoch AUTO, Auto and " auto " as auto too: one epoch parser, case-insensitive like presets', async () => {
      const [none] = await json(['inspect', '--json', DISCORD]);
      for (const spelling of ['AUTO', 'Auto', ' auto ']) {
        const r = await run(['inspect', '--json', '--epoch', spelling, DISCORD]);
        assert.equal(r.code, 0, `--epoch ${JSON.stringify(spelling)}: ${r.err}`);
        assert.deepEqual(JSON.parse(r.out)[0], none, spelling);
      }
      const made = await run(['new', 'snowflake', '--epoch', 'AUTO', '--time', '2016-04-30T11:18:25.796Z']);
      assert.equal(made.code, 0, made.err);
      const [twitter] = await json(['inspect', '--json', '--epoch', 'twitter', made.out.trim()]);
      assert.equal(twitter.time, '2016-04-30T11:18:25.796Z', 'auto generates Twitter snowflakes, as with no --epoch');
    });

    it('accepts a custom epoch in milliseconds', async () => {
      const [d] = await json(['inspect', '--json', '--epoch', '1420070400000', DISCORD]);
      // A custom epoch uses the Twitter layout, so the time matches Discord's and the fields differ.
      assert.equal(d.time, '2016-04-30T11:18:25.796Z');
    });

    it('decodes the RFC 9562 v1, v6 and v7 vectors', async () => {
      const [v1, v6, v7] = await json(['inspect', '--json', UUID_V1, UUID_V6, UUID_V7]);
      for (const d of [v1, v6, v7]) {
        assert.equal(d.kind, 'uuid');
        assert.equal(d.variant, 'rfc9562');
        assert.equal(d.time, '2022-02-22T19:22:22.000Z');
      }
      assert.deepEqual([v1.version, v6.version, v7.version], [1, 6, 7]);
      assert.equal(v1.fields.clockSeq, 0x33c8);
      assert.equal(v6.fields.clockSeq, 0x33c8);
    });

    it('decodes the KSUID, ObjectId and TypeID examples', async () => {
      const [k, o, t] = await json(['inspect', '--json', KSUID, OBJECT_ID, TYPEID]);
      assert.equal(k.kind, 'ksuid');
      assert.equal(k.time, '2017-10-10T04:00:47.000Z');
      assert.equal(String(k.fields.payload).toUpperCase(), 'B5A1CD34B5F99D1154FB6853345C9735');
      assert.equal(o.kind, 'objectid');
      assert.equal(o.time, '2012-10-17T21:13:27.000Z');
      assert.equal(t.kind, 'typeid');
      assert.equal(t.fields.prefix, 'prefix');
    });

    it('names the TSID, XID, TID and SCRU128 examples by kind, with their time and fields', async () => {
      const [tsid, xid, tid, scru] = await json(['inspect', '--json', '0AWE5HZP3SKTK', XID_SPEC, '3jzfcijpj2z2a', SCRU128_SPEC]);
      assert.deepEqual([tsid.kind, xid.kind, tid.kind, scru.kind], ['tsid', 'xid', 'tid', 'scru128']);
      assert.equal(tsid.time, '2022-12-18T13:47:17.296Z');
      assert.equal(xid.fields.pid, 58408);
      assert.equal(tid.timePrecise, '2023-06-30T15:03:01.887007Z');
      assert.equal(scru.fields.entropy, 'f90dfec1');
    });

    it('keeps input order, prints invalid inputs too, and exits 1 naming them', async () => {
      const r = await run(['inspect', '--json', ULID, 'not-an-id', ULID_MAX, KSUID]);
      assert.equal(r.code, 1);
      const out = JSON.parse(r.out);
      assert.deepEqual(out.map((d: any) => d.input), [ULID, 'not-an-id', ULID_MAX, KSUID]);
      assert.deepEqual(out.map((d: any) => d.valid), [true, false, true, true]);
      assert.equal(out[1].kind, 'unknown');
      assert.equal(out[1].time, undefined);
      assert.ok(out[1].error.length > 10, 'a readable error message');
      assert.match(r.err, /not-an-id/);
      assert.doesNotMatch(r.err, new RegExp(ULID));
    });

    it('decodes CUID, CUID2, Firebase push ID, X-Ray and traceparent examples (issue 12)', async () => {
      // A push ID starts with `-`: after `--` it is an argument, not an option.
      const [c, c2, p, x, t] = await json(['inspect', '--json', '--', CUID_SPEC, 'tz4a98xxat96iws9zmbrgj3a',
        '-JiEOUc-abcdefABCDEF', '1-58406520-a006649127e371903a2de979', '00-6745a1b200000000a1b2c3d4e5f60718-b7ad6b7169203331-01']);
      assert.deepEqual([c.kind, c2.kind, p.kind, x.kind, t.kind], ['cuid', 'cuid2', 'pushid', 'xray', 'traceparent']);
      assert.equal(c.time, '2018-08-28T01:59:12.101Z');
      assert.equal(c2.time, undefined);
      assert.equal(p.unixMs, 1424040000000);
      assert.equal(x.time, '2016-12-01T18:00:00.000Z');
      assert.equal(t.fields.parentId, 'b7ad6b7169203331');
      assert.equal(t.unixMs, 0x6745a1b2 * 1000);
    });

    it('rejects a ULID that overflows 128 bits', async () => {
      const [d] = await json(['inspect', '--json', '8ZZZZZZZZZZZZZZZZZZZZZZZZZ']);
      assert.equal(d.valid, false);
    });

    it('reads stdin one ID per line when no IDs are given, skipping blanks and CRs', async () => {
      const r = await run(['inspect', '--json'], `${ULID}\r\n\r\n  ${OBJECT_ID}\n\n`);
      assert.equal(r.code, 0);
      assert.deepEqual(JSON.parse(r.out).map((d: any) => d.input), [ULID, OBJECT_ID]);
    });
  });

  describe('inspect cards', () => {
    it('prints one readable card per ID', async () => {
      const r = await run(['inspect', ULID, DISCORD]);
      assert.equal(r.code, 0);
      assert.match(r.out, /^01ARYZ6S41TSV4RRFFQ69G5FAV\n/);
      assert.match(r.out, /ulid/);
      assert.match(r.out, /2016-07-30T22:36:16\.385Z/);
      assert.match(r.out, /discord\s+2016-04-30T11:18:25\.796Z/);
    });

    it('says a reserved version nibble is reserved, while --json keeps the number', async () => {
      const guid = '6f9619ff-8b86-d011-b42d-00cf4fc964ff'; // version nibble 13, RFC variant
      const r = await run(['inspect', guid]);
      assert.equal(r.code, 0);
      assert.match(r.out, /\n {2}version +13 \(reserved: RFC 9562 defines versions 1 to 8\)\n/);
      assert.equal((await json(['inspect', '--json', guid]))[0].version, 13);
      assert.match((await run(['inspect', UUID_V7])).out, /\n {2}version +7\n/);
    });

    it('UUID v2: the time to the minute as the hover shows it (it printed the window\'s start to the ms), none when implausible; --json and --from as they were', async () => {
      const real = '000003e8-cbb9-21ea-b200-00163e990bdb';
      const hashed = 'a1b2c3d4-e5f6-2abc-8def-0123456789ab'; // version 2 bits on a hash: dated 4034
      const r = await run(['inspect', real, hashed]);
      assert.equal(r.code, 0);
      const [card, other] = r.out.split('\n\n');
      assert.match(card!, /\n {2}time +≈ 2020-07-22 01:20Z, to about 7 minutes {2}\(unix ms 1595380601760, the window's start\)\n/);
      assert.doesNotMatch(card!, /2020-07-22T01:16:41\.760Z/);
      assert.doesNotMatch(other!, /\n {2}time |4034-09-09T/);
      assert.match(other!, /\n {2}note +Its time bits read as 4034-09-09, a date no such ID was made at/);
      assert.match((await run(['inspect', '--from', 'uuid', real])).out, /time +≈ 2020-07-22 01:20Z, to about 7 minutes/);
      const [d] = await json(['inspect', '--json', real]);
      assert.equal(d.time, '2020-07-22T01:16:41.760Z');
      assert.equal(d.fields.timeWindow, '429.4967296 s');
      assert.equal('timeWindowMs' in d, false);
    });
  });

  describe('convert', () => {
    it('converts the ULID example to its UUID and back', async () => {
      assert.equal((await run(['convert', '--to', 'uuid', ULID])).out, `${ULID_AS_UUID}\n`);
      assert.equal((await run(['convert', '--to', 'ulid', ULID_AS_UUID])).out, `${ULID}\n`);
    });

    it('round-trips through hex, int, base64, base64url and typeid', async () => {
      for (const target of ['hex', 'int', 'base64', 'base64url', 'typeid:user']) {
        const there = lines((await run(['convert', '--to', target, ULID])).out);
        assert.equal(there.length, 1, target);
        const back = await run(['convert', '--to', 'ulid', there[0]!]);
        assert.equal(back.out, `${ULID}\n`, `${target}: ${there[0]}`);
      }
    });

    it('converts a TSID to its integer and hex and back, an XID to the ObjectId of its bytes and back, SCRU128 like a UUID', async () => {
      assert.equal((await run(['convert', '--to', 'int', '0AWE5HZP3SKTK'])).out, '392311864492347219\n');
      assert.equal((await run(['convert', '--to', 'hex', '0AWE5HZP3SKTK'])).out, '0571c58fec3ccf53\n');
      assert.equal((await run(['convert', '--to', 'tsid', '392311864492347219'])).out, '0AWE5HZP3SKTK\n');
      assert.equal((await run(['convert', '--to', 'objectid', XID_SPEC])).out, '4d88e15b60f486e428412dc9\n');
      assert.equal((await run(['convert', '--to', 'xid', '4d88e15b60f486e428412dc9'])).out, '9m4e2mr0ui3e8a215n4g\n');
      assert.equal((await run(['convert', '--to', 'scru128', '017fa1d8-beb6-2508-7798-d410f90dfec1'])).out, '036z951mhjikzik2gsl81gr7l\n');
      assert.equal((await run(['convert', '--to', 'uuid', SCRU128_SPEC])).out, '017fa1d8-beb6-2508-7798-d410f90dfec1\n');
      const r = await run(['convert', '--to', 'uuid', '0AWE5HZP3SKTK']);
      assert.equal(r.code, 1);
      assert.match(r.err, /64-bit TSID, which has no "uuid" form; it converts to hex, int/);
    });

    it('says a ULID or UUID is too wide for --to tsid, xid, objectid, flakeid or simpleflake, not that the target is unknown', async () => {
      for (const [target, bits] of [['tsid', 64], ['xid', 96], ['objectid', 96], ['flakeid', 64], ['simpleflake', 64]] as const) {
        const r = await run(['convert', '--to', target], `${ULID}\n${UUID_V7}\n0AWE5HZP3SKTK\n`);
        assert.equal(r.code, 1, target);
        assert.doesNotMatch(r.err, /Unknown conversion target/, target);
        assert.match(r.err, new RegExp(`'${ULID}' to ${target}: This reads as a 128-bit ULID, too wide for "${target}" \\(${bits} bits\\) to hold without loss; it converts to uuid, `), target);
        assert.match(r.err, new RegExp(`'${UUID_V7}' to ${target}: This reads as a 128-bit UUID, too wide for "${target}"`), target);
      }
    });

    it('converts the TypeID example to its UUID', async () => {
      assert.equal((await run(['convert', '--to', 'uuid', TYPEID])).out, `${TYPEID_UUID}\n`);
    });

    it('reshuffles v1 to v6 and back (RFC 9562 vectors)', async () => {
      assert.equal((await run(['convert', '--to', 'uuidv6', UUID_V1])).out, `${UUID_V6.toLowerCase()}\n`);
      assert.equal((await run(['convert', '--to', 'uuidv1', UUID_V6])).out, `${UUID_V1.toLowerCase()}\n`);
    });

    it('reads stdin, prints the convertible lines and exits 1 naming the rest', async () => {
      const r = await run(['convert', '--to', 'uuid'], `${ULID}\nnope\n${TYPEID}\n`);
      assert.equal(r.code, 1);
      assert.deepEqual(lines(r.out), [ULID_AS_UUID, TYPEID_UUID]);
      assert.match(r.err, /'nope'/);
    });

    it('exits 1 when v1 -> v6 is asked of a v4 UUID', async () => {
      const r = await run(['convert', '--to', 'uuidv6', '9b2d6f4e-3c1a-4d2b-8e7f-0a1b2c3d4e5f']);
      assert.equal(r.code, 1);
      assert.equal(r.out, '');
    });

    it('converts X-Ray and traceparent trace ids to 32 hex, X-Ray and Datadog decimal', async () => {
      const XRAY = XRAY_SPEC;
      assert.equal((await run(['convert', '--to', 'hex', XRAY])).out, '5759e988bd862e3fe1be46a994272793\n');
      assert.equal((await run(['convert', '--to', 'xray', '5759e988bd862e3fe1be46a994272793'])).out, `${XRAY}\n`);
      assert.equal((await run(['convert', '--to', 'datadog', XRAY])).out, '16266516598257821587\n');
      assert.equal((await run(['convert', '--to', 'xray', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'])).out,
        '1-0af76519-16cd43dd8448eb211c80319c\n');
    });

    it('writes and reads .NET GUID byte order only when named', async () => {
      const G = '00112233-4455-6677-8899-aabbccddeeff';
      assert.equal((await run(['convert', '--to', 'dotnet-hex', G])).out, '33221100554477668899aabbccddeeff\n');
      assert.equal((await run(['convert', '--to', 'dotnet-base64', G])).out, 'MyIRAFVEd2aImaq7zN3u/w==\n');
      assert.equal((await run(['convert', '--from', 'dotnet', '--to', 'uuid', '33221100554477668899aabbccddeeff', 'MyIRAFVEd2aImaq7zN3u/w=='])).out, `${G}\n${G}\n`);
      assert.equal((await run(['convert', '--to', 'uuid', '33221100554477668899aabbccddeeff'])).out, '33221100-5544-7766-8899-aabbccddeeff\n');
      assert.equal((await run(['convert', '--from', 'dotnetx', '--to', 'uuid', G])).code, 2);
      const [d] = await json(['inspect', '--json', '--from', 'dotnet', 'MyIRAFVEd2aImaq7zN3u/w==']);
      assert.deepEqual([d.kind, d.input, d.fields.uuid], ['uuid', 'MyIRAFVEd2aImaq7zN3u/w==', G]);
      assert.equal((await run(['inspect', '--from', 'hex', G])).code, 2);
    });

    it('treats an unknown target or a bad TypeID prefix as a usage error', async () => {
      assert.equal((await run(['convert', '--to', 'base32', ULID])).code, 2);
      assert.equal((await run(['convert', '--to', 'typeid:Bad', ULID])).code, 2);
      assert.equal((await run(['convert', ULID])).code, 2);
    });
  });

  describe('new', () => {
    it('sqids and hashids count on past each chunk of 10,000: every ID distinct, the 10,001st of start + 10,000', async () => {
      for (const kind of ['sqids', 'hashids']) {
        const ids = lines((await run(['new', kind, '-n', '20001', '--start', '7'])).out);
        assert.equal(new Set(ids).size, 20_001, kind);
        const one = lines((await run(['new', kind, '--start', '10007'])).out);
        assert.deepEqual([ids[10_000]], one, kind);
      }
    });

    const timeOrdered = ['ulid', 'uuidv6', 'uuidv7', 'snowflake', 'ksuid', 'objectid', 'typeid', 'tsid', 'xid', 'tid'];
    for (const kind of [...timeOrdered, 'uuidv1']) {
      it(`prints 1000 distinct ${kind} IDs${timeOrdered.includes(kind) ? ', strictly increasing' : ''}`, async () => {
        // A prefix-less TypeID is indistinguishable from a lower-case ULID, so name one.
        const r = await run(['new', kind, '-n', '1000', ...(kind === 'typeid' ? ['--prefix', 'user'] : [])]);
        assert.equal(r.code, 0, r.err);
        const ids = lines(r.out);
        assert.equal(ids.length, 1000);
        assert.equal(new Set(ids).size, 1000);
        const inspected = await json(['inspect', '--json', '--epoch', 'twitter', ...ids.slice(0, 3)]);
        const expectedKind = kind.startsWith('uuid') ? 'uuid' : kind;
        for (const d of inspected) assert.equal(d.kind, expectedKind, d.input);
        if (!timeOrdered.includes(kind)) return;
        for (let i = 1; i < ids.length; i++) {
          const increasing = kind === 'snowflake' ? BigInt(ids[i]!) > BigInt(ids[i - 1]!) : ids[i]! > ids[i - 1]!;
          assert.ok(increasing, `${ids[i - 1]} < ${ids[i]}`);
        }
      });
    }

    it('stays increasing across separate runs', async () => {
      const a = lines((await run(['new', 'ulid', '-n', '50'])).out);
      const b = lines((await run(['new', 'ulid', '-n', '50'])).out);
      assert.ok(b[0]! > a[49]!);
    });

    it('prints random kinds in their canonical form', async () => {
      const uuid = lines((await run(['new', 'uuid', '-n', '20'])).out);
      for (const u of uuid) assert.match(u, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const nano = lines((await run(['new', 'nanoid', '-n', '20', '--size', '10'])).out);
      for (const n of nano) assert.match(n, /^[A-Za-z0-9_-]{10}$/);
      const cuid2 = lines((await run(['new', 'cuid2', '-n', '1000'])).out);
      assert.equal(new Set(cuid2).size, 1000);
      for (const c of cuid2) assert.match(c, /^[a-z][0-9a-z]{23}$/);
      for (const c of lines((await run(['new', 'cuid2', '-n', '20', '--size', '32'])).out)) assert.match(c, /^[a-z][0-9a-z]{31}$/);
      // Outside the kind's own bounds (2-32): a usage error, as for any flag value out of range.
      assert.equal((await run(['new', 'cuid2', '--size', '33'])).code, 2);
      assert.equal((await run(['new', 'cuid2', '--time', 'now'])).code, 2);
    });

    it('makes name-based UUIDs (RFC 9562 vectors)', async () => {
      const args = ['--namespace', 'dns', '--name', 'www.example.com'];
      assert.equal((await run(['new', 'uuidv3', ...args])).out, '5df41881-3aed-3515-88a7-2f4a814cf09e\n');
      assert.equal((await run(['new', 'uuidv5', ...args])).out, '2ed6657d-e927-568b-95e1-2665a8aea6a2\n');
    });

    it('honours --time, --epoch and --prefix', async () => {
      const ulid = (await run(['new', 'ulid', '--time', '2016-07-30T22:36:16.385Z'])).out.trim();
      assert.equal((await json(['inspect', '--json', ulid]))[0].unixMs, 1469918176385);
      const sf = (await run(['new', 'snowflake', '--epoch', 'discord', '--time', '2016-04-30T11:18:25.796Z'])).out.trim();
      assert.equal((await json(['inspect', '--json', '--epoch', 'discord', sf]))[0].time, '2016-04-30T11:18:25.796Z');
      const tid = (await run(['new', 'typeid', '--prefix', 'user'])).out.trim();
      assert.match(tid, /^user_[0-7][0-9a-hjkmnp-tv-z]{25}$/);
      const rel = (await run(['new', 'uuidv7', '--time', '-2h'])).out.trim();
      assert.equal((await json(['inspect', '--json', rel]))[0].unixMs, NOW - 2 * 3600_000);
    });

    it('exits 1 for a time the format cannot hold', async () => {
      const r = await run(['new', 'ksuid', '--time', '2000-01-01']);
      assert.equal(r.code, 1);
      assert.equal(r.out, '');
      assert.ok(r.err.length > 0);
    });

    it('treats unknown kinds, stray options and bad counts as usage errors', async () => {
      for (const argv of [
        ['new', 'guid'],
        ['new'],
        ['new', 'ulid', '--prefix', 'user'],
        ['new', 'uuidv4', '--time', 'now'],
        ['new', 'ulid', '-n'],
        ['new', 'ulid', '-n', '0'],
        ['new', 'ulid', '-n', 'ten'],
        ['new', 'ulid', '--time', 'yesterday-ish'],
        ['new', 'snowflake', '--epoch', 'myspace'],
        ['new', 'uuidv5', '--namespace', 'dns'],
        ['new', 'uuidv3', '--namespace', 'dns', '--name', 'x', '-n', '2'],
        ['new', 'ulid', '--frobnicate'],
      ]) {
        const r = await run(argv);
        assert.equal(r.code, 2, argv.join(' '));
        assert.equal(r.out, '', argv.join(' '));
        assert.match(r.err, /usage: idsmith new/, argv.join(' '));
      }
    });
  });

  describe('bounds', () => {
    it('gives ULID bounds whose times are the range ends', async () => {
      const b = await json(['bounds', 'ulid', '--from', '2016-07-30T22:36:16.385Z', '--to', '2016-07-31']);
      assert.ok(b.min < b.max);
      assert.ok(b.min.startsWith(b.prefix) && b.max.startsWith(b.prefix));
      const [lo, hi] = await json(['inspect', '--json', b.min, b.max]);
      assert.equal(lo.time, '2016-07-30T22:36:16.385Z');
      assert.equal(hi.time, '2016-07-31T23:59:59.999Z', 'a bare --to date is the whole day');
      assert.ok(ULID >= b.min && ULID <= b.max);
    });

    it('passes the snowflake epoch and TypeID prefix through', async () => {
      const sf = await json(['bounds', 'snowflake', '--epoch', 'discord', '--from', '2016-04-30T11:18:25.796Z']);
      assert.ok(BigInt(sf.min) <= BigInt(DISCORD) && BigInt(DISCORD) <= BigInt(sf.max));
      const tid = await json(['bounds', 'typeid', '--prefix', 'user', '--from', '2024-01-01']);
      assert.ok(tid.min.startsWith('user_'));
    });

    it('spells ULID and UUIDv7 bounds in the --case the IDs are stored in, as the editor does from the settings', async () => {
      const args = ['--from', '2024-03-10T12:34:56.789Z', '--to', '2024-03-20'];
      const up = await json(['bounds', 'ulid', ...args]);
      const low = await json(['bounds', 'ulid', '--case', 'lower', ...args]);
      assert.deepEqual([low.min, low.max, low.prefix], [up.min, up.max, up.prefix].map((t: string) => t.toLowerCase()));
      assert.notEqual(low.min, up.min);
      assert.deepEqual(low.window, up.window);
      const v7 = await json(['bounds', 'uuidv7', '--case', 'upper', ...args]);
      assert.match(v7.min, /^[0-9A-F]{8}-[0-9A-F]{4}-7[0-9A-F]{3}-8[0-9A-F]{3}-[0-9A-F]{12}$/);
      assert.equal((await run(['bounds', 'ksuid', '--case', 'lower', ...args])).code, 2);
      assert.equal((await run(['bounds', 'ulid', '--case', 'title', ...args])).code, 2);
    });

    it('treats a missing --from, a reversed range or an unknown kind as usage errors', async () => {
      assert.equal((await run(['bounds', 'ulid'])).code, 2);
      assert.equal((await run(['bounds', 'ulid', '--from', '2020-01-02', '--to', '2020-01-01'])).code, 2);
      assert.equal((await run(['bounds', 'nanoid', '--from', '2020-01-01'])).code, 2);
      // A bare decimal carries no epoch, so snowflake bounds without one would be a guess.
      assert.equal((await run(['bounds', 'snowflake', '--from', '2020-01-01'])).code, 2);
    });
  });

  describe('usage', () => {
    it('prints help for the CLI and every command', async () => {
      const top = await run(['--help']);
      assert.equal(top.code, 0);
      for (const c of ['inspect', 'convert', 'new', 'bounds']) {
        assert.match(top.out, new RegExp(`\\b${c}\\b`));
        const h = await run([c, '--help']);
        assert.equal(h.code, 0);
        assert.match(h.out, new RegExp(`^usage: idsmith ${c}`));
        assert.equal((await run([c, '-h'])).code, 0);
      }
    });

    it('names every format of the registry in the top help', async () => {
      // It used to name 7 of 17, from a list written by hand.
      const top = (await run(['--help'])).out.replace(/\s+/g, ' ');
      assert.match(top, new RegExp(`Formats \\(${FORMATS.length}\\):`));
      for (const f of FORMATS) assert.ok(top.includes(f.label), `${f.label} missing from idsmith --help`);
    });

    it('prints the package version', async () => {
      const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8'));
      assert.equal((await run(['--version'])).out, `${pkg.version}\n`);
    });

    it('exits 2 with a usage line for no command, unknown commands and unknown options', async () => {
      for (const argv of [[], ['frobnicate'], ['--frobnicate'], ['inspect', '--yaml', ULID]]) {
        const r = await run(argv);
        assert.equal(r.code, 2, argv.join(' '));
        assert.match(r.err, /usage: idsmith/);
      }
    });

    it('reads an ID that starts with a dash after --', async () => {
      const r = await run(['inspect', '--json', '--', '-not-an-option']);
      assert.equal(r.code, 1);
      assert.equal(JSON.parse(r.out)[0].input, '-not-an-option');
    });
  });

  describe('backpressure', () => {
    // A sink that says "wait" on every write: no command may write again before it is ready.
    async function slowSink(argv: string[], stdin: string): Promise<{ out: string; maxInFlight: number; writes: number }> {
      let out = '', inFlight = 0, maxInFlight = 0, writes = 0;
      const io: CliIo = {
        stdin: () => chunked(stdin),
        readFile: (path) => createReadStream(path),
        stdout: (t) => {
          out += typeof t === 'string' ? t : Buffer.from(t).toString('latin1');
          writes++;
          maxInFlight = Math.max(maxInFlight, ++inFlight);
          return new Promise<void>((resolve) => setTimeout(() => {
            inFlight--;
            resolve();
          }, 1));
        },
        stderr: () => undefined,
        now: () => NOW,
      };
      assert.equal(await main(argv, io), 0);
      return { out, maxInFlight, writes };
    }

    it('waits for every write before the next, in every streaming command', async () => {
      const ids = Array.from({ length: 30_000 }, (_, i) => `${ULID.slice(0, 20)}${String(i).padStart(6, '0')}`);
      const input = ids.join('\n') + '\n';
      for (const argv of [['new', 'ulid', '-n', '30000'], ['convert', '--to', 'uuid'], ['inspect', '--json'], ['scan', '--json'], ['scan', '--annotate'], ['sort']]) {
        const r = await slowSink(argv, input);
        assert.equal(r.maxInFlight, 1, argv.join(' '));
        assert.ok(r.writes > 2, `${argv.join(' ')}: ${r.writes} writes`);
        assert.equal(r.out.split('\n').length - 1 >= 30_000, true, argv.join(' '));
      }
    });

    // Both streams say "wait" on every write and record what arrives in order, as one terminal would show it.
    async function slowStreams(argv: string[], source: AsyncIterable<Uint8Array>): Promise<{ code: number; shown: { stream: 'out' | 'err'; text: string }[]; maxInFlight: number }> {
      const shown: { stream: 'out' | 'err'; text: string }[] = [];
      let inFlight = 0, maxInFlight = 0;
      const write = (stream: 'out' | 'err') => (t: string | Uint8Array): Promise<void> => {
        shown.push({ stream, text: typeof t === 'string' ? t : Buffer.from(t).toString('latin1') });
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        return new Promise<void>((resolve) => setImmediate(() => {
          inFlight--;
          resolve();
        }));
      };
      const io: CliIo = { stdin: () => source, readFile: (path) => createReadStream(path), stdout: write('out'), stderr: write('err'), now: () => NOW };
      return { code: await main(argv, io), shown, maxInFlight };
    }
    const text = (shown: { stream: 'out' | 'err'; text: string }[], stream: 'out' | 'err'): string => shown.filter((s) => s.stream === stream).map((s) => s.text).join('');

    it('waits for standard error as for standard output: a message per bad line never outruns a slow reader', async () => {
      const bad = Array.from({ length: 20_000 }, (_, i) => `zz${i}`);
      for (const [argv, input] of [[['inspect'], bad], [['convert', '--to', 'tsid'], bad.map(() => ULID)]] as const) {
        const r = await slowStreams([...argv], chunked(input.join('\n') + '\n'));
        const fast = await run([...argv], input.join('\n') + '\n');
        assert.equal(r.code, 1, argv.join(' '));
        assert.equal(r.maxInFlight, 1, `${argv.join(' ')}: ${r.maxInFlight} writes waiting at once`);
        assert.equal(text(r.shown, 'err'), fast.err, argv.join(' '));
        assert.equal(text(r.shown, 'out'), fast.out, argv.join(' '));
        // Batched: one write per line cost about 4 µs each.
        assert.ok(r.shown.filter((s) => s.stream === 'err').length < 200, `${argv.join(' ')}: ${r.shown.length} writes`);
      }
    });

    it('writes to a stream that asked to wait only after its drain, as src/cli.ts connects both streams', async () => {
      // A pipe with a 16 KB buffer that a reader empties on the next turn of the event loop.
      class FakePipe extends EventEmitter implements DrainingStream {
        text = '';
        waiting = false;
        early = 0; // writes made while waiting for 'drain'
        private buffered = 0;
        write(chunk: string | Uint8Array): boolean {
          if (this.waiting) this.early++;
          const t = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('latin1');
          this.text += t;
          this.buffered += t.length;
          if (this.buffered < 16384) return true;
          if (!this.waiting) {
            this.waiting = true;
            setImmediate(() => {
              this.buffered = 0;
              this.waiting = false;
              this.emit('drain');
            });
          }
          return false;
        }
      }
      const input = Array.from({ length: 20_000 }, (_, i) => (i % 3 === 0 ? ULID : `zz${i}`)).join('\n') + '\n';
      for (const argv of [['inspect'], ['convert', '--to', 'tsid'], ['convert', '--to', 'uuid']]) {
        const out = new FakePipe(), err = new FakePipe();
        const io: CliIo = { stdin: () => chunked(input), readFile: (path) => createReadStream(path), stdout: (t) => writeWaiting(out, t), stderr: (t) => writeWaiting(err, t), now: () => NOW };
        const fast = await run(argv, input);
        assert.equal(await main(argv, io), 1, argv.join(' '));
        assert.equal(err.early, 0, `${argv.join(' ')}: ${err.early} writes to standard error before its 'drain'`);
        assert.equal(out.early, 0, `${argv.join(' ')}: ${out.early} writes to standard output before its 'drain'`);
        assert.equal(err.text, fast.err, argv.join(' '));
        assert.equal(out.text, fast.out, argv.join(' '));
      }
    });

    it('shows a message about a line before the output of that line and after the output of earlier input', async () => {
      // Typed lines arrive one at a time: each message sits right before its own line's card.
      async function* typed(): AsyncGenerator<Uint8Array> {
        for (const l of [ULID, 'zz1', ULID, 'zz3']) yield Buffer.from(`${l}\n`);
      }
      const r = await slowStreams(['inspect'], typed());
      const order = r.shown.map((s) => (s.stream === 'err' ? `err ${/zz\d/.exec(s.text)?.[0]}` : `out ${s.text.includes(ULID) ? 'ULID' : /zz\d/.exec(s.text)?.[0]}`));
      assert.deepEqual(order, ['out ULID', 'err zz1', 'out zz1', 'out ULID', 'err zz3', 'out zz3']);
      // Piped in 16 KB chunks: a message comes after the output of every line of earlier chunks.
      const lines = Array.from({ length: 6000 }, (_, i) => (i % 7 === 3 ? `zz${String(i).padStart(24, '0')}` : ULID));
      const piped = await slowStreams(['convert', '--to', 'uuid'], chunked(lines.join('\n') + '\n'));
      let outLines = 0;
      for (const s of piped.shown) {
        if (s.stream === 'out') {
          outLines += s.text.split('\n').length - 1;
          continue;
        }
        for (const m of s.text.matchAll(/zz(\d+)/g)) {
          const n = Number(m[1]);
          // Every line is 27 bytes: line i ends at byte 27i + 26, in chunk (27i + 26) >> 14.
          const chunk = (i: number): number => Math.floor((27 * i + 26) / 16384);
          const earlier = lines.filter((l, i) => l === ULID && chunk(i) < chunk(n)).length;
          const upTo = lines.slice(0, n).filter((l) => l === ULID).length;
          assert.ok(outLines >= earlier && outLines <= upTo, `message about line ${n} after ${outLines} results (${earlier} to ${upTo} expected)`);
        }
      }
    });
  });

  describe('input echoed back', () => {
    it('names --to, not --prefix, for a bad prefix in --to typeid:P', async () => {
      const r = await run(['convert', '--to', 'typeid:BAD', ULID]);
      assert.equal(r.code, 2);
      assert.match(r.err, /--to: /);
      assert.doesNotMatch(r.err, /--prefix/);
      const p = await run(['new', 'typeid', '--prefix', 'BAD']);
      assert.match(p.err, /--prefix: /);
    });

    it('quotes at most 80 characters of any input in a message, with its length', async () => {
      const long = 'x'.repeat(5000);
      for (const argv of [['inspect', long], ['convert', '--to', 'uuid', long], ['new', long], ['inspect', `--${long}`], [long]]) {
        const r = await run(argv);
        assert.ok(r.err.length < 2000, `${argv[0]}: ${r.err.length} characters on stderr`);
        assert.match(r.err, /5,00\d characters/, argv[0]);
      }
    });

    it('escapes C0, DEL, C1 and bidi controls in cards and messages', async () => {
      const hostile = '\x1b]0;PWNED\x07 \u202e \x9b \x7f';
      const r = await run(['inspect'], `${hostile}\n`);
      assert.equal(r.code, 1);
      assert.match(r.out, /\\x1b\]0;PWNED\\x07 \\u\{202e\} \\x9b \\x7f/);
      assert.doesNotMatch(r.out + r.err, /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202e]/);
    });

    it('escapes DEL, C1 and bidi characters in JSON, which JSON.stringify leaves raw', async () => {
      const r = await run(['inspect', '--json'], 'a\u202eb\x9b\n');
      assert.doesNotMatch(r.out, /[\x7f-\x9f\u202e]/);
      assert.equal(JSON.parse(r.out)[0].input, 'a\u202eb\x9b');
    });

    it('copies lines raw through scan --annotate and sort, but escapes them on a terminal', async () => {
      const input = `\x1b]0;PWNED\x07 ${ULID}\r\n`;
      assert.equal((await run(['scan', '--annotate'], input)).out, `\x1b]0;PWNED\x07 ${ULID} [2016-07-30T22:36:16.385Z]\r\n`);
      assert.equal((await run(['scan', '--annotate'], input, true)).out, `\\x1b]0;PWNED\\x07 ${ULID} [2016-07-30T22:36:16.385Z]\r\n`);
      assert.equal((await run(['sort'], input)).out, input);
      assert.equal((await run(['sort'], input, true)).out, `\\x1b]0;PWNED\\x07 ${ULID}\r\n`);
    });
  });

  describe('built dist/cli.js', () => {
    const root = join(__dirname, '../..');
    const cli = join(root, 'dist/cli.js');
    const spawn = (args: string[], input?: string) =>
      spawnSync(process.execPath, [cli, ...args], { input: input ?? '', encoding: 'utf8' });

    before(function () {
      this.timeout(120_000);
      execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
    });

    it('exits 0, 1 and 2 for valid input, invalid input and usage errors', () => {
      const ok = spawn(['inspect', '--json', ULID]);
      assert.equal(ok.status, 0, ok.stderr);
      assert.equal(JSON.parse(ok.stdout)[0].time, '2016-07-30T22:36:16.385Z');
      const bad = spawn(['inspect', 'zzz']);
      assert.equal(bad.status, 1);
      assert.match(bad.stderr, /zzz/);
      const usage = spawn(['frobnicate']);
      assert.equal(usage.status, 2);
      assert.match(usage.stderr, /usage: idsmith/);
    });

    it('reads IDs from stdin', () => {
      const r = spawn(['inspect', '--json', '--epoch', 'discord'], `${DISCORD}\r\n\r\n${ULID}\n`);
      assert.equal(r.status, 0, r.stderr);
      const [sf, ulid] = JSON.parse(r.stdout);
      assert.equal(sf.time, '2016-04-30T11:18:25.796Z');
      assert.equal(ulid.unixMs, 1469918176385);
    });

    it('pipes generated IDs into convert and back', () => {
      const made = spawn(['new', 'ulid', '-n', '1000']);
      assert.equal(made.status, 0, made.stderr);
      const uuids = spawn(['convert', '--to', 'uuid'], made.stdout);
      assert.equal(uuids.status, 0, uuids.stderr);
      const back = spawn(['convert', '--to', 'ulid'], uuids.stdout);
      assert.equal(back.stdout, made.stdout);
    });
  });
});
