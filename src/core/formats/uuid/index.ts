import { requireText } from '../../args';
import { HEX_BYTE_VALUES, HEX_VALUES as HEX_VALUES_IMPORT, bytesToHex, hexToBytes, hexWord, readHex } from '../../bytes';
import { repeat } from '../../timeline';
import { IdError, type Decoded, type FieldValue } from '../../types';
import { ulidTime } from '../ulid';
import {
  UUID_V1_MAX_MS, UUID_V1_MIN_MS, UuidGenerator, formatUuid, fromMysqlBin, toMysqlBin, v7Edge, nodeText, parseUuid, special, ticksToMs, uuidVariant, uuidVersion, v1Ticks, v1ToV6,
  resolveNamespace, uuidV3, uuidV5, v6Ticks, v6ToV1,
} from './codec';
import { pad } from '../boundsText';
import { readDceSecurity } from './dce';
import { Id, failed, orThrow } from '../decoded';
import { caseLike } from '../spelling';
import { CHAR, type BoundsCodec, type DecodedId, type FormatModule, type GenerateOptions, type GeneratorSpec, type RegeneratePlan, type Refusal, type Representation, type Run, type ScanContext, type ScanHit, type WholeFacts, type WholeRead } from '../types';
import { entropy, type Entropy } from '../../entropy';
import { digestKeyBefore } from '../digestKeys';

// UUID: 16 bytes written 8-4-4-4-12 in hex (or braced, urn:uuid:, 32 bare hex digits). Version
// and time are read only for the RFC 9562 variant.

const HEX_VALUES = HEX_VALUES_IMPORT;
/** Earliest plausible creation time of a bare-hex UUID in free text. */
const PLAUSIBLE_FROM = Date.UTC(1990, 0, 1);
const DASH = 45;

/** The reading of 16 UUID bytes into `id` (shared with TypeID, which holds a UUID). */
export function readUuidBytes(id: Id, b: Uint8Array): Id {
  const variant = uuidVariant(b);
  const fields: Record<string, FieldValue> = id.fields;
  id.variant = variant;
  // Nil is of the NCS variant and Max of the future one, so RFC UUIDs skip the check.
  const sp = variant === 'rfc9562' || variant === 'microsoft' ? undefined : special(b);
  if (sp) {
    fields.special = sp;
    id.version = sp === 'nil' ? 0 : 15;
    return id;
  }
  // The version nibble means nothing outside the RFC variant (a ULID written as a UUID, say),
  // so no version and no time are claimed there.
  if (variant !== 'rfc9562') return id;
  const version = uuidVersion(b);
  id.version = version;
  if (version === 1 || version === 6) {
    const { hi28, lo32 } = version === 1 ? v1Ticks(b) : v6Ticks(b);
    const { ms, sub } = ticksToMs(hi28, lo32);
    id.unixMs = ms;
    id.ticks = sub;
    fields.clockSeq = ((b[8]! & 0x3f) << 8) | b[9]!;
    fields.node = nodeText(b);
  } else if (version === 7) {
    id.unixMs = ulidTime(b);
  } else if (version === 2) {
    readDceSecurity(id, b);
  }
  return id;
}

function read(text: string): Id {
  let b: Uint8Array;
  try {
    b = parseUuid(text);
  } catch (e) {
    return failed(uuid, text, e);
  }
  return readUuidBytes(new Id(uuid, text, true, {}, b), b);
}

export function decodeUuid(text: string): DecodedId {
  requireText(text, 'a UUID');
  return orThrow(read(text));
}

/** The reading of 16 bytes as a UUID, for callers that already hold them. */
export function decodeUuidBytes(b: Uint8Array, input: string): Decoded {
  return readUuidBytes(new Id(uuid, input, true, {}, b), b);
}

function isHexAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c < 128 && HEX_VALUES[c] !== 255;
}

function isAlnumAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Whether 8-4-4-4-12 hex stands alone at `start` (no word char or more dashed hex right before or after it). */
function dashedAt(text: string, start: number): boolean {
  const end = start + 36;
  if (end > text.length) return false;
  if (text.charCodeAt(start + 8) !== DASH || text.charCodeAt(start + 13) !== DASH || text.charCodeAt(start + 18) !== DASH || text.charCodeAt(start + 23) !== DASH) return false;
  // An `_` after it (`…/instances/<uuid>_del`) glues a word on, it does not make a longer token.
  if (isAlnumAt(text, end)) return false;
  // A dash joining more hex groups means a longer dashed hex token, not a UUID.
  if (text.charCodeAt(end) === DASH && isHexAt(text, end + 1)) return false;
  if (start >= 2 && text.charCodeAt(start - 1) === DASH && isHexAt(text, start - 2)) return false;
  for (let i = start; i < end; i++) {
    const k = i - start;
    if (k === 8 || k === 13 || k === 18 || k === 23) continue;
    const c = text.charCodeAt(i);
    if (c >= 128 || HEX_VALUES[c] === 255) return false;
  }
  return true;
}

/**
 * A v4 or v7 UUID of the RFC variant found by the scan (most of them): its reading comes from
 * a few of its chars, its bytes from its text when something asks for them (a scan prints
 * only the time).
 */
class TextUuid extends Id {
  override get bytes(): Uint8Array {
    return (this.lazyBytes ??= parseUuid(this.input));
  }
}

/** `urn:uuid:` in the 9 chars before `s`, any case: read in place (a slice and its lower case per UUID were most of a v4's reading). */
function urnBefore(text: string, s: number): boolean {
  // A letter is itself with 32 set in it for its two cases only; the colons are compared as they are.
  return text.charCodeAt(s - 1) === 58 && text.charCodeAt(s - 6) === 58
    && (text.charCodeAt(s - 9) | 32) === 117 && (text.charCodeAt(s - 8) | 32) === 114 && (text.charCodeAt(s - 7) | 32) === 110
    && (text.charCodeAt(s - 5) | 32) === 117 && (text.charCodeAt(s - 4) | 32) === 117 && (text.charCodeAt(s - 3) | 32) === 105
    && (text.charCodeAt(s - 2) | 32) === 100;
}

/**
 * Braces and a `urn:uuid:` prefix belong to the match, so a replacement keeps the spelling whole.
 * The bytes are read from the text in place while it is checked: `read` would check and read
 * them again from a slice.
 */
function findDashed(run: Run, ctx: ScanContext): ScanHit | undefined {
  const text = ctx.text;
  const start = run.start;
  if (!dashedAt(text, start)) return undefined;
  let s = start, e = s + 36;
  if (s >= 1 && text.charCodeAt(s - 1) === 123 && text.charCodeAt(e) === 125) {
    s--;
    e++;
  } else if (s >= 9 && urnBefore(text, s)) {
    s -= 9;
  }
  const input = text.slice(s, e);
  const version = HEX_VALUES[text.charCodeAt(start + 14)]!;
  const variant = HEX_VALUES[text.charCodeAt(start + 19)]!;
  if ((version === 4 || version === 7) && variant >= 8 && variant < 12) {
    // What readUuidBytes sets for these, in its order.
    const id = new TextUuid(uuid, input, true, {});
    id.variant = 'rfc9562';
    id.version = version;
    if (version === 7) {
      let ms = 0;
      for (let i = start; i < start + 13; i++) if (i !== start + 8) ms = ms * 16 + HEX_VALUES[text.charCodeAt(i)]!;
      id.unixMs = ms;
    }
    return { start: s, end: e, decoded: id };
  }
  const b = new Uint8Array(16);
  readHex(text, start, b, 0, 4);
  readHex(text, start + 9, b, 4, 2);
  readHex(text, start + 14, b, 6, 2);
  readHex(text, start + 19, b, 8, 2);
  readHex(text, start + 24, b, 10, 6);
  return { start: s, end: e, decoded: readUuidBytes(new Id(uuid, input, true, {}, b), b) };
}

/** The 4 hex digits at `x` and the 4 at `y` as a word, or -1 when one is no hex digit. */
function word4(b: Uint8Array, x: number, y: number): number {
  const h = HEX_BYTE_VALUES;
  const a = h[b[x]!]!, c = h[b[x + 1]!]!, d = h[b[x + 2]!]!, e = h[b[x + 3]!]!, f = h[b[y]!]!, g = h[b[y + 1]!]!, i = h[b[y + 2]!]!, j = h[b[y + 3]!]!;
  if ((a | c | d | e | f | g | i | j) > 15) return -1;
  return ((a << 28) | (c << 24) | (d << 20) | (e << 16) | (f << 12) | (g << 8) | (i << 4) | j) >>> 0;
}

/**
 * A value that is a dashed v4 or v7 UUID of the RFC variant, 36 ASCII bytes, read as
 * `findDashed` reads it (scanned alone, its first 8 hex digits and the dash after them are the
 * run only that rule takes, and nothing stands around it), with the identity of its 16 bytes.
 * Every other version is left to the scanner.
 */
const WHOLE: WholeRead = {
  length: 36,
  read(b: Uint8Array, at: number, _futureLimit: number, out: WholeFacts): boolean {
    if (b[at + 8] !== DASH || b[at + 13] !== DASH || b[at + 18] !== DASH || b[at + 23] !== DASH) return false;
    const version = HEX_BYTE_VALUES[b[at + 14]!]!;
    const variant = HEX_BYTE_VALUES[b[at + 19]!]!;
    if ((version !== 4 && version !== 7) || variant < 8 || variant > 11) return false;
    // Four words of 8 hex digits: 0-7, 9-12 and 14-17, 19-22 and 24-27, 28-35.
    const w0 = hexWord(b, at), w1 = word4(b, at + 9, at + 14), w2 = word4(b, at + 19, at + 24), w3 = hexWord(b, at + 28);
    if (w0 < 0 || w1 < 0 || w2 < 0 || w3 < 0) return false;
    const key = out.key;
    key[0] = w0;
    key[1] = w1;
    key[2] = w2;
    key[3] = w3;
    // The 48-bit time of a v7: its first 12 hex digits (the first two words' top 16 bits).
    out.unixMs = version === 7 ? key[0]! * 65536 + (key[1]! >>> 16) : NaN;
    out.version = version;
    out.ordered = version === 7;
    return true;
  },
};

/** 32 hex digits only with RFC version 1-8 and variant 10xx, under no digest's key; time versions need a plausible time. */
function findBare(run: Run, ctx: ScanContext): ScanHit | undefined {
  const { or, and, start, end } = run;
  if (!(and & CHAR.HEX) || ((or & CHAR.UPPER) && (or & CHAR.LOWER))) return undefined;
  const text = ctx.text;
  const version = text.charCodeAt(start + 12) - 48;
  if (version < 1 || version > 8) return undefined;
  const variant = text.charCodeAt(start + 16) | 0x20; // lower-case letters
  if (!(variant === 56 || variant === 57 || variant === 97 || variant === 98)) return undefined;
  // Under `md5`, `etag`, `trace_id`: a digest or a trace id that happens to fit (1 MD5 in 11).
  if (digestKeyBefore(text, start)) return undefined;
  const d = read(text.slice(start, end));
  // Every version with a time (DCE's v2 too: 1 MD5 in 40 read as one, dated up to 5236).
  if (d.unixMs !== undefined && !ctx.plausibleMs(d.unixMs, PLAUSIBLE_FROM)) return undefined;
  return { start, end, decoded: d };
}

function versionOf(id: DecodedId): number | undefined {
  const b = id.bytes;
  return b && uuidVariant(b) === 'rfc9562' ? uuidVersion(b) : undefined;
}

/** The core's own words for a refused reorder (only on the error path: it throws). */
function refusal(reorder: () => unknown): string {
  try {
    reorder();
  } catch (e) {
    if (e instanceof IdError) return e.message;
    throw e;
  }
  return 'This conversion does not apply to this ID.';
}

/** UUID spellings and reorders; they apply to any 128-bit value (a ULID can be braced too). */
const REPRESENTATIONS: readonly Representation[] = [
  {
    target: 'uuidv6', label: 'UUID v6',
    write: (id) => (versionOf(id) === 1 ? formatUuid(v1ToV6(id.bytes!)) : undefined),
    reason: (id) => refusal(() => v1ToV6(id.bytes!)),
    read: parseUuid,
  },
  {
    target: 'uuidv1', label: 'UUID v1',
    write: (id) => (versionOf(id) === 6 ? formatUuid(v6ToV1(id.bytes!)) : undefined),
    reason: (id) => refusal(() => v6ToV1(id.bytes!)),
    read: parseUuid,
  },
  { target: 'uuid-upper', label: 'UUID (upper case)', write: (id) => id.bytes && formatUuid(id.bytes).toUpperCase(), read: parseUuid },
  { target: 'uuid-braces', label: 'UUID (braces)', write: (id) => id.bytes && `{${formatUuid(id.bytes)}}`, read: parseUuid },
  { target: 'uuid-urn', label: 'UUID (URN)', write: (id) => id.bytes && `urn:uuid:${formatUuid(id.bytes)}`, read: parseUuid },
  {
    // The swap flag exists for v1, whose time-low bytes come first: moved behind time-high, its
    // stored bytes sort by time. A v6, v7 or ULID already sorts that way; the swap would put
    // random or low-order bytes in front and scatter the index they were chosen for.
    target: 'mysql-bin', label: 'MySQL UUID_TO_BIN(u, 1)',
    write: (id) => (versionOf(id) === 1 ? '0x' + bytesToHex(toMysqlBin(id.bytes!)) : undefined),
    reason: (id) => {
      const version = versionOf(id);
      const what = version === undefined ? 'This ID is not a UUID v1' : `This is a UUID v${version}, not v1`;
      return `${what}: UUID_TO_BIN(u, 1) moves a v1's time-low bytes behind its time-high ones so its bytes sort by time, and on anything else it moves other bytes in front of the time. Store it with plain UUID_TO_BIN(u).`;
    },
    read: (text) => {
      const hex = /^0x/i.test(text) ? text.slice(2) : text;
      if (!/^[0-9a-f]{32}$/i.test(hex)) throw new IdError('INVALID_CHARACTER', 'MySQL UUID_TO_BIN(u, 1) bytes are written 0x and 32 hex digits.');
      return fromMysqlBin(hexToBytes(hex));
    },
  },
];

const UUID_SHAPE = /^(?:urn:uuid:)?\{?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}?$/i;
const UUID_LOOSE = /^(?:urn:uuid:)?\{?[0-9a-z]{8}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{12}\}?$/i;
const HEX32 = /^[0-9a-f]{32}$/i;

type Make = (g: UuidGenerator, o: GenerateOptions) => string;

/** A UUID kind whose IDs come one at a time from a session's `UuidGenerator`. */
function gen(kind: string, label: string, detail: string, hasTime: boolean, ascending: boolean, make: Make): GeneratorSpec {
  return {
    kind, label, detail, hasTime, ascending, options: [],
    create: (env) => {
      const g = new UuidGenerator(env);
      return { generate: (n, o) => repeat(n, () => make(g, o)) };
    },
  };
}

/** v3/v5: the same namespace and name always give the same UUID; no state. */
function nameBased(kind: 'uuidv3' | 'uuidv5', label: string, detail: string): GeneratorSpec {
  const hash = kind === 'uuidv3' ? uuidV3 : uuidV5;
  return {
    kind, label, detail, hasTime: false, ascending: false, derived: true, options: NAME_OPTIONS,
    create: () => ({
      generate: (n, o) => {
        if (o.name === undefined) {
          throw new IdError('INVALID_ARGUMENT', `${kind} is derived from a namespace and a name; give a name (and a namespace: dns, url, oid, x500 or a UUID).`);
        }
        const id = hash(o.namespace ?? 'dns', o.name);
        return repeat(n, () => id);
      },
    }),
  };
}

const DASHES = { 8: '-', 13: '-', 18: '-', 23: '-' };
const V7_BOUNDS: BoundsCodec = {
  unitMs: 1,
  text: (ms, high) => formatUuid(v7Edge(ms, high)),
  span: (p, n) => pad(p, n, '0', 'f', DASHES),
  timeOf: (t) => parseInt(t.slice(0, 8) + t.slice(9, 13), 16),
};

const NAME_OPTIONS: GeneratorSpec['options'] = [
  {
    name: 'namespace', type: 'string', description: 'dns, url, oid, x500 or a UUID', default: 'dns',
    parse: (text) => {
      resolveNamespace(text);
      return text;
    },
  },
  // RFC 9562 hashes any name, the empty one too.
  { name: 'name', type: 'string', description: 'the name hashed into the UUID', required: true, emptyOk: true },
];

/**
 * A fresh UUID of the same version, written as this one is: its case, and 8-4-4-4-12, braces,
 * `urn:uuid:` (as written) or 32 bare digits. Name-based and unknown versions cannot be remade.
 */
function regenerate(id: DecodedId): RegeneratePlan | Refusal {
  const { version, variant } = id;
  if (variant !== 'rfc9562') return { refused: 'not an RFC 9562 UUID (its variant bits say otherwise), so there is no version to keep' };
  if (version === 3 || version === 5) return { refused: `a name-based v${version} UUID is derived from a name; a fresh one needs a new name` };
  if (version !== 1 && version !== 4 && version !== 6 && version !== 7) return { refused: `UUID v${version} can't be generated` };
  const t = id.input;
  const urn = /^urn:uuid:/i.exec(t)?.[0];
  const body = urn ? t.slice(urn.length) : t;
  const cased = caseLike(body);
  const form = (u: string): string => (urn ? urn + u : body.startsWith('{') ? `{${u}}` : body.includes('-') ? u : u.replace(/-/g, ''));
  return { kind: `uuidv${version}`, options: {}, spell: (fresh) => form(cased(fresh)) };
}

/** Random UUIDs: v4 (122 random bits among all IDs) and v7 (74 among one millisecond's). */
export function uuidEntropy(id: { variant?: string; version?: number }): Entropy | undefined {
  if (id.variant !== 'rfc9562') return undefined;
  return id.version === 4 ? V4_ENTROPY : id.version === 7 ? V7_ENTROPY : undefined;
}
const V4_ENTROPY = entropy(122, 'all');
const V7_ENTROPY = entropy(74, 'ms');

export const uuid: FormatModule = {
  id: 'uuid',
  entropy: uuidEntropy,
  label: 'UUID',
  shapes: [
    {
      length: [36, 45], case: 'either',
      description: 'UUIDs (8-4-4-4-12 hex, {braces}, urn:uuid:, or 32 hex)',
      // Letters beyond f still read as a UUID, so the error can say which character is wrong.
      test: (t) => UUID_SHAPE.test(t) || UUID_LOOSE.test(t),
    },
    // 32-hex hashes are read the same way: the user said it is an ID.
    { length: 32, case: 'either', description: '32 hex digits', test: (t) => HEX32.test(t) },
  ],
  scan: [
    { runLengths: [8], next: '-', all: CHAR.HEX, find: findDashed },
    { runLengths: [32], all: CHAR.HEX, find: findBare },
  ],
  bits: 128,
  decode: (text) => read(text),
  encode: (bytes) => formatUuid(bytes),
  hoverTargets: ['ulid', 'uuidv6', 'uuidv1', 'int', 'hex'],
  representations: REPRESENTATIONS,
  generators: [
    gen('uuid', 'UUID v4 (random)', '', false, false, (g) => g.v4()),
    gen('uuidv1', 'UUID v1 (time, 100 ns)', 'time + clock sequence + node, 100 ns (legacy)', true, false, (g, o) => g.v1(o.timeMs)),
    nameBased('uuidv3', 'UUID v3 (MD5 of a name)', 'MD5 of namespace + name: the same input gives the same UUID'),
    gen('uuidv4', 'UUID v4 (random)', 'random', false, false, (g) => g.v4()),
    nameBased('uuidv5', 'UUID v5 (SHA-1 of a name)', 'SHA-1 of namespace + name: the same input gives the same UUID'),
    gen('uuidv6', 'UUID v6 (time, ordered)', 'time-ordered v1 layout, 100 ns', true, true, (g, o) => g.v6(o.timeMs)),
    gen('uuidv7', 'UUID v7 (Unix ms, ordered)', 'time-ordered, ms + random (RFC 9562 recommends it for keys)', true, true, (g, o) => g.v7(o.timeMs)),
  ],
  bounds: [{ kind: 'uuidv7', label: 'UUID v7', detail: '1 ms resolution; text sorts by time', codec: () => V7_BOUNDS }],
  regenerate,
  time: { minMs: UUID_V1_MIN_MS, maxMs: UUID_V1_MAX_MS, resolutionMs: 1, plausibleFromMs: PLAUSIBLE_FROM },
  // Only v6 and v7 are made in time order: a v1's time is scattered over its text, a v4 has none.
  check: { labels: [['uuid'], ['guid']], versioned: true, timeOrdered: (id) => id.version === 6 || id.version === 7, whole: WHOLE },
};
