// A million IDs per kind (`npm run test:uniqueness`; 100,000 in the unit suite) from the
// production path (`generate`, the real clock and CSPRNG): no duplicate, and strictly ascending
// for the kinds whose text promises creation order. The batch is drawn in ten calls so the
// order guarantee is checked across calls, as an editor inserting one ID at a time relies on
// it, not just within one batch.
import { strict as assert } from 'node:assert';
import {
  TIME_ORDERED_KINDS, generate, parseKsuid, parseObjectId, parseSnowflake, parseTypeId, parseUlid, parseUuid,
  uuidVersion, type GenKind,
} from '../../src/core';

/**
 * IDs per kind. `npm run test:uniqueness` runs the full million (about 20 s of CPU for all
 * kinds, minutes of wall time on a busy 2-core machine); the unit suite a tenth of it.
 */
const PER_KIND = Number(process.env.IDSMITH_UNIQUENESS_COUNT ?? 100_000);
const CALLS = 10;

const KINDS: { kind: GenKind; opts?: { prefix?: string }; check: (id: string) => void }[] = [
  { kind: 'ulid', check: (id) => assert.equal(parseUlid(id).length, 16) },
  { kind: 'uuidv1', check: (id) => assert.equal(uuidVersion(parseUuid(id)), 1) },
  { kind: 'uuidv4', check: (id) => assert.equal(uuidVersion(parseUuid(id)), 4) },
  { kind: 'uuidv6', check: (id) => assert.equal(uuidVersion(parseUuid(id)), 6) },
  { kind: 'uuidv7', check: (id) => assert.equal(uuidVersion(parseUuid(id)), 7) },
  { kind: 'snowflake', check: (id) => assert.ok(parseSnowflake(id) > 0n) },
  { kind: 'ksuid', check: (id) => assert.equal(parseKsuid(id).length, 20) },
  { kind: 'objectid', check: (id) => assert.equal(parseObjectId(id).length, 12) },
  { kind: 'typeid', opts: { prefix: 'user' }, check: (id) => assert.equal(parseTypeId(id).prefix, 'user') },
  { kind: 'nanoid', check: (id) => assert.match(id, /^[A-Za-z0-9_-]{21}$/) },
  // No time: distinctness only (the library's isCuid shape is checked in cuid.test.ts).
  { kind: 'cuid2', check: (id) => assert.match(id, /^[a-z][0-9a-z]{23}$/) },
];

/** Text order, except decimal snowflakes, which only sort as text at equal length. */
function before(kind: GenKind, a: string, b: string): boolean {
  if (kind === 'snowflake' && a.length !== b.length) return a.length < b.length;
  return a < b;
}

describe(`uniqueness: ${PER_KIND.toLocaleString('en-US')} generated IDs per kind`, function () {
  this.timeout(Math.max(60_000, PER_KIND / 10));

  for (const { kind, opts, check } of KINDS) {
    const ordered = TIME_ORDERED_KINDS.includes(kind);
    it(`${kind}: no duplicate${ordered ? ', strictly ascending across calls' : ''}`, () => {
      const start = performance.now();
      const ids: string[] = [];
      for (let call = 0; call < CALLS; call++) {
        for (const id of generate(kind, { ...opts, count: PER_KIND / CALLS })) ids.push(id);
      }
      const genMs = performance.now() - start;
      assert.equal(ids.length, PER_KIND);

      const seen = new Set(ids);
      assert.equal(seen.size, ids.length, `${ids.length - seen.size} duplicate ${kind} IDs`);
      if (ordered) {
        for (let i = 1; i < ids.length; i++) {
          if (!before(kind, ids[i - 1]!, ids[i]!)) assert.fail(`${kind} #${i} not ascending: ${ids[i - 1]} then ${ids[i]}`);
        }
      }
      // The IDs are real ones of that kind, not merely distinct strings.
      for (let i = 0; i < ids.length; i += 997) check(ids[i]!);
      check(ids[ids.length - 1]!);
      console.log(`      ${kind}: ${PER_KIND.toLocaleString('en-US')} generated in ${genMs.toFixed(0)} ms, checked in ${(performance.now() - start - genMs).toFixed(0)} ms`);
    });
  }
});
