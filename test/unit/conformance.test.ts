import { strict as assert } from 'node:assert';
import {
  FORMATS, SNOWFLAKE_PRESETS, convert, convertDecoded, generate, readings, scan, supports, targetsOf, whyNot, type DecodedId,
  type Surface,
} from '../../src/core';
import { READ_OPTS, readAs, requiredOptions } from '../shared/generators';

// The conformance matrix: every format of the registry on every core surface that applies to it,
// read from FORMATS, so a format added to the registry is covered without editing this file.
// A surface a format lacks must have its reason in the format module (`notApplicable`); the list
// is printed. The fixture check's rules per format (duplicates, regenerate, time order) are in
// checkRegistry.test.ts, which is driven by FORMATS the same way.
//
//   generate  → inspect reads it back (kind, and time within a unit of the clock)
//             → scan finds it in a sentence, a JSON value and a log line (formats found in free text)
//             → every convert target its reading lists round-trips to the same value
//   bounds    → the lowest and highest ID of a time unit contain IDs made at its edges and
//               exclude IDs made one unit outside

/** A decoded ID's JSON and bytes, less what depends on where it was read (the layout its context names, other readings). */
function comparable(d: DecodedId): unknown {
  const { context: _context, alternatives: _alternatives, candidates: _candidates, plausible: _plausible, ...rest } = d.toJSON() as unknown as Record<string, unknown>;
  return { ...rest, bytes: d.bytes === undefined ? undefined : Buffer.from(d.bytes).toString('hex') };
}

const SURFACES: readonly Surface[] = ['inspect', 'scan', 'time', 'generate', 'convert', 'bounds', 'check'];
const SCAN = { epoch: 'twitter' };

/** Targets that reorder a UUID's timestamp fields, and the target that undoes each. */
const REORDERS: Readonly<Record<string, string>> = { uuidv6: 'uuidv1', uuidv1: 'uuidv6' };

/** A hex or decimal reference value as a number: widths and `0x` differ between 64- and 128-bit readings. */
function numeric(text: string): string {
  return /^(0x)?[0-9a-f]+$/i.test(text) ? BigInt(text.startsWith('0x') ? text : `0x${text}`).toString() : text;
}

const labelledOnly = new Set<string>();

describe('conformance matrix (every format in FORMATS, every surface)', () => {
  after(() => console.log(`      found in free text only under a label naming them: ${[...labelledOnly].join(', ') || 'none'}`));

  it('every surface a format lacks says why in the format module', () => {
    const gaps: string[] = [];
    for (const f of FORMATS) {
      for (const s of SURFACES) {
        if (supports(f, s)) continue;
        const reason = f.notApplicable?.[s];
        gaps.push(`${f.id}/${s}: ${reason ?? '(no reason)'}`);
      }
    }
    console.log(`      not applicable (${gaps.length}):\n${gaps.map((g) => `        ${g}`).join('\n')}`);
    const silent = gaps.filter((g) => g.endsWith('(no reason)'));
    assert.deepEqual(silent, [], 'a surface a format lacks needs its reason in notApplicable');
  });

  for (const f of FORMATS) {
    describe(f.label, () => {
      for (const g of f.generators) {
        if (g.derived) continue; // a name-based UUID is the same ID each time: read back in registry.test.ts
        it(`${g.kind}: generate → inspect → scan → convert`, () => {
          const ids = generate(g.kind, { ...requiredOptions(g), count: 3 });
          assert.equal(new Set(ids).size, 3, `${g.kind}: distinct`);
          if (g.ascending) assert.deepEqual([...ids].sort(), ids, `${g.kind}: ascending`);
          const id = ids[0]!;
          if (!supports(f, 'inspect')) return; // random text with no structure (NanoID): nothing to read back
          const d = readAs(f, id);
          assert.ok(d, `${g.kind}: ${id} reads back as ${f.id}: ${readings(id, READ_OPTS, 'all').map((r) => `${r.kind}:${r.valid}`).join(', ')}`);
          if (g.hasTime && f.time) assert.ok(Math.abs(d.unixMs! - Date.now()) <= Math.max(60_000, f.time.resolutionMs), `${g.kind}: time of ${id}`);

          // Found in free text where the format is (a shape it is only read by when named is not).
          // Formats whose text is any word of their alphabet (CUID2, ShortUUID) are found only
          // under a label that names them: then the labelled lines must find them.
          if (supports(f, 'scan') && f.shapes.some((s) => !s.asked && !s.configured && s.test(id))) {
            const foundIn = (line: string) => scan(line, SCAN).filter((m) => m.text === id);
            const bare = foundIn(`the id ${id} was seen`).length > 0;
            const lines = bare
              ? [`the id ${id} was seen`, `{"id": "${id}", "n": 1}`, `2025-01-01T00:00:00Z INFO request=${id} done`]
              : [`{"${f.id}": "${id}", "n": 1}`, `2025-01-01T00:00:00Z INFO ${f.id}=${id} done`];
            if (!bare) labelledOnly.add(f.id);
            for (const line of lines) {
              const found = foundIn(line);
              assert.equal(found.length, 1, `${g.kind}: ${id} in ${JSON.stringify(line)}: ${JSON.stringify(scan(line, SCAN).map((m) => m.kind))}`);
              assert.equal(found[0]!.decoded.format, f, `${g.kind}: found as ${found[0]!.kind}`);
              // What the scan decoded (its rules read some fields lazily) is what inspect reads.
              assert.deepEqual(comparable(found[0]!.decoded), comparable(d), `${g.kind}: ${id} as scanned in ${JSON.stringify(line)}`);
            }
          }

          // Every target its reading lists converts, and reads back (with --from that target) to the same value.
          const targets = targetsOf(d, { typeidPrefix: 'matrix' }).filter((t) => t.enabled);
          if (!supports(f, 'convert')) return;
          const reference = targets.find((t) => t.target === 'hex')?.target ?? targets[0]?.target;
          assert.ok(reference, `${g.kind}: convert applies, yet ${id} has no target`);
          const value = numeric(convertDecoded(d, reference));
          for (const { target } of targets) {
            const out = convertDecoded(d, target);
            const from = target.startsWith('typeid:') ? 'typeid' : target;
            const inverse = REORDERS[target];
            if (inverse) {
              // A timestamp reorder changes the value on purpose; its inverse gives the value back,
              // as UUID text (a SCRU128 or ULID whose bits read as a v1 UUID is offered v6 too).
              const back = convert(out, inverse, { from });
              const again = numeric(convert(back, reference, { from: 'uuid' }));
              assert.equal(again, value, `${g.kind} → ${target} (${out}) → ${inverse}: ${back}, expected the value of ${id}`);
              continue;
            }
            const back = convert(out, reference, { from });
            assert.equal(numeric(back), value, `${g.kind} → ${target} (${out}) → ${reference}: ${back}, expected ${value}`);
          }
        });
      }

      for (const b of f.bounds ?? []) {
        it(`bounds ${b.kind}: the IDs of one unit inside, one unit outside`, function () {
          let codec;
          try {
            codec = b.codec({ snowflake: SNOWFLAKE_PRESETS.twitter, prefix: 'user' });
          } catch (e) {
            assert.fail(`${b.kind}: ${String(e)}`);
          }
          const unit = codec.unitMs;
          const t = Math.floor(Date.UTC(2025, 4, 1, 12) / unit) * unit;
          const lo = codec.text(t, false);
          const hi = codec.text(t + unit - 1, true);
          assert.ok(lo <= hi, `${b.kind}: ${lo} <= ${hi}`);
          assert.equal(codec.timeOf(lo), t);
          assert.equal(codec.timeOf(hi), t);
          const gen = f.generators.find((x) => x.kind === b.kind && x.hasTime);
          if (!gen) {
            // No generator at a time: the edges of the neighbouring units fall outside.
            assert.ok(codec.text(t - 1, true) < lo && codec.text(t + unit, false) > hi, `${b.kind}: neighbours outside`);
            return;
          }
          const at = (ms: number) => generate(b.kind, { ...requiredOptions(gen), timeMs: ms, count: 1 })[0]!;
          for (const inside of [at(t), at(t + unit - 1)]) assert.ok(lo <= inside && inside <= hi, `${b.kind}: ${inside} in [${lo}, ${hi}]`);
          for (const outside of [at(t - unit), at(t + unit)]) assert.ok(outside < lo || outside > hi, `${b.kind}: ${outside} outside [${lo}, ${hi}]`);
        });
      }

      if (!supports(f, 'generate')) {
        it(`reads without generating: ${whyNot(f, 'generate')}`, () => {
          assert.ok(SURFACES.some((s) => supports(f, s)), `${f.id}: on no surface at all`);
        });
      }
    });
  }
});
