// One shape rule for every entry point (issue 10): text that `convert` reads as an ID kind is
// read as that kind by `inspect`, and by the scanner (hover, inlay hints) where a label names it.
// Unlabelled all-digit runs stay numbers in free text: the scanner may decline, never disagree.
import { strict as assert } from 'node:assert';
import { convert, inspect, scan } from '../../src/core';

const CASES = [
  { text: '00000000000000000000000000', kind: 'ulid', uuid: '00000000-0000-0000-0000-000000000000', label: 'ulid' },
  { text: '01234567890123456789012345', kind: 'ulid', uuid: convert('01234567890123456789012345', 'uuid'), label: 'ulid' },
  { text: '000000000000000000000000000', kind: 'ksuid', uuid: undefined, label: 'ksuid' },
] as const;

describe('one shape rule in inspect, convert and the scanner', () => {
  for (const c of CASES) {
    it(`${c.text} is a ${c.kind} everywhere`, () => {
      const d = inspect(c.text);
      assert.equal(d.kind, c.kind);
      assert.equal(d.valid, true, d.error);
      if (c.uuid) assert.equal(convert(c.text, 'uuid'), c.uuid);
      else assert.throws(() => convert(c.text, 'uuid'), /KSUID/);
      const labelled = scan(`{"${c.label}": "${c.text}"}`);
      assert.deepEqual(labelled.map((m) => [m.kind, m.text, m.decoded.valid]), [[c.kind, c.text, true]]);
      assert.equal(labelled[0]!.decoded.unixMs, d.unixMs);
      // Unlabelled digits are numbers to the scanner; letters make a ULID plausible on their own.
      if (/^\d+$/.test(c.text)) assert.deepEqual(scan(`n = ${c.text}`), []);
    });
  }

  it('inspect still reads up to 20 digits as a snowflake and refuses other long digit runs as one', () => {
    assert.equal(inspect('175928847299117063').kind, 'snowflake');
    const d = inspect('1234567890123456789012345');
    assert.equal(d.kind, 'snowflake');
    assert.equal(d.valid, false);
  });
});
