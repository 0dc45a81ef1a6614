import { FORMATS, inspectDecoded, type Decoded, type InspectOptions, type SnowflakeLayout } from '../core';

const KINDS: readonly string[] = FORMATS.map((f) => f.id);
import { UsageError, stringFlag, type ParsedArgs } from './args';
import { formatCard } from './card';
import { EXIT_INVALID, EXIT_OK, HELP_FLAG, EPOCH_FLAG, epochOption, type Command } from './command';
import { Output, ids, type InputLine } from './io';
import { QUOTE_MAX, escapeControls, quote, safeJson } from './safe';
import { grouped } from '../core/grouped';

export const inspectCommand: Command = {
  name: 'inspect',
  summary: 'decode IDs: kind, validity, creation time, fields',
  usage: 'idsmith inspect [--json] [--all] [--epoch NAME|MS] [--from KIND] [--sqids-alphabet A] [--hashids-salt S] [ID ...]',
  help: `Decodes each ID given as an argument, or each line of standard input when none are given
(blank lines are skipped). Recognises every format Idsmith knows (ULID, UUID, snowflakes,
KSUID, ObjectId, TypeID, TSID, XID, TID, SCRU128, ShortUUID, Timeflake, SCRU64, Hadoop ids,
plain Unix/.NET/FILETIME/WebKit/Cocoa times, …; --from lists them all); text two formats read
plausibly lists the other reading too.
Standard input is read as a stream: results come out as lines go in.

Options:
  --json            print one JSON array, one object per input, in input order
  --epoch NAME|MS   read snowflakes with this layout: twitter, discord, instagram, sonyflake,
                    mastodon, sonyflake2, baidu, or a custom epoch in Unix milliseconds
                    (Twitter layout).
                    Also a layout written out (alias --layout):
                    epoch=2020-01-01,unit=10ms,time=39,sequence=8,machineId=16
                    Without it (or with auto) every reading is listed, and the time is
                    set only when exactly one reading is plausible.
  --from KIND       read each input as this kind only, with its verdict, whatever else the
                    text could be: ${KINDS.join(', ')}
                    (dotnet: a GUID's bytes in .NET Guid.ToByteArray() / SQL Server order,
                    32 hex digits or 24 base64 chars, decoded as the UUID they hold; that
                    order is never guessed without it)

  --all             also list the readings of kinds read only when named (a Flake ID or
                    Simpleflake is any decimal, a Uuid25 any SCRU128 text, a Timeflake any UUID)
  --sqids-alphabet A   read Sqids IDs with this alphabet (with --sqids-min-length N if the IDs
                    were padded): text whose numbers write it back is then read as Sqids
  --hashids-salt S     read Hashids with this salt (--hashids-min-length N, --hashids-alphabet A
                    as they were made): text that encodes back to itself is then read as Hashids

Text is read as every kind its shape allows. A reading whose time lies outside the years
such IDs are made (a SCRU128 from 2019, a push ID past 2109) is still listed, after the
others, marked "implausible" (in --json, "plausible": false).
  -h, --help        show this help
  --version         print the version

Exit status: 0 all IDs valid, 1 some ID invalid (still printed; reason on stderr), 2 usage error.`,
  flags: [
    HELP_FLAG, { name: 'json', value: false }, { name: 'all', value: false }, EPOCH_FLAG, { name: 'from', value: true },
    { name: 'sqids-alphabet', value: true }, { name: 'sqids-min-length', value: true },
    { name: 'hashids-salt', value: true }, { name: 'hashids-min-length', value: true }, { name: 'hashids-alphabet', value: true },
  ],

  async run(args, io) {
    const epochText = stringFlag(args, 'epoch');
    const epoch = epochText === undefined ? undefined : epochOption(epochText);
    const json = args.flags.has('json');
    const from = stringFlag(args, 'from');
    const extra = readOptions(args);
    if (from !== undefined && !KINDS.includes(from)) throw new UsageError(`unknown --from ${quote(from)} (use one of: ${KINDS.join(', ')})`);
    const out = new Output(io);
    const now = io.now ? io.now() : Date.now();
    let count = 0;
    let invalid = false;
    try {
      for await (const line of ids(args.positionals, io)) {
        if (line.text === '' && line.droppedFrom === undefined && !line.argument) {
          await out.afterLine(line); // a blank line, passed on only to flush what is waiting
          continue;
        }
        const d = decode(line, epoch, from, extra);
        if (!d.valid) {
          invalid = true;
          out.message(`idsmith: invalid ID ${quote(d.input, line.droppedFrom)}: ${escapeControls(d.error ?? 'not recognised')}\n`);
        }
        // The same bytes JSON.stringify(results, null, 2) gave when results were one array.
        if (json) out.push((count === 0 ? '[\n  ' : ',\n  ') + safeJson(JSON.stringify(d, null, 2)).replace(/\n/g, '\n  '));
        else out.push((count === 0 ? '' : '\n') + formatCard(d, now));
        count++;
        await out.afterLine(line);
      }
    } finally {
      await out.flushMessages(); // on the way out of an error too: what was said about earlier lines
    }
    if (json) out.push(count === 0 ? '[]\n' : '\n]\n');
    await out.flush();
    return invalid ? EXIT_INVALID : EXIT_OK;
  },
};

/** --all and the Sqids/Hashids configuration, as inspect options. */
function readOptions(args: ParsedArgs): InspectOptions {
  const o: InspectOptions = {};
  if (args.flags.has('all')) o.all = true;
  const length = (flag: string): number | undefined => {
    const text = stringFlag(args, flag);
    if (text === undefined) return undefined;
    if (!/^\d{1,3}$/.test(text) || Number(text) > 255) throw new UsageError(`--${flag} must be a whole number from 0 to 255; got ${quote(text)}`);
    return Number(text);
  };
  const sqAlphabet = stringFlag(args, 'sqids-alphabet'), sqMin = length('sqids-min-length');
  if (sqAlphabet !== undefined || sqMin !== undefined) o.sqids = { ...(sqAlphabet !== undefined ? { alphabet: sqAlphabet } : {}), ...(sqMin !== undefined ? { minLength: sqMin } : {}) };
  const salt = stringFlag(args, 'hashids-salt'), hMin = length('hashids-min-length'), hAlphabet = stringFlag(args, 'hashids-alphabet');
  if (salt !== undefined || hMin !== undefined || hAlphabet !== undefined) {
    o.hashids = { salt: salt ?? '', ...(hMin !== undefined ? { minLength: hMin } : {}), ...(hAlphabet !== undefined ? { alphabet: hAlphabet } : {}) };
  }
  return o;
}

function decode(line: InputLine, epoch: SnowflakeLayout | undefined, from: string | undefined, extra: InspectOptions): Decoded {
  // The decoded object: its JSON is inspect's, and the card reads what that leaves out.
  if (line.droppedFrom === undefined) return inspectDecoded(line.text, { ...extra, ...(epoch === undefined ? {} : { epoch }), ...(from === undefined ? {} : { from }) });
  // Only the start of an over-long line was kept; no ID is that long, so say so without it.
  return {
    input: line.text.slice(0, QUOTE_MAX),
    kind: 'unknown',
    valid: false,
    error: `A line of ${grouped(line.droppedFrom)} characters is too long to be an ID.`,
    errorCode: 'INVALID_LENGTH',
    fields: {},
  };
}
