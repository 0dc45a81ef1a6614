import * as vscode from 'vscode';
import { blockLines, blockText, type BlockSite } from './block';

// The one way Idsmith changes a document: every replacement of a user action in one edit (one
// undo step, all or nothing), applied only if the document is still the version the offsets
// were computed for. A block of several lines goes through `blockReplacement`, which writes it
// on lines of its own, in the document's line breaks, indented like the line it lands on, and
// never changes the text around it (the rule is in block.ts). Commands (insert, convert,
// bounds, hover links) apply through here; code actions and quick fixes build their edit here.

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

/** Where a block would land if it replaced `range`: the text around it and the line's layout. */
export function blockSite(document: vscode.TextDocument, range: vscode.Range): BlockSite {
  return {
    before: document.lineAt(range.start.line).text.slice(0, range.start.character),
    after: document.lineAt(range.end.line).text.slice(range.end.character),
    empty: range.isEmpty,
    indent: indentationAt(document, range.start.line),
    eol: eolOf(document),
  };
}

/**
 * `text` (lines written with `\n`) replacing `range` as a block on lines of its own, wherever
 * the range is: after a line break when text precedes it on its line, followed by one when text
 * follows, every line indented like the range's line, in the document's line breaks; nothing
 * around the range changes. Text of one line replaces the range as it is. Every command that
 * writes several lines (bounds, listings) goes through here, snippets through `blockSnippet`.
 */
export function blockReplacement(document: vscode.TextDocument, range: vscode.Range, text: string): Replacement {
  if (!/[\r\n]/.test(text)) return { range, text };
  const block = blockText(blockLines(text), blockSite(document, range));
  const start = block.shift === 0 ? range.start : range.start.translate(0, block.shift);
  return { range: block.shift === 0 ? range : new vscode.Range(start, start), text: block.text };
}

/**
 * A snippet body of several lines (`\n`-separated, with its `$1`/`${2:…}` placeholders) placed by
 * the same rule, for `editor.insertSnippet(snippet, range)`. The snippet's insertion indents its
 * lines like the line they land on and writes the document's line breaks, so the body gets only
 * the line breaks the rule adds (which need no snippet escaping).
 */
export function blockSnippet(document: vscode.TextDocument, range: vscode.Range, body: string): { range: vscode.Range; snippet: vscode.SnippetString } {
  const lines = blockLines(body);
  const block = lines.length > 1 ? blockText(lines, blockSite(document, range), true) : { text: body, shift: 0 };
  const start = range.start.translate(0, block.shift);
  return { range: block.shift === 0 ? range : new vscode.Range(start, start), snippet: new vscode.SnippetString(block.text) };
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
