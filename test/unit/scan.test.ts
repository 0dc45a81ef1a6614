import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { idAt, scan, type ScanOptions } from '../../src/core/scan';
import { SNOWFLAKE_PRESETS } from '../../src/core/formats/snowflake/layouts';
import { VECTORS } from './helpers';
import { ULID_MAX, XRAY_SPEC } from '../shared/vectors';

const NOW = Date.UTC(2026, 0, 1);
const ULID = VECTORS.ULID;
const UUID = VECTORS.UUID_V7;
const TYPEID = 'user_01h455vb4pex5vsknk084sn02q';
const KSUID = VECTORS.KSUID;
const OID = VECTORS.OBJECT_ID;
const DISCORD = VECTORS.DISCORD;

function found(text: string, opts: ScanOptions = {}): Array<[string, string]> {
  return scan(text, { now: NOW, ...opts }).map((m) => [m.kind, m.text]);
}

function assertOffsets(text: string): void {
  for (const m of scan(text, { now: NOW })) assert.equal(text.slice(m.start, m.end), m.text);
}

describe('scan', () => {
  describe('finds every kind in context', () => {
    const cases: Array<[string, string, Array<[string, string]>]> = [
      ['JSON', `{"id":"${ULID}","owner":"${UUID}","n":${DISCORD}}`, [['ulid', ULID], ['uuid', UUID], ['snowflake', DISCORD]]],
      ['SQL', `SELECT * FROM orders WHERE id = '${OID}' AND ref IN ('${KSUID}', '${TYPEID}');`,
        [['objectid', OID], ['ksuid', KSUID], ['typeid', TYPEID]]],
      ['a log line', `2024-01-02T03:04:05Z INFO request_id=${UUID} user=${ULID} took 12ms`, [['uuid', UUID], ['ulid', ULID]]],
      ['a code string', `const id = "${TYPEID}"; // created by ${KSUID}`, [['typeid', TYPEID], ['ksuid', KSUID]]],
      ['a comment', `# see ${ULID.toLowerCase()} and <${OID.toUpperCase()}>`, [['ulid', ULID.toLowerCase()], ['objectid', OID.toUpperCase()]]],
      ['a URL path', `https://api.example.com/users/${ULID}/posts?after=${UUID}&page=2`, [['ulid', ULID], ['uuid', UUID]]],
      ['a long path of IDs', `/t/${ULID}/u/${KSUID}/v/${ULID}/w/${KSUID}/x/${ULID}/y/${KSUID}/z`,
        [['ulid', ULID], ['ksuid', KSUID], ['ulid', ULID], ['ksuid', KSUID], ['ulid', ULID], ['ksuid', KSUID]]],
      ['an S3 key', `s3://bucket/logs/2024/01/${ULID}.json.gz and tenant-a/${KSUID}/part-0001.parquet`, [['ulid', ULID], ['ksuid', KSUID]]],
      ['braces and urn', `{${UUID.toUpperCase()}} urn:uuid:${UUID}`, [['uuid', `{${UUID.toUpperCase()}}`], ['uuid', `urn:uuid:${UUID}`]]],
      ['a bare 32-hex UUID', `key ${UUID.replaceAll('-', '')} end`, [['uuid', UUID.replaceAll('-', '')]]],
      ['a UUID after a word prefix', `req-${UUID}`, [['uuid', UUID]]],
      ['text at both ends', `${ULID} ${OID}`, [['ulid', ULID], ['objectid', OID]]],
      // Not a PEM block: lines of KSUIDs, and a line after a 64-char one that holds more than base64.
      ['KSUIDs a line each', `${KSUID}\n${KSUID}\n`, [['ksuid', KSUID], ['ksuid', KSUID]]],
      ['a line after a 64-char line', `${'a'.repeat(64)}\nid ${KSUID}\n${KSUID} x\n`, [['ksuid', KSUID], ['ksuid', KSUID]]],
      ['a token that is no JWT', `token=eyJ-${KSUID}-x and x.${KSUID}.y`, [['ksuid', KSUID], ['ksuid', KSUID]]],
    ];
    for (const [where, text, expected] of cases) {
      it(`in ${where}`, () => {
        assert.deepEqual(found(text), expected);
        assertOffsets(text);
        for (const m of scan(text, { now: NOW })) assert.equal(m.decoded.valid, true, m.decoded.error);
      });
    }

    it('decodes each match (time included)', () => {
      const [m] = scan(`x ${ULID} y`, { now: NOW });
      assert.equal(m!.decoded.time, '2016-07-30T22:36:16.385Z');
      assert.equal(m!.start, 2);
      assert.equal(m!.end, 28);
    });
  });

  describe('ignores look-alikes', () => {
    const sha1 = 'da39a3ee5e6b4b0d3255bfef95601890afd80709';
    const sha256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    const negatives: Array<[string, string]> = [
      ['40-hex git SHAs', `commit ${sha1} (HEAD)`],
      ['git SHAs in upper case', sha1.toUpperCase()],
      ['64-hex SHA-256', `sha256:${sha256}`],
      ['an MD5 with a non-RFC version nibble', 'd41d8cd98f00b204e9800998ecf8427e'],
      ['an MD5 with version 0', 'aaaaaaaaaaaa0aaa8aaaaaaaaaaaaaaa'],
      ['the Crockford alphabet', 'ABCDEFGHJKMNPQRSTVWXYZ0123'],
      ['CONSTANT_NAMES', 'MAX_RETRIES_BEFORE_GIVING_UP_01ARYZ6S41TSV4RRFFQ69G5FAV'],
      ['a ULID glued to a word', `x${ULID}`],
      ['a ULID inside a longer token', `${ULID}9`],
      ['a mixed-case ULID look-alike', '01ARYZ6S41TSV4rrffq69g5fav'],
      ['a ULID-shaped word with an implausible time', ULID_MAX],
      ['26 digits', '12345678901234567890123456'],
      ['a base64 blob with +', `MIIBIjANBgkqhkiG9w0BAQEFAAOC+${KSUID}+AQ8AMIIBCgKCAQEA`],
      ['a base64 blob with padding', `data:${KSUID}==`],
      ['a long base64 blob', `${'Q29tcG9uZW50c1NlcnZpY2VJbmZv'.repeat(3)}/${KSUID}/${'YWJjZGVmZ2hpamtsbW5vcHFyc3R1'.repeat(3)}`],
      ['a long base64url blob', `${'Q29tcG9uZW50c1NlcnZpY2VJbmZv'.repeat(3)}-${KSUID}-abc`],
      // @opentelemetry/api's README: base64 percent-encoded in a badge URL; %2F split it into KSUID-length pieces.
      ['a percent-encoded base64 blob', '0yLvEt2hO%2F0qNyy3Jb3YKeHeHeLeOuVLRpNF%2Bpkf85OW7%2FzJxWdXsbsKBUk2TC0BCPwMq5Q%2FCPvaJFkNS%2F1l1qUPe%2BuH3oD59erYGI%2FY4sce6KaXY'],
      ['a percent-encoded base64 blob with %3D padding', `data:${KSUID}%3D%3D`],
      // Found in the real VS Code on the system's CA bundle: a 64-char PEM line of no + or = holds KSUID-shaped runs.
      ['a PEM line after the BEGIN line', `-----BEGIN CERTIFICATE-----\n${KSUID}/NWfFobxeq81KuEXryGgeDQ0URhLj0mRiikKY\n-----END CERTIFICATE-----\n`],
      ['a PEM line after a 64-char line', `MIIFazCCA1OgAwIBAgIRAIIQz7DSQONZRGPgu2OCiwAwDQYJKoZIhvcNAQELBQAw\r\n1PKYhDhloKNDMEEwDwYDVR0TAQH/BAUwAwEB/zAPBgNVHQ8BAf8EBQMDBwYAMB0G\r\n`],
      ['a JSON Web Token\'s signature', `Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc-${KSUID}-x\n`],
      ['a JSON Web Token\'s payload', `token=eyJhbGciOiJIUzI1NiJ9.xyz-${KSUID}-q.sig`],
      ['a long number that is no plausible snowflake', '99999999999999999999'],
      ['numbers over 2^64-1', '98446744073709551616'],
      ['phone numbers', 'call +4915112345678 or 0049 151 12345678 or 491511234567890'],
      ['version strings', 'v1.2.3 and 10.0.19041.1234 and 2024.01.02'],
      ['13-digit ms timestamps and 10-digit seconds', 'at 1700000000123 or 1700000000'],
      ['dates', '2024-01-02 and 20240102 and 20240102030405'],
      ['a decimal fraction', '0.175928847299117063 and 175928847299117063.5'],
      ['a negative number', '-175928847299117063'],
      ['zero padding and round constants', "'0000000000000000000' 100000000000000000 199999999999999999 0175928847299117063"],
      ['a UUID continued by more hex groups', `${UUID}-abcd and 1234-${UUID}`],
      ['a 16-digit card number', '4111111111111111'],
      ['ObjectId-length hex in mixed case', '507F1f77bcf86cd799439011'],
      ['ObjectId-length hex with an implausible time', 'ffffffffbcf86cd799439011'],
      ['a TypeID with an upper-case prefix', 'User_01h455vb4pex5vsknk084sn02q'],
      ['a KSUID-length word without digits', 'abcdefghijklmnopqrstuvwxyzA'],
    ];
    for (const [what, text] of negatives) {
      it(what, () => assert.deepEqual(found(text), []));
    }

    it('lets a snowflake setting turn bare numbers off', () => {
      assert.deepEqual(found(`n=${DISCORD}`, { snowflakes: false }), []);
      assert.deepEqual(found(`n=${DISCORD}`), [['snowflake', DISCORD]]);
    });

    it('with an epoch, needs that reading to be plausible', () => {
      // A recent Discord id read with the Sonyflake layout lands decades ahead.
      const recent = String(BigInt(NOW - 86_400_000 - SNOWFLAKE_PRESETS.discord.epochMs) << 22n);
      assert.deepEqual(found(recent, { epoch: 'discord' }), [['snowflake', recent]]);
      assert.deepEqual(found(recent, { epoch: 'sonyflake' }), []);
      const d = scan(recent, { now: NOW, epoch: 'discord' })[0]!.decoded;
      assert.equal(d.unixMs, NOW - 86_400_000);
    });
  });

  describe('reports unmistakable invalid look-alikes as invalid', () => {
    it('a TypeID whose suffix is an upper-case ULID', () => {
      const [m] = scan(`ref user_${ULID}`, { now: NOW });
      assert.equal(m!.kind, 'typeid');
      assert.equal(m!.decoded.valid, false);
      assert.equal(m!.decoded.errorCode, 'INVALID_CASE');
      assert.match(m!.decoded.error!, /lower case/);
    });

    const labelled: [string, string, 'ulid' | 'ksuid', RegExp][] = [
      ['an overflowing ULID in a "ulid" JSON field', '{"ulid": "8ZZZZZZZZZZZZZZZZZZZZZZZZZ"}', 'ulid', /starts with '8'/],
      ['a ULID with an L after order_ulid =', 'order_ulid = "01ARYZ6S41TSV4RRFFQ69G5FAL"', 'ulid', /Did you mean 01ARYZ6S41TSV4RRFFQ69G5FA1\?/],
      ['the Crockford alphabet after "ULID:"', 'ULID: ABCDEFGHJKMNPQRSTVWXYZ0123', 'ulid', /more than 128 bits/],
      ['a KSUID above the max after ksuid:', 'ksuid: "aZZZZZZZZZZZZZZZZZZZZZZZZZ1"', 'ksuid', /above the largest/],
    ];
    for (const [what, text, kind, reason] of labelled) {
      it(`${what}: invalid, with the reason`, () => {
        const ms = scan(text, { now: NOW });
        assert.equal(ms.length, 1);
        assert.equal(ms[0]!.kind, kind);
        assert.equal(ms[0]!.decoded.valid, false);
        assert.match(ms[0]!.decoded.error!, reason);
      });
    }

    it('the same tokens without a label are words, not IDs', () => {
      for (const text of ['x 8ZZZZZZZZZZZZZZZZZZZZZZZZZ', 'ABCDEFGHJKMNPQRSTVWXYZ0123', 'id aZZZZZZZZZZZZZZZZZZZZZZZZZ1', 'ulidish 8ZZZZZZZZZZZZZZZZZZZZZZZZZ']) {
        assert.deepEqual(scan(text, { now: NOW }), [], text);
      }
    });
  });

  describe('property checks', () => {
    it('never matches inside random SHA-1 and SHA-256 hex, or long base64 blobs', () => {
      fc.assert(fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), (bytes) => {
        const sha1 = createHash('sha1').update(bytes).digest('hex');
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        assert.deepEqual(found(`${sha1} ${sha256.toUpperCase()} ${sha1.slice(0, 24)}x`), []);
      }), { numRuns: 500 });
      fc.assert(fc.property(fc.uint8Array({ minLength: 160, maxLength: 600 }), (bytes) => {
        assert.deepEqual(found(Buffer.from(bytes).toString('base64')), []);
      }), { numRuns: 300 });
    });

    it('finds every ID between random separators, with exact offsets', () => {
      const ids = [ULID, UUID, TYPEID, KSUID, OID, DISCORD, `{${UUID}}`];
      // Not `=` after an ID: that reads as base64 padding (key=ID before one is covered above).
      const sep = fc.constantFrom(' ', '"', "'", ',', '/', '(', ')', '\n', ': ', '<', '>', '`', '&');
      fc.assert(fc.property(fc.array(fc.tuple(fc.constantFrom(...ids), sep), { minLength: 1, maxLength: 12 }), (parts) => {
        let text = '';
        const expected: Array<[number, string]> = [];
        for (const [id, s] of parts) {
          expected.push([text.length, id]);
          text += id + s;
        }
        assert.deepEqual(scan(text, { now: NOW }).map((m) => [m.start, m.text]), expected);
      }), { numRuns: 300 });
    });
  });

  describe('IDs behind escapes (issue 22 item 6)', () => {
    const U7 = '018f3c3e-8f2a-7c3e-9a1b-2c3d4e5f6a7b';
    const cases: Array<[string, string, Array<[string, string]>]> = [
      ['a percent-encoded path', `key=tenant%2F${U7}%2Fdata.json`, [['uuid', U7]]],
      ['percent-encoded JSON in a query', `filter=%7B%22user%22%3A%22${U7}%22%7D`, [['uuid', U7]]],
      ['a JSON \\n escape', `"failed\\n${U7}"`, [['uuid', U7]]],
      ['a JSON \\t escape before a ULID', `"at\\t${ULID}\\r\\n"`, [['ulid', ULID]]],
      ['an escaped quote', `"id=\\"${ULID}\\""`, [['ulid', ULID]]],
      ['a \\u escape of <', `\\u003c${ULID}\\u003e`, [['ulid', ULID]]],
      ['lower-case percent escapes', `a%2f${KSUID}%2fb`, [['ksuid', KSUID]]],
    ];
    for (const [what, text, expected] of cases) {
      it(what, () => {
        assert.deepEqual(found(text), expected);
        assertOffsets(text);
      });
    }

    it('an escaped backslash before n is no escape, and escapes of word chars join the run', () => {
      assert.deepEqual(found(`C:\\\\n${ULID}`), []);
      assert.deepEqual(found(`%41${ULID}`), []);
    });

    it('after a run of backslashes, n is an escape only after an odd number of them, however long the run', () => {
      // Each backslash of a run was once counted back to the run's start (100 KB of them took
      // 11 s); only the one before an escape's letter is.
      for (const count of [1, 2, 3, 4, 199_999, 200_000]) {
        const text = `${'\\'.repeat(count)}n${ULID} ${'\\'.repeat(count)}x`;
        assert.deepEqual(found(text), count % 2 === 1 ? [['ulid', ULID]] : [], `${count} backslashes`);
      }
    });

    it('keeps the base64 rules: percent-encoded + and / still join a blob', () => {
      assert.deepEqual(found(`sig=MIIBIjANBgkqhkiG9w0B%2B${KSUID}%2FAQ8AMIIBCgKCAQEA`), []);
    });
  });

  describe('unmistakable shapes glued by _ (issue 22 item 19)', () => {
    const U4 = 'b9000564-fe1a-409b-b8cc-1e88b294cd1d';
    const XRAY = XRAY_SPEC;
    const TP = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const cases: Array<[string, string, Array<[string, string]>]> = [
      ['a UUID with a _suffix', `gs://b/instances/${U4}_del`, [['uuid', U4]]],
      ['a UUID with a prefix_', `instance_${U4}.json`, [['uuid', U4]]],
      ['a UUID between two words', `old_${U4}_bak`, [['uuid', U4]]],
      ['an X-Ray trace ID with a prefix_ and a _suffix', `root_${XRAY}_sampled`, [['xray', XRAY]]],
      ['a traceparent with a prefix_ and a _suffix', `tp_${TP}_x`, [['traceparent', TP]]],
      ['a TypeID with a _suffix', `${TYPEID}_del`, [['typeid', TYPEID]]],
      ['a TypeID with a longer prefix', `old_${TYPEID}`, [['typeid', `old_${TYPEID}`]]],
      ['a UUID after a TypeID-like prefix is a UUID', `user_${U4}`, [['uuid', U4]]],
    ];
    for (const [what, text, expected] of cases) {
      it(what, () => {
        assert.deepEqual(found(text), expected);
        assertOffsets(text);
      });
    }

    it('a word glued without _ still makes a longer token', () => {
      assert.deepEqual(found(`${U4}x`), []);
      assert.deepEqual(found(`x${U4.slice(0, 8)}${U4.slice(8)}`), []);
      assert.deepEqual(found(`${XRAY}x x${XRAY}`), []);
      assert.deepEqual(found(`${TP}0 x${TP}`).filter(([kind]) => kind === 'traceparent'), []);
      assert.deepEqual(found('MAX_RETRIES_01ARYZ6S41TSV4RRFFQ69G5FAV_TOTAL'), []);
    });
  });

  describe('bare numbers need more than a plausible date (issue 22 item 18)', () => {
    // From package docs, Perl and Python libraries on a Debian machine, and bit masks in logs.
    const patterns = [
      '123456789123456789', '123456789743222111', '999999998000000000', '999999998000000001',
      '900000000000000009', '900000000000000007', '576460752303423487', '9223372036854775807',
      '3305723134637787565', '1152921504606846975', '987654321012345678', '121212121212121212',
      // 0x0fffffffff000000: two runs of bits, and neither its decimal nor its hex digits repeat.
      '1152921504590069760',
    ];
    for (const n of patterns) {
      it(`${n} is no snowflake in free text`, () => assert.deepEqual(found(`x = ${n};`), []));
    }

    it('real snowflakes are still found, bare and in context', () => {
      // Discord, Sapphire docs, tsid-ts docs, a Discord badge: every snowflake of the precision corpus kind.
      for (const n of [DISCORD, '1147436445783560193', '737141877803057244', '1056191128120082432', '254360814063058944', '38352658567418867']) {
        assert.deepEqual(found(`id ${n} ok`), [['snowflake', n]], n);
      }
    });

    it('a layout named by the user or the context still reads a patterned number', () => {
      const n = '123456789123456789';
      assert.deepEqual(found(`"discord_id": "${n}"`), [['snowflake', n]]);
      assert.deepEqual(found(`x = ${n};`, { epoch: 'discord' }), [['snowflake', n]]);
    });

    it('rejects few random snowflakes, with full or empty low fields (under 1 in 1,000)', () => {
      let lost = 0, total = 0;
      const uniform = (min: number, max: number) => fc.noBias(fc.integer({ min, max }));
      fc.assert(fc.property(uniform(Date.UTC(2016, 0, 1), NOW - 86_400_000), fc.oneof(uniform(0, (1 << 22) - 1), uniform(0, 7)), (ms, low) => {
        const n = String((BigInt(ms - SNOWFLAKE_PRESETS.discord.epochMs) << 22n) | BigInt(low));
        total++;
        if (found(n).length === 0) lost++;
      }), { numRuns: 5000, seed: 22 });
      assert.ok(lost * 1000 < total, `${lost} of ${total}`);
    });
  });

  describe('idAt', () => {
    const line = `  owner: ${UUID}, id: ${ULID}`;
    it('returns the match under the cursor, including just after it', () => {
      const start = line.indexOf(ULID);
      assert.equal(idAt(line, start, { now: NOW })!.text, ULID);
      assert.equal(idAt(line, start + 10, { now: NOW })!.text, ULID);
      assert.equal(idAt(line, start + 26, { now: NOW })!.text, ULID);
      assert.equal(idAt(line, line.indexOf(UUID) + 3, { now: NOW })!.kind, 'uuid');
    });

    it('returns undefined between IDs', () => {
      assert.equal(idAt(line, 1, { now: NOW }), undefined);
      assert.equal(idAt(line, line.indexOf('id:'), { now: NOW }), undefined);
    });
  });
});
