import { firstMatch } from '../core';
import { stringFlag } from './args';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, HELP_FLAG, EPOCH_FLAG, epochOption, type Command } from './command';
import { Output, blocks, openInputs } from './io';
import { escapeControls, quote } from './safe';
import { isFileError } from './scan';

/** Longest single line sort holds. */
const MAX_LINE = 256 * 1024 * 1024;

export const sortCommand: Command = {
  name: 'sort',
  summary: 'sort lines by the time of the first ID on each (merge logs of several services)',
  usage: 'idsmith sort [--reverse] [--epoch NAME|MS] [FILE ...]',
  help: `Sorts the lines of the given files together (standard input when none are given; '-'
also means standard input) by the creation time of the first ID on each line that holds a time,
oldest first. The sort is stable: lines with the same time keep their order. Lines without such
an ID keep their order after all the others. Lines are copied byte for byte (CRLF, invalid
UTF-8); a last line without a line end gets one. On a terminal, control characters are shown
escaped instead.

Sorting needs every line before the first can be written: sort holds its whole input in
memory, about its size plus 60 bytes a line (measured: 435 MB for 5 million lines of 29
bytes, 145 MB). For inputs larger than memory, split them and merge with 'sort -m' on the
output of 'idsmith scan --annotate'.

Options:
  --reverse         newest first (lines without an ID still come last, in their order)
  --epoch NAME|MS   read snowflakes with this epoch (see 'idsmith scan --help')
  -h, --help        show this help
  --version         print the version

Exit status: 0 done, 1 a line longer than 256 MB, 2 usage error or a file that cannot be
read.`,
  flags: [HELP_FLAG, { name: 'reverse', value: false }, EPOCH_FLAG],

  async run(args, io) {
    const epochText = stringFlag(args, 'epoch');
    const epoch = epochText === undefined || epochText.toLowerCase() === 'auto' ? undefined : epochOption(epochText);
    const opts = { epoch, now: io.now ? io.now() : Date.now() };
    const lines = new LineStore();
    let unreadable = false;
    for (const input of openInputs(args.positionals, io)) {
      let partial = '';
      try {
        for await (const block of blocks(input.source())) {
          const text = block.text;
          // The block's whole lines stay in the block's one string; a line begun in an earlier
          // block is joined into a string of its own.
          let from = 0;
          const nl = text.indexOf('\n');
          if (partial !== '' && nl !== -1) {
            const line = partial + text.slice(0, nl + 1);
            partial = '';
            lines.addBlock(line);
            lines.add(0, timeKey(line, opts));
            from = nl + 1;
          }
          const last = text.lastIndexOf('\n');
          if (last >= from) {
            lines.addBlock(text.slice(0, last + 1));
            for (let at = from, end = text.indexOf('\n', at); end !== -1 && end <= last; at = end + 1, end = text.indexOf('\n', at)) {
              lines.add(at, timeKey(text.slice(at, end + 1), opts));
            }
            from = last + 1;
          }
          if (from < text.length) {
            // V8 strings end near 512 M characters; say so rather than fail with an internal error.
            if (partial.length + text.length - from > MAX_LINE) {
              io.stderr(`idsmith sort: a line of ${input.name === undefined ? 'standard input' : quote(input.name)} is longer than ${MAX_LINE / 1024 / 1024} MB; sort cannot hold it\n`);
              return EXIT_INVALID;
            }
            partial += text.slice(from);
          }
        }
        if (partial !== '') {
          lines.addBlock(partial + '\n');
          lines.add(0, timeKey(partial, opts));
        }
      } catch (err) {
        if (!isFileError(err)) throw err;
        unreadable = true;
        io.stderr(`idsmith sort: cannot read ${quote(input.name ?? '-')}: ${escapeControls(err.message)}\n`);
      }
    }
    const out = new Output(io, 'bytes');
    for (const line of lines.texts(lines.order(args.flags.has('reverse') ? -1 : 1))) {
      out.push(line);
      if (out.full) await out.flush();
    }
    await out.flush();
    return unreadable ? EXIT_USAGE : EXIT_OK;
  },
};

/** Lines per page of the line store: pages are never copied or over-allocated by more than one. */
const PAGE = 1 << 16;

/**
 * Every input line, held compactly: the input's own block strings (one byte per character) and,
 * per line, its offset in its block and its time key, in typed-array pages: 14 bytes a line, and
 * 4 more for the sort order. The lines of a block are consecutive, and a line ends where the
 * next line of its block starts.
 */
class LineStore {
  private readonly blockTexts: string[] = [];
  /** The first line of each block. */
  private readonly blockFirst: number[] = [];
  private size = 0;
  private readonly starts: Uint32Array[] = [];
  /** Unix ms of the line's first timed ID, NaN for none. */
  private readonly msPages: Float64Array[] = [];
  /** The time within its millisecond in 100 ns steps (UUID v1/v6 ticks, a TID's µs × 10). */
  private readonly subPages: Uint16Array[] = [];

  addBlock(text: string): number {
    this.blockTexts.push(text);
    this.blockFirst.push(this.size);
    return this.blockTexts.length - 1;
  }

  /** A line of the block added last. */
  add(start: number, key: TimeKey): void {
    const page = this.size >>> 16, at = this.size & (PAGE - 1);
    if (at === 0) {
      this.starts.push(new Uint32Array(PAGE));
      this.msPages.push(new Float64Array(PAGE));
      this.subPages.push(new Uint16Array(PAGE));
    }
    this.starts[page]![at] = start;
    this.msPages[page]![at] = key.ms;
    this.subPages[page]![at] = key.sub;
    this.size++;
  }

  /** Each line's text in `order`, one block found per run of lines from it. */
  *texts(order: Uint32Array): Generator<string> {
    for (const i of order) {
      const b = this.blockOf(i);
      const text = this.blockTexts[b]!;
      const next = b + 1 < this.blockFirst.length ? this.blockFirst[b + 1]! : this.size;
      yield text.slice(this.startOf(i), i + 1 < next ? this.startOf(i + 1) : text.length);
    }
  }

  /** Line numbers by time (`sign` -1: newest first); untimed lines last, ties in input order. */
  order(sign: number): Uint32Array {
    const order = new Uint32Array(this.size);
    for (let i = 0; i < order.length; i++) order[i] = i;
    const ms = this.msPages, sub = this.subPages;
    return order.sort((a, b) => {
      const ka = ms[a >>> 16]![a & 0xffff]!, kb = ms[b >>> 16]![b & 0xffff]!;
      if (Number.isNaN(ka)) return Number.isNaN(kb) ? a - b : 1;
      if (Number.isNaN(kb)) return -1;
      return sign * (ka - kb || sub[a >>> 16]![a & 0xffff]! - sub[b >>> 16]![b & 0xffff]!) || a - b;
    });
  }

  private startOf(i: number): number {
    return this.starts[i >>> 16]![i & 0xffff]!;
  }

  private blockOf(line: number): number {
    const first = this.blockFirst;
    let lo = 0, hi = first.length - 1;
    // The last block whose first line is at or before `line` (empty blocks share a first line).
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (first[mid]! <= line) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

interface TimeKey {
  ms: number;
  /** 100 ns steps within the millisecond (0-9999). */
  sub: number;
}

const NO_TIME: TimeKey = { ms: NaN, sub: 0 };

/**
 * Creation time of the first ID on the line that holds one, at the precision its kind carries:
 * whole ms, plus the digits `timePrecise` has beyond them (100 ns for UUID v1/v6, µs for a TID).
 */
function timeKey(line: string, opts: { epoch: unknown; now: number }): TimeKey {
  // The scan ends at that ID: a long line's later IDs are not read (all of a 64 MB line's
  // matches, made first, held 13 times its size).
  const d = firstMatch(line, (_kind, decoded) => decoded.valid && decoded.unixMs !== undefined, opts);
  if (d === undefined || d.unixMs === undefined) return NO_TIME;
  const precise = d.timePrecise;
  if (precise === undefined) return { ms: d.unixMs, sub: 0 };
  // Digits past the milliseconds: 4 for 100 ns ticks, 3 for µs (read as 100 ns steps).
  const digits = precise.slice(precise.lastIndexOf('.') + 4, -1).slice(0, 4).padEnd(4, '0');
  return { ms: d.unixMs, sub: Number(digits) };
}
