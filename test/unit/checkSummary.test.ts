// The Summarize IDs panel's model and HTML (src/editor/check/summaryModel.ts has no vscode
// import): counts, time range, histogram bins, escaping of document text, and the CSP.
import { strict as assert } from 'node:assert';
import { checkText } from '../../src/core';
import { escapeHtml, histogram, summarize, summaryHtml } from '../../src/editor/check/summaryModel';

const A = '01ARYZ6S41TSV4RRFFQ69G5FAV';
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

  it('histogram bins hold every time once; one bin when all times are equal', () => {
    const times = [0, 1, 2, 3, 10, 10, 10];
    const bins = histogram(times, 5);
    assert.equal(bins.length, 5);
    assert.equal(bins.reduce((n, b) => n + b.count, 0), times.length);
    assert.equal(bins[4]!.count, 3);
    assert.deepEqual(histogram([5, 5]).map((b) => b.count), [2]);
    assert.deepEqual(histogram([]), []);
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
