import { quote } from './safe';

// Hand-written argv parsing: the CLI ships without dependencies, and its grammar is small
// enough that a table of flags per command says everything a parser library would.

/** A mistake in how the CLI was called (exit 2), as opposed to an invalid ID (exit 1). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface FlagSpec {
  /** Long name without dashes, e.g. `epoch`. */
  name: string;
  /** Single-letter alias without the dash, e.g. `n`. */
  short?: string;
  /** Other long names for the same flag (`layout` for `epoch`). */
  aliases?: readonly string[];
  /** Whether the flag consumes a value (`--epoch discord`, `--epoch=discord`). */
  value: boolean;
  /** An empty value is a value (`--name ''`), not a missing one. */
  emptyOk?: boolean;
}

export interface ParsedArgs {
  flags: Map<string, string | true>;
  positionals: string[];
}

/**
 * Splits argv into flags and positionals. A flag that takes a value always consumes the next
 * argument, even one starting with `-`, so relative times such as `--time -2h` work; `--` ends
 * the flags so an ID starting with `-` (a NanoID can) is still read as an ID.
 */
export function parseArgs(argv: readonly string[], specs: readonly FlagSpec[]): ParsedArgs {
  const flags = new Map<string, string | true>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg.length < 2 || !arg.startsWith('-')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const key = eq === -1 ? arg : arg.slice(0, eq);
    const spec = findSpec(key, specs);
    if (!spec) throw new UsageError(`unknown option ${quote(key)}`);
    if (flags.has(spec.name)) throw new UsageError(`option '--${spec.name}' given twice`);
    if (!spec.value) {
      if (eq !== -1) throw new UsageError(`option '--${spec.name}' takes no value`);
      flags.set(spec.name, true);
      continue;
    }
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else if (i + 1 < argv.length) value = argv[++i];
    if (value === undefined || (value === '' && !spec.emptyOk)) throw new UsageError(`option '--${spec.name}' needs a value`);
    flags.set(spec.name, value);
  }
  return { flags, positionals };
}

function findSpec(key: string, specs: readonly FlagSpec[]): FlagSpec | undefined {
  if (key.startsWith('--')) {
    const name = key.slice(2);
    return specs.find((s) => s.name === name || (s.aliases?.includes(name) ?? false));
  }
  if (key.length === 2) return specs.find((s) => s.short === key.slice(1));
  return undefined;
}

/** The value of a value-taking flag, or undefined when absent. */
export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}
