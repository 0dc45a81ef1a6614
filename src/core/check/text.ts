import { scan } from '../scan';
import type { Reader, Sink } from './types';

// Plain text (logs, notes): no structure to say what a duplicate is, so only dates are checked,
// for IDs the scanner finds.

/** Plain text is scanned in blocks of whole lines of about this many characters; a longer line in pieces of it. */
const TEXT_PIECE = 65536;
/** Where a long line may be cut: after a character no ID contains. */
const NOT_IN_ID = /[^A-Za-z0-9_\-:{}]/g;

export class TextReader implements Reader {
  private pos = 0;
  /**
   * Where the line before `pos` starts (-1: none): it is scanned again with each block, and its
   * matches dropped, so the scanner has the context `scan` of the whole text would give it (a
   * certificate's base64 line is known by the line before it).
   */
  private context = -1;

  constructor(private readonly c: Sink) {}

  read(text: string, base: number, final: boolean): number {
    const n = base + text.length;
    for (;;) {
      const nl = text.indexOf('\n', this.pos - base);
      const lineEnd = nl < 0 ? n : base + nl;
      if (lineEnd - this.pos > TEXT_PIECE) {
        this.scan(text, base, this.pos, this.cut(text, base), -1);
        continue;
      }
      if (nl < 0 && !final) return this.context >= 0 ? this.context : this.pos;
      // This line and the whole lines after it, up to TEXT_PIECE characters.
      let end = lineEnd;
      let last = this.pos;
      while (end < n) {
        const next = text.indexOf('\n', end + 1 - base);
        if (next < 0 || base + next - this.pos > TEXT_PIECE) break;
        last = end + 1;
        end = base + next;
      }
      // With its line end: the scanner tells a line's last run by what follows it.
      this.scan(text, base, this.pos, end < n ? end + 1 : n, this.context);
      if (end >= n) return n;
      this.context = last;
      this.pos = end + 1;
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

  /** Scans [from, to), with the text from `context` (a line start before `from`, or -1) as context only. */
  private scan(text: string, base: number, from: number, to: number, context: number): void {
    if (to > from) {
      const at = context >= 0 ? context : from;
      for (const m of scan(text.slice(at - base, to - base), this.c.scanOpts)) {
        if (at + m.start >= from) this.c.futureOnly(m, at);
      }
    }
    this.pos = to;
    // A piece of a long line has no whole line before the next one.
    this.context = -1;
  }
}
