// The conformance matrix in the real editor (both hosts): for every format of the registry, what
// a user meets. Driven by FORMATS, so a format added to the registry is covered without editing
// this file; what a format leaves out is printed with the reason its module gives.
//   hover    an ID of the format in a sentence (or under a label naming it, for formats whose
//            text is any word of their alphabet) shows the format's card, with its time
//   Inspect  the card of the ID names the format and shows the time
//   check    a CSV fixture with the ID twice gets the duplicate diagnostic, and "Regenerate this
//            duplicate" writes a new ID of the same kind and spelling, as one undo step
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { ALL_CONVERT_TARGETS, FORMATS, caseFree, convert, generate, scan, supports, whyNot } from '../../src/core';
import { readAs, requiredOptions } from '../shared/generators';
import { activateExtension, closeAllEditors, hoverText, inspectCard, log, openDocument, useSettings, waitFor, writeFixture } from './util';

/** Markdown with its escapes removed: what a reader sees. */
const shown = (md: string) => md.replace(/\\([!-/:-@[-`{-~])/g, '$1');

const ours = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Idsmith');

let files = 0;

/** Writes `text` to a new CSV under the workspace's fixtures/ (checked as it opens) and opens it. */
function openCsv(text: string): Promise<vscode.TextDocument> {
  return writeFixture(`conformance-${++files}.csv`, text);
}

describe('conformance matrix in the editor (every format in FORMATS)', () => {
  before(() => activateExtension());
  afterEach(() => closeAllEditors());
  useSettings({ 'hover.timeZone': 'UTC', 'snowflake.epoch': 'twitter' });
  const notes = new Set<string>();
  after(() => log(`      left out, for the reason the format gives (${notes.size}):\n${[...notes].map((n) => `        ${n}`).join('\n')}`));

  for (const f of FORMATS) {
    const g = f.generators.find((x) => x.hasTime && !x.derived) ?? f.generators.find((x) => !x.derived);
    // A format Idsmith reads but does not make (Timeflake, Uuid25, X-Ray) is sampled through the
    // convert target that writes it, from a new UUID v7.
    const sample = (): string | undefined => {
      if (g) return generate(g.kind, { ...requiredOptions(g), count: 1 })[0]!;
      if (!ALL_CONVERT_TARGETS.includes(f.id)) return undefined;
      const out = convert(generate('uuidv7')[0]!, f.id);
      return readAs(f, out) ? out : undefined;
    };
    const hasTime = g ? g.hasTime : f.time !== undefined;
    if (!g && sample() === undefined) {
      notes.add(`${f.id}: neither made here (${whyNot(f, 'generate')}) nor written by a convert target; its readings are in the core and CLI columns`);
      continue;
    }
    if (!supports(f, 'inspect')) {
      notes.add(`${f.id}/hover, Inspect: ${whyNot(f, 'inspect')}`);
    } else it(`${f.label} (${g?.kind ?? `converted to ${f.id}`}): hover and Inspect show it${hasTime ? ' and its time' : ''}`, async () => {
      // Hover where the scanner finds it: bare, or under a label naming the format. A sample
      // converted from a UUID v7 may date implausibly as this format (an X-Ray trace id from
      // 1970), and is then rightly found nowhere. The scanner's rules give up a little recall
      // for precision (a push ID without a lower-case letter among its 12 random chars, about 1
      // in 180, is passed over; test/unit/scanRecall.test.ts measures each format's recall), so
      // a new ID is drawn until one is found, 20 times at most: this column is about the editor.
      const whereOf = (id: string) => [`the id ${id} was seen`, `{"${f.id}": "${id}"}`].find((line) =>
        scan(line, { epoch: 'twitter' }).some((m) => m.text === id && m.decoded.format === f));
      let id = sample()!;
      let where = whereOf(id);
      for (let tries = 1; g !== undefined && where === undefined && tries < 20; tries++) where = whereOf(id = sample()!);
      const d = readAs(f, id);
      assert.ok(d, `${id} reads as ${f.id}`);
      // To the millisecond, or finer where the ID holds more (UUID v1's 100 ns, a TID's µs).
      const time = hasTime ? d.timePrecise ?? d.time : undefined;

      const guessed = f.shapes.some((s) => !s.asked && !s.configured && s.test(id));
      if (supports(f, 'scan') && guessed && (where !== undefined || g !== undefined)) {
        assert.ok(where, `the scanner finds the new ${f.id} ${id}`);
        const editor = await openDocument(`${where}\n`, where.startsWith('{') ? 'json' : 'plaintext');
        const hover = shown(await hoverText(editor.document, new vscode.Position(0, where.indexOf(id) + 1)));
        assert.ok(hover.includes(f.label), `hover over ${id} names ${f.label}: ${hover.slice(0, 300)}`);
        if (time) assert.ok(hover.includes(time), `hover over ${id} shows ${time}: ${hover.slice(0, 300)}`);
      } else if (guessed) {
        notes.add(`${f.id}/hover: its sample, converted from a UUID v7, is not plausible as one in free text (${d.time ?? 'no time'})`);
      } else {
        notes.add(`${f.id}/hover: read only when named or configured (${f.shapes.map((s) => s.description).join('; ')})`);
      }

      // Inspect ID… (or Inspect ID As… where the text reads likelier as another kind).
      const plain = await vscode.commands.executeCommand<{ kind: string }>('idsmith.inspect', { text: id });
      if (plain.kind !== f.id) await vscode.commands.executeCommand('idsmith.inspectAs', { text: id, from: f.id });
      const card = shown((await inspectCard()).getText());
      assert.ok(card.includes(f.label), `the card of ${id} names ${f.label}: ${card.slice(0, 300)}`);
      if (time) assert.ok(card.includes(time), `the card of ${id} shows ${time}: ${card.slice(0, 400)}`);
    });

    // The format's one-word label heads the column; `id` where it has none (an identity name for any kind).
    const label = f.check?.labels?.find((l) => l.length === 1)?.[0] ?? 'id';
    if (!supports(f, 'check') || !g) {
      notes.add(`${f.id}/check: ${whyNot(f, 'check') ?? 'not made here, so no fixture of it is written'}`);
      continue;
    }
    it(`${f.label} (${g.kind}): a duplicate in a fixture, and Regenerate this duplicate keeps kind and spelling`, async () => {
      const [a, b] = generate(g.kind, { ...requiredOptions(g), count: 2 });
      const text = `${label},note\n${a},first\n${b},second\n${a},third\n`;
      const doc = await openCsv(text);
      const duplicate = await waitFor(() => ours(doc.uri).find((x) => x.code === 'duplicate'), `the duplicate diagnostic for ${a}`);
      assert.equal(doc.getText(duplicate.range), a);
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, duplicate.range, vscode.CodeActionKind.QuickFix.value, 10);
      const fix = (actions ?? []).find((x) => x.title === 'Regenerate this duplicate');
      assert.ok(fix?.edit, `"Regenerate this duplicate" for ${f.id}: ${(actions ?? []).map((x) => x.title).join(' | ')}`);
      assert.ok(await vscode.workspace.applyEdit(fix.edit));
      const fresh = doc.lineAt(3).text.split(',')[0]!;
      assert.notEqual(fresh, a);
      assert.equal(doc.getText(), `${label},note\n${a},first\n${b},second\n${fresh},third\n`, 'only the duplicate changed');
      const after = readAs(f, fresh);
      assert.ok(after, `${fresh} is a ${f.id}`);
      assert.equal(fresh.length, a.length, 'the same length');
      // The spelling kept: the case of a format whose value ignores it, a TypeID's prefix.
      const lower = (t: string) => t === t.toLowerCase();
      if (caseFree(f)) assert.equal(lower(fresh), lower(a), `the same case: ${a} → ${fresh}`);
      assert.equal(after.fields.prefix, readAs(f, a)!.fields.prefix, 'the same prefix');
      await waitFor(() => !ours(doc.uri).some((x) => x.code === 'duplicate'), 'no duplicate left');
      await vscode.commands.executeCommand('undo');
      assert.equal(doc.getText(), text, 'one undo step');
    });
  }
});
