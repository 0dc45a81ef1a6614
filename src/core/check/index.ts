import { Checker } from './checker';
import { Ledger } from './ledger';
import { SNIFF_CHARS, checkFormatOf, sniffFormat } from './detect';
import { IdError } from '../types';
import { readerFor } from './readers';
import type { CheckFormat, CheckOptions, CheckResult, CheckStream, CheckStreamOptions, FoundId, CheckProblem, Slicing } from './types';

// Fixture health: one pass over a data file that finds IDs used twice under one key, text
// labelled as an ID that is not a valid one, IDs dated in the future, and time-ordered columns
// that go backwards. The same code serves the editor's diagnostics, the summary panel and
// `idsmith check`. Structure comes from parsers (the yaml library's, and the streaming JSON,
// CSV and SQL readers beside this file, the JSON one held against jsonc-parser in the tests),
// never from regexes over the whole text. Every reader takes the text in pieces, so a file of
// any size is checked in memory that grows with its distinct IDs, not with its size.

export type * from './types';
export { CHECK_FORMATS, checkFormatOf, sniffFormat } from './detect';
export { decodeAs, isIdentityColumn, labelOf } from './rules';
export { bytesWriter, markedDecoder, markedEncoding, type BytesOptions, type BytesWriter, type MarkedEncoding } from './decode';
export { CheckInPieces, Cuts, PieceCheck, checkPiece, type PieceFacts, type PieceJob } from './pieces';
export { csvDelimiterOf } from './csv';
export { identitiesOf, replaceIds, replaceable, type ReplaceOptions, type Replacement } from './replace';

/**
 * Checks a file given in pieces, in memory bounded by the distinct IDs per key or column (32
 * to 64 bytes each) and the longest token (at most FIELD_MAX characters are kept), never by the file's size: text is dropped once read.
 * YAML is the exception: it is held a document at a time. The result does not depend on where
 * the pieces are split; `checkText` is this stream given the whole text at once.
 */
export function createCheck(opts: CheckStreamOptions): CheckStream {
  const ledger = new Ledger(opts, opts.onProblem);
  const c = new Checker(opts, ledger, opts.onId, ledger.rowTimes);
  if (opts.delimiter !== undefined && opts.delimiter.length !== 1) throw new IdError('INVALID_ARGUMENT', `A delimiter is one character; got ${JSON.stringify(opts.delimiter)}.`);
  let format = opts.format === 'sniff' ? undefined : checkedFormat(opts);
  let reader = format === undefined ? undefined : readerFor(format, c, opts.delimiter);
  let text = '';
  let base = 0;
  let ended = false;
  let bytes = new Uint8Array(0);
  /**
   * The held text's bytes when it is all ASCII, for the readers that read bytes as a worker
   * does its piece (CSV, TSV, JSON, JSON Lines: they hold little between writes; YAML holds a
   * document, which would be encoded again at every write).
   */
  const asciiOf = (t: string): Uint8Array | undefined => {
    if (format !== 'csv' && format !== 'tsv' && format !== 'json' && format !== 'jsonl') return undefined;
    if (t.length > bytes.length) bytes = new Uint8Array(Math.max(t.length, bytes.length * 2));
    const view = bytes.subarray(0, t.length);
    const { read, written } = ENCODER.encodeInto(t, view);
    return read === t.length && written === t.length ? view : undefined;
  };
  const pump = (final: boolean) => {
    if (!reader) {
      // A text without a name: its format is told from its first SNIFF_CHARS characters.
      if (!final && text.length < SNIFF_CHARS) return;
      format = sniffFormat(text.slice(0, SNIFF_CHARS));
      if (format === 'text' && opts.delimiter !== undefined) format = 'csv';
      reader = readerFor(format, c, opts.delimiter);
    }
    const codes = asciiOf(text);
    c.hold(text, base, codes);
    const keep = reader.read(text, base, final, codes);
    c.release(keep);
    text = text.slice(keep - base);
    base = keep;
  };
  return {
    get format() {
      return format ?? 'text';
    },
    write(piece: string) {
      if (ended) throw new Error('check: write after end');
      if (piece === '') return;
      text = text === '' ? piece : text + piece;
      // A long line (a YAML value of megabytes) is read once it ends: reading the text held at
      // every write copied it whole each time (a 30 MB line took 8 s).
      if (reader?.wholeLines && !piece.includes('\n')) return;
      pump(false);
    },
    end() {
      if (ended) return;
      ended = true;
      pump(true);
      ledger.finish();
      text = '';
    },
  };
}

const ENCODER = new TextEncoder();

/** The format named, else the file's; a delimiter makes a file that would be plain text a CSV. */
export function checkedFormat(opts: CheckOptions): CheckFormat {
  const format = opts.format !== undefined && opts.format !== 'sniff' ? opts.format : checkFormatOf(opts.fileName, opts.languageId);
  return format === 'text' && opts.delimiter !== undefined ? 'csv' : format;
}

/** Checks one file's text. Never throws on any input; unparseable parts are skipped. */
export function checkText(text: string, opts: CheckOptions = {}): CheckResult {
  const problems: CheckProblem[] = [];
  const ids: FoundId[] = [];
  const stream = createCheck({ ...opts, onProblem: (p) => problems.push(p), ...(opts.collect === false ? {} : { onId: (id: FoundId) => ids.push(id) }) });
  stream.write(text);
  stream.end();
  problems.sort((a, b) => a.start - b.start || a.code.localeCompare(b.code));
  return { format: stream.format, problems, ids };
}

/**
 * `checkText` in slices with a pause between them, so an editor stays responsive on a large
 * file; undefined when `stop` says so. The same problems, in the same order, as `checkText`.
 */
export async function checkTextInSlices(text: string, opts: CheckOptions, slicing: Slicing): Promise<CheckResult | undefined> {
  const size = Math.max(1024, slicing.chars ?? 256 * 1024);
  const problems: CheckProblem[] = [];
  const ids: FoundId[] = [];
  const stream = createCheck({ ...opts, onProblem: (p) => problems.push(p), ...(opts.collect === false ? {} : { onId: (id: FoundId) => ids.push(id) }) });
  for (let at = 0; at < text.length; at += size) {
    stream.write(text.slice(at, at + size));
    await slicing.pause();
    if (slicing.stop()) return undefined;
  }
  stream.end();
  problems.sort((a, b) => a.start - b.start || a.code.localeCompare(b.code));
  return { format: stream.format, problems, ids };
}

/** Feeds UTF-8 bytes to a check: pieces may split a character anywhere. A leading BOM is dropped. */
export function utf8Writer(stream: CheckStream): { write(bytes: Uint8Array): void; end(): void } {
  const decoder = new TextDecoder('utf-8');
  return {
    write: (bytes) => stream.write(decoder.decode(bytes, { stream: true })),
    end: () => {
      stream.write(decoder.decode());
      stream.end();
    },
  };
}
