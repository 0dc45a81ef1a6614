import { candidate, segment } from '../../../src/core/check/paths';
import { CHECK_MAX_DEPTH, FIELD_MAX, type Reader, type Sink } from '../../../src/core/check/types';

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

  read(text: string, base: number, final: boolean): number {
    const n = base + text.length;
    let i = this.pos;
    while (i < n) {
      const c = text.charCodeAt(i - base);
      if (this.lines && c === 10) {
        this.endToken(text, base, i);
        this.objects.length = 0;
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
          while (j < n) {
            x = text.charCodeAt(j - base);
            if (x === 34 || x === 92 || x === 10 || x === 13) break;
            j++;
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
        case S.Num:
          if ((c >= 48 && c <= 57) || c === 46 || c === 43 || c === 45 || c === 101 || c === 69) { i++; continue; }
          this.number(text, base, i);
          continue;
        case S.Word:
          if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 36) { i++; continue; }
          this.state = S.Default;
          continue;
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
    const raw = this.raw(text, base, start, close);
    const value = this.escapes ? unescape(raw) : raw;
    if (this.expectKey) {
      this.expectKey = false;
      this.on.property(value);
      return;
    }
    this.on.scalar(value, start, close + 1 - this.tokenStart, !this.escapes && close - start <= FIELD_MAX, true);
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

// The listener's own path stack: the path of a depth is made from the one above it when the
// structure changes, not for every value (a 10 MB fixture has hundreds of thousands of values),
// and not from the root again (a file 10,000 levels deep would make that quadratic).
export class JsonPaths implements JsonListener {
  private readonly segs: string[] = [];
  private readonly keys: (string | undefined)[] = [];
  /** `prefixes[i]` is the path of depth i (`$` and the first i segments), for i < `valid`. */
  private readonly prefixes: string[] = ['$'];
  private valid = 1;
  private key: string | undefined;

  constructor(private readonly c: Sink) {}

  private current(): string {
    const depth = this.segs.length;
    for (let i = this.valid; i <= depth; i++) this.prefixes[i] = this.prefixes[i - 1]! + this.segs[i - 1]!;
    this.valid = depth + 1;
    return this.prefixes[depth]!;
  }

  private changed(depth: number): void {
    if (this.valid > depth) this.valid = depth;
  }

  objectBegin(): void {
    this.segs.push('');
    this.keys.push(this.key);
    this.c.rowBegin?.();
  }

  property(name: string): void {
    const depth = this.segs.length;
    if (depth === 0) return;
    this.segs[depth - 1] = segment(name);
    this.key = name;
    this.changed(depth);
  }

  objectEnd(): void {
    this.pop();
    this.c.rowEnd?.();
  }

  private pop(): void {
    this.segs.pop();
    this.key = this.keys.pop();
    this.changed(this.segs.length + 1);
    this.prefixes.length = Math.min(this.prefixes.length, this.segs.length + 1);
  }

  arrayBegin(): void {
    this.segs.push('[*]');
    this.keys.push(this.key);
    this.changed(this.segs.length);
  }

  arrayEnd(): void {
    this.pop();
  }

  scalar(value: string, start: number, length: number, verbatim: boolean, isString: boolean): void {
    if (!candidate(length)) return;
    this.c.value(value, start, verbatim, this.current(), this.key);
    void isString;
  }

  tooDeep(start: number): void {
    this.c.unchecked(start, this.current());
  }

  reset(): void {
    this.segs.length = 0;
    this.keys.length = 0;
    this.prefixes.length = 1;
    this.valid = 1;
    this.key = undefined;
  }
}
