import { strict as assert } from 'node:assert';
import { SNOWFLAKE_PRESETS, decodeUuid, idAt, inspect, parseKeyRules, shownTime } from '../../src/core';
import { buildCard, readingDetail, type Card } from '../../src/editor/shared/card';
import { documentMarkdown, hoverMarkdown } from '../../src/editor/shared/cardMarkdown';
import type { DecodeContext } from '../../src/editor/shared/decodeContext';
import { zonedTime } from '../../src/editor/shared/zonedTime';
import { KSUID_SPEC, OBJECTID_SPEC, ULID_SPEC, UUID_V1_RFC, UUID_V7_RFC } from '../shared/vectors';

// The card model behind hover and inspect, on the reference vectors, without an editor. The
// rendered hover in a real editor is checked by test/integration/hover.test.ts.

const NOW = Date.UTC(2026, 0, 1);
const UTC: DecodeContext = { keys: [], zone: zonedTime('UTC', 'iso') };
const BERLIN: DecodeContext = { keys: [], zone: zonedTime('Europe/Berlin', 'iso') };

function hoverCard(id: string, ctx = UTC): Card {
  const m = idAt(`x ${id} y`, 3, ctx.epoch === undefined ? {} : { epoch: ctx.epoch });
  assert.ok(m, `the scanner finds ${id}`);
  return buildCard(m.decoded, ctx, { full: false, now: NOW });
}

const row = (card: Card, label: string): string | undefined => card.rows.find((r) => r.label === label)?.value;

describe('hover card', () => {
  const titles: Array<[string, string]> = [
    [ULID_SPEC, 'ULID'],
    [UUID_V1_RFC, 'UUID v1'],
    ['1ec9414c-232a-6b00-b3c8-9f6bdeced846', 'UUID v6'],
    [UUID_V7_RFC, 'UUID v7'],
    [KSUID_SPEC, 'KSUID'],
    [OBJECTID_SPEC, 'ObjectId'],
    ['prefix_01h455vb4pex5vsknk084sn02q', 'TypeID'],
    ['01563df3-6481-d676-4c61-efb99302bd5b', 'UUID'],
    ['00000000-0000-0000-0000-000000000000', 'Nil UUID'],
    ['user_01H455VB4PEX5VSKNK084SN02Q', 'Invalid TypeID'],
  ];
  for (const [id, title] of titles) {
    it(`titles ${id} "${title}"`, () => assert.equal(hoverCard(id).title, title));
  }

  it('gives v1/v6 100 ns precision and tells a random node from a possible MAC address', () => {
    const random = hoverCard(UUID_V1_RFC);
    assert.equal(row(random, 'UTC'), '2022-02-22T19:22:22.0000000Z');
    assert.equal(row(random, 'Clock sequence'), '13256 (0x33c8)');
    assert.ok(random.notes.some((n) => n.includes('multicast bit set: random node')));
    const mac = hoverCard('6ba7b810-9dad-11d1-80b4-00c04fd430c8'); // RFC namespace UUID, node 00:c0:4f:…
    assert.ok(mac.notes.some((n) => n.includes('may be the MAC address')), mac.notes.join('\n'));
  });

  it('offers the ULID reading of a non-RFC UUID only when its time is plausible', () => {
    const asUlid = hoverCard('01563df3-6481-d676-4c61-efb99302bd5b');
    assert.equal(row(asUlid, 'As ULID, UTC'), '2016-07-30T22:36:16.385Z');
    assert.ok(asUlid.notes.some((n) => n.includes('no version to read')));
    const random = hoverCard('f1e2d3c4-b5a6-1798-c8d7-e6f5a4b3c2d1'); // variant c: Microsoft; ULID time far future
    assert.equal(row(random, 'As ULID, UTC'), undefined);
    assert.ok(random.notes.some((n) => n.includes('no version to read')));
  });

  it('does not present a reserved version nibble (0, 9-15 under the RFC variant) as a UUID version', () => {
    // The classic Microsoft GUID example: variant nibble b (RFC 9562), version nibble d (13).
    const v13 = hoverCard('6f9619ff-8b86-d011-b42d-00cf4fc964ff');
    assert.equal(v13.title, 'UUID (version 13: reserved)');
    assert.equal(row(v13, 'Version'), '13 (reserved)');
    assert.equal(row(v13, 'Variant'), 'RFC 9562');
    assert.ok(v13.notes.some((n) => n.includes('RFC 9562 defines versions 1 to 8')), v13.notes.join('\n'));
    const md = hoverMarkdown(v13, []).replace(/\\/g, '');
    assert.match(md, /^\*\*UUID \(version 13: reserved\)\*\*/);
    assert.doesNotMatch(md, /UUID v13/);
    for (const [id, v] of [['6f9619ff-8b86-0011-842d-00cf4fc964ff', 0], ['6f9619ff-8b86-9011-a42d-00cf4fc964ff', 9], ['6f9619ff-8b86-f011-842d-00cf4fc964ff', 15]] as const) {
      const card = hoverCard(id);
      assert.equal(card.title, `UUID (version ${v}: reserved)`, id);
      assert.equal(row(card, 'Version'), `${v} (reserved)`, id);
    }
    // Versions 1-8 keep their names; the Nil and Max UUIDs keep theirs.
    assert.equal(hoverCard('6f9619ff-8b86-8011-b42d-00cf4fc964ff').title, 'UUID v8');
    assert.equal(row(hoverCard('6f9619ff-8b86-8011-b42d-00cf4fc964ff'), 'Version'), '8 (custom)');
    assert.equal(hoverCard('ffffffff-ffff-ffff-ffff-ffffffffffff').title, 'Max UUID');
  });

  it('shows the time zone line unless it would repeat UTC', () => {
    assert.equal(row(hoverCard(ULID_SPEC, BERLIN), 'Europe/Berlin'), '2016-07-31 00:36:16.385 +02:00');
    assert.deepEqual(hoverCard(ULID_SPEC).rows.map((r) => r.label).filter((l) => l.includes('/')), []);
  });

  it('lists plausible snowflake readings without an epoch, one reading with', () => {
    const auto = hoverCard('175928847299117063');
    assert.ok(auto.readings.length >= 2 && auto.readings.every((r) => r.plausible));
    assert.ok(auto.readings.some((r) => r.label === 'Discord' && r.time === '2016-04-30T11:18:25.796Z'));
    assert.match(hoverMarkdown(auto, []), /\| Reading \| Created \(UTC\) \|/);
    const discord = hoverCard('175928847299117063', { ...UTC, epoch: SNOWFLAKE_PRESETS.discord, epochLabel: 'Discord' });
    assert.equal(discord.title, 'Snowflake (Discord)');
    assert.deepEqual(discord.readings, []);
    assert.equal(row(discord, 'UTC'), '2016-04-30T11:18:25.796Z');
    assert.deepEqual([row(discord, 'Worker'), row(discord, 'Process'), row(discord, 'Sequence')], ['1', '0', '7']);
  });

  it('says which layout the context chose and why, with the document\'s words as code', () => {
    const id = '175928847299117063';
    const text = `{"discord": {"guild": {"owner_id": "${id}"}}}`;
    const m = idAt(text, text.indexOf(id) + 2, { now: NOW })!;
    const card = buildCard(m.decoded, UTC, { full: false, now: NOW });
    assert.equal(card.title, 'Snowflake (Discord)');
    assert.deepEqual(card.readings, []);
    assert.equal(row(card, 'UTC'), '2016-04-30T11:18:25.796Z');
    // Markdown escapes aside (`\(`, `\:`), the first lines read as the issue asks.
    const md = hoverMarkdown(card, []).replace(/\\/g, '');
    assert.match(md, /^\*\*Snowflake \(Discord\)\*\* · created .*  \n_Read as Discord:_ _key_ `owner_id` _under_ `discord`\n/);
    assert.match(documentMarkdown(buildCard(m.decoded, UTC, { full: true, now: NOW })).replace(/\\/g, ''), /_Read as Discord:_ _key_ `owner_id` _under_ `discord`/);
    // A user's pattern is shown as written: its `*` and `_` are escaped, never emphasis.
    const rules = parseKeyRules({ '*_order_*': 'discord' }, NOW).rules;
    const m2 = idAt(`acme_order_id = ${id}`, 18, { now: NOW, context: { rules } })!;
    const md2 = hoverMarkdown(buildCard(m2.decoded, UTC, { full: false, now: NOW }), []);
    assert.ok(md2.includes('\\*\\_order\\_\\*'), md2);
    assert.match(md2.replace(/\\/g, ''), /_Read as Discord:_ _key_ `acme_order_id` _\(matches_ \*_order_\* _in idsmith.snowflake.keys\)_/);
  });

  describe('UUID v2 (DCE Security): a time known to 7 minutes', () => {
    // 2020-07-22T01:16:41.760Z plus the 429.5 s its local id hides: the middle is 01:20:16.
    const REAL = '000003e8-cbb9-21ea-b200-00163e990bdb';
    // Random bits with version 2 and the RFC variant (as a hash gets them): dated 4034.
    const HASHED = 'a1b2c3d4-e5f6-2abc-8def-0123456789ab';

    it('shows a plausible one approximately, to the minute, in every row, the relative time and the copied time', () => {
      const card = hoverCard(REAL, BERLIN);
      assert.equal(card.title, 'UUID v2');
      assert.equal(row(card, 'UTC'), '≈ 2020-07-22 01:20Z, to about 7 minutes');
      assert.equal(row(card, 'Europe/Berlin'), '≈ 2020-07-22 03:20 +02:00');
      assert.equal(card.time, '≈ 2020-07-22 01:20Z, to about 7 minutes');
      assert.match(card.relative!, /^≈ 5 years ago$/);
      assert.equal(row(card, 'Time window'), '429.4967296 s');
      const full = buildCard(inspect(REAL), UTC, { full: true, now: NOW });
      assert.equal(row(full, 'Unix ms (window start)'), '1595380601760');
      assert.deepEqual(shownTime(decodeUuid(REAL), NOW), { text: '≈ 2020-07-22 01:20Z, to about 7 minutes', short: '≈ 2020-07-22 01:20Z', unixMs: Date.UTC(2020, 6, 22, 1, 20), approximate: true });
    });

    it('shows no date for an implausible one (it showed 4034-09-09T10:41:12.559Z, 2,008 years ahead), and says why', () => {
      const card = hoverCard(HASHED);
      assert.equal(card.title, 'UUID v2');
      assert.equal(row(card, 'UTC'), undefined);
      assert.equal(card.relative, undefined);
      assert.equal(card.time, undefined);
      assert.ok(card.notes.some((n) => /time bits read as 4034-09-09, a date no such ID was made at/.test(n)), card.notes.join('\n'));
      assert.doesNotMatch(hoverMarkdown(card, []), /4034-09-09T|created/);
      assert.equal(shownTime(decodeUuid(HASHED), NOW), undefined);
    });

    it('Inspect ID As…: each reading\'s line shows the time as the card does (it showed the window\'s start to the ms, and 4034 for a hash)', () => {
      assert.equal(readingDetail(decodeUuid(REAL), NOW), '≈ 2020-07-22 01:20Z, to about 7 minutes');
      assert.equal(readingDetail(decodeUuid(HASHED), NOW), 'reads it (implausible date, not shown)');
      assert.equal(readingDetail(decodeUuid(UUID_V7_RFC), NOW), '2022-02-22T19:22:22.000Z');
    });

    it('leaves the times of other versions as exact as they are', () => {
      assert.equal(row(hoverCard(UUID_V1_RFC), 'UTC'), '2022-02-22T19:22:22.0000000Z');
      assert.equal(shownTime(decodeUuid(UUID_V7_RFC), NOW)?.approximate, false);
    });
  });

  it('inspect cards carry every representation the core offers', () => {
    const card = buildCard(inspect(ULID_SPEC), UTC, { full: true, now: NOW });
    const targets = card.representations.map((r) => r.target);
    for (const t of ['uuid', 'hex', 'int', 'base64', 'base64url', 'uuid-urn']) assert.ok(targets.includes(t), t);
    assert.match(documentMarkdown(card), /\| Unix ms \| `1469918176385` \|/);
  });
});
