import { FIELD_MAX, type Reader, type Sink } from './types';

// Finds the values of `INSERT … VALUES (…), (…)` statements and of PostgreSQL's `COPY … FROM
// stdin` blocks (what pg_dump writes by default), with a tokenizer that knows SQL's quotes
// ('…' with '' escapes, "…", `…`, [...]), comments (-- to end of line, /* … */) and nesting, so
// a comma or a parenthesis inside a string or a function call is not a split. Backslashes
// escape inside '…' (MySQL and MariaDB always: mysqldump writes 'O\'Brien'), unless the file
// turns PostgreSQL's standard_conforming_strings on (pg_dump does), where only E'…' strings
// have them. PostgreSQL's dollar quotes ($$…$$, $tag$…$tag$: pg_dump writes function bodies so)
// are strings too, whose body is text, not statements, until a `DELIMITER` line shows the file
// is a MySQL client's script (`DELIMITER $$` ends routines with $$, no quote). Text is read in
// pieces of any size; only the token being read is held (at most FIELD_MAX characters of it),
// and values are handed on as each one ends.

export interface SqlValue {
  /** The value's text: a string literal without its quotes, or a number as written. */
  value: string;
  start: number;
  end: number;
  verbatim: boolean;
}

export interface SqlTuple {
  table: string;
  /** Column names when the statement lists them. */
  columns: string[] | undefined;
  /** One entry per position; undefined where the value is an expression, not a literal. */
  values: (SqlValue | undefined)[];
}

type Tok = { t: 'word' | 'str' | 'ident' | 'num' | 'punct'; v: string; start: number; end: number; verbatim: boolean };

/** What a `COPY … FROM stdin` block hands its reader: each field as it ends, each row's end, the block's end. */
interface CopySink {
  field(v: SqlValue | undefined, index: number): void;
  row(): void;
  end(): void;
}

const enum T {
  Default, Dash, Slash, LineComment, BlockComment, BlockStar, Quoted, QuoteSeen, Backslash, Word,
  /** COPY data: the rest of the COPY line, a field, the character after a backslash in a field. */
  CopySkip, CopyField, CopyBackslash,
  /** A `$` that may open a dollar quote (`$`, then a tag or none, then `$`); the body of one. */
  DollarTag, Dollar,
}

// Characters past ASCII are identifier characters, as PostgreSQL and MySQL read them: `café$x$`
// is one word, not a word and a dollar quote.
const WORD_START = /[A-Za-z_0-9.$\u0080-\uffff]/;
const WORD_PART = /[A-Za-z_0-9$\u0080-\uffff]/;
const BACKSLASH = 92;
/** A dollar quote's tag is an identifier without `$`: a letter or `_` (or past ASCII) first, then digits too. */
const TAG_START = /[A-Za-z_\u0080-\uffff]/;
const TAG_PART = /[A-Za-z_0-9\u0080-\uffff]/;
/** A tag longer than this is taken for a word (no dump writes one; it bounds what is held). */
const TAG_MAX = 256;

/** SQL tokens from text given in pieces. */
class Tokens {
  private state = T.Default;
  private pos = 0;
  private start = 0;
  private close = '';
  private escaped = false;
  private head: string | undefined;
  /** Whether backslashes escape in '…' strings: MySQL's way, and PostgreSQL's with standard_conforming_strings off. */
  backslashes = true;
  /** The string being read escapes with backslashes (a '…' string as `backslashes` says, or E'…'). */
  private backslashing = false;
  /** The string being read holds a backslash escape. */
  private backslashed = false;
  /** The word that ended right before a quote: `E` makes an E'…' string. */
  private prefix = '';
  private copy: CopySink | undefined;
  private copyIndex = 0;
  /** `$` opens dollar quotes: PostgreSQL's; off once a MySQL client's `DELIMITER` line is seen. */
  private dollarQuotes = true;
  /** No token yet on this line; the word being read started a line. */
  private lineStart = true;
  private lineWord = false;
  /** The word being read is a number: a `$` ends it (`1$$` is a number and a quote). */
  private numeric = false;

  constructor(private readonly onToken: (tok: Tok) => void) {}

  /** Reads `COPY … FROM stdin` data from the next line on, until a line `\.`. */
  beginCopy(sink: CopySink): void {
    this.copy = sink;
    this.state = T.CopySkip;
  }

  /**
   * The next `\\` in `text` at or after `from`, or -1: remembered, because a file without one
   * asked it at every string (a search to the end of the piece each time made a 3.4 MB INSERT
   * take 2.5 s, growing with the square of its size).
   */
  private backslashAt(text: string, from: number): number {
    if (text !== this.searched || from < this.searchedFrom || (this.nextBackslash >= 0 && this.nextBackslash < from)) {
      this.searched = text;
      this.searchedFrom = from;
      this.nextBackslash = text.indexOf('\\', from);
    }
    return this.nextBackslash;
  }

  private searched: string | undefined;
  private searchedFrom = 0;
  private nextBackslash = -1;

  read(text: string, base: number, final: boolean): number {
    const n = base + text.length;
    let i = this.pos;
    scan: while (i < n) {
      const c = text[i - base]!;
      switch (this.state) {
        case T.Default: {
          if (c === ' ' || c === '\t' || c === '\r') { i++; continue; }
          if (c === '\n') { this.lineStart = true; i++; continue; }
          const lineStart = this.lineStart;
          this.lineStart = false;
          if (c === '-') { this.state = T.Dash; this.start = i; i++; continue; }
          if (c === '/') { this.state = T.Slash; this.start = i; i++; continue; }
          if (c === "'" || c === '"' || c === '`' || c === '[') {
            this.state = T.Quoted;
            this.close = c === '[' ? ']' : c;
            this.start = i + 1;
            this.escaped = false;
            this.backslashed = false;
            this.backslashing = (c === "'" || c === '"') && this.backslashes || (c === "'" && /^e$/i.test(this.prefix));
            this.head = undefined;
            this.prefix = '';
            i++;
            continue;
          }
          this.prefix = '';
          if (c === '$' && this.dollarQuotes) { this.state = T.DollarTag; this.start = i; this.head = undefined; i++; continue; }
          if (WORD_START.test(c)) {
            this.state = T.Word;
            this.start = i;
            this.head = undefined;
            this.lineWord = lineStart;
            this.numeric = c >= '0' && c <= '9';
            i++;
            continue;
          }
          this.onToken({ t: 'punct', v: c, start: i, end: i + 1, verbatim: true });
          i++;
          continue;
        }
        case T.Dash:
          if (c === '-') { this.state = T.LineComment; i++; continue; }
          this.onToken({ t: 'punct', v: '-', start: this.start, end: this.start + 1, verbatim: true });
          this.state = T.Default;
          continue;
        case T.Slash:
          if (c === '*') { this.state = T.BlockComment; i++; continue; }
          this.onToken({ t: 'punct', v: '/', start: this.start, end: this.start + 1, verbatim: true });
          this.state = T.Default;
          continue;
        case T.LineComment: {
          const e = text.indexOf('\n', i - base);
          if (e < 0) { i = n; continue; }
          i = base + e + 1;
          this.state = T.Default;
          this.lineStart = true;
          continue;
        }
        case T.BlockComment: {
          const e = text.indexOf('*', i - base);
          if (e < 0) { i = n; continue; }
          i = base + e + 1;
          this.state = T.BlockStar;
          continue;
        }
        case T.BlockStar:
          if (c === '/') { this.state = T.Default; i++; } else if (c === '*') i++; else { this.state = T.BlockComment; i++; }
          continue;
        case T.Quoted: {
          const q = text.indexOf(this.close, i - base);
          const b = this.backslashing ? this.backslashAt(text, i - base) : -1;
          if (b >= 0 && (q < 0 || b < q)) {
            i = base + b + 1;
            this.state = T.Backslash;
            continue;
          }
          if (q < 0) { i = n; continue; }
          i = base + q + 1;
          this.state = this.close === ']' ? this.quoted(text, base, base + q) : T.QuoteSeen;
          continue;
        }
        case T.Backslash:
          // The escaped character is part of the string, a quote included.
          this.backslashed = true;
          this.state = T.Quoted;
          i++;
          continue;
        case T.QuoteSeen:
          if (c === this.close) { this.escaped = true; this.state = T.Quoted; i++; continue; }
          this.state = this.quoted(text, base, i - 1);
          continue;
        case T.Word:
          if (WORD_PART.test(c) && !(c === '$' && this.numeric)) { i++; continue; }
          // A prefix glued to a quote (E'…', N'…') belongs to the string, not to the tuple.
          if (c === "'" && i - this.start === 1 && /[EeNn]/.test(text[this.start - base]!)) {
            this.prefix = text[this.start - base]!;
            this.state = T.Default;
            continue;
          }
          this.word(text, base, i);
          continue;
        case T.CopySkip: {
          const e = text.indexOf('\n', i - base);
          if (e < 0) { i = n; continue; }
          i = base + e + 1;
          this.copyLine(i);
          continue;
        }
        case T.CopyField: {
          // A line `\.` ends the data; it needs its three characters to be told apart.
          if (this.copyIndex === 0 && i === this.start && c === '\\') {
            if (n - i < 3 && !final) { this.pos = i; return this.start; }
            const end = text.slice(i - base, i - base + 3);
            if (end === '\\.\n' || end === '\\.\r' || (end === '\\.' && i + 2 === n)) {
              i = text[i + 2 - base] === '\r' && text[i + 3 - base] === '\n' ? i + 4 : i + 3;
              this.endCopy();
              continue;
            }
          }
          let j = i;
          let x = 0;
          while (j < n) {
            x = text.charCodeAt(j - base);
            if (x === 9 || x === 10 || x === BACKSLASH) break;
            j++;
          }
          i = j;
          if (j === n) continue;
          if (x === BACKSLASH) { this.backslashed = true; this.state = T.CopyBackslash; i++; continue; }
          const cr = x === 10 && j > this.start && text.charCodeAt(j - 1 - base) === 13;
          this.copyField(text, base, cr ? j - 1 : j);
          i++;
          if (x === 10) {
            this.copy?.row();
            this.copyLine(i);
          } else {
            this.copyIndex++;
            this.start = i;
            this.backslashed = false;
            this.head = undefined;
          }
          continue;
        }
        case T.CopyBackslash:
          this.state = T.CopyField;
          i++;
          continue;
        case T.DollarTag:
          if (c === '$') {
            this.close = text.slice(this.start - base, i + 1 - base);
            this.state = T.Dollar;
            this.start = i + 1;
            i++;
            continue;
          }
          if ((i === this.start + 1 ? TAG_START : TAG_PART).test(c) && i - this.start < TAG_MAX) { i++; continue; }
          // No quote: `$1` is a parameter, `$name` a word (as it was read before dollar quotes).
          this.state = T.Word;
          this.lineWord = false;
          this.numeric = false;
          continue;
        case T.Dollar: {
          // The body ends at the first `$tag$` (no escapes inside); one cut by the end of the text is looked for again in the next.
          const e = text.indexOf(this.close, i - base);
          if (e < 0) {
            i = Math.max(i, n - this.close.length + 1);
            break scan;
          }
          this.dollar(text, base, base + e);
          i = base + e + this.close.length;
          continue;
        }
      }
    }
    this.pos = i;
    if (final) {
      switch (this.state) {
        case T.Dash: this.onToken({ t: 'punct', v: '-', start: this.start, end: this.start + 1, verbatim: true }); break;
        case T.Slash: this.onToken({ t: 'punct', v: '/', start: this.start, end: this.start + 1, verbatim: true }); break;
        case T.Quoted: case T.Backslash: this.quoted(text, base, n); break; // unterminated: the rest of the text
        case T.QuoteSeen: this.quoted(text, base, n - 1); break;
        case T.Word: case T.DollarTag: this.word(text, base, n); break;
        case T.Dollar: this.dollar(text, base, n); break; // unterminated: the rest of the text
        case T.CopyField: case T.CopyBackslash:
          if (n > this.start || this.copyIndex > 0) {
            this.copyField(text, base, n);
            this.copy?.row();
          }
          this.endCopy();
          break;
        case T.CopySkip: this.endCopy(); break;
        default:
      }
      this.state = T.Default;
      return n;
    }
    if (this.state === T.Quoted || this.state === T.QuoteSeen || this.state === T.Backslash || this.state === T.Word || this.state === T.Dash
      || this.state === T.Slash || this.state === T.CopyField || this.state === T.CopyBackslash || this.state === T.DollarTag || this.state === T.Dollar) {
      if (this.pos - this.start > FIELD_MAX) this.head ??= text.slice(this.start - base, this.start - base + FIELD_MAX);
      else return this.start;
    }
    return this.pos;
  }

  private text(text: string, base: number, end: number): string {
    return end - this.start > FIELD_MAX ? (this.head ?? text.slice(this.start - base, this.start - base + FIELD_MAX)) : text.slice(this.start - base, end - base);
  }

  private quoted(text: string, base: number, end: number): T {
    let v = this.text(text, base, end);
    if (this.backslashed) v = unescapeQuoted(v, this.close);
    else if (this.escaped) v = v.split(this.close + this.close).join(this.close);
    const verbatim = !this.escaped && !this.backslashed && end - this.start <= FIELD_MAX;
    this.onToken({ t: this.close === "'" ? 'str' : 'ident', v, start: this.start, end, verbatim });
    return T.Default;
  }

  private word(text: string, base: number, end: number): void {
    const v = this.text(text, base, end);
    // The mysql client's command that sets the statement delimiter: the file is MySQL's, which has no dollar quotes.
    if (this.lineWord && v.length === 9 && /^delimiter$/i.test(v)) this.dollarQuotes = false;
    this.onToken({ t: /^\d+$/.test(v) ? 'num' : 'word', v, start: this.start, end, verbatim: true });
    this.state = T.Default;
  }

  /** A dollar-quoted string ends at `end`: its body as it is. */
  private dollar(text: string, base: number, end: number): void {
    this.onToken({ t: 'str', v: this.text(text, base, end), start: this.start, end, verbatim: end - this.start <= FIELD_MAX });
    this.state = T.Default;
  }

  /** A COPY data line starts at `at`. */
  private copyLine(at: number): void {
    this.state = T.CopyField;
    this.start = at;
    this.copyIndex = 0;
    this.backslashed = false;
    this.head = undefined;
  }

  private copyField(text: string, base: number, end: number): void {
    const raw = this.text(text, base, end);
    const nul = raw === '\\N';
    const value = nul ? undefined : { value: this.backslashed ? unescapeCopy(raw) : raw, start: this.start, end, verbatim: !this.backslashed && end - this.start <= FIELD_MAX };
    this.copy?.field(value, this.copyIndex);
  }

  private endCopy(): void {
    const sink = this.copy;
    this.copy = undefined;
    this.state = T.Default;
    sink?.end();
  }
}

const SIMPLE: Record<string, string> = { '0': '\0', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', Z: '\x1a' };

/** A quoted string's text with its escapes read: `\x` as MySQL and E'…' read them, and doubled quotes. */
function unescapeQuoted(raw: string, close: string): string {
  return raw.replace(/\\(.)|(['"`])\2/gs, (_m, e: string | undefined, q: string | undefined) => (e !== undefined ? SIMPLE[e] ?? e : q === close ? q : q! + q!));
}

/** A COPY field's text with its escapes read (\t, \n, \\, octal and \x hex bytes as characters). */
function unescapeCopy(raw: string): string {
  return raw.replace(/\\(x[0-9A-Fa-f]{1,2}|[0-7]{1,3}|.)/gs, (_m, e: string) =>
    e.length > 1 || /[0-7]/.test(e) ? String.fromCharCode(e[0] === 'x' ? parseInt(e.slice(1), 16) : parseInt(e, 8)) : SIMPLE[e] ?? e);
}

const MODIFIERS = /^(IGNORE|OR|REPLACE|ROLLBACK|ABORT|FAIL|LOW_PRIORITY|DELAYED|HIGH_PRIORITY)$/i;

const enum P {
  Idle, Modifiers, Table, TableDot, ColumnsOrValues, Columns, Values, TupleStart, Tuple, AfterTuple,
  /** SET …; SET standard_conforming_strings = on|off */
  Set, SetStrings,
  /** COPY name [(columns)] FROM stdin; then its data */
  CopyFrom, CopyStdin, CopyEnd, CopyData,
  /** CREATE [TEMPORARY …] TABLE [IF NOT EXISTS] name (column definitions) */
  Create, CreateColumns,
}

/** Words that start a table constraint, not a column, in CREATE TABLE. */
const CONSTRAINT = /^(PRIMARY|KEY|UNIQUE|CONSTRAINT|INDEX|FOREIGN|CHECK|FULLTEXT|SPATIAL|EXCLUDE|LIKE|PERIOD)$/i;
/** Tables whose columns are remembered (a dump's CREATE TABLEs name the columns its INSERTs leave out). */
const TABLES_MAX = 10_000;

/**
 * Every tuple value of every `INSERT [INTO] name [(cols)] VALUES (…), …` and every row of every
 * `COPY name [(cols)] FROM stdin`: `onValue` as each value ends (undefined where it is an
 * expression or NULL), `onTuple` as each tuple or row ends.
 */
export class SqlReader implements Reader {
  private readonly tokens = new Tokens((t) => this.token(t));
  private state = P.Idle;
  private parts: string[] = [];
  private table = '';
  private columns: string[] | undefined;
  /** The statement whose table name is being read. */
  private statement: 'insert' | 'copy' | 'create' = 'insert';
  /** The columns of the tables created so far. */
  private readonly defined = new Map<string, string[]>();
  private expectColumn = false;
  private depth = 0;
  private index = 0;
  private items = 0;
  private item: Tok | undefined;

  constructor(
    private readonly onValue: (value: SqlValue | undefined, index: number, table: string, columns: string[] | undefined) => void,
    private readonly onTuple?: () => void,
  ) {}

  read(text: string, base: number, final: boolean): number {
    const keep = this.tokens.read(text, base, final);
    if (final && this.state === P.Tuple) this.endTuple();
    // A literal is handed on at the comma or parenthesis after it, which may come pieces later:
    // its position is still to be asked for.
    return this.state === P.Tuple && this.items === 1 && this.item ? Math.min(keep, this.item.start) : keep;
  }

  private token(t: Tok): void {
    for (;;) {
      switch (this.state) {
        case P.Idle:
          if (t.t === 'word') {
            const w = t.v.toUpperCase();
            if (w === 'INSERT') this.state = P.Modifiers;
            else if (w === 'SET') this.state = P.Set;
            else if (w === 'COPY') this.beginTable('copy');
            else if (w === 'CREATE') this.state = P.Create;
          }
          return;
        case P.Create:
          if (t.t !== 'word') { this.state = P.Idle; continue; }
          if (/^TABLE$/i.test(t.v)) this.beginTable('create');
          else if (!/^(TEMPORARY|TEMP|UNLOGGED|GLOBAL|LOCAL|OR|REPLACE)$/i.test(t.v)) this.state = P.Idle;
          return;
        case P.CreateColumns:
          if (t.t === 'punct') {
            if (t.v === '(') this.depth++;
            else if (t.v === ')' && --this.depth === 0) {
              if (this.defined.size >= TABLES_MAX) this.defined.clear();
              this.defined.set(this.table, this.columns!);
              this.state = P.Idle;
            } else if (t.v === ',' && this.depth === 1) this.expectColumn = true;
            else if (t.v === ';') this.state = P.Idle;
            return;
          }
          if (this.expectColumn && this.depth === 1 && (t.t === 'word' || t.t === 'ident')) {
            if (t.t === 'ident' || !CONSTRAINT.test(t.v)) this.columns!.push(t.v);
            this.expectColumn = false;
          }
          return;
        case P.Set:
          if (t.v === ';') this.state = P.Idle;
          else if (t.t === 'word' && /^standard_conforming_strings$/i.test(t.v)) this.state = P.SetStrings;
          return;
        case P.SetStrings:
          if (t.v === ';') { this.state = P.Idle; return; }
          if (/^(on|off)$/i.test(t.v)) this.tokens.backslashes = /^off$/i.test(t.v);
          return;
        case P.Modifiers:
          if (t.t === 'word' && !/^INTO$/i.test(t.v) && MODIFIERS.test(t.v)) return;
          this.beginTable('insert');
          if (/^INTO$/i.test(t.v)) return;
          continue;
        case P.Table:
          // CREATE TABLE IF NOT EXISTS name
          if (this.statement === 'create' && this.parts.length === 0 && t.t === 'word' && /^(IF|NOT|EXISTS)$/i.test(t.v)) return;
          if (t.t === 'word' || t.t === 'ident') {
            this.parts.push(t.v.replace(/^\./, ''));
            this.state = P.TableDot;
            return;
          }
          this.tableDone();
          continue;
        case P.TableDot:
          if (t.v === '.') { this.state = P.Table; return; }
          // `schema.table` is two tokens, the second starting with its dot.
          if (t.t === 'word' && t.v.length > 1 && t.v.startsWith('.')) { this.parts.push(t.v.slice(1)); return; }
          this.tableDone();
          continue;
        case P.ColumnsOrValues:
          if (this.statement === 'create') {
            if (t.v !== '(') { this.state = P.Idle; continue; }
            this.columns = [];
            this.depth = 1;
            this.expectColumn = true;
            this.state = P.CreateColumns;
            return;
          }
          if (t.v === '(') { this.columns = []; this.state = P.Columns; return; }
          this.state = this.statement === 'copy' ? P.CopyFrom : P.Values;
          continue;
        case P.Columns:
          if (t.v === ')') { this.state = this.statement === 'copy' ? P.CopyFrom : P.Values; return; }
          if (t.t === 'word' || t.t === 'ident') this.columns!.push(t.v);
          return;
        case P.Values:
          if (/^VALUES?$/i.test(t.v)) { this.state = P.TupleStart; return; }
          this.state = P.Idle;
          continue;
        case P.CopyFrom:
          this.state = /^FROM$/i.test(t.v) ? P.CopyStdin : P.Idle;
          if (this.state === P.Idle) continue;
          return;
        case P.CopyStdin:
          this.state = /^STDIN$/i.test(t.v) ? P.CopyEnd : P.Idle;
          if (this.state === P.Idle) continue;
          return;
        case P.CopyEnd:
          // Options may follow (WITH (FORMAT text), a DELIMITER for the text format is not read).
          if (t.v !== ';') return;
          this.state = P.CopyData;
          this.tokens.beginCopy({
            field: (v, i) => this.onValue(v, i, this.table, this.columns),
            row: () => this.onTuple?.(),
            end: () => { this.state = P.Idle; },
          });
          return;
        case P.CopyData:
          return;
        case P.TupleStart:
          if (t.v === '(') {
            this.state = P.Tuple;
            this.depth = 1;
            this.index = 0;
            this.items = 0;
            this.item = undefined;
            return;
          }
          this.state = P.Idle;
          continue;
        case P.Tuple:
          if (t.t === 'punct') {
            if (t.v === '(') this.depth++;
            else if (t.v === ')') {
              if (--this.depth === 0) {
                this.endTuple();
                this.state = P.AfterTuple;
                return;
              }
            } else if (t.v === ',' && this.depth === 1) {
              this.flush();
              return;
            } else if (t.v === ';') {
              this.endTuple();
              this.state = P.AfterTuple;
              return;
            }
          }
          this.items++;
          this.item = t;
          return;
        case P.AfterTuple:
          if (t.v === ',') { this.state = P.TupleStart; return; }
          this.state = P.Idle;
          continue;
      }
    }
  }

  private beginTable(statement: 'insert' | 'copy' | 'create'): void {
    this.statement = statement;
    this.parts = [];
    this.state = P.Table;
  }

  /** The table is named: its columns are those the statement lists, else those it was created with. */
  private tableDone(): void {
    this.table = this.parts.join('.');
    this.columns = this.defined.get(this.table);
    this.state = P.ColumnsOrValues;
  }

  private flush(): void {
    const only = this.items === 1 ? this.item : undefined;
    this.onValue(only && (only.t === 'str' || only.t === 'num') ? { value: only.v, start: only.start, end: only.end, verbatim: only.verbatim } : undefined, this.index++, this.table, this.columns);
    this.items = 0;
    this.item = undefined;
  }

  private endTuple(): void {
    this.flush();
    this.onTuple?.();
  }
}

/** Every tuple of every `INSERT [INTO] name [(cols)] VALUES (…), …` and COPY row in the text. Never throws. */
export function readSqlTuples(text: string, onTuple: (tuple: SqlTuple) => void): void {
  let values: (SqlValue | undefined)[] = [];
  let table = '';
  let columns: string[] | undefined;
  const reader = new SqlReader((v, i, t, c) => {
    values[i] = v;
    table = t;
    columns = c;
  }, () => {
    onTuple({ table, columns, values });
    values = [];
  });
  reader.read(text, 0, true);
}

/** The checker's reader of SQL: each tuple position is a column, named by the statement's column list. */
export function sqlReader(c: Sink): Reader {
  let open = false;
  return new SqlReader((v, i, table, columns) => {
    if (!open) {
      c.rowBegin?.();
      open = true;
    }
    if (!v) return;
    const name = columns?.[i];
    c.value(v.value, v.start, v.verbatim, `${table || 'INSERT'} (${name ?? `value ${i + 1}`})`, name);
  }, () => {
    if (open) c.rowEnd?.();
    open = false;
  });
}
