import { CST, Parser } from 'yaml';
import { candidate, segment } from './paths';
import { grouped } from '../grouped';
import { CHECK_MAX_DEPTH, type Reader, type Sink } from './types';

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

type Collection = CST.BlockMap | CST.BlockSequence | CST.FlowCollection;
type Item = CST.CollectionItem;

function isCollection(t: CST.Token | undefined): t is Collection {
  return t !== undefined && (t.type === 'block-map' || t.type === 'block-seq' || t.type === 'flow-collection');
}

function isSequence(t: Collection): boolean {
  return t.type === 'block-seq' || (t.type === 'flow-collection' && t.start.source === '[');
}

/** Where an item's text starts: its first token (a `-`, its key, …). */
function itemOffset(item: Item): number | undefined {
  const first = item.start[0] ?? item.key ?? item.sep?.[0] ?? item.value;
  return first?.offset;
}

/** Marks where a mapping's row ends in `walk`'s list of what is left to do. */
const ROW_END = Symbol('row end');

/** A value's place: its path, its innermost key, its depth. */
interface Place {
  path: string;
  key: string | undefined;
  depth: number;
}

/** The place of `item`'s value in a collection at `at`: `[*]` in a sequence, its key's segment in a map. */
function placeOf(item: Item, seq: boolean, at: Place): Place {
  if (seq && !item.key) return { path: at.path + '[*]', key: at.key, depth: at.depth + 1 };
  const k = item.key ? yamlScalar(item.key)?.value : undefined;
  return { path: at.path + (k === undefined ? '[?]' : segment(k)), key: k ?? at.key, depth: at.depth + 1 };
}

// YAML through the library's CST (its parser without composing documents): offsets and the
// source text of every scalar, at a fraction of the cost of building the document model, and
// numbers stay digits (a 19-digit snowflake does not survive a double). The parser reads text
// in pieces; while it builds a document, every item of a collection but the last is complete,
// so after each piece those items are checked and taken out of the parser's tree. Memory holds
// the chain of open collections and their last items, not the document: a 100 MB document of
// one sequence is read in the memory of one row. Walking is iterative, so no depth overflows
// the stack; collections deeper than CHECK_MAX_DEPTH are skipped with a warning.
/**
 * Flow collections (`[`, `{`) open at once past which the parser is given no more text: it holds
 * about 1 KB per level, so 3 MB of `[` took 2.7 GB and 15 s. Five times the depth that is checked,
 * so a document nested past that depth and closed again is still read to its end.
 */
const FLOW_MAX = 5 * CHECK_MAX_DEPTH;

/**
 * Where in `text` flow collections opened since `depth` pass FLOW_MAX, or -1; and the depth at
 * its end. Brackets are counted outside double- and single-quoted strings and comments, as
 * plainly as that: a count off by a bracket in a plain scalar only moves the limit.
 */
function flowPast(text: string, depth: number): { at: number; depth: number } {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 91 || c === 123) { // [ {
      if (++depth > FLOW_MAX) return { at: i, depth };
    } else if (c === 93 || c === 125) { // ] }
      if (depth > 0) depth--;
    } else if (c === 34) { // "
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (c === 39) { // '
      while (++i < text.length && text.charCodeAt(i) !== 39);
    } else if (c === 35 && (i === 0 || text.charCodeAt(i - 1) <= 32)) { // # comment
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl;
    }
  }
  return { at: -1, depth };
}

export class YamlReader implements Reader {
  readonly wholeLines = true;
  private readonly parser = new Parser();
  /** Flow collections open at the end of the text given to the parser (by `flowPast`'s count). */
  private flow = 0;
  private pos = 0;
  /** Documents completed; the one being built is number `docs`. */
  private docs = 0;
  /** The parser failed: nothing more is read. */
  private stopped = false;
  /** Open mappings whose row `stream` began. */
  private readonly rows = new WeakSet<Collection>();

  constructor(private readonly c: Sink) {}

  read(text: string, base: number, final: boolean): number {
    if (this.stopped) return base + text.length;
    // Whole lines only: the parser's lexer reads a line cut before its CR LF differently.
    const end = final ? text.length : text.lastIndexOf('\n') + 1;
    if (end > this.pos - base || final) {
      const start = this.pos;
      let piece = text.slice(start - base, end);
      this.pos = base + end;
      const past = flowPast(piece, this.flow);
      this.flow = past.depth;
      // Too deep: the lines before the one that goes too deep are read, and then no more.
      const tooDeep = past.at < 0 ? -1 : start + past.at;
      if (tooDeep >= 0) piece = piece.slice(0, piece.lastIndexOf('\n', past.at) + 1);
      try {
        for (const token of this.parser.parse(piece, !final || tooDeep >= 0)) {
          if (token.type !== 'document') continue;
          this.walk(token.value, this.root());
          this.docs++;
        }
      } catch (e) {
        // The library recurses on some constructs (thousands of nested `? ` keys) and can
        // overflow the stack: the file is checked up to here, and says so.
        this.stopped = true;
        this.c.unchecked(start, this.root().path, `the YAML parser gave up from this line on (${e instanceof Error ? e.message : String(e)}): the rest of the file is not checked`);
        return base + text.length;
      }
      if (tooDeep >= 0) {
        this.stream();
        this.stopped = true;
        this.c.unchecked(tooDeep, this.root().path, `flow collections nested deeper than ${grouped(FLOW_MAX)} levels from here on: the rest of the file is not checked`);
        return base + text.length;
      }
    }
    return final ? this.pos : this.stream();
  }

  /** The place of the document being built: `$`, or `$1`, `$2` … for the documents after the first. */
  private root(): Place {
    return { path: this.docs === 0 ? '$' : `$${this.docs}`, key: undefined, depth: 0 };
  }

  /**
   * Checks and removes the complete items of the document being built, down the parser's stack
   * of open collections (each one becomes the value of the last item of the one below it when
   * it closes). Returns the first offset whose text is still needed: where the deepest last
   * item starts. An open mapping is a row (its values belong to it) from the first of its
   * items checked here until `walk` reaches its end.
   */
  private stream(): number {
    const stack = this.parser.stack;
    if (stack[0]?.type !== 'document') return this.pos;
    let at = this.root();
    let keep = stack[0].offset;
    for (let s = 1; s < stack.length && at.depth < CHECK_MAX_DEPTH; s++) {
      const node = stack[s];
      if (!isCollection(node)) break;
      const items = node.items;
      const seq = isSequence(node);
      if (!seq && !this.rows.has(node)) {
        this.rows.add(node);
        this.c.rowBegin?.();
      }
      for (let i = 0; i < items.length - 1; i++) this.walk(items[i]!.value, placeOf(items[i]!, seq, at));
      if (items.length > 1) items.splice(0, items.length - 1);
      const last = items[0];
      keep = (last && itemOffset(last)) ?? node.offset;
      // The next collection up the stack is this item's value once its key is done (`key:`,
      // `- `); before that it is the key itself, which has no place yet.
      if (!last || (!seq && !last.sep) || last.value) break;
      at = placeOf(last, seq, at);
    }
    return Math.min(keep, this.pos);
  }

  /** Checks every scalar under `t`, in document order, without recursion; each mapping is a row. */
  private walk(t: CST.Token | undefined, place: Place): void {
    const todo: [CST.Token | undefined | typeof ROW_END, Place][] = [[t, place]];
    while (todo.length > 0) {
      const [node, at] = todo.pop()!;
      if (!node) continue;
      if (node === ROW_END) {
        this.c.rowEnd?.();
        continue;
      }
      if (node.type === 'document') {
        todo.push([node.value, at]);
        continue;
      }
      if (isCollection(node)) {
        if (at.depth >= CHECK_MAX_DEPTH) {
          this.c.unchecked(node.offset, at.path);
          continue;
        }
        const seq = isSequence(node);
        if (!seq) {
          // Begun already when `stream` checked some of its items while it was open.
          if (!this.rows.has(node)) this.c.rowBegin?.();
          todo.push([ROW_END, at]);
        }
        for (let i = node.items.length - 1; i >= 0; i--) todo.push([node.items[i]!.value, placeOf(node.items[i]!, seq, at)]);
        continue;
      }
      const sc = yamlScalar(node);
      if (sc && candidate(sc.value.length)) this.c.value(sc.value, sc.start, sc.verbatim, at.path, at.key);
    }
  }
}
