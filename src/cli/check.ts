import { stat } from 'node:fs/promises';
import { CHECK_FORMATS, bytesWriter, createCheck, type CheckFormat, type CheckProblem, type CheckStreamOptions } from '../core';
import { UsageError, stringFlag } from './args';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, HELP_FLAG, EPOCH_FLAG, epochOption, type Command } from './command';
import { CheckPool } from './checkPool';
import { WORKER_MIN_BYTES, checkInPieces, piecesFormat } from './checkPieces';
import { Output, fileChunks } from './io';
import { escapeControls, safeJson } from './safe';

// Each file streams through the core's checker in chunks, one file at a time, and problems are
// written as they are found: memory depends on the distinct IDs per key or column (32 to 64
// bytes each), not on the file's size. Everything written to the terminal goes through `say`
// (file names and messages escaped: a name or a column in a file may hold terminal controls)
// or `safeJson`.

/** Bytes handed to the check at a time. */
const PIECE = 64 * 1024;

export const checkCommand: Command = {
  name: 'check',
  summary: 'find duplicate, invalid, future-dated and out-of-order IDs in data files',
  usage: 'idsmith check [--json] [--epoch NAME|MS] [--time-tolerance HOURS] [--format NAME] [--delimiter CHAR] FILE|- ...',
  help: `Checks fixtures, seeds and test data: JSON, JSONC, JSON Lines, YAML, CSV, TSV and SQL
(INSERT statements and pg_dump's COPY blocks; a dollar-quoted body, $$ ... $$, is text, not
statements), by file extension; anything else is read as plain text. - reads standard input,
whose format --format names or its first 4 KB tell.
Files in UTF-8, or UTF-16 or UTF-32 with a byte order mark (PowerShell 5 writes UTF-16).

  duplicate  the same ID twice under one key (id in two objects of one array), in one CSV
             column or at one position of INSERT ... VALUES tuples. The same ID under
             another key is a reference, not a duplicate.
  invalid    a value labelled as an ID kind ("ulid": ..., a column named uuid_v7) that is not
             a valid one: overflow, I/L/O/U, wrong length, the wrong UUID version.
  future     a time-bearing ID dated after now + 1 day (plain times, exp=..., are no IDs).
  unsorted   a time-ordered column that goes backwards where it otherwise ascends.
  time-mismatch  a row whose own ID (under id, uuid, ulid, ...) dates more than a day from
             the row's creation time (created_at, createdAt, timestamp, ...; a date, an
             ISO time or a Unix time in its one plausible unit). When most rows under
             an ID do (seeds with fixed dates, an import), one line says how many.
  unchecked  a part nested deeper than 10,000 levels, which was not checked.

Output: one line per problem, file:line:column: code: message (line and column from 1),
written as each is found; duplicates under keys not named like an ID (id, uuid, ulid, ...),
unsorted steps and time mismatches are only certain at the end of the file (time
mismatches once 1,000 have come), so they come last. Control characters in file names
and messages are shown escaped (\x1b).

Options:
  --json            one JSON object per line: file, line, column, endLine, endColumn, code,
                    severity, message, text, path (and fix for I/L/O)
  --epoch NAME|MS   read snowflakes with this layout (twitter, discord, instagram, sonyflake,
                    mastodon, sonyflake2, baidu, or Unix ms)
                    Also a layout written out (alias --layout):
                    epoch=2020-01-01,unit=10ms,time=39,sequence=8,machineId=16
  --time-tolerance HOURS  how far a row's ID may date from its created_at before
                    time-mismatch (default 24; 0 turns it off)
  --format NAME     read every FILE as ${CHECK_FORMATS.join(', ')}
  --delimiter CHAR  the field delimiter of CSV files (one character, or tab); by default the one
                    a file's header uses most of , ; tab | (TSV: tab). A file that would be
                    plain text is read as CSV.
  -h, --help        show this help

Files of any size are read in chunks, one at a time. Memory grows with the distinct IDs
per key or column (32 to 64 bytes each) and the nesting of a YAML document, not with the
file's size. A JSON Lines, CSV or TSV file of 16 MB or more is read by two workers, with the
same output; standard input is read on one thread.
Exit status: 0 no problem, 1 some problem found, 2 usage error, or a file could not be read
or is not text.`,
  flags: [HELP_FLAG, { name: 'json', value: false }, EPOCH_FLAG, { name: 'time-tolerance', value: true }, { name: 'format', value: true }, { name: 'delimiter', value: true }],

  async run(args, io) {
    if (args.positionals.length === 0) throw new UsageError('no FILE given (- reads standard input)');
    const epochText = stringFlag(args, 'epoch');
    const epoch = epochText === undefined || epochText === 'auto' ? undefined : epochOption(epochText);
    const toleranceText = stringFlag(args, 'time-tolerance');
    if (toleranceText !== undefined && !/^\d+(?:\.\d+)?$/.test(toleranceText)) {
      throw new UsageError(`--time-tolerance must be a number of hours, 0 or more; got '${toleranceText.slice(0, 40)}'`);
    }
    const tolerance = toleranceText === undefined ? {} : { timeToleranceMs: Math.round(Number(toleranceText) * 3_600_000) };
    const format = formatOption(stringFlag(args, 'format'));
    const delimiter = delimiterOption(stringFlag(args, 'delimiter'));
    const json = args.flags.has('json');
    const now = io.now ? io.now() : Date.now();
    let found = false;
    let unreadable = false;
    const out = new Output(io);
    let pool: CheckPool | undefined;
    try {
      for (const file of args.positionals) {
        const stdin = file === '-';
        const opts: CheckStreamOptions = {
          fileName: stdin ? '' : file, now, collect: false, ...tolerance,
          format: format ?? (stdin ? 'sniff' : undefined),
          ...(delimiter === undefined ? {} : { delimiter }),
          ...(epoch === undefined ? {} : { epoch }),
          onProblem: (p) => {
            found = true;
            out.push(json ? ndjson(file, p) : human(file, p));
          },
        };
        // The check on this thread, of what `source` brings; why the file is not text, if it is not.
        const here = async (source: AsyncIterable<Uint8Array>): Promise<string | undefined> => {
          const stream = createCheck(opts);
          let notText: string | undefined;
          const input = bytesWriter(stream, { onNotText: (why) => { notText = why; } });
          for await (const chunk of source) {
            // In pieces of PIECE bytes: their text (64 K chars at most) is a young object that a
            // scavenge frees, where the text of a whole 512 KB read lived in the old generation
            // until a full collection, and the peak RSS grew with them. Where a piece is cut
            // changes nothing (the check is the same however its text is split).
            for (let at = 0; at < chunk.length && !notText; at += PIECE) input.write(chunk.length <= PIECE ? chunk : chunk.subarray(at, at + PIECE));
            if (notText) return notText;
            // Whatever this chunk found goes out now: a slow source (a pipe) shows it at once.
            await out.flush();
          }
          input.end();
          return notText;
        };
        let notText: string | undefined;
        try {
          const st = stdin ? undefined : await stat(file);
          if (st?.isDirectory()) throw new Error('is a directory (pass files, or a glob the shell expands)');
          const workers = io.scanWorkers;
          // A large JSON Lines, CSV or TSV file is judged in pieces by workers on both cores.
          const cut = st !== undefined && st.isFile() && st.size >= WORKER_MIN_BYTES && workers !== undefined ? piecesFormat(opts) : undefined;
          if (cut !== undefined) {
            pool ??= new CheckPool(workers!.script, undefined, workers!.execArgv);
            // One buffer, read into again for each chunk: the pieces check copies a chunk before it asks
            // for the next, and a new buffer per chunk was garbage this thread kept for long (tens of
            // MB of the peak RSS).
            notText = await checkInPieces(fileChunks(file), opts, cut, pool, () => out.flush(), here);
          } else {
            notText = await here(stdin ? io.stdin() : io.readFile(file));
          }
        } catch (err) {
          // A worker that died took the pool with it; the next file gets a new one.
          if (pool?.broken) {
            await pool.close();
            pool = undefined;
          }
          await out.flush();
          io.stderr(say(file, err instanceof Error ? err.message.replace(/^[A-Z]+: /, '') : String(err)));
          unreadable = true;
          continue;
        }
        await out.flush();
        if (notText) {
          // Not checked, so not clean either.
          io.stderr(say(file, `not text (${notText}); not checked. Idsmith reads UTF-8, and UTF-16 or UTF-32 with a byte order mark.`));
          unreadable = true;
        }
      }
    } finally {
      await pool?.close();
    }
    // A file that could not be read was not checked: that must not pass as clean, nor look
    // like a finding.
    if (unreadable) return EXIT_USAGE;
    return found ? EXIT_INVALID : EXIT_OK;
  },
};

function formatOption(text: string | undefined): CheckFormat | undefined {
  if (text === undefined) return undefined;
  const f = CHECK_FORMATS.find((x) => x === text.toLowerCase());
  if (!f) throw new UsageError(`--format must be one of ${CHECK_FORMATS.join(', ')}; got ${JSON.stringify(escapeControls(text))}`);
  return f;
}

function delimiterOption(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const d = /^(?:tab|\\t)$/i.test(text) ? '\t' : text;
  if (d.length !== 1 || d === '"' || d === '\n' || d === '\r') {
    throw new UsageError(`--delimiter is one character other than a quote or a line break (or tab); got ${JSON.stringify(escapeControls(text))}`);
  }
  return d;
}

/** A line about `file` for standard error, escaped. */
function say(file: string, message: string): string {
  return `idsmith check: ${escapeControls(file)}: ${escapeControls(message)}\n`;
}

function human(file: string, p: CheckProblem): string {
  return `${escapeControls(file)}:${p.range.start.line + 1}:${p.range.start.character + 1}: ${p.code}: ${escapeControls(p.message)}\n`;
}

function ndjson(file: string, p: CheckProblem): string {
  return safeJson(JSON.stringify({
    file,
    line: p.range.start.line + 1,
    column: p.range.start.character + 1,
    endLine: p.range.end.line + 1,
    endColumn: p.range.end.character + 1,
    code: p.code,
    severity: p.severity,
    message: p.message,
    text: p.text,
    path: p.path,
    ...(p.fix ? { fix: p.fix } : {}),
  })) + '\n';
}
