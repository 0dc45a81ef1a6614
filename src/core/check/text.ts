import { scan } from '../scan';
import type { Reader, Sink } from './types';

// Plain text (logs, notes): no structure to say what a duplicate is, so only dates are checked,
// for IDs the scanner finds.

/** Plain text is scanned a line at a time; a longer line in pieces of this many characters. */
const TEXT_PIECE = 65536;
/** Where a long line may be cut: after a character no ID contains. */
const NOT_IN_ID = /[^A-Za-z0-9_\-:{}]/g;

export class TextReader implements Reader {
  private pos = 0;

  constructor(private readonly c: Sink) {}

  read(text: string, base: number, final: boolean): number {
    const n = base + text.length;
    for (;;) {
      const nl = text.indexOf('\n', this.pos - base);
      const lineEnd = nl < 0 ? n : base + nl;
      if (lineEnd - this.pos > TEXT_PIECE) {
        this.scan(text, base, this.pos, this.cut(text, base));
        continue;
      }
      if (nl < 0 && !final) return this.pos;
      this.scan(text, base, this.pos, lineEnd);
      if (nl < 0) return n;
      this.pos = lineEnd + 1;
    }
  }

  /** The end of a piece of a long line: after the last character in it that no ID contains. */
  private cut(text: string, base: number): number {
    const piece = text.slice(this.pos - base, this.pos - base + TEXT_PIECE);
    let end = TEXT_PIECE;
    NOT_IN_ID.lastIndex = 0;
    for (let m = NOT_IN_ID.exec(piece); m; m = NOT_IN_ID.exec(piece)) end = m.index + 1;
    return this.pos + end;
  }

  private scan(text: string, base: number, from: number, to: number): void {
    if (to > from) for (const m of scan(text.slice(from - base, to - base), this.c.scanOpts)) this.c.futureOnly(m, from);
    this.pos = to;
  }
}
