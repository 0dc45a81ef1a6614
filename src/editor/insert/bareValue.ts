import * as vscode from 'vscode';
import { checkFormatOf, type GenKind } from '../../core';
import { slotAt } from '../shared/valueSlot';
import type { Decoration } from './spelling';

// An ID inserted with `idsmith.insert.quote: none` where a value has not been started yet
// (`"id": |` in JSON, `VALUES (|` in SQL) would leave the file invalid: a bare ULID is neither a
// JSON value nor an SQL literal. There the insert adds the quotes the place needs, as a
// completion does; anywhere else `none` means none.

/** The decoration for one cursor: `decoration`, or double/single quotes at a bare JSON/SQL value. */
export function decorationAt(document: vscode.TextDocument, selection: vscode.Selection, kind: GenKind, decoration: Decoration): Decoration {
  if (decoration.quote !== 'none' || decoration.template !== undefined) return decoration;
  const format = checkFormatOf(document.uri.path, document.languageId);
  const quote = format === 'json' || format === 'jsonl' ? 'double' : format === 'sql' && kind !== 'snowflake' ? 'single' : undefined;
  if (quote === undefined) return decoration;
  const slot = slotAt(document, selection.start, selection.end);
  return slot && slot.quote === '' ? { quote } : decoration;
}
