import { FORMATS, IdError } from '../core';
import { version } from '../../package.json';
import { UsageError, parseArgs } from './args';
import { boundsCommand } from './bounds';
import { checkCommand } from './check';
import { EXIT_INVALID, EXIT_NOTE, EXIT_OK, EXIT_OUTPUT, EXIT_USAGE, VERSION_FLAG, wrap, type Command } from './command';
import { convertCommand } from './convert';
import { inspectCommand } from './inspect';
import { keysCommand } from './keys';
import { OutputError, type CliIo } from './io';
import { newCommand } from './new';
import { scanCommand } from './scan';
import { sortCommand } from './sort';
import { escapeControls, quote } from './safe';

export type { CliIo } from './io';

const COMMANDS: readonly Command[] = [inspectCommand, convertCommand, newCommand, boundsCommand, keysCommand, scanCommand, sortCommand, checkCommand];

const USAGE = `usage: idsmith <${COMMANDS.map((c) => c.name).join('|')}> [options] [args]`;

function topHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return `idsmith ${version}: decode, convert and generate identifiers

${USAGE}

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}

${wrap(`Formats (${FORMATS.length}): `, `${FORMATS.map((f) => f.label).join(', ')}. 'idsmith new --help' lists the kinds it makes; inspect --from KIND reads any of them by name.`)}

Options:
  -h, --help     show this help ('idsmith COMMAND --help' for a command's options)
  --version      print the version

Exit status: 0 success, 1 invalid input (or an ID found invalid), 2 usage error or an
unreadable file. ${EXIT_NOTE}
Output carries no colour; terminal control characters from the input are shown escaped,
never written raw to a terminal.
`;
}

/**
 * Runs the CLI and returns its exit code. Everything it reads or writes goes through `io`, so
 * tests drive it in-process; `src/cli.ts` is only the Node entry point around it.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (err) {
    if (!(err instanceof OutputError)) throw err;
    io.stderr(`idsmith: ${escapeControls(err.message)}\n`);
    return EXIT_OUTPUT;
  }
}

async function dispatch(argv: readonly string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.stderr(`${USAGE}\nTry 'idsmith --help'.\n`);
    return EXIT_USAGE;
  }
  if (first === '--help' || first === '-h') {
    await io.stdout(topHelp());
    return EXIT_OK;
  }
  if (first === '--version') {
    await io.stdout(`${version}\n`);
    return EXIT_OK;
  }
  if (first === 'help') return await help(rest[0], io, rest[1]);
  let command = COMMANDS.find((c) => c.name === first);
  let args = rest;
  if (command?.subcommands) {
    const sub = command.subcommands.find((c) => c.name === `${command!.name} ${rest[0]}`);
    if (sub) {
      command = sub;
      args = rest.slice(1);
    } else if (rest[0] !== undefined && !rest[0].startsWith('-')) {
      io.stderr(`idsmith ${command.name}: unknown command ${quote(rest[0])}\nusage: ${command.usage}\nTry 'idsmith ${command.name} --help'.\n`);
      return EXIT_USAGE;
    }
  }
  if (!command) {
    const what = first.startsWith('-') ? `unknown option ${quote(first)}` : `unknown command ${quote(first)}`;
    io.stderr(`idsmith: ${what}\n${USAGE}\nTry 'idsmith --help'.\n`);
    return EXIT_USAGE;
  }
  try {
    const parsed = parseArgs(args, [...command.flags, VERSION_FLAG]);
    if (parsed.flags.has('help')) {
      await io.stdout(commandHelp(command));
      return EXIT_OK;
    }
    if (parsed.flags.has('version')) {
      await io.stdout(`${version}\n`);
      return EXIT_OK;
    }
    return await command.run(parsed, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`idsmith ${command.name}: ${err.message}\nusage: ${command.usage}\nTry 'idsmith ${command.name} --help'.\n`);
      return EXIT_USAGE;
    }
    // Reached when valid-looking options still cannot be honoured, e.g. a time a format
    // cannot hold or a monotonic counter that ran out.
    if (err instanceof IdError) {
      io.stderr(`idsmith ${command.name}: ${escapeControls(err.message)}\n`);
      return EXIT_INVALID;
    }
    throw err;
  }
}

async function help(name: string | undefined, io: CliIo, sub?: string): Promise<number> {
  if (name === undefined) {
    await io.stdout(topHelp());
    return EXIT_OK;
  }
  const top = COMMANDS.find((c) => c.name === name);
  const command = sub === undefined ? top : top?.subcommands?.find((c) => c.name === `${name} ${sub}`);
  if (!command) {
    io.stderr(`idsmith: unknown command ${quote(sub === undefined ? name : `${name} ${sub}`)}\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  await io.stdout(commandHelp(command));
  return EXIT_OK;
}

function commandHelp(command: Command): string {
  return `usage: ${command.usage}\n\n${command.help}\n${EXIT_NOTE}\n`;
}
