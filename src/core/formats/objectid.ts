import { requireText } from '../args';
import { HEX_VALUES as HEX_VALUES_IMPORT } from '../bytes';
import { generate, type GenerateOptions } from '../generate';
import { encodeObjectId, objectIdSecondsFor, parseObjectId } from '../objectid';
import { fill, pad, put32 } from './boundsText';
import { Id, failed, orThrow } from './decoded';
import { CHAR, type DecodedId, type BoundsCodec, type FormatModule, type Run, type ScanContext, type ScanHit } from './types';

// ObjectId: 32-bit Unix seconds + 5 random bytes + 3-byte counter, in 24 hex digits.

const HEX_VALUES = HEX_VALUES_IMPORT;
const OBJECTID_FROM = Date.UTC(2009, 0, 1);

function read(text: string): Id {
  if (text.length !== 24) return invalid(text);
  // One pass: bytes are filled while every digit is checked (an invalid one sets a bit above
  // 15 in `seen`); validating first and then re-reading cost 10% of the decode.
  const bytes = new Uint8Array(12);
  let seen = 0;
  for (let i = 0; i < 12; i++) {
    const c1 = text.charCodeAt(2 * i), c2 = text.charCodeAt(2 * i + 1);
    const a = c1 < 128 ? HEX_VALUES[c1]! : 255;
    const b = c2 < 128 ? HEX_VALUES[c2]! : 255;
    seen |= a | b;
    bytes[i] = (a << 4) | (b & 15);
  }
  if (seen > 15) return invalid(text);
  // Unsigned on purpose (Number arithmetic, no sign bit): 0x80000000 is 2038-01-19T03:14:08Z, not 1901.
  const seconds = bytes[0]! * 16777216 + ((bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!);
  const counter = (bytes[9]! << 16) | (bytes[10]! << 8) | bytes[11]!;
  const id = new Id(objectid, text, true, { random: text.slice(8, 18).toLowerCase(), counter }, bytes);
  id.unixMs = seconds * 1000;
  return id;
}

function invalid(text: string): Id {
  try {
    parseObjectId(text); // throws the precise error
  } catch (e) {
    return failed(objectid, text, e);
  }
  throw new Error(`ObjectId readers disagree on "${text}"`);
}

export function decodeObjectId(text: string): DecodedId {
  requireText(text, 'an ObjectId');
  return orThrow(read(text));
}

function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const { or, and, start, end } = run;
  const mixed = (or & CHAR.UPPER) && (or & CHAR.LOWER);
  if (!(and & CHAR.HEX) || mixed || !(or & CHAR.DIGIT) || !(or & (CHAR.UPPER | CHAR.LOWER))) return undefined;
  const seconds = parseInt(ctx.text.slice(start, start + 8), 16);
  if (!ctx.plausibleMs(seconds * 1000, OBJECTID_FROM)) return undefined;
  return { start, end, decoded: read(ctx.text.slice(start, end)) };
}

const HEX24 = /^[0-9a-f]{24}$/i;

const BOUNDS: BoundsCodec = {
  unitMs: 1000,
  text: (ms, high) => {
    const b = fill(new Uint8Array(12), 4, high);
    put32(b, objectIdSecondsFor(ms));
    return encodeObjectId(b);
  },
  span: (p, n) => pad(p, n, '0', 'f'),
  timeOf: (t) => parseInt(t.slice(0, 8), 16) * 1000,
};

export const objectid: FormatModule = {
  id: 'objectid',
  label: 'ObjectId',
  shapes: [{ length: 24, alphabet: 'hex', case: 'either', description: 'ObjectIds (24 hex)', test: (t) => HEX24.test(t) }],
  scan: [{ runLengths: [24], all: CHAR.HEX, find }],
  bits: 96,
  decode: (text) => read(text),
  encode: (bytes) => encodeObjectId(bytes),
  representations: [],
  generators: [{
    kind: 'objectid', label: 'ObjectId', detail: 'MongoDB: seconds + random + counter, 24 hex', hasTime: true, ascending: true, options: [],
    generate: (count, o) => generate('objectid', o as GenerateOptions, count),
  }],
  bounds: [{ kind: 'objectid', label: 'ObjectId', detail: 'whole seconds', codec: () => BOUNDS }],
  time: { minMs: 0, maxMs: 0xffffffff * 1000, resolutionMs: 1000, plausibleFromMs: OBJECTID_FROM },
};
