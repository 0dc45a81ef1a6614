import { requireText, shown } from './args';
import { md5Hex } from './md5';
import { formatIso } from './time';
import { IdError } from './types';

// Key templates: literal text with fields, such as `logs/{hash:2}/{id}.json.gz` or
// `dt={yyyy}-{mm}-{dd}/{id}.parquet`. The fields before `{id}` name a key's partition (a hash
// value, a date); within one partition keys sort by the ID, which is what lets a time window be
// listed with Prefix + StartAfter. A template whose keys would not sort that way is refused
// here, with the reason, before any key is written or listed.

/** Date fields, coarsest first; each is the ID's UTC time, zero-padded. */
export const DATE_FIELDS = ['yyyy', 'mm', 'dd', 'hh'] as const;
export type DateField = (typeof DATE_FIELDS)[number];

export type TemplatePart =
  | { type: 'literal'; text: string }
  | { type: 'id' }
  | { type: 'hash'; length: number }
  | { type: 'date'; field: DateField };

export interface KeyTemplate {
  source: string;
  /** Everything before `{id}`: the part that names a key's partition. */
  head: readonly TemplatePart[];
  /** The literal text after `{id}` (`.json.gz`), possibly empty. */
  tail: string;
  /** N of `{hash:N}`, 0 without one. */
  hashLength: number;
  /** The finest date field before `{id}`, if any: partitions change at its boundaries. */
  dateUnit?: DateField;
  /** The date fields before `{id}`, in order (repeats kept: `year={yyyy}/dt={yyyy}-{mm}`). */
  dateFields: readonly DateField[];
}

/** S3's longest key, in UTF-8 bytes (OSS allows 1,023). */
export const MAX_KEY_BYTES = 1024;
/** Longest hash prefix: an MD5 has 32 hex digits. */
const MAX_HASH = 32;

const FIELD_HELP = '{id}, {hash:N}, {yyyy}, {mm}, {dd} and {hh}';
// Fields people reach for that would break listing by time, with the reason for each.
const REVERSED = /^(?:id:)?(?:rev|reverse|reversed|revts|rts|rid|reverse[_-]?(?:ts|timestamp|id)|reversed[_-]?(?:ts|timestamp|id)|ts:rev(?:erse)?)$/i;
const TIMESTAMP = /^(?:ts|timestamp|epoch|unix|ms|millis|seconds|time|now|date|datetime)$/i;
const FINER = /^(?:mi|min|minute|nn|ss|sec|second|sss|ms)$/i;
// C0 controls and DEL: AWS advises against them in keys, and they cannot be typed into a listing.
const CONTROL = /[\u0000-\u001f\u007f]/;

function fail(message: string): never {
  throw new IdError('INVALID_ARGUMENT', message);
}

function parseField(name: string, source: string): TemplatePart {
  if (name === 'id') return { type: 'id' };
  if ((DATE_FIELDS as readonly string[]).includes(name)) return { type: 'date', field: name as DateField };
  const hash = /^hash:(\d{1,3})$/.exec(name);
  if (hash) {
    const length = Number(hash[1]);
    if (length < 1 || length > MAX_HASH) fail(`{hash:${hash[1]}} in ${shown(source)}: N is how many hex digits of MD5 to keep, from 1 to ${MAX_HASH}.`);
    return { type: 'hash', length };
  }
  if (name === 'hash' || name.startsWith('hash:')) {
    fail(`{${name}} in ${shown(source)}: write {hash:N} with N hex digits of MD5 of the ID (1 to ${MAX_HASH}), e.g. {hash:2} for 256 prefixes.`);
  }
  if (REVERSED.test(name)) {
    fail(`{${name}} in ${shown(source)}: a reversed timestamp cannot be listed by time. Writing the time backwards puts its fastest-changing digits first, so one minute of keys is scattered over the whole key space and no Prefix/StartAfter pair selects a window. Spread writes with {hash:N} before {id} instead: each hash value then lists in time order.`);
  }
  if (TIMESTAMP.test(name)) {
    fail(`{${name}} in ${shown(source)}: the time comes from {id}; use {id} for the ID and {yyyy}, {mm}, {dd}, {hh} for dated partitions.`);
  }
  if (FINER.test(name)) {
    fail(`{${name}} in ${shown(source)}: partitions finer than an hour are not offered ({hh} is the finest); a window's listing would need a request per minute per hash value.`);
  }
  fail(`Unknown field {${name}} in ${shown(source)}; the fields are ${FIELD_HELP}.`);
}

function label(p: TemplatePart): string {
  switch (p.type) {
    case 'id': return '{id}';
    case 'hash': return `{hash:${p.length}}`;
    case 'date': return `{${p.field}}`;
    case 'literal': return p.text;
  }
}

/**
 * Reads a template and checks that its keys list by time: exactly one `{id}`, only literal text
 * after it, at most one `{hash:N}`. Throws `IdError` saying why otherwise.
 */
export function parseKeyTemplate(source: string): KeyTemplate {
  requireText(source, 'the key template');
  if (source.trim() === '') fail('The key template is empty; write one such as logs/{hash:2}/{id}.json.gz.');
  if (CONTROL.test(source)) fail(`The key template ${shown(source)} holds a control character; object keys should not.`);
  const parts: TemplatePart[] = [];
  let literal = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '}') fail(`A "}" without its "{" at character ${i + 1} of ${shown(source)}; braces only mark fields (${FIELD_HELP}).`);
    if (c !== '{') {
      literal += c;
      continue;
    }
    const end = source.indexOf('}', i + 1);
    const open = source.indexOf('{', i + 1);
    if (end === -1 || (open !== -1 && open < end)) fail(`A "{" without its "}" at character ${i + 1} of ${shown(source)}; braces only mark fields (${FIELD_HELP}).`);
    if (literal) parts.push({ type: 'literal', text: literal });
    literal = '';
    parts.push(parseField(source.slice(i + 1, end), source));
    i = end;
  }
  if (literal) parts.push({ type: 'literal', text: literal });

  const ids = parts.flatMap((p, i) => (p.type === 'id' ? [i] : []));
  if (ids.length === 0) {
    fail(`The template ${shown(source)} has no {id}: keys must hold the time-ordered ID to be listed by time (and to be unique).`);
  }
  if (ids.length > 1) {
    fail(`{id} appears ${ids.length} times in ${shown(source)}: a key holds its ID once, and only literal text may follow it (so the keys under a prefix sort by that one ID).`);
  }
  const at = ids[0]!;
  const after = parts.slice(at + 1).find((p) => p.type !== 'literal');
  if (after) {
    fail(`${label(after)} comes after {id} in ${shown(source)}: only literal text may follow {id}. Under one prefix keys sort by the ID's characters, so a field after it cannot narrow a listing, and with IDs of varying length (decimal snowflakes) its characters would sort among the ID's; nor does it spread writes, since stores split load by a key's leading characters. Put it before {id}.`);
  }
  const head = parts.slice(0, at);
  const hashes = head.filter((p) => p.type === 'hash');
  if (hashes.length > 1) fail(`The template ${shown(source)} has ${hashes.length} {hash:N} fields; one spreads the writes, a second only multiplies the listing requests.`);
  const dateFields = head.flatMap((p) => (p.type === 'date' ? [p.field] : []));
  const finest = DATE_FIELDS.filter((f) => dateFields.includes(f)).pop();
  const tail = parts.slice(at + 1).map((p) => (p as { text: string }).text).join('');
  return {
    source,
    head,
    tail,
    hashLength: hashes.length === 1 ? (hashes[0] as { length: number }).length : 0,
    ...(finest ? { dateUnit: finest } : {}),
    dateFields,
  };
}

/** The template as given, or parsed from text. */
export function keyTemplate(t: string | KeyTemplate): KeyTemplate {
  return typeof t === 'string' ? parseKeyTemplate(t) : t;
}

/** UTC year, month, day and hour of `ms`, zero-padded, for the date fields. */
export function dateFieldValues(ms: number): Record<DateField, string> {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) {
    throw new IdError('TIME_OUT_OF_RANGE', `{yyyy} is four digits, so dated keys need a time in the years 0000 to 9999; got ${formatIso(ms)}.`);
  }
  const two = (n: number) => String(n).padStart(2, '0');
  return { yyyy: String(year).padStart(4, '0'), mm: two(d.getUTCMonth() + 1), dd: two(d.getUTCDate()), hh: two(d.getUTCHours()) };
}

/** The text before the ID for one hash value and one time (the time only matters with date fields). */
export function renderHead(t: KeyTemplate, hash: string, ms: number | undefined): string {
  const dates = t.dateFields.length > 0 ? dateFieldValues(ms!) : undefined;
  let out = '';
  for (const p of t.head) {
    if (p.type === 'literal') out += p.text;
    else if (p.type === 'hash') out += hash;
    else if (p.type === 'date') out += dates![p.field];
  }
  return out;
}

/** First N lower-case hex digits of MD5 of the ID's text as it appears in the key. */
export function keyHash(id: string, length: number): string {
  return md5Hex(id).slice(0, length);
}

/** The key for an ID whose time is `ms` (the start of the ID's time unit, UTC). */
export function renderKey(t: KeyTemplate, id: string, ms: number): string {
  return renderHead(t, t.hashLength > 0 ? keyHash(id, t.hashLength) : '', ms) + id + t.tail;
}

/** UTF-8 length of `text`. */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Compares as S3, OSS, GCS and DynamoDB order keys: by UTF-8 bytes (= by code point). */
export function compareKeys(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}
