// How many of each format's new IDs the scanner finds: the recall its precision rules leave.
// The rules pass over some real IDs on purpose (a push ID without a lower-case letter among its
// 12 random chars looks like a word); this says how many, per format, from a seeded draw so the
// figure is the same on every run. Driven by FORMATS, like the conformance matrix.
import assert from 'node:assert/strict';
import { FORMATS, scan, supports, type RandomSource } from '../../src/core';
import { requiredOptions } from '../shared/generators';
import { prng } from '../shared/timedIds';

const N = 2000;
/** Each ID at its own time (a generator counts up within a millisecond instead of drawing anew). */
const FROM = Date.UTC(2024, 0, 1);
const STEP = 7_919_993; // ms: about 3 months across the draw

function seeded(seed: number): RandomSource {
  const next = prng(seed);
  return (bytes) => {
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(next() * 256);
    return bytes;
  };
}

describe('scanner recall on new IDs of every format', () => {
  const rows: string[] = [];
  after(() => console.log(`      found in a sentence or under the format's label, of ${N} new IDs each:\n${rows.map((r) => `        ${r}`).join('\n')}`));

  for (const f of FORMATS) {
    const g = f.generators.find((x) => x.hasTime && !x.derived) ?? f.generators.find((x) => !x.derived);
    if (!g || !supports(f, 'scan')) continue;
    it(`${f.id}: at least 98.5 % of the new IDs its shapes guess are found`, () => {
      const kind = g.create({ random: seeded(0x5eed + f.id.length), clock: () => FROM });
      let guessed = 0, found = 0;
      const missed: string[] = [];
      for (let i = 0; i < N; i++) {
        const [id] = kind.generate(1, { ...requiredOptions(g), ...(g.hasTime ? { timeMs: FROM + i * STEP } : {}) });
        if (!f.shapes.some((s) => !s.asked && !s.configured && s.test(id!))) continue;
        guessed++;
        const seen = [`the id ${id} was seen`, `{"${f.id}": "${id}"}`].some((line) =>
          scan(line, { epoch: 'twitter', now: FROM + N * STEP }).some((m) => m.text === id && m.decoded.format === f));
        if (seen) found++;
        else if (missed.length < 3) missed.push(id!);
      }
      rows.push(`${f.id}: ${guessed === 0 ? 'read only when named' : `${found} of ${guessed} (${((100 * found) / guessed).toFixed(2)} %)${missed.length ? `, e.g. ${missed.join(' ')}` : ''}`}`);
      if (guessed > 0) assert.ok(found >= 0.985 * guessed, `${f.id}: ${found} of ${guessed}; missed e.g. ${missed.join(' ')}`);
    });
  }
});
