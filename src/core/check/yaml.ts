import { CST, Parser } from 'yaml';
import { candidate, segment } from './paths';
import type { Reader, Sink } from './types';

/** A YAML scalar token's value and whether the value is the source text at `start`. */
function yamlScalar(t: CST.Token): { value: string; start: number; verbatim: boolean } | undefined {
  if (t.type === 'scalar') {
    return { value: t.source, start: t.offset, verbatim: !t.source.includes('\n') };
  }
  if (t.type === 'single-quoted-scalar' || t.type === 'double-quoted-scalar') {
    const inner = t.source.slice(1, -1);
    const escaped = t.type === 'double-quoted-scalar' ? inner.includes('\\') : inner.includes("''");
    if (!escaped && !inner.includes('\n')) return { value: inner, start: t.offset + 1, verbatim: true };
    // Broken quoting is the user's to fix; it is not an ID problem, and must not throw.
    const resolved = CST.resolveAsScalar(t, false, () => {});
    return resolved ? { value: resolved.value, start: t.offset + 1, verbatim: false } : undefined;
  }
  return undefined;
}

// YAML through the library's CST (its parser without composing documents): offsets and the
// source text of every scalar, at a fraction of the cost of building the document model, and
// numbers stay digits (a 19-digit snowflake does not survive a double). The parser reads text
// in pieces and hands over each document once it is complete, so memory is one document's.
export class YamlReader implements Reader {
  private readonly parser = new Parser();
  private pos = 0;
  /** The first document, held until a second one shows whether paths need a document number. */
  private first: CST.Document | undefined;
  private docs = 0;
  private keep = 0;

  constructor(private readonly c: Sink) {}

  read(text: string, base: number, final: boolean): number {
    // Whole lines only: the parser's lexer reads a line cut before its CR LF differently.
    const end = final ? text.length : text.lastIndexOf('\n') + 1;
    if (end <= this.pos - base && !final) return this.docs === 0 ? 0 : this.keep;
    const piece = text.slice(this.pos - base, end);
    this.pos = base + end;
    for (const token of this.parser.parse(piece, !final)) {
      if (token.type !== 'document') continue;
      if (this.docs === 0) {
        this.first = token;
      } else {
        if (this.first) this.walk(this.first, '$0');
        this.first = undefined;
        this.walk(token, `$${this.docs}`);
      }
      this.keep = this.first ? this.first.offset : token.offset;
      this.docs++;
    }
    if (final) {
      if (this.first) this.walk(this.first, '$');
      this.first = undefined;
      return this.pos;
    }
    return this.docs === 0 ? 0 : this.keep;
  }

  private walk(t: CST.Token | undefined, path: string, key?: string): void {
    if (!t) return;
    switch (t.type) {
      case 'document':
        return this.walk(t.value, path, key);
      case 'block-map':
      case 'block-seq':
      case 'flow-collection': {
        const seq = t.type === 'block-seq' || (t.type === 'flow-collection' && t.start.source === '[');
        if (!seq) this.c.rowBegin?.();
        for (const item of t.items) {
          if (seq && !item.key) {
            this.walk(item.value, path + '[*]', key);
            continue;
          }
          const k = item.key ? yamlScalar(item.key)?.value : undefined;
          this.walk(item.value, path + (k === undefined ? '[?]' : segment(k)), k ?? key);
        }
        if (!seq) this.c.rowEnd?.();
        return;
      }
      default: {
        const sc = yamlScalar(t);
        if (sc && candidate(sc.value.length)) this.c.value(sc.value, sc.start, sc.verbatim, path, key);
      }
    }
  }
}
