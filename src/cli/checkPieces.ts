// `idsmith check` of a large JSON Lines, CSV or TSV file on both cores: the file is cut into
// pieces after line feeds that end a record, workers judge the pieces (checkWorker.ts), and this
// thread tells their facts to the file's one ledger in order (src/core/check/pieces.ts), so the
// output is the one a check on this thread writes. A record too long to cut (a quoted field of
// megabytes, a file of CR line ends) sends the rest of the file through a checker on this thread.
import { CheckInPieces, Cuts, bytesWriter, checkedFormat, csvDelimiterOf, type CheckStreamOptions, type PieceJob } from '../core';
import type { CheckedPiece } from './checkPool';

/**
 * Files this large are checked by workers; smaller ones on this thread. Each worker warms up its
 * compiled code on its own, and the facts go through a log to this thread, so the workers take
 * about 1.6x this thread's CPU time, which a file of tens of MB does not pay back on a busy
 * machine: on this project's 2-core machine (3 runs each, load about 2), a 17 MB CSV took
 * 0.73-0.87 s on this thread and 0.92-1.01 s on workers, with 50 MB less memory; 30 MB
 * 0.98-1.35 against 1.15-1.33 s (JSON Lines 1.00-1.26 against 1.04-1.06); 50 MB even; 105 MB
 * 2.75-3.34 against 2.55-2.96 s. With idle cores the workers win sooner (an estimate from the
 * CPU times: this machine is never idle), from about 16 MB.
 */
export const WORKER_MIN_BYTES = 16 * 1024 * 1024;
/** A piece is cut at the last record end once this many bytes have come. */
const PIECE_BYTES = 256 * 1024;
/** With no record end in this many bytes, the rest of the file is checked on this thread (a worker holds a piece in 64 MB). */
const LONGEST_CUT = 4 * 1024 * 1024;
/**
 * A CSV's pieces wait for the one that holds its first record (it may be a header naming the
 * columns): until it is back, pieces are cut at the first record end after this many bytes, so
 * the other worker waits for a small piece, not a whole one.
 */
const FIRST_PIECE_BYTES = 16 * 1024;
/** Pieces at the workers or waiting to be told, at most: bounds memory. */
const IN_FLIGHT = 4;
/** The head is judged for being text as the check on this thread would: in its first pieces of this size. */
const PIECE = 64 * 1024;

/** The format of a file checked in pieces, or undefined when its format or delimiter is not cut. */
export function piecesFormat(opts: CheckStreamOptions): PieceJob['format'] | undefined {
  const format = checkedFormat(opts);
  if (format !== 'csv' && format !== 'tsv' && format !== 'jsonl') return undefined;
  // Cuts are found in bytes: a delimiter of more than one byte is left to this thread.
  if (format !== 'jsonl' && opts.delimiter !== undefined && opts.delimiter.charCodeAt(0) >= 128) return undefined;
  return format;
}

/** What judges pieces: the workers (checkPool.ts), or in tests anything that answers as they do. */
export interface PieceJudge {
  /** The facts of a piece; `bytes` is handed over, and comes back with them. `spare`: an array for facts, handed back. */
  run(bytes: Uint8Array, job: PieceJob, spare?: Float64Array<ArrayBuffer>): Promise<CheckedPiece>;
}

/** Sizes, for tests: pieces of `pieceBytes`, and `longestCut` bytes without a record end before the rest goes to this thread. */
export interface PieceSizes {
  pieceBytes?: number;
  longestCut?: number;
}

/**
 * Checks a file of `format` from `source` with `pool`; `flush` after each piece's problems.
 * A file in UTF-16 or UTF-32 goes to `onThisThread`. Returns why the file is not text when it
 * is not (then nothing was checked). Chunks of `source` are copied at once (its buffer may be
 * reused), and the bytes of pieces and the arrays of facts go back and forth to be reused: this
 * thread makes next to no garbage, so nothing waits long for a collection to free it.
 */
export async function checkInPieces(source: AsyncIterable<Uint8Array>, opts: CheckStreamOptions, format: PieceJob['format'], pool: PieceJudge,
  flush: () => Promise<void>, onThisThread: (source: AsyncIterable<Uint8Array>) => Promise<string | undefined>,
  sizes: PieceSizes = {}): Promise<string | undefined> {
  const it = source[Symbol.asyncIterator]();
  try {
    return await inPieces(it, opts, format, pool, flush, onThisThread, sizes);
  } finally {
    // Left early (not text, an error): the source closes what it holds open (a file).
    await it.return?.();
  }
}

async function inPieces(it: AsyncIterator<Uint8Array>, opts: CheckStreamOptions, format: PieceJob['format'], pool: PieceJudge,
  flush: () => Promise<void>, onThisThread: (source: AsyncIterable<Uint8Array>) => Promise<string | undefined>,
  { pieceBytes = PIECE_BYTES, longestCut = LONGEST_CUT }: PieceSizes): Promise<string | undefined> {
  // The bytes not sent yet: data[start, end).
  let data = new Uint8Array(2 * pieceBytes + 1024 * 1024);
  let start = 0;
  let end = 0;
  let ended = false;
  // Whether the start is text, judged on the pieces the check on this thread is given first.
  let notText: string | undefined;
  let looked = 0;
  // Whether a write of the start was judged text before a later one was not: the check on this
  // thread has then checked (and reported) that text, so the file goes there.
  let textFirst = false;
  const head = bytesWriter({ format: 'text', write(s) { if (s !== '') textFirst = true; }, end() {} }, { onNotText: (why) => { notText = why; } });
  // Where each chunk read before the first piece ends in `data` (until then nothing moves in it),
  // so a file sent to this thread arrives there in the same chunks.
  let bounds: number[] | undefined = [];
  const more = async (): Promise<void> => {
    const r = await it.next();
    if (r.done) {
      ended = true;
      return;
    }
    const chunk = r.value;
    for (let at = 0; at < chunk.length && looked < PIECE; at += PIECE) {
      const piece = chunk.length <= PIECE ? chunk : chunk.subarray(at, at + PIECE);
      head.write(piece);
      looked += piece.length;
    }
    if (end + chunk.length > data.length) {
      const room = end - start + chunk.length;
      if (room > data.length) {
        const more = new Uint8Array(Math.max(room, data.length * 2));
        more.set(data.subarray(start, end));
        data = more;
      } else {
        data.copyWithin(0, start, end);
      }
      end -= start;
      start = 0;
    }
    data.set(chunk, end);
    end += chunk.length;
    bounds?.push(end);
  };
  // The check on this thread judges the start by its first 8 K characters: 64 KB hold them.
  while (!ended && (end < Math.max(pieceBytes, 4) || looked < PIECE)) await more();
  const read = bounds;
  bounds = undefined;
  /** The whole file to this thread, in the chunks it came in. */
  const here = (): Promise<string | undefined> => onThisThread((async function* () {
    let from = 0;
    for (const to of read) {
      yield data.subarray(from, to);
      from = to;
    }
    for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
  })());
  // UTF-16 and UTF-32 (a byte order mark says so) are read on this thread.
  if ((data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff) || (data[0] === 0 && data[1] === 0 && data[2] === 0xfe && data[3] === 0xff)) return here();
  if (ended) head.end();
  if (notText !== undefined) return textFirst ? here() : notText;
  if (end >= 3 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) start = 3;
  let delimiter = format === 'jsonl' ? '' : opts.delimiter ?? (format === 'tsv' ? '\t' : undefined);
  // A CSV's delimiter is the one its first line uses most (as csv.ts tells it): 256 KB hold
  // the 64 K characters it looks at, when the line is that long.
  while (delimiter === undefined) {
    delimiter = csvDelimiterOf(new TextDecoder('utf-8', { ignoreBOM: true }).decode(data.subarray(start, Math.min(end, start + 256 * 1024)), { stream: true }), ended);
    if (delimiter === undefined) await more();
  }
  const check = new CheckInPieces(opts, format, delimiter);
  const cuts = new Cuts(format === 'jsonl' ? undefined : delimiter.charCodeAt(0));
  const inFlight: Promise<CheckedPiece>[] = [];
  const spareBytes: Uint8Array[] = [];
  const spareFacts: Float64Array<ArrayBuffer>[] = [];
  const tellNext = async (): Promise<void> => {
    const r = await inFlight.shift()!;
    const done = check.tell(r.facts, r.bytes);
    if (done !== undefined && spareBytes.length < IN_FLIGHT + 2) spareBytes.push(done);
    if (spareFacts.length < IN_FLIGHT + 2) spareFacts.push(r.facts.nums as Float64Array<ArrayBuffer>);
    await flush();
  };
  /** Sends data[start, cut) as the next piece. */
  const send = async (cut: number, last: boolean): Promise<void> => {
    // A CSV's pieces need its header: they wait for the piece that holds its first record.
    while (!check.ready && inFlight.length > 0) await tellNext();
    const n = cut - start;
    let buffer = spareBytes.pop();
    if (buffer === undefined || buffer.buffer.byteLength < n) buffer = new Uint8Array(Math.max(n, pieceBytes + pieceBytes / 2));
    const bytes = new Uint8Array(buffer.buffer, 0, n);
    bytes.set(data.subarray(start, cut));
    start = cut;
    inFlight.push(pool.run(bytes, check.job(last), spareFacts.pop()));
    while (inFlight.length >= IN_FLIGHT) await tellNext();
  };
  try {
    let scanned = start;
    let safe = -1;
    for (;;) {
      const before = start;
      // Before a CSV's first record is known, the bytes are looked at up to a small piece's size,
      // then a kilobyte at a time: the piece ends at about the first record end past it.
      const size = check.ready ? pieceBytes : Math.min(pieceBytes, FIRST_PIECE_BYTES);
      const to = check.ready ? end : Math.min(end, scanned < start + size ? start + size : scanned + 1024);
      const cut = cuts.advance(data.subarray(0, end), scanned, to);
      scanned = to;
      if (cut > 0) safe = cut;
      if (safe > start && (safe - start >= size || (ended && scanned === end))) {
        await send(safe, ended && safe === end);
        continue;
      }
      if (scanned < end) continue;
      if (ended) {
        if (end > start) await send(end, true);
        break;
      }
      if (end - start >= longestCut) {
        while (inFlight.length > 0) await tellNext();
        await restHere(check, data.subarray(start, end), it, flush);
        return undefined;
      }
      await more();
      // `more` may have moved the bytes to the front of a buffer.
      scanned -= before - start;
      if (safe >= 0) safe -= before - start;
    }
    while (inFlight.length > 0) await tellNext();
  } finally {
    // A read error ends the file: what the workers still do is not waited for, nor reported.
    for (const p of inFlight) p.catch(() => undefined);
  }
  check.end();
  await flush();
  return undefined;
}

/** The rest of a file (`data`, then what `it` brings) checked on this thread. */
async function restHere(check: CheckInPieces, data: Uint8Array, it: AsyncIterator<Uint8Array>, flush: () => Promise<void>): Promise<void> {
  const rest = check.rest();
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const write = (bytes: Uint8Array): void => {
    for (let at = 0; at < bytes.length; at += PIECE) rest.write(decoder.decode(bytes.subarray(at, at + PIECE), { stream: true }));
  };
  write(data);
  await flush();
  for (let r = await it.next(); !r.done; r = await it.next()) {
    write(r.value);
    await flush();
  }
  rest.write(decoder.decode());
  rest.end();
  check.end();
  await flush();
}
