import { scan, scanRange, type ScanMatch } from '../core';
import { UsageError, stringFlag } from './args';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, HELP_FLAG, EPOCH_FLAG, epochOption, type Command } from './command';
import { Output, openInputs } from './io';
import { pieces } from './scanInput';
import { escapeControls, quote, safeJson } from './safe';

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
    const opts = { epoch, now: io.now ? io.now() : Date.now() };
    const out = new Output(io, annotate ? 'bytes' : 'text');
    let invalid = false;
    let unreadable = false;
    for (const input of openInputs(args.positionals, io)) {
      const file = input.name === undefined ? undefined : safeJson(JSON.stringify(input.name));
      const shownName = input.name === undefined ? '' : `${escapeControls(input.name)}:`;
      let line = 1;
      let lineStart = 0; // input offset where the current line starts
      let scannedTo = -1; // input offset where the last match ended
      try {
        for await (const piece of pieces(input.source(), () => scannedTo)) {
          const text = piece.bytes.toString('latin1');
          const matches = scanPiece(text, piece.from, piece.to, opts);
          if (matches.length > 0) scannedTo = piece.offset + matches[matches.length - 1]!.end;
          if (annotate) {
            invalid ||= matches.some((m) => !m.decoded.valid);
            out.push(annotated(text, piece.start, Math.max(piece.to, scannedTo - piece.offset), matches));
            await out.flush();
            continue;
          }
          // Line numbers are counted only here, from one line end to the next match.
          let pos = piece.start;
          const advance = (limit: number): void => {
            for (let nl = text.indexOf('\n', pos); nl !== -1 && nl < limit; nl = text.indexOf('\n', pos)) {
              line++;
              pos = nl + 1;
              lineStart = piece.offset + pos;
            }
          };
          for (const m of matches) {
            advance(m.start);
            pos = m.start;
            const d = m.decoded;
            if (!d.valid) invalid = true;
            const col = piece.offset + m.start - lineStart + 1;
            if (json) {
              const unixMs = d.valid && d.unixMs !== undefined ? `,"unixMs":${d.unixMs}` : '';
              out.push(`{${file === undefined ? '' : `"file":${file},`}"line":${line},"column":${col},"text":${JSON.stringify(m.text)},"kind":"${m.kind}","valid":${d.valid}${unixMs}}\n`);
            } else {
              const what = d.valid ? (d.time ?? '') : `invalid: ${escapeControls(d.error ?? '')}`;
              out.push(`${shownName}${line}:${col}: ${m.kind} ${m.text} ${what}`.trimEnd() + '\n');
            }
            if (out.full) await out.flush(); // no await per match unless a batch is due
          }
          advance(piece.to);
          await out.flush(); // a piece is what has arrived: `tail -f | idsmith scan` shows it now
        }
      } catch (err) {
        if (!isFileError(err)) throw err;
        unreadable = true;
        io.stderr(`idsmith scan: cannot read ${quote(input.name ?? '-')}: ${escapeControls(err.message)}\n`);
      }
    }
    await out.flush();
    return unreadable ? EXIT_USAGE : invalid ? EXIT_INVALID : EXIT_OK;
  },
};

interface Opts {
  epoch: unknown;
  now: number;
}

/**
 * The scanner over a piece at once (one call per piece, not per line), then held to the
 * editor's per-line reading: only a kind's label may reach back across a line end, so a
 * labelled-invalid match is kept only if its line alone gives it too.
 */
function scanPiece(text: string, from: number, to: number, opts: Opts): ScanMatch[] {
  const matches = scanRange(text, from, to, opts);
  return matches.filter((m) => {
    if (m.decoded.valid || (m.kind !== 'ulid' && m.kind !== 'ksuid')) return true;
    const lineFrom = text.lastIndexOf('\n', m.start - 1) + 1;
    const lineTo = text.indexOf('\n', m.end);
    const alone = scan(text.slice(lineFrom, lineTo === -1 ? text.length : lineTo), opts);
    return alone.some((a) => a.start === m.start - lineFrom && a.end === m.end - lineFrom);
  });
}

/** The piece's text [from, to) with ` [ISO time]` after every match that holds a time. */
function annotated(text: string, from: number, to: number, matches: readonly ScanMatch[]): string {
  const parts: string[] = [];
  for (const m of matches) {
    const time = m.decoded.valid ? m.decoded.time : undefined;
    if (time === undefined) continue;
    parts.push(text.slice(from, m.end), ` [${time}]`);
    from = m.end;
  }
  parts.push(text.slice(from, to));
  return parts.join('');
}

/** An error of the file system (ENOENT, EISDIR, EACCES, ...), as opposed to a bug. */
export function isFileError(err: unknown): err is Error {
  const code: unknown = err instanceof Error ? (err as NodeJS.ErrnoException).code : undefined;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code);
}
