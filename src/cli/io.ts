// The CLI talks to the world only through this interface, so tests run every command
// in-process with captured output; src/cli.ts connects it to the process. Input arrives as a
// stream of byte chunks and output leaves in bounded batches, so memory stays flat whatever
// the input size.
import { open } from 'node:fs/promises';
import { escapeControlsInLines } from './safe';

/**
 * Standard output refused a write (ENOSPC on a full disk, EIO on a closed terminal); `main`
 * says so in one line and exits EXIT_OUTPUT. A closed pipe (EPIPE) is not one: src/cli.ts ends
 * quietly there.
 */
export class OutputError extends Error {
  override readonly name = 'OutputError';
  constructor(readonly cause: Error) {
    super(`cannot write standard output: ${cause.message.replace(/, write$/, '')}`);
  }
}

export interface CliIo {
  /** Standard input as byte chunks; only iterated when a command reads stdin. */
  stdin(): AsyncIterable<Uint8Array>;
  /**
   * A named file as byte chunks; rejects (or throws while iterating) when it cannot be read. A
   * chunk's memory may be read into again once the chunk after it has been read (`fileChunks`):
   * what is kept longer is copied.
   */
  readFile(path: string): AsyncIterable<Uint8Array>;
  /** Writes to standard output; the promise settles once more may be written (backpressure). */
  stdout(chunk: string | Uint8Array): Promise<void> | void;
  /**
   * Writes to standard error; like `stdout`, the promise settles once more may be written. A
   * one-off message may ignore it; per-line messages go through `Output.message`, which waits.
   */
  stderr(text: string): Promise<void> | void;
  /** Whether standard output is a terminal: then input bytes are never echoed raw. */
  stdoutIsTty?: boolean;
  /** Current time for relative `--time`/`--from` values; injectable so tests are stable. */
  now?: () => number;
  /**
   * A script that runs scan workers (the CLI bundle itself), and `execArgv` for it: `scan` uses
   * both cores on a large file or input only when it is given.
   */
  scanWorkers?: { script: string; execArgv?: string[] };
}

/**
 * Batches small writes into chunks of about 64 KB and waits whenever the sink asks to. In
 * `bytes` mode each string holds one byte per character (latin1), so input lines copied
 * through come out byte for byte, invalid UTF-8 included; to a terminal they are decoded and
 * their control characters escaped instead.
 *
 * Messages about input lines (for standard error) are batched with the output and written just
 * before it, waiting as output does: written one by one, a million bad lines piped to a slow
 * reader queued a gigabyte in the process. The order on a terminal showing both streams is the
 * one immediate messages gave: a message about line N comes after the output of every line of
 * earlier batches and before the output of line N and every line after it. A batch ends at 64 KB
 * or when no more input has arrived, so typed lines each show their message then their output.
 */
export class Output {
  private parts: string[] = [];
  private messages: string[] = [];
  private size = 0;

  constructor(private readonly io: CliIo, private readonly mode: 'text' | 'bytes' = 'text', private readonly limit = 64 * 1024) {}

  /** Queues text; loops check `full` (or call `afterLine`) so a batch stays near the limit. */
  push(text: string): void {
    this.parts.push(text);
    this.size += text.length;
  }

  /** Queues a message for standard error, written with the batch of output it belongs to. */
  message(text: string): void {
    this.messages.push(text);
    this.size += text.length;
  }

  get full(): boolean {
    return this.size >= this.limit;
  }

  /** After each line: flush when the batch is full or no more input has arrived yet. */
  async afterLine(line: { endOfChunk?: boolean }): Promise<void> {
    if (line.endOfChunk || this.size >= this.limit) await this.flush();
  }

  async flush(): Promise<void> {
    await this.flushMessages();
    if (this.parts.length === 0) return;
    const text = this.parts.join('');
    this.parts = [];
    this.size = 0;
    await this.io.stdout(this.mode === 'text' ? text : bytesOut(text, this.io.stdoutIsTty === true));
  }

  /** Writes the queued messages only: what a command that stops on an error still owes. */
  async flushMessages(): Promise<void> {
    if (this.messages.length === 0) return;
    const text = this.messages.join('');
    this.size -= text.length;
    this.messages = [];
    await this.io.stderr(text);
  }
}

function bytesOut(latin1: string, tty: boolean): string | Uint8Array {
  const bytes = Buffer.from(latin1, 'latin1');
  return tty ? escapeControlsInLines(bytes.toString('utf8')) : bytes;
}

/** Longest input line the ID commands read; longer ones are reported, not held. IDs are < 100. */
export const MAX_ID_LINE = 64 * 1024;

export interface InputLine {
  /** The line without its `\n` (a trailing `\r` is left to the caller). Cut at the cap. */
  text: string;
  /** Length of the whole line in characters when it was longer than the cap. */
  droppedFrom?: number;
  /** The last whole line of what has arrived so far: the moment to flush output. */
  endOfChunk?: boolean;
  /** A command-line argument: named on purpose, so even an empty one is an input (never a blank line to skip). */
  argument?: boolean;
}

/**
 * UTF-8 lines of a byte stream, each held only up to `max` characters: a line of any length
 * passes in constant memory. `\n` never occurs inside a multi-byte UTF-8 sequence, and the
 * streaming decoder carries sequences split between chunks.
 */
export async function* utf8Lines(source: AsyncIterable<Uint8Array>, max = MAX_ID_LINE): AsyncGenerator<InputLine> {
  const decoder = new TextDecoder('utf-8');
  let carry = '';
  let overflow = -1; // characters seen of an over-long line, or -1
  const take = function* (text: string): Generator<InputLine> {
    let from = 0;
    let held: InputLine | undefined;
    for (;;) {
      const nl = text.indexOf('\n', from);
      const end = nl === -1 ? text.length : nl;
      if (overflow >= 0) {
        overflow += end - from;
      } else if (carry.length + end - from > max) {
        overflow = carry.length + end - from;
        carry = (carry + text.slice(from, from + max - carry.length));
      } else if (nl === -1) {
        carry += text.slice(from);
      } else {
        carry = carry === '' ? text.slice(from, end) : carry + text.slice(from, end);
      }
      if (nl === -1) break;
      // Each line is yielded once the next is known, so the last one can carry endOfChunk.
      if (held) yield held;
      held = overflow >= 0 ? { text: carry, droppedFrom: overflow } : { text: carry };
      carry = '';
      overflow = -1;
      from = nl + 1;
    }
    if (held) yield { ...held, endOfChunk: true };
  };
  for await (const chunk of source) yield* take(decoder.decode(chunk, { stream: true }));
  yield* take(decoder.decode());
  if (carry !== '' || overflow >= 0) yield overflow >= 0 ? { text: carry, droppedFrom: overflow, endOfChunk: true } : { text: carry, endOfChunk: true };
}

/** Arguments as IDs, or stdin lines (trimmed, blanks dropped) when there are none. */
export async function* ids(positionals: readonly string[], io: CliIo): AsyncGenerator<InputLine> {
  if (positionals.length > 0) {
    for (const p of positionals) yield { text: p, argument: true };
    return;
  }
  for await (const line of utf8Lines(io.stdin())) {
    const text = line.text.trim();
    if (text !== '' || line.droppedFrom !== undefined || line.endOfChunk) yield { ...line, text };
  }
}

/**
 * A run of input bytes as a latin1 string (one character per byte, so offsets are byte
 * offsets and nothing is altered), ending at a line end unless `continues`: a line longer
 * than the segment cap is passed on in pieces cut after a space or tab where there is one.
 */
export interface Block {
  text: string;
  /** The last line of the block goes on in the next block. */
  continues: boolean;
}

/** Longest piece of one line `blocks` holds at a time. */
export const MAX_SEGMENT = 1024 * 1024;

export async function* blocks(source: AsyncIterable<Uint8Array>, maxSegment = MAX_SEGMENT): AsyncGenerator<Block> {
  let pending: Buffer | undefined;
  for await (const chunk of source) {
    let buf = pending ? Buffer.concat([pending, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    pending = undefined;
    const nl = buf.lastIndexOf(10);
    if (nl !== -1) {
      yield { text: buf.toString('latin1', 0, nl + 1), continues: false };
      buf = buf.subarray(nl + 1);
    }
    while (buf.length > maxSegment) {
      // Cut after the last blank in the cap so no ID is split; a megabyte without one is no log line.
      let cut = Math.max(buf.lastIndexOf(32, maxSegment - 1), buf.lastIndexOf(9, maxSegment - 1)) + 1;
      if (cut <= 0) cut = maxSegment;
      yield { text: buf.toString('latin1', 0, cut), continues: true };
      buf = buf.subarray(cut);
    }
    // Copied so a large chunk it was cut from is not kept alive.
    if (buf.length > 0) pending = Buffer.from(buf);
  }
  if (pending) yield { text: pending.toString('latin1'), continues: false };
}

/** Named files in turn (`-` is standard input), or standard input when none are named. */
export function openInputs(files: readonly string[], io: CliIo): { name: string | undefined; source: () => AsyncIterable<Uint8Array> }[] {
  if (files.length === 0) return [{ name: undefined, source: () => io.stdin() }];
  return files.map((f) => ({ name: f, source: () => (f === '-' ? io.stdin() : io.readFile(f)) }));
}

/**
 * A file's bytes in chunks of `size`, read into `buffers` buffers in turn: a chunk holds its bytes
 * until `buffers - 1` more have been read. Reading into new memory each time (a read stream) cost
 * the kernel's first touch of every page: 60 CPU ms per 100 MB against 20 (measured, 1 MiB reads).
 */
export async function* fileChunks(path: string, { size = 512 * 1024, buffers = 1 }: { size?: number; buffers?: number } = {}): AsyncGenerator<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    // Made as needed: a small file takes one read into one buffer.
    const memory: Uint8Array[] = [];
    for (let k = 0; ; k++) {
      const buffer = (memory[k % buffers] ??= new Uint8Array(size));
      const { bytesRead } = await handle.read(buffer, 0, size, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}
