// Runs the CLI in-process (src/cli/main.ts through a captured CliIo): the fast tier of the CLI
// tests, beside the process tests of the installed binary (cliBinary.ts).
import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import { main, type CliIo } from '../../src/cli/main';

export interface Run {
  code: number;
  out: string;
  err: string;
}

/** A fixed "now" keeps relative times (`-2h`) and snowflake plausibility stable. */
export const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

export async function* once(text: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(text, 'utf8');
}

/** Input as a pipe delivers it: in chunks of `size` bytes (16 KB by default). */
export async function* chunked(text: string | Buffer, size = 16384): AsyncGenerator<Uint8Array> {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** `argv` run to its exit code, `stdin` fed in one chunk (or as `source` makes it). */
export async function run(argv: string[], stdin = '', tty = false, source: (text: string) => AsyncIterable<Uint8Array> = once): Promise<Run> {
  let out = '';
  let err = '';
  let stdinReads = 0;
  const io: CliIo = {
    stdin: () => {
      stdinReads++;
      return source(stdin);
    },
    readFile: (path) => createReadStream(path),
    stdout: (t) => void (out += typeof t === 'string' ? t : Buffer.from(t).toString('utf8')),
    stderr: (t) => void (err += t),
    now: () => NOW,
    stdoutIsTty: tty,
  };
  const code = await main(argv, io);
  assert.ok(stdinReads <= 1, 'stdin is read at most once');
  return { code, out, err };
}
