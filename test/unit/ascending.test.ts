import { strict as assert } from 'node:assert';
import { FORMATS, IdFactory, generate } from '../../src/core';
import { readAs, requiredOptions } from '../shared/generators';
import { code } from './helpers';

// One table over every generator the registry marks ascending (it was three copied tests, for
// TSID, XID and TID): distinct and strictly ascending at the clock, across calls when the clock
// steps back, at explicit times (which read back, and never move the clock of now-requests), and
// with the random source at its top, where counters start full and must carry. A format added
// with an ascending generator is covered without editing this file.

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0, 250);
const AT = Date.UTC(2025, 1, 28, 12, 0, 1, 500);

function strictlyAscending(kind: string, ids: readonly string[]): void {
  assert.equal(new Set(ids).size, ids.length, `${kind}: distinct`);
  for (let i = 1; i < ids.length; i++) assert.ok(ids[i - 1]! < ids[i]!, `${kind}: ${ids[i - 1]} then ${ids[i]}`);
}

describe('every ascending generator in the registry', () => {
  const refuses = new Set<string>();
  after(() => console.log(`      refuse (MONOTONIC_OVERFLOW) when the random part starts at its top, by their spec: ${[...refuses].join(', ') || 'none'}`));
  for (const f of FORMATS) {
    for (const g of f.generators) {
      if (!g.ascending) continue;
      const opts = requiredOptions(g);
      // The time a reading of this format gives for `ms`: floored to its unit (XID, KSUID and
      // ObjectId count seconds).
      const unit = Math.max(1, f.time?.resolutionMs ?? 1);
      const floored = (ms: number) => Math.floor(ms / unit) * unit;

      for (const [name, fill] of [['random bytes', undefined], ['random bytes at their top', 0xff]] as const) {
        it(`${g.kind}: ascending at the clock, across calls when it steps back${g.hasTime ? ', and at explicit times' : ''} (${name})`, () => {
          let now = NOW;
          const factory = new IdFactory({ clock: () => now, ...(fill === undefined ? {} : { random: (b: Uint8Array) => b.fill(fill) }) });
          let a: string[];
          try {
            a = factory.generate(g.kind, { ...opts, count: 300 });
          } catch (e) {
            // Where the random part is the counter (ULID, KSUID), a top value has no room left
            // in its unit: the spec says refuse, never wrap to a smaller ID.
            assert.ok(fill !== undefined && code('MONOTONIC_OVERFLOW')(e), `${g.kind}: ${String(e)}`);
            refuses.add(g.kind);
            return;
          }
          now -= 300; // the clock steps back: still ascending
          const b = factory.generate(g.kind, { ...opts, count: 300 });
          strictlyAscending(g.kind, [...a, ...b]);
          const first = readAs(f, a[0]!);
          assert.ok(first, `${g.kind}: ${a[0]} reads back as ${f.id}`);
          if (g.hasTime && first.unixMs !== undefined) assert.equal(first.unixMs, floored(NOW), `${g.kind}: the clock's time`);
          if (!g.hasTime) return;

          const c = factory.generate(g.kind, { ...opts, count: 3, timeMs: AT });
          strictlyAscending(g.kind, c);
          for (const id of c) assert.equal(readAs(f, id)?.unixMs, floored(AT), `${g.kind}: ${id} at the explicit time`);
          // An explicit time never moves the clock of now-requests.
          const d = factory.generate(g.kind, { ...opts, count: 1 })[0]!;
          assert.ok(d > b[b.length - 1]!, `${g.kind}: ${d} after ${b[b.length - 1]}`);
        });
      }

      if (g.hasTime && f.time !== undefined && f.time.minMs > -1) {
        it(`${g.kind}: refuses a time before its range`, () => {
          assert.throws(() => generate(g.kind, { ...opts, timeMs: -1 }), code('TIME_OUT_OF_RANGE'));
        });
      }
    }
  }
});
