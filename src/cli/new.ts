import { NAMESPACES, generate, generatorFor, generatorKinds, isUuid, type GenKind, type GeneratorOptions as GenerateOptions } from '../core';
import { UsageError, stringFlag, type ParsedArgs } from './args';
import {
  EXIT_OK, HELP_FLAG, countOption, EPOCH_FLAG, epochOption, prefixOption, rejectFlags, timeOption, type Command,
} from './command';
import type { CliIo } from './io';
import { quote } from './safe';

const MAX_COUNT = 10_000_000;
// Large runs are made and written ten thousand at a time: few enough writes to stay fast, and
// small enough batches (2.5 MB for 255-character NanoIDs) that memory stays flat at any N.
const CHUNK = 10_000;

const GEN_KINDS = generatorKinds();
const NAME_BASED: readonly GenKind[] = ['uuidv3', 'uuidv5'];

export const newCommand: Command = {
  name: 'new',
  summary: 'generate IDs, one per line',
  usage: 'idsmith new KIND [-n N] [--time TIME] [--epoch NAME|MS] [--prefix P]',
  help: `Prints N new IDs of KIND, one per line; time-ordered kinds come out strictly increasing.

Kinds: ${GEN_KINDS.join(' ')}   (uuid = uuidv4)

Options:
  -n, --count N          how many IDs (default 1, at most ${MAX_COUNT.toLocaleString('en-US')})
  --time TIME            creation time instead of now (time-holding kinds only):
                         ISO 8601 (with or without zone), YYYY-MM-DD, "YYYY-MM-DD HH:mm[:ss]",
                         Unix seconds or milliseconds, now, or relative like -2h, +3d
  --epoch NAME|MS        snowflake layout: twitter (default), discord, instagram, sonyflake,
                         mastodon, sonyflake2, baidu, a custom epoch in Unix milliseconds,
                         or a layout written out (alias --layout):
                         epoch=2020-01-01,unit=1ms,time=41,shard=10,sequence=12
  --prefix P             TypeID prefix (lower case a-z and _, up to 63 chars; default none)
  --namespace NS         uuidv3/uuidv5 namespace: dns, url, oid, x500 or a UUID (required)
  --name NAME            uuidv3/uuidv5 name (required)
  --size N               NanoID length (default 21), CUID2 length (2-32, default 24)
  -h, --help             show this help
  --version              print the version

Exit status: 0 success, 1 the IDs cannot be made (e.g. a time the format cannot hold),
2 usage error.`,
  flags: [
    HELP_FLAG,
    { name: 'count', short: 'n', value: true },
    { name: 'time', value: true },
    EPOCH_FLAG,
    { name: 'prefix', value: true },
    { name: 'namespace', value: true },
    { name: 'name', value: true },
    { name: 'size', value: true },
  ],

  async run(args, io) {
    const [kindText, ...extra] = args.positionals;
    if (kindText === undefined) throw new UsageError('missing KIND');
    if (extra.length > 0) throw new UsageError(`unexpected argument ${quote(extra[0]!)}`);
    const kind = GEN_KINDS.find((k) => k === kindText);
    if (!kind) throw new UsageError(`unknown kind ${quote(kindText)} (use one of: ${GEN_KINDS.join(', ')})`);
    const count = countOption('count', stringFlag(args, 'count') ?? '1', MAX_COUNT);
    const opts = generateOptions(kind, args, io);
    // A name-based UUID is a function of its namespace and name: N copies would be N duplicates.
    if (NAME_BASED.includes(kind) && count !== 1) {
      throw new UsageError(`${kind} is derived from --namespace and --name, so every copy is the same ID; -n must be 1`);
    }
    for (let done = 0; done < count; done += CHUNK) {
      const ids = generate(kind, { ...opts, count: Math.min(CHUNK, count - done) });
      await io.stdout(ids.join('\n') + '\n');
    }
    return EXIT_OK;
  },
};

function generateOptions(kind: GenKind, args: ParsedArgs, io: CliIo): GenerateOptions {
  if (!generatorFor(kind)?.hasTime) rejectFlags(args, ['time'], `does not apply to ${kind}: it holds no time`);
  if (kind !== 'snowflake') rejectFlags(args, ['epoch'], 'applies only to snowflake');
  if (kind !== 'typeid') rejectFlags(args, ['prefix'], 'applies only to typeid');
  if (kind !== 'nanoid' && kind !== 'cuid2') rejectFlags(args, ['size'], 'applies only to nanoid and cuid2');
  if (!NAME_BASED.includes(kind)) rejectFlags(args, ['namespace', 'name'], 'applies only to uuidv3 and uuidv5');

  const opts: GenerateOptions = {};
  const time = stringFlag(args, 'time');
  if (time !== undefined) opts.timeMs = timeOption('time', time, io);
  const epoch = stringFlag(args, 'epoch');
  if (epoch !== undefined) opts.epoch = epochOption(epoch);
  const prefix = stringFlag(args, 'prefix');
  if (prefix !== undefined) opts.prefix = prefixOption(prefix);
  const size = stringFlag(args, 'size');
  // The kind's own bounds (NanoID 2-255, CUID2 2-32), as the settings and the insert command use them.
  if (size !== undefined) opts.size = countOption('size', size, generatorFor(kind)?.options.find((o) => o.name === 'size')?.max ?? 255);
  if (NAME_BASED.includes(kind)) {
    const namespace = stringFlag(args, 'namespace');
    const name = stringFlag(args, 'name');
    if (namespace === undefined || name === undefined) throw new UsageError(`${kind} needs --namespace and --name`);
    if (!Object.hasOwn(NAMESPACES, namespace.toLowerCase()) && !isUuid(namespace)) {
      throw new UsageError(`--namespace must be dns, url, oid, x500 or a UUID, got ${quote(namespace)}`);
    }
    opts.namespace = namespace;
    opts.name = name;
  }
  return opts;
}
