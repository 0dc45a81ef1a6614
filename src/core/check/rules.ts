import { FORMATS, formatById, formatLabel, identityOf } from '../formats/registry';
import { parseSnowflakeEpoch } from '../formats/snowflake/layouts';
import type { DecodeOptions, DecodedId, FormatModule } from '../formats/types';
import { IdError, type IdKind } from '../types';
import { keyOfBytes, keyOfText } from './idtable';

// How the check reads the registry: which key and column names label a format, which names
// say "this row's own ID", how a kind is read and named, which spellings are one ID, which
// readings are made in time order. Every format's part of this lives in its module
// (`FormatModule.check`); what is here is about names in general, not about any format.

export interface Label {
  kind: IdKind;
  /** A version the label asks for (`uuid_v7`, `uuidv4`). */
  version?: number;
}

/** Words after a label that keep it a label: `ulid_str`, `uuid_key`, `objectid_ref`. */
const AFTER_LABEL = new Set(['id', 'ids', 'key', 'keys', 'str', 'string', 'text', 'value', 'val', 'pk', 'fk', 'ref', 'col', 'column', 'field', 'hex']);
/** Words before a label that say the value is only part of one: `short_ulid`, `partial_uuid`. */
const PART_OF = new Set(['short', 'partial', 'truncated', 'trimmed', 'abbrev', 'abbreviated', 'masked', 'hashed', 'redacted']);
/** Names of "this row's own ID" beyond the formats' one-word labels. */
const GENERIC_IDENTITY = ['id', '_id', 'pk', 'key', 'uid'];

/** The lower-case words of a key or column name: `orderUlid`, `order_ulid`, `ORDER-ULID` → order, ulid. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z]{2,})/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

interface LabelRule {
  format: FormatModule;
  words: readonly string[];
}

const RULES: readonly LabelRule[] = FORMATS.flatMap((format) => (format.check?.labels ?? []).map((words) => ({ format, words })));

/** Keys and column names (lower case) that hold each row's own ID: `id`, `pk`, and every one-word label. */
const IDENTITY_NAMES = new Set([...GENERIC_IDENTITY, ...RULES.filter((r) => r.words.length === 1).map((r) => r.words[0]!)]);

/** Whether a key or column called `name` holds each row's own ID rather than a reference. */
export function isIdentityName(name: string): boolean {
  return IDENTITY_NAMES.has(name.toLowerCase());
}

/** Share of distinct values above which a column whose name says nothing is read as an identity. */
export const DISTINCT_SHARE = 0.9;
/** Fewer values than this say nothing about a column whose name says nothing. */
const IDENTITY_MIN_VALUES = 10;

/** Whether a column says by its name (or, unnamed, by being the first) that it holds each row's own ID. */
export function isNamedIdentity(key: string | undefined, path: string): boolean {
  return key !== undefined ? isIdentityName(key) : /^column 1$|\(value 1\)$/.test(path);
}

/** The segments of a JSON or YAML path after its root (`$`, a YAML document's `$2`): `.name`, `["odd key"]`, `[*]`, `[?]`. */
const SEGMENT = /\.[A-Za-z_$][\w$]*|\["(?:[^"\\]|\\.)*"\]|\[\*\]|\[\?\]/g;
const ROOT = /^\$\d*/;

function segmentsOf(path: string): { root: string; segments: string[] } | undefined {
  const root = ROOT.exec(path)?.[0];
  if (root === undefined) return undefined;
  const segments = path.slice(root.length).match(SEGMENT) ?? [];
  // A path these segments do not spell (none is made so) is left as it is.
  return segments.join('').length === path.length - root.length ? { root, segments } : undefined;
}

/**
 * The row whose own ID an identity-named path names: `$.orders[*]` for `$.orders[*].id`, the
 * root for a JSON Lines line's `$.id`; undefined when the ID sits deeper (or the path is no
 * JSON or YAML path).
 */
export function ownRowOf(path: string): string | undefined {
  const p = segmentsOf(path);
  if (p === undefined || p.segments.length === 0) return undefined;
  const n = p.segments.length;
  return n === 1 || p.segments[n - 2] === '[*]' ? p.root + p.segments.slice(0, n - 1).join('') : undefined;
}

/**
 * Whether an identity-named path names the ID of an object embedded in a row that has its own:
 * `$.orders[*].customer.id` when `$.orders[*].id` is a row's own (`rowHasOwn`), or a JSON:API
 * relationship's `data.id`. The same customer in two orders is one object twice, so a repeat
 * there is a reference, never a duplicate. Arrays a row holds (`$.orders[*].items[*].id`) are
 * rows of their own: each step down from the row is a property followed by `[*]`.
 */
export function isEmbeddedIdPath(path: string, rowHasOwn: (row: string) => boolean): boolean {
  const p = segmentsOf(path);
  if (p === undefined) return false;
  const s = p.segments;
  // Each row the path passes through (the root, then each `[*]`), outermost first.
  for (let i = -1; i < s.length - 1; i++) {
    if (i >= 0 && s[i] !== '[*]') continue;
    if (!rowHasOwn(p.root + s.slice(0, i + 1).join(''))) continue;
    // Below that row, down to the ID's key: an object that is no array's element is embedded.
    for (let j = i + 1; j < s.length - 1; j++) {
      if (s[j] !== '[*]' && s[j + 1] !== '[*]') return true;
    }
  }
  return false;
}

/**
 * Whether the column at `path` holds each row's own ID, as the duplicate rule reads it: its name
 * says so, or its values are nearly all distinct. Repeats elsewhere are references (a `user_id`
 * column naming a few users): neither duplicates nor creation times.
 */
export function isIdentityColumn(key: string | undefined, path: string, count: number, distinct: number): boolean {
  return isNamedIdentity(key, path) || (count >= IDENTITY_MIN_VALUES && distinct / count >= DISTINCT_SHARE);
}

/**
 * Where `rule` labels `words` from index `i`: the index after it (and after a version), with
 * the version it asks for; undefined when it does not match there.
 */
function matchAt(rule: LabelRule, words: readonly string[], i: number): { end: number; version?: number } | undefined {
  const n = rule.words.length;
  for (let k = 0; k < n - 1; k++) if (words[i + k] !== rule.words[k]) return undefined;
  const last = rule.words[n - 1]!;
  const w = words[i + n - 1];
  if (w === undefined) return undefined;
  if (w === last || w === last + 's') {
    const v = rule.format.check?.versioned ? /^v?([0-9])$/.exec(words[i + n] ?? '') : null;
    return v ? { end: i + n + 1, version: Number(v[1]) } : { end: i + n };
  }
  // A version written into the word: `uuidv7`, `uuid7`.
  if (rule.format.check?.versioned && w.startsWith(last)) {
    const v = /^v?([0-9])$/.exec(w.slice(last.length));
    if (v) return { end: i + n, version: Number(v[1]) };
  }
  return undefined;
}

function readLabel(name: string): Label | undefined {
  if (name.length > 64) return undefined;
  const words = nameWords(name);
  for (let i = 0; i < words.length; i++) {
    if (i > 0 && PART_OF.has(words[i - 1]!)) continue;
    for (const rule of RULES) {
      const m = matchAt(rule, words, i);
      // The label is the name's last word, or only words like `id` or `str` follow it.
      if (!m || !words.slice(m.end).every((w) => AFTER_LABEL.has(w))) continue;
      return m.version === undefined ? { kind: rule.format.id } : { kind: rule.format.id, version: m.version };
    }
  }
  return undefined;
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

/** Decodes `text` as `kind` (throws `IdError` when it is not one): a found ID read again. */
export function decodeAs(kind: IdKind, text: string, epoch?: unknown): DecodedId {
  const f = formatById(kind);
  if (!f) throw new IdError('INVALID_ARGUMENT', `Unknown kind of ID: ${kind}.`);
  const snowflake = parseSnowflakeEpoch(epoch);
  const d = f.decode(text, snowflake === undefined ? {} : { snowflake });
  if (!d.valid) throw new IdError(d.errorCode ?? 'UNKNOWN_FORMAT', d.error ?? `Not a valid ${f.label}.`);
  return d;
}

/** The shortest text a format's scan rules find (13: TSID, TID; a snowflake needs 17 digits). */
export const SHORTEST_ID = Math.min(...FORMATS.filter((f) => f.scan && f.shapes.length > 0).map((f) => {
  const shape = Math.min(...f.shapes.map((s) => (typeof s.length === 'number' ? s.length : s.length[0])));
  const run = Math.min(...f.scan!.flatMap((r) => [...(r.runLengths ?? []), ...(r.tailLengths ?? [])]));
  return Math.max(shape, run);
}));

/** The longest text any format is written as (a TypeID with a 63-character prefix). */
export const LONGEST_ID = Math.max(...FORMATS.flatMap((f) => f.shapes.map((s) => (typeof s.length === 'number' ? s.length : s.length[1]))));

/** How messages name a kind: the registry's label. */
export function kindName(kind: IdKind): string {
  return formatLabel(kind);
}

/**
 * Text that is a placeholder, an expression, a path or prose rather than an attempt at an ID.
 * No format's text holds a slash or a backslash: `"bin": {"uuid": "./dist/bin/uuid"}` in a
 * package.json names a file.
 */
export const NOT_AN_ATTEMPT = /[\s{}$%<>()/\\]|^$|^(?:null|none|nil|undefined|true|false|default|todo|tbd|x+|-+|\?+)$/i;

/** The correction a labelled, invalid text unmistakably means (a ULID with I, L or O), if any. */
export function correction(kind: IdKind, text: string): string | undefined {
  return formatById(kind)?.check?.correct?.(text);
}

/**
 * The key of an ID's value in `out`: spellings of one ID get one key. IDs of up to 16 bytes
 * whose format compares values are keyed by those bytes, the rest by a 128-bit hash of the
 * registry's `identityOf`.
 */
export function identityKey(d: DecodedId, out: Uint32Array): Uint32Array {
  if (d.format.check?.identity === 'text') return keyOfText(identityOf(d), out);
  const words = d.valueWords?.(out);
  if (words !== undefined) return words;
  const byValue = d.bytes;
  return byValue && byValue.length <= 16 ? keyOfBytes(byValue, out) : keyOfText(identityOf(d), out);
}

/** Whether this reading is made in the order of its time (a column of them should ascend). */
export function timeOrdered(d: DecodedId): boolean {
  const rule = d.format.check?.timeOrdered;
  return typeof rule === 'function' ? rule(d) : rule === true;
}

/** How values are decoded under `epoch` (any form `parseSnowflakeEpoch` reads) at `now`. */
export function decodeOptions(epoch: unknown, now: number): DecodeOptions {
  const snowflake = parseSnowflakeEpoch(epoch, now);
  return snowflake === undefined ? { now } : { snowflake, now };
}
