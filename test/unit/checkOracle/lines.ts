import type { CheckPosition } from '../../../src/core/check/types';

// Line and column of an offset, for text that arrives in pieces and is dropped once read. The
// readers ask for offsets in (nearly) increasing order, so a cursor walks forward over the text
// still held; nothing proportional to the file's line count is kept.

interface At {
  offset: number;
  line: number;
  lineStart: number;
  /** The character before `offset` is a CR: an LF at `offset` ends the same line. */
  afterCr: boolean;
}

export class Lines {
  /** Everything before this is counted and may be dropped. */
  private committed: At = { offset: 0, line: 0, lineStart: 0, afterCr: false };
  /** The last answer: the next question usually starts from here. */
  private probe: At = { ...this.committed };

  /**
   * The position of `offset`, where `text` holds the source from `base` on and `offset` is at or
   * after the last `commit`. LF, CR and CRLF each end one line; columns count UTF-16 units.
   */
  position(text: string, base: number, offset: number): CheckPosition {
    const at = this.walk(text, base, offset < this.probe.offset ? { ...this.committed } : this.probe, offset);
    this.probe = at;
    return { line: at.line, character: offset - at.lineStart };
  }

  /** Counts the text up to `offset`; later questions never ask about anything before it. */
  commit(text: string, base: number, offset: number): void {
    if (offset <= this.committed.offset) return;
    this.committed = this.walk(text, base, offset < this.probe.offset ? this.committed : this.probe, offset);
    if (this.probe.offset < this.committed.offset) this.probe = this.committed;
  }

  private walk(text: string, base: number, from: At, offset: number): At {
    let { line, lineStart, afterCr } = from;
    for (let i = from.offset; i < offset; i++) {
      const c = text.charCodeAt(i - base);
      if (c === 10) {
        if (!afterCr) line++;
        lineStart = i + 1;
        afterCr = false;
      } else if (c === 13) {
        line++;
        lineStart = i + 1;
        afterCr = true;
      } else {
        afterCr = false;
      }
    }
    return { offset: Math.max(offset, from.offset), line, lineStart, afterCr };
  }
}
