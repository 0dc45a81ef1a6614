import type { ScanMatch } from '../scan';
import type { IdKind } from '../types';

// The shapes the check speaks: what it reports (problems, found IDs), what it is told, and the
// two small contracts between its parts: a `Reader` turns one file format's text into values,
// a `Sink` (the checker) judges them.

/** `unchecked`: a part of the file nested too deep to be checked (where the check gave up, not a problem of an ID). */
export type CheckCode = 'duplicate' | 'invalid' | 'future' | 'unsorted' | 'time-mismatch' | 'unchecked';
export type CheckSeverity = 'error' | 'warning' | 'info';
export type CheckFormat = 'json' | 'jsonl' | 'yaml' | 'csv' | 'tsv' | 'sql' | 'text';

export interface CheckPosition {
  /** 0-based line. */
  line: number;
  /** 0-based UTF-16 column. */
  character: number;
}

export interface CheckProblem {
  code: CheckCode;
  severity: CheckSeverity;
  message: string;
  /** Offsets of the ID's text in the source. */
  start: number;
  end: number;
  range: { start: CheckPosition; end: CheckPosition };
  /** The text at start..end. */
  text: string;
  /** Where the value sits: `$[*].id`, `users.csv column id`, `INSERT users (id)`. */
  path: string;
  kind?: IdKind;
  /** `invalid` with I/L/O: the corrected ULID. */
  fix?: string;
  /** `duplicate`: where the first occurrence is. */
  first?: CheckPosition;
}

/** One recognised ID, for the summary. */
export interface FoundId {
  kind: IdKind;
  text: string;
  start: number;
  end: number;
  path: string;
  /** The innermost key or column name, when the place has one (structured files only). */
  key?: string;
  unixMs?: number;
  version?: number;
}

export interface CheckResult {
  format: CheckFormat;
  problems: CheckProblem[];
  ids: FoundId[];
}

export interface CheckOptions {
  /** File name or path; its extension picks the format when `languageId` does not. */
  fileName?: string;
  /** VS Code language id (`json`, `jsonc`, `yaml`, `csv`, `sql`, …). */
  languageId?: string;
  /**
   * The format, when the caller knows it (`--format`); `sniff`: from what the first 4 KB of the
   * text hold (standard input has no name). Default: from `fileName`, then `languageId`.
   */
  format?: CheckFormat | 'sniff';
  /**
   * The field delimiter of a CSV (one character). Default: the one its header uses most of
   * `,` `;` tab `|` (a .tsv: tab). Given for a file that would be plain text, it is read as CSV.
   */
  delimiter?: string;
  /** Snowflake epoch, as for `scan`. */
  epoch?: unknown;
  /** The time `future` is measured from (default `Date.now()`). */
  now?: number;
  /** Whether IDs are collected for a summary (default true). */
  collect?: boolean;
  /**
   * How far (ms) a row's ID may date from the row's creation time (`created_at`) before
   * `time-mismatch` is reported (default one day); 0 or less turns the rule off.
   */
  timeToleranceMs?: number;
}

/** A check fed the text in pieces: problems are reported as they are found. */
export interface CheckStream {
  /** The format the text is read as (with `format: 'sniff'`: `text` until the first 4 KB or the end have come). */
  readonly format: CheckFormat;
  /** The next piece of the text (UTF-16; split anywhere, even inside a surrogate pair or CRLF). */
  write(piece: string): void;
  /** The text is complete: reports the problems only the whole file shows (duplicates in columns
   *  not named as identities, steps back in time-ordered columns). */
  end(): void;
}

export interface CheckStreamOptions extends CheckOptions {
  /** Each problem once, as soon as it is certain: offsets and positions are the file's. */
  onProblem(problem: CheckProblem): void;
  /** Each recognised ID, for a summary. */
  onId?(id: FoundId): void;
}

/** How `checkTextInSlices` shares the thread. */
export interface Slicing {
  /** Characters checked between two pauses (default 256 Ki: about 15 ms on a JSON fixture). */
  chars?: number;
  /** Gives the thread back (an editor: a macrotask); resolves when the check may go on. */
  pause(): Promise<void>;
  /** Asked after every pause: true abandons the check (the document changed, was closed). */
  stop(): boolean;
}

/** Longer fields keep only this many characters: no ID, label or header name is this long. */
export const FIELD_MAX = 4096;

/**
 * Containers nested deeper than this are not checked (each reader says where, with an
 * `unchecked` warning): the path of each value and the readers' stacks grow with the depth,
 * and `[[[[…` can be a gigabyte deep.
 */
export const CHECK_MAX_DEPTH = 10_000;

/** Reads text given in pieces: `read` takes the source from `base` on, as far as it goes. */
export interface Reader {
  /**
   * Reads what `text` (the source from offset `base` on) holds past what was read before;
   * `final` when no text follows. Returns the first offset whose text it may still need.
   * `codes`: the same text as bytes when every char is ASCII (a worker's piece of a file), which
   * a reader may read instead of the chars (a byte of a typed array costs fewer instructions).
   */
  read(text: string, base: number, final: boolean, codes?: Uint8Array): number;
  /** It reads whole lines only: text without a line end gives it nothing to read until more comes. */
  readonly wholeLines?: boolean;
}

/** What a reader hands its values to: the checker. */
export interface Sink {
  /**
   * One scalar value of the file: `text` is its characters at `start` in the source (verbatim
   * false when escapes make the value differ from the source), `path` the key path it sits
   * under with array indexes as `[*]`, `key` the innermost key or column name.
   */
  value(text: string, start: number, verbatim: boolean, path: string, key: string | undefined): void;
  /**
   * `value` of the text `[start, end)` of the source as it stands (verbatim), when the reader
   * reads ASCII bytes (`Reader.read`'s `codes`): a sink that holds them cuts the value's text only
   * if it needs it (most values of a file are ruled out, or read, from their bytes).
   */
  valueAt?(start: number, end: number, path: string, key: string | undefined): void;
  /** Whether `text` is, as a whole, an ID the scanner recognises. */
  probe(text: string): boolean;
  /** Plain text: only the date of each ID is checked. `m` is at `base` in the source. */
  futureOnly(m: ScanMatch, base: number): void;
  /**
   * What starts at `start` is not checked, and `why` says why: a container nested deeper than
   * CHECK_MAX_DEPTH (the default words), or a parser that gave up there.
   */
  unchecked(start: number, path: string, why?: string): void;
  /** The options plain text is scanned with. */
  readonly scanOpts: { epoch?: unknown; now: number };
  /** A row begins and ends (a JSON/YAML object, a CSV record, an SQL tuple): values between belong to it. */
  rowBegin?(): void;
  rowEnd?(): void;
}

/** Where an ID's text is cut from when a problem needs it: the text held, or a piece of a file decoded only then. */
export interface TextSource {
  slice(from: number, to: number): string;
}
