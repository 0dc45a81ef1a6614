import * as vscode from 'vscode';
import { arraySlot, checkFormatOf, csvSlot, labelOf, lineSlot, scan, sequenceSlot, sqlSlot } from '../../core';
import type { ValueSlot } from '../../core';

// The key or column whose value starts at a cursor (core valueSlot.ts reads the text), for
// completions and for Insert ID, from the cursor's line, the statement of a SQL INSERT, or a
// CSV file's header: never from the whole document.

/** Text read either side of the cursor on its line: more than any key or value. */
const AROUND = 256;
/** SQL: lines searched upwards for the INSERT a value belongs to, and the text read at most. */
const SQL_LINES = 2000;
const SQL_CHARS = 1024 * 1024;
/** CSV: the most of a line read for counting its fields. */
const CSV_CHARS = 64 * 1024;
/** Arrays written an element a line, and YAML lists: lines read above and below the cursor for the other elements. */
const ARRAY_LINES = 200;

// Names that say "an ID": `id`, `uuid`, `user_id`, `orderId`, `parent-uuid`, `ownerULID`.
const ID_NAME = /^(?:id|_id|uid|pk|guid|uuid|ulid|ksuid|xid|tsid|tid|cuid2?|oid|objectid|typeid|snowflake|nanoid)$/i;
// After a separator in any case (`user_id`, `USER_ID`, `Order-Id`); glued to a word, only as camelCase shows it.
const ID_SUFFIX = /[_.\- ](?:id|uid|guid|uuid|ulid|ksuid|oid)$/i;
const ID_CAMEL_SUFFIX = /[a-z0-9](?:Id|ID|Uid|UID|Guid|GUID|Uuid|UUID|Ulid|ULID|Oid|OID)$/;

/** Whether a key or column name says it holds IDs (the check's labels included: `order_ulid`). */
export function idLikeName(name: string | undefined): boolean {
  return name !== undefined && (ID_NAME.test(name) || ID_SUFFIX.test(name) || ID_CAMEL_SUFFIX.test(name) || labelOf(name) !== undefined);
}

/**
 * The empty value of a key or column that starts at `position` (`"id": "|"`, a SQL VALUES
 * position, an empty CSV field, an array element or YAML list item beside others); with `end`,
 * the value that a selection from `position` to `end` would replace. Reads the line (and in SQL
 * the statement, in an array or list the lines to its ends) only.
 */
export function slotAt(document: vscode.TextDocument, position: vscode.Position, end = position): ValueSlot | undefined {
  const line = document.lineAt(position.line).text;
  const before = line.slice(Math.max(0, position.character - AROUND), position.character);
  const after = document.lineAt(end.line).text.slice(end.character, end.character + AROUND);
  const format = checkFormatOf(document.uri.path, document.languageId);
  let slot: ValueSlot | undefined;
  if (format === 'sql') slot = sqlSlotAt(document, position, before, after);
  if (format === 'csv' || format === 'tsv') slot = csvSlotAt(document, position, line, after, format === 'csv' ? ',' : '\t');
  slot ??= lineSlot(before, after) ?? arraySlot(before, after, lines(document, position.line - 1, -1), lines(document, end.line + 1, 1));
  // A YAML list written an item a line (`- `): the same, read by indentation. Only in YAML, where
  // `- ` is no Markdown bullet.
  if (format === 'yaml') slot ??= sequenceSlot(before, after, lines(document, position.line - 1, -1), lines(document, end.line + 1, 1));
  return slot && (slot.key !== undefined || slot.path !== undefined || slot.siblings !== undefined) ? slot : undefined;
}

/** The document's lines from `from` on in direction `step`, as far as they are asked for (ARRAY_LINES at most). */
function* lines(document: vscode.TextDocument, from: number, step: 1 | -1): Generator<string> {
  for (let l = from, n = 0; l >= 0 && l < document.lineCount && n < ARRAY_LINES; l += step, n++) {
    const text = document.lineAt(l).text;
    yield text.length > AROUND * 4 ? text.slice(0, AROUND * 4) : text;
  }
}

function sqlSlotAt(document: vscode.TextDocument, position: vscode.Position, before: string, after: string): ValueSlot | undefined {
  if (!/[(,]\s*['"]?$/.test(before)) return undefined;
  let chars = 0;
  for (let l = position.line; l >= 0 && l > position.line - SQL_LINES && chars < SQL_CHARS; l--) {
    const text = document.lineAt(l).text;
    chars += text.length + 1;
    if (/^\s*insert\b/i.test(text)) {
      const statement = document.getText(new vscode.Range(l, 0, position.line, position.character));
      return sqlSlot(statement, after);
    }
  }
  return undefined;
}

function csvSlotAt(document: vscode.TextDocument, position: vscode.Position, line: string, after: string, delimiter: string): ValueSlot | undefined {
  if (position.line === 0 || position.character > CSV_CHARS) return undefined;
  const first = document.lineAt(0).text;
  // The check's rule: a first row without any ID in it is a header naming the columns.
  const header = first.length <= CSV_CHARS && scan(first).length === 0 ? first : undefined;
  return csvSlot(header, line.slice(0, position.character), after, delimiter);
}
