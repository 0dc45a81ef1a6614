import {
  boundsKinds, dynamoQuery, IdError, listingSnippet, listKeys, newKeys, parseKeyTemplate, planKeys, sqlQuery, STORES,
  formatIso, formatRate, KEYS_PER_CALL, MAX_LIST_REQUESTS, SNIPPET_FORMATS,
  type KeyPlan, type KeyTemplate, type SnippetFormat, type StoreId,
} from '../core';
import { UsageError, stringFlag, type ParsedArgs } from './args';
import { EPOCH_FLAG, EXIT_OK, HELP_FLAG, countOption, timeOption, type Command } from './command';
import { escapeControls, quote, safeJson } from './safe';
import { boundsOptions, windowOption } from './window';
import { grouped } from '../core/grouped';

// `idsmith keys new|list|plan|query`: object keys that spread writes and still list by time.
// The core does the work (src/core/keys*.ts); this file reads flags and prints.

const KINDS = boundsKinds().map((k) => k.kind);
const MAX_KEYS = 1_000_000;

const TEMPLATE_HELP = `Templates: literal text with fields. {id} is the ID (exactly once; only literal text
may follow it), {hash:N} the first N hex digits of MD5 of the ID's text (spreads writes over
16^N prefixes), {yyyy} {mm} {dd} {hh} the ID's UTC time (dated or Hive-style partitions).
Examples: logs/{hash:2}/{id}.json.gz   dt={yyyy}-{mm}-{dd}/hr={hh}/{id}.parquet
Refused, with the reason: a field after {id}, a reversed timestamp, no {id}.`;

const KIND_OPTIONS = `  --epoch NAME|MS   snowflake layout: twitter, discord, instagram, sonyflake, mastodon,
                    sonyflake2, baidu, a custom epoch in Unix ms, or a layout written out
  --prefix P        TypeID prefix
  --case upper|lower
                    spell the IDs in this case, as your keys are (ulid, uuidv7, objectid):
                    keys compare by bytes, so the case must match`;

const TIME_HELP = `  --from TIME       start of the window (ISO 8601, YYYY-MM-DD, Unix s/ms, now, -2h, ...)
  --to TIME         end of the window, inclusive (default: --from); a bare date means that
                    whole UTC day`;

const COMMON_FLAGS = [HELP_FLAG, { name: 'kind', value: true }, EPOCH_FLAG, { name: 'prefix', value: true }, { name: 'case', value: true }];

function templateOption(args: ParsedArgs): KeyTemplate {
  const text = stringFlag(args, 'template');
  if (text === undefined) throw new UsageError('missing --template T (e.g. logs/{hash:2}/{id}.json.gz)');
  try {
    return parseKeyTemplate(text);
  } catch (e) {
    if (e instanceof IdError) throw new UsageError(`--template: ${escapeControls(e.message)}`);
    throw e;
  }
}

function kindOption(args: ParsedArgs): string {
  const kind = stringFlag(args, 'kind');
  if (kind === undefined) throw new UsageError(`missing --kind KIND (${KINDS.join(', ')})`);
  if (!KINDS.includes(kind)) throw new UsageError(`unknown kind ${quote(kind)} (use one of: ${KINDS.join(', ')})`);
  return kind;
}

function noPositionals(args: ParsedArgs): void {
  if (args.positionals.length > 0) throw new UsageError(`unexpected argument ${quote(args.positionals[0]!)}`);
}

const json = (value: unknown): string => safeJson(JSON.stringify(value, null, 2)) + '\n';
/** Lines for a terminal or a file: control and bidi characters shown escaped. */
const lines = (list: readonly string[]): string => list.map(escapeControls).join('\n') + '\n';

// ---------------------------------------------------------------------------------------------

const keysNew: Command = {
  name: 'keys new',
  summary: 'keys for new objects',
  usage: 'idsmith keys new --template T --kind KIND [-n N] [--time TIME] [--epoch NAME|MS] [--prefix P] [--case upper|lower] [--json]',
  help: `Prints N keys for new objects, one per line: a new ID of KIND in the template, with its
hash and date fields computed from that ID (its own time, in UTC), so 'idsmith keys list'
finds the object again.

${TEMPLATE_HELP}

Kinds: ${KINDS.join(' ')}

Options:
  --template T      the key template
  --kind KIND       the kind of ID
  -n, --count N     how many keys (default 1, at most ${grouped(MAX_KEYS)})
  --time TIME       the IDs' creation time instead of now
${KIND_OPTIONS} (snowflake default: twitter)
  --json            print [{ "key", "id", "time" }] instead
  -h, --help        show this help

Exit status: 0 success, 1 the keys cannot be made (a time the kind cannot hold), 2 usage error.`,
  flags: [...COMMON_FLAGS, { name: 'template', value: true }, { name: 'count', short: 'n', value: true }, { name: 'time', value: true }, { name: 'json', value: false }],
  async run(args, io) {
    noPositionals(args);
    const template = templateOption(args);
    const kind = kindOption(args);
    const opts = boundsOptions(kind, args, 'keys', false);
    const count = countOption('count', stringFlag(args, 'count') ?? '1', MAX_KEYS);
    const time = stringFlag(args, 'time');
    const keys = newKeys(template, kind, count, { ...opts, ...(time !== undefined ? { timeMs: timeOption('time', time, io) } : {}) });
    if (args.flags.has('json')) {
      await io.stdout(json(keys.map((k) => ({ key: k.key, id: k.id, time: formatIso(k.ms) }))));
    } else {
      await io.stdout(lines(keys.map((k) => k.key)));
    }
    return EXIT_OK;
  },
};

const keysList: Command = {
  name: 'keys list',
  summary: 'the ListObjectsV2 requests for one time window',
  usage: 'idsmith keys list --template T --kind KIND --from TIME [--to TIME] [--epoch NAME|MS] [--prefix P] [--case upper|lower] [--json | --format shell|boto3|js]',
  help: `Prints the listing requests that return exactly the objects of a template whose ID was
made between --from and --to (inclusive, widened to the kind's resolution like 'idsmith
bounds'): one request per hash value and date partition the window touches, ordered by
Prefix. Run each with ListObjectsV2 Prefix and StartAfter (paginating as usual), keep every
key k <= Until in byte order and stop at the first key above Until.

Output: ready-to-run 'aws s3api list-objects-v2' lines (set BUCKET first), or with
--format boto3|js the same as a Python (boto3) or JavaScript/TypeScript (AWS SDK v3) snippet,
or with --json { "requests": [ { "Prefix", "StartAfter", "Until" } ], "from", "to" }.

${TEMPLATE_HELP}

Kinds: ${KINDS.join(' ')}

Options:
  --template T      the key template
  --kind KIND       the kind of ID in the keys
${TIME_HELP}
${KIND_OPTIONS}
  --format F        shell (default), boto3 or js
  --json            the requests as JSON
  -h, --help        show this help

At most ${grouped(MAX_LIST_REQUESTS)} requests: {hash:N} makes 16^N per window, and each {hh}, {dd}, {mm}
or {yyyy} value the window touches multiplies them.

Exit status: 0 success, 1 the window cannot be listed with that template (see the message),
2 usage error.`,
  flags: [...COMMON_FLAGS, { name: 'template', value: true }, { name: 'from', value: true }, { name: 'to', value: true }, { name: 'format', value: true }, { name: 'json', value: false }],
  async run(args, io) {
    noPositionals(args);
    const template = templateOption(args);
    const kind = kindOption(args);
    const opts = boundsOptions(kind, args, 'keys');
    const [fromMs, toMs] = windowOption(args, io);
    const format = stringFlag(args, 'format');
    if (format !== undefined && !SNIPPET_FORMATS.includes(format as SnippetFormat)) {
      throw new UsageError(`--format must be ${SNIPPET_FORMATS.join(', ')}, got ${quote(format)}`);
    }
    if (format !== undefined && args.flags.has('json')) throw new UsageError('--json and --format are two outputs: give one');
    const listing = listKeys(template, kind, fromMs, toMs, opts);
    if (args.flags.has('json')) {
      const { requests, from, to, note } = listing;
      await io.stdout(json(note ? { requests, from, to, note } : { requests, from, to }));
      return EXIT_OK;
    }
    if (listing.note) io.stderr(`idsmith keys list: ${escapeControls(listing.note)}\n`);
    // Bidi or C1 characters of a template stay as they are in a file, and are shown escaped on a terminal.
    const text = listingSnippet(listing, (format ?? 'shell') as SnippetFormat);
    await io.stdout(io.stdoutIsTty ? lines(text.split('\n')) : `${text}\n`);
    return EXIT_OK;
  },
};

const STORE_HELP = (Object.values(STORES)).map((s) =>
  `  ${s.id.padEnd(4)} ${s.name}: ${s.statement}.\n       Source: ${s.source},\n       ${s.url}`).join('\n');

const DURATION = /^(\d+(?:\.\d+)?)(s|m|h|d|w)$/;
const DURATION_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

function rateOption(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+(?:\.\d+)?$/.test(text)) throw new UsageError(`--${name} must be a number of requests per second, got ${quote(text)}`);
  return Number(text);
}

function durationText(ms: number): string {
  for (const [size, name] of [[604_800_000, 'week'], [86_400_000, 'day'], [3_600_000, 'hour'], [60_000, 'minute']] as const) {
    if (ms % size === 0) return `${ms / size} ${name}${ms / size === 1 ? '' : 's'}`;
  }
  return `${ms / 1000} seconds`;
}

/** The plan as people read it: one labelled paragraph per question. */
export function planReport(p: KeyPlan): string {
  const s = p.store;
  const rc = p.readCost;
  const perPrefix = s.combined
    ? `${formatRate(p.writesPerPrefix + p.readsPerPrefix)} requests/s per prefix`
    : `${formatRate(p.writesPerPrefix)} writes/s${p.reads ? ` and ${formatRate(p.readsPerPrefix)} reads/s` : ''} per prefix`;
  const spread = p.prefixes === 1 ? 'one prefix (no {hash:N})' : `${grouped(p.prefixes)} prefixes ({hash:${Math.log2(p.prefixes) / 4}})`;
  const smallest = p.smallestHash === 0
    ? 'none needed: one prefix stays under the figure'
    : `{hash:${p.smallestHash}}: ${grouped(16 ** p.smallestHash)} prefixes, ${formatRate(p.rate / 16 ** p.smallestHash)} writes/s each`;
  const lines = [
    `Template  ${p.template} on ${s.name}`,
    `Writes    ${formatRate(p.rate)}/s${p.reads ? ` (and ${formatRate(p.reads)} reads/s)` : ''} spread over ${spread}: ${perPrefix}`,
    `Limit     ${s.statement}`,
    `          (${s.source}, ${s.url})`,
    `Verdict   ${p.summary}`,
    `Smallest  ${smallest}`,
    `Reading   one window of ${durationText(rc.windowMs)}: ${grouped(rc.requests)} listing request${rc.requests === 1 ? '' : 's'} (${grouped(p.prefixes)} hash value${p.prefixes === 1 ? '' : 's'} x ${rc.partitions} date partition${rc.partitions === 1 ? '' : 's'}),`,
    `          ${formatRate(rc.objects)} objects, about ${grouped(rc.calls)} ListObjectsV2 calls at ${grouped(KEYS_PER_CALL)} keys per call`,
    ...p.notes.map((n, i) => `${i === 0 ? 'Notes' : ''}`.padEnd(10) + n),
  ];
  return lines.join('\n') + '\n';
}

const keysPlan: Command = {
  name: 'keys plan',
  summary: 'how a template spreads writes, beside the store\'s published limit',
  usage: 'idsmith keys plan --template T --rate WRITES_PER_S [--reads READS_PER_S] [--store s3|oss|gcs] [--window DURATION] [--json]',
  help: `Says how many prefixes new writes spread over at any moment (16^N with {hash:N}; date
fields do not spread: all new keys share today's date), the requests per second each prefix
gets beside the store's published figure, a verdict, the smallest {hash:N} that keeps each
prefix under the figure, and the read cost: how many listing requests and ListObjectsV2
calls (${grouped(KEYS_PER_CALL)} keys each) one window of --window needs.

Published figures used:
${STORE_HELP}

${TEMPLATE_HELP}

Options:
  --template T        the key template
  --rate N            new objects per second
  --reads N           GET/HEAD requests per second on those objects (default 0)
  --store S           s3 (default), oss or gcs
  --window DURATION   the window whose listing cost is reported: 90s, 15m, 1h (default), 1d, 1w
  --json              the plan as JSON
  -h, --help          show this help

Exit status: 0 the plan was printed (whatever its verdict), 2 usage error.`,
  flags: [HELP_FLAG, { name: 'template', value: true }, { name: 'rate', value: true }, { name: 'reads', value: true }, { name: 'store', value: true }, { name: 'window', value: true }, { name: 'json', value: false }],
  async run(args, io) {
    noPositionals(args);
    const template = templateOption(args);
    const rate = rateOption('rate', stringFlag(args, 'rate'));
    if (rate === undefined) throw new UsageError('missing --rate WRITES_PER_S');
    const reads = rateOption('reads', stringFlag(args, 'reads'));
    const store = stringFlag(args, 'store') ?? 's3';
    if (!Object.hasOwn(STORES, store)) throw new UsageError(`--store must be s3, oss or gcs, got ${quote(store)}`);
    const windowText = stringFlag(args, 'window');
    let windowMs: number | undefined;
    if (windowText !== undefined) {
      const m = DURATION.exec(windowText);
      if (!m || Number(m[1]) <= 0) throw new UsageError(`--window must be a duration such as 15m, 1h or 1d, got ${quote(windowText)}`);
      windowMs = Number(m[1]) * DURATION_MS[m[2]!]!;
    }
    const plan = planKeys(template, { rate, ...(reads !== undefined ? { reads } : {}), store: store as StoreId, ...(windowMs !== undefined ? { windowMs } : {}) });
    await io.stdout(args.flags.has('json') ? json(plan) : lines(planReport(plan).trimEnd().split('\n')));
    return EXIT_OK;
  },
};

const keysQuery: Command = {
  name: 'keys query',
  summary: 'a DynamoDB KeyConditionExpression or SQL WHERE for one time window',
  usage: 'idsmith keys query --kind KIND --from TIME [--to TIME] --sort-key NAME [--partition-key NAME=VALUE] --store dynamodb|sql [--epoch NAME|MS] [--prefix P] [--case upper|lower]',
  help: `Prints the range query for the items whose sort key holds an ID of KIND made between
--from and --to (inclusive, widened to the kind's resolution):

  --store dynamodb  { "KeyConditionExpression", "ExpressionAttributeNames",
                    "ExpressionAttributeValues" } for a Query of one partition, e.g.
                    aws dynamodb query --table-name T --cli-input-json "$(idsmith keys query ...)"
                    Text IDs are string (S) sort keys, compared by UTF-8 bytes; snowflakes
                    are number (N) sort keys unless --sort-key-type S.
  --store sql       WHERE [partition = 'value' AND] sort_key BETWEEN 'min' AND 'max'
                    (KSUIDs need a byte-order collation such as COLLATE "C" or *_bin).

Kinds: ${KINDS.join(' ')}

Options:
  --kind KIND                the kind of ID in the sort key
${TIME_HELP}
  --sort-key NAME            the sort key attribute or column
  --partition-key NAME=VALUE the partition to read (required for dynamodb)
  --partition-key-type S|N   its DynamoDB type (default S)
  --sort-key-type S|N        S for text, N for snowflakes stored as numbers (the default for them)
  --sort-key-prefix TEXT     text before the ID in the sort key, such as ORDER#
  --store dynamodb|sql       what to print
${KIND_OPTIONS}
  -h, --help                 show this help

Exit status: 0 success, 1 the window cannot be queried that way (see the message), 2 usage error.`,
  flags: [...COMMON_FLAGS, { name: 'from', value: true }, { name: 'to', value: true }, { name: 'sort-key', value: true },
    { name: 'partition-key', value: true }, { name: 'partition-key-type', value: true }, { name: 'sort-key-type', value: true },
    { name: 'sort-key-prefix', value: true }, { name: 'store', value: true }],
  async run(args, io) {
    noPositionals(args);
    const kind = kindOption(args);
    const opts = boundsOptions(kind, args, 'keys');
    const [fromMs, toMs] = windowOption(args, io);
    const sortKey = stringFlag(args, 'sort-key');
    if (sortKey === undefined) throw new UsageError('missing --sort-key NAME');
    const store = stringFlag(args, 'store');
    if (store !== 'dynamodb' && store !== 'sql') throw new UsageError(store === undefined ? 'missing --store dynamodb|sql' : `--store must be dynamodb or sql, got ${quote(store)}`);
    const pkText = stringFlag(args, 'partition-key');
    const pkType = stringFlag(args, 'partition-key-type');
    const skType = stringFlag(args, 'sort-key-type');
    for (const [flag, v] of [['partition-key-type', pkType], ['sort-key-type', skType]] as const) {
      if (v !== undefined && v !== 'S' && v !== 'N') throw new UsageError(`--${flag} must be S or N, got ${quote(v)}`);
    }
    if (pkType !== undefined && pkText === undefined) throw new UsageError('--partition-key-type needs --partition-key NAME=VALUE');
    let partitionKey: { name: string; value: string; type?: 'S' | 'N' } | undefined;
    if (pkText !== undefined) {
      const eq = pkText.indexOf('=');
      if (eq <= 0) throw new UsageError(`--partition-key must be NAME=VALUE, got ${quote(pkText)}`);
      partitionKey = { name: pkText.slice(0, eq), value: pkText.slice(eq + 1), ...(pkType ? { type: pkType as 'S' | 'N' } : {}) };
    } else if (store === 'dynamodb') {
      throw new UsageError('a DynamoDB Query reads one partition: give --partition-key NAME=VALUE');
    }
    const prefix = stringFlag(args, 'sort-key-prefix');
    const q = {
      ...opts, sortKey,
      ...(partitionKey ? { partitionKey } : {}),
      ...(skType ? { sortKeyType: skType as 'S' | 'N' } : {}),
      ...(prefix !== undefined ? { sortKeyPrefix: prefix } : {}),
    };
    if (store === 'dynamodb') {
      const { window, ...query } = dynamoQuery(kind, fromMs, toMs, q);
      if (window.note) io.stderr(`idsmith keys query: ${escapeControls(window.note)}\n`);
      await io.stdout(json(query));
    } else {
      const { where, window } = sqlQuery(kind, fromMs, toMs, q);
      if (window.note) io.stderr(`idsmith keys query: ${escapeControls(window.note)}\n`);
      await io.stdout(`${escapeControls(where)}\n`);
    }
    return EXIT_OK;
  },
};

const SUBCOMMANDS = [keysNew, keysList, keysPlan, keysQuery];

export const keysCommand: Command = {
  name: 'keys',
  summary: 'object keys that spread writes and list by time (S3, OSS, GCS, DynamoDB, SQL)',
  usage: 'idsmith keys <new|list|plan|query> [options]',
  help: `Object keys that spread writes over a store's prefixes and can still be listed by time.

${SUBCOMMANDS.map((c) => `  ${c.name.padEnd(11)} ${c.summary}`).join('\n')}

'idsmith keys COMMAND --help' shows each command's options.

${TEMPLATE_HELP}

Example: 20,000 writes/s of logs/{hash:2}/{id}.json.gz on S3
  idsmith keys plan --template 'logs/{hash:2}/{id}.json.gz' --rate 20000
  idsmith keys list --template 'logs/{hash:2}/{id}.json.gz' --kind ulid --from 2024-05-01T10:00Z --to 2024-05-01T10:59:59.999Z`,
  flags: [HELP_FLAG],
  subcommands: SUBCOMMANDS,
  async run() {
    throw new UsageError('missing command: new, list, plan or query');
  },
};
