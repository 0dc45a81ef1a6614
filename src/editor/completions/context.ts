import * as vscode from 'vscode';
import { checkFormatOf, csvSlot, labelOf, lineSlot, scan, sqlSlot } from '../../core';
import type { ValueSlot } from '../../core';
import { wordsFor, type KindWord } from './words';

// What the cursor asks for, from the text of its line (and, in SQL, of its statement): a kind's
// name being typed, or the start of an empty value of a key. Everything here is cheap: it runs
// on every keystroke of every file, and most of the time it finds nothing.

export type Ask =
  | { type: 'words'; words: KindWord[]; range: vscode.Range }
  | { type: 'slot'; slot: ValueSlot; idName: boolean };

/** Text read either side of the cursor on its line: more than any key, value or kind name. */
const AROUND = 256;
/** SQL: lines searched upwards for the INSERT a value belongs to, and the text read at most. */
const SQL_LINES = 2000;
const SQL_CHARS = 1024 * 1024;
/** CSV: the most of a line read for counting its fields. */
const CSV_CHARS = 64 * 1024;

// Names that say "an ID": `id`, `uuid`, `user_id`, `orderId`, `parent-uuid`, `ownerULID`.
const ID_NAME = /^(?:id|_id|uid|pk|guid|uuid|ulid|ksuid|xid|tsid|tid|cuid2?|oid|objectid|typeid|snowflake|nanoid)$/i;
const ID_SUFFIX = /(?:[_.\- ](?:id|uid|guid|uuid|ulid|ksuid|oid)|[a-z0-9](?:Id|ID|Uid|UID|Guid|GUID|Uuid|UUID|Ulid|ULID|Oid|OID))$/;

/** Whether a key or column name says it holds IDs (the check's labels included: `order_ulid`). */
export function idLikeName(name: string | undefined): boolean {
  return name !== undefined && (ID_NAME.test(name) || ID_SUFFIX.test(name) || labelOf(name) !== undefined);
}

/** The kind word ending at the cursor, if it starts there a word (not `guidance`, `fluid`, `obj.uuid`). */
function typedWord(before: string, after: string): string | undefined {
  const m = /[A-Za-z][A-Za-z0-9]*$/.exec(before);
  if (!m) return undefined;
  if (/^[\w$]/.test(after)) return '';
  const prev = before[m.index - 1];
  return prev !== undefined && /[\w$.\-]/.test(prev) ? '' : m[0];
}

export function askAt(document: vscode.TextDocument, position: vscode.Position): Ask | undefined {
  const line = document.lineAt(position.line).text;
  const ch = position.character;
  const before = line.slice(Math.max(0, ch - AROUND), ch);
  const after = line.slice(ch, ch + AROUND);
  const word = typedWord(before, after);
  if (word !== undefined) {
    // Inside or after another word: never offered (an ID key's value never starts mid-word either).
    if (word === '') return undefined;
    const words = wordsFor(word);
    return words.length > 0 ? { type: 'words', words, range: new vscode.Range(position.line, ch - word.length, position.line, ch) } : undefined;
  }
  const format = checkFormatOf(document.uri.path, document.languageId);
  let slot: ValueSlot | undefined;
  if (format === 'sql') slot = sqlSlotAt(document, position, before, after);
  if (format === 'csv' || format === 'tsv') slot = csvSlotAt(document, position, line, format === 'csv' ? ',' : '\t');
  slot ??= lineSlot(before, after);
  if (!slot || (slot.key === undefined && slot.path === undefined)) return undefined;
  return { type: 'slot', slot, idName: idLikeName(slot.key) };
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

function csvSlotAt(document: vscode.TextDocument, position: vscode.Position, line: string, delimiter: string): ValueSlot | undefined {
  if (position.line === 0 || position.character > CSV_CHARS) return undefined;
  const first = document.lineAt(0).text;
  // The check's rule: a first row without any ID in it is a header naming the columns.
  const header = first.length <= CSV_CHARS && scan(first).length === 0 ? first : undefined;
  return csvSlot(header, line.slice(0, position.character), line.slice(position.character), delimiter);
}
