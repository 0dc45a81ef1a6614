// Explicit text (issue 22 items 7 and 8): every target `convert --to` writes reads back with
// `--from` of that target, every kind with a value is a `--from` source, and text the user
// points at gets every reading its shape allows, the implausible ones marked and last; free text
// keeps the scanner's strict rules. Driven by the registry, so a new format or target is covered.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Scru128Id } from 'scru128';
import {
  ALL_CONVERT_TARGETS, CONVERT_SOURCES, FORMATS, IdFactory, convert, generatorFor, inspect, readings, representationsFor, scan,
} from '../../src/core';
import { formatCard } from '../../src/cli/card';
import { SCRU128_SPEC, XRAY_SPEC } from '../shared/vectors';

const NOW = Date.UTC(2026, 10, 24);
const f = new IdFactory({ clock: () => NOW });
const one = (kind: string, opts = {}): string => f.generate(kind as never, opts)[0]!;

/** How each width's value is compared: the same bits, written one way. */
const CANONICAL: Record<number, string> = { 64: 'int', 96: 'hex', 128: 'hex', 160: 'ksuid' };

const SAMPLES: [string, number][] = [
  [one('ulid'), 128], [one('uuidv4'), 128], [one('uuidv1'), 128], [one('uuidv6'), 128], [one('uuidv7'), 128],
  [one('typeid', { prefix: 'user' }), 128], [XRAY_SPEC, 128], [SCRU128_SPEC, 128],
  [one('tsid'), 64], [one('snowflake', { workerId: 3 }), 64], [one('objectid'), 96], [one('xid'), 96],
];

describe('explicit text: every form reads back, every reading listed (issue 22 items 7, 8)', () => {
  describe('item 7: convert --from', () => {
    it('every target of convert --to reads back with --from of that target (datadog: its low 64 bits)', () => {
      let checked = 0;
      for (const [id, bits] of SAMPLES) {
        const want = convert(id, CANONICAL[bits]!);
        for (const target of ALL_CONVERT_TARGETS) {
          let out: string;
          try {
            out = convert(id, target);
          } catch {
            continue; // a target that does not apply (a v4 UUID has no v6 form)
          }
          // uuidv6/uuidv1 are the reordered UUID: read back, they give the original by the reverse reorder.
          const back = target === 'uuidv6' ? convert(out, 'uuidv1', { from: target }) : target === 'uuidv1' ? convert(out, 'uuidv6', { from: target }) : undefined;
          if (back !== undefined) {
            assert.equal(convert(back, 'hex'), want, `${id} -> ${target} -> back`);
          } else if (target === 'datadog' && bits === 128) {
            assert.equal(convert(out, 'hex', { from: target }), '0'.repeat(16) + want.slice(16), `${id} -> datadog -> back`);
          } else {
            assert.equal(convert(out, CANONICAL[bits]!, { from: target }), want, `${id} -> ${target} (${out}) -> back`);
          }
          checked++;
        }
      }
      // mysql-bin applies to the v1 sample only (issue 21 item 4).
      assert.ok(checked > 140, `${checked} round trips`);
    });

    it('every target is a --from source, and so is every kind with a value', () => {
      for (const bits of [64, 96, 128, 160]) {
        for (const r of representationsFor(bits)) assert.ok(CONVERT_SOURCES.includes(r.target), `${r.target} (${bits} bits) reads back`);
      }
      for (const format of FORMATS.filter((x) => x.bits !== undefined)) assert.ok(CONVERT_SOURCES.includes(format.id), format.id);
    });

    it('--from KIND reads each generated ID as its kind, whatever else the text could be', () => {
      for (const format of FORMATS.filter((x) => x.bits !== undefined)) {
        const kind = format.generators[0]?.kind;
        if (!kind || !generatorFor(kind)) continue;
        const id = one(kind);
        assert.equal(convert(id, CANONICAL[format.bits!]!, { from: format.id }), convert(id, CANONICAL[format.bits!]!), `${format.id}: ${id}`);
      }
      // 32 digits read as hex by shape, as an integer when named.
      assert.equal(convert('12345678901234567890123456789012', 'int', { from: 'int' }), '12345678901234567890123456789012');
      assert.equal(convert('0x1', 'int', { from: 'hex' }), '1', 'a 64-bit 0x value (a snowflake\'s hex form)');
      assert.throws(() => convert('nope', 'uuid', { from: 'scru128' }), /SCRU128/);
    });

    it('SCRU128: every UUID written as one reads back without --from (a-f starts were read as CUID2s); its maximum too', () => {
      fc.assert(fc.property(fc.uuid(), (u) => {
        const s = convert(u, 'scru128');
        assert.equal(convert(s, 'uuid'), u.toLowerCase());
        assert.equal(convert(s, 'uuid', { from: 'scru128' }), u.toLowerCase());
      }), { numRuns: 300 });
      assert.equal(convert('f5lxx1zz5pnorynqglhzmsp33', 'uuid'), 'ffffffff-ffff-ffff-ffff-ffffffffffff');
    });
  });

  describe('item 8: every reading the shape allows', () => {
    it("a SCRU128 from 2019 made by the reference library reads as SCRU128, marked implausible; the scanner still passes it by", () => {
      const old = Scru128Id.fromFields(Date.UTC(2019, 5, 1), 0x123456, 0xabcdef, 0x12345678).toString();
      const d = inspect(old, { now: NOW });
      assert.equal(d.kind, 'scru128');
      assert.equal(d.valid, true);
      assert.equal(d.plausible, false);
      assert.equal(d.time, '2019-06-01T00:00:00.000Z');
      assert.equal(JSON.parse(JSON.stringify(d)).plausible, false);
      assert.match(formatCard(d), /note +implausible date/);
      assert.deepEqual(scan(`id ${old} done`, { now: NOW }), []);
    });

    it('push IDs at their time extremes read as push IDs, marked implausible; a plausible one is not marked', () => {
      for (const [text, time] of [['--------abcdefghijkl', '1970-01-01T00:00:00.000Z'], ['zzzzzzzzabcdefghijkl', '+010889-08-02T05:31:50.655Z']]) {
        const d = inspect(text!, { now: NOW });
        assert.equal(d.kind, 'pushid', text);
        assert.equal(d.plausible, false);
        assert.equal(d.time, time);
      }
      assert.equal(inspect('-P7COOKN1Jw8uiucoiUT', { now: NOW }).plausible, undefined);
      assert.equal(inspect('18446744073709551616', { now: NOW }).kind, 'snowflake', 'twenty digits stay a number');
    });

    it('plausible readings come first, implausible ones after them and marked, in JSON and on the card', () => {
      const xid = one('xid'); // 20 base32hex characters: also 20 push-ID characters
      const all = readings(xid, { now: NOW });
      assert.deepEqual(all.map((d) => [d.kind, d.plausible !== false]), [['xid', true], ['pushid', false]]);
      const d = inspect(xid, { now: NOW });
      assert.deepEqual(d.alternatives?.map((a) => [a.kind, a.plausible]), [['pushid', false]]);
      assert.match(formatCard(d), /also reads as:\n +pushid .*\(implausible date\)/);
    });

    it('a snowflake reading with no one time names its plausible layouts\' days on the card, with no blank line end', () => {
      const d = inspect('1732701605', { now: NOW });
      assert.equal(d.kind, 'unixsec');
      const card = formatCard(d);
      const line = card.split('\n').find((l) => l.trimStart().startsWith('snowflake'))!;
      const plausible = d.alternatives![0]!.candidates!.filter((c) => c.plausible);
      assert.ok(plausible.length >= 2);
      assert.equal(line, `    snowflake  ${plausible.map((c) => `${c.epoch} ${c.time.slice(0, 10)}`).join(', ')} (pick: --from snowflake --epoch NAME)`);
      for (const l of card.split('\n')) assert.equal(l, l.trimEnd());
    });

    it('the free-text rules stay strict: scan finds none of the implausible readings inspect lists', () => {
      for (const text of ['--------abcdefghijkl', 'zzzzzzzzabcdefghijkl', '01ARYZ6S41TSV4RRFFQ69G5FA']) {
        assert.ok(inspect(text, { now: NOW }).valid, text);
        assert.deepEqual(scan(`key: "${text}"`, { now: NOW }).map((m) => m.kind), [], text);
      }
    });
  });
});
