import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { IdError, keysUntil, listKeys, MAX_LIST_REQUESTS, type ListRequest } from '../../src/core';
import { bytes, keyOf } from '../shared/keyOf';
import { prng, timedIdCases, type KindCase } from '../shared/timedIds';

// `keys list` against a model of ListObjectsV2 (keys in UTF-8 byte order, Prefix, StartAfter)
// plus the Until rule: for every time-ordered kind and templates with and without {hash:N} and
// date fields, the requests return exactly the objects whose ID time is in the window. The keys
// are rendered here from the template text (MD5 from node:crypto, dates from toISOString), not
// by the code under test. test/aws runs the same against a real S3 API server.

/** What S3 returns for one request, read page by page, kept up to Until. */
function run(sorted: readonly string[], r: ListRequest, pageSize: number): string[] {
  const after = sorted.filter((k) => k.startsWith(r.Prefix) && bytes(k, r.StartAfter) > 0);
  const out: string[] = [];
  for (let i = 0; i < after.length; i += pageSize) {
    const page = keysUntil(r, after.slice(i, i + pageSize));
    out.push(...page.keys);
    if (page.done) break;
  }
  return out;
}

const TEMPLATES = [
  '{id}',
  'logs/{hash:2}/{id}.json.gz',
  'dt={yyyy}-{mm}-{dd}/hr={hh}/{id}.parquet',
  '{hash:1}/{yyyy}/{mm}/{dd}/{id}',
  'day={dd}/{id}',
  'y={yyyy}/m={mm}/{id}.csv',
];

const MONTH = [Date.UTC(2024, 2, 1), Date.UTC(2024, 3, 1) - 1] as const;
const DAY = 86_400_000;

describe('keys list (model of ListObjectsV2)', () => {
  // The run's fast-check seed (printed first; FC_SEED replays it) also draws the IDs.
  const seed = Number(fc.readConfigureGlobal().seed ?? 1);
  const cases = timedIdCases(prng(seed));

  function check(c: KindCase, template: string, from: number, to: number, letterCase?: 'upper' | 'lower', seedOffset = 0): void {
    const rand = prng(seed + from + seedOffset);
    const unit = (ms: number) => Math.floor(ms / c.unitMs) * c.unitMs;
    const spell = (id: string) => (letterCase === 'upper' ? id.toUpperCase() : letterCase === 'lower' ? id.toLowerCase() : id);
    // Spread over the month, plus the window's first and last unit and one unit outside each.
    const made: Array<{ id: string; ms: number }> = [];
    for (let i = 0; i < 80; i++) {
      const ms = MONTH[0] + Math.floor(rand() * (MONTH[1] - MONTH[0]));
      made.push({ id: c.make(ms, 'rand'), ms });
    }
    for (const ms of [unit(from) - c.unitMs, unit(from), unit(to), unit(to) + c.unitMs]) {
      for (const mode of ['lo', 'hi', 'rand'] as const) made.push({ id: c.make(ms, mode), ms });
    }
    const objects = made.map(({ id, ms }) => ({ key: keyOf(template, spell(id), unit(ms)), inWindow: unit(from) <= unit(ms) && unit(ms) <= unit(to) }));
    const sorted = [...new Set(objects.map((o) => o.key))].sort(bytes);
    const want = [...new Set(objects.filter((o) => o.inWindow).map((o) => o.key))].sort(bytes);

    const listing = listKeys(template, c.kind, from, to, { ...c.opts, ...(letterCase ? { letterCase } : {}) });
    const prefixes = listing.requests.map((r) => r.Prefix);
    assert.deepEqual(prefixes, [...prefixes].sort(bytes), 'requests ordered by Prefix');
    const got = listing.requests.flatMap((r) => run(sorted, r, 7)).sort(bytes);
    const missing = want.filter((k) => !got.includes(k));
    const extra = got.filter((k) => !want.includes(k));
    assert.deepEqual({ missing, extra }, { missing: [], extra: [] }, `${c.kind} ${template} ${listing.from} .. ${listing.to}`);
    assert.equal(new Set(got).size, got.length, 'no key listed twice');
  }

  for (const c of cases) {
    for (const template of TEMPLATES) {
      it(`${c.kind}: ${template}`, () => {
        fc.assert(fc.property(
          fc.integer({ min: MONTH[0] + DAY, max: MONTH[1] - 12 * DAY }),
          fc.integer({ min: 0, max: 9 * DAY }),
          (from, length) => check(c, template, from, from + length),
        ), { numRuns: 6 });
        // Windows on the edges of hours, days and seconds, and of a single unit.
        const h = Date.UTC(2024, 2, 10, 13);
        check(c, template, h, h + 3_600_000 - 1);
        check(c, template, h - 1, h);
        check(c, template, h + 1500, h + 1500);
        check(c, template, Date.UTC(2024, 2, 9), Date.UTC(2024, 2, 21) - 1);
      });
    }
  }

  for (const [kind, letterCase] of [['ulid', 'lower'], ['uuidv7', 'upper'], ['objectid', 'upper']] as const) {
    it(`${kind} keys spelled in ${letterCase} case, with --case ${letterCase}`, () => {
      const c = cases.find((k) => k.kind === kind)!;
      check(c, 'logs/{hash:1}/{dd}/{id}.gz', Date.UTC(2024, 2, 10, 12, 34, 56, 789), Date.UTC(2024, 2, 13, 1), letterCase);
    });
  }

  it('the JSON shape of the issue: requests, from, to', () => {
    const l = listKeys('logs/{id}.json', 'ulid', Date.UTC(2024, 4, 1), Date.UTC(2024, 4, 2) - 1);
    assert.deepEqual(l.requests, [{
      Prefix: 'logs/01HW',
      StartAfter: 'logs/01HWRQ6VZZZZZZZZZZZZZZZZZZ.json',
      Until: 'logs/01HWV9KJZZZZZZZZZZZZZZZZZZ.json',
    }]);
    assert.equal(l.from, '2024-05-01T00:00:00.000Z');
    assert.equal(l.to, '2024-05-01T23:59:59.999Z');
  });

  it('one request per hash value and date partition', () => {
    const l = listKeys('{hash:2}/dt={yyyy}-{mm}-{dd}/{id}', 'ksuid', Date.UTC(2024, 4, 1, 12), Date.UTC(2024, 4, 3, 12));
    assert.equal(l.requests.length, 256 * 3);
    assert.equal(l.requests[0]!.Prefix.slice(0, 16), '00/dt=2024-05-01');
    assert.match(l.note ?? '', /whole seconds/);
    assert.doesNotMatch(l.note ?? '', /collation/, 'the database advice of KSUID bounds is left out: keys compare bytes');
  });

  it('says when a date field repeats within the window', () => {
    const l = listKeys('{dd}/{id}', 'ulid', Date.UTC(2024, 0, 30), Date.UTC(2024, 2, 2));
    assert.match(l.note ?? '', /repeats within the window/);
  });

  it('refuses windows across a change in the number of digits, and a digit after a decimal {id}', () => {
    // Twitter snowflakes reach 19 digits in 2018.
    assert.throws(() => listKeys('{id}', 'snowflake', Date.UTC(2016, 0, 1), Date.UTC(2020, 0, 1), { epoch: 'twitter' }), /18 digits.*19/);
    assert.throws(() => listKeys('{id}0.json', 'snowflake', Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 2), { epoch: 'twitter' }), /digit follows \{id\}/);
  });

  it('refuses listings of more than MAX_LIST_REQUESTS requests, before building them', () => {
    assert.throws(() => listKeys('{hash:4}/{hh}/{id}', 'ulid', Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 3)), (e: unknown) =>
      e instanceof IdError && /at most 100,000/.test(e.message));
    assert.throws(() => listKeys('{hh}/{id}', 'ulid', Date.UTC(1980, 0, 1), Date.UTC(2024, 0, 1)), /listing requests/);
    assert.ok(MAX_LIST_REQUESTS === 100_000);
    // Made before the count was checked, {hash:8}'s 4 billion prefixes passed an array's length
    // (a RangeError, exit 70) and {hash:7}'s ran the process out of memory.
    for (const [n, count] of [[5, '1,048,576'], [8, '4,294,967,296'], [32, '16^32']] as const) {
      assert.throws(() => listKeys(`logs/{hash:${n}}/{id}.gz`, 'ulid', Date.UTC(2024, 0, 1)), (e: unknown) =>
        e instanceof IdError && e.code === 'INVALID_ARGUMENT' && e.message.includes(`{hash:${n}} makes ${count} prefixes`), `{hash:${n}}`);
    }
  });

  it('a window from the first instant a kind holds has nothing before it: StartAfter is the head', () => {
    const l = listKeys('k/{hash:1}/{id}', 'ulid', 0, 10);
    assert.equal(l.requests[0]!.StartAfter, 'k/0/');
  });
});
