import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { bounds, boundsSql, inspect } from '../../src/core';
import type { BoundsResult } from '../../src/editor/bounds';
import type { FailedOutcome } from '../../src/editor/shared/outcome';
import { activateExtension, closeAllEditors, openActive as open, useSettings } from './util';

// idsmith.insertBounds in its argument form (as a keybinding calls it): the inserted smallest
// and largest IDs must decode, with the core's decoder, to the edges of the window.

const FROM = Date.UTC(2024, 4, 1, 0, 0, 0, 0);
const TO = Date.UTC(2024, 4, 1, 23, 59, 59, 999);

async function attempt(args: object, language = 'plaintext'): Promise<{ result: BoundsResult | FailedOutcome; doc: vscode.TextDocument }> {
  const editor = await open('', language);
  const result = await vscode.commands.executeCommand<BoundsResult | FailedOutcome>('idsmith.insertBounds', args);
  return { result, doc: editor.document };
}

/** The bounds inserted (the command's `inserted` outcome). */
async function insertBounds(args: object, language = 'plaintext'): Promise<{ result: BoundsResult; doc: vscode.TextDocument }> {
  const { result, doc } = await attempt(args, language);
  assert.equal(result.status, 'inserted', JSON.stringify(result));
  return { result: result as BoundsResult, doc };
}

describe('Insert Time-Window Bounds', () => {
  before(() => activateExtension());
  afterEach(() => closeAllEditors());

  const kinds: Array<{ kind: string; unitMs: number; extra?: object; epoch?: string }> = [
    { kind: 'ulid', unitMs: 1 },
    { kind: 'uuidv7', unitMs: 1 },
    { kind: 'typeid', unitMs: 1, extra: { prefix: 'evt' } },
    { kind: 'ksuid', unitMs: 1000 },
    { kind: 'objectid', unitMs: 1000 },
    { kind: 'snowflake', unitMs: 1, extra: { epoch: 'discord' }, epoch: 'discord' },
    { kind: 'snowflake', unitMs: 10, extra: { epoch: 'sonyflake' }, epoch: 'sonyflake' },
  ];
  for (const { kind, unitMs, extra, epoch } of kinds) {
    it(`${kind}${epoch ? ` (${epoch})` : ''}: min and max decode to the window edges`, async () => {
      const { result, doc } = await insertBounds({ kind, from: '2024-05-01T00:00:00Z', to: '2024-05-01T23:59:59.999Z', format: 'lines', ...extra });
      assert.ok(result, 'the command returns what it inserted');
      const lines = doc.getText().split('\n');
      assert.equal(lines.length, 5);
      assert.match(lines[0]!, new RegExp(`^${kind} ids created .*: min, max, then their common prefix$`));
      assert.match(lines[1]!, /^prefix \S+ covers .* \(coarser than the window\)$/);
      const [min, max, prefix] = lines.slice(2);
      assert.deepEqual([min, max, prefix], [result.min, result.max, result.prefix]);
      const opts = epoch ? { epoch } : {};
      assert.equal(inspect(min!, opts).unixMs, FROM);
      assert.equal(inspect(max!, opts).unixMs, TO - (TO % unitMs));
      assert.ok(min! < max! || kind === 'snowflake', 'min sorts before max');
      if (kind === 'snowflake') assert.ok(BigInt(min!) < BigInt(max!));
      assert.ok(min!.startsWith(prefix!) && max!.startsWith(prefix!), 'prefix is common to min and max');
      // The prefix is coarser than the window: what it covers contains the window.
      assert.ok(Date.parse(result.prefixCovers.from) <= FROM && Date.parse(result.prefixCovers.to) >= TO - (TO % unitMs));
    });
  }

  it('a bare date means that whole UTC day', async () => {
    const { result } = await insertBounds({ kind: 'ulid', from: '2024-05-01', format: 'lines' });
    assert.equal(inspect(result!.min).unixMs, FROM);
    assert.equal(inspect(result!.max).unixMs, TO);
  });

  it('a bare date as the end of a window includes that whole day', async () => {
    const { result } = await insertBounds({ kind: 'ulid', from: '2024-04-30T12:00:00Z', to: '2024-05-01', format: 'lines' });
    assert.equal(inspect(result!.max).unixMs, TO);
  });

  it('writes a BETWEEN block between SQL comments in an SQL document', async () => {
    const { result, doc } = await insertBounds({ kind: 'ulid', from: FROM, to: TO }, 'sql');
    const lines = doc.getText().split('\n');
    assert.equal(lines.length, 3);
    assert.match(lines[0]!, /^-- ulid ids created 2024-05-01T00:00:00\.000Z \.\. 2024-05-01T23:59:59\.999Z$/);
    assert.equal(lines[1], `BETWEEN '${result!.min}' AND '${result!.max}'`);
    assert.match(lines[2]!, new RegExp(`^-- prefix ${result!.prefix} covers .* \\(coarser than the window\\)$`));
  });

  it('leaves snowflakes unquoted in SQL (they are numbers)', async () => {
    const { result, doc } = await insertBounds({ kind: 'snowflake', epoch: 'twitter', from: FROM, to: TO }, 'sql');
    assert.equal(doc.lineAt(1).text, `BETWEEN ${result!.min} AND ${result!.max}`);
  });

  it('comments the header in the language of the document', async () => {
    const { doc } = await insertBounds({ kind: 'uuidv7', from: FROM, to: TO }, 'python');
    assert.match(doc.lineAt(0).text, /^# uuidv7 ids created /);
  });

  it('a JSON document gets the values only, HTML its comments; a window with no common prefix no empty line', async () => {
    // Bare prose made a JSON file invalid.
    const json = (await insertBounds({ kind: 'ulid', from: FROM, to: TO }, 'json')).doc.getText().split('\n');
    assert.equal(json.length, 3);
    for (const line of json) assert.match(line, /^[0-9A-Z]+$/);
    const html = (await insertBounds({ kind: 'ulid', from: FROM, to: TO }, 'html')).doc.getText().split('\n');
    assert.match(html[0]!, /^<!-- ulid ids created .* -->$/);
    const wide = (await insertBounds({ kind: 'ulid', from: '1970-01-01', to: '9999-12-31' }, 'python')).doc.getText().split('\n');
    assert.match(wide[0]!, /: min, max$/);
    assert.equal(wide.length, 4);
    assert.notEqual(wide[3], '');
  });

  it('says a prefix is exactly the window when it is (a window of one instant on its edges)', async () => {
    const { doc } = await insertBounds({ kind: 'ulid', from: '2024-05-01T00:00:00Z', to: '2024-05-01T00:00:00Z' }, 'python');
    assert.match(doc.lineAt(1).text, /\(exactly the window\)$/);
    const day = await insertBounds({ kind: 'ulid', from: FROM, to: TO }, 'python');
    assert.match(day.doc.lineAt(1).text, /\(coarser than the window\)$/);
  });

  it('inserts only the prefix for an S3 ListObjectsV2 Prefix', async () => {
    const { result, doc } = await insertBounds({ kind: 'ulid', from: FROM, to: TO, format: 'prefix' });
    assert.equal(doc.getText(), result!.prefix);
    assert.ok(result!.prefix.length > 0);
  });

  const bad: Array<[string, object]> = [
    ['an unparsable time', { kind: 'ulid', from: 'yesterday-ish' }],
    ['an end before the start', { kind: 'ulid', from: TO, to: FROM }],
    ['a kind that is not time-ordered', { kind: 'uuidv4', from: FROM }],
    ['an unknown snowflake epoch', { kind: 'snowflake', from: FROM, epoch: 'myspace' }],
    ['a bad TypeID prefix', { kind: 'typeid', from: FROM, prefix: 'Bad Prefix' }],
    ['a time the format cannot hold', { kind: 'objectid', from: Date.UTC(2200, 0, 1) }],
    ['an unknown format', { kind: 'ulid', from: FROM, format: 'csv' }],
  ];
  for (const [what, args] of bad) {
    it(`refuses ${what} without touching the document`, async () => {
      const { result, doc } = await attempt(args);
      assert.equal(result.status, 'failed');
      assert.ok((result as FailedOutcome).message.length > 20, (result as FailedOutcome).message);
      assert.equal(doc.getText(), '');
    });
  }
});

describe('Insert Time-Window Bounds: spelled like the IDs Idsmith inserts', () => {
  before(() => activateExtension());
  afterEach(() => closeAllEditors());
  useSettings({ 'ulid.case': 'lower', 'uuid.case': 'upper' });

  // Case-sensitive collations (PostgreSQL "C", MariaDB *_bin) and S3 keys compare bytes, so
  // bounds for lower-case ULIDs must be lower-case too (test/db runs this on real servers).
  for (const [kind, letterCase] of [['ulid', 'lower'], ['uuidv7', 'upper']] as const) {
    it(`${kind}: follows idsmith.${kind === 'ulid' ? 'ulid' : 'uuid'}.case (${letterCase}), as \`idsmith bounds --case\` does`, async () => {
      const { result, doc } = await insertBounds({ kind, from: FROM, to: TO }, 'sql');
      const core = bounds(kind, FROM, TO, { letterCase });
      assert.equal(doc.lineAt(1).text, boundsSql(kind, core));
      assert.deepEqual([result!.min, result!.max, result!.prefix], [core.min, core.max, core.prefix]);
      const spelled = letterCase === 'lower' ? core.min.toLowerCase() : core.min.toUpperCase();
      assert.equal(core.min, spelled);
      assert.equal(inspect(result!.min).unixMs, FROM);
    });
  }
});
