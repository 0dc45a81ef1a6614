import * as vscode from 'vscode';
import {
  IdError, SNOWFLAKE_FUTURE_MARGIN_MS, SNOWFLAKE_PRESETS, decodeSnowflake, formatUuid, generate, parseSnowflake, parseTypeId, parseUuid,
} from '../../core';
import type { GenKind, GeneratorOptions as GenerateOptions, ScanMatch, SnowflakeLayout, SnowflakePreset } from '../../core';
import { spell } from './spelling';
import type { LetterCase, Spelling } from './spelling';
import { activeEditor, applyReplacements, assertWritable, selectionsInOrder } from './edit';
import type { Replacement } from './edit';
import { snowflakeOptions } from './options';
import { decodeContext } from '../shared/decodeContext';
import { InsertFailure } from './result';
import { idsInSelections, type Located } from '../shared/locate';
import type { InsertResult } from './result';
import { settings } from '../shared/settings';
import type { Settings } from '../shared/settings';

// "Regenerate IDs in Selection": each ID found gets a fresh one of the same kind, spelled the
// same way. The same ID (in any spelling) maps to the same new ID everywhere, so references
// between fixtures stay intact; fresh time-ordered IDs ascend in order of first appearance.

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
  spelling: Spelling;
}

function letterCase(text: string): LetterCase {
  return /[a-z]/.test(text) && !/[A-Z]/.test(text) ? 'lower' : 'upper';
}

function uuidPlan(m: ScanMatch): Plan | Skip {
  const { version, variant } = m.decoded;
  if (variant !== 'rfc9562') return new Skip('not an RFC 9562 UUID (its variant bits say otherwise), so there is no version to keep');
  if (version === 3 || version === 5) return new Skip(`a name-based v${version} UUID is derived from a name; a fresh one needs a new name`);
  if (version !== 1 && version !== 4 && version !== 6 && version !== 7) return new Skip(`UUID v${version} can't be generated`);
  const kind = `uuidv${version}` as GenKind;
  const t = m.text;
  const urn = /^urn:uuid:/i.exec(t);
  const spelling: Spelling = {
    case: letterCase(t.replace(/^urn:uuid:/i, '')),
    uuid: urn ? 'urn' : t.startsWith('{') ? 'braces' : t.includes('-') ? 'standard' : 'noDashes',
    ...(urn ? { urnPrefix: urn[0] } : {}),
  };
  return { key: `uuid:${formatUuid(parseUuid(t))}`, kind, opts: {}, group: kind, spelling };
}

function snowflakePlan(m: ScanMatch, s: Settings): Plan | Skip {
  const value = parseSnowflake(m.text).toString();
  let layout: SnowflakeLayout | undefined = s.snowflake.layout;
  if (s.snowflake.epochError !== undefined) {
    // Only snowflakes need the epoch: they stay as they are, everything else is regenerated.
    return new Skip(`setting idsmith.snowflake.epoch is invalid: ${s.snowflake.epochError}`);
  }
  if (layout === undefined && m.decoded.readAs) {
    // Its key or URL named the layout (the scanner checked that its reading is plausible).
    layout = m.decoded.readAs.layout;
  } else if (layout === undefined) {
    // Any decimal decodes under every preset: only one plausible reading says which it is.
    const d = decodeSnowflake(m.text);
    const plausible = (d.candidates ?? []).filter((c) => c.plausible);
    if (plausible.length !== 1) {
      const readings = plausible.map((c) => c.epoch).join(', ') || 'none';
      return new Skip(`its layout is ambiguous (plausible as: ${readings}); set idsmith.snowflake.epoch to the service it comes from`);
    }
    layout = SNOWFLAKE_PRESETS[plausible[0]!.epoch as SnowflakePreset];
  } else {
    const d = decodeSnowflake(m.text, layout);
    if (d.unixMs === undefined || d.unixMs < layout.launchMs || d.unixMs > Date.now() + SNOWFLAKE_FUTURE_MARGIN_MS) {
      return new Skip(`it does not decode to a plausible time with idsmith.snowflake.epoch = ${JSON.stringify(s.snowflake.epoch)}`);
    }
  }
  const epoch = layout.name === 'custom' ? layout.epochMs : layout.name;
  const opts = snowflakeOptions({ ...s, snowflake: { ...s.snowflake, layout } });
  return { key: `snowflake:${value}`, kind: 'snowflake', opts, group: `snowflake:${epoch}`, spelling: { case: 'lower', uuid: 'standard' } };
}

export function planFor(m: ScanMatch, s: Settings): Plan | Skip {
  if (!m.decoded.valid) return new Skip(m.decoded.error ?? 'not a valid ID');
  const plain: Spelling = { case: letterCase(m.text), uuid: 'standard' };
  switch (m.kind) {
    case 'ulid':
      return { key: `ulid:${m.text.toUpperCase()}`, kind: 'ulid', opts: {}, group: 'ulid', spelling: plain };
    case 'uuid':
      return uuidPlan(m);
    case 'ksuid':
      return { key: `ksuid:${m.text}`, kind: 'ksuid', opts: {}, group: 'ksuid', spelling: plain };
    case 'objectid':
      return { key: `objectid:${m.text.toLowerCase()}`, kind: 'objectid', opts: {}, group: 'objectid', spelling: plain };
    case 'typeid': {
      const { prefix } = parseTypeId(m.text);
      return { key: `typeid:${m.text}`, kind: 'typeid', opts: { prefix }, group: `typeid:${prefix}`, spelling: plain };
    }
    case 'snowflake':
      return snowflakePlan(m, s);
    default:
      return new Skip(`${m.kind} IDs can't be regenerated`);
  }
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

  const reps: Replacement[] = planned.map(({ range, plan }) => ({ range, text: spell(plan.kind, fresh.get(plan.key)!, plan.spelling) }));
  if (reps.length) await applyReplacements(editor, reps, version, false);
  if (skipped.length) {
    const shown = skipped.slice(0, 3).map((k) => `${k.text}: ${k.reason}`).join('; ');
    const more = skipped.length > 3 ? ` (and ${skipped.length - 3} more)` : '';
    void vscode.window.showWarningMessage(`Idsmith: regenerated ${reps.length} ID(s); left ${skipped.length} as they were — ${shown}${more}.`);
  }
  return { status: 'regenerated', replaced: reps.length, distinct: fresh.size, skipped };
}
