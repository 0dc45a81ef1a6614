/**
 * A copy of `s` that holds no reference to the text it was cut from (one flat string of its
 * own): a slice of a 64 KB piece of the file, or a string joined from such slices, would
 * otherwise keep the piece alive for as long as a held problem, a column or a cached key lives.
 * Strings under 13 chars are copied by the engine anyway.
 */
export function own(s: string): string {
  return s.length < 13 ? s : (s + ' ').slice(0, -1);
}
