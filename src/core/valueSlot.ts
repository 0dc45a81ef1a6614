import { readCsv } from './check/csv';
import { SqlReader } from './check/sql';
import { assignedKey, type Quote } from './conventions';

// Where a value is about to be written: the cursor at the start of an empty value of a key or a
// column (`"id": "|"`, `user_id: '|'`, `VALUES ('…', |`, an empty CSV field). Completions offer
// an ID there of the kind that key already holds (see conventions.ts). Each reader looks only at
// the text it is given (a line, or one SQL statement), never at the whole document.

export interface ValueSlot {
  /** The key or column name, when the place has one. */
  key?: string;
  /** The fixture check's path of the place where it can tell (`users (id)`, `column id`). */
  path?: string;
  /** The quote the cursor stands inside (an empty string value), or '' when none is open yet. */
  quote: Quote;
  /** The same quote closes the value right after the cursor (`"|"`): a completion may replace both. */
  closed?: true;
  /** An array element (`["01H…", "|"]`): the array's elements as written, whose kind the place wants. */
  siblings?: string;
}

const QUOTE_CHARS = new Set(['"', "'", '`']);
/** What may follow an empty value that has no quotes yet: the end of it. */
const VALUE_END = /^\s*(?:[,;)}\]]|#|\/\/|--|$)/;

/** The quote just before the cursor that opens an empty string, and the text before it. */
function openQuote(before: string, after: string): { quote: Quote; head: string; closed?: true } | undefined {
  const last = before[before.length - 1];
  if (last !== undefined && QUOTE_CHARS.has(last)) {
    // `"|"` (the editor closed it) or `"|` at the end of what is there.
    if (after.startsWith(last)) return { quote: last as Quote, head: before.slice(0, -1), closed: true };
    if (VALUE_END.test(after)) return { quote: last as Quote, head: before.slice(0, -1) };
    return undefined;
  }
  return VALUE_END.test(after) ? { quote: '', head: before } : undefined;
}

/**
 * JSON, YAML and code: the cursor starts the value of `key` (`"id": "|"`, `user_id: '|'`,
 * `userId = "|"`, `id: |`). `before`/`after` are the line's text around the cursor.
 */
export function lineSlot(before: string, after: string): ValueSlot | undefined {
  const open = openQuote(before, after);
  if (!open) return undefined;
  if (!/(?:=>|:=|[:=])\s*$/.test(open.head)) return undefined;
  const key = assignedKey(open.head);
  return key === undefined ? undefined : { key, quote: open.quote, ...(open.closed ? { closed: true as const } : {}) };
}

/** A value no SQL file holds: it marks the cursor's place in the statement given to the reader. */
const MARK = '\uE000idsmith\uE000';

/**
 * SQL: the cursor starts a value of an `INSERT … VALUES (…)` tuple. `statement` is the text from
 * the start of the INSERT (or any earlier point) to the cursor; the fixture check's SQL reader
 * says which column the position is, from the statement's column list.
 */
export function sqlSlot(statement: string, after: string): ValueSlot | undefined {
  const open = openQuote(statement, after);
  if (!open || !/[(,]\s*$/.test(open.head)) return undefined;
  let found: ValueSlot | undefined;
  const reader = new SqlReader((v, index, table, columns) => {
    if (v?.value !== MARK) return;
    const column = columns?.[index];
    found = {
      path: `${table || 'INSERT'} (${column ?? `value ${index + 1}`})`, quote: open.quote,
      ...(column !== undefined ? { key: column } : {}), ...(open.closed ? { closed: true as const } : {}),
    };
  });
  reader.read(`${open.head}'${MARK}'`, 0, true);
  return found;
}

/**
 * CSV and TSV: the cursor is in an empty field. `header` is the file's first line when it names
 * the columns (undefined when it is data); `before`/`after` the cursor's line around it.
 */
export function csvSlot(header: string | undefined, before: string, after: string, delimiter: string): ValueSlot | undefined {
  let quote: Quote = '';
  let head = before;
  if (before.endsWith('"') && (before.length === 1 || before[before.length - 2] === delimiter)) {
    quote = '"';
    head = before.slice(0, -1);
  }
  if (head !== '' && !head.endsWith(delimiter)) return undefined;
  if (!(after === '' || after.startsWith(delimiter) || (quote !== '' && after.startsWith('"')) || after === '\r')) return undefined;
  let index = 0;
  readCsv(head, delimiter, (fields) => {
    index = fields.length - 1;
  });
  if (head === '') index = 0;
  let names: string[] | undefined;
  if (header !== undefined) readCsv(header, delimiter, (fields, row) => {
    if (row === 0) names = fields.map((f) => f.value.trim());
  });
  const name = names?.[index];
  const named = name !== undefined && name !== '';
  const closed = quote !== '' && after.startsWith('"');
  return { path: `column ${named ? name : index + 1}`, quote, ...(named ? { key: name } : {}), ...(closed ? { closed: true as const } : {}) };
}

/** Brackets left open at the end of `text`, innermost last, skipping quoted strings. */
function openBrackets(text: string): { char: string; at: number }[] {
  const open: { char: string; at: number }[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (QUOTE_CHARS.has(c)) {
      const end = closingQuote(text, i);
      if (end < 0) return open;
      i = end;
    } else if (c === '[' || c === '{' || c === '(') {
      open.push({ char: c, at: i });
    } else if (c === ']' || c === '}' || c === ')') {
      open.pop();
    }
  }
  return open;
}

/** Where the string opened at `start` closes (a backslash escapes), or -1 when not on this text. */
function closingQuote(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === text[start]) return i;
  }
  return -1;
}

/** Where the array open at the start of `text` closes (its `]`), or -1 when not on this text. */
function arrayEnd(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (QUOTE_CHARS.has(c)) {
      const end = closingQuote(text, i);
      if (end < 0) return -1;
      i = end;
    } else if (c === '[' || c === '{' || c === '(') {
      depth++;
    } else if (c === ']' || c === '}' || c === ')') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** Values and commas only (`"a", 12,`): a line of an array written one element a line. */
function elementsOnly(text: string): boolean {
  let bare = '';
  for (let i = 0; i < text.length; i++) {
    if (QUOTE_CHARS.has(text[i]!)) {
      const end = closingQuote(text, i);
      if (end < 0) return false;
      i = end;
    } else {
      bare += text[i];
    }
  }
  return /^[\s\w.+-]*(?:,[\s\w.+-]*)*$/.test(bare);
}

/**
 * JSON and code: the cursor starts an element of an array, `["01H…", "|"]`, or one on a line of
 * its own in an array written an element a line. `above` holds the lines above the cursor's,
 * nearest first, and `below` those under it (a few hundred at most: the caller bounds them); they
 * are read only to the array's brackets. Its `siblings` are the array's elements as written, and
 * its `key` the name the array is assigned to (`"ids": [`), when it has one.
 */
export function arraySlot(before: string, after: string, above: Iterable<string> = [], below: Iterable<string> = []): ValueSlot | undefined {
  const open = openQuote(before, after);
  if (!open) return undefined;
  const rest = open.closed ? after.slice(1) : after;
  const closed = open.closed ? { closed: true as const } : {};
  const brackets = openBrackets(open.head);
  const inner = brackets[brackets.length - 1];
  if (inner !== undefined) {
    // The array opens on this line: the cursor follows its `[` or a `,` within it.
    if (inner.char !== '[' || !/[[,]\s*$/.test(open.head)) return undefined;
    const tail = rest + '\n' + [...below].join('\n');
    const end = arrayEnd(tail);
    const siblings = open.head.slice(inner.at) + open.quote + (open.closed ? open.quote : '') + (end < 0 ? rest : tail.slice(0, end + 1));
    return withKey({ quote: open.quote, siblings, ...closed }, open.head.slice(0, inner.at));
  }
  // An element on a line of its own: only elements above it, up to the line that opens the array.
  if (!elementsOnly(open.head) || !/(?:^|,)\s*$/.test(open.head)) return undefined;
  const lines: string[] = [];
  for (const line of above) {
    const bracket = openBrackets(line);
    const last = bracket[bracket.length - 1];
    if (last !== undefined) {
      if (last.char !== '[' || !elementsOnly(line.slice(last.at + 1))) return undefined;
      lines.unshift(line.slice(last.at));
      const tail: string[] = [];
      for (const l of below) {
        if (/^\s*]/.test(l)) break;
        if (!elementsOnly(l)) break;
        tail.push(l);
      }
      const siblings = [...lines, open.head + open.quote + (open.closed ? open.quote : '') + rest, ...tail].join('\n');
      return withKey({ quote: open.quote, siblings, ...closed }, line.slice(0, last.at));
    }
    if (!elementsOnly(line)) return undefined;
    lines.unshift(line);
  }
  return undefined;
}

/** The slot with the name the array is assigned to, read from the text before its `[`. */
function withKey(slot: ValueSlot, beforeBracket: string): ValueSlot {
  const key = /(?:=>|:=|[:=])\s*$/.test(beforeBracket) ? assignedKey(beforeBracket) : undefined;
  return key === undefined ? slot : { key, ...slot };
}

/** A YAML block sequence's item (`  - ` and its value), its indentation and what follows the dash. */
const SEQUENCE_ITEM = /^(\s*)-[ \t]+(.*)$/;
/** An item's value that starts something other than a scalar: a mapping (`key: …`), a nested sequence, a flow collection or a block scalar. */
const NOT_SCALAR = /^(?:-(?:\s|$)|[[{|>]|(?:"[^"]*"|'[^']*'|[^\s#'"][^#]*?)\s*:(?:\s|$))/;

function indentOf(line: string): number {
  return /^\s*/.exec(line)![0].length;
}

/** Nothing a reader of the sequence needs: a blank line or a comment. */
function skippable(line: string): boolean {
  return /^\s*(?:#.*)?$/.test(line);
}

/** The line is an item of the sequence whose dashes stand at `indent`, and holds a scalar (or nothing yet). */
function scalarItem(line: string, indent: number): boolean {
  const m = SEQUENCE_ITEM.exec(line) ?? /^(\s*)-()$/.exec(line);
  return m !== null && m[1]!.length === indent && !NOT_SCALAR.test(m[2]!);
}

/**
 * YAML: the cursor starts an item of a block sequence, `  - |`, below or above other `- ` items
 * of the same indentation (as `arraySlot` reads a JSON array). `above` holds the lines above the
 * cursor's, nearest first, and `below` those under it; they are read only to the sequence's
 * ends. Its `siblings` are the sequence's items as written, and its `key` the name of the
 * mapping entry that holds it (`ids:`), when it has one. Undefined when an item is not a scalar
 * (a sequence of mappings: the next item is one more) or no sibling or key says what it holds.
 */
export function sequenceSlot(before: string, after: string, above: Iterable<string> = [], below: Iterable<string> = []): ValueSlot | undefined {
  const open = openQuote(before, after);
  if (!open) return undefined;
  const item = SEQUENCE_ITEM.exec(open.head);
  if (!item || item[2] !== '') return undefined;
  const indent = item[1]!.length;
  const rest = open.closed ? after.slice(1) : after;
  const closed = open.closed ? { closed: true as const } : {};
  const lines: string[] = [];
  let parent: string | undefined;
  for (const line of above) {
    if (skippable(line)) continue;
    if (scalarItem(line, indent)) {
      lines.unshift(line);
      continue;
    }
    if (withinItems(line, indent)) return undefined;
    parent = line;
    break;
  }
  const tail: string[] = [];
  for (const line of below) {
    if (skippable(line)) continue;
    if (scalarItem(line, indent)) {
      tail.push(line);
      continue;
    }
    if (withinItems(line, indent)) return undefined;
    break;
  }
  const slot: ValueSlot = { quote: open.quote, siblings: [...lines, open.head + open.quote + (open.closed ? open.quote : '') + rest, ...tail].join('\n'), ...closed };
  const others = lines.length + tail.length > 0;
  if (parent === undefined) return others ? slot : undefined;
  // The entry that holds the sequence: `ids:` (or `- ids:` in a sequence of mappings), with no value on its line.
  const owner = parent.replace(/\s+#.*$/, '').replace(/^(\s*)(?:-\s+)+/, '$1');
  if (!/:\s*$/.test(owner)) return undefined;
  const keyed = withKey(slot, owner);
  return others || keyed.key !== undefined ? keyed : undefined;
}

/** A line of the sequence that is no scalar item: an item holding a mapping or more, or a line inside one. */
function withinItems(line: string, indent: number): boolean {
  const at = indentOf(line);
  return at > indent || (at === indent && SEQUENCE_ITEM.test(line));
}
