import { FIELD_MAX, type Reader, type Sink } from './types';

// Finds the value tuples of `INSERT … VALUES (…), (…)` statements with a tokenizer that knows
// SQL's quotes ('…' with '' escapes, "…", `…`, [...]), comments (-- to end of line, /* … */)
// and nesting, so a comma or a parenthesis inside a string or a function call is not a split.
// Text is read in pieces of any size; only the token being read is held (at most FIELD_MAX
// characters of it), and values are handed on as each one ends.

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

const enum T { Default, Dash, Slash, LineComment, BlockComment, BlockStar, Quoted, QuoteSeen, Word }

const WORD_START = /[A-Za-z_0-9.$]/;
const WORD_PART = /[A-Za-z_0-9$]/;

/** SQL tokens from text given in pieces. */
class Tokens {
  private state = T.Default;
  private pos = 0;
  private start = 0;
  private close = '';
  private escaped = false;
  private head: string | undefined;

  constructor(private readonly onToken: (tok: Tok) => void) {}

  read(text: string, base: number, final: boolean): number {
    const n = base + text.length;
    let i = this.pos;
    while (i < n) {
      const c = text[i - base]!;
      switch (this.state) {
        case T.Default:
          if (c === ' ' || c === '\t' || c === '\n' || c === '\r') { i++; continue; }
          if (c === '-') { this.state = T.Dash; this.start = i; i++; continue; }
          if (c === '/') { this.state = T.Slash; this.start = i; i++; continue; }
          if (c === "'" || c === '"' || c === '`' || c === '[') {
            this.state = T.Quoted;
            this.close = c === '[' ? ']' : c;
            this.start = i + 1;
            this.escaped = false;
            this.head = undefined;
            i++;
            continue;
          }
          if (WORD_START.test(c)) { this.state = T.Word; this.start = i; this.head = undefined; i++; continue; }
          this.onToken({ t: 'punct', v: c, start: i, end: i + 1, verbatim: true });
          i++;
          continue;
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
          if (q < 0) { i = n; continue; }
          i = base + q + 1;
          this.state = this.close === ']' ? this.quoted(text, base, base + q) : T.QuoteSeen;
          continue;
        }
        case T.QuoteSeen:
          if (c === this.close) { this.escaped = true; this.state = T.Quoted; i++; continue; }
          this.state = this.quoted(text, base, i - 1);
          continue;
        case T.Word:
          if (WORD_PART.test(c)) { i++; continue; }
          this.word(text, base, i);
          continue;
      }
    }
    this.pos = i;
    if (final) {
      switch (this.state) {
        case T.Dash: this.onToken({ t: 'punct', v: '-', start: this.start, end: this.start + 1, verbatim: true }); break;
        case T.Slash: this.onToken({ t: 'punct', v: '/', start: this.start, end: this.start + 1, verbatim: true }); break;
        case T.Quoted: this.quoted(text, base, n); break; // unterminated: the rest of the text
        case T.QuoteSeen: this.quoted(text, base, n - 1); break;
        case T.Word: this.word(text, base, n); break;
        default:
      }
      this.state = T.Default;
      return n;
    }
    if (this.state === T.Quoted || this.state === T.QuoteSeen || this.state === T.Word || this.state === T.Dash || this.state === T.Slash) {
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
    if (this.escaped) v = v.split(this.close + this.close).join(this.close);
    this.onToken({ t: this.close === "'" ? 'str' : 'ident', v, start: this.start, end, verbatim: !this.escaped && end - this.start <= FIELD_MAX });
    return T.Default;
  }

  private word(text: string, base: number, end: number): void {
    const v = this.text(text, base, end);
    this.onToken({ t: /^\d+$/.test(v) ? 'num' : 'word', v, start: this.start, end, verbatim: true });
    this.state = T.Default;
  }
}

const MODIFIERS = /^(IGNORE|OR|REPLACE|ROLLBACK|ABORT|FAIL|LOW_PRIORITY|DELAYED|HIGH_PRIORITY)$/i;

const enum P { Idle, Modifiers, Table, TableDot, ColumnsOrValues, Columns, Values, TupleStart, Tuple, AfterTuple }

/**
 * Every tuple value of every `INSERT [INTO] name [(cols)] VALUES (…), …`: `onValue` as each
 * value ends (undefined where it is an expression), `onTuple` as each tuple ends.
 */
export class SqlReader implements Reader {
  private readonly tokens = new Tokens((t) => this.token(t));
  private state = P.Idle;
  private parts: string[] = [];
  private table = '';
  private columns: string[] | undefined;
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
          if (t.t === 'word' && t.v.toUpperCase() === 'INSERT') this.state = P.Modifiers;
          return;
        case P.Modifiers:
          if (t.t === 'word' && !/^INTO$/i.test(t.v) && MODIFIERS.test(t.v)) return;
          this.parts = [];
          this.state = P.Table;
          if (/^INTO$/i.test(t.v)) return;
          continue;
        case P.Table:
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
          if (t.v === '(') { this.columns = []; this.state = P.Columns; return; }
          this.state = P.Values;
          continue;
        case P.Columns:
          if (t.v === ')') { this.state = P.Values; return; }
          if (t.t === 'word' || t.t === 'ident') this.columns!.push(t.v);
          return;
        case P.Values:
          if (/^VALUES?$/i.test(t.v)) { this.state = P.TupleStart; return; }
          this.state = P.Idle;
          continue;
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

  private tableDone(): void {
    this.table = this.parts.join('.');
    this.columns = undefined;
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

/** Every tuple of every `INSERT [INTO] name [(cols)] VALUES (…), …` in the text. Never throws. */
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
