import { generate, generatorFor, generatorKinds, type GenKind, type GenerateOptions, type GeneratorOptions, type GeneratorSpec, type OptionSpec } from '../core';
import { UsageError, stringFlag, type FlagSpec, type ParsedArgs } from './args';
import { EXIT_OK, HELP_FLAG, countOption, timeOption, wrap, type Command } from './command';
import type { CliIo } from './io';
import { escapeControls, quote } from './safe';
import { grouped } from '../core/grouped';

// `idsmith new`: every option beyond the count and the time is a generator option read from the
// registry (`GeneratorSpec.options`, and `optionsFor` where the others decide, as a snowflake
// layout decides its node ids), so its flags, limits and help follow the formats.

const MAX_COUNT = 10_000_000;
// Large runs are made and written ten thousand at a time: few enough writes to stay fast, and
// small enough batches (2.5 MB for 255-character NanoIDs) that memory stays flat at any N.
const CHUNK = 10_000;

const SPECS: readonly GeneratorSpec[] = generatorKinds().map((k) => generatorFor(k)!);
const TIMED = SPECS.filter((s) => s.hasTime).map((s) => s.kind);

const flagOf = (o: OptionSpec): string => o.flag ?? o.name;

/** Each option flag some kind reads, with the kinds and their specs, in registry order. */
const OPTION_FLAGS = new Map<string, { spec: GeneratorSpec; option: OptionSpec }[]>();
for (const spec of SPECS) {
  for (const option of spec.options) {
    const users = OPTION_FLAGS.get(flagOf(option)) ?? [];
    users.push({ spec, option });
    OPTION_FLAGS.set(flagOf(option), users);
  }
}

const FLAGS: FlagSpec[] = [
  HELP_FLAG,
  { name: 'count', short: 'n', value: true },
  { name: 'time', value: true },
  ...[...OPTION_FLAGS].map(([name, users]) => ({
    name, value: true, emptyOk: users.some((u) => u.option.emptyOk), aliases: users.flatMap((u) => u.option.aliases ?? []),
  })),
];

/** The help's lines for the registry's options: `--size N  nanoid: …`, one line per kind. */
function optionHelp(): string {
  const rows: [string, string][] = [];
  for (const [name, users] of OPTION_FLAGS) {
    const number = users.every((u) => u.option.type === 'number');
    const aliases = [...new Set(users.flatMap((u) => u.option.aliases ?? []))];
    const head = `--${name} ${number ? 'N' : users.some((u) => u.option.aliases?.includes('layout')) ? 'LAYOUT' : name.toUpperCase()}`;
    // Options that mean the same for several kinds (uuidv3 and uuidv5's --name) share a line.
    const byText = new Map<string, string[]>();
    for (const { spec, option } of users) {
      const range = option.min !== undefined && option.max !== undefined ? `, ${option.min} to ${option.max}` : '';
      const dflt = option.required ? ' (required' + (option.emptyOk ? '; may be empty)' : ')')
        : option.default !== undefined && option.default !== '' && !option.perProcess ? ` (default ${option.default})` : '';
      const text = `${option.description}${range}${dflt}${aliases.length > 0 ? ` (alias --${aliases.join(', --')})` : ''}`;
      byText.set(text, [...(byText.get(text) ?? []), spec.kind]);
    }
    let first = true;
    for (const [text, kinds] of byText) {
      rows.push([first ? head : '', `${kinds.join(', ')}: ${text}`]);
      first = false;
    }
  }
  return rows.map(([head, text]) => wrap(`  ${head.padEnd(21)}  `, text)).join('\n');
}

export const newCommand: Command = {
  name: 'new',
  summary: 'generate IDs, one per line',
  usage: 'idsmith new KIND [-n N] [--time TIME] [--epoch NAME|MS] [--worker N] [--prefix P] [...]',
  help: `Prints N new IDs of KIND, one per line; time-ordered kinds come out strictly increasing.

Kinds: ${SPECS.map((s) => s.kind).join(' ')}   (uuid = uuidv4)

Options:
  -n, --count N          how many IDs (default 1, at most ${grouped(MAX_COUNT)})
${wrap('  --time TIME            ', `creation time instead of now (${TIMED.join(', ')}): ISO 8601 (with or without zone, +YYYYYY years too), YYYY-MM-DD, "YYYY-MM-DD HH:mm[:ss]", Unix seconds (10 digits) or milliseconds (13), now, or relative like -2h, +3d`)}
${optionHelp()}
  -h, --help             show this help
  --version              print the version

A snowflake takes the node ids its layout has: --datacenter and --worker (twitter), --worker
and --process (discord), --shard (instagram), --machine (sonyflake, sonyflake2), --worker
(baidu); a layout written out takes a flag for each field named after it (shard=10 is
--shard). Separate processes need distinct ids: two processes making snowflakes of one layout
with the same ids at the same time make the same IDs. Give each process its own; a batch
left at the default ids gets a warning on standard error.

Exit status: 0 success, 1 the IDs cannot be made (e.g. a time the format cannot hold),
2 usage error.`,
  flags: FLAGS,

  async run(args, io) {
    const [kindText, ...extra] = args.positionals;
    if (kindText === undefined) throw new UsageError('missing KIND');
    if (extra.length > 0) throw new UsageError(`unexpected argument ${quote(extra[0]!)}`);
    const spec = SPECS.find((s) => s.kind === kindText);
    if (!spec) throw new UsageError(`unknown kind ${quote(kindText)} (use one of: ${SPECS.map((s) => s.kind).join(', ')})`);
    const kind = spec.kind as GenKind;
    const count = countOption('count', stringFlag(args, 'count') ?? '1', MAX_COUNT);
    const { opts, defaulted } = generateOptions(spec, args, io);
    if (spec.derived && count !== 1) {
      throw new UsageError(`${kind} is derived from ${spec.options.map((o) => `--${flagOf(o)}`).join(' and ')}, so every copy is the same ID; -n must be 1`);
    }
    if (count > 1 && defaulted.length > 0) {
      io.stderr(`idsmith new: warning: ${escapeControls(defaultedWarning(kind, defaulted))}\n`);
    }
    // Kinds that number their IDs from `start` (Sqids, Hashids) go on counting from chunk to
    // chunk: each chunk began at `start` again, so 2,000,000 IDs were 10,000 repeated.
    const counted = spec.options.some((o) => o.name === 'start') && (opts as { numbers?: unknown }).numbers === undefined;
    const start = (opts as { start?: number }).start ?? 1;
    for (let done = 0; done < count; done += CHUNK) {
      const ids = generate(kind, { ...opts, count: Math.min(CHUNK, count - done), ...(counted ? { start: start + done } : {}) });
      await io.stdout(ids.join('\n') + '\n');
    }
    return EXIT_OK;
  },
};

/**
 * The options given for `spec`, read and checked against the limits that apply; and the
 * per-process ones (a snowflake's node ids) when all of them were left at their defaults.
 */
function generateOptions(spec: GeneratorSpec, args: ParsedArgs, io: CliIo): { opts: GeneratorOptions; defaulted: OptionSpec[] } {
  const opts: Record<string, unknown> = {};
  const time = stringFlag(args, 'time');
  if (time !== undefined) {
    if (!spec.hasTime) throw new UsageError(`--time does not apply to ${spec.kind}: it holds no time`);
    opts.timeMs = timeOption('time', time, io);
  }
  const now = io.now ? io.now() : Date.now();
  const given = (o: OptionSpec): string | undefined => stringFlag(args, flagOf(o));
  // The kind's own options first: they may decide which others apply (a snowflake's layout).
  for (const o of spec.options) {
    const text = given(o);
    if (text !== undefined && !o.perProcess) opts[o.name] = optionValue(o, text, now);
  }
  const applicable = spec.optionsFor?.(opts as GenerateOptions) ?? spec.options;
  for (const flag of OPTION_FLAGS.keys()) {
    if (stringFlag(args, flag) === undefined || applicable.some((o) => flagOf(o) === flag)) continue;
    const takes = applicable.map((o) => `--${flagOf(o)}`);
    // Say which options decided (a snowflake's layout): `snowflake with --epoch twitter (the default)`.
    const deciding = spec.optionsFor ? spec.options.filter((o) => !o.perProcess) : [];
    const where = deciding.length === 0 ? spec.kind
      : `${spec.kind} with ${deciding.map((o) => `--${flagOf(o)} ${given(o) ?? `${o.default} (the default)`}`).join(', ')}`;
    throw new UsageError(`--${flag} does not apply to ${where}; ${takes.length > 0 ? `it takes ${takes.join(', ')}` : 'it takes no options'}`);
  }
  const defaulted: OptionSpec[] = [];
  for (const o of applicable) {
    const text = given(o);
    if (text !== undefined) opts[o.name] = optionValue(o, text, now);
    else if (o.required) throw new UsageError(`${spec.kind} needs --${flagOf(o)}`);
    else if (o.perProcess) defaulted.push(o);
  }
  // One id given says the processes are told apart (the others may stay 0): warn only when none is.
  const perProcess = applicable.filter((o) => o.perProcess);
  return { opts: opts as GeneratorOptions, defaulted: defaulted.length === perProcess.length ? defaulted : [] };
}

/** One option's value from its flag: a number within the option's limits, or what its parser makes. */
function optionValue(o: OptionSpec, text: string, now: number): unknown {
  if (o.type === 'number') {
    const min = o.min ?? 0, max = o.max ?? Number.MAX_SAFE_INTEGER;
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
      throw new UsageError(`--${flagOf(o)} must be a whole number from ${min} to ${max}${o.perProcess ? ` (${o.description})` : ''}; got ${quote(text)}`);
    }
    return Number(text);
  }
  if (!o.parse) return text;
  try {
    return o.parse(text, now);
  } catch (err) {
    if (err instanceof Error && err.name === 'IdError') throw new UsageError(`--${flagOf(o)}: ${escapeControls(err.message)}`);
    throw err;
  }
}

function defaultedWarning(kind: string, defaulted: readonly OptionSpec[]): string {
  const names = defaulted.map((o) => `${o.name} ${o.default ?? 0}`).join(' and ');
  const flags = defaulted.map((o) => `--${flagOf(o)}`).filter((f) => FLAGS.some((s) => `--${s.name}` === f));
  return `these ${kind} IDs carry the default ${names}; another process making them at the same time with the same ids makes the ` +
    `same IDs. Give each process its own${flags.length > 0 ? ` ${flags.join('/')}` : ' ids (name the layout\'s fields worker, process, machine, shard or datacenter to set them here)'}.`;
}
