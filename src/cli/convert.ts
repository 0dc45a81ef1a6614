import { ALL_CONVERT_TARGETS, FORMS_128, IdError, convert, type Form128 } from '../core';
import { UsageError, stringFlag } from './args';
import { EXIT_INVALID, EXIT_OK, HELP_FLAG, prefixOption, type Command } from './command';
import { Output, ids } from './io';
import { escapeControls, quote } from './safe';

export const convertCommand: Command = {
  name: 'convert',
  summary: 'rewrite 128-bit IDs in another format (ULID, UUID, hex, int, base64, TypeID, ...)',
  usage: 'idsmith convert --to TARGET [--from FORM] [ID ...]',
  help: `Converts each ID given as an argument, or each line of standard input when none are given,
and prints one result per line, streaming: results come out as lines go in. A ULID, UUID, TypeID, 32-digit hex, decimal integer, base64 or
base64url value, an AWS X-Ray trace ID or a W3C traceparent (its trace id) is accepted as input.

Targets:
  ulid  uuid  hex  int  base64  base64url
  typeid:PREFIX  typeid (keeps a TypeID input's prefix, none otherwise)
  uuidv6 (from a v1 UUID)  uuidv1 (from a v6 UUID)
  uuid-upper  uuid-braces  uuid-urn  mysql-bin (UUID_TO_BIN(u, 1) byte order, as hex)
  xray (1-XXXXXXXX-XXXXXXXXXXXXXXXXXXXXXXXX)  datadog (a trace id's low 64 bits in decimal)
  dotnet-hex  dotnet-base64 (.NET Guid.ToByteArray() / SQL Server byte order)

Options:
  --to TARGET   the output format (required)
  --from FORM   read every input as this form: ${FORMS_128.join(', ')}
                (dotnet: 32 hex digits or 24 base64 chars in .NET byte order, never guessed)
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
    const from = fromText === undefined ? undefined : FORMS_128.find((f) => f === fromText);
    if (fromText !== undefined && from === undefined) throw new UsageError(`unknown --from ${quote(fromText)} (use one of: ${FORMS_128.join(', ')})`);
    const opts: { from?: Form128 } = from === undefined ? {} : { from };
    const out = new Output(io);
    let failed = false;
    for await (const line of ids(args.positionals, io)) {
      if (line.droppedFrom !== undefined) {
        failed = true;
        io.stderr(`idsmith: cannot convert ${quote(line.text, line.droppedFrom)} to ${target}: the line is too long to be an ID\n`);
      } else if (line.text !== '' || line.argument) {
        try {
          out.push(convert(line.text, target, opts) + '\n');
        } catch (err) {
          if (!(err instanceof IdError)) throw err;
          failed = true;
          io.stderr(`idsmith: cannot convert ${quote(line.text)} to ${target}: ${escapeControls(err.message)}\n`);
        }
      }
      await out.afterLine(line);
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
