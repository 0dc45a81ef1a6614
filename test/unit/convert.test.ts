import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ALL_CONVERT_TARGETS, convert, convertTargetsFor, CONVERT_TARGETS } from '../../src/core/convert';
import { parse128, to128, type Form128 } from '../../src/core/represent';
import { listed, representation } from '../../src/core/formats/registry';
import { fromMysqlBin, toMysqlBin } from '../../src/core/formats/uuid/codec';
import { formatUuid, parseUuid, uuidVersion, v1ToV6, v6ToV1 } from '../../src/core/formats/uuid/codec';
import { code, VECTORS } from './helpers';
import { SCRU128_SPEC, UUID_V7_RFC, XRAY_SPEC } from '../shared/vectors';

const ULID = VECTORS.ULID;
const UUID = VECTORS.ULID_AS_UUID;
const RFC_V1 = VECTORS.UUID_V1;
const RFC_V6 = VECTORS.UUID_V6;
const bytes16 = fc.uint8Array({ minLength: 16, maxLength: 16 });
// A decimal of exactly 26 or 32 digits reads as a ULID or hex by design (see parse128); the
// round-trip properties skip those values and the shape test below pins the rule.
const AMBIGUOUS_INT_LENGTHS = new Set([26, 32]);
const FORMS: Form128[] = ['ulid', 'uuid', 'hex', 'int', 'base64', 'base64url', 'typeid'];

describe('represent', () => {
  it('tells the forms apart by shape', () => {
    const cases: [string, string][] = [
      [ULID, 'ulid'], [ULID.toLowerCase(), 'ulid'], [UUID, 'uuid'], [`{${UUID}}`, 'uuid'], [`urn:uuid:${UUID}`, 'uuid'],
      ['01563df36481d6764c61efb99302bd5b', 'hex'], ['1777022036153689948599198395857550683', 'int'],
      ['AVY982SB1nZMYe+5kwK9Ww==', 'base64'], ['AVY982SB1nZMYe-5kwK9Ww', 'base64url'], [`user_${ULID.toLowerCase()}`, 'typeid'],
    ];
    for (const [text, from] of cases) {
      const p = parse128(text);
      assert.equal(p.from, from, text);
      assert.equal(formatUuid(p.bytes), UUID, text);
    }
    assert.equal(parse128(`user_${ULID.toLowerCase()}`).prefix, 'user');
  });

  it('reads 32 digits as hex, 26 as a ULID, 27 as a KSUID, other digit runs as integers, and refuses > 2^128-1', () => {
    assert.equal(parse128('00000000000000000000000000000010').from, 'hex');
    assert.equal(parse128('01234567890123456789012345').from, 'ulid');
    assert.equal(parse128('1234567890123456789012').from, 'int');
    assert.equal(parse128('12345678901234567890123456789012345678').from, 'int');
    assert.equal(parse128('123456789012345678901234567890123456').from, 'int');
    for (const digits of [1, 21, 22, 25, 31, 33, 36, 38, 39]) {
      const v = 10n ** BigInt(digits - 1) + 7n;
      assert.equal(convert(convert(v.toString(), 'uuid'), 'int'), v.toString(), `${digits} digits`);
    }
    // 27 characters are a KSUID, as in inspect; an integer of that length names its form.
    const v27 = (10n ** 26n + 7n).toString();
    assert.throws(() => convert(v27, 'uuid'), code('UNSUPPORTED_CONVERSION'));
    assert.equal(convert(convert(v27, 'uuid', { from: 'int' }), 'int'), v27);
    assert.equal(convert('01234567890123456789012345', 'uuid', { from: 'int' }), convert('1234567890123456789012345', 'uuid'));
    assert.equal(to128(parse128('340282366920938463463374607431768211455').bytes, 'uuid'), 'ffffffff-ffff-ffff-ffff-ffffffffffff');
    assert.throws(() => parse128('340282366920938463463374607431768211456'), code('OVERFLOW'));
    assert.equal(to128(parse128('0').bytes, 'ulid'), '00000000000000000000000000');
  });

  it('reports unknown text, bad ULIDs and empty input with codes', () => {
    assert.throws(() => parse128('hello'), code('UNKNOWN_FORMAT'));
    assert.throws(() => parse128('8ZZZZZZZZZZZZZZZZZZZZZZZZZ'), code('OVERFLOW'));
    assert.throws(() => parse128('  '), code('EMPTY'));
  });

  it('MySQL UUID_TO_BIN(u, 1) swaps time-low and time-high and is undone by fromMysqlBin', () => {
    const bin = toMysqlBin(parseUuid(RFC_V1));
    assert.equal(Buffer.from(bin).toString('hex'), '11ec9414c232ab00b3c89f6bdeced846');
    assert.equal(formatUuid(fromMysqlBin(bin)), RFC_V1);
  });

  it('round-trips any 128 bits through every form (property)', () => {
    fc.assert(fc.property(bytes16, fc.constantFrom(...FORMS), (b, form) => {
      const text = to128(b, form, form === 'typeid' ? 'user' : '');
      fc.pre(!(form === 'int' && AMBIGUOUS_INT_LENGTHS.has(text.length)));
      const back = parse128(text);
      assert.deepEqual(back.bytes, b);
      assert.equal(back.from, form === 'base64url' || form === 'base64' ? back.from : form);
    }), { numRuns: 2000 });
  });

  it('chains ULID -> UUID -> hex -> int -> base64 -> TypeID -> ULID losslessly (property)', () => {
    fc.assert(fc.property(bytes16, (b) => {
      const ulid = to128(b, 'ulid');
      const uuid = convert(ulid, 'uuid');
      const hex = convert(uuid, 'hex');
      const int = convert(hex, 'int');
      fc.pre(!AMBIGUOUS_INT_LENGTHS.has(int.length));
      const b64 = convert(int, 'base64');
      const b64url = convert(b64, 'base64url');
      // 22 base64url chars can also be a ShortUUID (about 1 in 600 random values): named.
      const typeid = convert(b64url, 'typeid:order', { from: 'base64url' });
      assert.equal(convert(typeid, 'ulid'), ulid);
      assert.equal(convert(typeid, 'typeid'), typeid, 'a TypeID keeps its prefix');
    }), { numRuns: 1000 });
  });

  it('v1 <-> v6 is lossless for every v1 and v6 (property)', () => {
    const withVersion = (v: number) => bytes16.map((b) => { const c = b.slice(); c[6] = (v << 4) | (c[6]! & 0x0f); c[8] = 0x80 | (c[8]! & 0x3f); return c; });
    fc.assert(fc.property(withVersion(1), (b) => { assert.deepEqual(v6ToV1(v1ToV6(b)), b); assert.equal(uuidVersion(v1ToV6(b)), 6); }), { numRuns: 2000 });
    fc.assert(fc.property(withVersion(6), (b) => { assert.deepEqual(v1ToV6(v6ToV1(b)), b); }), { numRuns: 2000 });
  });
});

describe('convert', () => {
  it('writes each target for the ULID spec example', () => {
    const expected: Record<string, string> = {
      ulid: ULID, uuid: UUID, hex: '01563df36481d6764c61efb99302bd5b', int: '1777022036153689948599198395857550683',
      base64: 'AVY982SB1nZMYe+5kwK9Ww==', base64url: 'AVY982SB1nZMYe-5kwK9Ww', 'typeid:user': 'user_01aryz6s41tsv4rrffq69g5fav',
      typeid: '01aryz6s41tsv4rrffq69g5fav', 'uuid-upper': UUID.toUpperCase(), 'uuid-braces': `{${UUID}}`,
      'uuid-urn': `urn:uuid:${UUID}`,
    };
    for (const [target, out] of Object.entries(expected)) assert.equal(convert(ULID, target), out, target);
  });

  it('reorders v1 <-> v6 and refuses other versions with a reason', () => {
    assert.equal(convert(RFC_V1.toUpperCase(), 'uuidv6'), RFC_V6);
    assert.equal(convert(RFC_V6, 'uuidv1'), RFC_V1);
    assert.throws(() => convert(UUID_V7_RFC, 'uuidv6'), code('UNSUPPORTED_CONVERSION'));
    assert.throws(() => convert(ULID, 'uuidv1'), /Only a version 6 UUID can become version 1/);
  });

  it('lists trace-id and .NET forms only where they are asked for, and converts to them anywhere', () => {
    const targets = (text: string) => convertTargetsFor(text).map((c) => c.target);
    assert.ok(!targets(ULID).some((t) => ['xray', 'datadog', 'dotnet-hex', 'dotnet-base64'].includes(t)), targets(ULID).join());
    assert.ok(targets(RFC_V1).includes('dotnet-hex') && !targets(RFC_V1).includes('datadog'));
    assert.ok(targets(XRAY_SPEC).includes('datadog'));
    assert.ok(targets('5759e988bd862e3fe1be46a994272793').includes('xray'), 'a W3C trace id alone is 32 hex digits');
    assert.equal(convert(ULID, 'datadog'), convert(convert(ULID, 'hex'), 'datadog'));
  });

  it('refuses unknown targets and bad TypeID prefixes', () => {
    assert.throws(() => convert(ULID, 'base32'), code('INVALID_ARGUMENT'));
    assert.throws(() => convert(ULID, 'typeid:User'), code('INVALID_PREFIX'));
  });

  it('says a 128-bit ID is too wide for a target of narrower IDs, never that the target is unknown', () => {
    // From the registry: every word --to takes that no 128-bit ID is written as (tsid, xid, ...).
    const narrow = ALL_CONVERT_TARGETS.filter((t) => !representation(128, t));
    assert.ok(narrow.includes('tsid') && narrow.includes('xid'), narrow.join());
    const inputs: [string, string, { from?: string }?][] = [
      [ULID, 'ULID'], [UUID, 'UUID'], [UUID.replace(/-/g, ''), 'UUID'], [SCRU128_SPEC, 'SCRU128'],
      [`user_${ULID.toLowerCase()}`, 'TypeID'], [ULID, 'ULID', { from: 'ulid' }], ['1777022036153689948599198395857550683', ''],
    ];
    for (const target of narrow) {
      const widths = [64, 96].filter((bits) => representation(bits, target));
      for (const [text, label, opts] of inputs) {
        const what = `${text} --to ${target}${opts ? ' --from ulid' : ''}`;
        assert.throws(() => convert(text, target, opts), (e: unknown) => {
          assert.ok(code('UNSUPPORTED_CONVERSION')(e), `${what}: ${String(e)}`);
          const m = (e as Error).message;
          assert.match(m, new RegExp(`128-bit ${label}.*too wide for "${target}" \\(${widths.join(' or ')} bits\\)`), what);
          assert.match(m, /it converts to .*\buuid\b/, what);
          return true;
        });
      }
    }
    // Narrower IDs keep their message, and targets nothing takes are still unknown.
    assert.throws(() => convert('0AWE5HZP3SKTK', 'uuid'), /64-bit TSID, which has no "uuid" form; it converts to hex, int/);
    assert.throws(() => convert(SCRU128_SPEC, 'base32'), code('INVALID_ARGUMENT'));
  });

  it('lists targets for code actions, disabling what does not apply with a reason', () => {
    const choices = convertTargetsFor(RFC_V1, { typeidPrefix: 'evt' });
    // Every target but those listed only for other spellings (X-Ray, Datadog for trace ids).
    assert.deepEqual(choices.map((c) => c.target.replace(/^typeid:.*/, 'typeid')).sort(),
      CONVERT_TARGETS.filter((t) => listed(representation(128, t)!, 'uuid')).sort());
    const by = new Map(choices.map((c) => [c.target, c]));
    assert.equal(by.get('uuidv6')!.enabled, true);
    assert.equal(by.get('uuidv1')!.enabled, false);
    assert.match(by.get('uuidv1')!.reason!, /version 6/);
    assert.equal(by.get('uuid')!.enabled, false, 'already written this way');
    assert.equal(by.get('typeid:evt')!.enabled, true);
    assert.deepEqual(convertTargetsFor('not an id'), []);
    for (const c of choices.filter((c) => c.enabled)) assert.doesNotThrow(() => convert(RFC_V1, c.target), c.target);
  });
});
