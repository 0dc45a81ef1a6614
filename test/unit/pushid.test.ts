// Firebase push IDs against the `pushid` package (the generator Firebase published as a gist),
// and the scanner's rules for IDs that start with `-` and may hold `-` and `_`.
import assert from 'node:assert/strict';
// @ts-expect-error: the package ships no types; it exports one function returning a string.
import pushidLibUntyped from 'pushid';
import { decodePushId, inspect, scan } from '../../src/core';
import { code, atTime } from './helpers';

const pushidLib = pushidLibUntyped as () => string;
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('Firebase push ID', () => {
  it('decodes the time of 5,000 IDs the pushid package made at random times (2012-2100)', () => {
    const bad: string[] = [];
    for (let i = 0; i < 5000; i++) {
      const ms = Date.UTC(2012, 0, 1) + Math.floor(Math.random() * (Date.UTC(2100, 0, 1) - Date.UTC(2012, 0, 1)));
      const id = atTime(ms, () => pushidLib());
      const d = inspect(id);
      if (d.kind !== 'pushid' || !d.valid || d.unixMs !== ms || d.fields.random !== id.slice(8)) bad.push(`${id} at ${ms}: ${JSON.stringify(d)}`);
    }
    assert.deepEqual(bad.slice(0, 3), []);
  });

  it('reads IDs made within one millisecond (random part incremented) with the same time', () => {
    const ids = atTime(NOW, () => Array.from({ length: 100 }, () => pushidLib()));
    assert.deepEqual([...ids].sort(), ids);
    for (const id of ids) assert.equal(decodePushId(id).unixMs, NOW);
  });

  it('decodes known values: the digit order is the ASCII order of -0-9A-Z_a-z', () => {
    // "-" is 0, so the smallest ID is time 0; "-" then "0" (1) at the last time char is 1 ms.
    assert.equal(decodePushId('--------------------').unixMs, 0);
    assert.equal(decodePushId('-------0------------').unixMs, 1);
    assert.equal(decodePushId('------0-------------').unixMs, 64);
    assert.equal(decodePushId('zzzzzzzz------------').unixMs, 2 ** 48 - 1);
    // 2015-02-15 (the Firebase blog post's era): 1424040000000 ms is 0,20,46,15,25,31,40,0 in
    // base 64 (worked out separately) -> "-" "J" "i" "E" "O" "U" "c" "-".
    assert.equal(decodePushId('-JiEOUc-abcdefABCDEF').unixMs, 1424040000000);
  });

  it("decodes the Firebase blog's examples and finds them in its JSON", () => {
    // "The 2^120 Ways to Ensure Unique Identifiers" (Firebase blog, February 2015); times worked
    // out separately from the alphabet order.
    const blog = {
      '-JhLeOlGIEjaIOFHR0xd': 1423088131153, // 2015-02-04T22:15:31.153Z
      '-JhQ76OEK_848CkIFhAq': 1423163029071, // 2015-02-05T19:03:49.071Z
      '-JhQ7APk0UtyRTFO9-TS': 1423163045552, // 2015-02-05T19:04:05.552Z
    };
    for (const [id, ms] of Object.entries(blog)) assert.equal(decodePushId(id).unixMs, ms, id);
    assert.equal(decodePushId('-JhLeOlGIEjaIOFHR0xd').time, '2015-02-04T22:15:31.153Z');
    const json = `{\n  "messages": {\n    "-JhLeOlGIEjaIOFHR0xd": "Hello there!",\n    "-JhQ76OEK_848CkIFhAq": "Push IDs are pretty magical.",\n    "-JhQ7APk0UtyRTFO9-TS": "Look a white rabbit!"\n  }\n}`;
    assert.deepEqual(scan(json, { now: NOW }).map((m) => [m.kind, m.text, m.decoded.unixMs]), Object.entries(blog).map(([id, ms]) => ['pushid', id, ms]));
    // unique-push-id's README example (2018).
    assert.equal(decodePushId('-L9QCCdxj62CBRFCn6rF').unixMs, 1523022355069);
  });

  it('says what is wrong', () => {
    assert.throws(() => decodePushId('-JiEOUc-abcdefABCDE'), code('INVALID_LENGTH'));
    assert.throws(() => decodePushId('-JiEOUc-abcdefABCD.F'), code('INVALID_CHARACTER'));
  });

  it('is found where it starts with -, has both cases and a digit or a label, and a plausible time', () => {
    const id = '-NqJ3xk_Ab9-QzLm2TyR';
    assert.equal(id.length, 20);
    const found = (text: string) => scan(text, { now: NOW }).map((m) => [m.kind, m.text]);
    assert.deepEqual(found(`ref.child("${id}")`), [['pushid', id]]);
    assert.deepEqual(found(`/messages/${id}/text`), [['pushid', id]]);
    assert.deepEqual(found(`{"${id}": {"text": "hi"}}`), [['pushid', id]]);
    // No digit: only with a label or a path before it.
    const noDigit = '-NqJxxk_Ab-QzLmTyRwq';
    assert.equal(noDigit.length, 20);
    assert.deepEqual(found(`"${noDigit}"`), []);
    assert.deepEqual(found(`key: "${noDigit}"`), [['pushid', noDigit]]);
    assert.deepEqual(found(`users/${noDigit}`), [['pushid', noDigit]]);
  });

  it('is not found in flags, words, longer tokens or base64', () => {
    const none = (text: string) => assert.deepEqual(scan(text, { now: NOW }).filter((m) => m.kind === 'pushid'), [], text);
    none('gcc -Wno-unused-variable -O2'); // one case in the random part, and a time after 2036
    none('--NqJ3xk_Ab9-QzLm2TyR'); // a dash before the dash: a longer token
    none('a-NqJ3xk_Ab9-QzLm2TyR'); // joined to a word
    none('-NqJ3xk_Ab9-QzLm2TyRx'); // 21 chars
    none('-NqJ3xk_Ab9-QzLm2Ty'); // 19 chars
    none('-nqj3xk_ab9-qzlm2tyr'); // lower case: no time from 2012-2036, no upper case
    none('-BqJ3xk_Ab9-QzLm2TyR'); // B: a time in 2003
    none(`${'A'.repeat(80)}+/-NqJ3xk_Ab9-QzLm2TyR${'A'.repeat(40)}==`); // inside base64
  });
});
