import { requireText } from '../args';
import { SnowflakeGenerator } from './snowflake/layouts';
import { repeat } from '../timeline';
import type { SnowflakeLayout } from '../types';
import { orThrow, judged, type Id } from './decoded';
import { HEX_OF_8, decimalOf, readInt64, type Layout64 } from './int64';
import { labelledHit } from './scanHit';
import type { DecodedId, FormatModule, Run, ScanContext, ScanHit } from './types';

// Flake ID as flake-idgen (T-PWK/flake-idgen) makes it: 64 bits, 42-bit milliseconds since its
// epoch (Unix 0 unless the generator was given one), 5-bit datacenter, 5-bit worker, 12-bit
// counter that restarts at 0 each millisecond. The library hands out an 8-byte buffer, stored as
// its decimal or its 16 hex digits. The time is Twitter's layout with a 42-bit count from 1970,
// the same as LinkedIn activity IDs, so a bare number is never guessed to be one: it is read as a
// Flake ID when named (`--from flakeid`, Inspect ID As…, a `flake_id` key).

export const FLAKE_ID_LAYOUT: Layout64 = {
  epochMs: 0, unitMs: 1, timeBits: 42,
  fields: [{ name: 'datacenterId', bits: 5 }, { name: 'workerId', bits: 5 }, { name: 'sequence', bits: 12 }],
};
/** The same layout for the snowflake generator. */
const GENERATOR_LAYOUT: SnowflakeLayout = { name: 'flakeid', label: 'Flake ID', launchMs: 0, ...FLAKE_ID_LAYOUT };
/** flake-idgen's first release (2013). */
const PLAUSIBLE_FROM = Date.UTC(2013, 0, 1);
const LABEL = /(?<![a-z])flake[_-]?id["'`]?\s*[:=]?\s*["'`(]?$/i;

function read(text: string): Id {
  return readInt64(flakeid, text, 'A Flake ID', FLAKE_ID_LAYOUT);
}

/** Fields `datacenterId`, `workerId`, `sequence`; decimal or 16 hex digits. */
export function decodeFlakeId(text: string): DecodedId {
  requireText(text, 'a Flake ID');
  return orThrow(read(text));
}

function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  return labelledHit(ctx, run.start, run.end, LABEL, read);
}

const DECIMAL = /^\d{1,20}$/;
const HEX16 = /^(?:0x)?[0-9a-f]{16}$/i;

export const flakeid: FormatModule = {
  id: 'flakeid',
  label: 'Flake ID',
  shapes: [
    { length: [1, 20], case: 'either', asked: true, description: 'Flake IDs (decimal)', test: (t) => DECIMAL.test(t) },
    { length: [16, 18], case: 'either', asked: true, description: 'Flake IDs (16 hex digits)', test: (t) => HEX16.test(t) },
  ],
  scan: [{ runLengths: [17, 18, 19, 20], numeric: true, find }],
  bits: 64,
  decode: (text, opts) => judged(read(text), PLAUSIBLE_FROM, opts?.now),
  encode: (bytes) => decimalOf(bytes),
  listedFor: ['flakeid'],
  representations: [{ target: 'hex', label: 'Hex', write: (id) => HEX_OF_8(id.bytes) }],
  hoverTargets: ['hex'],
  generators: [{
    kind: 'flakeid', label: 'Flake ID', detail: 'flake-idgen: ms since 1970 + datacenter + worker + counter, decimal',
    hasTime: true, ascending: true,
    options: [
      { name: 'datacenterId', type: 'number', description: 'datacenter id', min: 0, max: 31, default: 0 },
      { name: 'workerId', type: 'number', description: 'worker id', min: 0, max: 31, default: 0 },
    ],
    create: (env) => {
      // One generator per pair of node ids, so each pair counts on from where it left off.
      const byNode = new Map<string, SnowflakeGenerator>();
      return {
        generate: (n, o) => {
          const ids = { datacenterId: o.datacenterId, workerId: o.workerId };
          const key = `${ids.datacenterId ?? 0}/${ids.workerId ?? 0}`;
          let g = byNode.get(key);
          if (!g) byNode.set(key, (g = new SnowflakeGenerator(GENERATOR_LAYOUT, { ...ids, ...(env.clock ? { clock: env.clock } : {}) })));
          return repeat(n, () => g.next(o.timeMs));
        },
      };
    },
  }],
  time: { minMs: 0, maxMs: 2 ** 42 - 1, resolutionMs: 1, plausibleFromMs: PLAUSIBLE_FROM },
  notApplicable: {
    bounds: 'Flake IDs compare as numbers, not as text: use the snowflake bounds with a layout, or compare in the database.',
  },
  check: { labels: [['flake', 'id'], ['flakeid']], timeOrdered: true },
};
