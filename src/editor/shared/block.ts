// The rule for writing a block of several lines into a line of text, kept free of `vscode` so it
// can be tested on its own (test/unit/block.test.ts); edits.ts applies it to documents.
//
// A block (bounds with their comments, a listing, a snippet of SQL) is whole lines: written at
// the cursor as it is, its first line would glue onto the text before the cursor and its last
// line onto the text after it, and a trailing `-- comment` line would swallow the code it lands
// on. So a block always starts and ends on its own lines, wherever the cursor is, and the
// existing text is never changed (only a selection the block replaces goes away):
//   - text before the cursor on its line (other than indentation): a line break first;
//   - text after it on its line: a line break after the block, re-indented like the line;
//   - only blanks after an empty cursor: the block goes after them, at the end of the line, so
//     they stay where they were instead of becoming a line of their own;
//   - every line of the block is indented like the line it lands on.

export interface BlockSite {
  /** The text of the first line before the range (the cursor or the selection's start). */
  before: string;
  /** The text of the last line after the range. */
  after: string;
  /** Whether the range is empty (a cursor, not a selection). */
  empty: boolean;
  /** The indentation of the range's first line. */
  indent: string;
  /** The document's line break. */
  eol: string;
}

export interface BlockText {
  /** What replaces the range. */
  text: string;
  /** How many characters to the right the (empty) range moves first: past trailing blanks. */
  shift: number;
}

const BLANK = /^[ \t]*$/;

/**
 * `lines` as the text that replaces a range at `site` (see the rules above). For a snippet, whose
 * insertion already indents every line after the first like the line it lands on and writes the
 * document's line breaks, `snippet` leaves both to it.
 */
export function blockText(lines: readonly string[], site: BlockSite, snippet = false): BlockText {
  const atLineEnd = site.empty && site.after !== '' && BLANK.test(site.after);
  const after = atLineEnd ? '' : site.after;
  const before = atLineEnd ? site.before + site.after : site.before;
  // At the indentation (or on a blank line) the block starts right there, indented by what is
  // already before it; otherwise on a new line indented like this one.
  const ownLine = BLANK.test(before);
  const eol = snippet ? '\n' : site.eol;
  const indent = snippet ? '' : ownLine ? before : site.indent;
  const lead = ownLine ? '' : eol + indent;
  const trail = after === '' ? '' : eol + indent;
  return { text: lead + lines.join(eol + indent) + trail, shift: atLineEnd ? site.after.length : 0 };
}

/** Splits a block written with `\n` (or `\r\n`) into its lines. */
export function blockLines(text: string): string[] {
  return text.split(/\r?\n/);
}
