import { badCharMessage, bytesToBigInt, bytesToHex, readHex } from './bytes';
import { IdError } from './types';

// Trace IDs: AWS X-Ray (`1-5759e988-bd862e3fe1be46a994272793`: version 1, 8 hex digits of Unix
// seconds, 24 hex digits of random) and W3C Trace Context `traceparent`
// (`00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>`). Both carry a 128-bit trace id: the
// X-Ray one is the W3C/OpenTelemetry trace id with the dashes and version taken out, which is
// how the OpenTelemetry X-Ray ID generator and the collector's X-Ray exporter map them.

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

/** What Datadog shows for a 128-bit trace id in logs and its UI: the low 64 bits in decimal. */
export function datadogLow64(b: Uint8Array): string {
  return bytesToBigInt(b.subarray(8, 16)).toString();
}
