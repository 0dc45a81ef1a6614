import { formatIso, inclusiveEnd, parseTimeInput } from '../../core';

// What the time prompt makes of the text typed into it, apart from the prompt itself so that the
// rule is unit-tested: the end of a window given as a bare date means that whole UTC day, as in
// command arguments and `idsmith bounds` (core `inclusiveEnd`). Throws IdError when not a time.

export interface TimeText {
  ms: number;
  iso: string;
  /** Set when a bare date was read as the end of its day. */
  wholeDay?: true;
}

export function readTimeText(text: string, now: number, windowEnd = false): TimeText {
  const { ms, iso } = parseTimeInput(text, now);
  if (!windowEnd) return { ms, iso };
  const end = inclusiveEnd(text, ms);
  return end === ms ? { ms, iso } : { ms: end, iso: formatIso(end), wholeDay: true };
}
