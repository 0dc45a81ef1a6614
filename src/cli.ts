// Node entry point of the `idsmith` CLI (bundled to dist/cli.js). All behaviour lives in
// src/cli/main.ts; this file only connects it to the process: streams in, writes that wait
// for 'drain' out (cli/drain.ts), and a quiet exit when the reader of a pipe goes away.
// First: starts `scan`'s workers before the rest of the CLI loads (scanPrestart.ts).
import './cli/scanPrestart';
import { EXIT_INTERNAL, EXIT_OUTPUT } from './cli/command';
import { writeWaiting } from './cli/drain';
import { OutputError, fileChunks } from './cli/io';
import { main, type CliIo } from './cli/main';
import { isScanWorker } from './cli/scanWorker';
import { isCheckWorker } from './cli/checkWorker';

/**
 * Files are read in 512 KiB chunks: large blocks for the scanner. 1 MiB chunks scanned no faster
 * and raised `idsmith scan`'s peak RSS from 160 to 250 MB on a 100 MB log (bench:scan). Two
 * buffers in turn: a reader keeps the end of a chunk (a line that goes on) until the next arrives.
 */
const CHUNK = 512 * 1024;

const io: CliIo = {
  stdin() {
    // Someone who typed `idsmith inspect` with nothing piped in would otherwise see a hang.
    if (process.stdin.isTTY) process.stderr.write('idsmith: reading standard input (Ctrl-D to end)\n');
    return process.stdin;
  },
  readFile: (path) => fileChunks(path, { size: CHUNK, buffers: 2 }),
  stdout: (chunk) => {
    try {
      return writeWaiting(process.stdout, chunk);
    } catch (err) {
      // A file or /dev/full as stdout is written synchronously: the error arrives here.
      if (isEpipe(err)) process.exit(0);
      throw err instanceof Error ? new OutputError(err) : err;
    }
  },
  // Waits too: a message per bad line, written without waiting to a slow pipe, queued a gigabyte.
  stderr: (text) => writeWaiting(process.stderr, text),
  stdoutIsTty: process.stdout.isTTY === true,
  // The bundle is its own worker script (scanWorker.ts and checkWorker.ts serve when started as one).
  scanWorkers: { script: __filename },
};

function isEpipe(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | undefined)?.code === 'EPIPE';
}

// `idsmith new -n 1000000 | head` closes the pipe early; that is the reader's choice, not an
// error. Any other failed write (a pipe or terminal reports it here, after the write returned)
// ends the run with one line naming the error; the command cannot go on without its output.
process.stdout.on('error', (err: Error) => {
  if (isEpipe(err)) process.exit(0);
  process.stderr.write(`idsmith: ${new OutputError(err).message}\n`);
  process.exit(EXIT_OUTPUT);
});

// exitCode rather than process.exit(): a large stdout write to a pipe is flushed asynchronously.
if (!isScanWorker() && !isCheckWorker()) main(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`idsmith: internal error (please report): ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exitCode = EXIT_INTERNAL;
  },
);
