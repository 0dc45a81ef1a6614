// The CLI in-process at the edges of issue 22 (items 9, 10, 17 and the flags of item 3): each
// case failed on the old build (main at 0b18155). The same behaviours through the installed
// binary are in cli-process-edges.test.ts.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { IdFactory, encodeTid, scan } from '../../src/core';
import { NOW, chunked, run } from './cliRun';

const T = Date.UTC(2024, 0, 1);

describe('CLI edges (issue 22)', () => {
  describe('item 17: sort', () => {
    it('orders UUID v1 lines 100 ns apart, and TIDs 1 µs apart, by their full precision', async () => {
      const f = new IdFactory({ clock: () => T });
      const v1 = f.generate('uuidv1', { timeMs: T }, 5);
      const v6 = f.generate('uuidv6', { timeMs: T + 1 }, 3);
      const input = [...v1, ...v6].reverse().map((id, i) => `line ${i} ${id}`);
      const r = await run(['sort'], input.join('\n') + '\n');
      assert.equal(r.code, 0, r.err);
      const ids = r.out.trim().split('\n').map((l) => l.split(' ')[2]);
      assert.deepEqual(ids, [...v1, ...v6]);
      // TIDs 1 µs apart within one millisecond.
      const tids = [1, 2, 3].map((us) => encodeTid(T * 1000 + us, 7));
      const back = await run(['sort', '--reverse'], tids.map((t) => `x ${t}`).join('\n') + '\n');
      assert.deepEqual(back.out.trim().split('\n'), tids.map((t) => `x ${t}`).reverse());
    });

    it('any lines in any chunking: a stable sort by the first timed ID, untimed lines last, bytes kept', async () => {
      const f = new IdFactory({ clock: () => T });
      const pool = [...f.generate('ulid', { timeMs: T }, 3), ...f.generate('ulid', { timeMs: T + 5 }, 2), f.generate('uuidv7', { timeMs: T + 2 })[0]!];
      const line = fc.oneof(
        fc.tuple(fc.constantFrom(...pool), fc.string({ maxLength: 8 }).map((s) => s.replace(/[\r\n\s]/g, '.'))).map(([id, tail]) => `a ${id} ${tail}`),
        fc.constantFrom('no id', '', 'x'),
      );
      await fc.assert(fc.asyncProperty(fc.array(line, { maxLength: 30 }), fc.integer({ min: 1, max: 64 }), fc.boolean(), fc.boolean(), async (ls, size, crlf, endless) => {
        const eol = crlf ? '\r\n' : '\n';
        let text = ls.join(eol) + (ls.length > 0 ? eol : '');
        if (endless && text.endsWith(eol)) text = text.slice(0, -eol.length);
        const r = await run(['sort'], text, false, (t) => chunked(t, size));
        assert.equal(r.code, 0, r.err);
        const held = text === '' ? [] : (text.endsWith('\n') ? text : text + '\n').split(/(?<=\n)/);
        const key = (l: string): number => scan(l, { now: NOW }).find((m) => m.decoded.unixMs !== undefined)?.decoded.unixMs ?? Infinity;
        const want = held.map((l, i) => ({ l, i, k: key(l) })).sort((a, b) => a.k - b.k || a.i - b.i).map((x) => x.l).join('');
        assert.equal(r.out, want);
      }), { numRuns: 200 });
    });

    it('its help states the memory it takes: the input plus about 60 bytes a line', async () => {
      const r = await run(['sort', '--help']);
      assert.match(r.out, /about its size plus 60 bytes a line/);
    });
  });
});
