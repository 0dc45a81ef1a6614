// What the CLI writes for people never carries raw terminal controls from its input: an
// `\x1b]0;…\x07` in a log line must not retitle the terminal, a U+202E must not reorder what
// is shown. One quoting helper caps and escapes every piece of input a message repeats.
import { grouped } from '../core/grouped';

/** C0 (tab and newline included), DEL, C1, and the bidi overrides, embeddings and isolates. */
const CONTROL = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same but keeping tab, CR and newline: for whole lines copied to a terminal. */
const CONTROL_IN_LINES = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** What JSON.stringify leaves raw but a terminal would act on. */
const CONTROL_IN_JSON = /[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function escapeChar(c: string): string {
  const code = c.charCodeAt(0);
  switch (c) {
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
    case '\t':
      return '\\t';
  }
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

/** Text for a terminal: every control and bidi character written as a visible escape. */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, escapeChar);
}

/** Whole lines for a terminal: as `escapeControls`, but tab and line ends stay as they are. */
export function escapeControlsInLines(text: string): string {
  return text.replace(CONTROL_IN_LINES, escapeChar);
}

/** JSON text safe to print: the same value, with DEL, C1 and bidi characters as \u escapes. */
export function safeJson(json: string): string {
  return json.replace(CONTROL_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** How much of an input any message quotes. */
export const QUOTE_MAX = 80;

/**
 * Input as a message quotes it: in single quotes, controls escaped, cut after QUOTE_MAX
 * characters with the full length said. `length` is the input's real length when only its
 * start was kept.
 */
export function quote(text: string, length = text.length): string {
  if (length <= QUOTE_MAX && text.length <= QUOTE_MAX) return `'${escapeControls(text)}'`;
  return `'${escapeControls(text.slice(0, QUOTE_MAX))}'… (${grouped(length)} characters)`;
}
