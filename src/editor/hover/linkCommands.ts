import * as vscode from 'vscode';
import { applyEdits } from '../shared/edits';
import { convert } from '../../core';
import { Commands } from '../shared/commands';
import { errorMessage } from '../shared/outcome';
import { isEditable } from '../shared/writable';

// The internal commands behind hover links. Their arguments arrive from a markdown link, so
// they are validated like user input, and the edit re-checks the document first: the hover may
// be stale by the time the link is clicked.

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

async function copyText(value: unknown): Promise<boolean> {
  if (typeof value !== 'string') {
    void vscode.window.showErrorMessage('Idsmith: idsmith.copyText expects the text to copy as its argument.');
    return false;
  }
  await vscode.env.clipboard.writeText(value);
  vscode.window.setStatusBarMessage(`Idsmith: copied ${value.length > 60 ? `${value.slice(0, 57)}…` : value}`, 3000);
  return true;
}

/** Replaces the ID at the given place with `convert(text, target)`; one edit, one undo step. */
async function convertAt(args: unknown): Promise<boolean> {
  if (!isConvertAtArgs(args)) {
    void vscode.window.showErrorMessage('Idsmith: idsmith.convertAt expects { uri, line, start, end, text, target }.');
    return false;
  }
  let converted: string;
  try {
    converted = convert(args.text, args.target);
  } catch (e) {
    void vscode.window.showErrorMessage(`Idsmith: cannot convert ${args.text} to ${args.target}: ${errorMessage(e)}`);
    return false;
  }
  const uri = vscode.Uri.parse(args.uri, true);
  if (!isEditable(uri)) {
    void vscode.window.showWarningMessage(`Idsmith: ${uri.path.split('/').pop() || uri.toString()} is read-only; ${args.text} was not converted.`);
    return false;
  }
  const document = await vscode.workspace.openTextDocument(uri);
  const range = new vscode.Range(args.line, args.start, args.line, args.end);
  if (args.line >= document.lineCount || document.getText(range) !== args.text) {
    void vscode.window.showWarningMessage(`Idsmith: ${args.text} is no longer at that place in the document; hover the ID again to convert it.`);
    return false;
  }
  const outcome = await applyEdits(document, document.version, [{ range, text: converted }]);
  if (outcome === 'stale') void vscode.window.showWarningMessage(`Idsmith: the document changed; ${args.text} was not converted. Hover the ID again.`);
  if (outcome === 'refused') void vscode.window.showErrorMessage(`Idsmith: could not edit ${uri.path.split('/').pop() ?? 'the document'} (is it read-only?).`);
  return outcome === 'applied';
}

export function registerLinkCommands(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(Commands.copyText, copyText),
    vscode.commands.registerCommand(Commands.convertAt, convertAt),
  );
}
