// UUID version 2 (DCE Security): its local id and domain, and the 28 top bits of the time that
// survive, read as version 1 reads them.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { approximateTime, inspect } from '../../src/core';
import { decodeUuid } from '../../src/core/formats/uuid';
import { formatUuid } from '../../src/core/formats/uuid/codec';

describe('UUID v2 (DCE Security)', () => {
  it("reads uuinfo's version 2 example (Racum/uuinfo src/id_format_tests.rs @ 1b2847f)", () => {
    const d = decodeUuid('215d3d9f-e980-2cf4-9191-7dd485ba4fee');
    assert.equal(d.version, 2);
    assert.equal(d.variant, 'rfc9562');
    assert.deepEqual({ ...d.fields }, {
      localId: 0x215d3d9f, localDomain: '145 (site-defined)', clockSeq: 0x11, node: '7d:d4:85:ba:4f:ee', timeWindow: '429.4967296 s',
    });
  });

  it('names the POSIX domains', () => {
    assert.equal(decodeUuid('000003e8-cbb9-21ea-b200-00163e990bdb').fields.localDomain, 'person (POSIX UID)');
    assert.equal(decodeUuid('000003e8-cbb9-21ea-b201-00163e990bdb').fields.localDomain, 'group (POSIX GID)');
    assert.equal(decodeUuid('000003e8-cbb9-21ea-b202-00163e990bdb').fields.localDomain, 'organization');
  });

  it('dates every v2 at the start of its window: the v1 time of the same bytes with time_low 0', () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (b) => {
      b[6] = 0x20 | (b[6]! & 0x0f);
      b[8] = 0x80 | (b[8]! & 0x3f);
      const v2 = decodeUuid(formatUuid(b));
      const v1 = b.slice();
      v1.fill(0, 0, 4);
      v1[6] = 0x10 | (v1[6]! & 0x0f);
      assert.equal(v2.unixMs, decodeUuid(formatUuid(v1)).unixMs);
      assert.equal(v2.fields.localId, ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0);
    }), { numRuns: 2000 });
  });

  it('says its time is known only to the 429.5 s window (the surfaces show it approximately); --json keeps its fields', () => {
    const d = decodeUuid('000003e8-cbb9-21ea-b200-00163e990bdb');
    assert.equal(d.timeWindowMs, 429496.7296);
    assert.equal(decodeUuid('6ba7b810-9dad-11d1-80b4-00c04fd430c8').timeWindowMs, undefined);
    const json = inspect('000003e8-cbb9-21ea-b200-00163e990bdb');
    assert.deepEqual(Object.keys(json), ['input', 'kind', 'valid', 'variant', 'version', 'time', 'unixMs', 'fields']);
    assert.equal(json.time, '2020-07-22T01:16:41.760Z');
  });

  it('approximateTime: the window\'s middle to the minute, and how wide it is', () => {
    assert.deepEqual(approximateTime(Date.UTC(2020, 6, 22, 1, 16, 41, 760), 429496.7296),
      { time: '≈ 2020-07-22 01:20Z', ms: Date.UTC(2020, 6, 22, 1, 20), precision: 'to about 7 minutes' });
    assert.equal(approximateTime(Date.UTC(10000, 0, 1), 60_000).time, '≈ +010000-01-01 00:01Z');
    assert.equal(approximateTime(0, 60_000).precision, 'to about 1 minute');
  });
});
