// The core's error contract (issue 10): whatever a caller hands a public function (a value of
// the wrong type from a settings file, NaN, an out-of-range time, a huge number), it either
// returns or throws IdError with a stable code; never TypeError or RangeError.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import * as core from '../../src/core';
import { IdError } from '../../src/core';
import { ULID_SPEC } from '../shared/vectors';

const weird = fc.oneof(
  fc.anything(),
  fc.constantFrom(NaN, Infinity, -Infinity, -1, 1e20, -1e20, 2 ** 53, 0.5, -0, '', ' ', 'auto', 'AUTO', 'constructor', '__proto__', 'toString'),
  fc.constantFrom({ toString: 1 }, { valueOf: () => { throw new Error('boom'); } }, Object.create(null), [], [1, 2], null, undefined, true, 10n),
  fc.string(),
  fc.integer(),
  fc.double(),
);

type Fn = (...args: unknown[]) => unknown;
const CALLS: [string, number][] = [
  ['inspect', 2], ['convert', 3], ['convertTargetsFor', 2], ['parse128', 2], ['to128', 3], ['scan', 2], ['idAt', 3],
  ['decodeUlid', 1], ['decodeUuid', 1], ['decodeKsuid', 1], ['decodeObjectId', 1], ['decodeTypeId', 1], ['decodeSnowflake', 3],
  ['parseUlid', 1], ['parseUuid', 1], ['parseKsuid', 1], ['parseObjectId', 1], ['parseTypeId', 1], ['parseSnowflake', 1],
  ['encodeUlid', 1], ['encodeKsuid', 1], ['encodeObjectId', 1], ['encodeTypeId', 2], ['formatUuid', 1],
  ['generate', 2], ['bounds', 4], ['parseTimeInput', 2], ['formatIso', 1], ['formatRelative', 2], ['inclusiveEnd', 2],
  ['resolveEpoch', 1], ['uuidV3', 2], ['uuidV5', 2], ['nanoid', 2], ['validateTypeIdPrefix', 1],
  ['hashPrefixKey', 2], ['reverseMsTimestamp', 2], ['md5Hex', 1],
];

function expectIdErrorOnly(name: string, args: unknown[]): void {
  const fn = (core as unknown as Record<string, Fn>)[name]!;
  try {
    fn(...args);
  } catch (e) {
    if (e instanceof IdError) return;
    const shown = args.map((a) => { try { return typeof a === 'bigint' ? `${a}n` : JSON.stringify(a) ?? String(a); } catch { return Object.prototype.toString.call(a); } });
    assert.fail(`${name}(${shown.join(', ')}) threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
  }
}

describe('public core functions throw IdError only', () => {
  for (const [name, arity] of CALLS) {
    it(name, () => {
      assert.equal(typeof (core as unknown as Record<string, unknown>)[name], 'function', `${name} is exported`);
      fc.assert(fc.property(fc.array(weird, { minLength: 0, maxLength: arity }), (args) => expectIdErrorOnly(name, args)), { numRuns: 300 });
    });
  }

  it('generate with odd options for every kind', () => {
    fc.assert(fc.property(
      fc.constantFrom(...core.GEN_KINDS, 'nope', 'constructor'),
      fc.record({ count: weird, timeMs: weird, epoch: weird, prefix: weird, namespace: weird, name: weird, size: weird, workerId: weird }, { requiredKeys: [] }),
      (kind, opts) => expectIdErrorOnly('generate', [kind, opts]),
    ), { numRuns: 1500 });
  });

  it('out-of-range times name the range', () => {
    for (const t of [NaN, Infinity, 8.64e15 + 1, -8.64e15 - 1, 1e300]) {
      expectIdErrorOnly('formatIso', [t]);
      expectIdErrorOnly('generate', ['ulid', { timeMs: t }]);
      expectIdErrorOnly('bounds', ['ulid', t, t]);
    }
  });
});

describe('name-based UUIDs take any UUID as namespace', () => {
  // RFC 9562 §5.5: the namespace is any UUID. Oracle: SHA-1 / MD5 of namespace bytes + name.
  const oracle = async (alg: 'sha1' | 'md5', nsHex: string, name: string, version: number) => {
    const { createHash } = await import('node:crypto');
    const h = createHash(alg).update(Buffer.from(nsHex, 'hex')).update(name, 'utf8').digest().subarray(0, 16);
    h[6] = (h[6]! & 0x0f) | (version << 4);
    h[8] = (h[8]! & 0x3f) | 0x80;
    return core.formatUuid(new Uint8Array(h));
  };

  it('a non-RFC namespace (01234567-89ab-cdef-0123-456789abcdef) works for v5 and v3', async () => {
    const ns = '01234567-89ab-cdef-0123-456789abcdef';
    assert.equal(core.generate('uuidv5', { namespace: ns, name: 'x' })[0], await oracle('sha1', ns.replaceAll('-', ''), 'x', 5));
    assert.equal(core.generate('uuidv3', { namespace: ns, name: 'x' })[0], await oracle('md5', ns.replaceAll('-', ''), 'x', 3));
  });

  it('names like constructor or __proto__ are no namespace', () => {
    for (const ns of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      assert.throws(() => core.uuidV5(ns, 'x'), (e) => e instanceof IdError && e.code === 'INVALID_ARGUMENT' && /dns, url, oid, x500/.test(e.message), ns);
    }
    assert.equal(core.uuidV5('DNS', 'www.example.com'), '2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });
});

describe('error messages quote a bounded part of the input', () => {
  const big = (s: string) => s.repeat(Math.ceil(1_000_000 / s.length)).slice(0, 1_000_000);
  const inputs = [big('a'), big('0'), big('Z'), big('é'), big('x_') + '01H5S3KAJZ8W0XK3JVFQ4NYCB7', 'user' + big('_') + '01H5S3KAJZ8W0XK3JVFQ4NYCB7', big('abc') + '_01H5S3KAJZ8W0XK3JVFQ4NYCB7', 'a'.repeat(63) + 'X'.repeat(1_000_000) + '_01h5s3kajz8w0xk3jvfq4nycb7', big('f') + '-', '{' + big('0')];
  const fns: [string, (t: string) => unknown][] = [
    ['inspect', (t) => core.inspect(t).error], ['convert', (t) => core.convert(t, 'uuid')], ['parse128', (t) => core.parse128(t)],
    ['parseTypeId', (t) => core.parseTypeId(t)], ['decodeTypeId', (t) => core.decodeTypeId(t)], ['parseUlid', (t) => core.parseUlid(t)],
    ['parseUuid', (t) => core.parseUuid(t)], ['parseKsuid', (t) => core.parseKsuid(t)], ['parseObjectId', (t) => core.parseObjectId(t)],
    ['parseSnowflake', (t) => core.parseSnowflake(t)], ['parseTimeInput', (t) => core.parseTimeInput(t)], ['resolveEpoch', (t) => core.resolveEpoch(t)],
    ['validateTypeIdPrefix', (t) => core.validateTypeIdPrefix(t)], ['uuidV5', (t) => core.uuidV5(t, 'x')], ['convert target', (t) => core.convert(ULID_SPEC, t)],
    ['generate kind', (t) => core.generate(t as core.GenKind)], ['generate prefix', (t) => core.generate('typeid', { prefix: t })],
  ];
  for (const [name, fn] of fns) {
    it(name, () => {
      for (const input of inputs) {
        let message: string | undefined;
        try {
          const r = fn(input);
          if (typeof r === 'string' && name === 'inspect') message = r;
        } catch (e) {
          assert.ok(e instanceof IdError, `${name} threw ${String(e)}`);
          message = e.message;
        }
        if (message !== undefined) assert.ok(message.length <= 600, `${name}: a ${message.length}-character message for a ${input.length}-character input: ${message.slice(0, 120)}…`);
      }
    });
  }
});
