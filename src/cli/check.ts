import { readFile, stat } from 'node:fs/promises';
import { checkText, type CheckProblem } from '../core';
import { UsageError, stringFlag } from './args';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, HELP_FLAG, EPOCH_FLAG, epochOption, type Command } from './command';

/**
 * JSON and YAML are parsed whole, so each file is read whole, one file at a time: memory is
 * bounded by the largest file, not by the number of files, and problems are written as each
 * file is done. Larger files than this are refused rather than exhausting memory.
 */
export const CHECK_MAX_BYTES = 256 * 1024 * 1024;

export const checkCommand: Command = {
  name: 'check',
  summary: 'find duplicate, invalid, future-dated and out-of-order IDs in data files',
  usage: 'idsmith check [--json] [--epoch NAME|MS] FILE ...',
  help: `Checks fixtures, seeds and test data: JSON, JSONC, JSON Lines, YAML, CSV, TSV and SQL
INSERT statements (by file extension; anything else is read as plain text).

  duplicate  the same ID twice under one key (id in two objects of one array), in one CSV
             column or at one position of INSERT ... VALUES tuples. The same ID under
             another key is a reference, not a duplicate.
  invalid    a value labelled as an ID kind ("ulid": ..., a column named uuid_v7) that is not
             a valid one: overflow, I/L/O/U, wrong length, the wrong UUID version.
  future     a time-bearing ID dated after now + 1 day.
  unsorted   a time-ordered column that goes backwards where it otherwise ascends.

Output: one line per problem, file:line:column: code: message (line and column from 1).

Options:
  --json            one JSON object per line: file, line, column, endLine, endColumn, code,
                    severity, message, text, path (and fix for I/L/O)
  --epoch NAME|MS   read snowflakes with this layout (twitter, discord, instagram, sonyflake,
                    mastodon, sonyflake2, baidu, or Unix ms)
                    Also a layout written out (alias --layout):
                    epoch=2020-01-01,unit=10ms,time=39,sequence=8,machineId=16
  -h, --help        show this help

Each file is read whole (at most ${CHECK_MAX_BYTES / 1024 / 1024} MB), one at a time.
Exit status: 0 no problem, 1 some problem found, 2 usage error or a file could not be read.`,
  flags: [HELP_FLAG, { name: 'json', value: false }, EPOCH_FLAG],

  async run(args, io) {
    if (args.positionals.length === 0) throw new UsageError('no FILE given');
    const epochText = stringFlag(args, 'epoch');
    const epoch = epochText === undefined || epochText === 'auto' ? undefined : epochOption(epochText);
    const json = args.flags.has('json');
    const now = io.now ? io.now() : Date.now();
    let found = false;
    let unreadable = false;
    for (const file of args.positionals) {
      let text: string;
      try {
        const info = await stat(file);
        if (info.isDirectory()) throw new Error('is a directory (pass files, or a glob the shell expands)');
        if (info.size > CHECK_MAX_BYTES) throw new Error(`is ${info.size} bytes, more than the ${CHECK_MAX_BYTES} this command reads`);
        text = await readFile(file, 'utf8');
      } catch (err) {
        io.stderr(`idsmith check: ${file}: ${err instanceof Error ? err.message.replace(/^[A-Z]+: /, '') : String(err)}\n`);
        unreadable = true;
        continue;
      }
      // Editors hide a byte order mark: without it, columns on line 1 match what they show.
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      const result = checkText(text, { fileName: file, now, collect: false, ...(epoch === undefined ? {} : { epoch }) });
      if (result.problems.length > 0) found = true;
      io.stdout(result.problems.map((p) => (json ? ndjson(file, p) : human(file, p))).join(''));
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
