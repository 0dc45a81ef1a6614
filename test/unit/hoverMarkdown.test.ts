import { strict as assert } from 'node:assert';
import { code, commandLink, text } from '../../src/editor/shared/markdown';
import { zonedTime } from '../../src/editor/shared/zonedTime';
import { ULID_SPEC } from '../shared/vectors';

// The hover's safety rests on these escapes, so they are checked against hostile input here;
// the integration suite checks the rendered hover in a real editor.

describe('hover markdown escaping', () => {
  const hostile = [
    '<img src=x onerror=alert(1)>',
    '[run](command:workbench.action.terminal.new)',
    '`code` **bold** _em_ ~strike~',
    '| a | b |',
    '$(zap) &amp; https://example.com www.example.com',
    'line\nbreak\r\n# heading',
  ];

  it('text() backslash-escapes every ASCII punctuation character and flattens line breaks', () => {
    for (const input of hostile) {
      const out = text(input);
      assert.ok(!/[\r\n]/.test(out), out);
      // Every punctuation character is preceded by a backslash that is not itself escaped.
      const unescaped = out.replace(/\\[!-/:-@[-`{-~]/g, '');
      assert.ok(!/[!-/:-@[-`{-~]/.test(unescaped), `${input} -> ${out}`);
    }
  });

  it('code() uses a code span only for ID-like text', () => {
    assert.equal(code(ULID_SPEC), '`01ARYZ6S41TSV4RRFFQ69G5FAV`');
    assert.equal(code('{c232ab00-9414-11ec-b3c8-9f6bdeced846}'), '`{c232ab00-9414-11ec-b3c8-9f6bdeced846}`');
    assert.equal(code('a`b'), 'a\\`b');
    assert.equal(code('a|b'), 'a\\|b');
  });

  it('commandLink() percent-encodes its arguments so they cannot end the link', () => {
    const link = commandLink('To UUID', 'idsmith.convertAt', [{ uri: 'file:///a (1)/b"c\'.ts', text: 'x)](command:evil' }]);
    const m = link.match(/^\[To UUID\]\(command:idsmith\.convertAt\?([^()\s"]+)\)$/);
    assert.ok(m, link);
    assert.deepEqual(JSON.parse(decodeURIComponent(m[1]!)), [{ uri: 'file:///a (1)/b"c\'.ts', text: 'x)](command:evil' }]);
  });
});

describe('hover time zone line', () => {
  const ms = Date.UTC(2016, 6, 30, 22, 36, 16, 385);

  it('formats ISO-like wall time with the offset of that instant', () => {
    assert.equal(zonedTime('Asia/Kolkata', 'iso').format(ms), '2016-07-31 04:06:16.385 +05:30');
    assert.equal(zonedTime('America/New_York', 'iso').format(ms), '2016-07-30 18:36:16.385 -04:00');
    assert.equal(zonedTime('America/New_York', 'iso').format(Date.UTC(2016, 0, 1)), '2015-12-31 19:00:00.000 -05:00');
    assert.equal(zonedTime('UTC', 'iso').format(Date.UTC(1582, 9, 15)), '1582-10-15 00:00:00.000 +00:00');
  });

  it('labels the zone and says when UTC only repeats the first line', () => {
    assert.equal(zonedTime('UTC', 'iso').redundant, true);
    assert.equal(zonedTime('Europe/Berlin', 'iso').label, 'Europe/Berlin');
    assert.match(zonedTime('local', 'iso').label, /^Local \(.+\)$/);
  });

  it('names a remote extension host\'s local zone as the server\'s, and shows it even in UTC', () => {
    const z = zonedTime('local', 'iso', undefined, true);
    assert.match(z.label, /^Server \(.+\)$/);
    assert.equal(z.redundant, false);
    assert.match(z.hint ?? '', /idsmith\.hover\.timeZone.*server/);
    assert.equal(zonedTime('local', 'iso').hint, undefined, 'on the user\'s own machine local is theirs');
    assert.equal(zonedTime('Europe/Berlin', 'iso', undefined, true).label, 'Europe/Berlin', 'a named zone is the same everywhere');
    assert.equal(zonedTime('UTC', 'iso', undefined, true).redundant, true);
  });

  it('falls back to UTC with a note naming the setting for an unknown zone', () => {
    const z = zonedTime('Mars/Olympus_Mons', 'iso');
    assert.equal(z.label, 'UTC');
    assert.match(z.note ?? '', /Mars\/Olympus_Mons.*idsmith\.hover\.timeZone/);
    assert.equal(z.format(ms), '2016-07-30 22:36:16.385 +00:00');
  });
});
