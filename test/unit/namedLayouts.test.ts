// LinkedIn and TikTok ids as named snowflake layouts: the vectors of unfurl's tests and
// time_decode's README, their URLs naming the layout, and never a guess for a bare number.
import assert from 'node:assert/strict';
import { inspect, scan } from '../../src/core';

describe('named layouts: LinkedIn and TikTok', () => {
  it("reads LinkedIn ids as unfurl and time_decode do (41 bits of ms after the sign bit)", () => {
    // unfurl tests/unit/test_linkedin.py @ 2d2dac3: messaging thread 6685980502161199104 -> 2020-07-06 18:59:31.226.
    assert.equal(inspect('6685980502161199104', { epoch: 'linkedin' }).time, '2020-07-06T18:59:31.226Z');
    // time_decode README.md @ 44e6f6f: --linkedin 7324176984442343424; its from_linkedin keeps the top 41 of 63 bits.
    const d = inspect('7324176984442343424', { epoch: 'linkedin' });
    assert.equal(d.unixMs, Number(7324176984442343424n >> 22n));
    // uuinfo's LinkedIn vector (Racum/uuinfo src/id_format_tests.rs @ 1b2847f).
    assert.equal(inspect('7256902784527069184', { epoch: 'linkedin' }).unixMs, Number(7256902784527069184n >> 22n));
  });

  it('reads TikTok ids: Unix seconds in the top 32 bits, then milliseconds, sequence, entity type, machine', () => {
    // time_decode README.md @ 44e6f6f: --tiktok 7228142017547750661; its from_tiktok reads id >> 32 as Unix seconds.
    const d = inspect('7228142017547750661', { epoch: 'tiktok' });
    assert.equal(Math.floor(d.unixMs! / 1000), Number(7228142017547750661n >> 32n));
    // unfurl parse_tiktok.py's bit table: 31:22 milliseconds, 18:14 sequence, 11:8 entity type (13 = video), 7:0 machine.
    const v = 7228142017547750661n;
    assert.equal(d.fields.millisecond, Number((v >> 22n) & 1023n));
    // The time is read to the second (the layout's unit); the millisecond is its own field.
    assert.equal(d.unixMs! % 1000, 0);
    assert.equal(d.fields.entityType, 13);
    assert.equal(d.fields.sequence, Number((v >> 14n) & 31n));
    assert.equal(d.fields.machineId, Number(v & 255n));
  });

  it('takes the layout from the URL or key that names it, and never guesses it for a bare number', () => {
    const [li] = scan('https://www.linkedin.com/feed/update/urn:li:activity:7324176984442343424/');
    assert.equal(li?.decoded.fields.epoch, 'linkedin');
    const [tt] = scan('https://www.tiktok.com/@scout2015/video/6718335390845095173?lang=en');
    assert.equal(tt?.decoded.fields.epoch, 'tiktok');
    const [keyed] = scan('{"tiktok": {"video_id": "7228142017547750661"}}');
    assert.equal(keyed?.decoded.fields.epoch, 'tiktok');
    // Bare: the presets' readings only (none is LinkedIn's or TikTok's).
    const bare = inspect('7324176984442343424');
    assert.ok((bare.candidates ?? []).every((c) => c.epoch !== ('linkedin' as never) && c.epoch !== ('tiktok' as never)));
  });
});
