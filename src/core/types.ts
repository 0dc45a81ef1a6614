// The shapes every core module speaks. `Decoded` is also the CLI's `inspect --json` object,
// so its field names are a stable, public interface: add, never rename.

/**
 * Kinds the decoder and the scanner recognise: the `id` of a module in src/core/formats/ (the
 * registry lists them), so a new format needs no edit here.
 */
export type IdKind = string;

/**
 * A kind that can be generated (the CLI's `new KIND`, the insert command's `kind`): the `kind`
 * of a `GeneratorSpec` some format lists (`generatorKinds()` gives them in registry order).
 */
export type GenKind = string;

export type FieldValue = string | number | boolean;

/** UUID variant names as read from the top bits of octet 8. */
export type UuidVariant = 'ncs' | 'rfc9562' | 'microsoft' | 'future';

/** Layouts read in `auto` (every plausible reading is listed). */
export type SnowflakePreset = 'twitter' | 'discord' | 'instagram' | 'sonyflake' | 'mastodon';
/** Layouts known by name: the presets and those read only when named (a setting, `--layout`, context). */
export type SnowflakeLayoutName = SnowflakePreset | 'sonyflake2' | 'baidu' | 'linkedin' | 'tiktok';

export interface SnowflakeField {
  name: string;
  bits: number;
}

/** How a 64-bit snowflake splits into a time and fields; made once by `parseSnowflakeEpoch`. */
export interface SnowflakeLayout {
  /**
   * A built-in name, `custom` (an epoch in ms on the Twitter layout), `layout` (a spec written
   * out in full) or the name a user gave it in `idsmith.snowflake.layouts`.
   */
  name: string;
  /** How people see it named, when not the name's own label (`Sonyflake v2`, `myco`). */
  label?: string;
  /** Unix ms of time count 0. */
  epochMs: number;
  timeBits: number;
  /** Milliseconds per time count (Sonyflake counts 10 ms units). */
  unitMs: number;
  /** The fields under the time, most significant first. */
  fields: readonly SnowflakeField[];
  /** Earliest plausible creation time: the service's epoch or launch. */
  launchMs: number;
}

/** One reading of a bare decimal snowflake under one epoch/layout. */
export interface SnowflakeCandidate {
  /** Preset name, or `custom` for an epoch given in ms. */
  epoch: SnowflakePreset | 'custom';
  time: string;
  unixMs: number;
  fields: Record<string, FieldValue>;
  /** True when the time falls in the plausible range for that service (see snowflake.ts). */
  plausible: boolean;
}

export interface Decoded {
  input: string;
  kind: IdKind | 'unknown';
  valid: boolean;
  /** A clear, user-facing message when not valid. */
  error?: string;
  errorCode?: IdErrorCode;
  /** UUID only. */
  version?: number;
  /** UUID only. */
  variant?: UuidVariant;
  /** Creation time, ISO 8601 UTC with milliseconds, floored. Absent when the ID holds none. */
  time?: string;
  unixMs?: number;
  /** Full-precision time when finer than 1 ms (UUID v1/v6: 100 ns, 7 fractional digits). */
  timePrecise?: string;
  /**
   * Set when the time is known only to a window this many ms wide from `unixMs` on (UUID v2: its
   * low 32 time bits hold a local id, 2^32 ticks of 100 ns); surfaces then show it approximately.
   * Not in `inspect --json`, whose `fields.timeWindow` says it.
   */
  timeWindowMs?: number;
  /**
   * `false` when the text is valid but its time lies outside the years such IDs are made (a
   * SCRU128 from 2019, a push ID past 2109): a reading the shape allows, listed last. Absent otherwise.
   */
  plausible?: boolean;
  /** Kind-specific fields: clockSeq, node, workerId, processId, datacenterId, shardId,
   *  sequence, machineId, payload, counter, prefix, random, … */
  fields: Record<string, FieldValue>;
  /** Snowflakes: every preset's reading, the likely one first. */
  candidates?: SnowflakeCandidate[];
  /** Snowflakes read with the layout their context named: what named it (`key tweet_id`, `a Mastodon URL`). */
  context?: string;
  /**
   * Other readings of the same text (a 13-char TSID that is also a TID), likeliest first: the
   * plausible ones, then the implausible (`plausible: false`), then the invalid with their `error`.
   */
  alternatives?: readonly Decoded[];
  /**
   * Random IDs: `randomBits`, the IDs they must differ among (`ms`: one millisecond's, `s`: one
   * second's, `all`), and `collisionAt`, how many such IDs make a collision one in a million.
   */
  entropy?: { randomBits: number; per: 'ms' | 's' | 'all'; collisionAt: number };
}

export type IdErrorCode =
  | 'EMPTY'
  | 'INVALID_LENGTH'
  | 'INVALID_CHARACTER'
  | 'OVERFLOW' // text encodes more bits than the format holds (ULID > 7ZZ…, KSUID > max, int > 2^128-1)
  | 'INVALID_PREFIX' // TypeID prefix
  | 'INVALID_CASE' // TypeID suffix in upper case, …
  | 'UNKNOWN_FORMAT'
  | 'UNSUPPORTED_CONVERSION'
  | 'TIME_OUT_OF_RANGE' // a time the format cannot hold
  | 'MONOTONIC_OVERFLOW' // the random/sequence part ran out within one time unit
  | 'INVALID_ARGUMENT';

/** Every error the core throws on bad input. `code` is stable; `message` is for people. */
export class IdError extends Error {
  override readonly name = 'IdError';
  constructor(readonly code: IdErrorCode, message: string) {
    super(message);
  }
}

/** Fills `bytes` with random values and returns it. Production: `crypto.getRandomValues`. */
export type RandomSource = (bytes: Uint8Array) => Uint8Array;

/** Milliseconds since the Unix epoch. Production: `Date.now`. */
export type Clock = () => number;
