// Property-based and fuzz tests over every text entry point of the core. Editors hand the core
// whatever is under the cursor or in a 100 KB line, so each parser must either return a
// well-formed result or throw IdError (never TypeError, RangeError, a hang from regex
// backtracking, or a silently wrong value), and the scanner must never invent an ID.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import {
  CONVERT_TARGETS, IdError, PUSH_CHARS, decodeCuid, decodePushId, decodeTraceparent, decodeXray, formatXray, parseTraceparent, parseXray, SNOWFLAKE_PRESETS, bigIntToBytes, bytesToBase64, bytesToBase64Url, bytesToHex, convert, convertTargetsFor, decodeKsuid,
  decodeObjectId, decodeSnowflake, decodeTypeId, decodeUlid, decodeUuid, encodeKsuid, encodeObjectId, encodeTypeId,
  encodeUlid, formatById, formatUuid, idAt, inspect, parse128, parseKsuid, parseObjectId, parseSnowflake, parseTimeInput,
  parseTypeId, parseUlid, parseUuid, scan, to128, v1ToV6, v6ToV1, type Decoded, type IdErrorCode, type ScanMatch,
  FORMATS, decodeScru128, decodeTid, decodeTsid, decodeXid, encodeScru128, encodeTid, encodeTsid, encodeXid,
} from '../../src/core';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
/** A hang guard, not a performance budget: linear code handles 100 KB in milliseconds. */
const HANG_MS = 2000;
const RUNS = 300;

const ERROR_CODES = new Set<IdErrorCode>([
  'EMPTY', 'INVALID_LENGTH', 'INVALID_CHARACTER', 'OVERFLOW', 'INVALID_PREFIX', 'INVALID_CASE', 'UNKNOWN_FORMAT',
  'UNSUPPORTED_CONVERSION', 'TIME_OUT_OF_RANGE', 'MONOTONIC_OVERFLOW', 'INVALID_ARGUMENT',
]);
const KINDS = new Set(FORMATS.map((f) => f.id));

const show = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…(${text.length} chars)` : text);

/** Runs `fn`; returns its value or the IdError it threw. Any other throw, or a hang, fails. */
function call<T>(label: string, text: string, fn: () => T): T | IdError {
  const start = performance.now();
  let outcome: T | IdError;
  try {
    outcome = fn();
  } catch (e) {
    if (!(e instanceof IdError)) throw new Error(`${label}(${show(text)}) threw a non-IdError: ${String(e)}`);
    assert.ok(ERROR_CODES.has(e.code), `${label}: unknown code ${e.code}`);
    assert.ok(e.message.trim().length > 0, `${label}: empty message`);
    outcome = e;
  }
  const ms = performance.now() - start;
  assert.ok(ms < HANG_MS, `${label}(${show(text)}) took ${ms.toFixed(0)} ms`);
  return outcome;
}

const ok = <T>(v: T | IdError): v is T => !(v instanceof IdError);

function checkDecoded(label: string, text: string, d: Decoded): void {
  assert.equal(typeof d.valid, 'boolean', `${label}: valid`);
  assert.ok(d.kind === 'unknown' || KINDS.has(d.kind), `${label}: kind ${d.kind}`);
  if (!d.valid) assert.ok(d.error?.trim(), `${label}(${show(text)}): invalid without an error message`);
  if (d.unixMs !== undefined) assert.ok(Number.isFinite(d.unixMs), `${label}: unixMs ${d.unixMs}`);
}

/** A match is real: its text is the slice it claims, and a valid match parses as its kind. */
function checkMatch(text: string, m: ScanMatch, epoch?: string): void {
  assert.equal(m.text, text.slice(m.start, m.end), `match text differs from its slice at ${m.start}`);
  assert.ok(KINDS.has(m.kind), `match kind ${m.kind}`);
  checkDecoded(`scan match ${m.kind}`, m.text, m.decoded);
  if (m.decoded.valid) {
    const parsers: Record<string, (t: string) => unknown> = {
      ulid: parseUlid, uuid: parseUuid, ksuid: parseKsuid, objectid: parseObjectId, typeid: parseTypeId, snowflake: parseSnowflake,
      tsid: decodeTsid, xid: decodeXid, tid: decodeTid, scru128: decodeScru128,
      cuid: decodeCuid, pushid: decodePushId, xray: decodeXray, traceparent: decodeTraceparent,
      cuid2: (x) => assert.ok(formatById('cuid2')!.decode(x).valid),
    };
    // Kinds with no dedicated parser above (the formats added since: Timeflake, SCRU64, …) are read
    // by their registry module, so a new format needs no line here.
    const parse = parsers[m.kind] ?? ((x: string) => assert.ok(formatById(m.kind)!.decode(x).valid));
    assert.doesNotThrow(() => parse(m.text), `scan says ${show(m.text)} is a valid ${m.kind}`);
    assert.ok(inspect(m.text, { epoch }).valid, `scan says ${show(m.text)} is valid; inspect disagrees`);
  }
}

function checkScan(text: string, opts?: { epoch?: string; snowflakes?: boolean; now?: number }): ScanMatch[] {
  const matches = call('scan', text, () => scan(text, opts));
  assert.ok(ok(matches), `scan threw ${String(matches)}`);
  let last = 0;
  for (const m of matches) {
    assert.ok(m.start >= last && m.end > m.start && m.end <= text.length, `match ${m.start}-${m.end} out of order or range`);
    last = m.end;
    checkMatch(text, m, opts?.epoch);
  }
  return matches;
}

/**
 * Every entry point that reads user text, with what a successful result must satisfy. Accepted
 * input must round-trip to its canonical text, so a parser cannot accept junk silently.
 */
const ENTRY_POINTS: [string, (text: string) => void][] = [
  ['parseUlid', (t) => {
    const r = call('parseUlid', t, () => parseUlid(t));
    if (ok(r)) assert.equal(encodeUlid(r), t.toUpperCase());
  }],
  ['parseUuid', (t) => {
    const r = call('parseUuid', t, () => parseUuid(t));
    if (ok(r)) assert.equal(bytesToHex(r), t.toLowerCase().replace(/^urn:uuid:/, '').replace(/[{}-]/g, ''));
  }],
  ['parseKsuid', (t) => {
    const r = call('parseKsuid', t, () => parseKsuid(t));
    if (ok(r)) assert.equal(encodeKsuid(r), t);
  }],
  ['parseObjectId', (t) => {
    const r = call('parseObjectId', t, () => parseObjectId(t));
    if (ok(r)) assert.equal(encodeObjectId(r), t.toLowerCase());
  }],
  ['parseTypeId', (t) => {
    const r = call('parseTypeId', t, () => parseTypeId(t));
    if (ok(r)) assert.equal(encodeTypeId(r.prefix, r.bytes), t);
  }],
  ['parseSnowflake', (t) => {
    const r = call('parseSnowflake', t, () => parseSnowflake(t));
    if (ok(r)) assert.ok(/^\d{1,20}$/.test(t) && r === BigInt(t) && r < 2n ** 64n);
  }],
  ['parseXray', (t) => {
    const r = call('parseXray', t, () => parseXray(t));
    if (ok(r)) assert.equal(formatXray(r), t.toLowerCase());
  }],
  ['parseTraceparent', (t) => {
    const r = call('parseTraceparent', t, () => parseTraceparent(t));
    if (ok(r)) {
      const flags = r.flags.toString(16).padStart(2, '0');
      assert.equal(`${r.version}-${bytesToHex(r.traceId)}-${r.parentId}-${flags}`, t.toLowerCase());
    }
  }],
  ['decodePushId', (t) => {
    const r = call('decodePushId', t, () => decodePushId(t));
    if (ok(r)) {
      // The 8 time chars written back from the decoded time give the input's first 8 chars.
      let ms = r.unixMs!, head = '';
      for (let i = 0; i < 8; i++, ms = Math.floor(ms / 64)) head = PUSH_CHARS[ms % 64]! + head;
      assert.equal(head + r.fields.random, t);
    }
  }],
  ['decodeCuid', (t) => {
    const r = call('decodeCuid', t, () => decodeCuid(t));
    if (ok(r)) {
      const f = r.fields;
      assert.equal(`c${r.unixMs!.toString(36).padStart(8, '0')}${Number(f.counter).toString(36).padStart(4, '0')}${f.fingerprint}${f.random}`, t);
    }
  }],
  ['parse128', (t) => {
    const r = call('parse128', t, () => parse128(t));
    if (ok(r)) assert.equal(r.bytes.length, 16);
  }],
  ['decoders', (t) => {
    for (const [name, decode] of [['decodeUlid', decodeUlid], ['decodeUuid', decodeUuid], ['decodeKsuid', decodeKsuid],
      ['decodeObjectId', decodeObjectId], ['decodeTypeId', decodeTypeId], ['decodeSnowflake', (x: string) => decodeSnowflake(x)],
      ['decodeCuid', decodeCuid], ['decodePushId', decodePushId], ['decodeXray', decodeXray], ['decodeTraceparent', decodeTraceparent]] as const) {
      const r = call(name, t, () => decode(t));
      if (ok(r)) checkDecoded(name, t, r);
    }
    // The newer formats: what decodes writes back to its canonical text.
    const tsid = call('decodeTsid', t, () => decodeTsid(t));
    if (ok(tsid)) assert.equal(encodeTsid(tsid.bytes!), t.toUpperCase());
    const xid = call('decodeXid', t, () => decodeXid(t));
    if (ok(xid)) assert.equal(encodeXid(xid.bytes!), t);
    const tid = call('decodeTid', t, () => decodeTid(t));
    if (ok(tid)) {
      checkDecoded('decodeTid', t, tid);
      const us = tid.unixMs! * 1000 + Number(tid.timePrecise!.slice(-4, -1));
      if (Number.isSafeInteger(us)) assert.equal(encodeTid(us, tid.fields.clockId as number), t);
    }
    const scru = call('decodeScru128', t, () => decodeScru128(t));
    if (ok(scru)) assert.equal(encodeScru128(scru.bytes!), t.toLowerCase());
  }],
  ['inspect', (t) => {
    for (const epoch of [undefined, 'discord']) {
      const r = call('inspect', t, () => inspect(t, { epoch }));
      if (ok(r)) checkDecoded('inspect', t, r);
    }
  }],
  ['parseTimeInput', (t) => {
    const r = call('parseTimeInput', t, () => parseTimeInput(t, NOW));
    if (ok(r)) assert.ok(Number.isFinite(r.ms) && typeof r.iso === 'string' && r.iso.length > 0);
  }],
  ['convert', (t) => {
    for (const target of [...CONVERT_TARGETS, 'typeid:user', 'nonsense', '']) {
      const r = call(`convert→${target}`, t, () => convert(t, target));
      if (ok(r)) assert.ok(typeof r === 'string' && r.length > 0);
    }
    const targets = call('convertTargetsFor', t, () => convertTargetsFor(t));
    if (ok(targets)) assert.ok(Array.isArray(targets));
  }],
  ['scan', (t) => {
    checkScan(t);
    checkScan(t, { snowflakes: true, epoch: 'discord' });
  }],
  ['idAt', (t) => {
    for (const offset of new Set([0, t.length >> 1, t.length])) {
      const m = call('idAt', t, () => idAt(t, offset));
      if (ok(m) && m) {
        assert.ok(m.start <= offset && offset <= m.end, `idAt(${offset}) returned ${m.start}-${m.end}`);
        checkMatch(t, m);
      }
    }
  }],
];

// Pieces that push parsers past their first length/character check: ID alphabets, separators,
// wrappers, look-alikes (fullwidth and Arabic-Indic digits, dotted I, long s) and surrogates.
const FRAGMENTS = [
  ...'0123456789abcdefABCDEFghjkmnpqrstvwxyzGHJKMNPQRSTVWXYZiloIOLUu',
  '-', '_', '{', '}', ':', ' ', '\t', '\n', '"', "'", '.', '/', '+', '=', 'urn:uuid:', 'user_', '0x',
  '０', '٣', 'İ', 'ſ', 'ß', 'é', '😀', '\u0000', '\uFEFF', '\uD800', '\uDFFF',
];
const idish = fc.string({ unit: fc.constantFrom(...FRAGMENTS), maxLength: 60 });
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 120 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  idish,
);

const bytes = (n: number) => fc.uint8Array({ minLength: n, maxLength: n });
const bytes16 = bytes(16);
const typeIdPrefix = fc.stringMatching(/^([a-z]([a-z_]{0,61}[a-z])?)?$/);
/** 16 bytes whose first 48 bits are a millisecond time from 2000 to NOW, as real ULIDs and UUIDv7s have. */
const realisticTime128 = fc.tuple(fc.integer({ min: Date.UTC(2000, 0, 1), max: NOW }), bytes16).map(([ms, b]) => {
  const out = b.slice();
  for (let i = 5, t = ms; i >= 0; i--, t = Math.floor(t / 256)) out[i] = t % 256;
  return out;
});
const asV7 = (b: Uint8Array) => {
  const out = b.slice();
  out[6] = (out[6]! & 0x0f) | 0x70;
  out[8] = (out[8]! & 0x3f) | 0x80;
  return out;
};
const asV1 = (b: Uint8Array) => {
  const out = b.slice();
  out[6] = (out[6]! & 0x0f) | 0x10;
  out[8] = (out[8]! & 0x3f) | 0x80;
  return out;
};

/** Valid IDs of every kind, then one edit: the inputs closest to the parsers' edge cases. */
const validId = fc.oneof(
  bytes16.map(encodeUlid),
  bytes16.map(formatUuid),
  bytes(20).map(encodeKsuid),
  bytes(12).map(encodeObjectId),
  fc.tuple(typeIdPrefix, bytes16).map(([p, b]) => encodeTypeId(p, b)),
  fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(String),
  bytes(8).map(encodeTsid),
  bytes(12).map(encodeXid),
  fc.tuple(fc.integer({ min: 0, max: 2 ** 53 - 1 }), fc.integer({ min: 0, max: 1023 })).map(([us, c]) => encodeTid(us, c)),
  bytes16.map(encodeScru128),
  bytes16.map(formatXray),
  fc.tuple(bytes16, bytes(8), fc.integer({ min: 0, max: 255 })).map(([t, p, f]) => `00-${bytesToHex(t)}-${bytesToHex(p)}-${f.toString(16).padStart(2, '0')}`),
  fc.string({ unit: fc.constantFrom(...PUSH_CHARS), minLength: 19, maxLength: 19 }).map((s) => `-${s}`),
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefghijklmnopqrstuvwxyz'), minLength: 24, maxLength: 24 }).map((s) => `c${s}`),
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefghijklmnopqrstuvwxyz'), minLength: 23, maxLength: 31 }).map((s) => `k${s}`),
);
const mutatedId = fc.tuple(validId, fc.nat(), fc.constantFrom(...FRAGMENTS), fc.constantFrom('insert', 'delete', 'replace', 'case'))
  .map(([id, at, piece, edit]) => {
    const i = at % (id.length + 1);
    if (edit === 'insert') return id.slice(0, i) + piece + id.slice(i);
    if (edit === 'delete') return id.slice(0, i) + id.slice(i + 1);
    if (edit === 'replace') return id.slice(0, i) + piece + id.slice(i + 1);
    return id.slice(0, i) + id.slice(i).toUpperCase();
  });

describe('fuzz: parsers and scanner on arbitrary text', () => {
  for (const [name, check] of ENTRY_POINTS) {
    it(`${name}: returns a well-formed result or throws IdError on arbitrary strings`, () => {
      fc.assert(fc.property(anyText, (t) => check(t)), { numRuns: RUNS });
    });
    it(`${name}: same on valid IDs with one edit`, () => {
      fc.assert(fc.property(fc.oneof(validId, mutatedId), (t) => check(t)), { numRuns: RUNS });
    });
  }
});

describe('fuzz: no hang on long and adversarial input', () => {
  // Shapes that make backtracking regexes go quadratic or exponential: long runs of an ID
  // alphabet that never complete an ID, near-misses repeated, separators that keep a match open.
  const adversarial: [string, string][] = [
    ['50,000 hex digits', 'f'.repeat(50_000)],
    ['50,000 zeros', '0'.repeat(50_000)],
    ['50,000 base32 Z', 'Z'.repeat(50_000)],
    ['50,000 base62 chars', 'aZ9'.repeat(16_667)],
    ['50,000 digits', '1'.repeat(50_000)],
    ['digit runs of 19 and 21', '1234567890123456789 123456789012345678901 '.repeat(1_200)],
    ['a_ repeated', 'a_'.repeat(25_000)],
    ['a_ repeated then a suffix', `${'a_'.repeat(25_000)}01h455vb4pex5vsknk084sn02q`],
    ['long prefix-like runs', `${'a'.repeat(62)}_`.repeat(800)],
    ['hex with dashes', '00000000-'.repeat(5_600)],
    ['short dashed groups', '0000-'.repeat(10_000)],
    ['dashes', '-'.repeat(50_000)],
    ['a- repeated', 'a-'.repeat(25_000)],
    ['open braces', `${'{'.repeat(25_000)}${'f'.repeat(25_000)}`],
    ['urn prefixes', 'urn:uuid:'.repeat(5_600)],
    ['25-char near-ULIDs', '01ARYZ6S41TSV4RRFFQ69G5FA'.repeat(2_000)],
    ['35-char near-UUIDs', '01563df3-6481-d676-4c61-efb99302bd5'.repeat(1_430)],
    ['hex alphabet cycled', '0123456789abcdef'.repeat(3_125)],
    ['accented letters', 'é'.repeat(50_000)],
    ['emoji', '😀'.repeat(25_000)],
    ['time-like', '2024-01-02T03:04:05'.repeat(2_700)],
    ['relative-time-like', `-1${' '.repeat(50_000)}h`],
    ['ago-like', `1${'h'.repeat(50_000)} ag`],
  ];
  const bigRandom = fc.sample(fc.string({ unit: 'binary', minLength: 100_000, maxLength: 100_000 }), { numRuns: 1, seed: 7 })[0]!;
  const bigIdish = fc.sample(fc.string({ unit: fc.constantFrom(...FRAGMENTS), minLength: 50_000, maxLength: 50_000 }), { numRuns: 1, seed: 7 })[0]!;
  adversarial.push(['100 KB of arbitrary unicode', bigRandom], ['50,000 ID fragments', bigIdish]);

  for (const [label, text] of adversarial) {
    it(`every entry point returns promptly on ${label} (${text.length} chars)`, () => {
      for (const [, check] of ENTRY_POINTS) check(text);
    });
  }
});

describe('scanner: no ID where none can be', () => {
  // Words of at most 8 letters/digits cannot hold any scanned kind (the shortest, a snowflake,
  // needs far more digits to be told from a number), and these separators join no format.
  const word = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEFxyzXYZ'), minLength: 1, maxLength: 8 });
  const separator = fc.constantFrom(' ', '\n', '\t', '.', ',', ';', '(', ')', '[', ']', '"', "'", '=', '+', '*', '/', '<', '>', '!', '?', '#', '@', '$', '%', '&', '|', '~', '`');
  const foreign = fc.string({ unit: fc.constantFrom('α', 'ω', 'Ж', '中', '文', 'é', '😀', '\u00a0'), maxLength: 20 });
  const noIdText = fc.array(fc.tuple(fc.oneof(word, foreign), separator), { maxLength: 40 })
    .map((parts) => parts.map(([w, s]) => w + s).join(''));

  it('scan finds nothing in text made of short words, punctuation and non-Latin letters', () => {
    fc.assert(fc.property(noIdText, (t) => {
      assert.deepEqual(checkScan(t).map((m) => m.text), []);
      assert.deepEqual(checkScan(t, { snowflakes: true }).map((m) => m.text), []);
    }), { numRuns: 1000 });
  });

  it('idAt finds nothing at any offset of such text', () => {
    fc.assert(fc.property(noIdText, fc.nat(), (t, at) => {
      const offset = at % (t.length + 1);
      assert.equal(idAt(t, offset), undefined);
    }), { numRuns: 1000 });
  });
});

describe('scanner: finds IDs that are there, exactly', () => {
  const gap = fc.constantFrom(' ', '\n', '"', "'", '(', ')', ', ', ' = ', '/', ':');
  const embedded = fc.array(fc.tuple(gap, fc.oneof(
    realisticTime128.map(encodeUlid),
    bytes16.map((b) => formatUuid(asV7(b))),
    realisticTime128.map((b) => formatUuid(asV7(b))),
    fc.tuple(fc.stringMatching(/^[a-z]{1,10}$/), realisticTime128).map(([p, b]) => encodeTypeId(p, asV7(b))),
  )), { minLength: 1, maxLength: 12 });

  it('scan reports each embedded ULID, UUID and TypeID at its offset, and nothing else', () => {
    fc.assert(fc.property(embedded, gap, (parts, tail) => {
      let text = '';
      const expected: { start: number; text: string }[] = [];
      for (const [g, id] of parts) {
        text += g;
        expected.push({ start: text.length, text: id });
        text += id;
      }
      text += tail;
      const found = checkScan(text, { now: NOW }).map((m) => ({ start: m.start, text: m.text }));
      assert.deepEqual(found, expected);
      for (const m of scan(text, { now: NOW })) {
        const at = idAt(text, m.start + ((m.end - m.start) >> 1), { now: NOW });
        assert.ok(at && at.start === m.start && at.end === m.end, `idAt disagrees with scan at ${m.start}`);
      }
    }), { numRuns: RUNS });
  });
});

describe('round trips on arbitrary valid IDs', () => {
  it('ULID: bytes -> text -> bytes, in either case', () => {
    fc.assert(fc.property(bytes16, (b) => {
      const text = encodeUlid(b);
      assert.deepEqual(parseUlid(text), b);
      assert.deepEqual(parseUlid(text.toLowerCase()), b);
      assert.equal(decodeUlid(text).valid, true);
    }), { numRuns: 1000 });
  });

  it('UUID: bytes -> every written form -> bytes', () => {
    fc.assert(fc.property(bytes16, (b) => {
      const text = formatUuid(b);
      assert.match(text, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      for (const form of [text, text.toUpperCase(), `{${text}}`, `urn:uuid:${text}`, text.replaceAll('-', '')]) {
        assert.deepEqual(parseUuid(form), b, form);
      }
    }), { numRuns: 1000 });
  });

  it('TypeID: prefix and bytes -> text -> prefix and bytes', () => {
    fc.assert(fc.property(typeIdPrefix, bytes16, (p, b) => {
      assert.deepEqual(parseTypeId(encodeTypeId(p, b)), { prefix: p, bytes: b });
    }), { numRuns: 1000 });
  });

  it('KSUID and ObjectId: bytes -> text -> bytes', () => {
    fc.assert(fc.property(bytes(20), bytes(12), (k, o) => {
      const ksuid = encodeKsuid(k);
      assert.equal(ksuid.length, 27);
      assert.deepEqual(parseKsuid(ksuid), k);
      assert.deepEqual(parseObjectId(encodeObjectId(o)), o);
      assert.deepEqual(parseObjectId(encodeObjectId(o).toUpperCase()), o);
    }), { numRuns: 1000 });
  });

  it('snowflake: any 64-bit value -> decimal -> value', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), (n) => {
      assert.equal(parseSnowflake(n.toString()), n);
      assert.equal(decodeSnowflake(n.toString()).valid, true);
    }), { numRuns: 1000 });
  });

  it('snowflake: the decoder\'s two 32-bit halves hold the exact value (bytes, time and fields agree with BigInt)', () => {
    const twitter = formatById('snowflake')!;
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), (n) => {
      // Discord's 42-bit time uses all 64 bits; Twitter's 41 bits leave the sign bit clear.
      const d = twitter.decode(n.toString(), { snowflake: SNOWFLAKE_PRESETS.discord });
      assert.deepEqual(d.bytes, bigIntToBytes(n, 8));
      assert.equal(d.unixMs, SNOWFLAKE_PRESETS.discord.epochMs + Number(n >> 22n));
      assert.equal(d.fields['sequence'], Number(n & 4095n));
      assert.equal(twitter.decode(n.toString(), { snowflake: SNOWFLAKE_PRESETS.twitter }).valid, n < 2n ** 63n);
    }), { numRuns: 2000 });
    for (const text of ['18446744073709551616', '99999999999999999999', '1844674407370955161a', '-1', '1e5', ' 1']) {
      assert.equal(twitter.decode(text, { snowflake: SNOWFLAKE_PRESETS.twitter }).valid, false, text);
    }
  });

  it('128-bit representations: to128 -> parse128 gives the same bytes', () => {
    fc.assert(fc.property(bytes16, (b) => {
      for (const target of ['ulid', 'uuid', 'hex', 'int', 'base64', 'base64url'] as const) {
        const text = to128(b, target);
        // A 26- or 32-digit decimal reads as a ULID or hex by shape (pinned in convert.test.ts):
        // naming the form reads it back exactly, whatever its length.
        assert.deepEqual(parse128(text, target).bytes, b, `${target}: ${text}`);
        if (!(target === 'int' && (text.length === 26 || text.length === 32))) assert.deepEqual(parse128(text).bytes, b, `${target}: ${text}`);
      }
    }), { numRuns: 1000 });
  });

  it('convert: ULID -> every target -> back to the same ULID', () => {
    fc.assert(fc.property(bytes16, (b) => {
      const ulid = encodeUlid(b);
      const uuid = formatUuid(b);
      assert.equal(convert(ulid, 'uuid'), uuid);
      assert.equal(convert(uuid, 'ulid'), ulid);
      assert.equal(convert(ulid, 'hex'), bytesToHex(b));
      assert.equal(BigInt(convert(ulid, 'int')), BigInt(`0x${bytesToHex(b)}`));
      assert.equal(convert(ulid, 'base64'), bytesToBase64(b));
      assert.equal(convert(ulid, 'base64url'), bytesToBase64Url(b));
      assert.equal(convert(ulid, 'typeid:user'), encodeTypeId('user', b));
      assert.equal(convert(uuid, 'uuid-upper'), uuid.toUpperCase());
      assert.equal(convert(uuid, 'uuid-braces'), `{${uuid}}`);
      assert.equal(convert(uuid, 'uuid-urn'), `urn:uuid:${uuid}`);
      const forms = { hex: 'hex', int: 'int', base64: 'base64', base64url: 'base64url', 'typeid:user': 'typeid', 'uuid-upper': 'uuid', 'uuid-braces': 'uuid', 'uuid-urn': 'uuid' } as const;
      for (const [target, from] of Object.entries(forms)) {
        // An integer of 26 or 32 digits is also a ULID / hex by shape: the round trip names its form.
        assert.equal(convert(convert(ulid, target), 'ulid', { from }), ulid, target);
      }
    }), { numRuns: 500 });
  });

  it('UUID v1 <-> v6: lossless, same time', () => {
    fc.assert(fc.property(bytes16.map(asV1), (v1) => {
      const v6 = v1ToV6(v1);
      assert.equal(v6[6]! >> 4, 6);
      assert.deepEqual(v6ToV1(v6), v1);
      const [a, b] = [decodeUuid(formatUuid(v1)), decodeUuid(formatUuid(v6))];
      assert.equal(a.timePrecise ?? a.time, b.timePrecise ?? b.time);
      assert.equal(convert(convert(formatUuid(v1), 'uuidv6'), 'uuidv1'), formatUuid(v1));
    }), { numRuns: 1000 });
  });
});
