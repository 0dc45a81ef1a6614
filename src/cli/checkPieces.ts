// `idsmith check` of a large JSON Lines, CSV or TSV file on both cores: the file is cut into
// pieces after line feeds that end a record, workers judge the pieces (checkWorker.ts), and this
// thread tells their facts to the file's one ledger in order (src/core/check/pieces.ts), so the
// output is the one a check on this thread writes. A record too long to cut (a quoted field of
// megabytes, a file of CR line ends) sends the rest of the file through a checker on this thread.
import { CheckInPieces, Cuts, bytesWriter, checkedFormat, csvDelimiterOf, type CheckStreamOptions, type PieceJob } from '../core';
import type { CheckedPiece } from './checkPool';

/** Files this large are checked by workers; smaller ones on this thread (a worker takes ~30 ms to start). */
export const WORKER_MIN_BYTES = 4 * 1024 * 1024;
/** A piece is cut at the last record end once this many bytes have come. */
const PIECE_BYTES = 1024 * 1024;
/** With no record end in this many bytes, the rest of the file is checked on this thread. */
const LONGEST_CUT = 16 * 1024 * 1024;
/** Pieces at the workers or waiting to be told, at most: bounds memory. */
const IN_FLIGHT = 4;
/** The head is judged for being text as the check on this thread would: in its first pieces of this size. */
const PIECE = 64 * 1024;

/** The format and delimiter of a file checked in pieces, or undefined when it is not cut (its format, its delimiter). */
export function piecesFormat(opts: CheckStreamOptions): PieceJob['format'] | undefined {
  const format = checkedFormat(opts);
  if (format !== 'csv' && format !== 'tsv' && format !== 'jsonl') return undefined;
  // Cuts are found in bytes: a delimiter of more than one byte is left to this thread.
  if (format !== 'jsonl' && opts.delimiter !== undefined && opts.delimiter.charCodeAt(0) >= 128) return undefined;
  return format;
}

/** What judges pieces: the workers (checkPool.ts), or in tests anything that answers as they do. */
export interface PieceJudge {
  run(bytes: Uint8Array, job: PieceJob): Promise<CheckedPiece>;
}

/** Sizes, for tests: pieces of `pieceBytes`, and `longestCut` bytes without a record end before the rest goes to this thread. */
export interface PieceSizes {
  pieceBytes?: number;
  longestCut?: number;
}

/**
 * Checks a file of `format` from `source` with `pool`; `flush` after each piece's problems.
 * A file in UTF-16 or UTF-32 goes to `onThisThread`. Returns why the file is not text when it
 * is not (then nothing was checked).
 */
export async function checkInPieces(source: AsyncIterable<Uint8Array>, opts: CheckStreamOptions, format: PieceJob['format'], pool: PieceJudge,
  flush: () => Promise<void>, onThisThread: (source: AsyncIterable<Uint8Array>) => Promise<string | undefined>,
  { pieceBytes = PIECE_BYTES, longestCut = LONGEST_CUT }: PieceSizes = {}): Promise<string | undefined> {
  const it = source[Symbol.asyncIterator]();
  let data: Buffer = Buffer.alloc(0);
  let ended = false;
  // Whether the start is text, judged on the pieces the check on this thread is given first.
  let notText: string | undefined;
  let looked = 0;
  const head = bytesWriter({ format: 'text', write() {}, end() {} }, { onNotText: (why) => { notText = why; } });
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
    data = data.length === 0 ? Buffer.from(chunk) : Buffer.concat([data, chunk]);
  };
  while (!ended && data.length < Math.max(pieceBytes, 4)) await more();
  // UTF-16 and UTF-32 (a byte order mark says so) are read on this thread.
  if ((data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff) || (data[0] === 0 && data[1] === 0 && data[2] === 0xfe && data[3] === 0xff)) {
    const first = data;
    return onThisThread((async function* () {
      yield first;
      for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
    })());
  }
  if (ended) head.end();
  if (notText !== undefined) return notText;
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) data = data.subarray(3);
  let delimiter = format === 'jsonl' ? '' : opts.delimiter ?? (format === 'tsv' ? '\t' : undefined);
  // A CSV's delimiter is the one its first line uses most (as csv.ts tells it): 256 KB hold
  // the 64 K characters it looks at, when the line is that long.
  while (delimiter === undefined) {
    delimiter = csvDelimiterOf(new TextDecoder('utf-8', { ignoreBOM: true }).decode(data.subarray(0, 256 * 1024), { stream: true }), ended);
    if (delimiter === undefined) await more();
  }
  const check = new CheckInPieces(opts, format, delimiter);
  const cuts = new Cuts(format === 'jsonl' ? undefined : delimiter.charCodeAt(0));
  const inFlight: Promise<CheckedPiece>[] = [];
  const tellNext = async (): Promise<void> => {
    const r = await inFlight.shift()!;
    check.tell(r.facts, r.text);
    await flush();
  };
  const send = async (bytes: Uint8Array, last: boolean): Promise<void> => {
    // A CSV's pieces need its header: they wait for the piece that holds its first record.
    while (!check.ready && inFlight.length > 0) await tellNext();
    inFlight.push(pool.run(bytes, check.job(last)));
    while (inFlight.length >= IN_FLIGHT) await tellNext();
  };
  try {
    let scanned = 0;
    let safe = -1;
    for (;;) {
      const cut = cuts.advance(data, scanned, data.length);
      scanned = data.length;
      if (cut > 0) safe = cut;
      if (safe > 0 && (safe >= pieceBytes || ended)) {
        // A copy of its own: its buffer is handed to the worker.
        const piece = new Uint8Array(data.subarray(0, safe));
        data = data.subarray(safe);
        scanned -= safe;
        safe = -1;
        await send(piece, ended && data.length === 0);
        continue;
      }
      if (ended) {
        if (data.length > 0) await send(new Uint8Array(data), true);
        break;
      }
      if (data.length >= longestCut) {
        while (inFlight.length > 0) await tellNext();
        await restHere(check, data, it, flush);
        return undefined;
      }
      await more();
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
