// How `idsmith scan` cuts a byte stream into pieces to scan. A piece ends at the last line end
// that has arrived, so `tail -f | idsmith scan` prints each block as it comes; a line longer
// than the cap is cut where the scan is between runs (before the run that touches the cap), so
// no ID straddles a cut. Each piece comes with the bytes around it as context (the keys that
// name a snowflake's layout, labels, base64 blobs), so scanning piece after piece finds what
// one scan of the whole input finds.
import { cutThrough } from '../core/scan';

/** Longest piece scanned at a time (and stretch of one line): files arrive in 1 MiB chunks. */
export const MAX_PIECE = 4 * 1024 * 1024;
/** Context kept on each side of a piece: the scanner looks back at most 8 KB (snowflake keys). */
export const CONTEXT = 9 * 1024;
/** A long line cut where no ID can run over is cut in pieces of at most this (they are scanned side by side, as a file's pieces are). */
const CLEAN_PIECE = 1024 * 1024;
/** How far back from the cap a cut of a long line is looked for. */
const CUT_SEARCH = 64 * 1024;

export interface Piece {
  /** The piece with up to CONTEXT bytes of context on each side, at the start of a buffer of its own (which can be transferred as it is). */
  bytes: Buffer;
  /** Offset of `bytes[0]` in the input. */
  offset: number;
  /** Where the piece's own bytes start in `bytes` (what comes before is context). */
  start: number;
  /** What this piece scans: runs starting in [from, to) of `bytes` (`from` > `start` past the rest of a cut run). */
  from: number;
  to: number;
  /** `to` is not at a line end: the line goes on in the next piece. */
  continues: boolean;
  /**
   * `to` follows a line end, a space or a tab, which no ID holds: no ID runs over it, so the next
   * piece starts at `to` whatever this one's scan finds (and may be scanned beside it).
   */
  clean: boolean;
}

/**
 * Where a piece's bytes go: a buffer of at least `size` bytes that nothing else uses (a scan
 * worker hands each piece's back once scanned). Undefined: a new one.
 */
export type PieceMemory = (size: number) => ArrayBuffer | undefined;

/** A piece's buffer is made this much larger than its bytes (to 64 KB), so it fits the next piece too. */
const PIECE_ROUND = 64 * 1024;

/** `size` bytes in `spare` when it is large enough, else in a new buffer a little larger. */
function pieceBuffer(size: number, memory: PieceMemory | undefined): Buffer {
  const spare = memory?.(size);
  if (spare !== undefined && spare.byteLength >= size) return Buffer.from(spare, 0, size);
  return Buffer.from(new ArrayBuffer(Math.ceil((size + 1) / PIECE_ROUND) * PIECE_ROUND), 0, size);
}

function isWord(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/**
 * Where to cut a line with no line end in `buf[0, cap)`: the last position before the cap that
 * follows a char ending a run (not `%` or `\`, which may start an escape), so the cut never
 * splits a run; -1 when the last CUT_SEARCH bytes are one run (then no ID is in it).
 */
export function lineCut(buf: Uint8Array, cap: number): number {
  for (let p = cap; p > 0 && p > cap - CUT_SEARCH; p--) {
    const c = buf[p - 1]!;
    if (!isWord(c) && c !== 37 && c !== 92) return p;
  }
  return -1;
}

/**
 * Where to cut a line with no line end in `buf[0, cap)` so that no ID runs over the cut: after
 * the last space or tab before the cap (no ID holds either), within CUT_SEARCH; -1 when none.
 */
export function spaceCut(buf: Uint8Array, cap: number): number {
  for (let p = cap; p > 0 && p > cap - CUT_SEARCH; p--) {
    const c = buf[p - 1]!;
    if (c === 32 || c === 9) return p;
  }
  return -1;
}

/**
 * The bytes not scanned yet: an owned `head` (what the chunks so far left after their last piece)
 * then the chunk being cut, kept as the stream gave it. Each byte of a chunk is copied once into
 * the piece that holds it, and what a chunk leaves goes into memory that is kept and reused: a
 * line longer than a chunk was copied into a new buffer at each chunk, megabytes of garbage
 * that a 90 MB one-line log on standard input held until a full collection (67 MB at the peak).
 */
class Pending {
  /** The memory the head is in (the head may start later in it, after `skip`). */
  private store: Buffer = Buffer.alloc(0);
  head: Buffer = Buffer.alloc(0);
  chunk: Buffer = Buffer.alloc(0);

  get length(): number {
    return this.head.length + this.chunk.length;
  }

  /** The last line end at or before `p` (0 <= p < length), or -1. */
  lastNewline(p: number): number {
    const h = this.head.length;
    if (p >= h) {
      const r = this.chunk.lastIndexOf(10, p - h);
      if (r !== -1) return h + r;
      return h === 0 ? -1 : this.head.lastIndexOf(10, h - 1);
    }
    return this.head.lastIndexOf(10, p);
  }

  /** Bytes [from, to) after `before`, copied into one buffer of their own (transferable; from `memory` when given). */
  copy(before: Buffer, from: number, to: number, memory?: PieceMemory): Buffer {
    const h = this.head.length;
    const size = before.length + to - from;
    const out = memory === undefined ? Buffer.allocUnsafeSlow(size) : pieceBuffer(size, memory);
    before.copy(out, 0);
    let at = before.length;
    if (from < h) at += this.head.copy(out, at, from, Math.min(to, h));
    if (to > h) this.chunk.copy(out, at, Math.max(0, from - h), to - h);
    return out;
  }

  /** Drops the first `n` bytes. */
  skip(n: number): void {
    const h = this.head.length;
    if (n >= h) {
      this.chunk = this.chunk.subarray(n - h);
      this.head = this.head.subarray(h);
    } else {
      this.head = this.head.subarray(n);
    }
  }

  /** One buffer (long lines without a line end, which `lineCut` and `cutThrough` read). */
  joined(): Buffer {
    if (this.head.length === 0) return this.chunk;
    this.append(this.chunk);
    this.chunk = Buffer.alloc(0);
    return this.head;
  }

  /** A chunk arrives: what is left of the last one goes after the head. */
  add(chunk: Uint8Array): void {
    if (this.chunk.length > 0) this.append(this.chunk);
    this.chunk = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  }

  /** `bytes` (never in `store`) after the head, which is moved to the front of `store` (grown when too small). */
  private append(bytes: Buffer): void {
    const h = this.head.length;
    const size = h + bytes.length;
    if (this.store.length < size) {
      const grown = Buffer.allocUnsafeSlow(Math.max(size, this.store.length * 2));
      this.head.copy(grown, 0);
      this.store = grown;
    } else if (h > 0 && this.head.byteOffset !== this.store.byteOffset) {
      const at = this.head.byteOffset - this.store.byteOffset;
      this.store.copyWithin(0, at, at + h);
    }
    bytes.copy(this.store, h);
    this.head = this.store.subarray(0, size);
  }
}

/**
 * The pieces of a byte stream, in order, each scanned before the next is read. `resumeAt`
 * tells the reader where the scan of the piece just given stopped, as an input offset (past
 * `to` when an ID ran over the cut of a long line; -1 for none): the next piece starts there.
 */
export async function* pieces(source: AsyncIterable<Uint8Array>, resumeAt: () => number, maxPiece = MAX_PIECE, lookahead = CONTEXT, memory: PieceMemory = () => undefined): AsyncGenerator<Piece> {
  const data = new Pending(); // bytes not scanned yet
  let dataOffset = 0; // their offset in the input
  let back: Buffer = Buffer.alloc(0); // up to CONTEXT bytes before them
  let skipRun = false; // a long line was cut inside a run: skip the rest of it
  let skipBytes = 0; // ... or inside an escape: skip this many bytes of it

  const piece = function* (end: number, continues: boolean, final: boolean, clean = !continues): Generator<Piece> {
    const length = data.length;
    const after = final ? length : Math.min(length, end + lookahead);
    // A buffer of the piece's own, which may be handed to a worker whole (by transfer): a new
    // one each time was mostly the kernel's first touch of its pages (fresh 512 KB buffers cost
    // 60-90 ms per 300 MB to fill, reused ones 7).
    const bytes = data.copy(back, 0, after, memory);
    const to = back.length + end;
    let from = back.length;
    if (skipRun) while (from < to && isWord(bytes[from]!)) from++;
    from = Math.min(to, from + skipBytes);
    skipBytes = 0;
    skipRun = skipRun && from === to && continues;
    // (The bytes may be handed over to a worker: what comes after is read from `data`.)
    yield { bytes, offset: dataOffset - back.length, start: back.length, from, to, continues, clean };
    const resume = Math.min(data.length, Math.max(end, resumeAt() - dataOffset));
    back = resume >= CONTEXT
      ? data.copy(Buffer.alloc(0), resume - CONTEXT, resume)
      : Buffer.from(data.copy(back, 0, resume).subarray(-CONTEXT));
    data.skip(resume);
    dataOffset += resume;
  };

  for await (const chunk of source) {
    data.add(chunk);
    for (;;) {
      const nl = data.lastNewline(Math.min(data.length, maxPiece) - 1);
      if (nl !== -1) {
        yield* piece(nl + 1, false, false);
      } else if (data.length >= maxPiece + lookahead) {
        const joined = data.joined();
        // After a space or tab when there is one: the next piece need not wait for this one's
        // scan, so a one-line log is scanned on both cores.
        const space = spaceCut(joined, Math.min(maxPiece, CLEAN_PIECE));
        if (space > 0) {
          yield* piece(space, true, false, true);
          continue;
        }
        const cut = lineCut(joined, maxPiece);
        // Cut at the cap: the next piece skips the rest of a run or escape the cut goes through
        // (this piece scanned it); a run that starts at the cap is not skipped.
        const through = cut < 0 ? cutThrough(joined, maxPiece) : 0;
        yield* piece(cut < 0 ? maxPiece : cut, true, false);
        if (through < 0) skipRun = true;
        else skipBytes = through;
      } else {
        break;
      }
    }
  }
  if (data.length > 0) yield* piece(data.length, false, true);
}
