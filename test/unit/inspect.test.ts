import assert from 'node:assert/strict';
import { inspect } from '../../src/core/inspect';
import { closestShapes } from '../../src/core/formats/registry';
import { KSUID_SPEC, OBJECTID_SPEC, ULID_SPEC } from '../shared/vectors';

const NOW = Date.UTC(2026, 0, 1);

describe('inspect', () => {
  const valid: Array<[string, string, string | undefined]> = [
    [ULID_SPEC, 'ulid', '2016-07-30T22:36:16.385Z'],
    ['01aryz6s41tsv4rrffq69g5fav', 'ulid', '2016-07-30T22:36:16.385Z'],
    ['  01ARYZ6S41TSV4RRFFQ69G5FAV\n', 'ulid', '2016-07-30T22:36:16.385Z'],
    ['017F22E2-79B0-7CC3-98C4-DC0C0C07398F', 'uuid', '2022-02-22T19:22:22.000Z'],
    ['{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}', 'uuid', '2022-02-22T19:22:22.000Z'],
    ['urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 'uuid', '2022-02-22T19:22:22.000Z'],
    ['017f22e279b07cc398c4dc0c0c07398f', 'uuid', '2022-02-22T19:22:22.000Z'],
    ['C232AB00-9414-11EC-B3C8-9F6BDECED846', 'uuid', '2022-02-22T19:22:22.000Z'],
    ['5df41881-3aed-3515-88a7-2f4a814cf09e', 'uuid', undefined],
    ['prefix_01h455vb4pex5vsknk084sn02q', 'typeid', '2023-06-30T03:34:18.518Z'],
    [KSUID_SPEC, 'ksuid', '2017-10-10T04:00:47.000Z'],
    [OBJECTID_SPEC, 'objectid', '2012-10-17T21:13:27.000Z'],
  ];
  for (const [input, kind, time] of valid) {
    it(`reads ${JSON.stringify(input)} as a valid ${kind}`, () => {
      const d = inspect(input);
      assert.equal(d.kind, kind);
      assert.equal(d.valid, true, d.error);
      assert.equal(d.time, time);
      assert.equal(d.input, input.trim());
    });
  }

  it('reads a UUID version and variant', () => {
    const d = inspect('017F22E2-79B0-7CC3-98C4-DC0C0C07398F');
    assert.equal(d.version, 7);
    assert.equal(d.variant, 'rfc9562');
  });

  it('reads a snowflake with an epoch as that reading, without as candidates', () => {
    const fixed = inspect('175928847299117063', { epoch: 'discord', now: NOW });
    assert.equal(fixed.kind, 'snowflake');
    assert.equal(fixed.time, '2016-04-30T11:18:25.796Z');
    assert.equal(fixed.candidates, undefined);
    const open = inspect('175928847299117063', { now: NOW });
    assert.equal(open.candidates!.length, 5);
    assert.ok(open.candidates!.some((c) => c.epoch === 'discord' && c.time === '2016-04-30T11:18:25.796Z'));
  });

  const broken: Array<[string, string, string]> = [
    ['8ZZZZZZZZZZZZZZZZZZZZZZZZZ', 'ulid', 'OVERFLOW'],
    ['01ARYZ6S41TSV4RRFFQ69G5FAI', 'ulid', 'INVALID_CHARACTER'],
    ['aWgEPTl1tmebfsQzFP4bxwgy80W', 'ksuid', 'OVERFLOW'],
    ['user_01H455VB4PEX5VSKNK084SN02Q', 'typeid', 'INVALID_CASE'],
    ['User_01h455vb4pex5vsknk084sn02q', 'typeid', 'INVALID_PREFIX'],
    ['017f22e2-79b0-7cc3-98c4-dc0c0c07398g', 'uuid', 'INVALID_CHARACTER'],
    ['18446744073709551616', 'snowflake', 'OVERFLOW'],
    ['123456789012345678901', 'snowflake', 'INVALID_LENGTH'],
  ];
  for (const [input, kind, code] of broken) {
    it(`reports ${JSON.stringify(input)} as an invalid ${kind} (${code})`, () => {
      const d = inspect(input);
      assert.equal(d.kind, kind);
      assert.equal(d.valid, false);
      assert.equal(d.errorCode, code);
      assert.ok(d.error && d.error.length > 20, 'a message a user can act on');
      assert.equal(d.time, undefined);
    });
  }

  const unknown = ['', '   ', 'hello world', 'da39a3ee5e6b4b0d3255bfef95601890afd80709', '1.2.3',
    'CONSTANT_NAME', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'];
  for (const input of unknown) {
    it(`says ${JSON.stringify(input)} is unknown, naming the nearest shapes rather than all 17 (issue 22 item 8)`, () => {
      const d = inspect(input);
      assert.equal(d.kind, 'unknown');
      assert.equal(d.valid, false);
      if (input.trim() === '') return assert.equal(d.error, 'Nothing to inspect: the input is empty.');
      const named = d.error!.match(/Nearest: ([^.]*)\./)?.[1]?.split('; ') ?? [];
      assert.ok(named.length >= 1 && named.length <= 3, d.error);
      assert.doesNotMatch(d.error!, /Idsmith reads ULIDs/);
    });
  }

  it('names the shapes nearest an unknown text, and why the one of its length is not it', () => {
    // A SCRU128 with a '-' inside: 25 characters, so SCRU128 first and its decoder's reason.
    const e = inspect('02kgdyqxpmsigcud-xvmyvkqr').error!;
    assert.match(e, /Nearest: SCRU128 IDs \(25 base36 chars\); /);
    assert.match(e, /As SCRU128: .*'-'/);
    // A UUID missing two digits: the UUID shape is named with its length.
    assert.match(inspect('0190f3c3-e3b1-4d6a-9f3e-0123456789').error!, /X-Ray trace IDs \(1-8hex-24hex\): 35 characters, not 34/);
  });

  it('the nearest shapes are those of the length, asked once or many times (they are kept per length)', () => {
    const fresh = (n: number): string[] => {
      const near = closestShapes('x'.repeat(n));
      const names = near.map((x) => `${x.format.id} ${x.distance}`);
      near.length = 0; // a caller's change to its copy changes no later answer
      return names;
    };
    for (const n of [1, 13, 26, 36, 511, 512, 600]) {
      const first = fresh(n);
      assert.ok(first.length >= 1 || n >= 512, `${n}: ${first.join()}`);
      assert.deepEqual(fresh(n), first, `length ${n}`);
    }
    assert.notDeepEqual(fresh(26), fresh(36));
  });

  it('names hash-like hex input', () => {
    assert.match(inspect('da39a3ee5e6b4b0d3255bfef95601890afd80709').error!, /SHA-1 or git/);
  });

  it('prints as the CLI inspect --json object', () => {
    const d = JSON.parse(JSON.stringify(inspect(ULID_SPEC))) as Record<string, unknown>;
    assert.deepEqual(Object.keys(d).sort(), ['entropy', 'fields', 'input', 'kind', 'time', 'unixMs', 'valid']);
  });
});
