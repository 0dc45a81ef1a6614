import { IdError, parseSnowflakeEpoch, parseTimeInput, validateTypeIdPrefix, type SnowflakeLayout } from '../core';
import { UsageError, type FlagSpec, type ParsedArgs } from './args';
import type { CliIo } from './io';
import { escapeControls, quote } from './safe';

/** One `idsmith` sub-command: its grammar, its help, and what it does. Returns the exit code. */
export interface Command {
  name: string;
  /** One line for the top-level help. */
  summary: string;
  /** The usage line printed with usage errors. */
  usage: string;
  /** Full `--help` text after the usage line. */
  help: string;
  flags: FlagSpec[];
  run(args: ParsedArgs, io: CliIo): Promise<number>;
}

export const HELP_FLAG: FlagSpec = { name: 'help', short: 'h', value: false };
/** Accepted by every command (added by main), so `idsmith scan --version` works too. */
export const VERSION_FLAG: FlagSpec = { name: 'version', value: false };

export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;
/** A bug: an exception no command expected (sysexits EX_SOFTWARE). */
export const EXIT_INTERNAL = 70;
/** Standard output could not be written (a full disk, a closed terminal): sysexits EX_IOERR. */
export const EXIT_OUTPUT = 74;

/** Said at the end of every `--help`: the exit codes any command can give. */
export const EXIT_NOTE = `Any command also exits ${EXIT_OUTPUT} when its output cannot be written (a full disk, a closed
terminal; one line on standard error names the error) and ${EXIT_INTERNAL} on an internal error (a bug:
please report it). A reader that closes the pipe early (| head) is no error: exit 0.`;

// Option values are part of how the CLI was called, so a bad one is a usage error (exit 2)
// carrying the core's explanation; only the IDs being processed can make a run exit 1.
function asUsage<T>(option: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof IdError) throw new UsageError(`--${option}: ${escapeControls(err.message)}`);
    throw err;
  }
}

/** `--epoch` and its alias `--layout`: one flag, read by the one epoch parser. */
export const EPOCH_FLAG = { name: 'epoch', value: true, aliases: ['layout'] } as const;

/**
 * `--epoch NAME|MS|LAYOUT` (also `--layout`): a layout name or a custom epoch in Unix milliseconds, read by the core's
 * one epoch parser (the editor setting uses it too); undefined for `auto` (any case), the
 * setting's word for "no epoch", accepted so one value works in both.
 */
export function epochOption(text: string): SnowflakeLayout | undefined {
  return asUsage('epoch', () => parseSnowflakeEpoch(text));
}

/** A time option (`--time`, `--from`, `--to`) in any form `parseTimeInput` accepts. */
export function timeOption(option: string, text: string, io: CliIo): number {
  return asUsage(option, () => parseTimeInput(text, io.now ? io.now() : Date.now()).ms);
}

/** A TypeID prefix; `option` names where it came from (`--prefix P` or `--to typeid:P`). */
export function prefixOption(text: string, option = 'prefix'): string {
  asUsage(option, () => validateTypeIdPrefix(text));
  return text;
}

/** A positive integer option such as `-n`. */
export function countOption(option: string, text: string, max: number): number {
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > max) {
    throw new UsageError(`--${option} must be a whole number from 1 to ${max}, got ${quote(text)}`);
  }
  return Number(text);
}

/** Rejects options that mean nothing for the chosen kind instead of silently ignoring them. */
export function rejectFlags(args: ParsedArgs, names: readonly string[], why: string): void {
  for (const name of names) {
    if (args.flags.has(name)) throw new UsageError(`--${name} ${why}`);
  }
}
