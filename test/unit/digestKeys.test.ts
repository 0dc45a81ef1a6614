// Digests and trace ids under their keys are no IDs: 32 hex digits spell a UUID when two of them
// fit (1 MD5 in 11), and a random 63-bit number reads as a snowflake of some layout. Found in the
// real VS Code: an `md5` column of a fixture got `future: UUID dated 3760`, and a Datadog
// `dd.span_id` hovered as an Instagram snowflake with a date.
import { strict as assert } from 'node:assert';
import { checkText, generate, scan } from '../../src/core';
import { isDigestKey } from '../../src/core/formats/digestKeys';

const NOW = Date.UTC(2026, 10, 27);
// MD5s that spell a UUID: v2 (its time 3760-12-27), v7 (4838), v4 (no time).
const MD5_V2 = '1c383cd30b7c298ab50293adfecb7b18';
const MD5_V7 = '3636638817772e42b59d74cff571fbb3';
const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736'; // W3C's example trace id: it spells a v4 UUID
const SPAN = '3641603982383516983'; // reads as an Instagram snowflake of 2025-05-27
const V4 = '9b2f6a443c1e4d1a8f2e0c5b7d9e1a23';

const kinds = (text: string) => scan(text, { now: NOW }).map((m) => m.kind);

describe('digests and trace ids under their keys', () => {
  it('names: the last word a digest, or trace/span before id, in any case style', () => {
    for (const k of ['md5', 'MD5', 'content_md5', 'contentMD5', 'sha256', 'etag', 'ETag', 'checksum', 'fileHash', 'digest', 'integrity', 'trace_id', 'traceId', 'dd.trace_id', 'parentSpanId', 'span_ids', 'x-trace-id',
      'x-datadog-parent-id', 'x-b3-parentspanid', 'X-B3-TraceId', 'api_key', 'apiKey', 'client_secret', 'nonce', 'csrf_token', 'refreshToken']) {
      assert.ok(isDigestKey(k), k);
    }
    for (const k of ['id', 'uuid', 'request_id', 'user_id', 'hashed_at', 'trace', 'spanner_id', 'md5_checked_at', 'session', 'parent_id', 'key', 'idempotency_key', 's3_key', 'datadog_monitor']) assert.equal(isDigestKey(k), false, k);
  });

  it('the scanner reads no UUID or snowflake there, and reads the same text under other keys', () => {
    for (const [key, value, kind] of [['md5', V4, 'uuid'], ['etag', TRACE, 'uuid'], ['trace_id', TRACE, 'uuid'], ['dd.span_id', SPAN, 'snowflake'], ['parentSpanId', SPAN, 'snowflake'], ['x-datadog-parent-id', SPAN, 'snowflake']] as const) {
      for (const text of [`${key}=${value}`, `"${key}": "${value}"`, `${key}: ${value}`]) assert.deepEqual(kinds(text), [], text);
      assert.deepEqual(kinds(`request_id=${value}`), [kind], `${value} under another key`);
    }
    // Dashed, a UUID is one whatever its key.
    assert.deepEqual(kinds(`md5: 9b2f6a44-3c1e-4d1a-8f2e-0c5b7d9e1a23`), ['uuid']);
  });

  it('32 hex digits whose version has a time need a plausible one, DCE v2 too (it was read as a UUID of 3760)', () => {
    assert.deepEqual(kinds(`request_id=${MD5_V2}`), []);
    assert.deepEqual(kinds(`request_id=${MD5_V7}`), []);
    assert.deepEqual(kinds(`request_id=${V4}`), ['uuid']);
  });

  it('the fixture check: an md5 column or key is no future UUID; an id column still is', () => {
    const manifest = JSON.stringify({ files: [{ path: 'a.png', md5: MD5_V2 }, { path: 'b.png', md5: MD5_V7 }, { path: 'c.png', md5: MD5_V7 }] });
    assert.deepEqual(checkText(manifest, { fileName: 'manifest.json', now: NOW }).problems, []);
    assert.deepEqual(checkText(`path,md5\na.png,${MD5_V2}\nb.png,${MD5_V7}\n`, { fileName: 'files.csv', now: NOW }).problems, []);
    // Under `id`, a value dated far ahead is reported, as it was.
    assert.deepEqual(checkText(`id,md5\n${MD5_V7},x\n`, { fileName: 'rows.csv', now: NOW }).problems.map((p) => p.code), ['future']);
  });
});

describe('secrets under their keys', () => {
  it('the fixture check reads no ID under api_key, client_secret, token or nonce (a random secret of an ID\'s shape)', () => {
    const [later] = generate('ksuid', { count: 1, timeMs: NOW + 400 * 86_400_000 });
    for (const key of ['api_key', 'client_secret', 'token', 'nonce']) {
      assert.deepEqual(checkText(JSON.stringify({ [key]: later }), { fileName: 'a.json', now: NOW }).problems, [], key);
    }
    assert.deepEqual(checkText(JSON.stringify({ ref: later }), { fileName: 'a.json', now: NOW }).problems.map((p) => p.code), ['future']);
  });
});
