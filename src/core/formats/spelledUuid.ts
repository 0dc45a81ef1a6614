import { formatUuid } from './uuid/codec';
import { readUuidBytes } from './uuid';
import { PLAUSIBLE_FUTURE_MS, type Id } from './decoded';

// What formats that only re-spell a UUID (ShortUUID, Uuid25) share: the UUID's own reading
// (version, variant, time, clock sequence, node) on their decoded ID, plus the UUID text, and
// one rule for whether the reading is believable when the text was not named as that format.

/** UUID v1/v6/v7 times from the first RFC (2005) on are believed. */
const UUID_TIME_FROM = Date.UTC(2005, 0, 1);

/** Fills `id` (valid, holding `bytes`) with the reading of `bytes` as a UUID. */
export function readSpelledUuid(id: Id, bytes: Uint8Array): Id {
  readUuidBytes(id, bytes);
  id.fields.uuid = formatUuid(bytes);
  return id;
}

/**
 * Whether text read as a re-spelled UUID holds a UUID some generator makes: Nil or Max, or the
 * RFC variant with version 4 (random), 3/5 (names), 8, or a time version with a plausible time.
 * A random word of the same alphabet passes about 1 time in 40 (version 4 or 3/5/8 and the
 * variant); guessing stops there, and naming the format reads any value.
 */
export function judgeSpelledUuid(id: Id, now: number | undefined): Id {
  if (!id.valid) return id;
  const v = id.version;
  if (id.fields.special !== undefined) id.plausible = true;
  else if (id.variant !== 'rfc9562' || v === undefined || v < 1 || v > 8) id.plausible = false;
  else if (id.unixMs !== undefined) id.plausible = id.unixMs >= UUID_TIME_FROM && id.unixMs <= (now ?? Date.now()) + PLAUSIBLE_FUTURE_MS;
  else id.plausible = v !== 2;
  return id;
}
