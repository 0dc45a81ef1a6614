import { sniffDelimiter } from './detect';
import { FIELD_MAX, type Reader, type Sink } from './types';

// A small RFC 4180 reader: quoted fields (with "" inside), CR, LF and CRLF line ends, any
// one-character delimiter. It reports where each field's text is, so a problem points at the
// characters in the file rather than at a parsed copy. It reads text in pieces of any size and
// holds only the field being read (at most FIELD_MAX characters of it), so a file of any size
// is read in constant memory.

export { FIELD_MAX, type Reader };

export interface CsvField {
  /** The field's value, quotes removed and "" unescaped (its first FIELD_MAX characters when longer). */
  value: string;
  /** Offsets of the value's characters in the source (inside the quotes when quoted). */
  start: number;
  end: number;
  /** True when the value equals `source.slice(start, end)` (no "" escapes inside). */
  verbatim: boolean;
}

/** The first record is held (it may be a header) for at most this many fields; the rest follow one by one. */
export const HELD_FIELDS_MAX = 4096;

const enum S { RecordStart, FieldStart, Unquoted, Quoted, QuoteSeen, Trailing, AfterField, AfterCr }

export class CsvReader implements Reader {
  private state = S.RecordStart;
  private pos = 0;
  private fieldStart = 0;
  private escaped = false;
  /** The start of a field longer than FIELD_MAX, already cut. */
  private head: string | undefined;
  private index = 0;
  private row = 0;
  /** The first record's fields, held until it ends (it may be a header). */
  private held: CsvField[] | undefined;
  private blank = true;

  /**
   * `onField` gets each field as soon as it ends, with its column index and its record's index
   * (blank lines are no records); the first record's fields come together when it ends.
   */
  constructor(
    private readonly delimiter: number,
    private readonly onField: (field: CsvField, index: number, row: number) => void,
    private readonly onFirstRow?: (fields: CsvField[]) => void,
    /** Given, each field after the first record comes here as its parts, with no object made for it. */
    private readonly onValue?: (value: string, start: number, verbatim: boolean, index: number, row: number) => void,
    /** False: the text starts after the first record (a later piece of a file), so no record is held. */
    first = true,
    /** Given, a field that stands as it is in ASCII bytes the reader is given (`read`'s `codes`) comes here by its place, with no string cut for it. */
    private readonly onValueAt?: (start: number, end: number, index: number, row: number) => void,
  ) {
    this.held = first ? [] : undefined;
  }

  /** The bytes of the text being read, when `read` was given them. */
  private codes: Uint8Array | undefined;

  read(text: string, base: number, final: boolean, codes?: Uint8Array): number {
    this.codes = codes;
    const d = this.delimiter;
    const n = base + text.length;
    let i = this.pos;
    while (i < n) {
      const c = codes === undefined ? text.charCodeAt(i - base) : codes[i - base]!;
      switch (this.state) {
        case S.RecordStart:
          this.index = 0;
          this.blank = true;
          this.state = S.FieldStart;
          continue;
        case S.FieldStart:
          this.head = undefined;
          this.escaped = false;
          if (c === 34) {
            this.fieldStart = i + 1;
            this.state = S.Quoted;
            i++;
          } else {
            this.fieldStart = i;
            this.state = S.Unquoted;
          }
          continue;
        case S.Unquoted: {
          let j = i;
          let x = 0;
          if (codes === undefined) {
            while (j < n) {
              x = text.charCodeAt(j - base);
              if (x === d || x === 10 || x === 13) break;
              j++;
            }
          } else {
            while (j < n) {
              x = codes[j - base]!;
              if (x === d || x === 10 || x === 13) break;
              j++;
            }
          }
          i = j;
          if (j < n) {
            this.field(text, base, j, false);
            if (x === d) {
              // AfterField and FieldStart in one step for the usual next field (unquoted, here).
              this.index++;
              i = j + 1;
              if (i < n && (codes === undefined ? text.charCodeAt(i - base) : codes[i - base]) !== 34) {
                this.head = undefined;
                this.escaped = false;
                this.fieldStart = i;
              } else {
                this.state = S.FieldStart;
              }
            } else {
              this.state = S.AfterField;
            }
          }
          continue;
        }
        case S.Quoted: {
          const q = text.indexOf('"', i - base);
          if (q < 0) {
            i = n;
            continue;
          }
          i = base + q + 1;
          this.state = S.QuoteSeen;
          continue;
        }
        case S.QuoteSeen:
          if (c === 34) {
            this.escaped = true;
            this.state = S.Quoted;
            i++;
          } else {
            this.field(text, base, i - 1, true);
            this.state = S.Trailing;
          }
          continue;
        case S.Trailing:
          // Anything between the closing quote and the delimiter is kept out of the value.
          if (c === d || c === 10 || c === 13) this.state = S.AfterField;
          else i++;
          continue;
        case S.AfterField:
          i++;
          if (c === d) {
            this.index++;
            this.state = S.FieldStart;
          } else if (c === 13) {
            this.state = S.AfterCr;
          } else {
            this.endRecord();
          }
          continue;
        case S.AfterCr:
          if (c === 10) i++;
          this.endRecord();
          continue;
      }
    }
    this.pos = i;
    if (final) {
      switch (this.state) {
        case S.FieldStart: // after a trailing delimiter: one more, empty field
          this.fieldStart = n;
          this.field(text, base, n, false);
          break;
        case S.Unquoted:
          this.field(text, base, n, false);
          break;
        case S.Quoted: // unterminated: the rest of the file is the field
          this.field(text, base, n, true);
          break;
        case S.QuoteSeen:
          this.field(text, base, n - 1, true);
          break;
        default:
      }
      if (this.state !== S.RecordStart) this.endRecord();
      return n;
    }
    return this.keep(text, base);
  }

  /** The first offset still needed: the field being read, or the first record while it is held. */
  private keep(text: string, base: number): number {
    let keep = this.pos;
    if (this.state === S.Unquoted || this.state === S.Quoted || this.state === S.QuoteSeen) {
      if (this.pos - this.fieldStart > FIELD_MAX) {
        this.head ??= text.slice(this.fieldStart - base, this.fieldStart - base + FIELD_MAX);
      } else {
        keep = this.fieldStart;
      }
    }
    if (this.held) for (const f of this.held) keep = Math.min(keep, f.start);
    return keep;
  }

  private field(text: string, base: number, end: number, quoted: boolean): void {
    const start = this.fieldStart;
    const long = end - start > FIELD_MAX;
    if (this.onValueAt !== undefined && this.codes !== undefined && !this.escaped && !long && this.held === undefined) {
      this.head = undefined;
      if (this.index > 0 || end !== start) this.blank = false;
      this.onValueAt(start, end, this.index, this.row);
      return;
    }
    let value = long ? (this.head ?? text.slice(start - base, start - base + FIELD_MAX)) : text.slice(start - base, end - base);
    if (quoted && this.escaped) value = value.replace(/""/g, '"');
    const verbatim = !this.escaped && !long;
    this.head = undefined;
    if (this.index > 0 || value !== '' || end !== start) this.blank = false;
    if (this.held) {
      this.held.push({ value, start, end, verbatim });
      if (this.held.length >= HELD_FIELDS_MAX) this.release();
    } else if (this.onValue) {
      this.onValue(value, start, verbatim, this.index, this.row);
    } else {
      this.onField({ value, start, end, verbatim }, this.index, this.row);
    }
  }

  private endRecord(): void {
    this.state = S.RecordStart;
    if (this.held) {
      if (this.blank) {
        this.held = [];
        return;
      }
      this.release();
      this.row++;
      return;
    }
    if (!this.blank) this.row++;
  }

  /** Hands over the held first record (or its first HELD_FIELDS_MAX fields). */
  private release(): void {
    const fields = this.held!;
    this.held = undefined;
    if (this.onFirstRow) this.onFirstRow(fields);
    else fields.forEach((f, i) => this.onField(f, i, 0));
  }
}

/** Calls `onRow` with each record's fields and its index, in order. Never throws. */
export function readCsv(text: string, delimiter: string, onRow: (fields: CsvField[], row: number) => void): void {
  let fields: CsvField[] = [];
  let row = 0;
  const reader = new CsvReader(delimiter.charCodeAt(0), (f, i, r) => {
    if (r !== row) {
      if (fields.length > 0) onRow(fields, row);
      fields = [];
      row = r;
    }
    fields[i] = f;
  });
  reader.read(text, 0, true);
  const blank = fields.length === 1 && fields[0]!.value === '' && fields[0]!.end === fields[0]!.start;
  if (fields.length > 0 && !blank) onRow(fields, row);
}

/** How a reader of a piece of a delimited file (after its first record) goes on, or learns the header. */
export interface CsvPiece {
  /** The text starts after the first record: `header` names the columns (undefined: the first record was data). */
  continued?: { header: string[] | undefined };
  /** The first record was read: the column names it gave, or undefined when it was data. */
  onHeader?(header: string[] | undefined): void;
}

/** The checker's reader of a delimited file: a first row without IDs names the columns. */
export function delimitedReader(c: Sink, delimiter: string, piece: CsvPiece = {}): Reader {
  let header = piece.continued?.header;
  // -1: no record yet. -2: a record of an earlier piece may be open, and its row ends at the next
  // record (a row end with no row open is nothing).
  let row = piece.continued ? -2 : -1;
  /** Each column's path, made once rather than for every field. */
  const paths: string[] = [];
  const value = (text: string, start: number, verbatim: boolean, i: number, r: number) => {
    // Each record is a row of the time-mismatch rule; the checker judges the last one at the end.
    if (r !== row) {
      if (row !== -1) c.rowEnd?.();
      c.rowBegin?.();
      row = r;
    }
    c.value(text, start, verbatim, pathOf(i), header?.[i]);
  };
  const pathOf = (i: number): string => {
    let path = i < HELD_FIELDS_MAX ? paths[i] : undefined;
    if (path === undefined) {
      const name = header?.[i];
      path = `column ${name !== undefined && name !== '' ? name : i + 1}`;
      if (i < HELD_FIELDS_MAX) paths[i] = path;
    }
    return path;
  };
  const field = (f: CsvField, i: number, r: number) => value(f.value, f.start, f.verbatim, i, r);
  const valueAt = c.valueAt === undefined ? undefined : (start: number, end: number, i: number, r: number) => {
    if (r !== row) {
      if (row !== -1) c.rowEnd?.();
      c.rowBegin?.();
      row = r;
    }
    c.valueAt!(start, end, pathOf(i), header?.[i]);
  };
  return new CsvReader(delimiter.charCodeAt(0), field, (fields) => {
    // A first row without any ID in it is a header naming the columns.
    const hasId = fields.some((f) => c.probe(f.value));
    if (!hasId) header = fields.map((f) => f.value.trim());
    piece.onHeader?.(header);
    if (hasId) fields.forEach((f, i) => field(f, i, 0));
  }, value, piece.continued === undefined, valueAt);
}

/** How much of a first line is looked at for its delimiter. */
const HEADER_MAX = 16 * FIELD_MAX;

/** Where the first line ends (a CR or LF outside quotes), or -1 while it goes on. */
function firstLineEnd(text: string): number {
  let quoted = false;
  for (let i = 0; i < text.length && i < HEADER_MAX; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 34) quoted = !quoted;
    else if (!quoted && (ch === 10 || ch === 13)) return i;
  }
  return -1;
}

/**
 * The delimiter a CSV's first line uses most, from the start of its text; undefined while the
 * text so far (not `final`) is too short to tell.
 */
export function csvDelimiterOf(text: string, final: boolean): string | undefined {
  const end = firstLineEnd(text);
  if (end < 0 && !final && text.length < HEADER_MAX) return undefined;
  return sniffDelimiter(text.slice(0, end < 0 ? HEADER_MAX : end));
}

/**
 * A CSV whose delimiter is the one its first line uses most (`,` `;` tab `|`): a spreadsheet
 * saved in a locale with decimal commas writes `;`, and read with `,` its IDs are never found.
 */
class SniffedCsv implements Reader {
  private inner: Reader | undefined;

  constructor(private readonly c: Sink) {}

  read(text: string, base: number, final: boolean, codes?: Uint8Array): number {
    if (!this.inner) {
      const d = csvDelimiterOf(text, final);
      if (d === undefined) return base;
      this.inner = delimitedReader(this.c, d);
    }
    return this.inner.read(text, base, final, codes);
  }
}

/** The checker's reader of a CSV: with the delimiter given, or the one its header uses. */
export function csvReader(c: Sink, delimiter: string | undefined): Reader {
  return delimiter === undefined ? new SniffedCsv(c) : delimitedReader(c, delimiter);
}
