import * as vscode from 'vscode';
import { IdError } from '../../core';

// How every Idsmith command ends, as data. VS Code's API cannot read notification text, so each
// outcome a user sees as a message is also what the command resolves to: keybindings ignore
// it, tests and other extensions check it. Commands never reject. Success names what happened
// (`inserted`, `regenerated`, `converted`, `checked`, …) with the command's own data; the other
// two outcomes are the same for every command:
//   { status: 'cancelled' }                                 a prompt was dismissed
//   { status: 'failed', code, message, setting? }           nothing was changed; `message` was shown

export type FailureCode =
  | 'NO_EDITOR' // no active text editor
  | 'READ_ONLY' // the document cannot be edited (read-only file system or editor)
  | 'INVALID_SETTING' // an `idsmith.*` setting the command needs is wrong; `setting` names it
  | 'INVALID_ARGUMENT' // the command's argument (kind, time, count, format, target, …) is wrong
  | 'GENERATION_FAILED' // the core refused, e.g. a time the kind cannot hold
  | 'EDIT_FAILED' // the document changed meanwhile (or the editor refused): nothing was edited
  | 'NOTHING_FOUND'; // no ID at the cursor or in the selections

export interface CancelledOutcome {
  status: 'cancelled';
}

export interface FailedOutcome {
  status: 'failed';
  code: FailureCode;
  message: string;
  /** The setting to fix, for `INVALID_SETTING` (the message offers to open it). */
  setting?: string;
}

/** A command's result: its own success shape, or one of the two shared outcomes. */
export type Outcome<T extends { status: string }> = T | CancelledOutcome | FailedOutcome;

/** The user dismissed a prompt: not an error, nothing to say. */
export class Cancelled extends Error {}

/** Thrown inside a command: becomes a `failed` outcome and its message at the top. */
export class CommandFailure extends Error {
  constructor(
    readonly code: FailureCode,
    message: string,
    readonly setting?: string,
  ) {
    super(message);
  }
}

/** The message of anything thrown (an `IdError`'s own words, or the text of a non-Error). */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Failures that are the user's situation rather than a mistake: a warning, or just information. */
const SEVERITY: Partial<Record<FailureCode, 'info' | 'warning'>> = {
  NOTHING_FOUND: 'info', READ_ONLY: 'warning', EDIT_FAILED: 'warning', NO_EDITOR: 'warning',
};

/** The `failed` outcome for anything thrown; the core's `IdError`s are the argument's fault. */
export function failureOf(e: unknown): CommandFailure {
  if (e instanceof CommandFailure) return e;
  if (e instanceof IdError) return new CommandFailure('INVALID_ARGUMENT', e.message);
  return new CommandFailure('GENERATION_FAILED', `Unexpected error: ${errorMessage(e)}`);
}

/** Tells the user about a failure, with the right severity and an "Open Setting" button when one is named. */
export function showFailure(failure: CommandFailure): void {
  const text = `Idsmith: ${failure.message}`;
  const setting = failure.setting;
  if (setting) {
    void vscode.window.showErrorMessage(text, 'Open Setting').then((choice) => {
      if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', setting);
    });
    return;
  }
  const severity = SEVERITY[failure.code];
  if (severity === 'info') void vscode.window.showInformationMessage(text);
  else if (severity === 'warning') void vscode.window.showWarningMessage(text);
  else void vscode.window.showErrorMessage(text);
}

/**
 * The one wrapper of every command body: `Cancelled` becomes `{ status: 'cancelled' }`, any
 * other throw a `failed` outcome whose message is shown; the command never rejects.
 */
export function command<A extends unknown[], T extends { status: string }>(
  body: (...args: A) => Promise<T> | T,
): (...args: A) => Promise<Outcome<T>> {
  return async (...args) => {
    try {
      return await body(...args);
    } catch (e) {
      if (e instanceof Cancelled) return { status: 'cancelled' };
      const failure = failureOf(e);
      showFailure(failure);
      return failure.setting
        ? { status: 'failed', code: failure.code, message: failure.message, setting: failure.setting }
        : { status: 'failed', code: failure.code, message: failure.message };
    }
  };
}
