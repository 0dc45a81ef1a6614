import { formatById, plausibleTime } from './formats/registry';
import { approximateTime } from './time';
import type { Decoded } from './types';

// How every surface (hover, terminal, inlay hints, debug values, the Inspect cards, the CLI's
// card, the language-model tool) shows an ID's time: as read, or approximately when only a window
// of it is known. One place, so a UUID v2 never reads to the millisecond on one surface and to
// the minute on another.

/** How the surfaces show an ID's time: as read, or approximately when only a window of it is known. */
export interface ShownTime {
  /** `2016-07-30T22:36:16.385Z`, or `≈ 2043-07-15 02:14Z, to about 7 minutes`. */
  text: string;
  /** Short enough to sit inline: `2016-07-30 22:36Z`, `≈ 2043-07-15 02:14Z`. */
  short: string;
  /** The instant the zone row, the relative time and the short text are made from. */
  unixMs: number;
  approximate: boolean;
}

/** `2016-07-30T22:36:16.385Z` -> `2016-07-30 22:36Z` (`+010000-01-01 00:00Z` past 9999). */
function shortIso(iso: string): string {
  return iso.replace(/T(\d\d:\d\d).*$/, ' $1Z');
}

/**
 * The time to show for `d`, or undefined when it has none to show. A time known only to a
 * window (a UUID v2's 7 minutes) is shown approximately, and only when such an ID could have
 * been made then: random bytes with the version 2 bits (a hash) date anywhere up to 5236, and a
 * date ~1,945 years ahead is no reading of anything.
 */
export function shownTime(d: Decoded, now: number): ShownTime | undefined {
  if (d.time === undefined || d.unixMs === undefined) return undefined;
  if (d.timeWindowMs === undefined) {
    return { text: d.timePrecise ?? d.time, short: shortIso(d.time), unixMs: d.unixMs, approximate: false };
  }
  const f = formatById(d.kind);
  if (!f || !plausibleTime(f, d.unixMs, now)) return undefined;
  const a = approximateTime(d.unixMs, d.timeWindowMs);
  return { text: `${a.time}, ${a.precision}`, short: a.time, unixMs: a.ms, approximate: true };
}

/** Why no time is shown for `d` when its time, known only to a window, is one no ID of its kind could hold. */
export function unshownTimeNote(d: Decoded, now: number): string | undefined {
  if (d.timeWindowMs === undefined || d.time === undefined || d.unixMs === undefined || shownTime(d, now)) return undefined;
  const a = approximateTime(d.unixMs, d.timeWindowMs);
  return `Its time bits read as ${a.time.slice(2).split(' ')[0]}, a date no such ID was made at: likely not a real one (random or hashed bytes with these version bits), so no time is shown.`;
}
