import { decodeKsuid } from '../formats/ksuid';
import { decodeObjectId } from '../formats/objectid';
import { decodeSnowflake } from '../formats/snowflake';
import { decodeTypeId } from '../formats/typeid';
import { type Decoded, type IdKind } from '../types';
import { decodeUlid } from '../formats/ulid';
import { decodeUuid } from '../formats/uuid';
import { formatLabel } from '../formats/registry';
import type { DecodedId } from '../formats/types';

// What the check knows about kinds of ID: the labels key and column names give, how a kind is
// read and named, which spellings are one ID, which kinds are time-ordered.

export interface Label {
  kind: IdKind;
  /** A UUID version the label asks for (`uuid_v7`, `uuidv4`). */
  version?: number;
}

const labels = new Map<string, Label | null>();

/** The kind a key or column name says its values are: `id_ulid`, `orderUuid`, `uuid_v7`, `_ksuid`. */
export function labelOf(name: string): Label | undefined {
  let label = labels.get(name);
  if (label === undefined) {
    label = readLabel(name) ?? null;
    if (labels.size > 10_000) labels.clear();
    labels.set(name, label);
  }
  return label ?? undefined;
}

function readLabel(name: string): Label | undefined {
  const n = name.toLowerCase();
  if (n.length > 64) return undefined;
  if (n.includes('ksuid')) return { kind: 'ksuid' };
  if (n.includes('ulid')) return { kind: 'ulid' };
  if (n.includes('typeid')) return { kind: 'typeid' };
  if (n.includes('objectid') || n.includes('object_id')) return { kind: 'objectid' };
  if (n.includes('snowflake')) return { kind: 'snowflake' };
  const uuid = /(?:uuid|guid)[_-]?v?([1-8])?(?![0-9])/.exec(n);
  if (uuid) return uuid[1] ? { kind: 'uuid', version: Number(uuid[1]) } : { kind: 'uuid' };
  return undefined;
}

const DECODERS: Record<IdKind, (text: string, epoch?: unknown) => DecodedId> = {
  ulid: decodeUlid,
  uuid: decodeUuid,
  ksuid: decodeKsuid,
  objectid: decodeObjectId,
  typeid: decodeTypeId,
  snowflake: (t, epoch) => decodeSnowflake(t, epoch),
};

/** Decodes `text` as `kind` (throws `IdError` when it is not one): a found ID read again. */
export function decodeAs(kind: IdKind, text: string, epoch?: unknown): DecodedId {
  return DECODERS[kind](text, epoch);
}

const KIND_NAMES: Record<IdKind, string> = {
  ulid: 'ULID', uuid: 'UUID', ksuid: 'KSUID', objectid: 'ObjectId', typeid: 'TypeID', snowflake: 'snowflake',
};

/** How messages name a kind: the registry's label for kinds added since (`XID`, `TSID`). */
export function kindName(kind: IdKind): string {
  return KIND_NAMES[kind] ?? formatLabel(kind);
}

/** Text that is a placeholder, an expression or prose rather than an attempt at an ID. */
export const NOT_AN_ATTEMPT = /[\s{}$%<>()]|^$|^(?:null|none|nil|undefined|true|false|default|todo|tbd|x+|-+|\?+)$/i;

/** I, L and O read as Crockford's 1, 1 and 0 (as the ulid package's fixULIDBase32 does). */
export function fixUlid(text: string): string | undefined {
  if (!/[ILOilo]/.test(text) || /[Uu]/.test(text)) return undefined;
  const fixed = text.replace(/[ILil]/g, '1').replace(/[Oo]/g, '0');
  try {
    decodeUlid(fixed);
    return fixed;
  } catch {
    return undefined;
  }
}

/** Identity of an ID's value: spellings of one ID compare equal. */
export function identity(kind: IdKind, text: string): string {
  switch (kind) {
    case 'uuid': {
      const t = text.toLowerCase();
      return 'uuid:' + (t.length === 36 ? t : t.replace(/^urn:uuid:|[{}-]/g, ''));
    }
    case 'ulid': return 'ulid:' + text.toUpperCase();
    case 'objectid': return 'objectid:' + text.toLowerCase();
    default: return kind + ':' + text;
  }
}

/** Kinds keyed by their exact binary value (at most 16 bytes); the rest by a hash of `identity`. */
export const BINARY_KEY = new Set<IdKind>(['ulid', 'uuid', 'objectid']);

/** Kinds whose time is the order they were made in; UUIDs only in versions 6 and 7. */
const TIME_ORDERED = new Set<IdKind>(['ulid', 'ksuid', 'objectid', 'typeid', 'snowflake']);

export function timeOrdered(kind: IdKind, d: Decoded): boolean {
  return TIME_ORDERED.has(kind) || (kind === 'uuid' && (d.version === 6 || d.version === 7));
}

/** Names that say "this row's own ID", not a reference to another row. */
export const IDENTITY_NAMES = /^(?:id|_id|pk|key|uid|uuid|ulid|guid|ksuid|objectid|typeid|snowflake)$/i;
