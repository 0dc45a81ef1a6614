import { own } from './own';
import { candidate, segment } from './paths';
import { CHECK_MAX_DEPTH, FIELD_MAX, type Reader, type Sink } from './types';

// A streaming JSON(C) tokenizer for the checker: it reads text in pieces of any size and tells
// its listener where objects, arrays, property names and scalar values are, as jsonc-parser's
// `visit` does (which needs the whole text at once). Comments and trailing commas are accepted,
// and what is not JSON is skipped without a word: the checker looks for IDs, the editor's JSON
// support reports syntax. It holds only the token being read (at most FIELD_MAX characters of
// it) and one entry per open object or array.

export interface JsonListener {
  objectBegin(): void;
  property(name: string): void;
  objectEnd(): void;
  arrayBegin(): void;
  arrayEnd(): void;
  /**
   * A string or number value: `value` decoded, `start` the offset of its first character
   * (after the quote), `length` the token's length in the source (quotes included), `verbatim`
   * when the source between the quotes is the value (no escapes).
   */
  scalar(value: string, start: number, length: number, verbatim: boolean, isString: boolean): void;
  /** JSON Lines: a line ended; the next one is a new document. */
  reset(): void;
  /** A container opens at `start`, nested deeper than CHECK_MAX_DEPTH: it is skipped with what it holds. */
  tooDeep(start: number): void;
  /**
   * A flat object with nothing open around it, told at once (JSON Lines, `JsonReader.flatLine`):
   * `keys[p]` is the name of pair `p`, and `pairs` holds FLAT_WORDS numbers per pair (the value's
   * start and end in `text`, whose first char is at offset `base` of the source, at 2 and 3; its
   * kind at 4). Returns false to be told it as events instead (nothing done).
   */
  flatObject?(text: string, base: number, keys: readonly string[], pairs: Int32Array, count: number): boolean;
}


const enum S { Default, Str, Escape, Slash, LineComment, BlockComment, BlockStar, Num, Word }

export class JsonReader implements Reader {
  private state = S.Default;
  private pos = 0;
  private tokenStart = 0;
  private head: string | undefined;
  private escapes = false;
  /** Open containers: true for an object. */
  private readonly objects: boolean[] = [];
  /** In an object, before a property name (after `{` or `,`). */
  private expectKey = false;
  /** Open containers beyond CHECK_MAX_DEPTH, skipped. */
  private deep = 0;

  /** `lines`: JSON Lines, each line its own document. */
  constructor(private readonly on: JsonListener, private readonly lines = false) {}

  read(text: string, base: number, final: boolean, codes?: Uint8Array): number {
    const n = base + text.length;
    let i = this.pos;
    while (i < n) {
      const c = codes === undefined ? text.charCodeAt(i - base) : codes[i - base]!;
      if (this.lines && c === 10) {
        this.endToken(text, base, i);
        if (this.objects.length !== 0) this.objects.length = 0;
        this.deep = 0;
        this.expectKey = false;
        this.state = S.Default;
        this.on.reset();
        i++;
        continue;
      }
      switch (this.state) {
        case S.Default:
          i++;
          switch (c) {
            case 32: case 9: case 10: case 13: break;
            case 123: // {
              if (codes !== undefined && this.lines && this.objects.length === 0 && this.deep === 0) {
                const next = this.flatLine(text, base, codes, i - 1, n);
                if (next >= 0) {
                  i = next;
                  break;
                }
              }
              if (this.deep > 0 || this.objects.length >= CHECK_MAX_DEPTH) {
                if (this.deep++ === 0) this.on.tooDeep(i - 1);
                break;
              }
              this.objects.push(true);
              this.expectKey = true;
              this.on.objectBegin();
              break;
            case 125: // }
              if (this.deep > 0) this.deep--;
              else if (this.objects.length > 0) {
                this.objects.pop();
                this.on.objectEnd();
              }
              this.expectKey = false;
              break;
            case 91: // [
              if (this.deep > 0 || this.objects.length >= CHECK_MAX_DEPTH) {
                if (this.deep++ === 0) this.on.tooDeep(i - 1);
                break;
              }
              this.objects.push(false);
              this.expectKey = false;
              this.on.arrayBegin();
              break;
            case 93: // ]
              if (this.deep > 0) this.deep--;
              else if (this.objects.length > 0) {
                this.objects.pop();
                this.on.arrayEnd();
              }
              this.expectKey = false;
              break;
            case 44: // ,
              this.expectKey = this.objects[this.objects.length - 1] === true;
              break;
            case 58: // :
              this.expectKey = false;
              break;
            case 34: // "
              this.begin(S.Str, i - 1);
              break;
            case 47: // /
              this.state = S.Slash;
              break;
            default:
              if ((c >= 48 && c <= 57) || c === 45) this.begin(S.Num, i - 1);
              else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36) this.state = S.Word;
          }
          continue;
        case S.Str: {
          let j = i;
          let x = 0;
          if (codes === undefined) {
            while (j < n) {
              x = text.charCodeAt(j - base);
              if (x === 34 || x === 92 || x === 10 || x === 13) break;
              j++;
            }
          } else {
            while (j < n) {
              x = codes[j - base]!;
              if (x === 34 || x === 92 || x === 10 || x === 13) break;
              j++;
            }
          }
          i = j;
          if (j === n) continue;
          if (x === 92) {
            this.escapes = true;
            this.state = S.Escape;
            i++;
          } else if (x === 34) {
            this.string(text, base, j);
            i++;
          } else {
            // A line break ends an unterminated string, as in jsonc-parser; it is not a value.
            this.state = S.Default;
            this.expectKey = false;
          }
          continue;
        }
        case S.Escape:
          this.state = S.Str;
          i++;
          continue;
        case S.Slash:
          if (c === 47) { this.state = S.LineComment; i++; } else if (c === 42) { this.state = S.BlockComment; i++; } else this.state = S.Default;
          continue;
        case S.LineComment:
          if (c === 10 || c === 13) this.state = S.Default;
          i++;
          continue;
        case S.BlockComment: {
          const star = text.indexOf('*', i - base);
          if (star < 0) { i = n; continue; }
          i = base + star + 1;
          this.state = S.BlockStar;
          continue;
        }
        case S.BlockStar:
          if (c === 47) { this.state = S.Default; i++; } else if (c !== 42) { this.state = S.BlockComment; i++; } else i++;
          continue;
        case S.Num: {
          // To the number's end in one loop (a line break ends it here as it would above).
          let j = i;
          while (j < n) {
            const x = codes === undefined ? text.charCodeAt(j - base) : codes[j - base]!;
            if (!((x >= 48 && x <= 57) || x === 46 || x === 43 || x === 45 || x === 101 || x === 69)) break;
            j++;
          }
          i = j;
          if (j < n) this.number(text, base, j);
          continue;
        }
        case S.Word: {
          let j = i;
          while (j < n) {
            const x = text.charCodeAt(j - base);
            if (!((x >= 65 && x <= 90) || (x >= 97 && x <= 122) || (x >= 48 && x <= 57) || x === 95 || x === 36)) break;
            j++;
          }
          i = j;
          if (j < n) this.state = S.Default;
          continue;
        }
      }
    }
    this.pos = i;
    if (final) {
      this.endToken(text, base, n);
      return n;
    }
    if (this.state === S.Str || this.state === S.Escape || this.state === S.Num) {
      if (this.pos - this.tokenStart > FIELD_MAX) this.head ??= text.slice(this.tokenStart - base, this.tokenStart - base + FIELD_MAX);
      else return this.tokenStart;
    }
    return this.pos;
  }

  /** The pairs of a flat line (`flatLine`): key start and end, value start and end, and the value's kind, FLAT_WORDS numbers each. */
  private flat = new Int32Array(FLAT_WORDS * 16);
  /** Their keys, for the listener's `flatObject`. */
  private readonly flatKeys: string[] = [];

  /**
   * JSON Lines: the line whose `{` is at `open` (nothing open before it), read in one loop when
   * it is one flat object of plain keys and values (no escape, no nesting, no comment, no value
   * longer than FIELD_MAX, the line's end in `text`): the listener hears what the state machine
   * would tell it, and the offset after the line's line feed is returned. -1 for any other line
   * (nothing told): the state machine reads it. Most lines of a JSON Lines file are such objects,
   * and the state machine spends a turn of its loop on each of their punctuation chars.
   */
  private flatLine(text: string, base: number, b: Uint8Array, open: number, n: number): number {
    let j = open + 1 - base;
    const end = n - base;
    let pairs = 0;
    for (;;) {
      let c = 0;
      while (j < end && ((c = b[j]!) === 32 || c === 9 || c === 13)) j++;
      if (j >= end || c !== 34) return -1;
      // The key.
      const ks = ++j;
      while (j < end && (c = b[j]!) !== 34 && c !== 92 && c !== 10 && c !== 13) j++;
      if (j >= end || c !== 34 || j - ks > KEY_CACHED_MAX) return -1;
      const ke = j++;
      while (j < end && ((c = b[j]!) === 32 || c === 9 || c === 13)) j++;
      if (j >= end || c !== 58) return -1;
      j++;
      while (j < end && ((c = b[j]!) === 32 || c === 9 || c === 13)) j++;
      if (j >= end) return -1;
      // The value: a string, a number (as the state machine reads one: its chars, from a digit or `-`), or a word (true, false, null).
      let vs: number, ve: number, kind: number;
      if (c === 34) {
        vs = ++j;
        while (j < end && (c = b[j]!) !== 34 && c !== 92 && c !== 10 && c !== 13) j++;
        if (j >= end || c !== 34) return -1;
        ve = j++;
        kind = FLAT_STRING;
      } else if ((c >= 48 && c <= 57) || c === 45) {
        vs = j++;
        while (j < end && (((c = b[j]!) >= 48 && c <= 57) || c === 46 || c === 43 || c === 45 || c === 101 || c === 69)) j++;
        ve = j;
        kind = FLAT_NUMBER;
      } else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36) {
        vs = j++;
        while (j < end && (((c = b[j]!) >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 36)) j++;
        ve = j;
        kind = FLAT_WORD;
      } else {
        return -1;
      }
      if (ve - vs > FIELD_MAX) return -1;
      if (pairs * FLAT_WORDS === this.flat.length) {
        if (pairs >= FLAT_PAIRS_MAX) return -1;
        const more = new Int32Array(this.flat.length * 2);
        more.set(this.flat);
        this.flat = more;
      }
      const f = this.flat;
      const o = pairs++ * FLAT_WORDS;
      f[o] = ks; f[o + 1] = ke; f[o + 2] = vs; f[o + 3] = ve; f[o + 4] = kind;
      while (j < end && ((c = b[j]!) === 32 || c === 9 || c === 13)) j++;
      if (j >= end) return -1;
      j++;
      if (c === 44) continue;
      if (c !== 125) return -1;
      while (j < end && ((c = b[j]!) === 32 || c === 9 || c === 13)) j++;
      if (j >= end || c !== 10) return -1;
      break;
    }
    // What the state machine tells of it: the object, each key and value, its end, the line's end.
    const on = this.on;
    const f = this.flat;
    if (on.flatObject !== undefined) {
      const keys = this.flatKeys;
      for (let p = 0; p < pairs; p++) keys[p] = this.key(text, base, f[p * FLAT_WORDS]! + base, f[p * FLAT_WORDS + 1]! + base);
      if (on.flatObject(text, base, keys, f, pairs)) {
        this.expectKey = false;
        on.reset();
        return j + 1 + base;
      }
    }
    on.objectBegin();
    for (let p = 0; p < pairs * FLAT_WORDS; p += FLAT_WORDS) {
      on.property(this.key(text, base, f[p]! + base, f[p + 1]! + base));
      const kind = f[p + 4]!;
      if (kind === FLAT_WORD) continue;
      const vs = f[p + 2]!, ve = f[p + 3]!;
      if (kind === FLAT_STRING) on.scalar(text.slice(vs, ve), vs + base, ve - vs + 2, true, true);
      else on.scalar(text.slice(vs, ve), vs + base, ve - vs, true, false);
    }
    on.objectEnd();
    this.expectKey = false;
    on.reset();
    return j + 1 + base;
  }

  private begin(state: S, start: number): void {
    this.state = state;
    this.tokenStart = start;
    this.head = undefined;
    this.escapes = false;
  }

  /** The text ends (or, in JSON Lines, the line): a number there is complete, a string is not. */
  private endToken(text: string, base: number, end: number): void {
    if (this.state === S.Num) this.number(text, base, end);
    this.state = S.Default;
  }

  private raw(text: string, base: number, start: number, end: number): string {
    return end - start > FIELD_MAX ? (this.head ?? text.slice(start - base, start - base + FIELD_MAX)) : text.slice(start - base, end - base);
  }

  /** A string closed by the quote at `close`. */
  private string(text: string, base: number, close: number): void {
    this.state = S.Default;
    if (this.deep > 0) return;
    const start = this.tokenStart + 1;
    if (this.expectKey && !this.escapes && close - start <= KEY_CACHED_MAX) {
      this.expectKey = false;
      this.on.property(this.key(text, base, start, close));
      return;
    }
    const raw = this.raw(text, base, start, close);
    const value = this.escapes ? unescape(raw) : raw;
    if (this.expectKey) {
      this.expectKey = false;
      this.on.property(value);
      return;
    }
    this.on.scalar(value, start, close + 1 - this.tokenStart, !this.escapes && close - start <= FIELD_MAX, true);
  }

  /** Keys read before, by length and first and last char: the same key again is the same string, not a new one to hash. */
  private readonly keys: (string | undefined)[] = new Array<string | undefined>(256).fill(undefined);

  /** The key between `start` and `close` (no escapes), from `keys` when it is the one there. */
  private key(text: string, base: number, start: number, close: number): string {
    const len = close - start;
    const slot = len === 0 ? 0 : (len * 31 + text.charCodeAt(start - base) * 7 + text.charCodeAt(close - 1 - base)) & 255;
    const known = this.keys[slot];
    if (known !== undefined && known.length === len && text.startsWith(known, start - base)) return known;
    // A copy of its own: a slice would keep the piece of the file it was cut from alive.
    const name = own(text.slice(start - base, close - base));
    this.keys[slot] = name;
    return name;
  }

  private number(text: string, base: number, end: number): void {
    this.state = S.Default;
    if (this.expectKey || this.deep > 0) return;
    const raw = this.raw(text, base, this.tokenStart, end);
    this.on.scalar(raw, this.tokenStart, end - this.tokenStart, end - this.tokenStart <= FIELD_MAX, false);
  }
}

const SIMPLE: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

function unescape(raw: string): string {
  return raw.replace(/\\(u[0-9A-Fa-f]{4}|.)/g, (_m, e: string) => (e.length === 5 ? String.fromCharCode(parseInt(e.slice(1), 16)) : SIMPLE[e] ?? e));
}

/** Keys longer than this are cut from the text each time, not remembered. */
const KEY_CACHED_MAX = 64;
/** A flat line's pairs (`JsonReader.flatLine`): numbers per pair, the kinds of value, and the most read so. */
export const FLAT_WORDS = 5, FLAT_STRING = 0, FLAT_NUMBER = 1, FLAT_WORD = 2;
const FLAT_PAIRS_MAX = 4096;
/** Paths and segments longer than this are made each time, not remembered. */
const PATH_CACHED_MAX = 256;
const PATHS_MAX = 10_000;

/**
 * MongoDB Extended JSON (what `mongoexport` writes, and `mongoimport` reads): `{"$oid": …}`,
 * `{"$date": …}` (its canonical form `{"$date": {"$numberLong": …}}`), `{"$uuid": …}`. An object
 * whose first key is one of these wraps a single value: the value is read as the wrapper's own
 * (`_id`, not `_id.$oid`), in the row around it, and the wrapper is no row.
 */
const WRAPPER_KEYS = new Set(['$oid', '$date', '$numberLong', '$uuid']);
/** What each level of the path stack is: an array, an object whose first key has not come, a row, a wrapper. */
const ARRAY = 0, PENDING = 1, ROW = 2, WRAPPER = 3;


// The listener's own path stack: the path of a depth is made from the one above it when the
// structure changes, not for every value (a 10 MB fixture has hundreds of thousands of values),
// and not from the root again (a file 10,000 levels deep would make that quadratic).
export class JsonPaths implements JsonListener {
  private readonly segs: string[] = [];
  private readonly keys: (string | undefined)[] = [];
  /** What each level of `segs` is (ARRAY, PENDING, ROW, WRAPPER). */
  private readonly levels: number[] = [];
  /** `prefixes[i]` is the path of depth i (`$` and the first i segments), for i < `valid`. */
  private readonly prefixes: string[] = ['$'];
  private valid = 1;
  private key: string | undefined;

  constructor(private readonly c: Sink) {}

  /**
   * Paths made before, by the path above and the segment: JSON Lines and arrays of objects
   * repeat the same keys in every row, and a path made again for each value was a new string
   * to hash for every lookup of its column. Bounded: cleared at PATHS_MAX.
   */
  private readonly children = new Map<string, Map<string, string>>();
  private childCount = 0;
  /** Segments made before, by key name. */
  private readonly segments = new Map<string, string>();

  private current(): string {
    const depth = this.segs.length;
    for (let i = this.valid; i <= depth; i++) this.prefixes[i] = this.child(this.prefixes[i - 1]!, this.segs[i - 1]!);
    this.valid = depth + 1;
    return this.prefixes[depth]!;
  }

  private child(parent: string, seg: string): string {
    if (parent.length + seg.length > PATH_CACHED_MAX) return parent + seg;
    let under = this.children.get(parent);
    if (under === undefined) {
      if (this.childCount >= PATHS_MAX) this.forget();
      this.children.set(parent, (under = new Map()));
    }
    let path = under.get(seg);
    if (path === undefined) {
      if (this.childCount >= PATHS_MAX) return parent + seg;
      path = own(parent + seg);
      under.set(seg, path);
      this.childCount++;
    }
    return path;
  }

  private forget(): void {
    this.children.clear();
    this.segments.clear();
    this.childCount = 0;
  }

  private segment(name: string): string {
    if (name.length > PATH_CACHED_MAX) return segment(name);
    let seg = this.segments.get(name);
    if (seg === undefined) {
      seg = own(segment(name));
      if (this.segments.size >= PATHS_MAX) this.forget();
      this.segments.set(own(name), seg);
    }
    return seg;
  }

  private changed(depth: number): void {
    if (this.valid > depth) this.valid = depth;
  }

  objectBegin(): void {
    this.segs.push('');
    this.keys.push(this.key);
    // A row begins at its first key, which says whether the object is a row or a wrapper.
    this.levels.push(PENDING);
  }

  /** Objects begun and not ended: rows open, which a line end of JSON Lines ends. */
  private openObjects = 0;

  property(name: string): void {
    const depth = this.segs.length;
    if (depth === 0) return;
    this.segs[depth - 1] = this.segment(name);
    this.key = name;
    this.changed(depth);
    if (this.levels[depth - 1] === PENDING) {
      if (WRAPPER_KEYS.has(name)) {
        this.levels[depth - 1] = WRAPPER;
      } else {
        this.levels[depth - 1] = ROW;
        this.openObjects++;
        this.c.rowBegin?.();
      }
    }
  }

  objectEnd(): void {
    const row = this.levels[this.levels.length - 1] === ROW;
    this.pop();
    if (!row) return;
    if (this.openObjects > 0) this.openObjects--;
    this.c.rowEnd?.();
  }

  private pop(): void {
    this.segs.pop();
    this.levels.pop();
    this.key = this.keys.pop();
    this.changed(this.segs.length + 1);
    // Setting an array's length is a call into the engine even when nothing changes.
    if (this.prefixes.length > this.segs.length + 1) this.prefixes.length = this.segs.length + 1;
  }

  arrayBegin(): void {
    this.segs.push('[*]');
    this.levels.push(ARRAY);
    this.keys.push(this.key);
    this.changed(this.segs.length);
  }

  arrayEnd(): void {
    this.pop();
  }

  scalar(value: string, start: number, length: number, verbatim: boolean, isString: boolean): void {
    if (!candidate(length)) return;
    let i = this.segs.length - 1;
    if (i >= 0 && this.levels[i] === WRAPPER && WRAPPER_KEYS.has(this.key!)) {
      // The wrapped value is the wrapper's: under its key, at its path (up through nested wrappers).
      while (i > 0 && this.levels[i - 1] === WRAPPER) i--;
      this.current();
      this.c.value(value, start, verbatim, this.prefixes[i]!, this.keys[i]);
      return;
    }
    this.c.value(value, start, verbatim, this.current(), this.key);
    void isString;
  }

  tooDeep(start: number): void {
    this.c.unchecked(start, this.current());
  }

  /**
   * A flat object at the top of a line: a row of its pairs, told without the stack the events
   * keep (`objectBegin`, a `property` and `scalar` per pair, `objectEnd`: each value at `$` and
   * its key's segment, under its key). One whose first key makes it a wrapper is told as events.
   */
  flatObject(text: string, base: number, keys: readonly string[], pairs: Int32Array, count: number): boolean {
    if (this.segs.length !== 0 || count === 0 || WRAPPER_KEYS.has(keys[0]!)) return false;
    const c = this.c;
    c.rowBegin?.();
    for (let p = 0, o = 0; p < count; p++, o += FLAT_WORDS) {
      const kind = pairs[o + 4]!;
      if (kind === FLAT_WORD) continue;
      const vs = pairs[o + 2]!, ve = pairs[o + 3]!;
      if (!candidate(kind === FLAT_STRING ? ve - vs + 2 : ve - vs)) continue;
      const name = keys[p]!;
      const path = this.child('$', this.segment(name));
      if (c.valueAt !== undefined) c.valueAt(vs + base, ve + base, path, name);
      else c.value(text.slice(vs, ve), vs + base, true, path, name);
    }
    c.rowEnd?.();
    return true;
  }

  reset(): void {
    // A line's objects left open (a broken or cut line) end with it: each was a row held to the
    // end of the file, so lines of `{` grew memory without bound (32 MB: 1.5 GB).
    for (; this.openObjects > 0; this.openObjects--) this.c.rowEnd?.();
    if (this.segs.length !== 0) this.segs.length = 0;
    if (this.levels.length !== 0) this.levels.length = 0;
    if (this.keys.length !== 0) this.keys.length = 0;
    if (this.prefixes.length !== 1) this.prefixes.length = 1;
    this.valid = 1;
    this.key = undefined;
  }
}
