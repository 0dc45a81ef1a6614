// A duplicate's replacement (FormatModule.sibling through the check's replaceIds): for every
// format that has one, a new ID of the same kind, version, prefix, layout and spelling, at the
// same time unit unless a time is asked for, distinct from every ID in the file. The formats
// come from the registry; a sample of each is made by its generator or, for formats Idsmith
// does not generate, by its reference library.
import { strict as assert } from 'node:assert';
import cuidLib from 'cuid';
// @ts-expect-error: the package ships no types; it exports one function returning a string.
import pushidLibUntyped from 'pushid';
import { Scru128Id } from 'scru128';
import {
  FORMATS, checkText, cryptoRandom, decodeAs, generate, identitiesOf, readings, replaceIds, type DecodedId, type FormatModule,
} from '../../src/core';
import { atTime } from './helpers';

const pushidLib = pushidLibUntyped as () => string;
const T = Date.UTC(2024, 4, 17, 9, 30, 12, 345);
const LATER = Date.UTC(2025, 2, 5, 8, 0, 0, 678);

/** Samples of each format at T, in the spellings the format is written in. */
function samples(f: FormatModule): string[] {
  const g = (kind: string, o: Record<string, unknown> = {}) => generate(kind, { timeMs: T, ...o })[0]!;
  switch (f.id) {
    case 'ulid': { const u = g('ulid'); return [u, u.toLowerCase()]; }
    case 'uuid': {
      const v7 = g('uuidv7');
      return [v7, v7.toUpperCase(), `{${v7}}`, `urn:uuid:${v7}`, v7.replace(/-/g, ''), g('uuidv1'), g('uuidv6'), generate('uuidv4')[0]!];
    }
    case 'snowflake': return [g('snowflake', { epoch: 'discord', workerId: 3, processId: 2 })];
    case 'typeid': return [g('typeid', { prefix: 'user' })];
    case 'objectid': { const o = g('objectid'); return [o, o.toUpperCase()]; }
    case 'scru128': { const s = Scru128Id.fromFields(T, 0x123456, 0x654321, 0xdeadbeef).toString(); return [s, s.toUpperCase()]; }
    case 'pushid': return [atTime(T, () => pushidLib())];
    case 'cuid': return [atTime(T, () => (cuidLib as unknown as () => string)())];
    case 'cuid2': return [g('cuid2')];
    // The AWS X-Ray documentation's example, and W3C Trace Context's.
    case 'xray': return ['1-5759e988-bd862e3fe1be46a994272793'];
    case 'traceparent': return ['00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'];
    default: {
      const kind = f.generators.find((x) => x.hasTime)?.kind;
      return kind ? [g(kind)] : [];
    }
  }
}

/** The reading of `text` as `f` (snowflakes under the layout they were made with). */
function read(f: FormatModule, text: string): DecodedId {
  return f.id === 'snowflake' ? decodeAs('snowflake', text, 'discord') : decodeAs(f.id, text);
}

/** What a spelling keeps: punctuation in place, and (where case is not part of the value) which cases its letters are in. */
function spelling(f: FormatModule, text: string): string {
  const shape = f.shapes[0]!;
  const skeleton = text.replace(shape.alphabet === 'base64url' ? /[0-9A-Za-z_-]/g : /[0-9A-Za-z]/g, 'x');
  return shape.case === 'significant' ? skeleton : `${skeleton} upper:${/[A-Z]/.test(text)} lower:${/[a-z]/.test(text)}`;
}

/** The time unit an ID holds, as the number its format counts (ms, seconds, µs for a TID). */
function unit(d: DecodedId): string {
  return d.timePrecise ?? (d.unixMs === undefined ? 'none' : String(d.format.time && d.format.time.resolutionMs >= 1000 ? Math.floor(d.unixMs / 1000) : d.unixMs));
}

describe('check: replacing a duplicate (sibling)', () => {
  const withSibling = FORMATS.filter((f) => f.sibling);
  before(() => {
    console.log(`      formats without a sibling: ${FORMATS.filter((f) => !f.sibling).map((f) => f.id).join(', ')}`);
  });

  it('every format with a sibling has samples here', () => {
    for (const f of withSibling) assert.ok(samples(f).length > 0, f.id);
  });

  for (const f of FORMATS.filter((x) => x.sibling)) {
    it(`${f.id}: another valid ID of its kind and spelling, at its own time unit; 200 replacements all distinct`, () => {
      for (const text of samples(f)) {
        const d = read(f, text);
        const epoch = f.id === 'snowflake' ? 'discord' : undefined;
        const taken = new Set<string>();
        const all = replaceIds(Array.from({ length: 200 }, () => ({ kind: f.id, text })), taken, { epoch });
        assert.equal(new Set(all.map((r) => ('text' in r ? r.text : r.reason))).size, 200, `${text}: ${JSON.stringify(all[0])}`);
        for (const r of all) {
          assert.ok('text' in r, `${text}: ${JSON.stringify(r)}`);
          const fresh = r.text;
          const e = read(f, fresh);
          assert.equal(e.kind, f.id, `${text} -> ${fresh}`);
          assert.equal(e.version, d.version, `${text} -> ${fresh}: version`);
          assert.equal(unit(e), unit(d), `${text} -> ${fresh}: time unit`);
          assert.equal(spelling(f, fresh), spelling(f, text), `${text} -> ${fresh}: spelling`);
          assert.equal(e.fields['prefix'], d.fields['prefix']);
          assert.notEqual(fresh, text);
        }
        // Read back as this kind by what reads free text, too (not, say, a ULID taken for a SCRU128).
        assert.equal(readings((all[0] as { text: string }).text)[0]?.kind, readings(text)[0]?.kind, text);
      }
    });
  }

  it('keeps the node fields of a snowflake and of an XID; draws the sequence and the counter', () => {
    const [sf] = generate('snowflake', { timeMs: T, epoch: 'discord', workerId: 3, processId: 2 });
    const d = decodeAs('snowflake', sf!, 'discord');
    const e = decodeAs('snowflake', d.format.sibling!(d, cryptoRandom), 'discord');
    assert.deepEqual([e.fields['workerId'], e.fields['processId']], [3, 2]);
    const [x] = generate('xid', { timeMs: T });
    const xd = decodeAs('xid', x!);
    const xe = decodeAs('xid', xd.format.sibling!(xd, cryptoRandom));
    assert.deepEqual([xe.fields['machine'], xe.fields['pid']], [xd.fields['machine'], xd.fields['pid']]);
  });

  it('a time asked for is the new ID\'s time unit, in every format that holds one', () => {
    for (const f of withSibling) {
      for (const text of samples(f)) {
        const d = read(f, text);
        if (d.unixMs === undefined) continue;
        const [r] = replaceIds([{ kind: f.id, text }], new Set(), { timeMs: LATER, epoch: f.id === 'snowflake' ? 'discord' : undefined });
        assert.ok(r && 'text' in r, `${f.id} ${text}: ${JSON.stringify(r)}`);
        const e = read(f, r.text);
        const resolution = (f.time?.resolutionMs ?? 1) >= 1000 ? 1000 : 1;
        assert.equal(e.unixMs, Math.floor(LATER / resolution) * resolution, `${f.id} ${text} -> ${r.text}`);
      }
    }
  });

  it('says why where there is nothing to draw again: name-based UUIDs, ambiguous snowflakes', () => {
    const [v5] = generate('uuidv5', { name: 'example.com' });
    const r = replaceIds([{ kind: 'uuid', text: v5! }, { kind: 'snowflake', text: '1288834974657000000' }], new Set());
    assert.match((r[0] as { reason: string }).reason, /name-based v5/);
    assert.match((r[1] as { reason: string }).reason, /ambiguous/);
  });
});

describe('check: replacements are distinct from the file', () => {
  // A layout with a 2-bit sequence: four IDs per millisecond of one node.
  const LAYOUT = 'epoch=2020-01-01,time=41,node=20,seq=2';

  it('a snowflake whose every other sequence value is taken gets the one left, whatever the draws', () => {
    const base = (BigInt(T - Date.UTC(2020, 0, 1)) << 22n) | (12345n << 2n);
    const file = [0n, 1n, 2n].map((s) => (base | s).toString());
    const text = `id\n${file.join('\n')}\n${file[0]}\n`;
    const result = checkText(text, { fileName: 'a.csv', epoch: LAYOUT });
    assert.deepEqual(result.problems.map((p) => p.code), ['duplicate']);
    const taken = identitiesOf(result.ids, LAYOUT);
    for (let i = 0; i < 20; i++) {
      const [r] = replaceIds([{ kind: 'snowflake', text: file[0]! }], new Set(taken), { epoch: LAYOUT });
      assert.deepEqual(r, { text: (base | 3n).toString() });
    }
    // With all four taken, none is made up.
    const full = new Set(taken);
    replaceIds([{ kind: 'snowflake', text: file[0]! }], full, { epoch: LAYOUT });
    const [none] = replaceIds([{ kind: 'snowflake', text: file[0]! }], full, { epoch: LAYOUT });
    assert.match((none as { reason: string }).reason, /already in the file/);
  });

  it('an ID the random source would repeat is drawn again; replacements of one batch differ', () => {
    const [u] = generate('ulid', { timeMs: T });
    // A source that gives the same bytes twice, then others: the second replacement must not copy the first.
    let calls = 0;
    const random = (b: Uint8Array) => b.fill(calls++ < 2 ? 7 : calls);
    const out = replaceIds([{ kind: 'ulid', text: u! }, { kind: 'ulid', text: u! }], new Set([`ulid:${'0'.repeat(32)}`]), { random });
    const texts = out.map((r) => (r as { text: string }).text);
    assert.equal(new Set(texts).size, 2);
    assert.ok(texts.every((t) => t.slice(0, 10) === u!.slice(0, 10)), 'the same millisecond');
  });
});
