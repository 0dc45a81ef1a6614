// Node entry point of the `idsmith` CLI (bundled to dist/cli.js). All behaviour lives in
// src/cli/main.ts; this file only connects it to the process.
import { main, type CliIo } from './cli/main';

const io: CliIo = {
  async readStdin() {
    // Someone who typed `idsmith inspect` with nothing piped in would otherwise see a hang.
    if (process.stdin.isTTY) process.stderr.write('idsmith: reading IDs from standard input, one per line (Ctrl-D to end)\n');
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

// `idsmith new -n 1000000 | head` closes the pipe early; that is the reader's choice, not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

// exitCode rather than process.exit(): a large stdout write to a pipe is flushed asynchronously.
main(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`idsmith: internal error (please report): ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exitCode = 70;
  },
);
