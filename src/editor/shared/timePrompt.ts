import * as vscode from 'vscode';
import { IdError, formatIso, formatRelative } from '../../core';
import { readTimeText } from './timeText';

// One time prompt for every command that needs a point in time ("Insert ID at Time…",
// "Insert Time-Window Bounds…"), so they accept the same forms and explain them the same way.

export interface TimePromptOptions {
  /** Text shown pre-filled (and selected); defaults to the current time in ISO 8601. */
  value?: string;
  /** Extra line under the input, e.g. which kinds can hold the time. */
  prompt?: string;
  /** The end of a window: a bare date means its last millisecond (core `inclusiveEnd`), as in
   *  command arguments and `idsmith bounds`; the preview says so. */
  windowEnd?: boolean;
}

const FORMS = 'ISO 8601 (2024-05-01T12:00:00Z), 2024-05-01 12:00, Unix seconds or ms, now, -2h, +3d';

/** What the input means, shown live under the input box: an Info message lets the user
 *  accept, an Error blocks Enter until the text parses. */
export function describeTimeInput(text: string, now = Date.now(), windowEnd = false): vscode.InputBoxValidationMessage {
  try {
    const { ms, iso, wholeDay } = readTimeText(text, now, windowEnd);
    const day = wholeDay ? ', the end of that whole UTC day' : '';
    return { message: `${iso}${day}  (${formatRelative(ms, now)})`, severity: vscode.InputBoxValidationSeverity.Info };
  } catch (e) {
    const message = e instanceof IdError ? e.message : `Not a time: ${String(e)}`;
    return { message, severity: vscode.InputBoxValidationSeverity.Error };
  }
}

/** Asks for a point in time. Resolves to Unix milliseconds, or `undefined` when cancelled. */
export async function promptForTime(title: string, options: TimePromptOptions = {}): Promise<number | undefined> {
  const value = options.value ?? formatIso(Date.now());
  const text = await vscode.window.showInputBox({
    title,
    value,
    valueSelection: [0, value.length],
    placeHolder: FORMS,
    prompt: options.prompt ? `${options.prompt} — ${FORMS}` : FORMS,
    ignoreFocusOut: true,
    validateInput: (t) => describeTimeInput(t, Date.now(), options.windowEnd),
  });
  if (text === undefined) return undefined;
  // Relative input ("-2h") counts from the moment the user accepts, as the preview did.
  return readTimeText(text, Date.now(), options.windowEnd).ms;
}
