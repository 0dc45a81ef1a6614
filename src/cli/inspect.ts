import { inspect, type Decoded, type SnowflakeLayout } from '../core';
import { UsageError, stringFlag } from './args';
import { formatCard } from './card';
import { EXIT_INVALID, EXIT_OK, HELP_FLAG, EPOCH_FLAG, epochOption, type Command } from './command';
import { Output, ids, type InputLine } from './io';
import { QUOTE_MAX, escapeControls, quote, safeJson } from './safe';

export const inspectCommand: Command = {
  name: 'inspect',
  summary: 'decode IDs: kind, validity, creation time, fields',
  usage: 'idsmith inspect [--json] [--epoch NAME|MS] [--from dotnet] [ID ...]',
  help: `Decodes each ID given as an argument, or each line of standard input when none are given
(blank lines are skipped). Recognises ULID, UUID (any version), snowflake, KSUID, ObjectId,
TypeID, TSID, XID, atproto TID, SCRU128, CUID, CUID2, Firebase push IDs, AWS X-Ray trace IDs
and W3C traceparent values; text two formats read plausibly lists the other reading too.
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
  --from dotnet     read each input as a GUID's bytes in .NET Guid.ToByteArray() / SQL Server
                    order (32 hex digits or 24 base64 chars) and decode the UUID they hold;
                    that order is never guessed without it
  -h, --help        show this help
  --version         print the version

Exit status: 0 all IDs valid, 1 some ID invalid (still printed; reason on stderr), 2 usage error.`,
  flags: [HELP_FLAG, { name: 'json', value: false }, EPOCH_FLAG, { name: 'from', value: true }],

  async run(args, io) {
    const epochText = stringFlag(args, 'epoch');
    const epoch = epochText === undefined ? undefined : epochOption(epochText);
    const json = args.flags.has('json');
    const from = stringFlag(args, 'from');
    if (from !== undefined && from !== 'dotnet') throw new UsageError(`unknown --from ${quote(from)} (inspect names only dotnet; other forms are read by shape)`);
    const out = new Output(io);
    let count = 0;
    let invalid = false;
    for await (const line of ids(args.positionals, io)) {
      if (line.text === '' && line.droppedFrom === undefined && !line.argument) {
        await out.afterLine(line); // a blank line, passed on only to flush what is waiting
        continue;
      }
      const d = decode(line, epoch, from);
      if (!d.valid) {
        invalid = true;
        io.stderr(`idsmith: invalid ID ${quote(d.input, line.droppedFrom)}: ${escapeControls(d.error ?? 'not recognised')}\n`);
      }
      // The same bytes JSON.stringify(results, null, 2) gave when results were one array.
      if (json) out.push((count === 0 ? '[\n  ' : ',\n  ') + safeJson(JSON.stringify(d, null, 2)).replace(/\n/g, '\n  '));
      else out.push((count === 0 ? '' : '\n') + formatCard(d));
      count++;
      await out.afterLine(line);
    }
    if (json) out.push(count === 0 ? '[]\n' : '\n]\n');
    await out.flush();
    return invalid ? EXIT_INVALID : EXIT_OK;
  },
};

function decode(line: InputLine, epoch: SnowflakeLayout | undefined, from: 'dotnet' | undefined): Decoded {
  if (line.droppedFrom === undefined) return inspect(line.text, { ...(epoch === undefined ? {} : { epoch }), ...(from === undefined ? {} : { from }) });
  // Only the start of an over-long line was kept; no ID is that long, so say so without it.
  return {
    input: line.text.slice(0, QUOTE_MAX),
    kind: 'unknown',
    valid: false,
    error: `A line of ${line.droppedFrom.toLocaleString('en-US')} characters is too long to be an ID.`,
    errorCode: 'INVALID_LENGTH',
    fields: {},
  };
}
