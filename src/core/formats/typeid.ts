import { requireBytes, requireText, shown } from '../args';
import { CROCKFORD_VALUES as CROCKFORD_VALUES_IMPORT, decodeCrockford, encodeCrockford, findNonCrockford, invalidCrockfordMessage } from '../crockford';
import { repeat } from '../timeline';
import { IdError, type FieldValue } from '../types';
import { clampCrockford, pad } from './boundsText';
import { UuidGenerator, formatUuid, v7Edge } from './uuid/codec';
import { Id, failed, orThrow } from './decoded';
import { crockfordTime, ULID_PLAUSIBLE_FROM, ulidTime } from './ulid';
import { readUuidBytes } from './uuid';
import { CHAR, type DecodedId, type BoundsCodec, type FormatModule, type Run, type ScanContext, type ScanHit } from './types';
import { uuidEntropy } from './uuid';

// TypeID: `prefix_` + a UUID (usually v7) in 26 lower-case Crockford base32 characters.

// Imported tables are aliased once: under per-file transpilation (tsx: tests, bench) every
// access to an imported binding is a getter call, which showed up as 3-4x in hot loops.
const CROCKFORD_VALUES = CROCKFORD_VALUES_IMPORT;

export const TYPEID_PREFIX_MAX = 63;

function prefixProblem(p: string): string | undefined {
  if (p.length === 0) return undefined;
  if (p.length > TYPEID_PREFIX_MAX) return `is ${p.length} characters long; the limit is ${TYPEID_PREFIX_MAX}`;
  for (let i = 0; i < p.length; i++) {
    const c = p.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || c === 95)) return `contains '${p[i]}'; only lower-case a-z and _ are allowed`;
  }
  if (p.charCodeAt(0) === 95 || p.charCodeAt(p.length - 1) === 95) return 'must start and end with a letter';
  return undefined;
}

/** Throws INVALID_PREFIX unless `p` matches ^([a-z]([a-z_]{0,61}[a-z])?)?$. */
export function validateTypeIdPrefix(p: string): void {
  requireText(p, 'the TypeID prefix');
  const problem = prefixProblem(p);
  if (problem) throw new IdError('INVALID_PREFIX', `The TypeID prefix ${shown(p)} ${problem}.`);
}

/** `prefix_suffix` or a bare suffix -> prefix and the UUID's 16 bytes. */
export function parseTypeId(text: string): { prefix: string; bytes: Uint8Array } {
  requireText(text, 'a TypeID');
  if (text.length === 0) throw new IdError('EMPTY', 'Expected a TypeID, got an empty string.');
  const sep = text.lastIndexOf('_');
  const prefix = sep < 0 ? '' : text.slice(0, sep);
  const suffix = sep < 0 ? text : text.slice(sep + 1);
  if (sep === 0) throw new IdError('INVALID_PREFIX', 'A TypeID with an empty prefix has no underscore; remove the leading _.');
  validateTypeIdPrefix(prefix);
  if (suffix.length !== 26) {
    throw new IdError('INVALID_LENGTH', `A TypeID suffix has 26 characters; got ${suffix.length}.`);
  }
  const bad = findNonCrockford(suffix);
  if (bad >= 0) throw new IdError('INVALID_CHARACTER', invalidCrockfordMessage('The TypeID suffix', suffix, bad));
  for (let i = 0; i < 26; i++) {
    const c = suffix.charCodeAt(i);
    if (c >= 65 && c <= 90) {
      throw new IdError('INVALID_CASE', `The TypeID suffix must be lower case; '${suffix[i]}' at position ${i + 1} is upper case. Did you mean ${prefix ? prefix + '_' : ''}${suffix.toLowerCase()}?`);
    }
  }
  if (CROCKFORD_VALUES[suffix.charCodeAt(0)]! > 7) {
    throw new IdError('OVERFLOW', `The TypeID suffix starts with '${suffix[0]}'; the first character must be 0-7, or it encodes more than 128 bits.`);
  }
  return { prefix, bytes: decodeCrockford(suffix, 'The TypeID suffix') };
}

/** The checks of `parseTypeId` without throwing (validation sits on hot paths). */
export function isTypeId(text: string): boolean {
  const sep = text.lastIndexOf('_');
  if (sep === 0 || text.length - sep - 1 !== 26) return false;
  if (sep > 0 && prefixProblem(text.slice(0, sep)) !== undefined) return false;
  for (let i = sep + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || CROCKFORD_VALUES[c] === 255 || (c >= 65 && c <= 90)) return false;
  }
  return CROCKFORD_VALUES[text.charCodeAt(sep + 1)]! <= 7;
}

// Generation encodes many IDs with one prefix: it is checked once, not once per ID.
let lastValidPrefix = '';

export function encodeTypeId(prefix: string, bytes16: Uint8Array): string {
  requireText(prefix, 'the TypeID prefix');
  requireBytes(bytes16, 'a TypeID suffix', 16);
  if (prefix !== lastValidPrefix) {
    validateTypeIdPrefix(prefix);
    lastValidPrefix = prefix;
  }
  const suffix = encodeCrockford(bytes16, true);
  return prefix ? `${prefix}_${suffix}` : suffix;
}

/** Whether text[from, to) is a valid prefix (what `prefixProblem` accepts), read in place. */
function prefixAt(text: string, from: number, to: number): boolean {
  if (to - from > TYPEID_PREFIX_MAX || text.charCodeAt(from) === 95 || text.charCodeAt(to - 1) === 95) return false;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || c === 95)) return false;
  }
  return true;
}

/**
 * The 16 bytes of the 26-char suffix at `from` when it is valid (lower-case Crockford base32,
 * first char 0-7), checked and decoded in one pass; undefined otherwise (`parseTypeId` then
 * says why).
 */
function suffixBytes(text: string, from: number): Uint8Array | undefined {
  if (CROCKFORD_VALUES[text.charCodeAt(from)]! > 7) return undefined;
  const bytes = new Uint8Array(16);
  let acc = 0, bits = 0, j = 0, bad = false;
  for (let i = 0; i < 26; i++) {
    const c = text.charCodeAt(from + i);
    const v = c < 128 && !(c >= 65 && c <= 90) ? CROCKFORD_VALUES[c]! : 255;
    if (v === 255) bad = true;
    // 3 bits from the first char, 5 from the rest: 128 bits, written a byte at a time.
    acc = ((acc << 5) | v) & 0x1fff;
    bits += i === 0 ? 3 : 5;
    if (bits >= 8) {
      bits -= 8;
      bytes[j++] = (acc >>> bits) & 255;
    }
  }
  return bad ? undefined : bytes;
}

function read(text: string): Id {
  // A valid TypeID (nearly every one read) is checked and decoded in one pass, without the
  // slices and the throwing checks of `parseTypeId`; any other text goes there for its error.
  const sep = text.lastIndexOf('_');
  const bytes = sep !== 0 && text.length - sep === 27 && (sep < 0 || prefixAt(text, 0, sep)) ? suffixBytes(text, sep + 1) : undefined;
  if (bytes === undefined) {
    try {
      parseTypeId(text);
    } catch (e) {
      return failed(typeid, text, e);
    }
    throw new Error(`TypeID parsers disagree on "${text}"`); // a bug in the fast path, not bad input
  }
  return reading(text, sep, bytes);
}

/** The valid TypeID `text`, its last `_` at `sep` (-1: none) and its suffix's bytes. */
function reading(text: string, sep: number, bytes: Uint8Array): Id {
  const id = readUuidBytes(new Id(typeid, text, true, {}, bytes), bytes);
  id.fields.prefix = sep < 0 ? '' : text.slice(0, sep);
  id.fields.uuid = formatUuid(bytes);
  return id;
}

/** Whether the 26 chars at `from` are a valid suffix: what `suffixBytes` accepts, without the bytes. */
function suffixAt(text: string, from: number): boolean {
  if (CROCKFORD_VALUES[text.charCodeAt(from)]! > 7) return false;
  for (let i = from; i < from + 26; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || (c >= 65 && c <= 90) || CROCKFORD_VALUES[c] === 255) return false;
  }
  return true;
}

/**
 * A TypeID holding a v4 or v7 UUID of the RFC variant, found by the scan (most of them): its
 * reading comes from a few of its chars, its bytes and fields when something asks for them (a
 * scan prints only the time).
 */
class TextTypeId extends Id {
  override get bytes(): Uint8Array {
    return (this.lazyBytes ??= suffixBytes(this.input, this.input.length - 26)!);
  }

  protected override makeFields(): Record<string, FieldValue> {
    const sep = this.input.length - 27;
    return { prefix: sep < 0 ? '' : this.input.slice(0, sep), uuid: formatUuid(this.bytes) };
  }
}

/**
 * The valid TypeID text[start, end) with its last `_` at `sep`. The UUID's version is the top 4
 * bits of the suffix's 11th char (bits 48-51 of the 128) and its variant bits 64-65 the middle
 * of the 14th; a v7's time is the first 10 chars, as a ULID's.
 */
function found(text: string, start: number, sep: number, end: number): Id {
  const version = CROCKFORD_VALUES[text.charCodeAt(sep + 11)]! >>> 1;
  const rfc = ((CROCKFORD_VALUES[text.charCodeAt(sep + 14)]! >>> 2) & 3) === 2;
  if (!rfc || (version !== 4 && version !== 7)) return reading(text.slice(start, end), sep - start, suffixBytes(text, sep + 1)!);
  // What readUuidBytes sets for these, in its order.
  const id = new TextTypeId(typeid, text.slice(start, end), true, undefined);
  id.variant = 'rfc9562';
  id.version = version;
  if (version === 7) id.unixMs = crockfordTime(text, sep + 1);
  return id;
}

/** The UUID's reading (version, variant, v7 time) plus `prefix` and `uuid` fields. */
export function decodeTypeId(text: string): DecodedId {
  requireText(text, 'a TypeID');
  return orThrow(read(text));
}

/** `prefix_suffix`; an upper-case suffix is reported invalid only when it is otherwise a ULID. */
function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const text = ctx.text;
  const { start, end } = run;
  const sep = run.lastUnderscore;
  // A lower-case suffix (a valid TypeID when the prefix is) is checked in place; `read` would
  // slice it and check it again.
  if (suffixAt(text, sep + 1)) return prefixAt(text, start, sep) ? { start, end, decoded: found(text, start, sep, end) } : undefined;
  let tailOr = 0, tailAnd = 0xff;
  for (let i = sep + 1; i < end; i++) {
    const c = text.charCodeAt(i);
    const f = (c <= 57 ? CHAR.DIGIT : c <= 90 ? CHAR.UPPER : CHAR.LOWER) | (CROCKFORD_VALUES[c] !== 255 ? CHAR.CROCK : 0);
    tailOr |= f;
    tailAnd &= f;
  }
  const mixed = (tailOr & CHAR.UPPER) && (tailOr & CHAR.LOWER);
  if (!(tailAnd & CHAR.CROCK) || mixed || CROCKFORD_VALUES[text.charCodeAt(sep + 1)]! > 7) return undefined;
  if (!prefixAt(text, start, sep)) return undefined;
  if (tailOr & CHAR.UPPER) {
    if (!(tailOr & CHAR.DIGIT) || !ctx.plausibleMs(crockfordTime(text, sep + 1), ULID_PLAUSIBLE_FROM)) return undefined;
  }
  return { start, end, decoded: read(text.slice(start, end)) };
}

function boundsCodec(prefix: string): BoundsCodec {
  validateTypeIdPrefix(prefix);
  const head = prefix ? `${prefix}_` : '';
  return {
    unitMs: 1,
    text: (ms, high) => encodeTypeId(prefix, v7Edge(ms, high)),
    span: (p, n) => {
      // A prefix shorter than the type prefix covers every suffix.
      const [a, b] = pad(p.length < head.length ? head : p, n, '0', 'z');
      return [a, clampCrockford(b, head.length, '7')];
    },
    timeOf: (t) => ulidTime(decodeCrockford(t.slice(head.length))),
  };
}

/** The last `_` separates the prefix; what follows must at least look like a 26-char suffix. */
const TYPEID_SHAPE = /_[0-9A-Za-z]{26}$/;

export const typeid: FormatModule = {
  entropy: uuidEntropy,
  id: 'typeid',
  label: 'TypeID',
  shapes: [{
    length: [27, 90], case: 'lower',
    description: 'TypeIDs (prefix_ + 26 chars)',
    test: (t) => TYPEID_SHAPE.test(t),
  }],
  scan: [{ tailLengths: [26], find }],
  bits: 128,
  decode: (text) => read(text),
  encode: (bytes, opts) => encodeTypeId(opts?.prefix ?? '', bytes),
  hoverTargets: ['uuid', 'hex'],
  representations: [],
  generators: [{
    kind: 'typeid', label: 'TypeID (UUID v7 inside)', detail: 'prefix_ + UUID v7 in base32', hasTime: true, ascending: true,
    options: [{
      name: 'prefix', type: 'string', description: 'lower-case letters and underscores, at most 63', default: '',
      parse: (text) => {
        validateTypeIdPrefix(text);
        return text;
      },
    }],
    create: (env) => {
      const g = new UuidGenerator(env);
      return {
        generate: (n, o) => {
          const prefix = o.prefix ?? '';
          validateTypeIdPrefix(prefix);
          return repeat(n, () => encodeTypeId(prefix, g.v7Bytes(o.timeMs)));
        },
      };
    },
  }],
  bounds: [{ kind: 'typeid', label: 'TypeID', detail: 'prefix_ + UUID v7 in Crockford base32', needs: 'prefix', codec: (o) => boundsCodec(o.prefix) }],
  // A fresh TypeID keeps the prefix: it names the type of the thing the ID points at.
  regenerate: (id) => ({ kind: 'typeid', options: { prefix: String(id.fields.prefix ?? '') }, spell: (fresh) => fresh }),
  time: { minMs: 0, maxMs: 2 ** 48 - 1, resolutionMs: 1, plausibleFromMs: ULID_PLAUSIBLE_FROM },
  // The prefix is part of the ID (user_… and post_… with one suffix are two IDs), not of its bytes.
  // Only a v7 UUID inside is made in time order (a TypeID may carry a v4).
  check: { labels: [['typeid']], identity: 'text', timeOrdered: (id) => id.version === 7 },
};
