import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Sonyflake } from 'sonyflake';
import {
  IdFactory, SNOWFLAKE_NAMED, SNOWFLAKE_PRESETS, decodeSnowflake, describeChoice, formatById, layoutFromContext, parseKeyRules,
  parseLayoutSpec, parseLayouts, parseSnowflakeEpoch, scan, snowflakeCandidates, type SnowflakeLayout,
} from '../../src/core';
import { ContextReader } from '../../src/core/formats/snowflake/context';
import { code, questionPlaces } from './helpers';

const NOW = Date.UTC(2026, 10, 1);
const snowflake = formatById('snowflake')!;

/** The value a layout gives (unit, fields…) by plain BigInt arithmetic, independent of the decoder. */
function compose(l: SnowflakeLayout, ms: number, fields: Record<string, number>): string {
  let v = BigInt(Math.floor((ms - l.epochMs) / l.unitMs));
  for (const f of l.fields) v = (v << BigInt(f.bits)) | BigInt(fields[f.name] ?? 0);
  return v.toString();
}

describe('snowflake layouts beyond the presets', () => {
  describe('named layouts: Sonyflake v2 and Baidu uid-generator', () => {
    it('Sonyflake v2: 10 ms units since 2025-01-01, sequence 8 bits then machine id 16 bits', () => {
      const l = parseSnowflakeEpoch('sonyflake2')!;
      assert.equal(l.epochMs, Date.UTC(2025, 0, 1));
      const ms = Date.UTC(2026, 5, 1, 12, 0, 0, 120);
      const id = compose(l, ms, { sequence: 3, machineId: 0x0102 });
      const d = decodeSnowflake(id, 'sonyflake2');
      assert.equal(d.unixMs, ms);
      assert.deepEqual(d.fields, { epoch: 'sonyflake2', sequence: 3, machineId: 0x0102 });
      // The same number under the v1 epoch is 10 years and 4 months earlier: the layouts differ only there.
      assert.equal(decodeSnowflake(id, 'sonyflake').unixMs, ms - (Date.UTC(2025, 0, 1) - Date.UTC(2014, 8, 1)));
    });

    it('Baidu: sign bit, 28 bits of seconds since 2016-05-20, worker 22 bits, sequence 13 bits', () => {
      const l = SNOWFLAKE_NAMED.baidu;
      assert.equal(l.timeBits + l.fields.reduce((s, f) => s + f.bits, 0), 63);
      const ms = Date.UTC(2024, 2, 3, 4, 5, 6);
      // Independent arithmetic: delta seconds << 35 | worker << 13 | sequence.
      const expected = ((BigInt((ms - Date.UTC(2016, 4, 20)) / 1000) << 35n) | (4000000n << 13n) | 8191n).toString();
      const d = decodeSnowflake(expected, 'baidu');
      assert.equal(d.unixMs, ms);
      assert.deepEqual(d.fields, { epoch: 'baidu', workerId: 4000000, sequence: 8191 });
    });

    it('stay out of auto: a bare number lists only the five presets', () => {
      const id = compose(SNOWFLAKE_NAMED.baidu, Date.UTC(2024, 0, 1), { workerId: 5, sequence: 1 });
      const epochs = snowflakeCandidates(BigInt(id), NOW).map((c) => c.epoch).sort();
      assert.deepEqual(epochs, Object.keys(SNOWFLAKE_PRESETS).sort());
    });

    it('generate Baidu and Sonyflake v2 IDs, distinct and ascending, with node ids by field name', () => {
      // Baidu's default 28 bits of seconds ran out on 2024-11-20; generate before that.
      let t = Date.UTC(2024, 0, 1);
      const f = new IdFactory({ clock: () => (t += 3) });
      assert.throws(() => f.generate('snowflake', { epoch: 'baidu', timeMs: Date.UTC(2024, 10, 21) }), code('TIME_OUT_OF_RANGE'));
      for (const name of ['baidu', 'sonyflake2']) {
        if (name === 'sonyflake2') t = Date.UTC(2026, 0, 1);
        const ids = f.generate('snowflake', { epoch: name, count: 500, workerId: 77, machineId: 9 });
        const values = ids.map(BigInt);
        for (let i = 1; i < values.length; i++) assert.ok(values[i]! > values[i - 1]!, `${name} #${i}`);
        const d = decodeSnowflake(ids[0]!, name);
        assert.equal(d.fields[name === 'baidu' ? 'workerId' : 'machineId'], name === 'baidu' ? 77 : 9);
      }
    });
  });

  describe('user-defined layouts (setting, --layout)', () => {
    it('reads the text form: epoch as a date or ms, unit, time bits, fields in order', () => {
      const l = parseLayoutSpec('epoch=2020-01-01,unit=10ms,time=39,sequence=8,machineId=16', NOW);
      assert.deepEqual(
        { epochMs: l.epochMs, unitMs: l.unitMs, timeBits: l.timeBits, fields: l.fields },
        { epochMs: Date.UTC(2020, 0, 1), unitMs: 10, timeBits: 39, fields: [{ name: 'sequence', bits: 8 }, { name: 'machineId', bits: 16 }] },
      );
      assert.equal(parseLayoutSpec('epoch=1577836800000,unit=1s,shard=10,sequence=12', NOW).timeBits, 41, 'time defaults to 63 - fields');
      assert.equal(parseLayoutSpec('epoch=2020-01-01T08:00:00,sequence=12', NOW).epochMs, Date.UTC(2020, 0, 1, 8), 'no zone = UTC');
    });

    it('reads the object form of idsmith.snowflake.layouts, fields as an object or a list', () => {
      const a = parseLayoutSpec({ epoch: '2020-01-01', unit: '1ms', time: 41, fields: { shard: 10, sequence: 12 } }, NOW, 'acme');
      const b = parseLayoutSpec({ epoch: 1577836800000, timeBits: 41, fields: [{ name: 'shard', bits: 10 }, { name: 'sequence', bits: 12 }] }, NOW, 'acme');
      assert.deepEqual(a, b);
      assert.equal(a.label, 'acme');
      const { layouts, errors } = parseLayouts({ acme: 'epoch=2020-01-01,shard=10,sequence=12', twitter: 'epoch=0,sequence=1', 'bad name': {}, broken: 'unit=2ms' }, NOW);
      assert.deepEqual([...layouts.keys()], ['acme']);
      assert.equal(errors.length, 3);
      assert.match(errors.join('\n'), /twitter: the name of a built-in layout/);
      assert.match(errors.join('\n'), /broken: .*epoch is required/);
      // Named layouts resolve by name (any case) through the one epoch parser.
      assert.equal(parseSnowflakeEpoch('ACME', NOW, layouts)?.name, 'acme');
    });

    it('refuses what cannot be a layout, with the reason', () => {
      for (const [spec, why] of [
        ['unit=10ms,sequence=8', /epoch is required/],
        ['epoch=2020-01-01,unit=2ms,sequence=8', /unit must be 1ms, 10ms or 1s/],
        ['epoch=2020-01-01,time=50,worker=10,sequence=12', /must fit in 64 bits/],
        ['epoch=2999-01-01,sequence=8', /in the future/],
        ['epoch=2020-01-01,sequence=8,sequence=4', /given twice/],
        ['epoch=2020-01-01,sequence=0', /from 1 to 63/],
        ['epoch=2020-01-01,se-q=3', /must be a word/],
        ['epoch=2020-01-01,sequence', /expected name=value/],
        ['epoch=2020,sequence=12', /for the year write 2020-01-01/],
      ] as const) {
        assert.throws(() => parseSnowflakeEpoch(spec, NOW), (e: unknown) => code('INVALID_ARGUMENT')(e) && why.test((e as Error).message), spec);
      }
    });

    it('a 1 ms layout agrees with the sonyflake npm package both ways (2,000 IDs each)', () => {
      const epoch = Date.UTC(2020, 4, 18);
      const l = parseLayoutSpec(`epoch=${epoch},unit=1ms,sequence=8,machineId=16`, NOW);
      const lib = new Sonyflake({ epoch, machineId: 513 });
      fc.assert(fc.property(fc.integer({ min: epoch, max: NOW }), fc.integer({ min: 0, max: 255 }), (ms, sequence) => {
        const theirs = lib.generateCustomId({ timestamp: ms, sequence });
        const d = decodeSnowflake(theirs, l);
        assert.equal(d.unixMs, ms);
        assert.deepEqual(d.fields, { epoch: 'layout', sequence, machineId: 513 });
      }), { numRuns: 2000 });
      let t = epoch + 1000;
      const ours = new IdFactory({ clock: () => (t += 1) }).generate('snowflake', { epoch: l, machineId: 513, count: 2000 });
      ours.forEach((id, i) => {
        const back = Sonyflake.decompose(id, { epoch });
        assert.deepEqual(back, { timestamp: epoch + 1001 + i, machineId: 513, sequence: 0 }, id);
      });
    });

    it('decodes any layout the way plain BigInt arithmetic does (fields above bit 31 included)', () => {
      const arb = fc.record({
        timeBits: fc.integer({ min: 20, max: 44 }),
        widths: fc.array(fc.integer({ min: 1, max: 16 }), { minLength: 1, maxLength: 4 }),
        unit: fc.constantFrom('1ms', '10ms', '1s'),
        value: fc.bigInt({ min: 0n, max: (1n << 63n) - 1n }),
      }).filter((r) => r.timeBits + r.widths.reduce((s, w) => s + w, 0) <= 63);
      fc.assert(fc.property(arb, ({ timeBits, widths, unit, value: any }) => {
        const spec = `epoch=2010-01-01,unit=${unit},time=${timeBits},${widths.map((w, i) => `f${i}=${w}`).join(',')}`;
        const l = parseSnowflakeEpoch(spec, NOW)!;
        // Values wider than the layout are refused (snowflakeWidth.test.ts); this reads those that fit.
        const value = any & ((1n << BigInt(timeBits + widths.reduce((s, w) => s + w, 0))) - 1n);
        const d = snowflake.decode(value.toString(), { snowflake: l });
        const ms = l.epochMs + Number(value >> BigInt(widths.reduce((s, w) => s + w, 0))) * l.unitMs;
        if (ms > 8.64e15) return assert.equal(d.errorCode, 'TIME_OUT_OF_RANGE'); // 43 bits of seconds reach past the last date
        let pos = BigInt(widths.reduce((s, w) => s + w, 0));
        widths.forEach((w, i) => {
          pos -= BigInt(w);
          assert.equal(d.fields[`f${i}`], Number((value >> pos) & ((1n << BigInt(w)) - 1n)));
        });
        assert.equal(d.unixMs, l.epochMs + Number(value >> BigInt(widths.reduce((s, w) => s + w, 0))) * l.unitMs);
      }), { numRuns: 500 });
    });
  });
});

describe('the context picks the snowflake layout', () => {
  const id = '1226273483398647808'; // Discord: 2024-04-06; Twitter: 2020-02-08
  const at = (text: string) => layoutFromContext(text + id, text.length);
  const read = (text: string, opts = {}) => scan(text, { now: NOW, ...opts }).filter((m) => m.kind === 'snowflake');

  it('the value\'s own key names the service (JSON, YAML, logfmt, SQL, query strings, any spelling)', () => {
    for (const [before, layout, key] of [
      ['{"discordMessageId": "', 'discord', 'discordMessageId'],
      ['tweet_id: ', 'twitter', 'tweet_id'],
      ['ig_media_id=', 'instagram', 'ig_media_id'],
      ["WHERE mastodon_status_id = '", 'mastodon', 'mastodon_status_id'],
      ['?TweetID=', 'twitter', 'TweetID'],
      ['sonyflake_id := ', 'sonyflake', 'sonyflake_id'],
      ['"discord_ids": [', 'discord', 'discord_ids'],
    ] as const) {
      const c = at(before);
      assert.equal(c?.layout.name, layout, before);
      assert.equal(c?.by, 'key', before);
      assert.equal(c?.key, key, before);
    }
  });

  it('an enclosing key names it: JSON objects and arrays, YAML mappings and lists', () => {
    const json = '{\n  "discord": {\n    "guild": { "name": "x", "guild_id": "';
    const c = at(json);
    assert.deepEqual([c?.layout.name, c?.by, c?.key, c?.child], ['discord', 'parent', 'discord', 'guild_id']);
    assert.equal(describeChoice(c!), 'key guild_id under discord');
    const yaml = 'twitter:\n  timeline:\n    - author: someone\n      id: ';
    assert.deepEqual([at(yaml)?.layout.name, at(yaml)?.key], ['twitter', 'twitter']);
    // A sibling object that closed before the number is not a parent.
    assert.equal(at('{"discord": {"a": 1}, "order": {"id": "'), undefined);
    assert.equal(at('discord:\n  a: 1\norders:\n  id: '), undefined);
  });

  it('URLs: Twitter/X status, Discord channels, Mastodon statuses on any instance', () => {
    assert.equal(at('https://x.com/someone/status/')?.layout.name, 'twitter');
    assert.equal(at('see https://twitter.com/i/web/status/')?.site, 'Twitter');
    assert.equal(at('https://discord.com/channels/123456789012345678/123456789012345679/')?.layout.name, 'discord');
    assert.equal(at('"url": "https://mastodon.social/@Gargron/')?.layout.name, 'mastodon');
    assert.equal(describeChoice(at('https://hachyderm.io/api/v1/statuses/')!), 'a Mastodon URL');
    assert.equal(at('https://example.com/orders/'), undefined);
  });

  it('keys that name no service leave the number to auto', () => {
    for (const before of ['"id": "', 'order_id=', 'user: ', '{"data": {"items": [', 'digit: ', 'signature=', '']) {
      assert.equal(at(before), undefined, before);
    }
  });

  it('idsmith.snowflake.keys: patterns in order, any case, before the built-in words; bad entries reported', () => {
    const { rules, errors } = parseKeyRules({ '*_order_id': '1420070400000', 'legacy*': 'twitter', 'discord*': 'sonyflake', oops: 'nope', 'x': 'auto' }, NOW);
    assert.equal(errors.length, 2);
    const c = layoutFromContext(`ACME_ORDER_ID=${id}`, 14, rules);
    assert.deepEqual([c?.layout.name, c?.layout.epochMs, c?.pattern], ['custom', 1420070400000, '*_order_id']);
    assert.equal(describeChoice(c!), 'key ACME_ORDER_ID (matches *_order_id in idsmith.snowflake.keys)');
    assert.equal(layoutFromContext(`discordId: ${id}`, 11, rules)?.layout.name, 'sonyflake', 'the user rule wins over the word');
  });

  it('the scanner reads the number with the chosen layout and says why; the explicit epoch wins', () => {
    const text = `{"tweet_id": ${id}, "discord": {"guild_id": "${id}"}, "id": ${id}}`;
    const [tweet, guild, plain] = read(text);
    assert.equal(tweet!.decoded.time, '2020-02-08T22:35:56.158Z');
    assert.equal(tweet!.decoded.readAs?.layout.name, 'twitter');
    assert.equal(guild!.decoded.time, '2024-04-06T20:53:01.501Z');
    assert.equal(guild!.decoded.fields.epoch, 'discord');
    assert.equal(plain!.decoded.readAs, undefined);
    assert.equal(plain!.decoded.time, undefined, 'two presets are plausible: no single time in auto');
    for (const m of read(text, { epoch: 'instagram' })) {
      assert.equal(m.decoded.readAs, undefined);
      assert.equal(m.decoded.fields.epoch, 'instagram');
    }
    assert.equal(read(text, { context: false }).every((m) => m.decoded.readAs === undefined), true);
  });

  it('a layout whose reading is implausible is not forced: the number is read as in auto', () => {
    // 2^62 as a Discord ID would be dated 2159; as Sonyflake it is 2051 (implausible too): no match.
    assert.deepEqual(read('discord_id: 4611686018427387904'), []);
    // A Twitter ID under a `discord` key: Discord's reading (2024) is plausible and is taken.
    assert.equal(read(`discord_id: ${id}`)[0]!.decoded.readAs?.layout.name, 'discord');
  });

  it("snowflakes: 'context' reports only numbers with a layout (inlay hints in auto)", () => {
    const text = `tweet_id=${id} other=${id}`;
    assert.deepEqual(read(text, { snowflakes: 'context' }).map((m) => m.start), [9]);
    assert.equal(read(text, { snowflakes: 'context', epoch: 'discord' }).length, 2);
  });

  it('reads parent keys from the text before a scanned line (a hover scans one line)', () => {
    const before = '{\n  "discord": {\n';
    const line = `    "guild_id": "${id}"`;
    assert.equal(read(line)[0]!.decoded.readAs, undefined);
    assert.equal(read(line, { context: { before } })[0]!.decoded.readAs?.key, 'discord');
  });

  it('one reader asked number after number answers as a new reader per question (long lines, YAML, steps back)', () => {
    // The reader remembers where it found no line end; a one-line text is read once for all its
    // numbers, and the answers must stay those of a reader that remembers nothing.
    const part = fc.constantFrom('\n', '  ', '- ', 'discord:\n', '  twitter:\n', '    guild_id: ', 'orders:\n', '  id: ', '# note\n',
      'x'.repeat(3000), ' '.repeat(5000), `${id} `, `tweet_id: ${id}\n`, '{"a": ');
    let named = 0;
    fc.assert(fc.property(fc.array(part, { maxLength: 80 }), fc.array(fc.nat(), { minLength: 1, maxLength: 12 }), (parts, asks) => {
      const t = parts.join('');
      const reader = new ContextReader(t);
      for (const end of questionPlaces(t, id, asks)) {
        const a = reader.at(end);
        assert.deepEqual(a, layoutFromContext(t, end), `at ${end}`);
        if (a?.by === 'parent') named++;
      }
    }), { numRuns: 400 });
    assert.ok(named > 50, `${named} answers by a parent key`);
  });

  it('a YAML parent is read up to 8 KB back; a line that starts before that is not', () => {
    const yaml = (gap: number) => `discord:\n  guild:\n${'    # .\n'.repeat(gap)}    guild_id: `;
    assert.equal(at(yaml(900))?.key, 'discord');
    assert.equal(at(yaml(1100)), undefined);
    // A line longer than the window holds the number: nothing above it is read.
    assert.equal(at(`discord:\n  guild_id: ${'x'.repeat(9000)} `), undefined);
  });

  it('never throws and stays within its window on any text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), fc.nat(), (s, n) => {
      layoutFromContext(s, s.length === 0 ? 0 : n % s.length);
    }), { numRuns: 2000 });
    // A megabyte of brackets before the number: the walk stops at its window.
    const big = '['.repeat(1 << 20) + '{"tweet": ';
    assert.equal(layoutFromContext(big + id, big.length)?.layout.name, 'twitter');
  });
});
