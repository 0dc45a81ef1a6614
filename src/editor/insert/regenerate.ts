import * as vscode from 'vscode';
import { IdError, generate, identityOf, regeneratePlan } from '../../core';
import type { GenKind, GeneratorOptions as GenerateOptions, ScanMatch } from '../../core';
import { activeEditor, applyReplacements, assertWritable, selectionsInOrder } from './edit';
import type { Replacement } from './edit';
import { generateOptions } from './options';
import { decodeContext } from '../shared/decodeContext';
import { InsertFailure } from './result';
import { idsInSelections, type Located } from '../shared/locate';
import type { InsertResult } from './result';
import { settings } from '../shared/settings';
import type { Settings } from '../shared/settings';

// "Regenerate IDs in Selection": each ID found gets a fresh one of the same kind, spelled the
// same way. The same ID (in any spelling) maps to the same new ID everywhere, so references
// between fixtures stay intact; fresh time-ordered IDs ascend in order of first appearance.
// What a fresh ID keeps (a UUID's version, a TypeID's prefix, a snowflake's layout, the case)
// is its format's regenerate plan, read through the registry.

/** Why an ID can't be regenerated faithfully: it stays as it is and the user is told why. */
export class Skip {
  constructor(readonly reason: string) {}
}

export interface Plan {
  /** Identity of the ID's value: equal keys get the same replacement. */
  key: string;
  kind: GenKind;
  /** Generator options; plans with equal `group` are generated in one batch. */
  opts: GenerateOptions;
  group: string;
  /** Writes a fresh ID the way the replaced one was written. */
  spell(fresh: string): string;
}

/**
 * The plan for one found ID: its format's plan, with the options the settings give that kind
 * (node ids for the plan's snowflake layout, checked). A setting the kind needs that is wrong
 * leaves this ID alone and says why; the others are still regenerated.
 */
export function planFor(m: ScanMatch, s: Settings): Plan | Skip {
  const plan = regeneratePlan(m.decoded, s.snowflake.layout === undefined ? {} : { snowflake: s.snowflake.layout });
  if ('refused' in plan) return new Skip(plan.refused);
  let opts: GenerateOptions;
  try {
    opts = { ...generateOptions(plan.kind, s, undefined, plan.options), ...plan.options };
  } catch (e) {
    if (e instanceof InsertFailure) return new Skip(e.message);
    throw e;
  }
  const group = `${plan.kind}:${JSON.stringify(plan.options)}`;
  return { key: identityOf(m.decoded), kind: plan.kind, opts, group, spell: plan.spell };
}

/** Every ID in the selections (an empty selection means the ID under the cursor), in document
 *  order and without duplicates. The validated epoch: a broken setting reads snowflakes as in
 *  `auto` instead of throwing, and snowflakePlan then says why they are left alone. */
function found(editor: vscode.TextEditor, s: Settings): Located[] {
  return idsInSelections(editor.document, selectionsInOrder(editor), decodeContext(s));
}

export async function regenerate(): Promise<InsertResult> {
  const editor = activeEditor();
  assertWritable(editor);
  const s = settings();
  const version = editor.document.version;
  const matches = found(editor, s);
  if (matches.length === 0) {
    throw new InsertFailure('NOTHING_FOUND', 'No ID found in the selection (or under the cursor); select the text that holds the IDs to regenerate.');
  }
  const planned: { range: vscode.Range; text: string; plan: Plan }[] = [];
  const skipped: { text: string; reason: string }[] = [];
  for (const { match, range } of matches) {
    let plan: Plan | Skip;
    try {
      plan = planFor(match, s);
    } catch (e) {
      // A setting the kind needs is wrong: stop before anything is generated.
      if (e instanceof InsertFailure) throw e;
      if (!(e instanceof IdError)) throw e;
      plan = new Skip(e.message);
    }
    if (plan instanceof Skip) skipped.push({ text: match.text, reason: plan.reason });
    else planned.push({ range, text: match.text, plan });
  }

  // One batch per generator, keys in order of first appearance.
  const fresh = new Map<string, string>();
  const groups = new Map<string, Plan[]>();
  for (const { plan } of planned) {
    if (fresh.has(plan.key)) continue;
    fresh.set(plan.key, '');
    const g = groups.get(plan.group) ?? [];
    g.push(plan);
    groups.set(plan.group, g);
  }
  for (const plans of groups.values()) {
    const first = plans[0]!;
    let ids: string[];
    try {
      ids = generate(first.kind, { ...first.opts, count: plans.length });
    } catch (e) {
      if (e instanceof IdError) throw new InsertFailure('GENERATION_FAILED', `Could not generate ${first.kind}: ${e.message} Nothing was changed.`);
      throw e;
    }
    plans.forEach((p, i) => fresh.set(p.key, ids[i]!));
  }

  const reps: Replacement[] = planned.map(({ range, plan }) => ({ range, text: plan.spell(fresh.get(plan.key)!) }));
  if (reps.length) await applyReplacements(editor, reps, version, false);
  if (skipped.length) {
    const shown = skipped.slice(0, 3).map((k) => `${k.text}: ${k.reason}`).join('; ');
    const more = skipped.length > 3 ? ` (and ${skipped.length - 3} more)` : '';
    void vscode.window.showWarningMessage(`Idsmith: regenerated ${reps.length} ID(s); left ${skipped.length} as they were — ${shown}${more}.`);
  }
  return { status: 'regenerated', replaced: reps.length, distinct: fresh.size, skipped };
}
