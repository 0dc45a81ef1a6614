// The X-Ray trace ID codec as it was at commit 60a191e, before the issue 23 item 6 fast path:
// the reference the differential test (decodeFastPaths.test.ts) compares the current codec with.
// Kept verbatim apart from import paths; do not edit.
import { requireText } from '../../../src/core/args';
import { HEX_VALUES as HEX_VALUES_IMPORT, badCharMessage, bigIntToBytes, bytesToBigInt, bytesToHex, readHex } from '../../../src/core/bytes';
import { IdError, type FieldValue } from '../../../src/core/types';
import { Id, failed, orThrow } from '../../../src/core/formats/decoded';
import { CHAR, type DecodedId, type FormatModule, type Representation, type Run, type ScanContext, type ScanHit } from '../../../src/core/formats/types';

// AWS X-Ray trace IDs: `1-` + 8 hex digits of Unix seconds + `-` + 24 hex digits of random
// (96 bits). The 128-bit value is the OpenTelemetry/W3C trace id (32 hex); Datadog shows the
// low 64 bits in decimal. The X-Ray trace ID is the W3C/OpenTelemetry trace id with the dashes
// and version taken out, which is how the OpenTelemetry X-Ray ID generator and the collector's
// X-Ray exporter map them (traceparent.ts reads the W3C header that carries it).

const HEX_ALLOWED = 'the hex digits 0-9 and a-f';

/** The 16 trace-id bytes of an X-Ray trace ID; throws `IdError` naming what is wrong. */
export function parseXray(text: string): Uint8Array {
  if (text.length !== 35) throw new IdError('INVALID_LENGTH', `An X-Ray trace ID has 35 characters (1-XXXXXXXX-XXXXXXXXXXXXXXXXXXXXXXXX); got ${text.length}.`);
  if (text[0] !== '1') throw new IdError('INVALID_CHARACTER', `An X-Ray trace ID starts with its version, 1; this one starts with '${text[0]}'.`);
  if (text[1] !== '-' || text[10] !== '-') throw new IdError('INVALID_CHARACTER', 'An X-Ray trace ID is written 1-XXXXXXXX-XXXXXXXXXXXXXXXXXXXXXXXX, with dashes at positions 2 and 11.');
  const b = new Uint8Array(16);
  let bad = readHex(text, 2, b, 0, 4);
  if (bad < 0) bad = readHex(text, 11, b, 4, 12);
  if (bad >= 0) throw new IdError('INVALID_CHARACTER', badCharMessage('An X-Ray trace ID', text, bad, HEX_ALLOWED));
  return b;
}

export function formatXray(b: Uint8Array): string {
  const hex = bytesToHex(b);
  return `1-${hex.slice(0, 8)}-${hex.slice(8)}`;
}

/** What Datadog shows for a 128-bit trace id in logs and its UI: the low 64 bits in decimal. */
export function datadogLow64(b: Uint8Array): string {
  return bytesToBigInt(b.subarray(8, 16)).toString();
}

/** X-Ray became generally available in 2017 (preview December 2016). */
const XRAY_FROM = Date.UTC(2016, 0, 1);
const DASH = 45, UNDERSCORE = 95;
const HEX_VALUES = HEX_VALUES_IMPORT;

/** Bytes and fields are made when read: the scanner and the hover usually need only the time. */
class XrayId extends Id {
  override get bytes(): Uint8Array {
    return (this.lazyBytes ??= parseXray(this.input));
  }

  protected override makeFields(): Record<string, FieldValue> {
    return { random: this.input.slice(11).toLowerCase() };
  }
}

/** One pass validates and reads the seconds (chars 2-9); anything wrong gets parseXray's words. */
/** A char's hex value, 256 for a char that is not hex. */
const HEX_OR: Uint16Array = (() => {
  const t = new Uint16Array(128).fill(256);
  for (let c = 0; c < 128; c++) if (HEX_VALUES[c]! !== 255) t[c] = HEX_VALUES[c]!;
  return t;
})();

function read(text: string): Id {
  if (text.length === 35 && text.charCodeAt(0) === 49 && text.charCodeAt(1) === DASH && text.charCodeAt(10) === DASH) {
    // Branch-free per char: the OR collects 256 for any non-hex char, checked once at the end.
    let s = 0, or = 0;
    for (let i = 2; i < 10; i++) {
      const c = text.charCodeAt(i);
      const v = c < 128 ? HEX_OR[c]! : 256;
      or |= v;
      s = s * 16 + (v & 15);
    }
    for (let i = 11; i < 35; i++) {
      const c = text.charCodeAt(i);
      or |= c < 128 ? HEX_OR[c]! : 256;
    }
    if (or < 256) {
      const id = new XrayId(xray, text, true, undefined);
      id.unixMs = s * 1000;
      return id;
    }
  }
  try {
    parseXray(text);
  } catch (e) {
    return failed(xray, text, e);
  }
  throw new Error(`X-Ray fast path and parseXray disagree on ${text}`);
}

export function decodeXray(text: string): DecodedId {
  requireText(text, 'an X-Ray trace ID');
  return orThrow(read(text));
}

function isWord(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

function lowerHexAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 102);
}

/**
 * A run `1` followed by `-`: the whole `1-8hex-24hex` in lower case (as X-Ray writes it), not
 * part of a longer dashed token, with a time from 2016 to now + 10 years.
 */
function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const text = ctx.text;
  const s = run.start;
  if (text.charCodeAt(s) !== 49 || text.charCodeAt(s + 10) !== DASH) return undefined;
  const e = s + 35;
  if (e > text.length) return undefined;
  for (let i = s + 2; i < e; i++) if (i !== s + 10 && !lowerHexAt(text, i)) return undefined;
  const after = text.charCodeAt(e);
  if (after === DASH || (isWord(after) && after !== UNDERSCORE)) return undefined;
  if (s > 0 && text.charCodeAt(s - 1) === DASH) return undefined;
  const d = read(text.slice(s, e));
  if (!ctx.plausibleMs(d.unixMs!, XRAY_FROM)) return undefined;
  return { start: s, end: e, decoded: d };
}

/** Trace ids and the spellings they travel in (a W3C trace id alone is 32 hex digits). */
const TRACE_FORMS = ['xray', 'traceparent', 'hex'] as const;

/**
 * Datadog's decimal trace id: the low 64 bits. Read back, it is the trace id with its high 64
 * bits zero (a 64-bit trace id in a 128-bit field, as OpenTelemetry pads it); the high bits of
 * a 128-bit trace id are not in it.
 */
const DATADOG: Representation = {
  target: 'datadog', label: 'Datadog trace id (low 64 bits, decimal)', listedFor: TRACE_FORMS,
  write: (id) => id.bytes && id.bytes.length === 16 ? datadogLow64(id.bytes) : undefined,
  read: (text) => {
    if (!/^\d{1,20}$/.test(text) || BigInt(text) > 0xffffffffffffffffn) {
      throw new IdError('INVALID_CHARACTER', 'A Datadog trace id is a decimal number from 0 to 18446744073709551615 (64 bits).');
    }
    const b = new Uint8Array(16);
    b.set(bigIntToBytes(BigInt(text), 8), 8);
    return b;
  },
};

const SHAPE = /^1-[0-9a-f]{8}-[0-9a-f]{24}$/i;
const LOOSE = /^\d-[0-9a-z]{8}-[0-9a-z]{24}$/i;

export const xray: FormatModule = {
  id: 'xray',
  label: 'X-Ray trace ID',
  shapes: [{
    length: 35, case: 'either', description: 'X-Ray trace IDs (1-8hex-24hex)',
    // Another version digit or non-hex letters still read as X-Ray, so the error can say which.
    test: (t) => SHAPE.test(t) || LOOSE.test(t),
  }],
  scan: [{ runLengths: [1], next: '-', all: CHAR.DIGIT, find }],
  bits: 128,
  decode: (text) => read(text),
  encode: (bytes) => formatXray(bytes),
  listedFor: TRACE_FORMS,
  hoverTargets: ['hex', 'datadog'],
  representations: [DATADOG],
  generators: [],
  time: { minMs: 0, maxMs: 0xffffffff * 1000, resolutionMs: 1000, plausibleFromMs: XRAY_FROM },
  notApplicable: {
    generate: 'Trace IDs are made by the tracer that sends them (the AWS X-Ray SDK, OpenTelemetry); Idsmith reads them.',
    bounds: 'Trace IDs are not stored as keys that are listed by time.',
  },
  check: { timeOrdered: true },
};
