// The Summarize IDs panel's model and HTML (src/editor/check/summaryModel.ts has no vscode
// import): counts, time range, histogram bins, escaping of document text, and the CSP.
import { strict as assert } from 'node:assert';
import { checkText, generate } from '../../src/core';
import { escapeHtml, histogram, summarize, summaryHtml } from '../../src/editor/check/summaryModel';
import { ULID_SPEC } from '../shared/vectors';

const A = ULID_SPEC;
const B = '01BX5ZZKBKACTAV9WEVGEMMVRZ';
const U4 = '9b2f6a44-3c1e-4d1a-8f2e-0c5b7d9e1a23';

describe('summary', () => {
  const text = JSON.stringify([{ id: A }, { id: B, uuid: U4 }, { id: A }], null, 1);
  const result = checkText(text, { fileName: 'a.json', now: Date.UTC(2026, 0, 1) });
  const lineOf = (o: number) => text.slice(0, o).split('\n').length - 1;

  it('counts kinds, the time range and the duplicates of the whole text', () => {
    const s = summarize(result, lineOf);
    assert.equal(s.count, 4);
    assert.deepEqual(s.kinds, { ulid: 3, uuidv4: 1 });
    assert.equal(s.from, '2016-07-30T22:36:16.385Z');
    assert.equal(s.to, new Date(result.ids.find((i) => i.text === B)!.unixMs!).toISOString());
    assert.deepEqual(s.duplicates.map((d) => [d.text, d.line]), [[A, lineOf(text.lastIndexOf(A)) + 1]]);
  });

  it('a range counts only the IDs that start in it', () => {
    const from = text.indexOf(B);
    const s = summarize(result, lineOf, from, text.lastIndexOf(A));
    assert.equal(s.count, 2);
    assert.deepEqual(s.duplicates, []);
  });

  it('histogram bins hold every time once, in bars of one round width aligned in UTC', () => {
    const t0 = Date.UTC(2025, 2, 3, 9, 51, 15, 746);
    const times = [t0, t0 + 1, t0 + 3_600_000, t0 + 4 * 86_400_000 - 1];
    const h = histogram(times);
    assert.equal(h.widthLabel, '3 hours');
    assert.equal(h.width, 3 * 3_600_000);
    assert.ok(h.bins.length <= 48);
    assert.equal(h.bins[0]!.from, Date.UTC(2025, 2, 3, 9));
    assert.equal(h.bins.reduce((n, b) => n + b.count, 0), times.length);
    assert.equal(h.bins[0]!.count, 3);
    for (const b of h.bins) assert.equal(b.to - b.from, h.width);
    assert.deepEqual(histogram([5, 5]).bins.map((b) => b.count), [2]);
    assert.equal(histogram([5, 5]).widthLabel, '1 ms');
    assert.equal(histogram([0, 12 * 365 * 86_400_000]).widthLabel, '365 days');
    assert.deepEqual(histogram([]).bins, []);
  });

  it('escapes document text and allows only its own nonce-bearing style and script', () => {
    const s = summarize(result, lineOf);
    s.duplicates[0]!.message = `<img src=x onerror="alert(1)"> & 'q'`;
    s.duplicates[0]!.text = '</script><script>alert(2)</script>';
    s.kinds = { '<b>k</b>': 1 };
    const html = summaryHtml(s, 'IDs in <evil>.json', 'N0NCE');
    assert.ok(!html.includes('<img'), 'no raw tag from the document');
    assert.ok(!html.includes('<script>alert'), 'no injected script');
    assert.ok(!html.includes('<b>k</b>'));
    assert.ok(html.includes(escapeHtml('IDs in <evil>.json')));
    assert.match(html, /Content-Security-Policy" content="default-src 'none'; style-src 'nonce-N0NCE'; script-src 'nonce-N0NCE';"/);
    assert.equal((html.match(/<script/g) ?? []).length, 1);
    assert.match(html, /<script nonce="N0NCE">/);
    assert.ok(!/https?:\/\//.test(html.replace(/xmlns="http:\/\/www\.w3\.org\/2000\/svg"/g, '')), 'no network address');
    assert.match(html, /<svg class="histogram"/);
    assert.match(html, /var\(--vscode-/);
  });
});

// Issue 21 item 10: a `user_id` column naming 2 users 48 times held "creation times" that
// dominated the histogram and pushed every event into one bar; occurrences were counted as IDs;
// the bin width was never said; the range line wrapped inside a timestamp.
describe('summary of a table with references', () => {
  const users = ['user_01je37v7t0en38ahtdbnyg2sbz', 'user_01jmcz5nq0eezbb0vr4enpnnec'];
  const t0 = Date.UTC(2025, 2, 3, 9, 51, 15, 746);
  const rows = Array.from({ length: 40 }, (_, i) => {
    const id = generate('ulid', { timeMs: t0 + i * 2 * 3_600_000, count: 1 })[0]!;
    return `${id},${users[i % 2]},view,${new Date(t0 + i * 2 * 3_600_000).toISOString()}`;
  });
  const text = ['id,user_id,event,at', ...rows].join('\n');
  const result = checkText(text, { fileName: 'events.csv', now: Date.UTC(2026, 0, 1) });
  const s = summarize(result, (o) => text.slice(0, o).split('\n').length - 1);

  it('counts occurrences and distinct IDs apart', () => {
    assert.equal(s.count, 80);
    assert.equal(s.distinct, 42);
    assert.deepEqual(s.kinds, { typeid: 40, ulid: 40 });
    assert.deepEqual(s.kindsDistinct, { ulid: 40, typeid: 2 });
  });

  it('takes creation times from the identity column only, and names the references it left out', () => {
    assert.equal(s.times.length, 40);
    assert.deepEqual(s.identity.map((c) => c.name), ['id']);
    assert.deepEqual(s.references, [{ name: 'user_id', count: 40, distinct: 2 }]);
    assert.equal(s.from, new Date(t0).toISOString());
    assert.equal(s.to, new Date(t0 + 39 * 2 * 3_600_000).toISOString());
    // The events spread over the bars instead of sharing one.
    const h = histogram(s.times);
    assert.ok(h.bins.filter((b) => b.count > 0).length >= 20, h.bins.map((b) => b.count).join());
  });

  it('says the bar width, labels the axis with dates and never wraps a timestamp', () => {
    const html = summaryHtml(s, 'IDs in events.csv', 'N');
    assert.match(html, /UTC 2025 · one bar per 3 hours · tallest bar: \d+ IDs?/);
    assert.match(html, />03-03 09:00</);
    assert.match(html, /user_id<\/code> <span class="nowrap">\(2 IDs, 40 times\)/);
    assert.ok(html.includes(`<strong class="nowrap">${new Date(t0).toISOString()}</strong>`));
    assert.match(html, /\.nowrap \{ white-space: nowrap; \}/);
    assert.match(html, /42 distinct IDs in 80 places/);
  });
});
