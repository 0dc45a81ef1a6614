import type { GenKind } from '../../core';

// What the insert commands resolve to. VS Code's API cannot read notification text, so every
// outcome the user sees as a message is also returned as data: keybindings ignore it, tests and
// other extensions check it. The commands never reject; a failure is a value with a code.

export type FailureCode =
  | 'NO_EDITOR' // no active text editor
  | 'READ_ONLY' // the document cannot be edited (read-only file system or editor)
  | 'INVALID_SETTING' // an `idsmith.*` setting the kind needs is out of range; `setting` names it
  | 'INVALID_ARGUMENT' // the command's argument (kind, time, count, format, namespace, …) is wrong
  | 'GENERATION_FAILED' // the core refused, e.g. a time the kind cannot hold
  | 'EDIT_FAILED' // the editor rejected the edit (document changed meanwhile or read-only)
  | 'NOTHING_FOUND'; // regenerate: no ID in the selections

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
  | { status: 'cancelled' }
  | { status: 'failed'; code: FailureCode; message: string; setting?: string };

/** Thrown inside the commands, turned into a `failed` result and an error message at the top. */
export class InsertFailure extends Error {
  constructor(
    readonly code: FailureCode,
    message: string,
    readonly setting?: string,
  ) {
    super(message);
  }
}

export { Cancelled } from '../shared/outcome';
