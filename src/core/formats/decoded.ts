import { isoFromMs } from '../iso';
import { IdError, type Decoded, type FieldValue, type IdErrorCode, type SnowflakeCandidate, type UuidVariant } from '../types';
import type { DecodedId, FormatModule } from './types';

// The one object a decode produces. Its ISO time text is made the first time something reads
// `time` (the scanner decodes every match; most are never shown), and `toJSON` gives the plain
// `Decoded` the CLI prints, with keys in one fixed order for every format.

export class Id implements DecodedId {
  error?: string;
  errorCode?: IdErrorCode;
  version?: number;
  variant?: UuidVariant;
  unixMs?: number;
  /** UUID v1/v6: 100 ns ticks within the millisecond; `timePrecise` is made from it when read. */
  ticks?: number;
  candidates?: SnowflakeCandidate[];
  plausible?: boolean;
  alternatives?: readonly DecodedId[];
  /** Set by formats whose value is not kept as bytes (snowflakes keep two 32-bit halves). */
  protected lazyBytes?: Uint8Array;
  private iso?: string;
  private precise?: string;

  constructor(
    readonly format: FormatModule,
    readonly input: string,
    public valid: boolean,
    public fields: Record<string, FieldValue>,
    bytes?: Uint8Array,
  ) {
    this.lazyBytes = bytes;
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
    out.fields = this.fields;
    if (this.candidates !== undefined) out.candidates = this.candidates.map(plainCandidate);
    return out;
  }
}

function plainCandidate(c: SnowflakeCandidate): SnowflakeCandidate {
  return { epoch: c.epoch, time: c.time, unixMs: c.unixMs, fields: c.fields, plausible: c.plausible };
}

/** A failed decode as a value; `e` must be an `IdError` (anything else is a bug and rethrown). */
export function failed(format: FormatModule, input: string, e: unknown): Id {
  if (!(e instanceof IdError)) throw e;
  const id = new Id(format, input, false, {});
  id.error = e.message;
  id.errorCode = e.code;
  return id;
}

/** The legacy `decodeX(text): Decoded` contract: the plain object, or the decode's `IdError`. */
export function plainOrThrow(id: DecodedId): Decoded {
  if (!id.valid) throw new IdError(id.errorCode ?? 'UNKNOWN_FORMAT', id.error ?? `Not a valid ${id.format.label}.`);
  return id.toJSON();
}

/** True for the decoder's own object (it carries its format), false for a plain `Decoded`. */
export function isDecodedId(d: Decoded): d is DecodedId {
  return d instanceof Id;
}
