import type { GenKind } from '../../core';
import type { CancelledOutcome, FailedOutcome } from '../shared/outcome';

// What the insert commands resolve to, in the protocol of shared/outcome.ts: `inserted` or
// `regenerated` with their data, else `cancelled` or `failed`.

export type { FailureCode } from '../shared/outcome';

export type InsertResult =
  | {
      status: 'inserted';
      kind: GenKind;
      /** The IDs as spelled in the document (before quote/template), in document order. */
      ids: string[];
    }
  | {
      status: 'regenerated';
      /** Occurrences replaced, and how many distinct IDs they were. */
      replaced: number;
      distinct: number;
      /** IDs left as they were, each with the reason shown to the user. */
      skipped: { text: string; reason: string }[];
    }
  | CancelledOutcome
  | FailedOutcome;

/** The commands' failure: shared/outcome.ts's, by the name the insert code has always used. */
export { CommandFailure as InsertFailure, Cancelled } from '../shared/outcome';
