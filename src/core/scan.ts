import { optionsOf, requireNumber, requireText } from './args';
import { CROCKFORD_VALUES } from './crockford';
import { FORMATS, PLAUSIBLE_FUTURE_MS } from './formats/registry';
import { CHAR, type DecodedId, type Run, type ScanContext, type ScanRule } from './formats/types';
import { parseSnowflakeEpoch } from './formats/snowflake/layouts';
import { timeKeyBefore } from './formats/plainTime';
import { ContextReader, type KeyRule, type LayoutChoice } from './formats/snowflake/context';
import type { IdKind, SnowflakeLayout } from './types';

// Finds IDs in free text (hover, inlay hints, bulk convert/regenerate). Precision matters more
// than recall: a hover on a hash or a constant that claims "ULID from 2031" is worse than no
// hover. The rules and their reasons are in docs/scanner.md; keep the two in step.
//
// One left-to-right pass over runs of word characters [A-Za-z0-9_]. Each run is classified from
// per-character flags OR-ed and AND-ed while walking it; the formats' scan rules are indexed by
// run length, so most runs are rejected by a table lookup and only candidates reach a format's
// `find` (which applies that format's plausibility rules and decodes).

export interface ScanMatch {
  kind: IdKind;
  start: number;
  end: number;
  text: string;
  decoded: DecodedId;
}

export interface ScanContextOptions {
  rules?: readonly KeyRule[];
  /** Text before the scanned text; a function is called only when a number needs it (once per scan). */
  before?: string | (() => string);
}

export interface ScanOptions {
  /** Snowflake epoch (any form `parseSnowflakeEpoch` reads); undefined/`auto` accepts a number when any preset reading is plausible. */
  epoch?: unknown;
  /**
   * Bare 17-20 digit numbers are considered only when this is not false; `context`: only those
   * with a layout (the epoch option, or one the text before them names).
   */
  snowflakes?: boolean | 'context';
  /**
   * How snowflakes without an `epoch` get a layout from the text before them (keys, parent keys,
   * URLs; see formats/snowflake/context.ts): `rules` are the user's key patterns, `before` the text that
   * precedes `text` in its document (a hover scans one line; its parent keys are above it).
   * On by default with the built-in service words; `false` turns it off.
   */
  context?: false | ScanContextOptions;
  /** Anchors "plausible time" checks; defaults to the current time. */
  now?: number;
  /**
   * Whether a key names a time, for plain time values (`created_at`, `ts`), beside the built-in
   * words: the user's `idsmith.time.keys` (see `timeKeyTest`).
   */
  timeKey?: (key: string) => boolean;
}

const { WORD, DIGIT, UPPER, LOWER, HEX, CROCK, UNDERSCORE } = CHAR;
/** The scanner's own bit (no format sees it): a byte that is no word char but needs a look. */
const SPECIAL = 128;

// 256 entries (bytes of 128 and up are no word chars): the byte loop reads it without a range check.
const FLAGS: Uint8Array = (() => {
  const t = new Uint8Array(256);
  for (let c = 48; c <= 57; c++) t[c] = WORD | DIGIT | HEX | CROCK;
  for (let c = 65; c <= 90; c++) t[c] = WORD | UPPER | (c <= 70 ? HEX : 0) | (CROCKFORD_VALUES[c] !== 255 ? CROCK : 0);
  for (let c = 97; c <= 122; c++) t[c] = WORD | LOWER | (c <= 102 ? HEX : 0) | (CROCKFORD_VALUES[c] !== 255 ? CROCK : 0);
  t[95] = WORD | UNDERSCORE;
  // Not word chars, but the scan loop must stop at them: escapes (`%2F`, `\\n`).
  t[37] = t[92] = SPECIAL;
  return t;
})();

const DASH = 45, PLUS = 43, SLASH = 47, EQUALS = 61, PERCENT = 37, BACKSLASH = 92, UNDERSCORE_CODE = 95, NEWLINE = 10;

function hexValue(c: number): number {
  return c >= 48 && c <= 57 ? c - 48 : (c | 0x20) >= 97 && (c | 0x20) <= 102 ? (c | 0x20) - 87 : -1;
}

/**
 * Length of the escape at `i` when it stands for a char that ends a run (`%2F`, `%22`, `\n`,
 * `\t`, `\u003c`), else 0: URLs and JSON strings put IDs right after such escapes
 * (`key=tenant%2F018f…`, `"failed\n018f…"`), which read as one char, not as `2F018f…`. Escapes of
 * word chars (`%41`) never come out of an encoder and are left as they are.
 */
function separatorEscape(text: string, i: number): number {
  const c = text.charCodeAt(i);
  let len: number, code: number;
  if (c === PERCENT) {
    const a = hexValue(text.charCodeAt(i + 1)), b = hexValue(text.charCodeAt(i + 2));
    if (a < 0 || b < 0) return 0;
    len = 3;
    code = a * 16 + b;
  } else if (c === BACKSLASH) {
    const e = text.charCodeAt(i + 1);
    // Only a backslash before an escape's letter is counted back, so a run of backslashes is
    // read once (counted back from each of them, 100 KB of backslashes took 11 s to scan).
    if (e !== 110 && e !== 116 && e !== 114 && e !== 117) return 0;
    // An escaped backslash (`\\n`) is no escape of `n`.
    let k = i;
    while (k > 0 && text.charCodeAt(k - 1) === BACKSLASH) k--;
    if ((i - k) % 2 === 1) return 0;
    if (e !== 117) return 2; // \n \t \r, else \uXXXX
    code = 0;
    for (let k2 = 2; k2 < 6; k2++) {
      const v = hexValue(text.charCodeAt(i + k2));
      if (v < 0) return 0;
      code = code * 16 + v;
    }
    len = 6;
  } else {
    return 0;
  }
  return code < 128 && (FLAGS[code]! & WORD) !== 0 ? 0 : len;
}
/** How far back a kind's label may stand: `"order_ulid": "` is 15 characters. */
const LABEL_WINDOW = 40;
const MAX_INDEXED = 128;

/**
 * A rule as the index holds it: the fields `tryRules` tests, in one shape for every format. Read
 * from the formats' own rule objects (a dozen shapes), each test was a megamorphic property load.
 */
interface Indexed {
  rule: ScanRule;
  kind: string;
  find: ScanRule['find'];
  next: string | undefined;
  prev: string | undefined;
  /** `rule.all`, 0 for none. */
  all: number;
  numeric: boolean;
}

function indexed(rule: ScanRule, kind: string): Indexed {
  return { rule, kind, find: rule.find, next: rule.next, prev: rule.prev, all: rule.all ?? 0, numeric: rule.numeric === true };
}

/** Shortest run that can hold `a_` + a tail + `_b` for some tail rule (computed below). */
let MIN_INNER_TAIL_RUN = MAX_INDEXED;

/** The formats' rules by run length: [plain runs, runs before `next`, runs after `prev`, tails after `_`]. */
const byLength: Indexed[][] = Array.from({ length: MAX_INDEXED }, () => []);
const byLengthNext: Indexed[][] = Array.from({ length: MAX_INDEXED }, () => []);
const byLengthPrev: Indexed[][] = Array.from({ length: MAX_INDEXED }, () => []);
/** 1 for the ASCII chars some `next` / `prev` rule waits for: one table read skips the rest. */
const nextCodes = new Uint8Array(128);
const prevCodes = new Uint8Array(128);
const byTail: Indexed[][] = Array.from({ length: MAX_INDEXED }, () => []);
/** 1 for the run lengths some plain rule (`byLength`) takes; some `next` rule; some `prev` rule. */
const plainLength = new Uint8Array(MAX_INDEXED);
const nextLength = new Uint8Array(MAX_INDEXED);
const prevLength = new Uint8Array(MAX_INDEXED);
/**
 * The same by run length and first char (`len << 7 | char`): 1 when some rule of the kind takes a
 * run of that length starting with that char (its `first`). `tailFirst` is by the length after the
 * run's last `_` and the run's first char. `innerFrom[char]`: the shortest run starting with that
 * char that can hold `a_` + a tail + `_b` for some tail rule taking that char (255: none).
 */
const plainFirst = new Uint8Array(MAX_INDEXED << 7);
const nextFirst = new Uint8Array(MAX_INDEXED << 7);
const prevFirst = new Uint8Array(MAX_INDEXED << 7);
const tailFirst = new Uint8Array(MAX_INDEXED << 7);
const innerFrom = new Uint8Array(128).fill(255);
/**
 * For plain, `next` and `prev` runs without a `_`: by run length and last char (`len << 7 |
 * char`), 1 when some rule of the kind takes a run of that length ending with that char (its
 * `last`); by run length and the flags all its chars share (`len << 7 | and`), 1 when some rule
 * of the kind has every flag it asks for (`all`) among them.
 */
const plainLast = new Uint8Array(MAX_INDEXED << 7);
const nextLast = new Uint8Array(MAX_INDEXED << 7);
const prevLast = new Uint8Array(MAX_INDEXED << 7);
const plainAnd = new Uint8Array(MAX_INDEXED << 7);
const nextAnd = new Uint8Array(MAX_INDEXED << 7);
const prevAnd = new Uint8Array(MAX_INDEXED << 7);
/** The word chars of `chars` (all of them when undefined): a rule's `first` or `last`. */
function wordChars(chars: string | undefined): number[] {
  const all: number[] = [];
  for (let c = 0; c < 128; c++) if ((FLAGS[c]! & WORD) !== 0 && (chars === undefined || chars.includes(String.fromCharCode(c)))) all.push(c);
  return all;
}
for (const f of FORMATS) {
  for (const rule of f.scan ?? []) {
    const first = wordChars(rule.first);
    const last = wordChars(rule.last);
    const asks = rule.all ?? 0;
    const entry = indexed(rule, f.id);
    for (const n of rule.runLengths ?? []) {
      (rule.next ? byLengthNext : rule.prev ? byLengthPrev : byLength)[n]!.push(entry);
      (rule.next ? nextLength : rule.prev ? prevLength : plainLength)[n] = 1;
      const table = rule.next ? nextFirst : rule.prev ? prevFirst : plainFirst;
      for (const c of first) table[(n << 7) | c] = 1;
      const lastTable = rule.next ? nextLast : rule.prev ? prevLast : plainLast;
      for (const c of last) lastTable[(n << 7) | c] = 1;
      const andTable = rule.next ? nextAnd : rule.prev ? prevAnd : plainAnd;
      for (let and = 0; and < 128; and++) if ((and & asks) === asks) andTable[(n << 7) | and] = 1;
    }
    if (rule.next) nextCodes[rule.next.charCodeAt(0) & 127] = 1;
    if (rule.prev) prevCodes[rule.prev.charCodeAt(0) & 127] = 1;
    for (const n of rule.tailLengths ?? []) {
      byTail[n]!.push(entry);
      MIN_INNER_TAIL_RUN = Math.min(MIN_INNER_TAIL_RUN, n + 4);
      for (const c of first) {
        tailFirst[(n << 7) | c] = 1;
        innerFrom[c] = Math.min(innerFrom[c]!, n + 4);
      }
    }
  }
}

/**
 * What a cut of `bytes` at `p` goes through, as the scanner reads them: -1 a run of word chars
 * (the byte before `p` is a word char outside any escape), n > 0 an escape (`%2F`, `\n`,
 * `\u003c`) that ends n bytes past `p`, 0 nothing. `idsmith scan` cuts a long line with no other
 * place to cut at `p`, and the next piece skips what the cut went through.
 */
export function cutThrough(bytes: Uint8Array, p: number): number {
  if (p <= 0 || p >= bytes.length) return 0;
  const text = latin1Of(bytes, 0, Math.min(bytes.length, p + 6));
  for (let s = Math.max(0, p - 5); s < p; s++) {
    const len = separatorEscape(text, s);
    if (len > 0 && s + len > p) return s + len - p;
    if (len > 0 && s + len === p) return 0;
  }
  return (FLAGS[bytes[p - 1]!]! & WORD) !== 0 ? -1 : 0;
}

/** Every flag a word char can have: the `and` of a run nothing is known of. */
const ALL_FLAGS = 127;

/**
 * Whether the run [start, end) of `codes` (its flags OR-ed: `or`, AND-ed: `and`) may start an
 * ID: some rule is indexed by its length (or the length after its last `_`), the char after or
 * before it, and its first char; for a run without a `_`, also its last char and the flags all
 * its chars share. `from` and `to` bound the text (a value inside a larger buffer: the checker's
 * gate). The runs it drops (most words) no rule would take; the scanner's loop, the CLI's
 * WebAssembly walker (scanRuns.wat, the same test written out, but without the last-char and
 * shared-flags tables: it keeps a few more runs, which the rules then refuse) and the checker's
 * gate drop them before anything else is done.
 */
export function keepsRun(codes: Uint8Array, start: number, end: number, or: number, and = ALL_FLAGS, from = 0, to = codes.length): boolean {
  const len = end - start;
  const c0 = codes[start]!;
  const row = (len << 7) | c0;
  const nextOk = end < to && nextCodes[codes[end]! & 127] === 1;
  const lastRow = (len << 7) | codes[end - 1]!;
  const andRow = (len << 7) | (and & ALL_FLAGS);
  const plain = (or & UNDERSCORE) === 0;
  if (start > from && prevFirst[row] === 1 && (!plain || prevLast[lastRow] === 1) && prevAnd[andRow] === 1 && prevCodes[codes[start - 1]! & 127] === 1) return true;
  if (plain) {
    return (plainFirst[row] === 1 && plainLast[lastRow] === 1 && plainAnd[andRow] === 1)
      || (nextOk && nextFirst[row] === 1 && nextLast[lastRow] === 1 && nextAnd[andRow] === 1);
  }
  let last = end - 1;
  while (codes[last] !== UNDERSCORE_CODE) last--;
  const tail = end - last - 1;
  if (tailFirst[(tail << 7) | c0] === 1 || (nextOk && nextFirst[(tail << 7) | (codes[last + 1]! & 127)] === 1)) return true;
  return c0 !== UNDERSCORE_CODE && len >= innerFrom[c0]!;
}

export interface Blob {
  start: number;
  end: number;
  base64: boolean;
}

/** No blob found yet. */
const NO_BLOB: Readonly<Blob> = { start: -1, end: -1, base64: false };

function isBlobChar(c: number): boolean {
  return (c < 128 && (FLAGS[c]! & WORD) !== 0) || c === PLUS || c === SLASH || c === DASH;
}

/**
 * The base64 char a percent escape at `i` stands for (`%2B` +, `%2F` /, `%3D` =, either case),
 * or 0: base64 in a URL (a badge, a signed link) is percent-encoded, and those escapes must not
 * split the blob into pieces that look like IDs.
 */
function escapeAt(text: string, i: number): number {
  if (text.charCodeAt(i) !== PERCENT) return 0;
  const a = text.charCodeAt(i + 1), b = text.charCodeAt(i + 2) | 0x20;
  if (a === 50) return b === 98 ? PLUS : b === 102 ? SLASH : 0; // %2B %2F
  return a === 51 && b === 100 ? EQUALS : 0; // %3D
}

/**
 * The run of base64/base64url characters around [start, end) and whether it reads as an encoded
 * blob rather than a path or key: it has a `+`, is followed by `=` padding, is 100+ chars with no
 * `/`, or is 160+ chars with a 40+ char stretch between slashes (paths of IDs are made of short
 * segments; base64 puts a `/` only every 64 chars on average). `%2B`, `%2F` and `%3D` count as
 * the chars they encode. Exported for tests (the scanner's shortcut for a whole value rests on it).
 */
export function blobAround(text: string, start: number, end: number): Blob {
  let s = start, e = end, plus = false, slash = false, segment = 0, longest = 0;
  for (;;) {
    if (s >= 3 && (escapeAt(text, s - 3) === PLUS || escapeAt(text, s - 3) === SLASH)) s -= 3;
    else if (s > 0 && isBlobChar(text.charCodeAt(s - 1))) s--;
    else break;
  }
  for (;;) {
    if (e < text.length && isBlobChar(text.charCodeAt(e))) e++;
    else if (escapeAt(text, e) === PLUS || escapeAt(text, e) === SLASH) e += 3;
    else break;
  }
  for (let i = s; i < e; i++) {
    let c = text.charCodeAt(i);
    if (c === PERCENT) {
      c = escapeAt(text, i);
      i += 2;
    }
    if (c === SLASH) {
      slash = true;
      segment = 0;
      continue;
    }
    if (c === PLUS) plus = true;
    if (++segment > longest) longest = segment;
  }
  const len = e - s;
  const padded = text.charCodeAt(e) === EQUALS || escapeAt(text, e) === EQUALS;
  const base64 = plus || padded || (len >= 100 && (!slash || (len >= 160 && longest >= 40))) || pemLine(text, s, e) || jwtPart(text, s, e);
  return { start: s, end: e, base64 };
}

/** Widths of the lines of PEM (RFC 7468: 64) and MIME (RFC 2045: 76) base64. */
const PEM_WIDTH = 64, MIME_WIDTH = 76;
const CR = 13, DOT = 46;

/**
 * Whether the blob [s, e) is a whole line of a PEM block (a certificate, a key) or of MIME base64:
 * the line after `-----BEGIN …`, or after a whole line of 64 or 76 base64 characters. One such
 * line has no `+` or `=` often enough (a KSUID was read in 6 of 5,000 certificate lines); only
 * the line before is looked at, which a scan has as context.
 */
function pemLine(text: string, s: number, e: number): boolean {
  if (s < 2 || text.charCodeAt(s - 1) !== NEWLINE) return false;
  // The line ends after the blob (a line end the text holds: a part of a file may stop here).
  const lineEnd = text.charCodeAt(e);
  if (lineEnd !== NEWLINE && lineEnd !== CR && lineEnd !== EQUALS) return false;
  let prevEnd = s - 1;
  if (text.charCodeAt(prevEnd - 1) === CR) prevEnd--;
  // The line before, looked at up to a little past the widths: a BEGIN line is shorter.
  let prevStart = prevEnd;
  while (prevStart > 0 && prevEnd - prevStart <= MIME_WIDTH && text.charCodeAt(prevStart - 1) !== NEWLINE) prevStart--;
  if (prevStart > 0 && text.charCodeAt(prevStart - 1) !== NEWLINE) return false;
  if (text.startsWith('-----BEGIN ', prevStart)) return true;
  const width = prevEnd - prevStart;
  if (width !== PEM_WIDTH && width !== MIME_WIDTH) return false;
  for (let i = prevStart; i < prevEnd; i++) if (!isBlobChar(text.charCodeAt(i))) return false;
  return true;
}

/**
 * Whether the blob [s, e) is a part of a JSON Web Token (`eyJ….….…`: header, payload and
 * signature in base64url, joined by dots; the header is JSON, so it starts `eyJ`). A signature
 * of 43 characters has no `+` or `=` (a KSUID was read in 6 of 2,000 tokens).
 */
function jwtPart(text: string, s: number, e: number): boolean {
  // The parts before the blob, nearest first: the header is at most the second one back.
  let at = s;
  for (let k = 0; k < 3; k++) {
    if (text.startsWith('eyJ', at)) return k > 0 || text.charCodeAt(e) === DOT;
    if (at < 2 || text.charCodeAt(at - 1) !== DOT) return false;
    let i = at - 1;
    while (i > 0 && isBlobChar(text.charCodeAt(i - 1))) i--;
    if (i === at - 1) return false;
    at = i;
  }
  return false;
}

/** Whether `codes[0, end)` hold a `+` or a `%` (read as bytes: a value's text is a slice of a file, slower to read char by char). */
function hasPlusOrEscape(codes: Uint8Array, end: number): boolean {
  for (let i = 0; i < end; i++) {
    const c = codes[i]!;
    if (c === PLUS || c === PERCENT) return true;
  }
  return false;
}

const backward = new WeakMap<RegExp, RegExp>();

/**
 * A label pattern `…$` as one look-behind tried only at the window's end (sticky): the same
 * answer as `label.test(window)`, without trying the pattern at each of the 40 positions (every
 * 13-char word asks whether it is a labelled TSID or TID).
 */
function backwards(label: RegExp): RegExp {
  let re = backward.get(label);
  if (re === undefined) {
    const source = label.source.endsWith('$') ? label.source.slice(0, -1) : `${label.source}[^]*`;
    re = new RegExp(`(?<=${source})`, `${label.flags.replace(/[gy]/g, '')}y`);
    backward.set(label, re);
  }
  return re;
}

/**
 * Receives each match as it is found (the CLI writes it at once). Its parts, not a `ScanMatch`:
 * a streaming caller reads the bytes, so neither the match object nor its text is made.
 */
export type MatchSink = (kind: IdKind, start: number, end: number, decoded: DecodedId) => void;

/**
 * Line ends before the match being handed to the sink (the CLI's line numbers): `count`
 * newlines in [from, its start), the last of them ending at `after` (-1 for none).
 */
export interface LineCount {
  count: number;
  after: number;
}

/**
 * The byte loop run elsewhere (the CLI's WebAssembly walker, src/cli/scanRuns.ts): from a place
 * outside any run, `walk` finds the next candidate runs starting before `to`, as the scanner's
 * own loop would, and returns their count; `records` holds five words for each: start, end,
 * `or | and << 8`, and the line ends from the scan's start (`startLines`) to it with the place
 * after the last of them (-1: none); `next` is where the walk stopped.
 */
export interface RunSource {
  startLines(): void;
  walk(from: number, to: number): number;
  readonly next: number;
  readonly records: Int32Array;
  /** The places of `{ [ } ]` in the input, in order (undefined: not listed), for the snowflake context. */
  brackets?(): Int32Array | undefined;
}

/** The scanner's tables, for a `RunSource` to drop the runs the scanner drops. */
export const RUN_TABLES = { flags: FLAGS, plainLength, nextLength, prevLength, nextCodes, prevCodes, plainFirst, nextFirst, prevFirst, tailFirst, innerFrom, maxIndexed: MAX_INDEXED } as const;

class Scanner implements ScanContext {
  matches: ScanMatch[] = [];
  sink: MatchSink | undefined;
  /** Set (by a sink) to end the scan after the match being told (`firstMatch`; the JavaScript loop only). */
  stopped = false;
  lines: LineCount | undefined;
  runs: RunSource | undefined;
  /** Where line ends were counted up to (the CLI's line numbers are counted only at matches). */
  private linePos = 0;
  /** With a `RunSource`: the line count when the scan began, and the walker's figures at the current run. */
  private linesBefore = 0;
  private afterBefore = -1;
  private walkedLines = 0;
  private walkedAfter = -1;
  /** With a `RunSource`: the run the walker handed over last (the current one, or one a match ended inside). */
  private recordStart = -1;
  private recordEnd = -1;
  codes: Uint8Array;
  text: string;
  readonly now: number;
  readonly snowflake: SnowflakeLayout | undefined;
  readonly numbers: boolean;
  readonly numbersNeedLayout: boolean;
  readonly timeKey: ((key: string) => boolean) | undefined;
  private readonly futureLimit: number;
  private readonly context: false | ScanContextOptions;
  private reader?: ContextReader;
  private beforeLength = 0;
  private blob: Blob = NO_BLOB;
  private readonly run: Run = { start: 0, end: 0, or: 0, and: 0, lastUnderscore: -1 };

  /**
   * `codes` are the UTF-8 bytes scanned; `text` is the same bytes one char per byte (latin1),
   * which the formats' rules read: offsets are byte offsets in both.
   */
  constructor(codes: Uint8Array, text: string, opts: ScanOptions) {
    this.codes = codes;
    this.text = text;
    this.now = opts.now ?? Date.now();
    this.futureLimit = this.now + PLAUSIBLE_FUTURE_MS;
    this.numbers = opts.snowflakes !== false;
    this.numbersNeedLayout = opts.snowflakes === 'context';
    this.timeKey = opts.timeKey;
    this.snowflake = this.numbers ? parseSnowflakeEpoch(opts.epoch, this.now) : undefined;
    this.context = opts.context ?? {};
  }

  /**
   * The scanner, with its options, made ready for another input (`ValueScanner`'s next value):
   * everything it read or found in the last one is forgotten, as in a new scanner.
   */
  again(codes: Uint8Array, text: string): void {
    this.codes = codes;
    this.text = text;
    this.matches = [];
    this.linePos = 0;
    this.linesBefore = 0;
    this.afterBefore = -1;
    this.walkedLines = 0;
    this.walkedAfter = -1;
    this.recordStart = -1;
    this.recordEnd = -1;
    this.reader = undefined;
    this.beforeLength = 0;
    this.blob = NO_BLOB;
    this.timeKeyStart = -1;
    this.timeKeyAnswer = false;
  }

  snowflakeAt(start: number): LayoutChoice | undefined {
    const c = this.context;
    if (c === false) return undefined;
    if (this.reader === undefined) {
      const raw = c.before === undefined ? '' : typeof c.before === 'function' ? c.before() : c.before;
      const before = raw === '' ? '' : latin1Of(utf8.encode(raw));
      this.beforeLength = before.length;
      // The walker lists the brackets of its input, which is this text when nothing comes before.
      this.reader = new ContextReader(before === '' ? this.text : before + this.text, c.rules, before === '' ? this.runs?.brackets?.() : undefined);
    }
    // Where the number's line starts, when the walker passed it (its run holds no line end).
    const lineStart = this.runs !== undefined && this.walkedAfter !== -1 && start >= this.recordStart && start <= this.recordEnd ? this.beforeLength + this.walkedAfter : undefined;
    return this.reader.at(this.beforeLength + start, lineStart);
  }

  private timeKeyStart = -1;
  private timeKeyAnswer = false;

  timeKeyAt(start: number): boolean {
    if (start !== this.timeKeyStart) {
      this.timeKeyStart = start;
      this.timeKeyAnswer = timeKeyBefore(this.text, start, this.timeKey);
    }
    return this.timeKeyAnswer;
  }

  plausibleMs(ms: number, fromMs: number): boolean {
    return ms >= fromMs && ms <= this.futureLimit;
  }

  labelled(start: number, label: RegExp): boolean {
    const window = this.text.slice(Math.max(0, start - LABEL_WINDOW), start);
    const re = backwards(label);
    re.lastIndex = window.length;
    return re.test(window);
  }

  inBase64(start: number, end: number): boolean {
    if (start < this.blob.start || end > this.blob.end) {
      // All of a short text with no `+` or escape (a value the check asks about): the blob is the
      // text and nothing marks it base64, which is `blobAround`'s answer without its walks.
      const text = this.text;
      this.blob = start === 0 && end === text.length && end < 100 && !hasPlusOrEscape(this.codes, end) ? { start, end, base64: false } : blobAround(text, start, end);
    }
    return this.blob.base64;
  }

  /**
   * The `next` rules for the part of a run after its last `_` (`…_b9000564-fe1a-…`: a dashed
   * UUID glued to a word by `_` is still unmistakable): the run is narrowed to that part.
   */
  private tryNextAfterUnderscore(rules: Indexed[], next: string): number {
    const run = this.run;
    const { start, end, or, and, lastUnderscore } = run;
    let tailOr = 0, tailAnd = 0xff;
    for (let k = lastUnderscore + 1; k < end; k++) {
      const f = FLAGS[this.codes[k]!]!;
      tailOr |= f;
      tailAnd &= f;
    }
    run.start = lastUnderscore + 1;
    run.or = tailOr;
    run.and = tailAnd;
    run.lastUnderscore = -1;
    const hit = this.tryRules(rules, tailAnd, next);
    run.start = start;
    run.or = or;
    run.and = and;
    run.lastUnderscore = lastUnderscore;
    return hit;
  }

  /**
   * The `tail` rules for a part between two `_` of a run (`user_01h4…_del`): TypeID's own `_`
   * separates its prefix, and one more `_` after it does not make it a longer token.
   */
  private tryInnerTails(): number {
    const run = this.run;
    const { end, lastUnderscore } = run;
    const text = this.text;
    let sep = text.indexOf('_', run.start);
    let found = -1;
    while (found < 0 && sep >= 0 && sep < lastUnderscore) {
      const next = text.indexOf('_', sep + 1);
      const rules = byTail[next - sep - 1];
      if (rules !== undefined && rules.length > 0) {
        run.end = next;
        run.lastUnderscore = sep;
        found = this.tryRules(rules, run.and);
      }
      sep = next;
    }
    run.end = end;
    run.lastUnderscore = lastUnderscore;
    return found;
  }

  /** The first rule in `rules` that finds an ID at the current run; the scan resumes after it. */
  private tryRules(rules: Indexed[], and: number, next?: string, prev?: string): number {
    for (let r = 0; r < rules.length; r++) {
      const { rule, kind, all } = rules[r]!;
      if (next !== undefined && rules[r]!.next !== next) continue;
      if (prev !== undefined && rules[r]!.prev !== prev) continue;
      if ((and & all) !== all) continue;
      if (rules[r]!.numeric && !this.numbers) continue;
      const hit = rules[r]!.find.call(rule, this.run, this);
      if (hit) {
        if (this.sink === undefined) this.matches.push({ kind, start: hit.start, end: hit.end, text: this.text.slice(hit.start, hit.end), decoded: hit.decoded });
        else {
          if (this.lines !== undefined) this.countLines(this.lines, hit.start);
          this.sink(kind, hit.start, hit.end, hit.decoded);
        }
        return hit.end;
      }
    }
    return -1;
  }

  /** Matches starting in [from, to); rules may read the text on either side (context, blobs, labels). */
  scan(from = 0, to = this.codes.length): ScanMatch[] {
    this.linePos = from;
    if (this.runs === undefined) this.walk(from, to, false);
    else this.walkRuns(this.runs, from, to);
    return this.matches;
  }

  /**
   * The byte loop: runs of word chars, separators and escapes between them. `outside`: return at
   * the first place outside a run (after a match that ended inside one, for `walkRuns`).
   */
  private walk(from: number, to: number, outside: boolean): number {
    const text = this.text;
    const codes = this.codes;
    const n = codes.length;
    let i = from;
    while (i < to && !this.stopped) {
      const c = codes[i]!;
      const flags = FLAGS[c]!;
      if ((flags & WORD) === 0) {
        if (outside) return i;
        if (flags === 0) {
          // Spaces and punctuation: skipped in a loop of their own.
          i++;
          while (i < to && FLAGS[codes[i]!] === 0) i++;
        } else {
          i += separatorEscape(text, i) || 1;
        }
        continue;
      }
      const start = i;
      let or = 0, and = 0xff;
      for (; i < n; i++) {
        const f = FLAGS[codes[i]!]!;
        if ((f & WORD) === 0) break;
        or |= f;
        and &= f;
      }
      // Most runs are words no rule takes; they are dropped here, before anything is stored
      // (`runs` drops the same ones).
      if (i - start >= MAX_INDEXED || !keepsRun(codes, start, i, or, and)) continue;
      i = this.candidate(start, i, or, and);
    }
    return i;
  }

  /**
   * The loop with the runs found by `runs` (the CLI's WebAssembly walker): the same candidates
   * in the same order. After a match the scan resumes where it ended: outside any run, that is
   * a place the walker passed too, so its next candidates stand; inside one (a TypeID's `_del`
   * tail), the JavaScript loop reads to the run's end first.
   */
  private walkRuns(runs: RunSource, from: number, to: number): void {
    const codes = this.codes;
    const n = codes.length;
    const records = runs.records;
    let i = from, walked = from, count = 0, k = 0;
    runs.startLines();
    if (this.lines !== undefined) {
      this.linesBefore = this.lines.count;
      this.afterBefore = this.lines.after;
    }
    for (;;) {
      if (k === count) {
        const at = Math.max(i, walked);
        if (at >= to) return;
        count = runs.walk(at, to);
        walked = runs.next;
        k = 0;
        if (count === 0) return;
      }
      const r = 5 * k++;
      const start = records[r]!;
      if (start < i) continue;
      const flags = records[r + 2]!;
      // The line ends before the run: a match found from it starts on the run's line.
      this.walkedLines = records[r + 3]!;
      this.walkedAfter = records[r + 4]!;
      this.recordStart = start;
      this.recordEnd = records[r + 1]!;
      i = this.candidate(start, this.recordEnd, flags & 0xff, flags >>> 8);
      if (i < n && i < to && (FLAGS[codes[i]!]! & WORD) !== 0) i = this.walk(i, to, true);
    }
  }

  /** Tries the rules for the run [start, end) with its flags; returns where the scan goes on. */
  private candidate(start: number, end: number, or: number, and: number): number {
    const codes = this.codes;
    const text = this.text;
    const n = codes.length;
    const run = this.run;
    const len = end - start;
    // Most runs hold no `_`: its position is looked for only when the run has one, in the
    // bytes (a string's lastIndexOf cost as much as the rest of the run's handling).
    let lastUnderscore = -1;
    if ((or & UNDERSCORE) !== 0) for (lastUnderscore = end - 1; codes[lastUnderscore] !== UNDERSCORE_CODE; lastUnderscore--);
    run.start = start;
    run.end = end;
    run.or = or;
    run.and = and;
    run.lastUnderscore = lastUnderscore;
    if (end < n && nextCodes[codes[end]! & 127] === 1) {
      const glued = lastUnderscore >= 0;
      const nextRules = byLengthNext[glued ? end - lastUnderscore - 1 : len]!;
      if (nextRules.length > 0) {
        const found = glued ? this.tryNextAfterUnderscore(nextRules, text[end]!) : this.tryRules(nextRules, and, text[end]);
        if (found >= 0) return found;
      }
    }
    if (start > 0 && prevCodes[codes[start - 1]! & 127] === 1 && byLengthPrev[len]!.length > 0) {
      const found = this.tryRules(byLengthPrev[len]!, and, undefined, text[start - 1]);
      if (found >= 0) return found;
    }
    let found = -1;
    if (lastUnderscore >= 0) {
      const tail = end - lastUnderscore - 1;
      if (byTail[tail]!.length > 0) found = this.tryRules(byTail[tail]!, and);
      if (found < 0 && codes[start] !== UNDERSCORE_CODE && len >= MIN_INNER_TAIL_RUN) found = this.tryInnerTails();
    } else if (byLength[len]!.length > 0) {
      found = this.tryRules(byLength[len]!, and);
    }
    return found > end ? found : end;
  }

  /** Counts the line ends before `to` not counted yet (a match starts there: an ID holds none). */
  private countLines(lines: LineCount, to: number): void {
    if (this.runs !== undefined) {
      lines.count = this.linesBefore + this.walkedLines;
      lines.after = this.walkedAfter === -1 ? this.afterBefore : this.walkedAfter;
      return;
    }
    const codes = this.codes;
    for (let nl = codes.indexOf(NEWLINE, this.linePos); nl !== -1 && nl < to; nl = codes.indexOf(NEWLINE, nl + 1)) {
      lines.count++;
      lines.after = nl + 1;
    }
    this.linePos = to;
  }
}

const utf8 = new TextEncoder();

/** Node's Buffer where there is one (the Node host, the CLI): it makes latin1 text natively, 8x faster. */
const NodeBuffer = (globalThis as { Buffer?: { from(b: ArrayBufferLike, offset: number, length: number): { toString(encoding: 'latin1', start: number, end: number): string } } }).Buffer;

/** The bytes one char per byte, as the rules read them (chunked: `apply` has an argument limit). */
export function latin1Of(bytes: Uint8Array, from = 0, to = bytes.length): string {
  if (NodeBuffer !== undefined && to - from > 4096) return NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1', from, to);
  let out = '';
  for (let i = from; i < to; i += 8192) out += String.fromCharCode.apply(null, bytes.subarray(i, Math.min(to, i + 8192)) as unknown as number[]);
  return out;
}

/**
 * The IDs starting in [from, to) of UTF-8 `bytes`, offsets in bytes. Rules may read the bytes on
 * either side (labels, base64 blobs, the keys that name a snowflake's layout), so a long input
 * scanned in pieces (each cut at a line start or after a char that ends a run, with context
 * around it) gives what one scan gives. `latin1` is `bytes` one char per byte, when the caller
 * has it already (a Node Buffer makes it natively).
 */
export function scanBytes(bytes: Uint8Array, from = 0, to = bytes.length, opts: ScanOptions = {}, latin1?: string): ScanMatch[] {
  return new Scanner(bytes, latin1 ?? latin1Of(bytes), opts).scan(from, to);
}

/**
 * `scanBytes` of value after value with the same options (the check asks whether each value of
 * a file is an ID), by one scanner made again for each: a new one and its match list cost as
 * much as scanning a short value.
 */
export class ValueScanner {
  private readonly scanner: Scanner;

  constructor(opts: ScanOptions) {
    this.scanner = new Scanner(new Uint8Array(0), '', opts);
  }

  /** The matches in `codes` alone, whose latin1 text is `text`. */
  scan(codes: Uint8Array, text: string): ScanMatch[] {
    this.scanner.again(codes, text);
    return this.scanner.scan(0, codes.length);
  }
}

/**
 * `scanBytes`, handing each match to `sink` as it is found instead of collecting them: a
 * streaming caller (the CLI) keeps no match past its output, so a piece's thousands of decoded
 * IDs never outlive the young generation.
 */
export function scanBytesTo(sink: MatchSink, bytes: Uint8Array, from: number, to: number, opts: ScanOptions, latin1: string, lines?: LineCount, runs?: RunSource): void {
  const scanner = new Scanner(bytes, latin1, opts);
  scanner.sink = sink;
  scanner.lines = lines;
  scanner.runs = runs;
  scanner.scan(from, to);
}

/**
 * The decoding of the first ID in `text` that `accept` takes; the scan ends there. `sort` asks
 * a line for its first ID with a time: a line of a million IDs made all their matches first.
 */
export function firstMatch(text: string, accept: (kind: IdKind, decoded: DecodedId) => boolean, opts: ScanOptions = {}): DecodedId | undefined {
  requireText(text, 'the text to scan');
  opts = optionsOf(opts, 'the scan options');
  // As `scan` reads it: ASCII text from the shared buffer (a line of a log, nearly always).
  const ascii = asciiCodes(text);
  let bytes: Uint8Array;
  if (ascii === undefined) bytes = utf8.encode(text);
  else bytes = ascii;
  try {
    const scanner = new Scanner(bytes, ascii === undefined ? latin1Of(bytes) : text, opts);
    let found: DecodedId | undefined;
    scanner.sink = (kind, _start, _end, decoded) => {
      if (!accept(kind, decoded)) return;
      found = decoded;
      scanner.stopped = true;
    };
    scanner.scan();
    return found;
  } finally {
    if (ascii !== undefined && ascii.buffer === asciiBuffer.buffer) asciiInUse = false;
  }
}

/**
 * Every ID in `text`, in order, found in one pass. The scan reads the text's UTF-8 bytes, as the
 * CLI reads files, so both find the same IDs; offsets are mapped back to the string's.
 */
export function scan(text: string, opts: ScanOptions = {}): ScanMatch[] {
  requireText(text, 'the text to scan');
  opts = optionsOf(opts, 'the scan options');
  const ascii = asciiCodes(text);
  if (ascii !== undefined) {
    try {
      return new Scanner(ascii, text, opts).scan();
    } finally {
      if (ascii.buffer === asciiBuffer.buffer) asciiInUse = false;
    }
  }
  const bytes = utf8.encode(text);
  const matches = new Scanner(bytes, latin1Of(bytes), opts).scan();
  toStringOffsets(text, matches);
  return matches;
}

// ASCII text (nearly every call: a hover's line, a fixture's value) is copied into one reused
// buffer instead of encoded: the check scans each value of a file, and an encoder's fresh array
// per call cost more than the scan.
let asciiBuffer = new Uint8Array(4096);
let asciiInUse = false;

/** The bytes of `text` in the shared buffer when it is ASCII (and the buffer is free), else undefined. */
function asciiCodes(text: string): Uint8Array | undefined {
  const n = text.length;
  if (asciiInUse) return undefined;
  // A large text gets an array of its own (the shared one stays small); its bytes are its chars.
  const b = n > 1 << 20 ? new Uint8Array(n) : n > asciiBuffer.length ? (asciiBuffer = new Uint8Array(Math.max(n, asciiBuffer.length * 2))) : asciiBuffer;
  // The native encoder copies and checks at once: n chars in n bytes means every one was ASCII
  // (a char loop here cost half as much as the scan itself on a 10 MB text).
  const { read, written } = utf8.encodeInto(text, b.subarray(0, n));
  if (read !== n || written !== n) return undefined;
  asciiInUse = b === asciiBuffer;
  return b.subarray(0, n);
}

/** Byte offsets of matches (in order) to UTF-16 offsets in `text`, in one walk. */
function toStringOffsets(text: string, matches: ScanMatch[]): void {
  if (matches.length === 0) return;
  // Only the non-ASCII chars move byte offsets away from char offsets: they are found by a
  // native search (a char-by-char walk of a 10 MB text cost more than scanning it).
  const beyond = /[^\x00-\x7f]/g;
  let extra = 0; // bytes beyond one per char, before the next non-ASCII char
  let next = beyond.exec(text);
  let nextByte = next === null ? Infinity : next.index + extra;
  const at = (byte: number): number => {
    while (byte > nextByte) {
      const j = next!.index;
      const c = text.charCodeAt(j);
      if (c < 0x800) extra += 1;
      else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(j + 1) & 0xfc00) === 0xdc00) {
        extra += 2; // 4 bytes for 2 chars
        beyond.lastIndex = j + 2;
      } else extra += 2;
      next = beyond.exec(text);
      nextByte = next === null ? Infinity : next.index + extra;
    }
    return byte - extra;
  };
  for (const m of matches) {
    m.start = at(m.start);
    m.end = at(m.end);
  }
}

/** The ID whose text covers `offset` (a cursor just after an ID still counts). */
export function idAt(lineText: string, offset: number, opts: ScanOptions = {}): ScanMatch | undefined {
  requireText(lineText, 'the line');
  requireNumber(offset, 'the offset');
  opts = optionsOf(opts, 'the scan options');
  return scan(lineText, opts).find((m) => m.start <= offset && offset <= m.end);
}
