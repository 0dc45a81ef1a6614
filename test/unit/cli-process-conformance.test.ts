// The conformance matrix's CLI column: for every format of the registry, the `idsmith` binary
// (the installed one under `npm run test:cli`) agrees with the core it is built from:
//   new            prints IDs the core reads back as the format, distinct (ascending where the
//                  generator is time-ordered)
//   inspect --json prints what the core's inspect gives for the same text and --from
//   convert        prints what the core's convert gives, for every target the reading lists
//   bounds         prints the core's lowest and highest ID of a time unit
//   check          reports the problems the core's check finds in the same fixture (a duplicate)
// Driven by FORMATS: a format added to the registry is covered without editing this file. A
// command a format lacks is left out for the reason its module gives (printed). Processes are
// batched (one `convert` per target and kind of input), so the file stays a few seconds long.
import { strict as assert } from 'node:assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ALL_CONVERT_TARGETS, FORMATS, SNOWFLAKE_PRESETS, caseFree, formatById, checkText, convertDecoded, generate, inspect, supports, targetsOf, whyNot,
  type FormatModule, type GeneratorSpec,
} from '../../src/core';
import { readAs, requiredOptions } from '../shared/generators';
import { cli, processSuite } from './cliBinary';

const EPOCH = ['--epoch', 'twitter'];

/** The options a generator cannot do without, for the core and as CLI flags (the same values). */
function needs(g: GeneratorSpec): { core: Record<string, unknown>; flags: string[] } {
  const core = requiredOptions(g);
  const flags: string[] = [];
  for (const o of g.options) {
    if (!(o.name in core)) continue;
    const v = o.name === 'prefix' ? 'user' : o.default ?? (o.type === 'number' ? (o.min ?? 1) : o.parse ? '1,2,3' : 'matrix');
    flags.push(`--${o.flag ?? o.name}`, String(v));
  }
  return { core, flags };
}

function run(args: string[], input?: string): string[] {
  const r = cli(args, input);
  assert.equal(r.status, 0, `idsmith ${args.join(' ')} exited ${r.status}: ${r.stderr.toString('utf8')}`);
  return r.stdout.toString('utf8').split('\n').filter((l) => l !== '');
}

interface Sample {
  f: FormatModule;
  g: GeneratorSpec;
  ids: string[];
}

describe('conformance matrix, CLI column: idsmith agrees with the core (every format in FORMATS)', function () {
  const tmp = processSuite(this, 'idsmith-conformance-');
  const samples: Sample[] = [];
  const notApplicable = new Set<string>();
  const lacks = (f: FormatModule, what: string, surface: Parameters<typeof whyNot>[1]): void => {
    notApplicable.add(`${f.id}/${what}: ${whyNot(f, surface)}`);
  };

  after(() => console.log(`      left out for the reason the format gives (${notApplicable.size}):\n${[...notApplicable].map((l) => `        ${l}`).join('\n')}`));

  it('new: every kind the registry generates, read back by the core as its format', () => {
    for (const f of FORMATS) {
      if (!supports(f, 'generate')) {
        lacks(f, 'new', 'generate');
        continue;
      }
      for (const g of f.generators) {
        if (g.derived) continue; // a name-based UUID is the same ID each time (registry.test.ts)
        const { flags } = needs(g);
        const ids = run(['new', g.kind, '-n', '3', ...flags]);
        assert.equal(ids.length, 3, `new ${g.kind}: ${ids.join(' ')}`);
        assert.equal(new Set(ids).size, 3, `new ${g.kind}: distinct`);
        if (g.ascending) assert.deepEqual([...ids].sort(), ids, `new ${g.kind}: ascending`);
        if (supports(f, 'inspect')) {
          for (const id of ids) assert.ok(readAs(f, id), `new ${g.kind} printed ${id}, which the core does not read as ${f.id}`);
        }
        samples.push({ f, g, ids });
      }
    }
    assert.ok(samples.length >= 20, `only ${samples.length} generators`);
    // Formats Idsmith reads but does not make (Timeflake, Uuid25, X-Ray, …) are sampled from the
    // convert targets that write them, so inspect and convert cover them too.
    for (const s of [...samples]) {
      const d = readAs(s.f, s.ids[0]!);
      if (!d || !supports(s.f, 'convert')) continue;
      for (const target of ALL_CONVERT_TARGETS) {
        const f = formatById(target);
        if (!f || samples.some((x) => x.f === f)) continue;
        let ids: string[];
        try {
          ids = s.ids.map((id) => convertDecoded(readAs(s.f, id)!, target));
        } catch {
          continue; // not of this width
        }
        if (ids.every((id) => readAs(f, id))) samples.push({ f, g: s.g, ids });
      }
    }
    const unsampled = FORMATS.filter((f) => supports(f, 'inspect') && !samples.some((x) => x.f === f)).map((f) => f.id);
    console.log(`      read by the core but neither made nor converted to, so not sampled here: ${unsampled.join(', ')}`);
  });

  it('inspect --json: the core\'s reading of the same text, for every generated ID', () => {
    // One process per format: --from names it, as `inspect --from KIND` does.
    for (const f of FORMATS) {
      const ids = samples.filter((s) => s.f === f).flatMap((s) => s.ids);
      if (ids.length === 0 || !supports(f, 'inspect')) {
        if (!supports(f, 'inspect')) lacks(f, 'inspect', 'inspect');
        continue;
      }
      // On standard input: a push ID's leading '-' is no option there.
      const out = JSON.parse(run(['inspect', '--json', '--from', f.id, ...EPOCH], ids.join('\n') + '\n').join('\n')) as Record<string, unknown>[];
      assert.equal(out.length, ids.length, `inspect --from ${f.id}`);
      ids.forEach((id, i) => {
        const core = JSON.parse(JSON.stringify(inspect(id, { from: f.id, epoch: 'twitter' }))) as Record<string, unknown>;
        // `plausible` and the entropy odds are read against the clock: both runs share it to the second.
        for (const key of ['input', 'kind', 'valid', 'time', 'unixMs', 'fields', 'version', 'error']) {
          assert.deepEqual(out[i]![key], core[key], `inspect --from ${f.id} ${id}: ${key}`);
        }
      });
    }
  });

  it('convert: every target a reading lists, the core\'s output byte for byte', () => {
    // Batched by target and format, the input named with --from: what the reading as that
    // format converts to (a bare decimal snowflake guessed is a 128-bit integer, on purpose).
    const batches = new Map<string, { args: string[]; ids: string[]; expected: string[] }>();
    let pairs = 0;
    for (const { f, ids } of samples) {
      if (!supports(f, 'convert')) {
        lacks(f, 'convert', 'convert');
        continue;
      }
      for (const id of ids) {
        const d = readAs(f, id);
        if (!d) continue;
        for (const { target, enabled } of targetsOf(d, { typeidPrefix: 'matrix' })) {
          if (!enabled) continue;
          const key = `${target} ${f.id}`;
          let b = batches.get(key);
          if (!b) {
            b = { args: ['convert', '--to', target, '--from', f.id], ids: [], expected: [] };
            batches.set(key, b);
          }
          b.ids.push(id);
          b.expected.push(convertDecoded(d, target));
          pairs++;
        }
      }
    }
    for (const b of batches.values()) {
      const out = run(b.args, b.ids.join('\n') + '\n');
      assert.equal(out.length, b.ids.length, `idsmith ${b.args.join(' ')}: ${out.length} lines for ${b.ids.length} IDs`);
      b.ids.forEach((id, i) => assert.equal(out[i], b.expected[i], `idsmith ${b.args.join(' ')} of ${id}`));
    }
    console.log(`      ${pairs} ID × target pairs in ${batches.size} convert processes`);
  });

  it('bounds: the core\'s lowest and highest ID of one time unit, for every bounds kind', () => {
    let kinds = 0;
    for (const f of FORMATS) {
      if (!supports(f, 'bounds')) {
        lacks(f, 'bounds', 'bounds');
        continue;
      }
      for (const b of f.bounds ?? []) {
        const codec = b.codec({ snowflake: SNOWFLAKE_PRESETS.twitter, prefix: 'user' });
        const unit = codec.unitMs;
        const t = Math.floor(Date.UTC(2025, 4, 1, 12) / unit) * unit;
        const needs = b.needs === 'epoch' ? EPOCH : b.needs === 'prefix' ? ['--prefix', 'user'] : [];
        const args = ['bounds', b.kind, '--from', new Date(t).toISOString(), '--to', new Date(t + unit - 1).toISOString(), ...needs];
        const out = JSON.parse(run(args).join('\n')) as { min: string; max: string };
        const same = (a: string, e: string) => (caseFree(f) ? a.toLowerCase() === e.toLowerCase() : a === e);
        assert.ok(same(out.min, codec.text(t, false)), `idsmith ${args.join(' ')}: min ${out.min}, core ${codec.text(t, false)}`);
        assert.ok(same(out.max, codec.text(t + unit - 1, true)), `idsmith ${args.join(' ')}: max ${out.max}, core ${codec.text(t + unit - 1, true)}`);
        kinds++;
      }
    }
    assert.ok(kinds >= 10, `only ${kinds} bounds kinds`);
  });

  it('check: the problems the core finds in a fixture with a duplicate, for every format the check reads', () => {
    const now = Date.now();
    let duplicates = 0;
    for (const f of FORMATS) {
      if (!supports(f, 'check')) {
        lacks(f, 'check', 'check');
        continue;
      }
      const label = f.check?.labels?.find((l) => l.length === 1)?.[0];
      const g = f.generators.find((x) => x.hasTime && x.ascending) ?? f.generators.find((x) => !x.derived);
      if (!label || !g) continue;
      const { core } = needs(g);
      const [a, b] = [generate(g.kind, { ...core, timeMs: now - 7_200_000 })[0]!, generate(g.kind, { ...core, timeMs: now - 3_600_000 })[0]!];
      const text = JSON.stringify([{ [label]: a }, { [label]: b }, { [label]: a }]);
      const file = join(tmp(), `${f.id}.json`);
      writeFileSync(file, text);
      const expected = checkText(text, { fileName: file, epoch: 'twitter' }).problems.map((p) => `${p.code}@${p.range.start.line + 1}:${p.range.start.character + 1}`);
      const r = cli(['check', '--json', ...EPOCH, file]);
      const got = r.stdout.toString('utf8').split('\n').filter((l) => l !== '').map((l) => {
        const p = JSON.parse(l) as { code: string; line: number; column: number };
        return `${p.code}@${p.line}:${p.column}`;
      });
      assert.deepEqual(got, expected, `idsmith check of ${JSON.stringify(text)}`);
      assert.equal(r.status, expected.length > 0 ? 1 : 0, `check's exit status for ${f.id}`);
      if (expected.some((c) => c.startsWith('duplicate@'))) duplicates++;
    }
    assert.ok(duplicates >= 10, `the duplicate was found for only ${duplicates} formats`);
  });
});
