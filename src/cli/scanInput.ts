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
/** How far back from the cap a cut of a long line is looked for. */
const CUT_SEARCH = 64 * 1024;

export interface Piece {
  /** The piece with up to CONTEXT bytes of context on each side. */
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
 * The pieces of a byte stream, in order, each scanned before the next is read. `resumeAt`
 * tells the reader where the scan of the piece just given stopped, as an input offset (past
 * `to` when an ID ran over the cut of a long line; -1 for none): the next piece starts there.
 */
export async function* pieces(source: AsyncIterable<Uint8Array>, resumeAt: () => number, maxPiece = MAX_PIECE, lookahead = CONTEXT): AsyncGenerator<Piece> {
  let data: Buffer = Buffer.alloc(0); // bytes not scanned yet
  let dataOffset = 0; // their offset in the input
  let back: Buffer = Buffer.alloc(0); // up to CONTEXT bytes before them
  let skipRun = false; // a long line was cut inside a run: skip the rest of it
  let skipBytes = 0; // ... or inside an escape: skip this many bytes of it

  const piece = function* (end: number, continues: boolean, final: boolean): Generator<Piece> {
    const after = final ? data.length : Math.min(data.length, end + lookahead);
    const bytes = Buffer.concat([back, data.subarray(0, after)]);
    const to = back.length + end;
    let from = back.length;
    if (skipRun) while (from < to && isWord(bytes[from]!)) from++;
    from = Math.min(to, from + skipBytes);
    skipBytes = 0;
    skipRun = skipRun && from === to && continues;
    yield { bytes, offset: dataOffset - back.length, start: back.length, from, to, continues };
    const resume = Math.min(data.length, Math.max(end, resumeAt() - dataOffset));
    back = resume >= CONTEXT
      ? Buffer.from(data.subarray(resume - CONTEXT, resume))
      : Buffer.from(Buffer.concat([back, data.subarray(0, resume)]).subarray(-CONTEXT));
    data = data.subarray(resume);
    dataOffset += resume;
  };

  for await (const chunk of source) {
    data = data.length === 0 ? Buffer.from(chunk) : Buffer.concat([data, chunk]);
    for (;;) {
      const nl = data.lastIndexOf(10, Math.min(data.length, maxPiece) - 1);
      if (nl !== -1) {
        yield* piece(nl + 1, false, false);
      } else if (data.length >= maxPiece + lookahead) {
        const cut = lineCut(data, maxPiece);
        // Cut at the cap: the next piece skips the rest of a run or escape the cut goes through
        // (this piece scanned it); a run that starts at the cap is not skipped.
        const through = cut < 0 ? cutThrough(data, maxPiece) : 0;
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
