import * as vscode from 'vscode';
import { InsertFailure } from './result';
import { isEditable, readOnlyMessage } from '../shared/writable';
import type { Replacement } from '../shared/edits';

// Applying IDs to an editor: one edit for every selection (one undo step, all or nothing), and
// cursors placed after what was inserted. The one edit that goes through the editor rather than
// shared/edits.ts's applyEdits, because it also moves the cursors (its EOL and indentation
// helpers are shared/edits.ts's).

export type { Replacement } from '../shared/edits';
export { eolOf, indentationAt } from '../shared/edits';

export function activeEditor(): vscode.TextEditor {
  const editor = vscode.window.activeTextEditor;
  if (!editor) throw new InsertFailure('NO_EDITOR', 'Open a text editor and place the cursor where the ID should go.');
  return editor;
}

/** Refuses early, before any prompt, by the rule every Idsmith editing command shares. */
export function assertWritable(editor: vscode.TextEditor): void {
  const uri = editor.document.uri;
  if (!isEditable(uri)) {
    throw new InsertFailure('READ_ONLY', readOnlyMessage(uri, 'nothing was inserted'));
  }
}

/** Selections top to bottom, left to right: the order time-ordered IDs must ascend in. */
export function selectionsInOrder(editor: vscode.TextEditor): vscode.Selection[] {
  return [...editor.selections].sort((a, b) => a.start.compareTo(b.start));
}


/**
 * Replaces every range in one edit. `reps` must be in document order and not overlap (VS Code
 * merges overlapping selections, and scanner matches don't overlap). With `moveCursors`, each
 * replacement gets an empty cursor at its end.
 */
export async function applyReplacements(
  editor: vscode.TextEditor,
  reps: readonly Replacement[],
  versionAtStart: number,
  moveCursors: boolean,
): Promise<void> {
  const document = editor.document;
  if (document.version !== versionAtStart) {
    throw new InsertFailure('EDIT_FAILED', 'The document changed while the IDs were being prepared; nothing was inserted. Run the command again.');
  }
  // Offsets are taken before the edit; each later one moves by what the earlier ones added.
  const ends: number[] = [];
  let shift = 0;
  for (const r of reps) {
    const start = document.offsetAt(r.range.start);
    const end = document.offsetAt(r.range.end);
    ends.push(start + shift + r.text.length);
    shift += r.text.length - (end - start);
  }
  // VS Code carries every cursor through every replacement of an edit; with thousands of
  // cursors that dominated the time (measured: 10,000 cursors, several times slower). One
  // cursor during the edit, then the final cursors in one assignment, does the same job.
  // An undo step remembers the cursors it started with, which would be that one cursor: so a
  // change-nothing edit opens the step while every cursor is still in place, and the real edit
  // joins it (no undo stop between them). Undo then gives every cursor back, as after typing.
  const before = editor.selections;
  const collapse = moveCursors && before.length > 1;
  if (collapse) {
    await editor.edit((b) => b.replace(reps[0]!.range.start, ''), { undoStopBefore: true, undoStopAfter: false });
    // That await let the user type: the offsets are only good for the version they came from.
    if (document.version !== versionAtStart) {
      throw new InsertFailure('EDIT_FAILED', 'The document changed while the IDs were being inserted; nothing was inserted. Run the command again.');
    }
    editor.selections = [new vscode.Selection(reps[0]!.range.start, reps[0]!.range.start)];
  }
  const ok = await editor.edit(
    (b) => {
      for (const r of reps) b.replace(r.range, r.text);
    },
    { undoStopBefore: !collapse, undoStopAfter: true },
  );
  if (!ok) {
    if (moveCursors && document.version === versionAtStart) editor.selections = before;
    // The edit is atomic: false means the document is exactly as it was.
    if (document.version === versionAtStart) {
      throw new InsertFailure('READ_ONLY', 'The editor is read-only (or refused the edit); nothing was inserted.');
    }
    throw new InsertFailure('EDIT_FAILED', 'The document changed while the IDs were being inserted; nothing was inserted. Run the command again.');
  }
  if (moveCursors) {
    editor.selections = ends.map((o) => {
      const p = document.positionAt(o);
      return new vscode.Selection(p, p);
    });
  }
}
