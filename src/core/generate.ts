import { KsuidGenerator } from './ksuid';
import { nanoid } from './nanoid';
import { ObjectIdGenerator } from './objectid';
import { SnowflakeGenerator, resolveEpoch } from './snowflake';
import { encodeTypeId, validateTypeIdPrefix } from './typeid';
import { IdError, type Clock, type GenKind, type RandomSource } from './types';
import { UlidGenerator } from './ulid';
import { UuidGenerator, uuidV3, uuidV5 } from './uuid';

export interface GenerateOptions {
  /** How many IDs (default 1). */
  count?: number;
  /** Creation time in Unix ms for time-based kinds (default: the clock). */
  timeMs?: number;
  /** Snowflake preset or custom epoch in ms; 'auto' or absent means twitter. */
  epoch?: string | number;
  workerId?: number;
  processId?: number;
  datacenterId?: number;
  shardId?: number;
  machineId?: number;
  /** TypeID prefix (default none). */
  prefix?: string;
  /** uuidv3/uuidv5 namespace: dns, url, oid, x500 or a UUID (default dns). */
  namespace?: string;
  /** uuidv3/uuidv5 name (required for those kinds). */
  name?: string;
  /** NanoID length (default 21). */
  size?: number;
  clock?: Clock;
  random?: RandomSource;
}

export const MAX_COUNT = 1_000_000;

interface Generators {
  ulid: UlidGenerator;
  uuid: UuidGenerator;
  ksuid: KsuidGenerator;
  objectid: ObjectIdGenerator;
}

// One set per process, so IDs keep ascending across calls (an editor inserting one ID per
// keystroke gets the same order guarantee as one big batch). Injected clock or randomness get
// a private set, which keeps tests from disturbing each other and the shared state.
let shared: Generators | undefined;
const sharedSnowflakes = new Map<string, SnowflakeGenerator>();

function makeGenerators(opts: { clock?: Clock; random?: RandomSource }): Generators {
  return {
    ulid: new UlidGenerator(opts),
    uuid: new UuidGenerator(opts),
    ksuid: new KsuidGenerator(opts),
    objectid: new ObjectIdGenerator(opts),
  };
}

// Explicit-time snowflakes get their own generator per layout and node ids: the shared one
// never goes back in time (it is a logical clock), and a snowflake has no random bits to tell
// two IDs at one time apart, so the same requested time continues the same sequence.
const atTimeSnowflakes = new Map<string, { timeMs: number; gen: SnowflakeGenerator }>();

function snowflakeGenerator(opts: GenerateOptions): SnowflakeGenerator {
  const layout = resolveEpoch(opts.epoch === undefined || opts.epoch === 'auto' ? 'twitter' : opts.epoch);
  const ids = {
    workerId: opts.workerId, processId: opts.processId, datacenterId: opts.datacenterId,
    shardId: opts.shardId, machineId: opts.machineId,
  };
  if (opts.clock) return new SnowflakeGenerator(layout, { ...ids, clock: opts.clock });
  const key = JSON.stringify([layout.name, layout.epochMs, ids]);
  if (opts.timeMs !== undefined) {
    const at = atTimeSnowflakes.get(key);
    if (at && at.timeMs === opts.timeMs) return at.gen;
    const gen = new SnowflakeGenerator(layout, ids);
    atTimeSnowflakes.set(key, { timeMs: opts.timeMs, gen });
    return gen;
  }
  let g = sharedSnowflakes.get(key);
  if (!g) {
    g = new SnowflakeGenerator(layout, ids);
    sharedSnowflakes.set(key, g);
  }
  return g;
}

function repeat(n: number, make: () => string): string[] {
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) out[i] = make();
  return out;
}

/** `count` new IDs of one kind; time-ordered kinds come out strictly ascending. */
export function generate(kind: GenKind, opts: GenerateOptions = {}): string[] {
  const n = opts.count ?? 1;
  if (!Number.isInteger(n) || n < 0 || n > MAX_COUNT) {
    throw new IdError('INVALID_ARGUMENT', `count must be a whole number from 0 to ${MAX_COUNT}; got ${n}.`);
  }
  const t = opts.timeMs;
  const g = opts.clock || opts.random ? makeGenerators(opts) : (shared ??= makeGenerators({}));
  switch (kind) {
    case 'ulid': return g.ulid.batch(n, t);
    case 'uuid':
    case 'uuidv4': return repeat(n, () => g.uuid.v4());
    case 'uuidv1': return repeat(n, () => g.uuid.v1(t));
    case 'uuidv6': return repeat(n, () => g.uuid.v6(t));
    case 'uuidv7': return repeat(n, () => g.uuid.v7(t));
    case 'uuidv3':
    case 'uuidv5': {
      if (opts.name === undefined) {
        throw new IdError('INVALID_ARGUMENT', `${kind} is derived from a namespace and a name; give a name (and a namespace: dns, url, oid, x500 or a UUID).`);
      }
      const id = (kind === 'uuidv3' ? uuidV3 : uuidV5)(opts.namespace ?? 'dns', opts.name);
      return repeat(n, () => id);
    }
    case 'ksuid': return g.ksuid.batch(n, t);
    case 'objectid': return g.objectid.batch(n, t);
    case 'typeid': {
      const prefix = opts.prefix ?? '';
      validateTypeIdPrefix(prefix);
      return repeat(n, () => encodeTypeId(prefix, g.uuid.v7Bytes(t)));
    }
    case 'nanoid': return repeat(n, () => nanoid(opts.size ?? 21, opts.random));
    case 'snowflake': {
      const sf = snowflakeGenerator(opts);
      return repeat(n, () => sf.next(t));
    }
  }
  throw new IdError('INVALID_ARGUMENT', `Unknown kind '${String(kind)}'.`);
}
