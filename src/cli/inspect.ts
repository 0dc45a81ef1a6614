import { inspect, type Decoded } from '../core';
import { stringFlag } from './args';
import { formatCard } from './card';
import { EXIT_INVALID, EXIT_OK, HELP_FLAG, epochOption, type Command } from './command';
import { readIds } from './io';

export const inspectCommand: Command = {
  name: 'inspect',
  summary: 'decode IDs: kind, validity, creation time, fields',
  usage: 'idsmith inspect [--json] [--epoch NAME|MS] [ID ...]',
  help: `Decodes each ID given as an argument, or each line of standard input when none are given
(blank lines are skipped). Recognises ULID, UUID (any version), snowflake, KSUID, ObjectId and
TypeID.

Options:
  --json            print one JSON array, one object per input, in input order
  --epoch NAME|MS   read snowflakes with this epoch: twitter, discord, instagram, sonyflake,
                    mastodon, or a custom epoch in Unix milliseconds (Twitter layout).
                    Without it (or with auto) every reading is listed, and the time is
                    set only when exactly one reading is plausible.
  -h, --help        show this help

Exit status: 0 all IDs valid, 1 some ID invalid (still printed; reason on stderr), 2 usage error.`,
  flags: [HELP_FLAG, { name: 'json', value: false }, { name: 'epoch', value: true }],

  async run(args, io) {
    const epochText = stringFlag(args, 'epoch');
    const epoch = epochText === undefined ? undefined : epochOption(epochText);
    const ids = await readIds(args.positionals, io);
    const results = ids.map((id) => inspect(id, epoch === undefined ? {} : { epoch }));
    const invalid = results.filter((d) => !d.valid);
    for (const d of invalid) io.stderr(`idsmith: invalid ID '${d.input}': ${d.error ?? 'not recognised'}\n`);
    io.stdout(args.flags.has('json') ? JSON.stringify(results, null, 2) + '\n' : cards(results));
    return invalid.length > 0 ? EXIT_INVALID : EXIT_OK;
  },
};

function cards(results: readonly Decoded[]): string {
  return results.map(formatCard).join('\n');
}
