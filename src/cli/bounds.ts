import { bounds, boundsKinds } from '../core';
import { UsageError } from './args';
import { EXIT_OK, HELP_FLAG, EPOCH_FLAG, type Command } from './command';
import { quote, safeJson } from './safe';
import { boundsOptions, windowOption } from './window';

const KINDS = boundsKinds().map((k) => k.kind);

export const boundsCommand: Command = {
  name: 'bounds',
  summary: 'smallest and largest ID of a kind for a time range (for range queries)',
  usage: 'idsmith bounds KIND --from TIME [--to TIME] [--epoch NAME|MS] [--prefix P] [--case upper|lower]',
  help: `Prints, as JSON, the smallest and largest ID of KIND created between --from and --to
(inclusive; --to defaults to --from), and the longest text prefix shared by both:
{ "min", "max", "prefix", "prefixCovers": { "from", "to" } }.
Use min/max in a range query (WHERE id BETWEEN min AND max) or prefix for a prefix listing.

Kinds: ${KINDS.join(' ')}

Options:
  --from TIME       start of the range (ISO 8601, YYYY-MM-DD, Unix s/ms, now, -2h, ...)
  --to TIME         end of the range (default: --from); a bare date means that whole UTC day
  --epoch NAME|MS   snowflake layout, required for snowflake: twitter, discord, instagram,
                    sonyflake, mastodon, sonyflake2, baidu, or a custom epoch in Unix ms.
                    Also a layout written out (alias --layout):
                    epoch=2020-01-01,unit=10ms,time=39,sequence=8,machineId=16
  --prefix P        TypeID prefix
  --case upper|lower
                    spell min, max and prefix in this case, as your IDs are stored (ulid,
                    uuidv7, objectid; default upper for ULID, lower otherwise): case-sensitive
                    collations and S3 keys compare bytes
  -h, --help        show this help
  --version         print the version

Exit status: 0 success, 1 the range cannot be expressed in KIND, 2 usage error.`,
  flags: [
    HELP_FLAG,
    { name: 'from', value: true },
    { name: 'to', value: true },
    EPOCH_FLAG,
    { name: 'prefix', value: true },
    { name: 'case', value: true },
  ],

  async run(args, io) {
    const [kindText, ...extra] = args.positionals;
    if (kindText === undefined) throw new UsageError('missing KIND');
    if (extra.length > 0) throw new UsageError(`unexpected argument ${quote(extra[0]!)}`);
    const kind = KINDS.find((k) => k === kindText);
    if (!kind) throw new UsageError(`unknown kind ${quote(kindText)} (use one of: ${KINDS.join(', ')})`);
    const opts = boundsOptions(kind, args, 'bounds');
    const [fromMs, toMs] = windowOption(args, io);
    await io.stdout(safeJson(JSON.stringify(bounds(kind, fromMs, toMs, opts), null, 2)) + '\n');
    return EXIT_OK;
  },
};
