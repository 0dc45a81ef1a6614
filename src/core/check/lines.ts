import type { CheckPosition } from './types';

// Line and column of an offset, for text that arrives in pieces and is dropped once read. The
// readers ask for offsets in (nearly) increasing order, so a cursor walks forward over the text
// still held; nothing proportional to the file's line count is kept. The walk jumps from line
// break to line break with the engine's native search (`indexOf`), remembering the next LF and
// the next CR it found, so each character of a piece is searched at most once for each.

class At {
  offset = 0;
  line = 0;
  lineStart = 0;
  /** The character before `offset` is a CR: an LF at `offset` ends the same line. */
  afterCr = false;

  copy(from: At): void {
    this.offset = from.offset;
    this.line = from.line;
    this.lineStart = from.lineStart;
    this.afterCr = from.afterCr;
  }
}

export class Lines {
  /** Everything before this is counted and may be dropped. */
  private readonly committed = new At();
  /** The last answer: the next question usually starts from here. */
  private readonly probe = new At();
  /** The next LF (CR) at or after `lfFrom` (`crFrom`) in the text held now; Infinity: none in it. -1: not looked for. */
  private lfFrom = -1;
  private lfAt = -1;
  private crFrom = -1;
  private crAt = -1;

  /** The text asked about from now on is another string (a new piece was appended). */
  held(): void {
    this.lfFrom = -1;
    this.crFrom = -1;
  }

  /**
   * The position of `offset`, where `text` holds the source from `base` on and `offset` is at or
   * after the last `commit`. LF, CR and CRLF each end one line; columns count UTF-16 units.
   */
  position(text: string, base: number, offset: number): CheckPosition {
    this.seek(text, base, offset);
    return { line: this.line, character: this.character };
  }

  /** `position` without the object: the line and column of `offset` are then `line` and `character`. */
  seek(text: string, base: number, offset: number): void {
    const p = this.probe;
    if (offset < p.offset) p.copy(this.committed);
    this.walk(text, base, p, offset);
    this.line = p.line;
    this.character = offset - p.lineStart;
  }

  /** What the last `seek` found. */
  line = 0;
  character = 0;

  /** Counts the text up to `offset`; later questions never ask about anything before it. */
  commit(text: string, base: number, offset: number): void {
    const c = this.committed;
    if (offset <= c.offset) return;
    if (offset >= this.probe.offset) c.copy(this.probe);
    this.walk(text, base, c, offset);
    if (this.probe.offset < c.offset) this.probe.copy(c);
  }

  private nextLf(text: string, base: number, i: number): number {
    if (this.lfFrom < 0 || this.lfFrom > i || this.lfAt < i) {
      const r = text.indexOf('\n', i - base);
      this.lfFrom = i;
      this.lfAt = r < 0 ? Infinity : r + base;
    }
    return this.lfAt;
  }

  private nextCr(text: string, base: number, i: number): number {
    if (this.crFrom < 0 || this.crFrom > i || this.crAt < i) {
      const r = text.indexOf('\r', i - base);
      this.crFrom = i;
      this.crAt = r < 0 ? Infinity : r + base;
    }
    return this.crAt;
  }

  /** Moves `at` forward to `offset` (never back). */
  private walk(text: string, base: number, at: At, offset: number): void {
    let i = at.offset;
    if (offset <= i) return;
    let { line, lineStart, afterCr } = at;
    while (i < offset) {
      const lf = this.nextLf(text, base, i);
      const cr = this.nextCr(text, base, i);
      const brk = lf < cr ? lf : cr;
      if (brk > i) afterCr = false;
      if (brk >= offset) break;
      if (brk === lf) {
        if (!afterCr) line++;
        afterCr = false;
      } else {
        line++;
        afterCr = true;
      }
      lineStart = brk + 1;
      i = brk + 1;
    }
    at.offset = offset;
    at.line = line;
    at.lineStart = lineStart;
    at.afterCr = afterCr;
  }
}
