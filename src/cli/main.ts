import { IdError } from '../core';
import { version } from '../../package.json';
import { UsageError, parseArgs } from './args';
import { boundsCommand } from './bounds';
import { checkCommand } from './check';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, type Command } from './command';
import { convertCommand } from './convert';
import { inspectCommand } from './inspect';
import type { CliIo } from './io';
import { newCommand } from './new';

export type { CliIo } from './io';

const COMMANDS: readonly Command[] = [inspectCommand, convertCommand, newCommand, boundsCommand, checkCommand];

const USAGE = 'usage: idsmith <inspect|convert|new|bounds|check> [options] [args]';

function topHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return `idsmith ${version}: decode, convert and generate identifiers (ULID, UUID, snowflake, KSUID,
ObjectId, TypeID, NanoID)

${USAGE}

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}

Options:
  -h, --help     show this help ('idsmith COMMAND --help' for a command's options)
  --version      print the version

Exit status: 0 success, 1 invalid input, 2 usage error.
`;
}

/**
 * Runs the CLI and returns its exit code. Everything it reads or writes goes through `io`, so
 * tests drive it in-process; `src/cli.ts` is only the Node entry point around it.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.stderr(`${USAGE}\nTry 'idsmith --help'.\n`);
    return EXIT_USAGE;
  }
  if (first === '--help' || first === '-h') {
    io.stdout(topHelp());
    return EXIT_OK;
  }
  if (first === '--version') {
    io.stdout(`${version}\n`);
    return EXIT_OK;
  }
  if (first === 'help') return help(rest[0], io);
  const command = COMMANDS.find((c) => c.name === first);
  if (!command) {
    const what = first.startsWith('-') ? `unknown option '${first}'` : `unknown command '${first}'`;
    io.stderr(`idsmith: ${what}\n${USAGE}\nTry 'idsmith --help'.\n`);
    return EXIT_USAGE;
  }
  try {
    const args = parseArgs(rest, command.flags);
    if (args.flags.has('help')) {
      io.stdout(commandHelp(command));
      return EXIT_OK;
    }
    return await command.run(args, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`idsmith ${command.name}: ${err.message}\nusage: ${command.usage}\nTry 'idsmith ${command.name} --help'.\n`);
      return EXIT_USAGE;
    }
    // Reached when valid-looking options still cannot be honoured, e.g. a time a format
    // cannot hold or a monotonic counter that ran out.
    if (err instanceof IdError) {
      io.stderr(`idsmith ${command.name}: ${err.message}\n`);
      return EXIT_INVALID;
    }
    throw err;
  }
}

function help(name: string | undefined, io: CliIo): number {
  if (name === undefined) {
    io.stdout(topHelp());
    return EXIT_OK;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.stderr(`idsmith: unknown command '${name}'\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  io.stdout(commandHelp(command));
  return EXIT_OK;
}

function commandHelp(command: Command): string {
  return `usage: ${command.usage}\n\n${command.help}\n`;
}
