import { scan } from '../core';
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
memory (about its size plus some 50 bytes per line). For inputs larger than memory, split them
and merge with 'sort -m' on the output of 'idsmith scan --annotate'.

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
    // Lines as latin1 strings (one byte per character) keep every byte as it was.
    const lines: string[] = [];
    const keys: number[] = [];
    let unreadable = false;
    for (const input of openInputs(args.positionals, io)) {
      let partial = '';
      try {
        for await (const block of blocks(input.source())) {
          let from = 0;
          for (let nl = block.text.indexOf('\n'); nl !== -1; nl = block.text.indexOf('\n', from)) {
            const line = partial + block.text.slice(from, nl + 1);
            partial = '';
            lines.push(line);
            keys.push(timeKey(line, opts));
            from = nl + 1;
          }
          if (from < block.text.length) {
            // V8 strings end near 512 M characters; say so rather than fail with an internal error.
            if (partial.length + block.text.length - from > MAX_LINE) {
              io.stderr(`idsmith sort: a line of ${input.name === undefined ? 'standard input' : quote(input.name)} is longer than ${MAX_LINE / 1024 / 1024} MB; sort cannot hold it\n`);
              return EXIT_INVALID;
            }
            partial += block.text.slice(from);
          }
        }
        if (partial !== '') {
          lines.push(partial + '\n');
          keys.push(timeKey(partial, opts));
        }
      } catch (err) {
        if (!isFileError(err)) throw err;
        unreadable = true;
        io.stderr(`idsmith sort: cannot read ${quote(input.name ?? '-')}: ${escapeControls(err.message)}\n`);
      }
    }
    const sign = args.flags.has('reverse') ? -1 : 1;
    const order = Array.from(lines.keys());
    // NaN (no time) sorts last either way; equal times keep input order (Array#sort is stable).
    order.sort((a, b) => {
      const ka = keys[a]!, kb = keys[b]!;
      if (Number.isNaN(ka)) return Number.isNaN(kb) ? 0 : 1;
      if (Number.isNaN(kb)) return -1;
      return sign * (ka - kb);
    });
    const out = new Output(io, 'bytes');
    for (const i of order) {
      out.push(lines[i]!);
      if (out.full) await out.flush();
    }
    await out.flush();
    return unreadable ? EXIT_USAGE : EXIT_OK;
  },
};

/** Creation time of the first ID on the line that holds one, NaN when none does. */
function timeKey(line: string, opts: { epoch: unknown; now: number }): number {
  for (const m of scan(line, opts)) {
    if (m.decoded.valid && m.decoded.unixMs !== undefined) return m.decoded.unixMs;
  }
  return NaN;
}
