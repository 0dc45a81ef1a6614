import { IdError, SNOWFLAKE_PRESETS, generate, generatorFor, validateTypeIdPrefix } from '../../core';
import type { GenKind, GeneratorOptions as GenerateOptions, SnowflakeLayout } from '../../core';
import { InsertFailure } from './result';
import type { Settings } from '../shared/settings';

// Turns the settings a kind depends on into core generator options, checking each one first:
// an out-of-range worker id or a future epoch must stop the command with a message naming the
// setting, never come out as a silently different ID. Only the settings the kind uses are
// checked, so a bad snowflake setting does not block inserting a ULID.

const PRESETS = Object.keys(SNOWFLAKE_PRESETS).join(', ');

function range(setting: string, value: number, min: number, max: number): number {
  if (Number.isInteger(value) && value >= min && value <= max) return value;
  throw new InsertFailure(
    'INVALID_SETTING',
    `Setting ${setting} is ${value}; it must be a whole number from ${min} to ${max}. Nothing was inserted.`,
    setting,
  );
}

/** Snowflake options for the configured layout (`auto` inserts Twitter snowflakes, see the
 *  setting), with every field that layout writes checked. */
export function snowflakeOptions(s: Settings): GenerateOptions {
  if (s.snowflake.epochError !== undefined) {
    throw new InsertFailure(
      'INVALID_SETTING',
      `Setting idsmith.snowflake.epoch is ${JSON.stringify(s.snowflake.epoch)}: ${s.snowflake.epochError} Use "auto", a preset (${PRESETS}) or a past Unix time in ms. Nothing was inserted.`,
      'idsmith.snowflake.epoch',
    );
  }
  const epoch = s.snowflake.layout ?? SNOWFLAKE_PRESETS.twitter;
  const preset = epoch.name;
  switch (preset) {
    case 'instagram':
      return { epoch, shardId: range('idsmith.instagram.shardId', s.instagram.shardId, 0, 8191) };
    case 'sonyflake':
    case 'sonyflake2':
      return { epoch, machineId: range('idsmith.sonyflake.machineId', s.sonyflake.machineId, 0, 65535) };
    case 'mastodon':
      return { epoch };
    default: {
      // Twitter calls the second 5-bit field the datacenter id, Discord the process id.
      const workerId = range('idsmith.snowflake.workerId', s.snowflake.workerId, 0, 31);
      const processId = range('idsmith.snowflake.processId', s.snowflake.processId, 0, 31);
      return { epoch, workerId, processId, datacenterId: processId };
    }
  }
}

export function typeIdPrefix(prefix: string, setting: string | undefined): string {
  try {
    validateTypeIdPrefix(prefix);
    return prefix;
  } catch (e) {
    if (!(e instanceof IdError)) throw e;
    const where = setting ? `Setting ${setting}` : 'prefix';
    throw new InsertFailure(
      setting ? 'INVALID_SETTING' : 'INVALID_ARGUMENT',
      `${where} is ${JSON.stringify(prefix)}: ${e.message} Use lower-case letters and underscores (at most 63), or leave it empty.`,
      setting,
    );
  }
}

/** The bounds the generator declares for one of its number options (the schema and the CLI's). */
function bounds(kind: GenKind, name: string): [number, number] {
  const o = generatorFor(kind)!.options.find((x) => x.name === name)!;
  return [o.min!, o.max!];
}

/**
 * `opts` once the generator has made an ID with them: Sqids and Hashids check their alphabet and
 * salt themselves, so the message is the core's own (the CLI's), with the setting named.
 */
function accepted(kind: GenKind, opts: GenerateOptions, setting: string, value: unknown): GenerateOptions {
  try {
    generate(kind, { ...opts, count: 1 });
    return opts;
  } catch (e) {
    if (!(e instanceof IdError)) throw e;
    throw new InsertFailure('INVALID_SETTING', `Setting ${setting} is ${JSON.stringify(value)}: ${e.message} Nothing was inserted.`, setting);
  }
}

/** Sqids options from idsmith.sqids.*; an empty alphabet setting is Sqids' default alphabet. */
function sqidsOptions(s: Settings): GenerateOptions {
  const minLength = range('idsmith.sqids.minLength', s.sqids.minLength, ...bounds('sqids', 'minLength'));
  const alphabet = s.sqids.alphabet;
  // Options beyond GenerateOptions' own are passed through to the generator, as the CLI does.
  const opts = { minLength, ...(alphabet === undefined ? {} : { alphabet }) } as GenerateOptions;
  return accepted('sqids', opts, 'idsmith.sqids.alphabet', alphabet);
}

/** Hashids options from idsmith.hashids.*; a null salt is the empty salt, as in the CLI. */
function hashidsOptions(s: Settings): GenerateOptions {
  const minLength = range('idsmith.hashids.minLength', s.hashids.minLength, ...bounds('hashids', 'minLength'));
  const salt = s.hashids.salt ?? '';
  accepted('hashids', { salt } as GenerateOptions, 'idsmith.hashids.salt', salt);
  const alphabet = s.hashids.alphabet;
  const opts = { salt, minLength, ...(alphabet === undefined ? {} : { alphabet }) } as GenerateOptions;
  return accepted('hashids', opts, 'idsmith.hashids.alphabet', alphabet);
}

/**
 * Generator options for `kind` from the settings; throws `InsertFailure` naming a bad setting.
 * `keep`: what a regenerate keeps (a snowflake's layout, a TypeID's prefix), which wins over the
 * settings and is what the settings' node ids are checked against.
 */
export function generateOptions(kind: GenKind, s: Settings, prefix?: string, keep: GenerateOptions = {}): GenerateOptions {
  if (keep.prefix !== undefined) prefix = keep.prefix;
  switch (kind) {
    case 'snowflake':
      if (keep.epoch !== undefined && s.snowflake.epochError === undefined) {
        return snowflakeOptions({ ...s, snowflake: { ...s.snowflake, layout: keep.epoch as SnowflakeLayout } });
      }
      return snowflakeOptions(s);
    case 'typeid':
      return prefix === undefined
        ? { prefix: typeIdPrefix(s.typeid.prefix, 'idsmith.typeid.prefix') }
        : { prefix: typeIdPrefix(prefix, undefined) };
    case 'nanoid': {
      // The generator's own bounds, as the settings schema and the CLI read them.
      const size = generatorFor('nanoid')!.options.find((o) => o.name === 'size')!;
      return { size: range('idsmith.nanoid.size', s.nanoid.size, size.min!, size.max!) };
    }
    case 'sqids':
      return sqidsOptions(s);
    case 'hashids':
      return hashidsOptions(s);
    default:
      return {};
  }
}
