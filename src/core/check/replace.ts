import { bytesToHex } from '../bytes';
import { formatById } from '../formats/registry';
import type { DecodedId } from '../formats/types';
import { cryptoRandom } from '../random';
import { formatIso } from '../time';
import { IdError, type IdKind, type RandomSource } from '../types';
import { decodeOptions } from './rules';
import type { FoundId } from './types';

// New IDs for duplicates. A duplicate's replacement is a sibling of the ID it replaces (its
// format's `sibling`: the same kind, version, prefix, layout and spelling, a new random part)
// at the same time unit, so a time-ordered column stays in order and the row keeps the date its
// other columns give; or at a time the user asks for ("dated now"). It is distinct from every ID
// the file holds and from the other replacements: where the random part is small (a snowflake's
// sequence, a TID's clock id) a draw can meet an ID the file already has, and is drawn again.

export interface ReplaceOptions {
  /** The snowflake epoch the file was checked with (any form `parseSnowflakeEpoch` reads). */
  epoch?: unknown;
  /** Every replacement at this time (Unix ms) instead of the time of the ID it replaces. */
  timeMs?: number;
  random?: RandomSource;
}

/** One replacement, or why the ID it was asked for stays as it is. */
export type Replacement = { text: string } | { reason: string };

/** Draws per ID before giving up: a free value is nearly always the first draw. */
const DRAWS = 64;

/** The identity of a decoded ID, as a string: spellings of one ID are equal. */
export function identityOf(d: DecodedId, text: string): string {
  const byValue = d.format.check?.identity !== 'text' ? d.bytes : undefined;
  return `${d.format.id}:${byValue ? bytesToHex(byValue) : text}`;
}

/** The identities of every ID a check found, for `replaceIds`'s `taken`. */
export function identitiesOf(ids: readonly FoundId[], epoch?: unknown): Set<string> {
  const opts = decodeOptions(epoch, Date.now());
  const out = new Set<string>();
  for (const id of ids) {
    const d = formatById(id.kind)?.decode(id.text, opts);
    if (d?.valid) out.add(identityOf(d, id.text));
  }
  return out;
}

/**
 * Whether a duplicate of `kind` spelled `text` can be replaced, and whether it holds a time (so
 * that "dated now" differs from keeping it); else why not. Cheap: one decode and one draw.
 */
export function replaceable(kind: IdKind, text: string, epoch?: unknown): { timed: boolean } | { reason: string } {
  const d = formatById(kind)?.decode(text, decodeOptions(epoch, Date.now()));
  const r = replaceIds([{ kind, text }], new Set(), epoch === undefined ? {} : { epoch })[0]!;
  return 'reason' in r ? r : { timed: d?.unixMs !== undefined };
}

/**
 * A replacement for each of `ids` (a duplicate's kind and text), distinct from the identities in
 * `taken` and from each other; each one made is added to `taken`. Never throws for one ID that
 * cannot be replaced: its entry says why.
 */
export function replaceIds(ids: readonly { kind: IdKind; text: string }[], taken: Set<string>, opts: ReplaceOptions = {}): Replacement[] {
  const random = opts.random ?? cryptoRandom;
  const decode = decodeOptions(opts.epoch, Date.now());
  return ids.map(({ kind, text }) => {
    const f = formatById(kind);
    if (!f?.sibling) return { reason: `${f?.label ?? kind} IDs have no random part Idsmith can draw again` };
    const d = f.decode(text, decode);
    if (!d.valid) return { reason: d.error ?? `not a valid ${f.label}` };
    if (opts.timeMs !== undefined && f.time && (opts.timeMs < f.time.minMs || opts.timeMs > f.time.maxMs)) {
      return { reason: `a ${f.label} holds times from ${formatIso(f.time.minMs)} to ${formatIso(f.time.maxMs)}` };
    }
    // The ID replaced is in the file, whatever `taken` says.
    taken.add(identityOf(d, text));
    try {
      for (let i = 0; i < DRAWS; i++) {
        const fresh = f.sibling(d, random, opts.timeMs);
        const key = identityOf(f.decode(fresh, decode), fresh);
        if (taken.has(key)) continue;
        taken.add(key);
        return { text: fresh };
      }
    } catch (e) {
      if (e instanceof IdError) return { reason: e.message.replace(/\.$/, '') };
      throw e;
    }
    return { reason: `every ${f.label} of its time unit that Idsmith drew is already in the file` };
  });
}
