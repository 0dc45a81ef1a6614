// `idsmith scan` reads bytes as UTF-8 (its scanner and its byte columns work on them). Input in
// UTF-16 or UTF-32 with a byte order mark (PowerShell 5's `>` writes UTF-16LE) is turned into
// the UTF-8 text it holds before the scanner sees it, its mark into UTF-8's: it is scanned as
// that text saved as UTF-8 with a mark would be, so lines are its lines, columns count bytes of
// the UTF-8 text, and `--annotate` writes that text in UTF-8. Without a mark nothing is guessed;
// a start full of NUL bytes (UTF-16 without one, or no text at all) is said on standard error.
import { markedDecoder, markedEncoding } from '../core';

/** A mark is at most this long. */
const MARK_MAX = 4;
/** How much of an unmarked start is looked at for NUL bytes, and what share of them is many. */
const LOOK = 4096;
const NUL_SHARE = 0.25;

/**
 * `source` as UTF-8: input that starts with a mark of UTF-16 or UTF-32 decoded and encoded
 * again, any other passed on chunk for chunk (the same chunks, not copied: `source` may reuse
 * a chunk's memory once the next is asked for). `on.nuls`: an unmarked start whose first bytes
 * are many NULs.
 */
export async function* asUtf8(source: AsyncIterable<Uint8Array>, on: { nuls?(nuls: number, looked: number): void } = {}): AsyncGenerator<Uint8Array> {
  const it = source[Symbol.asyncIterator]();
  try {
    let head: Uint8Array | undefined;
    let ended = false;
    // The mark needs the first 4 bytes: a first chunk shorter than that is copied (its memory may be reused) and joined to the next.
    while (!ended && (head === undefined || head.length < MARK_MAX)) {
      const r = await it.next();
      if (r.done) ended = true;
      else if (head === undefined) head = r.value.length < MARK_MAX ? new Uint8Array(r.value) : r.value;
      else head = join(head, r.value);
    }
    if (head === undefined) return;
    const marked = markedEncoding(head);
    if (marked === undefined) {
      const nuls = countNuls(head.subarray(0, LOOK));
      if (nuls > 0 && nuls >= NUL_SHARE * Math.min(head.length, LOOK)) on.nuls?.(nuls, Math.min(head.length, LOOK));
      yield head;
      for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
      return;
    }
    const decode = markedDecoder(marked.encoding);
    // The mark goes to the decoder too: it comes out as U+FEFF, UTF-8's mark.
    let text = decode(head, !ended);
    if (text !== '') yield Buffer.from(text, 'utf8');
    if (!ended) {
      for (let r = await it.next(); !r.done; r = await it.next()) {
        text = decode(r.value, true);
        if (text !== '') yield Buffer.from(text, 'utf8');
      }
      // A last character cut short is U+FFFD.
      text = decode(new Uint8Array(0), false);
      if (text !== '') yield Buffer.from(text, 'utf8');
    }
  } finally {
    await it.return?.();
  }
}

function join(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function countNuls(b: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < b.length; i++) if (b[i] === 0) n++;
  return n;
}
