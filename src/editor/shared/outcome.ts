// What every command shares about how it ended: one `Cancelled` for a dismissed prompt (not an
// error, nothing to say) and one way to turn anything thrown into a message for people.

/** The user dismissed a prompt: not an error, nothing to say. */
export class Cancelled extends Error {}

/** The message of anything thrown (an `IdError`'s own words, or the text of a non-Error). */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
