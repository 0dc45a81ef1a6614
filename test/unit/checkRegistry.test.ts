// The fixture check reads every format's rules from the registry (FormatModule.check): labels,
// identity names, time order, the decoder and its corrections. The tables here are generated
// from FORMATS, so a format added to the registry is covered without editing this file; what a
// format leaves out is printed with its reason.
import { strict as assert } from 'node:assert';
import { Scru128Id } from 'scru128';
import { FORMATS, checkText, decodeAs, generate, generatorFor, labelOf, scan, type CheckResult, type FormatModule } from '../../src/core';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const T0 = Date.UTC(2024, 0, 1);
const HOUR = 3_600_000;

// Snowflakes are read with the layout the generator writes by default.
const check = (text: string, fileName: string): CheckResult => checkText(text, { fileName, now: NOW, epoch: 'twitter' });
const codes = (r: CheckResult) => r.problems.map((p) => p.code);

/** The format's first generator that takes a time and ascends, if any (UUID: v6). */
function timedKind(f: FormatModule): string | undefined {
  return f.generators.find((g) => g.hasTime && g.ascending)?.kind;
}

/**
 * IDs of `kind` at these hours after T0, each one the scanner finds on its own (a TSID of hex
 * digits only is taken for a hash in free text, and so in an unlabelled column).
 */
function idsAt(kind: string, hours: readonly number[]): string[] {
  return hours.map((h) => {
    for (;;) {
      const [id] = generate(kind, { timeMs: T0 + h * HOUR });
      if (scan(id!, { epoch: 'twitter', now: NOW }).length === 1) return id!;
    }
  });
}

describe('check: labels from the registry', () => {
  it('a label is a word of the name, in any case style, with a version where the format has one', () => {
    assert.deepEqual(labelOf('order_ulid'), { kind: 'ulid' });
    assert.deepEqual(labelOf('orderUlid'), { kind: 'ulid' });
    assert.deepEqual(labelOf('ORDER-ULID'), { kind: 'ulid' });
    assert.deepEqual(labelOf('ulids'), { kind: 'ulid' });
    assert.deepEqual(labelOf('ulid_str'), { kind: 'ulid' });
    assert.deepEqual(labelOf('uuid_v7'), { kind: 'uuid', version: 7 });
    assert.deepEqual(labelOf('uuidv4'), { kind: 'uuid', version: 4 });
    assert.deepEqual(labelOf('UUIDv6'), { kind: 'uuid', version: 6 });
    assert.deepEqual(labelOf('userGUID'), { kind: 'uuid' });
    assert.deepEqual(labelOf('objectId'), { kind: 'objectid' });
    assert.deepEqual(labelOf('object_id'), { kind: 'objectid' });
    assert.deepEqual(labelOf('event_tsid'), { kind: 'tsid' });
    assert.deepEqual(labelOf('scru128'), { kind: 'scru128' });
  });

  it('names that only contain a format name, or name a part of one, are no labels', () => {
    // `short_ulid` holds a shortened ULID; `guidance`, `ulid_time` and `uuid_prefix` no ULID or UUID at all.
    for (const name of ['short_ulid', 'partialUuid', 'guidance', 'ulid_time', 'uuid_prefix', 'ulid_len', 'tid', 'xid', 'typeId', 'id', 'customer']) {
      assert.equal(labelOf(name), undefined, name);
    }
  });

  it('a short_ulid column is not held to the ULID shape; an order_ulid column is', () => {
    const text = 'short_ulid,order_ulid\n01ARYZ6S41,01ARYZ6S41\n';
    const r = check(text, 'a.csv');
    assert.deepEqual(r.problems.map((p) => [p.code, p.path]), [['invalid', 'column order_ulid']]);
  });

  it('every format with labels: a labelled text that is no valid ID is reported, named by the registry label', () => {
    const labelled = FORMATS.filter((f) => (f.check?.labels ?? []).length > 0);
    console.log(`      formats without labels: ${FORMATS.filter((f) => !labelled.includes(f)).map((f) => f.id).join(', ')}`);
    for (const f of labelled) {
      const key = f.check!.labels![0]!.join('_');
      const text = JSON.stringify([{ [key]: 'x'.repeat(7) + '!@#'.repeat(5) }]);
      const r = check(text, 'a.json');
      assert.deepEqual(codes(r), ['invalid'], f.id);
      assert.match(r.problems[0]!.message, new RegExp(`^invalid ${f.label.replace(/[.()]/g, '\\$&')} under '${key}'`), f.id);
    }
  });

  it('a one-word label is an identity name: a repeat is a duplicate at once, not after the column is judged', () => {
    for (const f of FORMATS) {
      const one = f.check?.labels?.find((l) => l.length === 1);
      const kind = timedKind(f);
      if (!one || !kind) continue;
      const [a, b] = idsAt(kind, [1, 2]);
      // Three values, one repeated: too few for the "nearly all distinct" rule of other keys.
      const r = check(JSON.stringify([{ [one[0]!]: a }, { [one[0]!]: b }, { [one[0]!]: a }]), 'a.json');
      assert.deepEqual(codes(r), ['duplicate'], f.id);
    }
  });
});

describe('check: time order and identity from the registry', () => {
  it('every time-ordered format with a generator: a column that ascends but for one step back gets one unsorted', () => {
    const covered: string[] = [];
    for (const f of FORMATS) {
      const kind = timedKind(f);
      if (!f.check?.timeOrdered || !kind) continue;
      const ids = idsAt(kind, [0, 1, 2, 5, 3, 6, 7, 8, 9, 10]);
      const r = check(`id\n${ids.join('\n')}\n`, 'a.csv');
      assert.deepEqual(codes(r), ['unsorted'], `${f.id}: ${r.problems.map((p) => p.message).join('; ')}`);
      assert.equal(r.problems[0]!.text, ids[4]);
      covered.push(f.id);
    }
    // The formats the old private list left out are among them.
    for (const id of ['tsid', 'xid', 'tid']) assert.ok(covered.includes(id), id);
  });

  it('a time-ordered format without a generator here is ordered too (SCRU128)', () => {
    // SCRU128s an hour apart, written by the reference library.
    const ids = [0, 1, 2, 5, 3, 6, 7, 8, 9, 10].map((h) => Scru128Id.fromFields(T0 + h * HOUR, 0x123456, 0x654321, 0xdeadbeef).toString());
    const r = check(`id\n${ids.join('\n')}\n`, 'a.csv');
    assert.deepEqual(codes(r), ['unsorted']);
    assert.equal(r.problems[0]!.text, ids[4]);
  });

  it('UUIDs: only versions 6 and 7 are time-ordered', () => {
    const v7 = idsAt('uuidv7', [0, 1, 2, 5, 3, 6, 7, 8]);
    assert.deepEqual(codes(check(`id\n${v7.join('\n')}\n`, 'a.csv')), ['unsorted']);
    const v1 = idsAt('uuidv1', [0, 1, 2, 5, 3, 6, 7, 8]);
    assert.deepEqual(codes(check(`id\n${v1.join('\n')}\n`, 'a.csv')), []);
  });

  it('spellings of one value are one ID; TypeIDs with one suffix and two prefixes are two', () => {
    const [u7] = generate('uuidv7', { timeMs: T0 });
    const r = check(`id\n${u7}\n${u7!.toUpperCase()}\n${u7!.replace(/-/g, '')}\n`, 'a.csv');
    assert.deepEqual(codes(r), ['duplicate', 'duplicate']);
    const [u] = generate('typeid', { timeMs: T0, prefix: 'user' });
    assert.equal(decodeAs('typeid', u!).bytes?.length, 16, 'the prefix is not in the bytes');
    const suffix = u!.slice('user_'.length);
    assert.deepEqual(codes(check(`id\nuser_${suffix}\npost_${suffix}\n`, 'a.csv')), []);
    assert.deepEqual(codes(check(`id\nuser_${suffix}\nuser_${suffix}\n`, 'a.csv')), ['duplicate']);
  });
});

describe('check: decoding a found ID again', () => {
  it('decodeAs reads every kind the registry decodes, and says why text is not one', () => {
    const missing: string[] = [];
    for (const f of FORMATS) {
      const kind = generatorFor(f.id) ? f.id : f.generators[0]?.kind;
      if (!kind || f.shapes.length === 0) {
        missing.push(f.id);
        continue;
      }
      const [text] = generate(kind, { timeMs: T0, ...(kind === 'uuidv3' || kind === 'uuidv5' ? { name: 'x' } : {}) });
      assert.equal(decodeAs(f.id, text!).kind, f.id, f.id);
    }
    console.log(`      formats without a generator or a shape of their own, not generated here: ${missing.join(', ')}`);
    for (const kind of ['xid', 'tsid', 'tid', 'scru128', 'pushid']) {
      assert.throws(() => decodeAs(kind, 'not an id'), (e: Error) => e.name === 'IdError', kind);
    }
  });
});

describe('check: a labelled or identity-keyed ID far in the future', () => {
  // 2045: outside the scanner's plausible years (now + 10).
  const [FAR] = generate('ulid', { timeMs: Date.UTC(2045, 0, 1) }) as [string];

  it('two identical 2045 ULIDs under "id" are a duplicate, and both say they are from the future', () => {
    const text = JSON.stringify([{ id: FAR }, { id: FAR }]);
    const r = check(text, 'a.json');
    assert.deepEqual(codes(r), ['future', 'duplicate', 'future']);
    assert.match(r.problems[0]!.message, /^ULID dated 2045-/);
  });

  it('under a ULID label too; under an ordinary key the scanner rules still apply', () => {
    assert.deepEqual(codes(check(`ulid\n${FAR}\n${FAR}\n`, 'a.csv')), ['future', 'duplicate', 'future']);
    assert.deepEqual(codes(check(JSON.stringify([{ note: FAR }, { note: FAR }]), 'a.json')), []);
  });
});
