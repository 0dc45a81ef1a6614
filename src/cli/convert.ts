import { ALL_CONVERT_TARGETS, CONVERT_SOURCES, IdError, convert } from '../core';
import { UsageError, stringFlag } from './args';
import { EXIT_INVALID, EXIT_OK, HELP_FLAG, prefixOption, wrap, type Command } from './command';
import { Output, ids } from './io';
import { escapeControls, quote } from './safe';

export const convertCommand: Command = {
  name: 'convert',
  summary: 'rewrite 128-bit IDs in another format (ULID, UUID, hex, int, base64, TypeID, ...)',
  usage: 'idsmith convert --to TARGET [--from FORM] [ID ...]',
  help: `Converts each ID given as an argument, or each line of standard input when none are given,
and prints one result per line, streaming: results come out as lines go in. Input is any ID
Idsmith reads that holds a value (ULID, UUID, TypeID, SCRU128, X-Ray, a traceparent's trace id,
KSUID, ObjectId, XID, TSID, snowflake) or a 128-bit value in hex, decimal, base64 or base64url;
where its text could be two of them, name it with --from.

Targets:
${wrap('  ', `${ALL_CONVERT_TARGETS.join(' ')} typeid:PREFIX`)}
  typeid keeps a TypeID input's prefix (none otherwise); uuidv6 takes a v1 UUID and uuidv1 a
  v6; mysql-bin is UUID_TO_BIN(u, 1) byte order as 0x-hex, for a v1 UUID only (v6, v7 and
  ULIDs already sort by time: store them with plain UUID_TO_BIN(u)); datadog is a trace id's
  low 64 bits in decimal; dotnet-hex and dotnet-base64 are .NET Guid.ToByteArray() / SQL
  Server byte order; tsid, objectid and xid take IDs of their width (64 and 96 bits).

Options:
  --to TARGET   the output format (required)
${wrap('  --from FORM   ', `read every input as this kind or form only, never guessed: any kind with a value and every target above, each reading back what --to writes (dotnet: 32 hex digits or 24 base64 chars in .NET byte order; datadog: the low 64 bits, read back with the high bits zero): ${CONVERT_SOURCES.join(', ')}`)}
  -h, --help    show this help
  --version     print the version

An input that cannot be converted prints nothing on standard output (the other lines are still
printed) and a message naming it on standard error.
Exit status: 0 all converted, 1 some input could not be converted, 2 usage error.`,
  flags: [HELP_FLAG, { name: 'to', value: true }, { name: 'from', value: true }],

  async run(args, io) {
    const target = stringFlag(args, 'to');
    if (target === undefined) throw new UsageError('missing --to TARGET');
    checkTarget(target);
    const fromText = stringFlag(args, 'from');
    const from = fromText === undefined ? undefined : CONVERT_SOURCES.find((f) => f === fromText);
    if (fromText !== undefined && from === undefined) throw new UsageError(`unknown --from ${quote(fromText)} (use one of: ${CONVERT_SOURCES.join(', ')})`);
    const opts: { from?: string } = from === undefined ? {} : { from };
    const out = new Output(io);
    let failed = false;
    try {
      for await (const line of ids(args.positionals, io)) {
        if (line.droppedFrom !== undefined) {
          failed = true;
          out.message(`idsmith: cannot convert ${quote(line.text, line.droppedFrom)} to ${target}: the line is too long to be an ID\n`);
        } else if (line.text !== '' || line.argument) {
          try {
            out.push(convert(line.text, target, opts) + '\n');
          } catch (err) {
            if (!(err instanceof IdError)) throw err;
            failed = true;
            out.message(`idsmith: cannot convert ${quote(line.text)} to ${target}: ${escapeControls(err.message)}\n`);
          }
        }
        await out.afterLine(line);
      }
    } finally {
      await out.flushMessages(); // on the way out of an error too: what was said about earlier lines
    }
    await out.flush();
    return failed ? EXIT_INVALID : EXIT_OK;
  },
};

function checkTarget(target: string): void {
  if (target.startsWith('typeid:')) {
    prefixOption(target.slice('typeid:'.length), 'to');
    return;
  }
  const known: readonly string[] = ALL_CONVERT_TARGETS;
  if (!known.includes(target)) {
    throw new UsageError(`unknown target ${quote(target)} (use one of: ${known.join(', ')}, typeid:PREFIX)`);
  }
}
