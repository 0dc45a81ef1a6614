import { strict as assert } from 'node:assert';
import {
  FORMATS, GEN_KINDS, SNOWFLAKE_PRESETS, TIME_ORDERED_KINDS, acceptedShapes, boundsKinds, formatById, generate, generatorFor, generatorKinds,
  idOfBytes, readings, represent, representation, timedKinds,
} from '../../src/core';
import { ULID_SPEC, UUID_V7_RFC } from '../shared/vectors';

// The registry is the one list of formats: these checks keep each module complete and the
// lists that other code reads from it consistent.

describe('format registry', () => {
  it('lists each format once, by a lower-case id, with a label', () => {
    const ids = FORMATS.map((f) => f.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const f of FORMATS) {
      assert.match(f.id, /^[a-z0-9]+$/, f.id);
      assert.ok(f.label.length > 0, f.id);
      assert.equal(formatById(f.id), f);
    }
    assert.equal(formatById('constructor'), undefined);
    assert.equal(formatById('__proto__'), undefined);
  });

  it('generates the kinds of the GenKind list first (new formats add theirs after), time-ordered ones ascending', () => {
    assert.deepEqual(generatorKinds().slice(0, GEN_KINDS.length), [...GEN_KINDS]);
    assert.deepEqual(GEN_KINDS.filter((k) => generatorFor(k)!.ascending), [...TIME_ORDERED_KINDS]);
    assert.deepEqual(timedKinds(), GEN_KINDS.filter((k) => k === 'uuidv1' || TIME_ORDERED_KINDS.includes(k)));
  });

  for (const kind of GEN_KINDS) {
    it(`reads back what it generates: ${kind}`, () => {
      const opts = kind === 'uuidv3' || kind === 'uuidv5' ? { name: 'x' } : kind === 'typeid' ? { prefix: 'user' } : {};
      const [id] = generate(kind, opts);
      const spec = generatorFor(kind)!;
      if (kind === 'nanoid') return; // random text: nothing to read back
      // Formats read only when named (a Flake ID is any decimal) are read back as themselves.
      const own = FORMATS.find((f) => f.generators.includes(spec))!;
      const guessed = own.shapes.some((s) => !s.asked && s.test(id!));
      const first = guessed
        ? readings(id!, { snowflake: SNOWFLAKE_PRESETS.twitter })[0]
        : readings(id!, { snowflake: SNOWFLAKE_PRESETS.twitter }, 'all').find((d) => d.format === own);
      assert.ok(first, `${kind}: some shape accepts ${id}`);
      assert.equal(first.valid, true, `${kind}: ${first.error}`);
      if (spec.hasTime) assert.ok(Math.abs(first.unixMs! - Date.now()) < 60_000, `${kind}: time of ${id}`);
      // Every representation comes from the decoded value and never throws on the normal path.
      for (const r of represent(first)) assert.ok(r.value.length > 0 && r.value !== id, `${kind} -> ${r.target}`);
    });
  }

  it('orders the readings of a text two shapes accept: valid first, then priority', () => {
    const zeros26 = '0'.repeat(26);
    assert.deepEqual(readings(zeros26).map((d) => [d.kind, d.valid]), [['ulid', true], ['snowflake', false]]);
    const nines26 = '9'.repeat(26);
    assert.deepEqual(readings(nines26).map((d) => [d.kind, d.valid]), [['ulid', false], ['snowflake', false]]);
  });

  it('writes a v7 UUID without a v6 or v1 form instead of throwing', () => {
    const [v7] = readings(UUID_V7_RFC);
    const targets = represent(v7!).map((r) => r.target);
    assert.ok(!targets.includes('uuidv6') && !targets.includes('uuidv1'), targets.join());
    assert.deepEqual(represent(v7!, { hoverOnly: true }).map((r) => r.target), ['ulid', 'int', 'hex']);
  });

  it('writes representations from the decoded bytes, never from the text again', () => {
    const [ulid] = readings(ULID_SPEC);
    // The same value with text that no parser accepts: only the bytes can produce the forms.
    const bytesOnly = idOfBytes(ulid!.bytes!, 'not an id at all');
    // Forms listed only for some spellings (.NET order for UUIDs) differ by design: left out.
    const others = (r: { target: string }) => r.target !== 'uuid' && r.target !== 'ulid' && !representation(128, r.target)?.listedFor;
    assert.deepEqual(represent(bytesOnly).filter(others), represent(ulid!).filter(others));
    assert.equal(represent(bytesOnly).find((r) => r.target === 'ulid')!.value, ULID_SPEC);
  });

  it('bounds every kind whose text order is time order, as its format declares', () => {
    // These at least; a format added with bounds is checked by the loop below without an edit here.
    const kinds = boundsKinds().map((k) => k.kind);
    for (const k of ['ksuid', 'objectid', 'scru128', 'snowflake', 'tid', 'tsid', 'typeid', 'ulid', 'uuidv7', 'xid']) assert.ok(kinds.includes(k), k);
    for (const spec of boundsKinds()) {
      const codec = spec.codec({ snowflake: SNOWFLAKE_PRESETS.discord, prefix: 'user' });
      const ms = Date.UTC(2024, 4, 1, 12, 0, 0);
      assert.equal(codec.timeOf(codec.text(ms, false)), Math.floor(ms / codec.unitMs) * codec.unitMs, spec.kind);
      assert.ok(codec.text(ms, false) < codec.text(ms, true) || spec.kind === 'snowflake', spec.kind);
    }
  });

  it('names every format with a shape in the "not an ID" message', () => {
    const text = acceptedShapes();
    for (const f of FORMATS) if (f.shapes.length > 0) assert.ok(text.includes(f.shapes.every((s) => s.asked) ? f.id : f.label), f.id);
  });
});
