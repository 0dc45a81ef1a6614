import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { idAt, scan, type ScanOptions } from '../../src/core/scan';
import { SNOWFLAKE_PRESETS } from '../../src/core/formats/snowflake/layouts';
import { VECTORS } from './helpers';

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
      ['a ULID-shaped word with an implausible time', '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'],
      ['26 digits', '12345678901234567890123456'],
      ['a base64 blob with +', `MIIBIjANBgkqhkiG9w0BAQEFAAOC+${KSUID}+AQ8AMIIBCgKCAQEA`],
      ['a base64 blob with padding', `data:${KSUID}==`],
      ['a long base64 blob', `${'Q29tcG9uZW50c1NlcnZpY2VJbmZv'.repeat(3)}/${KSUID}/${'YWJjZGVmZ2hpamtsbW5vcHFyc3R1'.repeat(3)}`],
      ['a long base64url blob', `${'Q29tcG9uZW50c1NlcnZpY2VJbmZv'.repeat(3)}-${KSUID}-abc`],
      // @opentelemetry/api's README: base64 percent-encoded in a badge URL; %2F split it into KSUID-length pieces.
      ['a percent-encoded base64 blob', '0yLvEt2hO%2F0qNyy3Jb3YKeHeHeLeOuVLRpNF%2Bpkf85OW7%2FzJxWdXsbsKBUk2TC0BCPwMq5Q%2FCPvaJFkNS%2F1l1qUPe%2BuH3oD59erYGI%2FY4sce6KaXY'],
      ['a percent-encoded base64 blob with %3D padding', `data:${KSUID}%3D%3D`],
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
