import { requireText } from '../args';
import { HEX_VALUES as HEX_VALUES_IMPORT, badCharMessage, bytesToHex, readHex } from '../bytes';
import { IdError, type FieldValue } from '../types';
import { Id, failed, orThrow } from './decoded';
import { CHAR, type DecodedId, type FormatModule, type Run, type ScanContext, type ScanHit } from './types';

// W3C Trace Context `traceparent`: `00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>`.
// Its value (`bytes`) is the 128-bit trace id, so it converts like an X-Ray trace ID (32 hex,
// X-Ray, Datadog's decimal low 64 bits). A time is read only from a Datadog-generated trace id
// (32 bits of Unix seconds, then 32 zero bits): a random trace id has those zero bits with odds
// of 1 in 4 billion. X-Ray-style ids (seconds, then 96 random bits) cannot be told apart from
// random ones (about 1 random id in 7 starts with a plausible time), so none is claimed there.

const HEX_ALLOWED = 'the hex digits 0-9 and a-f';

export interface Traceparent {
  version: string;
  /** The 16 trace-id bytes. */
  traceId: Uint8Array;
  parentId: string;
  flags: number;
}

/**
 * A `traceparent` header value (W3C Trace Context level 1/2): version 00 is exactly 55 chars;
 * the spec forbids version ff and all-zero trace or parent ids. Hex in either case is read.
 */
export function parseTraceparent(text: string): Traceparent {
  if (text.length !== 55) throw new IdError('INVALID_LENGTH', `A traceparent has 55 characters (00-<32 hex>-<16 hex>-<2 hex>); got ${text.length}.`);
  if (text[2] !== '-' || text[35] !== '-' || text[52] !== '-') {
    throw new IdError('INVALID_CHARACTER', 'A traceparent is written 00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>, with dashes at positions 3, 36 and 53.');
  }
  const head = new Uint8Array(1), traceId = new Uint8Array(16), parent = new Uint8Array(8), flags = new Uint8Array(1);
  let bad = readHex(text, 0, head);
  if (bad < 0) bad = readHex(text, 3, traceId);
  if (bad < 0) bad = readHex(text, 36, parent);
  if (bad < 0) bad = readHex(text, 53, flags);
  if (bad >= 0) throw new IdError('INVALID_CHARACTER', badCharMessage('A traceparent', text, bad, HEX_ALLOWED));
  if (head[0] === 0xff) throw new IdError('INVALID_CHARACTER', 'Version ff of traceparent is invalid (W3C Trace Context).');
  if (traceId.every((x) => x === 0)) throw new IdError('INVALID_CHARACTER', 'A traceparent trace id of all zeros is invalid (W3C Trace Context).');
  if (parent.every((x) => x === 0)) throw new IdError('INVALID_CHARACTER', 'A traceparent parent id of all zeros is invalid (W3C Trace Context).');
  return { version: text.slice(0, 2).toLowerCase(), traceId, parentId: bytesToHex(parent), flags: flags[0]! };
}

/** Datadog's tracers generate 128-bit trace ids since 2023; 2020 leaves room for early adopters. */
const DATADOG_FROM = Date.UTC(2020, 0, 1);
const DASH = 45, UNDERSCORE = 95;
const HEX_VALUES = HEX_VALUES_IMPORT;

/** Bytes and fields are made when read: the scanner usually needs only validity and time. */
class TraceparentId extends Id {
  declare upper?: boolean;

  override get bytes(): Uint8Array {
    return (this.lazyBytes ??= parseTraceparent(this.input).traceId);
  }

  protected override makeFields(): Record<string, FieldValue> {
    const t = this.upper ? this.input.toLowerCase() : this.input;
    const flags = parseInt(t.slice(53, 55), 16);
    const fields: Record<string, FieldValue> = {
      version: t.slice(0, 2), traceId: t.slice(3, 35), parentId: t.slice(36, 52), flags: t.slice(53, 55), sampled: (flags & 1) === 1,
    };
    if (this.unixMs !== undefined) fields.traceIdStyle = 'datadog';
    return fields;
  }
}

/**
 * One pass validates the hex, notes whether the trace and parent ids are all zeros and whether
 * trace-id chars 8-15 are (Datadog's zero bits), and reads chars 0-7 as seconds. Anything wrong
 * gets parseTraceparent's words.
 */
/** OR of the hex values of text[from, to), 256 when a char is not hex; `| 16` per upper-case letter. */
function hexOr(text: string, from: number, to: number): number {
  let or = 0;
  // One table read per char, no branch: the OR collects 256 for any non-hex char.
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    or |= c < 128 ? HEX_OR[c]! : 256;
  }
  return or;
}

/** A char's hex value, `| 16` for an upper-case letter, 256 for a char that is not hex. */
const HEX_OR: Uint16Array = (() => {
  const t = new Uint16Array(128).fill(256);
  for (let c = 0; c < 128; c++) {
    const v = HEX_VALUES[c]!;
    if (v !== 255) t[c] = c < 97 && c > 64 ? v | 16 : v;
  }
  return t;
})();

function read(text: string): Id {
  if (text.length === 55 && text.charCodeAt(2) === DASH && text.charCodeAt(35) === DASH && text.charCodeAt(52) === DASH) {
    // Segment by segment: version, trace id (seconds, Datadog's zero bits, the rest), parent id,
    // flags. Bit 16 marks an upper-case letter; 256 a char that is not hex.
    const version = hexOr(text, 0, 2);
    const secondsOr = hexOr(text, 3, 11);
    const ddOr = hexOr(text, 11, 19);
    const restOr = hexOr(text, 19, 35);
    const parentOr = hexOr(text, 36, 52);
    const flags = hexOr(text, 53, 55);
    const all = version | secondsOr | ddOr | restOr | parentOr | flags;
    const ff = (text.charCodeAt(0) | 0x20) === 102 && (text.charCodeAt(1) | 0x20) === 102;
    if (all < 256 && ((secondsOr | ddOr | restOr) & 15) !== 0 && (parentOr & 15) !== 0 && !ff) {
      const id = new TraceparentId(traceparent, text, true, undefined);
      if (all & 16) id.upper = true;
      if ((ddOr & 15) === 0) {
        const ms = parseInt(text.slice(3, 11), 16) * 1000;
        if (ms >= DATADOG_FROM) id.unixMs = ms;
      }
      return id;
    }
  }
  try {
    parseTraceparent(text);
  } catch (e) {
    return failed(traceparent, text, e);
  }
  throw new Error(`traceparent fast path and parseTraceparent disagree on ${text}`);
}

export function decodeTraceparent(text: string): DecodedId {
  requireText(text, 'a traceparent');
  return orThrow(read(text));
}

const STRICT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;
const STRICT_UPPER = /^00-[0-9A-F]{32}-[0-9A-F]{16}-[0-9A-F]{2}$/;

/** A run `00` followed by `-`: the whole value in one case (the spec writes lower case), alone. */
function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const text = ctx.text;
  const s = run.start;
  const e = s + 55;
  if (e > text.length || text.charCodeAt(s) !== 48 || text.charCodeAt(s + 1) !== 48) return undefined;
  const t = text.slice(s, e);
  if (!STRICT.test(t) && !STRICT_UPPER.test(t)) return undefined;
  const after = text.charCodeAt(e);
  if (after === DASH || (after !== UNDERSCORE && after < 128 && /\w/.test(text[e]!))) return undefined;
  if (s > 0 && text.charCodeAt(s - 1) === DASH) return undefined;
  const d = read(t);
  return d.valid ? { start: s, end: e, decoded: d } : undefined;
}

const SHAPE = /^[0-9a-z]{2}-[0-9a-z]{32}-[0-9a-z]{16}-[0-9a-z]{2}$/i;

export const traceparent: FormatModule = {
  id: 'traceparent',
  label: 'traceparent',
  shapes: [{
    length: 55, case: 'lower', description: 'traceparents (00-32hex-16hex-2hex)',
    test: (t) => SHAPE.test(t),
  }],
  scan: [{ runLengths: [2], next: '-', all: CHAR.DIGIT, first: '0', last: '0', find }],
  bits: 128,
  decode: (text) => read(text),
  hoverTargets: ['xray', 'hex', 'datadog'],
  representations: [],
  generators: [],
  time: { minMs: 0, maxMs: 0xffffffff * 1000, resolutionMs: 1000, plausibleFromMs: DATADOG_FROM },
  notApplicable: {
    generate: 'Trace context headers are made by the tracer that sends them (OpenTelemetry, Datadog); Idsmith reads them.',
    bounds: 'Trace IDs are not stored as keys that are listed by time.',
  },
  check: { labels: [['traceparent']] },
};
