// A small RFC 4180 reader: quoted fields (with "" inside), CR, LF and CRLF line ends, any
// one-character delimiter. It reports where each field's text is, so a problem points at the
// characters in the file rather than at a parsed copy.

export interface CsvField {
  /** The field's value, quotes removed and "" unescaped. */
  value: string;
  /** Offsets of the value's characters in the source (inside the quotes when quoted). */
  start: number;
  end: number;
  /** True when the value equals `source.slice(start, end)` (no "" escapes inside). */
  verbatim: boolean;
}

/** Calls `onRow` with each record's fields and its index, in order. Never throws. */
export function readCsv(text: string, delimiter: string, onRow: (fields: CsvField[], row: number) => void): void {
  const d = delimiter.charCodeAt(0);
  const n = text.length;
  let i = 0;
  let row = 0;
  while (i < n) {
    const fields: CsvField[] = [];
    for (;;) {
      let field: CsvField;
      if (text.charCodeAt(i) === 34 /* " */) {
        const start = i + 1;
        let j = start;
        let value = '';
        let chunk = start;
        let verbatim = true;
        for (;;) {
          const q = text.indexOf('"', j);
          if (q < 0) { // unterminated: the rest of the file is the field
            value += text.slice(chunk);
            j = n;
            field = { value, start, end: n, verbatim };
            break;
          }
          if (text.charCodeAt(q + 1) === 34) {
            value += text.slice(chunk, q + 1);
            j = q + 2;
            chunk = j;
            verbatim = false;
            continue;
          }
          value += text.slice(chunk, q);
          field = { value, start, end: q, verbatim };
          j = q + 1;
          break;
        }
        // Anything between the closing quote and the delimiter is kept out of the value.
        while (j < n && text.charCodeAt(j) !== d && text.charCodeAt(j) !== 10 && text.charCodeAt(j) !== 13) j++;
        i = j;
      } else {
        let j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === d || c === 10 || c === 13) break;
          j++;
        }
        field = { value: text.slice(i, j), start: i, end: j, verbatim: true };
        i = j;
      }
      fields.push(field);
      if (i < n && text.charCodeAt(i) === d) {
        i++;
        continue;
      }
      break;
    }
    if (text.charCodeAt(i) === 13) i++;
    if (text.charCodeAt(i) === 10) i++;
    // A blank line is no record (a trailing newline, blank lines between blocks).
    if (!(fields.length === 1 && fields[0]!.value === '' && fields[0]!.end === fields[0]!.start)) onRow(fields, row++);
  }
}
