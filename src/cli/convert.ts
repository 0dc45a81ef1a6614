import { CONVERT_TARGETS, IdError, convert } from '../core';
import { UsageError, stringFlag } from './args';
import { EXIT_INVALID, EXIT_OK, HELP_FLAG, prefixOption, type Command } from './command';
import { readIds } from './io';

export const convertCommand: Command = {
  name: 'convert',
  summary: 'rewrite 128-bit IDs in another format (ULID, UUID, hex, int, base64, TypeID, ...)',
  usage: 'idsmith convert --to TARGET [ID ...]',
  help: `Converts each ID given as an argument, or each line of standard input when none are given,
and prints one result per line. A ULID, UUID, TypeID, 32-digit hex, decimal integer, base64 or
base64url value is accepted as input.

Targets:
  ulid  uuid  hex  int  base64  base64url
  typeid:PREFIX  typeid (keeps a TypeID input's prefix, none otherwise)
  uuidv6 (from a v1 UUID)  uuidv1 (from a v6 UUID)
  uuid-upper  uuid-braces  uuid-urn  mysql-bin (UUID_TO_BIN(u, 1) byte order, as hex)

Options:
  --to TARGET   the output format (required)
  -h, --help    show this help

An input that cannot be converted prints nothing on standard output (the other lines are still
printed) and a message naming it on standard error.
Exit status: 0 all converted, 1 some input could not be converted, 2 usage error.`,
  flags: [HELP_FLAG, { name: 'to', value: true }],

  async run(args, io) {
    const target = stringFlag(args, 'to');
    if (target === undefined) throw new UsageError('missing --to TARGET');
    checkTarget(target);
    const ids = await readIds(args.positionals, io);
    const out: string[] = [];
    let failed = false;
    for (const id of ids) {
      try {
        out.push(convert(id, target));
      } catch (err) {
        if (!(err instanceof IdError)) throw err;
        failed = true;
        io.stderr(`idsmith: cannot convert '${id}' to ${target}: ${err.message}\n`);
      }
    }
    if (out.length > 0) io.stdout(out.join('\n') + '\n');
    return failed ? EXIT_INVALID : EXIT_OK;
  },
};

function checkTarget(target: string): void {
  if (target.startsWith('typeid:')) {
    prefixOption(target.slice('typeid:'.length));
    return;
  }
  const known: readonly string[] = CONVERT_TARGETS;
  if (!known.includes(target)) {
    throw new UsageError(`unknown target '${target}' (use one of: ${known.join(', ')}, typeid:PREFIX)`);
  }
}
