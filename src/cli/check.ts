import { stat } from 'node:fs/promises';
import { createCheck, utf8Writer, type CheckProblem } from '../core';
import { UsageError, stringFlag } from './args';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, HELP_FLAG, EPOCH_FLAG, epochOption, type Command } from './command';
import { Output } from './io';

// Each file streams through the core's checker in chunks, one file at a time, and problems are
// written as they are found: memory depends on the distinct IDs per key or column (32 to 64
// bytes each), not on the file's size. YAML is the exception, held a document at a time.

export const checkCommand: Command = {
  name: 'check',
  summary: 'find duplicate, invalid, future-dated and out-of-order IDs in data files',
  usage: 'idsmith check [--json] [--epoch NAME|MS] [--time-tolerance HOURS] FILE ...',
  help: `Checks fixtures, seeds and test data: JSON, JSONC, JSON Lines, YAML, CSV, TSV and SQL
INSERT statements (by file extension; anything else is read as plain text).

  duplicate  the same ID twice under one key (id in two objects of one array), in one CSV
             column or at one position of INSERT ... VALUES tuples. The same ID under
             another key is a reference, not a duplicate.
  invalid    a value labelled as an ID kind ("ulid": ..., a column named uuid_v7) that is not
             a valid one: overflow, I/L/O/U, wrong length, the wrong UUID version.
  future     a time-bearing ID dated after now + 1 day.
  unsorted   a time-ordered column that goes backwards where it otherwise ascends.
  time-mismatch  a row whose own ID (under id, uuid, ulid, ...) dates more than a day from
             the row's creation time (created_at, createdAt, timestamp, ...; a date, an
             ISO time or a Unix time in its one plausible unit).

Output: one line per problem, file:line:column: code: message (line and column from 1),
written as each is found; duplicates under keys not named like an ID (id, uuid, ulid, ...)
and unsorted steps are only certain at the end of the file, so they come last.

Options:
  --json            one JSON object per line: file, line, column, endLine, endColumn, code,
                    severity, message, text, path (and fix for I/L/O)
  --epoch NAME|MS   read snowflakes with this layout (twitter, discord, instagram, sonyflake,
                    mastodon, sonyflake2, baidu, or Unix ms)
                    Also a layout written out (alias --layout):
                    epoch=2020-01-01,unit=10ms,time=39,sequence=8,machineId=16
  --time-tolerance HOURS  how far a row's ID may date from its created_at before
                    time-mismatch (default 24; 0 turns it off)
  -h, --help        show this help

Files of any size are read in chunks, one at a time. Memory grows with the distinct IDs
per key or column (32 to 64 bytes each); YAML is held one document at a time.
Exit status: 0 no problem, 1 some problem found, 2 usage error or a file could not be read.`,
  flags: [HELP_FLAG, { name: 'json', value: false }, EPOCH_FLAG, { name: 'time-tolerance', value: true }],

  async run(args, io) {
    if (args.positionals.length === 0) throw new UsageError('no FILE given');
    const epochText = stringFlag(args, 'epoch');
    const epoch = epochText === undefined || epochText === 'auto' ? undefined : epochOption(epochText);
    const toleranceText = stringFlag(args, 'time-tolerance');
    if (toleranceText !== undefined && !/^\d+(?:\.\d+)?$/.test(toleranceText)) {
      throw new UsageError(`--time-tolerance must be a number of hours, 0 or more; got '${toleranceText.slice(0, 40)}'`);
    }
    const tolerance = toleranceText === undefined ? {} : { timeToleranceMs: Math.round(Number(toleranceText) * 3_600_000) };
    const json = args.flags.has('json');
    const now = io.now ? io.now() : Date.now();
    let found = false;
    let unreadable = false;
    const out = new Output(io);
    for (const file of args.positionals) {
      const stream = createCheck({
        fileName: file, now, collect: false, ...tolerance, ...(epoch === undefined ? {} : { epoch }),
        onProblem: (p) => {
          found = true;
          out.push(json ? ndjson(file, p) : human(file, p));
        },
      });
      // Editors hide a byte order mark: the decoder drops it, so columns on line 1 match.
      const input = utf8Writer(stream);
      try {
        const info = await stat(file);
        if (info.isDirectory()) throw new Error('is a directory (pass files, or a glob the shell expands)');
        for await (const chunk of io.readFile(file)) {
          input.write(chunk);
          // Whatever this chunk found goes out now: a slow source (a pipe) shows it at once.
          await out.flush();
        }
      } catch (err) {
        await out.flush();
        io.stderr(`idsmith check: ${file}: ${err instanceof Error ? err.message.replace(/^[A-Z]+: /, '') : String(err)}\n`);
        unreadable = true;
        continue;
      }
      input.end();
      await out.flush();
    }
    // A file that could not be read was not checked: that must not pass as clean, nor look
    // like a finding.
    if (unreadable) return EXIT_USAGE;
    return found ? EXIT_INVALID : EXIT_OK;
  },
};

function human(file: string, p: CheckProblem): string {
  return `${file}:${p.range.start.line + 1}:${p.range.start.character + 1}: ${p.code}: ${p.message}\n`;
}

function ndjson(file: string, p: CheckProblem): string {
  return JSON.stringify({
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
  }) + '\n';
}
