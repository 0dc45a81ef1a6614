import * as vscode from 'vscode';

/** Scheme of Idsmith's read-only Inspect card (a content-provider document). */
export const INSPECT_SCHEME = 'idsmith-inspect';

// Schemes that are editable without a file system behind them.
// The SCM commit box and comment inputs take IDs too (a commit message naming a record).
const EDITABLE_WITHOUT_FS = new Set(['untitled', 'vscode-notebook-cell', 'vscode-interactive-input', 'vscode-scm', 'comment']);

/**
 * Whether Idsmith may edit a document. The editor API accepts edits to read-only file systems
 * and to content-provider documents (the Inspect card, git's old versions, output views) alike,
 * leaving text that can never be saved; so a document is editable only when a writable file
 * system serves it, or it is one of the scratch schemes above.
 */
export function isEditable(uri: vscode.Uri): boolean {
  if (EDITABLE_WITHOUT_FS.has(uri.scheme)) return true;
  return uri.scheme !== INSPECT_SCHEME && vscode.workspace.fs.isWritableFileSystem(uri.scheme) === true;
}

/** What every editing command says of a document it must not touch (a `READ_ONLY` failure's
 *  message; `showFailure` puts the `Idsmith:` in front of it). */
export function readOnlyMessage(uri: vscode.Uri, nothing: string): string {
  const name = uri.path.split('/').pop() || uri.toString();
  return `${name} is read-only; ${nothing}.`;
}

/** Command arguments come from keybindings.json, links and other extensions: only a plain
 *  object counts, anything else (null, numbers, strings, arrays) is treated as malformed. */
export function isArgsObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
