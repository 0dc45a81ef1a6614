// Letter case as written: what regenerate keeps when it replaces an ID whose case does not
// change its value (`Shape.case` `either`).

/** Writes a fresh ID in the case `like` is written in: all lower, all upper, or (mixed, none) as it comes. */
export function caseLike(like: string): (fresh: string) => string {
  const lower = /[a-z]/.test(like), upper = /[A-Z]/.test(like);
  if (lower && !upper) return (fresh) => fresh.toLowerCase();
  if (upper && !lower) return (fresh) => fresh.toUpperCase();
  return (fresh) => fresh;
}
