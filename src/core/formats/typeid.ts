import { requireText } from '../args';
import { CROCKFORD_VALUES as CROCKFORD_VALUES_IMPORT, decodeCrockford } from '../crockford';
import { generate, type GenerateOptions } from '../generate';
import { encodeTypeId, parseTypeId, validateTypeIdPrefix } from '../typeid';
import { ulidTime } from '../ulid';
import { clampCrockford, pad, v7Bytes } from './boundsText';
import { formatUuid } from './uuid/codec';
import { Id, failed, orThrow } from './decoded';
import { crockfordTime, ULID_PLAUSIBLE_FROM } from './ulid';
import { readUuidBytes } from './uuid';
import { CHAR, type DecodedId, type BoundsCodec, type FormatModule, type Run, type ScanContext, type ScanHit } from './types';

// TypeID: `prefix_` + a UUID (usually v7) in 26 lower-case Crockford base32 characters.

const CROCKFORD_VALUES = CROCKFORD_VALUES_IMPORT;

function read(text: string): Id {
  let parsed;
  try {
    parsed = parseTypeId(text);
  } catch (e) {
    return failed(typeid, text, e);
  }
  const id = readUuidBytes(new Id(typeid, text, true, {}, parsed.bytes), parsed.bytes);
  id.fields.prefix = parsed.prefix;
  id.fields.uuid = formatUuid(parsed.bytes);
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
  let tailOr = 0, tailAnd = 0xff;
  for (let i = sep + 1; i < end; i++) {
    const c = text.charCodeAt(i);
    const f = (c <= 57 ? CHAR.DIGIT : c <= 90 ? CHAR.UPPER : CHAR.LOWER) | (CROCKFORD_VALUES[c] !== 255 ? CHAR.CROCK : 0);
    tailOr |= f;
    tailAnd &= f;
  }
  const mixed = (tailOr & CHAR.UPPER) && (tailOr & CHAR.LOWER);
  if (!(tailAnd & CHAR.CROCK) || mixed || CROCKFORD_VALUES[text.charCodeAt(sep + 1)]! > 7) return undefined;
  if (sep - start > 63 || text.charCodeAt(start) === 95 || text.charCodeAt(sep - 1) === 95) return undefined;
  for (let i = start; i < sep; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || c === 95)) return undefined;
  }
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
    text: (ms, high) => encodeTypeId(prefix, v7Bytes(ms, high)),
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
  id: 'typeid',
  label: 'TypeID',
  shapes: [{
    length: [27, 90], alphabet: 'crockford', case: 'lower',
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
    options: [{ name: 'prefix', type: 'string', description: 'lower-case letters and underscores, at most 63', default: '' }],
    generate: (count, o) => generate('typeid', o as GenerateOptions, count),
  }],
  bounds: [{ kind: 'typeid', label: 'TypeID', detail: 'prefix_ + UUID v7 in Crockford base32', needs: 'prefix', codec: (o) => boundsCodec(o.prefix) }],
  time: { minMs: 0, maxMs: 2 ** 48 - 1, resolutionMs: 1, plausibleFromMs: ULID_PLAUSIBLE_FROM },
};
