import { requireText } from '../args';
import { HEX_VALUES as HEX_VALUES_IMPORT } from '../bytes';
import { parseTraceparent } from '../trace';
import type { FieldValue } from '../types';
import { Id, failed, orThrow } from './decoded';
import { CHAR, type DecodedId, type FormatModule, type Run, type ScanContext, type ScanHit } from './types';

// W3C Trace Context `traceparent`: `00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>`.
// Its value (`bytes`) is the 128-bit trace id, so it converts like an X-Ray trace ID (32 hex,
// X-Ray, Datadog's decimal low 64 bits). A time is read only from a Datadog-generated trace id
// (32 bits of Unix seconds, then 32 zero bits): a random trace id has those zero bits with odds
// of 1 in 4 billion. X-Ray-style ids (seconds, then 96 random bits) cannot be told apart from
// random ones (about 1 random id in 7 starts with a plausible time), so none is claimed there.

/** Datadog's tracers generate 128-bit trace ids since 2023; 2020 leaves room for early adopters. */
const DATADOG_FROM = Date.UTC(2020, 0, 1);
const DASH = 45;
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
function read(text: string): Id {
  if (text.length === 55 && text.charCodeAt(2) === DASH && text.charCodeAt(35) === DASH && text.charCodeAt(52) === DASH) {
    let s = 0, traceOr = 0, parentOr = 0, ddOr = 0, i = 0, upper = false;
    for (; i < 55; i++) {
      if (i === 2 || i === 35 || i === 52) continue;
      const c = text.charCodeAt(i);
      const v = c < 128 ? HEX_VALUES[c]! : 255;
      if (v === 255) break;
      if (c < 97 && c > 64) upper = true;
      if (i >= 3 && i < 35) {
        traceOr |= v;
        if (i < 11) s = s * 16 + v;
        else if (i < 19) ddOr |= v;
      } else if (i >= 36 && i < 52) {
        parentOr |= v;
      }
    }
    const ff = (text.charCodeAt(0) | 0x20) === 102 && (text.charCodeAt(1) | 0x20) === 102;
    if (i === 55 && traceOr !== 0 && parentOr !== 0 && !ff) {
      const id = new TraceparentId(traceparent, text, true, undefined);
      if (upper) id.upper = true;
      if (ddOr === 0 && s * 1000 >= DATADOG_FROM) id.unixMs = s * 1000;
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
  if (after === DASH || (after < 128 && /\w/.test(text[e]!))) return undefined;
  if (s > 0 && text.charCodeAt(s - 1) === DASH) return undefined;
  const d = read(t);
  return d.valid ? { start: s, end: e, decoded: d } : undefined;
}

const SHAPE = /^[0-9a-z]{2}-[0-9a-z]{32}-[0-9a-z]{16}-[0-9a-z]{2}$/i;

export const traceparent: FormatModule = {
  id: 'traceparent',
  label: 'traceparent',
  shapes: [{
    length: 55, alphabet: 'hex', case: 'lower', description: 'traceparents (00-32hex-16hex-2hex)',
    test: (t) => SHAPE.test(t),
  }],
  scan: [{ runLengths: [2], next: '-', all: CHAR.DIGIT, find }],
  bits: 128,
  decode: (text) => read(text),
  hoverTargets: ['xray', 'hex', 'datadog'],
  representations: [],
  generators: [],
  time: { minMs: 0, maxMs: 0xffffffff * 1000, resolutionMs: 1000, plausibleFromMs: DATADOG_FROM },
};
