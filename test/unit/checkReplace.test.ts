// A duplicate's replacement (the check's replaceIds, on the registry's regenerate plans): for
// every format whose IDs can be regenerated, a new ID of the same kind, version, prefix and
// spelling, at the same time unit unless a time is asked for, distinct from every ID in the
// file. The formats come from the registry; a sample of each is made by its generators, and
// the formats that refuse are printed with their reasons.
import { strict as assert } from 'node:assert';
import {
  FORMATS, checkText, decodeAs, generate, identitiesOf, readings, replaceIds, type DecodedId, type FormatModule,
} from '../../src/core';

const T = Date.UTC(2024, 4, 17, 9, 30, 12, 345);
const LATER = Date.UTC(2025, 2, 5, 8, 0, 0, 678);

/** Samples of each format at T: one per generator, and the other spellings a format is written in. */
function samples(f: FormatModule): string[] {
  const out: string[] = [];
  // A format without a shape is never found in a file (a NanoID is any text): nothing to replace.
  if (f.shapes.length === 0) return out;
  for (const g of f.generators) {
    const o = g.kind === 'uuidv3' || g.kind === 'uuidv5' ? { name: 'x' } : g.kind === 'typeid' ? { prefix: 'user' } : g.kind === 'snowflake' ? { epoch: 'discord' } : {};
    out.push(generate(g.kind, { ...(g.hasTime ? { timeMs: T } : {}), ...o })[0]!);
  }
  if (f.id === 'uuid') {
    const v7 = out.find((u) => decodeAs('uuid', u).version === 7)!;
    out.push(v7.toUpperCase(), `{${v7}}`, `urn:uuid:${v7}`, v7.replace(/-/g, ''));
  }
  if (f.id === 'ulid' || f.id === 'objectid') out.push(out[0]!.toLowerCase() === out[0] ? out[0]!.toUpperCase() : out[0]!.toLowerCase());
  return out;
}

/** The reading of `text` as `f` (snowflakes under the layout they were made with). */
function read(f: FormatModule, text: string): DecodedId {
  return f.id === 'snowflake' ? decodeAs('snowflake', text, 'discord') : decodeAs(f.id, text);
}

/** What a spelling keeps: punctuation in place, and (where case is not part of the value) which cases its letters are in. */
function spelling(f: FormatModule, text: string): string {
  const skeleton = text.replace(f.id === 'pushid' ? /[0-9A-Za-z_-]/g : /[0-9A-Za-z]/g, 'x');
  return f.shapes[0]!.case === 'significant' ? skeleton : `${skeleton} upper:${/[A-Z]/.test(text)} lower:${/[a-z]/.test(text)}`;
}

/** The time unit an ID holds: its second for formats that count seconds, else its millisecond. */
function unit(d: DecodedId): string {
  return d.unixMs === undefined ? 'none' : String((d.format.time?.resolutionMs ?? 1) >= 1000 ? Math.floor(d.unixMs / 1000) : d.unixMs);
}

const epochOf = (f: FormatModule) => (f.id === 'snowflake' ? 'discord' : undefined);

describe('check: replacing a duplicate', () => {
  const replaceable = FORMATS.filter((f) => samples(f).some((text) => 'text' in replaceIds([{ kind: f.id, text }], new Set(), { epoch: epochOf(f) })[0]!));
  before(() => {
    const refused = FORMATS.filter((f) => !replaceable.includes(f)).map((f) => `${f.id} (${f.notApplicable?.generate ?? 'no sample'})`);
    console.log(`      formats whose duplicates are not replaced: ${refused.join('; ')}`);
  });

  it('covers the formats the old quick fix refused', () => {
    for (const id of ['xid', 'tsid', 'tid', 'scru128', 'pushid']) assert.ok(replaceable.some((f) => f.id === id), id);
  });

  for (const f of replaceable) {
    it(`${f.id}: 200 replacements of one ID, each of its kind, version, prefix, spelling and time unit, all distinct`, () => {
      for (const text of samples(f)) {
        const d = read(f, text);
        if ('reason' in replaceIds([{ kind: f.id, text }], new Set(), { epoch: epochOf(f) })[0]!) continue; // a name-based UUID among the UUID samples
        const all = replaceIds(Array.from({ length: 200 }, () => ({ kind: f.id, text })), new Set(), { epoch: epochOf(f) });
        const texts = all.map((r) => {
          assert.ok('text' in r, `${text}: ${JSON.stringify(r)}`);
          return r.text;
        });
        assert.equal(new Set([text, ...texts]).size, 201, `${text}: all distinct`);
        for (const fresh of texts) {
          const e = read(f, fresh);
          assert.equal(e.kind, f.id, `${text} -> ${fresh}`);
          assert.equal(e.version, d.version, `${text} -> ${fresh}: version`);
          assert.equal(unit(e), unit(d), `${text} -> ${fresh}: time unit`);
          assert.equal(spelling(f, fresh), spelling(f, text), `${text} -> ${fresh}: spelling`);
          assert.equal(e.fields['prefix'], d.fields['prefix']);
        }
        // Read back as this kind by what reads free text, too (not, say, a ULID taken for a SCRU128).
        assert.equal(readings(texts[0]!)[0]?.kind, readings(text)[0]?.kind, text);
      }
    });
  }

  it('a time asked for is the new ID\'s time unit, in every format that holds one', () => {
    for (const f of replaceable) {
      for (const text of samples(f)) {
        const d = read(f, text);
        if (d.unixMs === undefined || 'reason' in replaceIds([{ kind: f.id, text }], new Set(), { epoch: epochOf(f) })[0]!) continue;
        const [r] = replaceIds([{ kind: f.id, text }], new Set(), { timeMs: LATER, epoch: epochOf(f) });
        assert.ok(r && 'text' in r, `${f.id} ${text}: ${JSON.stringify(r)}`);
        const e = read(f, r.text);
        const resolution = (f.time?.resolutionMs ?? 1) >= 1000 ? 1000 : 1;
        assert.equal(e.unixMs, Math.floor(LATER / resolution) * resolution, `${f.id} ${text} -> ${r.text}`);
      }
    }
  });

  it('says why where it cannot: name-based UUIDs, ambiguous snowflakes', () => {
    const [v5] = generate('uuidv5', { name: 'example.com' });
    const r = replaceIds([{ kind: 'uuid', text: v5! }, { kind: 'snowflake', text: '1288834974657000000' }], new Set());
    assert.match((r[0] as { reason: string }).reason, /v5/);
    assert.match((r[1] as { reason: string }).reason, /ambiguous/);
  });
});

describe('check: replacements are distinct from the file', () => {
  // A layout with a 2-bit sequence: four IDs per millisecond of one node.
  const LAYOUT = 'epoch=2020-01-01,time=41,node=20,sequence=2';

  it('a snowflake whose generator would write IDs the file has gets the one value of that millisecond left', () => {
    // What the generator makes first at this time (node 0, sequence 0, 1, 2) is in the file.
    const at = Date.UTC(2024, 6, 1, 12, 0, 0, 1);
    const base = BigInt(at - Date.UTC(2020, 0, 1)) << 22n;
    const file = [0n, 1n, 2n].map((s) => (base | s).toString());
    const result = checkText(`id\n${file.join('\n')}\n${file[0]}\n`, { fileName: 'a.csv', epoch: LAYOUT });
    assert.deepEqual(result.problems.map((p) => p.code), ['duplicate']);
    const taken = identitiesOf(result.ids, LAYOUT);
    assert.equal(taken.size, 3);
    const [r] = replaceIds([{ kind: 'snowflake', text: file[0]! }], taken, { epoch: LAYOUT });
    assert.deepEqual(r, { text: (base | 3n).toString() });
    // That millisecond is full now: the next replacement is still none of them.
    const [next] = replaceIds([{ kind: 'snowflake', text: file[0]! }], taken, { epoch: LAYOUT });
    assert.ok(next && 'text' in next && ![...file, (base | 3n).toString()].includes(next.text), JSON.stringify(next));
  });
});
