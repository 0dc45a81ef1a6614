import * as vscode from 'vscode';
import { applyEdits } from '../shared/edits';
import { convert } from '../../core';
import { Commands } from '../shared/commands';
import { CommandFailure, command, errorMessage } from '../shared/outcome';
import { isEditable, readOnlyMessage } from '../shared/writable';

// The internal commands behind hover links. Their arguments arrive from a markdown link, so
// they are validated like user input, and the edit re-checks the document first: the hover may
// be stale by the time the link is clicked. Both answer in the command protocol (shared/outcome.ts):
// a result, or `failed` with the message shown.

/** Where an ID was when the hover was made. `uri` is a string because links carry JSON. */
export interface ConvertAtArgs {
  uri: string;
  line: number;
  start: number;
  end: number;
  text: string;
  target: string;
}

const isIndex = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

function isConvertAtArgs(a: unknown): a is ConvertAtArgs {
  if (!a || typeof a !== 'object') return false;
  const o = a as Record<string, unknown>;
  return typeof o.uri === 'string' && isIndex(o.line) && isIndex(o.start) && isIndex(o.end) && o.end > o.start &&
    typeof o.text === 'string' && typeof o.target === 'string';
}

/** What `idsmith.copyText` resolves to (besides `cancelled` and `failed`, see shared/outcome.ts). */
export interface CopiedResult {
  status: 'copied';
  text: string;
}

/** What `idsmith.convertAt` resolves to (besides `cancelled` and `failed`). */
export interface ConvertedAtResult {
  status: 'converted';
  target: string;
  /** The text that replaced the ID. */
  text: string;
}

async function copyText(value: unknown): Promise<CopiedResult> {
  if (typeof value !== 'string') throw new CommandFailure('INVALID_ARGUMENT', 'idsmith.copyText expects the text to copy as its argument.');
  await vscode.env.clipboard.writeText(value);
  vscode.window.setStatusBarMessage(`Idsmith: copied ${value.length > 60 ? `${value.slice(0, 57)}…` : value}`, 3000);
  return { status: 'copied', text: value };
}

/** Replaces the ID at the given place with `convert(text, target)`; one edit, one undo step. */
async function convertAt(args: unknown): Promise<ConvertedAtResult> {
  if (!isConvertAtArgs(args)) throw new CommandFailure('INVALID_ARGUMENT', 'idsmith.convertAt expects { uri, line, start, end, text, target }.');
  let converted: string;
  try {
    converted = convert(args.text, args.target);
  } catch (e) {
    throw new CommandFailure('INVALID_ARGUMENT', `cannot convert ${args.text} to ${args.target}: ${errorMessage(e)}`);
  }
  const uri = vscode.Uri.parse(args.uri, true);
  if (!isEditable(uri)) throw new CommandFailure('READ_ONLY', readOnlyMessage(uri, `${args.text} was not converted`));
  const document = await vscode.workspace.openTextDocument(uri);
  const range = new vscode.Range(args.line, args.start, args.line, args.end);
  if (args.line >= document.lineCount || document.getText(range) !== args.text) {
    throw new CommandFailure('EDIT_FAILED', `${args.text} is no longer at that place in the document; hover the ID again to convert it.`);
  }
  const outcome = await applyEdits(document, document.version, [{ range, text: converted }]);
  if (outcome === 'stale') throw new CommandFailure('EDIT_FAILED', `the document changed; ${args.text} was not converted. Hover the ID again.`);
  if (outcome === 'refused') throw new CommandFailure('READ_ONLY', `could not edit ${uri.path.split('/').pop() ?? 'the document'} (is it read-only?).`);
  return { status: 'converted', target: args.target, text: converted };
}

export function registerLinkCommands(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(Commands.copyText, command(copyText)),
    vscode.commands.registerCommand(Commands.convertAt, command(convertAt)),
  );
}
