// One completion, a different ID at every cursor, in one undo step. VS Code applies a completion
// at every cursor by inserting the same snippet at each one, and resolves the snippet's variables
// per cursor: CURSOR_INDEX is that cursor's index among the editor's selections (primary first,
// in the order they were added). A transform of CURSOR_INDEX picks the cursor's own ID, so the
// whole insert stays one edit, as the editor makes it, with nothing to patch up afterwards.

/** Text in the branch of a snippet format (`${1:+…}`): `\`, `$` and `}` are escaped. */
function inFormat(text: string): string {
  return text.replace(/[\\$}]/g, '\\$&');
}

/**
 * A snippet that writes `texts[i]` at the cursor whose CURSOR_INDEX is i. A cursor the list does
 * not cover (one added after the items were made) gets `texts[0]`, never nothing.
 */
export function perCursorSnippet(texts: readonly string[]): string {
  const alternatives = texts.map((_, i) => `(${i})`).join('|');
  const branches = texts.map((t, i) => `\${${i + 1}:+${inFormat(t)}}`).join('');
  const other = `\${${texts.length + 1}:+${inFormat(texts[0] ?? '')}}`;
  return `\${CURSOR_INDEX/^(?:${alternatives}|(\\d+))$/${branches}${other}/}`;
}

/**
 * For cursors given in selection order, where each stands in document order (0 = first in the
 * document): the rank decides which ID it gets, so IDs ascend top to bottom, left to right.
 */
export function documentRanks<P>(positions: readonly P[], compare: (a: P, b: P) => number): number[] {
  const order = positions.map((p, i) => ({ p, i })).sort((a, b) => compare(a.p, b.p));
  const ranks = new Array<number>(positions.length);
  order.forEach(({ i }, rank) => (ranks[i] = rank));
  return ranks;
}
