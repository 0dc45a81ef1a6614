import { generate } from '../generate';
import { formatById, generatorFor, identityOf, regeneratePlan } from '../formats/registry';
import type { DecodedId } from '../formats/types';
import { IdError, type GenKind, type IdKind } from '../types';
import { decodeOptions } from './rules';
import type { FoundId } from './types';

// New IDs for duplicates. A duplicate's replacement is made as "Regenerate" makes one (its
// format's regenerate plan: the generator of its kind, version, prefix and layout, spelled like
// it), at the time of the ID it replaces, so a time-ordered column stays in order and the row
// keeps the date its other columns give; or at a time the user asks for ("dated now"). It is
// distinct from every ID the file holds and from the other replacements: a generator at a
// fixed time counts on from where it left that time unit, and an ID made elsewhere at that time
// by a generator of the same node (a snowflake's sequence 0) can meet it, so it is made again.

export interface ReplaceOptions {
  /** The snowflake epoch the file was checked with (any form `parseSnowflakeEpoch` reads). */
  epoch?: unknown;
  /** Every replacement at this time (Unix ms) instead of the time of the ID it replaces. */
  timeMs?: number;
}

/** One replacement, or why the ID it was asked for stays as it is. */
export type Replacement = { text: string } | { reason: string };

/**
 * Attempts per ID before giving up: a free value is nearly always the first; a file full of one
 * node's snowflakes of one millisecond may take a sequence's worth.
 */
const ATTEMPTS = 4096;

/** The identities (the registry's `identityOf`) of every ID a check found, for `replaceIds`'s `taken`. */
export function identitiesOf(ids: readonly FoundId[], epoch?: unknown): Set<string> {
  const opts = decodeOptions(epoch, Date.now());
  const out = new Set<string>();
  for (const id of ids) {
    const d = formatById(id.kind)?.decode(id.text, opts);
    if (d?.valid) out.add(identityOf(d));
  }
  return out;
}

/**
 * A replacement for each of `ids` (a duplicate's kind and text), distinct from the identities in
 * `taken` and from each other; each one made is added to `taken`. Never throws for one ID that
 * cannot be replaced: its entry says why.
 */
export function replaceIds(ids: readonly { kind: IdKind; text: string }[], taken: Set<string>, opts: ReplaceOptions = {}): Replacement[] {
  const decode = decodeOptions(opts.epoch, Date.now());
  return ids.map(({ kind, text }) => {
    const f = formatById(kind);
    const d = f?.decode(text, decode);
    if (!f || !d) return { reason: `${kind} is no kind of ID Idsmith knows` };
    const plan = regeneratePlan(d, decode);
    if ('refused' in plan) return { reason: plan.refused.replace(/\.$/, '') };
    // The ID replaced is in the file, whatever `taken` says.
    taken.add(identityOf(d));
    const timeMs = opts.timeMs ?? d.unixMs;
    const timed = timeMs !== undefined && generatorFor(plan.kind)?.hasTime === true;
    try {
      for (let i = 0; i < ATTEMPTS; i++) {
        const fresh = plan.spell(generate(plan.kind as GenKind, timed ? { ...plan.options, timeMs } : plan.options, 1)[0]!);
        const key = identityOf(f.decode(fresh, decode));
        if (taken.has(key)) continue;
        taken.add(key);
        return { text: fresh };
      }
    } catch (e) {
      if (e instanceof IdError) return { reason: e.message.replace(/\.$/, '') };
      throw e;
    }
    return { reason: `every ${f.label} Idsmith made at its time is already in the file` };
  });
}

/**
 * Whether a duplicate of `kind` spelled `text` can be replaced, and whether it holds a time (so
 * that "dated now" differs from keeping it); else why not. Cheap: one decode and one plan.
 */
export function replaceable(kind: IdKind, text: string, epoch?: unknown): { timed: boolean } | { reason: string } {
  const decode = decodeOptions(epoch, Date.now());
  const d: DecodedId | undefined = formatById(kind)?.decode(text, decode);
  if (!d) return { reason: `${kind} is no kind of ID Idsmith knows` };
  const plan = regeneratePlan(d, decode);
  if ('refused' in plan) return { reason: plan.refused.replace(/\.$/, '') };
  return { timed: d.unixMs !== undefined && generatorFor(plan.kind)?.hasTime === true };
}
