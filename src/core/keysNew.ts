import { optionsOf } from './args';
import { bounds, type BoundsKind, type BoundsOptions } from './bounds';
import { parseSnowflakeEpoch } from './formats/snowflake/layouts';
import { boundsSpec, generatorFor } from './formats/registry';
import { generate } from './generate';
import { keyTemplate, MAX_KEY_BYTES, renderKey, utf8Length, type KeyTemplate } from './keysTemplate';
import { IdError, type Clock, type GenKind, type RandomSource } from './types';

// Keys for new objects: a new ID of the kind, its hash and its date fields from the ID's own
// time (what the ID says, not the clock: a monotonic generator may run ahead of it), so the
// listing of any window finds the object again.

export interface NewKeysOptions extends BoundsOptions {
  /** Creation time instead of now. */
  timeMs?: number;
  clock?: Clock;
  random?: RandomSource;
}

export interface NewKey {
  key: string;
  id: string;
  /** The ID's time: the start of its unit, in Unix ms. */
  ms: number;
}

/** `count` keys of `template` for new `kind` IDs, in the order the IDs were made (ascending). */
export function newKeys(template: string | KeyTemplate, kind: BoundsKind, count: number, opts: NewKeysOptions = {}): NewKey[] {
  const t = keyTemplate(template);
  opts = optionsOf(opts, 'the key options');
  const spec = boundsSpec(kind);
  if (!spec || !generatorFor(kind)) {
    throw new IdError('INVALID_ARGUMENT', spec
      ? `Idsmith lists ${spec.label} keys but does not make ${spec.label} IDs; make them with your own library and list them with keys list.`
      : `Key templates take time-ordered kinds whose text sorts by time; ${String(kind)} is not one.`);
  }
  const layout = spec.needs === 'epoch' ? parseSnowflakeEpoch(opts.epoch ?? 'twitter') : undefined;
  const codec = spec.codec(layout === undefined ? { prefix: opts.prefix ?? '' } : { snowflake: layout, prefix: opts.prefix ?? '' });
  const ids = generate(kind as GenKind, {
    ...(opts.timeMs !== undefined ? { timeMs: opts.timeMs } : {}),
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.random ? { random: opts.random } : {}),
    ...(layout ? { epoch: layout } : {}),
    ...(opts.prefix !== undefined ? { prefix: opts.prefix } : {}),
  }, count);
  const out: NewKey[] = [];
  for (const canonical of ids) {
    const ms = codec.timeOf(canonical);
    // `bounds` spells the ID as the listing will (and refuses a case the kind has not).
    const id = opts.letterCase === undefined ? canonical : opts.letterCase === 'upper' ? canonical.toUpperCase() : canonical.toLowerCase();
    const key = renderKey(t, id, ms);
    out.push({ key, id, ms });
  }
  if (out.length > 0) {
    const first = out[0]!;
    bounds(kind, first.ms, first.ms, { ...(layout ? { epoch: layout } : {}), ...(opts.prefix !== undefined ? { prefix: opts.prefix } : {}), ...(opts.letterCase ? { letterCase: opts.letterCase } : {}) });
    const bytes = Math.max(...out.map((k) => utf8Length(k.key)));
    if (bytes > MAX_KEY_BYTES) throw new IdError('INVALID_ARGUMENT', `Keys of ${t.source} are ${bytes} bytes long; S3 keys hold at most ${MAX_KEY_BYTES} bytes of UTF-8.`);
  }
  return out;
}
