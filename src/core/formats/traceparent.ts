import { requireText } from '../args';
import { bytesToHex } from '../bytes';
import { datadogSeconds, parseTraceparent } from '../trace';
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

function read(text: string): Id {
  let tp;
  try {
    tp = parseTraceparent(text);
  } catch (e) {
    return failed(traceparent, text, e);
  }
  const b = tp.traceId;
  const fields: Record<string, string | number | boolean> = {
    version: tp.version, traceId: bytesToHex(b), parentId: tp.parentId,
    flags: tp.flags.toString(16).padStart(2, '0'), sampled: (tp.flags & 1) === 1,
  };
  const id = new Id(traceparent, text, true, fields, b);
  const s = datadogSeconds(b);
  if (s !== undefined && s * 1000 >= DATADOG_FROM) {
    id.unixMs = s * 1000;
    fields.traceIdStyle = 'datadog';
  }
  return id;
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
    length: 55, alphabet: 'hex', case: 'lower', description: 'W3C traceparent values (00-32 hex-16 hex-2 hex)',
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
