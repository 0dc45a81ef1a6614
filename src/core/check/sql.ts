// Finds the value tuples of `INSERT … VALUES (…), (…)` statements with a tokenizer that knows
// SQL's quotes ('…' with '' escapes, "…", `…`, [...]), comments (-- to end of line, /* … */)
// and nesting, so a comma or a parenthesis inside a string or a function call is not a split.

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

function* tokens(text: string): Generator<Tok> {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') { i++; continue; }
    if (c === '-' && text[i + 1] === '-') {
      const e = text.indexOf('\n', i);
      i = e < 0 ? n : e + 1;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const e = text.indexOf('*/', i + 2);
      i = e < 0 ? n : e + 2;
      continue;
    }
    if (c === "'" || c === '"' || c === '`' || c === '[') {
      const close = c === '[' ? ']' : c;
      let j = i + 1;
      let value = '';
      let chunk = j;
      let verbatim = true;
      for (;;) {
        const q = text.indexOf(close, j);
        if (q < 0) { value += text.slice(chunk); j = n; break; }
        if (close !== ']' && text[q + 1] === close) {
          value += text.slice(chunk, q + 1);
          j = q + 2;
          chunk = j;
          verbatim = false;
          continue;
        }
        value += text.slice(chunk, q);
        j = q;
        break;
      }
      yield { t: c === "'" ? 'str' : 'ident', v: value, start: i + 1, end: j, verbatim };
      i = Math.min(n, j + 1);
      continue;
    }
    if (/[A-Za-z_0-9.$]/.test(c)) {
      let j = i + 1;
      while (j < n && /[A-Za-z_0-9$]/.test(text[j]!)) j++;
      const v = text.slice(i, j);
      yield { t: /^\d+$/.test(v) ? 'num' : 'word', v, start: i, end: j, verbatim: true };
      i = j;
      continue;
    }
    yield { t: 'punct', v: c, start: i, end: i + 1, verbatim: true };
    i++;
  }
}

/** Every tuple of every `INSERT [INTO] name [(cols)] VALUES (…), …` in the text. Never throws. */
export function readSqlTuples(text: string, onTuple: (tuple: SqlTuple) => void): void {
  const it = tokens(text);
  let tok = it.next();
  const next = (): Tok | undefined => {
    const cur = tok.done ? undefined : tok.value;
    tok = it.next();
    return cur;
  };
  const peek = (): Tok | undefined => (tok.done ? undefined : tok.value);
  while (peek()) {
    const t = next()!;
    if (t.t !== 'word' || t.v.toUpperCase() !== 'INSERT') continue;
    // INSERT [IGNORE|OR REPLACE|…] [INTO] name(.name)* [(col, …)] VALUES
    let table = '';
    while (peek() && peek()!.t === 'word' && !/^(INTO)$/i.test(peek()!.v) && table === '' && /^(IGNORE|OR|REPLACE|ROLLBACK|ABORT|FAIL|LOW_PRIORITY|DELAYED|HIGH_PRIORITY)$/i.test(peek()!.v)) next();
    if (peek() && /^INTO$/i.test(peek()!.v)) next();
    const parts: string[] = [];
    while (peek() && (peek()!.t === 'word' || peek()!.t === 'ident')) {
      parts.push(next()!.v.replace(/^\./, ''));
      if (peek() && peek()!.v === '.') next();
      else break;
    }
    table = parts.join('.');
    let columns: string[] | undefined;
    if (peek()?.v === '(') {
      next();
      columns = [];
      while (peek() && peek()!.v !== ')') {
        const c = next()!;
        if (c.t === 'word' || c.t === 'ident') columns.push(c.v);
      }
      next();
    }
    if (!peek() || !/^VALUES?$/i.test(peek()!.v)) continue;
    next();
    for (;;) {
      if (peek()?.v !== '(') break;
      next();
      const values: (SqlValue | undefined)[] = [];
      let depth = 1;
      let items: Tok[] = [];
      const flush = () => {
        const only = items.length === 1 ? items[0] : undefined;
        values.push(only && (only.t === 'str' || only.t === 'num') ? { value: only.v, start: only.start, end: only.end, verbatim: only.verbatim } : undefined);
        items = [];
      };
      while (peek()) {
        const c = next()!;
        if (c.v === '(' && c.t === 'punct') depth++;
        else if (c.v === ')' && c.t === 'punct') {
          depth--;
          if (depth === 0) break;
        } else if (c.v === ',' && c.t === 'punct' && depth === 1) {
          flush();
          continue;
        } else if (c.v === ';' && c.t === 'punct') break;
        items.push(c);
      }
      flush();
      onTuple({ table, columns, values });
      if (peek()?.v === ',') next();
      else break;
    }
  }
}
