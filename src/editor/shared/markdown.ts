// Every piece of text that reaches a hover or the inspect card goes through one of these, so a
// document can never inject markdown, HTML, links or theme icons: the line text around an ID is
// the user's (or an attacker's) file, and hovers with command links run trusted.

// CommonMark lets any ASCII punctuation be backslash-escaped; escaping all of it also defeats
// GFM autolinks (`www.`, `https:`), HTML (`<`), entities (`&`), table cells (`|`) and icons (`$(`).
const PUNCTUATION = /[!-/:-@[-`{-~]/g;
// Line breaks would end a table row or start a block; other controls have no business in a hover.
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/g;

/** Plain text, rendered literally. */
export function text(value: string): string {
  return value.replace(CONTROL, ' ').replace(PUNCTUATION, '\\$&');
}

// The characters IDs and our own values are written in; anything else is not put in a code span,
// because a backtick or a pipe inside one would end the span or the table cell.
const CODE_SAFE = /^[A-Za-z0-9_\-{}():.+/=, ]+$/;

/** A value in monospace when that is safe, otherwise as escaped plain text. */
export function code(value: string): string {
  return CODE_SAFE.test(value) ? `\`${value}\`` : text(value);
}

/** A `command:` link. Arguments are JSON, fully percent-encoded so parentheses, quotes or spaces
 *  in a file URI cannot end the link destination early. */
export function commandLink(label: string, command: string, args: unknown[], tooltip?: string): string {
  const query = encodeURIComponent(JSON.stringify(args)).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const title = tooltip ? ` "${tooltip.replace(/["\\]/g, '')}"` : '';
  return `[${text(label)}](command:${command}?${query}${title})`;
}

/** One row of a two-column table (cells already rendered). */
export function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}
