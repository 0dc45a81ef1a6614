import { isoFromMs } from '../iso';
import { IdError, type Decoded, type FieldValue, type IdErrorCode, type SnowflakeCandidate, type UuidVariant } from '../types';
import { describeChoice, type LayoutChoice } from './snowflake/context';
import type { DecodedId, FormatModule } from './types';

// The one object a decode produces. Its ISO time text is made the first time something reads
// `time` (the scanner decodes every match; most are never shown), and `toJSON` gives the plain
// `Decoded` the CLI prints, with keys in one fixed order for every format.

/**
 * What every decoded ID shares (lazy time text, fields, JSON). It has no constructor of its own:
 * each kind of object assigns its properties in its own constructor, so those stores see one
 * shape (a shared constructor made snowflake decoding 30% slower once other formats ran).
 */
export class DecodedBase implements DecodedId {
  // Declared, not initialised: a decode sets only what its format has, and a smaller object is
  // what keeps decoding cheaper than the peer libraries (measured: 12 fields set to undefined
  // cost more than the snowflake arithmetic).
  declare error?: string;
  declare errorCode?: IdErrorCode;
  declare version?: number;
  declare variant?: UuidVariant;
  declare unixMs?: number;
  /** UUID v1/v6: 100 ns ticks within the millisecond; `timePrecise` is made from it when read. */
  declare ticks?: number;
  /** UUID v2: the width of the window its time is known to (see `Decoded.timeWindowMs`). */
  declare timeWindowMs?: number;
  declare candidates?: SnowflakeCandidate[];
  declare plausible?: boolean;
  declare alternatives?: readonly DecodedId[];
  declare readAs?: LayoutChoice;
  /** Set by formats whose value is not kept as bytes (snowflakes keep two 32-bit halves). */
  protected declare lazyBytes?: Uint8Array;
  protected declare lazyFields?: Record<string, FieldValue>;
  private declare iso?: string;
  private declare precise?: string;
  // Plain assignments, not parameter properties or initialised fields: under ES2022 class-field
  // semantics those are defined one by one, which measured slower on the decode path.
  declare format: FormatModule;
  declare input: string;
  declare valid: boolean;

  /** Kind-specific fields; formats that keep a value may make them on first read. */
  get fields(): Record<string, FieldValue> {
    return (this.lazyFields ??= this.makeFields());
  }

  set fields(fields: Record<string, FieldValue>) {
    this.lazyFields = fields;
  }

  protected makeFields(): Record<string, FieldValue> {
    return {};
  }

  get kind(): string {
    return this.format.id;
  }

  get bytes(): Uint8Array | undefined {
    return this.lazyBytes;
  }

  get time(): string | undefined {
    if (this.unixMs === undefined) return undefined;
    return (this.iso ??= isoFromMs(this.unixMs));
  }

  set time(text: string | undefined) {
    this.iso = text;
  }

  get timePrecise(): string | undefined {
    if (this.precise !== undefined || this.ticks === undefined || this.unixMs === undefined) return this.precise;
    return (this.precise = this.time!.slice(0, -1) + String(this.ticks).padStart(4, '0') + 'Z');
  }

  set timePrecise(text: string | undefined) {
    this.precise = text;
  }

  toJSON(): Decoded {
    const d: Decoded = { input: this.input, kind: this.kind, valid: this.valid, fields: this.fields };
    // Rebuilt in the order the decoders always wrote, so `inspect --json` output keeps its shape.
    const out: Decoded = { input: d.input, kind: d.kind, valid: d.valid } as Decoded;
    if (this.error !== undefined) out.error = this.error;
    if (this.errorCode !== undefined) out.errorCode = this.errorCode;
    if (this.variant !== undefined) out.variant = this.variant;
    if (this.version !== undefined) out.version = this.version;
    if (this.unixMs !== undefined) {
      out.time = this.time;
      out.unixMs = this.unixMs;
    }
    if (this.timePrecise !== undefined) out.timePrecise = this.timePrecise;
    // Only when false: explicit text read with a time outside the format's plausible years.
    if (this.plausible === false) out.plausible = false;
    out.fields = this.fields;
    const entropy = this.valid ? this.format.entropy?.(this) : undefined;
    if (entropy !== undefined) out.entropy = entropy;
    if (this.candidates !== undefined) out.candidates = this.candidates.map(plainCandidate);
    if (this.readAs !== undefined) out.context = describeChoice(this.readAs);
    if (this.alternatives !== undefined && this.alternatives.length > 0) out.alternatives = this.alternatives.map((a) => a.toJSON());
    return out;
  }
}

/** The decoded ID of most formats: its format, text, validity, and the fields or bytes it has. */
export class Id extends DecodedBase {
  constructor(format: FormatModule, input: string, valid: boolean, fields: Record<string, FieldValue> | undefined, bytes?: Uint8Array) {
    super();
    this.format = format;
    this.input = input;
    this.valid = valid;
    // Only what the format has: an object with fewer properties is cheaper to make, and a
    // snowflake (whose fields and bytes are made when read) is most decodes in a log scan.
    if (fields !== undefined) this.lazyFields = fields;
    if (bytes !== undefined) this.lazyBytes = bytes;
  }
}

function plainCandidate(c: SnowflakeCandidate): SnowflakeCandidate {
  return { epoch: c.epoch, time: c.time, unixMs: c.unixMs, fields: c.fields, plausible: c.plausible };
}

/** How far ahead of now a time read from text may lie and still be believed (clock skew, test data). */
export const PLAUSIBLE_FUTURE_MS = 10 * 365.2425 * 86_400_000;

/**
 * Marks a valid reading's time plausible or not, for formats whose shape another format shares
 * (`readings` puts implausible readings after plausible ones).
 */
export function judged(id: Id, plausibleFromMs: number, now: number | undefined): Id {
  if (id.valid && id.unixMs !== undefined) id.plausible = id.unixMs >= plausibleFromMs && id.unixMs <= (now ?? Date.now()) + PLAUSIBLE_FUTURE_MS;
  return id;
}

/** A failed decode as a value; `e` must be an `IdError` (anything else is a bug and rethrown). */
export function failed(format: FormatModule, input: string, e: unknown): Id {
  if (!(e instanceof IdError)) throw e;
  const id = new Id(format, input, false, {});
  id.error = e.message;
  id.errorCode = e.code;
  return id;
}

/** `Error` with V8's `stackTraceLimit` (Node's and Chromium's engine; the core's types know only the standard). */
const V8_ERROR = Error as ErrorConstructor & { stackTraceLimit?: number };

/**
 * `read()` of an ID that may be broken, with no stack captured for the errors made and caught
 * inside it (an error's only use there is its message, on the failed reading): capturing one cost
 * 7.5 us, nearly all of reading a broken ID, so a log of labelled broken ULIDs scanned at 1.4 MB/s.
 * An error that escapes (a bug, never an IdError) is made again, with its stack.
 */
export function readQuietly<T>(read: () => T): T {
  const limit = V8_ERROR.stackTraceLimit;
  V8_ERROR.stackTraceLimit = 0;
  try {
    return read();
  } catch {
    V8_ERROR.stackTraceLimit = limit;
    return read();
  } finally {
    V8_ERROR.stackTraceLimit = limit;
  }
}

/** The `decodeX(text): Decoded` contract: the decoded ID, or the decode's `IdError`. */
export function orThrow(id: DecodedId): DecodedId {
  if (!id.valid) throw new IdError(id.errorCode ?? 'UNKNOWN_FORMAT', id.error ?? `Not a valid ${id.format.label}.`);
  return id;
}

/** True for the decoder's own object (it carries its format), false for a plain `Decoded`. */
export function isDecodedId(d: Decoded): d is DecodedId {
  return d instanceof DecodedBase;
}
