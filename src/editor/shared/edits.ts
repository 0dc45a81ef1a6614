import * as vscode from 'vscode';

// The one way Idsmith changes a document: every replacement of a user action in one edit (one
// undo step, all or nothing), applied only if the document is still the version the offsets
// were computed for, with multi-line text written in the document's line breaks and indented
// like the line it lands on. Commands (insert, convert, bounds, hover links) apply through
// here; code actions and quick fixes build their edit here.

export interface Replacement {
  range: vscode.Range;
  text: string;
}

/** How an edit ended: `stale` when the document changed since the offsets were computed. */
export type EditOutcome = 'applied' | 'stale' | 'refused';

export function eolOf(document: vscode.TextDocument): string {
  return document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
}

/** The whitespace a line starts with, so continuation lines line up with the first. */
export function indentationAt(document: vscode.TextDocument, line: number): string {
  const text = document.lineAt(line).text;
  return text.slice(0, text.length - text.trimStart().length);
}

/** `text` (written with `\n`) in the document's line breaks, continuation lines indented like `line`. */
export function fitText(document: vscode.TextDocument, line: number, text: string): string {
  if (!text.includes('\n')) return text;
  return text.split('\n').join(eolOf(document) + indentationAt(document, line));
}

/** One WorkspaceEdit with every replacement, for a code action or `applyEdits`. */
export function replacementsEdit(document: vscode.TextDocument, reps: readonly Replacement[]): vscode.WorkspaceEdit {
  const edit = new vscode.WorkspaceEdit();
  for (const r of reps) edit.replace(document.uri, r.range, r.text);
  return edit;
}

/**
 * Applies `reps` as one undoable edit if `document` is still at `version` (re-checked here, after
 * whatever the caller awaited); `stale` without touching it otherwise. VS Code applies an edit
 * atomically, so `refused` also means the text is as it was.
 */
export async function applyEdits(document: vscode.TextDocument, version: number, reps: readonly Replacement[]): Promise<EditOutcome> {
  if (document.isClosed || document.version !== version) return 'stale';
  const applied = await vscode.workspace.applyEdit(replacementsEdit(document, reps));
  if (applied) return 'applied';
  return document.version === version ? 'refused' : 'stale';
}
