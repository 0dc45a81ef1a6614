import assert from 'node:assert/strict';
import { formatUuid, isUuid, MAX_UUID, NAMESPACES, NIL_UUID, parseUuid, uuidV3, uuidV5, uuidVariant, uuidVersion, UuidGenerator, v1ToV6, v6ToV1 } from '../../src/core/formats/uuid/codec';
import { IdError } from '../../src/core/types';
import { decodeUuid, generate } from '../../src/core';
import { code, constant } from './helpers';
import { UUID_V1_RFC } from '../shared/vectors';

const RFC_V1 = 'C232AB00-9414-11EC-B3C8-9F6BDECED846';
const RFC_V6 = '1EC9414C-232A-6B00-B3C8-9F6BDECED846';
const RFC_V7 = '017F22E2-79B0-7CC3-98C4-DC0C0C07398F';

describe('uuid', () => {
  describe('parse and format', () => {
    it('accepts any case, braces, urn:uuid: and 32 bare hex; writes lower case', () => {
      const canonical = UUID_V1_RFC;
      for (const form of [RFC_V1, canonical, `{${RFC_V1}}`, `urn:uuid:${canonical}`, `URN:UUID:${RFC_V1}`, RFC_V1.replace(/-/g, '')]) {
        assert.equal(formatUuid(parseUuid(form)), canonical, form);
        assert.equal(isUuid(form), true);
      }
    });

    it('rejects bad shapes with codes and positions', () => {
      assert.throws(() => parseUuid(''), code('EMPTY'));
      assert.throws(() => parseUuid('c232ab00-9414-11ec-b3c8'), code('INVALID_LENGTH'));
      assert.throws(() => parseUuid('c232ab00x9414-11ec-b3c8-9f6bdeced846'), /position 9/);
      assert.throws(() => parseUuid('g232ab00-9414-11ec-b3c8-9f6bdeced846'), code('INVALID_CHARACTER'));
      assert.throws(() => parseUuid('[c232ab00-9414-11ec-b3c8-9f6bdeced846]'), code('INVALID_CHARACTER'));
      assert.throws(() => parseUuid('uri:uuid:c232ab00-9414-11ec-b3c8-9f6bdeced846'), code('INVALID_CHARACTER'));
      assert.equal(isUuid('c232ab00-9414-11ec-b3c8-9f6bdeced84'), false);
      for (const bad of ['c232ab00-9414-11ec-b3c8-9f6bdeced84g', '{c232ab00-9414-11ec-b3c8-9f6bdeced846', 'urn:uuix:c232ab00-9414-11ec-b3c8-9f6bdeced846', 'c232ab00-9414-11ec-b3c8x9f6bdeced846', 'c232ab0019414-11ec-b3c8-9f6bdeced846', '']) {
        assert.equal(isUuid(bad), false, bad);
        assert.throws(() => parseUuid(bad), IdError, 'isUuid and parseUuid agree');
      }
    });
  });

  describe('decode', () => {
    it('reads the RFC 9562 v1 vector at 100 ns', () => {
      const d = decodeUuid(RFC_V1);
      assert.equal(d.version, 1);
      assert.equal(d.variant, 'rfc9562');
      assert.equal(d.time, '2022-02-22T19:22:22.000Z');
      assert.equal(d.timePrecise, '2022-02-22T19:22:22.0000000Z');
      assert.equal(d.fields.clockSeq, 0x33c8);
      assert.equal(d.fields.node, '9f:6b:de:ce:d8:46');
    });

    it('reads the RFC 9562 v6 vector to the same time, clock sequence and node', () => {
      const d = decodeUuid(RFC_V6);
      assert.equal(d.version, 6);
      assert.equal(d.timePrecise, '2022-02-22T19:22:22.0000000Z');
      assert.equal(d.fields.clockSeq, 0x33c8);
      assert.equal(d.fields.node, '9f:6b:de:ce:d8:46');
    });

    it('reads the RFC 9562 v7 vector at 1 ms, without timePrecise', () => {
      const d = decodeUuid(RFC_V7);
      assert.equal(d.version, 7);
      assert.equal(d.time, '2022-02-22T19:22:22.000Z');
      assert.equal(d.unixMs, 1645557742000);
      assert.equal(d.timePrecise, undefined);
    });

    it('keeps sub-millisecond ticks and floors the ms time', () => {
      // 1 tick after the RFC vector's time, then 9,999 ticks after.
      assert.equal(decodeUuid('c232ab01-9414-11ec-b3c8-9f6bdeced846').timePrecise, '2022-02-22T19:22:22.0000001Z');
      const d = decodeUuid('c232d20f-9414-11ec-b3c8-9f6bdeced846');
      assert.equal(d.timePrecise, '2022-02-22T19:22:22.0009999Z');
      assert.equal(d.time, '2022-02-22T19:22:22.000Z');
    });

    it('decodes the v1 extremes: the Gregorian epoch (before 1970) and the last 60-bit time', () => {
      const first = decodeUuid('00000000-0000-1000-8000-000000000000');
      assert.equal(first.unixMs, -12219292800000);
      assert.equal(first.time, '1582-10-15T00:00:00.000Z');
      const last = decodeUuid('ffffffff-ffff-1fff-bfff-ffffffffffff');
      assert.equal(last.time, '5236-03-31T21:21:00.684Z');
      assert.equal(last.timePrecise, '5236-03-31T21:21:00.6846975Z');
      const before1970 = decodeUuid('13814000-1dd2-11b2-8000-000000000000'); // one tick before 1970
      assert.equal(before1970.unixMs, 0);
      const justBefore = decodeUuid('13813fff-1dd2-11b2-8000-000000000000');
      assert.equal(justBefore.unixMs, -1);
      assert.equal(justBefore.timePrecise, '1969-12-31T23:59:59.9999999Z');
    });

    it('reads no time from v3, v4, v5, v8', () => {
      for (const [text, version] of [
        ['5df41881-3aed-3515-88a7-2f4a814cf09e', 3], ['919108f7-52d1-4320-9bac-f847db4148a8', 4],
        ['2ed6657d-e927-568b-95e1-2665a8aea6a2', 5], ['2489e9ad-2ee2-8e00-8ec9-32d5f69181c0', 8],
      ] as const) {
        const d = decodeUuid(text);
        assert.equal(d.version, version);
        assert.equal(d.time, undefined);
        assert.equal(d.unixMs, undefined);
      }
    });

    it('recognises Nil and Max', () => {
      assert.equal(decodeUuid(NIL_UUID).fields.special, 'nil');
      assert.equal(decodeUuid(NIL_UUID).variant, 'ncs');
      assert.equal(decodeUuid(MAX_UUID).fields.special, 'max');
      assert.equal(decodeUuid(MAX_UUID).variant, 'future');
      assert.equal(decodeUuid(MAX_UUID).time, undefined);
    });

    it('names every variant and claims no version outside RFC 9562', () => {
      const at = (b8: string) => parseUuid(`00000000-0000-1000-${b8}00-000000000001`);
      assert.equal(uuidVariant(at('7f')), 'ncs');
      assert.equal(uuidVariant(at('80')), 'rfc9562');
      assert.equal(uuidVariant(at('bf')), 'rfc9562');
      assert.equal(uuidVariant(at('c0')), 'microsoft');
      assert.equal(uuidVariant(at('e0')), 'future');
      const ulidAsUuid = decodeUuid('01563df3-6481-d676-4c61-efb99302bd5b');
      assert.equal(ulidAsUuid.variant, 'ncs');
      assert.equal(ulidAsUuid.version, undefined);
      assert.equal(ulidAsUuid.time, undefined);
    });
  });

  describe('v1 <-> v6', () => {
    it('converts the RFC vectors both ways', () => {
      assert.equal(formatUuid(v1ToV6(parseUuid(RFC_V1))), RFC_V6.toLowerCase());
      assert.equal(formatUuid(v6ToV1(parseUuid(RFC_V6))), RFC_V1.toLowerCase());
    });

    it('refuses other versions with UNSUPPORTED_CONVERSION', () => {
      assert.throws(() => v1ToV6(parseUuid(RFC_V7)), code('UNSUPPORTED_CONVERSION'));
      assert.throws(() => v6ToV1(parseUuid(RFC_V1)), /Only a version 6 UUID/);
      assert.throws(() => v1ToV6(parseUuid('919108f7-52d1-4320-9bac-f847db4148a8')), /version 4 \(random\)/);
    });
  });

  describe('name-based', () => {
    it('matches the RFC 9562 v3 and v5 vectors', () => {
      assert.equal(uuidV3('dns', 'www.example.com'), '5df41881-3aed-3515-88a7-2f4a814cf09e');
      assert.equal(uuidV5('dns', 'www.example.com'), '2ed6657d-e927-568b-95e1-2665a8aea6a2');
      assert.equal(uuidV5(NAMESPACES.dns.toUpperCase(), 'www.example.com'), '2ed6657d-e927-568b-95e1-2665a8aea6a2');
    });

    it('rejects an unknown namespace', () => {
      assert.throws(() => uuidV5('dnss', 'x'), code('INVALID_ARGUMENT'));
    });
  });

  describe('UuidGenerator', () => {
    it('v4 sets version and variant and draws from the injected random', () => {
      const g = new UuidGenerator({ random: constant(0xff) });
      assert.equal(g.v4(), 'ffffffff-ffff-4fff-bfff-ffffffffffff');
    });

    it('v1 uses a random node with the multicast bit, at the injected time', () => {
      const g = new UuidGenerator({ clock: () => 1645557742000, random: constant(0) });
      const id = g.v1();
      assert.equal(id, 'c232ab00-9414-11ec-8000-010000000000');
      const d = decodeUuid(id);
      assert.equal(d.time, '2022-02-22T19:22:22.000Z');
      assert.equal(parseInt((d.fields.node as string).slice(0, 2), 16) & 1, 1);
    });

    it('v1/v6 count 100 ns ticks within a millisecond, then borrow the next one', () => {
      const g = new UuidGenerator({ clock: () => 1645557742000, random: constant(0) });
      const ticks = Array.from({ length: 10001 }, () => decodeUuid(g.v6()).timePrecise!);
      assert.equal(ticks[1], '2022-02-22T19:22:22.0000001Z');
      assert.equal(ticks[9999], '2022-02-22T19:22:22.0009999Z');
      assert.equal(ticks[10000], '2022-02-22T19:22:22.0010000Z');
      assert.equal(new Set(ticks).size, ticks.length);
    });

    it('v6 is strictly ascending across a batch and v1 <-> v6 agree on it', () => {
      const g = new UuidGenerator();
      let prev = '';
      for (let i = 0; i < 20000; i++) {
        const id = g.v6();
        if (!(id > prev)) assert.fail(`v6 not ascending at ${i}`);
        prev = id;
      }
      const v1 = g.v1();
      assert.equal(formatUuid(v6ToV1(v1ToV6(parseUuid(v1)))), v1);
    });

    it('v1/v6 hold the Gregorian epoch and the last tick, and nothing outside', () => {
      const g = new UuidGenerator();
      assert.equal(decodeUuid(g.v1(-12219292800000)).time, '1582-10-15T00:00:00.000Z');
      assert.equal(decodeUuid(g.v6(103072857660684)).time, '5236-03-31T21:21:00.684Z');
      assert.throws(() => g.v1(-12219292800001), code('TIME_OUT_OF_RANGE'));
      assert.throws(() => g.v6(103072857660685), code('TIME_OUT_OF_RANGE'));
    });

    it('v1 at an explicit earlier time continues that millisecond, so it never repeats an ID', () => {
      const g = new UuidGenerator({ random: constant(0) });
      const first = g.v1(1645557742000);
      g.v1(1645557743000);
      const again = g.v1(1645557742000);
      assert.notEqual(again, first);
      assert.equal(decodeUuid(again).time, '2022-02-22T19:22:22.000Z');
      assert.equal(decodeUuid(again).timePrecise, '2022-02-22T19:22:22.0000001Z');
    });

    it('v7 writes the time and counts in rand_a/rand_b within a millisecond, by 1 + the random step', () => {
      const g = new UuidGenerator({ clock: () => 1645557742000, random: constant(0) });
      assert.deepEqual([g.v7(), g.v7()], ['017f22e2-79b0-7000-8000-000000000000', '017f22e2-79b0-7000-8000-000000000001']);
    });

    it('v7 carries from rand_b into rand_a, and seeds rand_a with its top bit clear', () => {
      const g = new UuidGenerator({ clock: () => 0, random: constant(0xff) });
      assert.equal(g.v7(), '00000000-0000-77ff-bfff-ffffffffffff');
      // The largest step, 2^40: rand_b's low 32 bits stay, bit 40 carries into rand_a.
      assert.equal(g.v7(), '00000000-0000-7800-8000-00ffffffffff');
    });

    // Issue 21 item 5: consecutive v7s stepped by +1 (…caa9, …caaa, …caab), so each gave away its
    // neighbours. RFC 9562 §6.2 method 2 lets the step be a random number above zero.
    it('v7 steps by a random amount within a millisecond: neighbours are not guessable from an ID', () => {
      const counter = (id: string) => BigInt(`0x${id.replace(/-/g, '').slice(13, 16)}`) << 62n | BigInt(`0x${id.replace(/-/g, '').slice(16)}`) & ((1n << 62n) - 1n);
      const g = new UuidGenerator({ clock: () => 1645557742000 });
      const ids = Array.from({ length: 2000 }, () => g.v7());
      const steps = ids.slice(1).map((id, i) => counter(id) - counter(ids[i]!));
      for (const step of steps) assert.ok(step >= 1n && step <= 2n ** 40n, `step ${step}`);
      // A uniform step of 1..2^40 is below 2^20 about once in a million draws.
      const small = steps.filter((step) => step < 2n ** 20n).length;
      assert.ok(small <= 2, `${small} of ${steps.length} steps below 2^20`);
      assert.equal(new Set(steps).size, steps.length, 'no two steps alike');
      assert.deepEqual([...ids].sort(), ids, 'still ascending');
      // The same through generate(), which `idsmith new uuidv7 -n 3` and the editor use.
      const batch = generate('uuidv7', { count: 3, timeMs: 1645557742000 });
      assert.ok(counter(batch[1]!) - counter(batch[0]!) > 1n && counter(batch[2]!) - counter(batch[1]!) > 1n, batch.join(' '));
    });

    it('v7 refuses once the counter of a millisecond runs out, and keeps refusing there', () => {
      // Seeded below 2^73 and stepping at most 2^40, a millisecond holds at least 2^33 IDs; too
      // many to count here, so the state near the end is set directly.
      const g = new UuidGenerator({ clock: () => 0, random: constant(0xff) });
      g.v7();
      const state = (g as unknown as { v7State: { a: number; hi: number; lo: number } }).v7State;
      Object.assign(state, { a: 4095, hi: 2 ** 30 - 256, lo: 2 ** 32 - 1 });
      assert.throws(() => g.v7(), code('MONOTONIC_OVERFLOW'));
      assert.throws(() => g.v7(), code('MONOTONIC_OVERFLOW'), 'and keeps refusing in that millisecond');
    });

    it('v7 is strictly ascending across calls, also when the clock steps back', () => {
      let now = 10_000;
      const g = new UuidGenerator({ clock: () => now });
      const a = g.v7();
      now = 9_000;
      const b = g.v7();
      assert.ok(b > a);
      assert.equal(decodeUuid(b).unixMs, 10_000);
      const real = new UuidGenerator();
      let prev = '';
      for (let i = 0; i < 50000; i++) {
        const id = real.v7();
        if (!(id > prev)) assert.fail(`v7 not ascending at ${i}`);
        prev = id;
      }
    });

    it('v7 at a given time, and refuses negative or > 48-bit times', () => {
      const g = new UuidGenerator();
      assert.ok(g.v7(1645557742000).startsWith('017f22e2-79b0-7'));
      assert.throws(() => g.v7(-1), code('TIME_OUT_OF_RANGE'));
      assert.throws(() => g.v7(2 ** 48), code('TIME_OUT_OF_RANGE'));
    });

    it('versions and variants of generated IDs are right', () => {
      const g = new UuidGenerator();
      for (const [id, v] of [[g.v1(), 1], [g.v4(), 4], [g.v6(), 6], [g.v7(), 7]] as const) {
        const b = parseUuid(id);
        assert.equal(uuidVersion(b), v);
        assert.equal(uuidVariant(b), 'rfc9562');
      }
    });
  });
});
