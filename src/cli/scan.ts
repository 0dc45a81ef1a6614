import { UsageError, stringFlag } from './args';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, HELP_FLAG, EPOCH_FLAG, epochOption, type Command } from './command';
import { openInputs, type CliIo } from './io';
import { ByteWriter, countLines, runParts, type PieceJob, type PieceResult, type ScanMode } from './scanEngine';
import { asUtf8 } from './scanEncoding';
import { pieces } from './scanInput';
import { ScanPool, WORKER_MIN_BYTES, worthWorkers } from './scanPool';
import { escapeControls, escapeControlsInLines, quote, safeJson } from './safe';

export const scanCommand: Command = {
  name: 'scan',
  summary: 'find every ID in logs or any text, with its kind and time',
  usage: 'idsmith scan [--json] [--annotate] [--epoch NAME|MS] [FILE ...]',
  help: `Finds every ID in the given files, or in standard input when none are given ('-' also
means standard input), with the same rules as the editor's hover: hashes, constants, base64 and
implausible dates are not reported. Streams in constant memory; lines of any length.

Output (one of):
  default           FILE:LINE:COLUMN: KIND TEXT TIME, one line per ID (for people)
  --json            NDJSON, one object per ID: line, column (1-based; the column counts
                    bytes), text, kind, valid, unixMs when it holds a time, file when files
                    are given
  --annotate        the input unchanged, except that after each ID holding a time one space
                    and its ISO 8601 UTC time in brackets are inserted:
                    session=01ARYZ6S41TSV4RRFFQ69G5FAV [2016-07-30T22:36:16.385Z] user=...
                    Other bytes (CRLF, invalid UTF-8) are copied as they are; on a terminal,
                    control characters are shown escaped instead.

Input in UTF-16 or UTF-32 with a byte order mark is read as the same text in UTF-8 with a
mark: columns count bytes of that text, and --annotate writes it in UTF-8.

Options:
  --epoch NAME|MS   read snowflakes with this layout (twitter, discord, instagram, sonyflake,
                    mastodon, sonyflake2, baidu, or Unix ms); without it, a number whose key
                    or URL names a service (tweet_id, "discord": {...}, a Mastodon URL) is
                    read with that layout, and any other is reported when some preset
                    reading is plausible, with a time only when exactly one is
                    Also a layout written out (alias --layout):
                    epoch=2020-01-01,unit=10ms,time=39,sequence=8,machineId=16
  -h, --help        show this help
  --version         print the version

Exit status: 0 done, 1 some ID found is invalid (e.g. a broken ULID labelled as one),
2 usage error or a file that cannot be read.`,
  flags: [HELP_FLAG, { name: 'json', value: false }, { name: 'annotate', value: false }, EPOCH_FLAG],

  async run(args, io) {
    const json = args.flags.has('json');
    const annotate = args.flags.has('annotate');
    if (json && annotate) throw new UsageError('--json and --annotate are two different outputs; pick one');
    const epochText = stringFlag(args, 'epoch');
    const epoch = epochText === undefined || epochText.toLowerCase() === 'auto' ? undefined : epochOption(epochText);
    const now = io.now ? io.now() : Date.now();
    const mode: ScanMode = json ? 'json' : annotate ? 'annotate' : 'text';
    const out = new ByteOutput(io, mode === 'annotate');
    let invalid = false;
    let unreadable = false;
    let pool: ScanPool | undefined;
    try {
      for (const input of openInputs(args.positionals, io)) {
        const name = input.name === undefined ? '' : mode === 'json' ? safeJson(JSON.stringify(input.name)) : `${escapeControls(input.name)}:`;
        const job = { mode, name, epoch, now };
        const workers = io.scanWorkers;
        // A large file goes to workers at once; standard input once it has brought 16 MB quickly.
        const bigFile = worthWorkers(input.name);
        const poolFor = workers === undefined ? undefined : (read: number, pieceSize: number): ScanPool | undefined => {
          if (pool === undefined && !bigFile && (read < WORKER_MIN_BYTES || pieceSize < 256 * 1024)) return undefined;
          return (pool ??= new ScanPool(workers.script, undefined, workers.execArgv));
        };
        try {
          const bytes = input.name === undefined || input.name === '-' ? gather(input.source(), 512 * 1024) : input.source();
          const source = asUtf8(bytes, {
            nuls: (n, looked) => io.stderr(`idsmith scan: ${quote(input.name ?? '-')}: ${n} of its first ${looked} bytes are NUL; UTF-16 is read as UTF-16 only with a byte order mark\n`),
          });
          invalid = (await scanInput(source, job, out, poolFor)) || invalid;
        } catch (err) {
          if (!isFileError(err)) throw err;
          unreadable = true;
          await out.flush();
          io.stderr(`idsmith scan: cannot read ${quote(input.name ?? '-')}: ${escapeControls(err.message)}\n`);
        }
      }
      await out.flush();
    } finally {
      await pool?.close();
    }
    return unreadable ? EXIT_USAGE : invalid ? EXIT_INVALID : EXIT_OK;
  },
};


/**
 * Pieces handed to workers and not yet written, at most: bounds memory (pieces are up to 1 MiB).
 * Output is written in input order, so the oldest piece holds up the rest: with 4 (two per
 * worker), a worker whose pieces were done sat idle while the other finished the oldest one
 * (27-372 ms of a 300 MB log's 1.5 s, in profiles of 3 runs); with 8, 0-3 ms, for 4 MB more RSS.
 */
const IN_FLIGHT = 8;

/**
 * Scans one input piece by piece, writing output in input order; line numbers and byte columns
 * are counted here, before a piece is scanned, so pieces can be scanned anywhere. Returns
 * whether an invalid ID was found.
 */
export async function scanInput(
  source: AsyncIterable<Uint8Array>, base: Pick<PieceJob, 'mode' | 'name' | 'epoch' | 'now'>,
  out: { write(bytes: Uint8Array, now?: boolean): Promise<void> },
  poolFor?: ScanPool | ((read: number, pieceSize: number) => ScanPool | undefined),
  { maxPiece, lookahead, slowPiece = 64 * 1024 }: { maxPiece?: number; lookahead?: number; slowPiece?: number } = {},
): Promise<boolean> {
  let pool: ScanPool | undefined;
  let invalid = false;
  let line = 1, lineStart = 0; // line number and input offset of the line being read
  let lastEnd = -1; // input offset where the last match ended
  const inFlight: Promise<PieceResult>[] = [];
  const writeNext = async (): Promise<void> => {
    const r = await inFlight.shift()!;
    invalid ||= r.invalid;
    if (r.lastEnd > lastEnd) lastEnd = r.lastEnd;
    await out.write(r.out);
    // Written: a write to a file or pipe on Linux is done when it returns (or after 'drain').
    if (process.platform === 'linux') pool?.recycle(r.out);
  };
  const w = new ByteWriter();
  // Pieces are made in the buffers the workers hand back.
  for await (const piece of pieces(source, () => lastEnd, maxPiece, lookahead, (size) => pool?.spareInput(size))) {
    const job: PieceJob = { ...base, start: piece.start, from: piece.from, to: piece.to, offset: piece.offset, line, lineStart };
    const { lines, lastAfter } = countLines(piece.bytes, piece.start, piece.to);
    line += lines;
    if (lastAfter !== -1) lineStart = piece.offset + lastAfter;
    const pieceSize = piece.to - piece.start;
    const usePool = typeof poolFor === 'function' ? poolFor(piece.offset + piece.to, pieceSize) : poolFor;
    if (usePool === undefined) {
      while (inFlight.length > 0) await writeNext();
      w.len = 0;
      const r = runParts(piece.bytes, job, w);
      invalid ||= r.invalid;
      if (r.lastEnd > lastEnd) lastEnd = r.lastEnd;
      // A piece is what has arrived: `tail -f | idsmith scan` shows it now.
      await out.write(r.out, true);
      continue;
    }
    pool = usePool;
    inFlight.push(pool.run(piece.bytes, job));
    // The next piece starts where an ID over this cut of a long line ended: wait for it (unless
    // no ID can run over the cut). A small piece is a pipe that slowed down: what it brought is
    // written now.
    const drain = !piece.clean || pieceSize < slowPiece;
    while (inFlight.length >= IN_FLIGHT || (drain && inFlight.length > 0)) await writeNext();
    if (drain) await out.write(new Uint8Array(0), true);
  }
  while (inFlight.length > 0) await writeNext();
  return invalid;
}

const IDLE = Symbol('idle');

/**
 * Chunks of a stream joined while more arrive at once (a fast pipe), up to `target` bytes; what
 * has arrived is passed on as soon as the stream pauses for 2 ms (`tail -f`).
 */
export async function* gather(source: AsyncIterable<Uint8Array>, target: number): AsyncGenerator<Uint8Array> {
  const it = source[Symbol.asyncIterator]();
  let pending = it.next();
  for (;;) {
    const first = await pending;
    if (first.done) return;
    const parts = [first.value];
    let size = first.value.length;
    pending = it.next();
    let ended = false;
    while (size < target) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const r = await Promise.race([pending, new Promise<typeof IDLE>((resolve) => (timer = setTimeout(resolve, 2, IDLE)))]);
      clearTimeout(timer);
      if (r === IDLE) break;
      if (r.done) {
        ended = true;
        break;
      }
      parts.push(r.value);
      size += r.value.length;
      pending = it.next();
    }
    yield parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    if (ended) return;
  }
}

const MAX_WRITE = 256 * 1024;

/**
 * Output bytes in large writes: small pieces are gathered up to 256 KB before a write; on a
 * terminal, `--annotate`'s copied input is decoded and its control characters escaped.
 */
class ByteOutput {
  private readonly w = new ByteWriter(512 * 1024);

  constructor(private readonly io: CliIo, private readonly rawInput: boolean) {}

  /** Writes `bytes` (copied or written before returning); `now` flushes what is gathered. */
  async write(bytes: Uint8Array, now = false): Promise<void> {
    if (bytes.length > 0) {
      if (this.w.len === 0 && bytes.length >= 256 * 1024) {
        await this.send(bytes);
        return;
      }
      this.w.copy(bytes, 0, bytes.length);
    }
    if (now || this.w.len >= 256 * 1024) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.w.len === 0) return;
    // The sink may keep the chunk (a pipe that is full): hand it a copy, keep our buffer.
    const chunk = this.w.buf.slice(0, this.w.len);
    this.w.len = 0;
    await this.send(chunk);
  }

  /** In writes of at most 256 KB: large enough to be cheap, small enough to wait for a slow reader. */
  private async send(bytes: Uint8Array): Promise<void> {
    for (let i = 0; i < bytes.length; i += MAX_WRITE) await this.sendOne(bytes.subarray(i, Math.min(bytes.length, i + MAX_WRITE)));
  }

  private async sendOne(bytes: Uint8Array): Promise<void> {
    if (this.rawInput && this.io.stdoutIsTty === true) {
      await this.io.stdout(escapeControlsInLines(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')));
      return;
    }
    await this.io.stdout(bytes);
  }
}

/** An error of the file system (ENOENT, EISDIR, EACCES, ...), as opposed to a bug. */
export function isFileError(err: unknown): err is Error {
  const code: unknown = err instanceof Error ? (err as NodeJS.ErrnoException).code : undefined;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code);
}
