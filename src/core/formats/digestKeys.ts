import { keyRangeBefore, type KeyRange } from './snowflake/context';

// Keys whose values are digests, secrets or random trace ids: `"md5": "1c383cd3…"`, `etag`,
// `checksum`, `api_key`, `trace_id`, `dd.span_id`, `x-datadog-parent-id`. Their values have the shapes of IDs (32 hex digits spell a UUID when
// two of them happen to fit, 1 in 11 MD5s; a random 63-bit decimal reads as a snowflake of some
// layout) but are none: no time is in them, and a "UUID dated 3760" there is a false alarm.
// The scanner (bare hex UUIDs, snowflakes) and the fixture check read them through this.

/** The last word of a key that names a digest, a signature or a checksum. */
const DIGEST_WORDS = new Set([
  'md5', 'md4', 'sha', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'sha3', 'blake2', 'blake2b', 'blake3', 'xxhash', 'xxh64', 'xxh3',
  'murmur', 'murmur3', 'crc', 'crc32', 'crc64', 'cksum', 'checksum', 'hash', 'digest', 'etag', 'fingerprint', 'hmac', 'signature', 'sig',
  'integrity', 'simhash', 'minhash',
  // Secrets: random by design (`api_key` is the two words, below).
  'secret', 'nonce', 'salt', 'token', 'password', 'passwd', 'apikey',
]);
/** A word before `id` that names a random trace or span id (`trace_id`, `parentSpanId`, `dd.trace_id`). */
const TRACE_WORDS = new Set(['trace', 'span']);
/** Tracing headers and fields whose every id is random: Datadog's (`x-datadog-parent-id`), Zipkin's B3 (`x-b3-parentspanid`). */
const TRACER_WORDS = new Set(['datadog', 'b3']);

const known = new Map<string, boolean>();

/** Whether `key` names a digest, a checksum or a trace/span id: its value is no ID with a time. */
export function isDigestKey(key: string): boolean {
  let yes = known.get(key);
  if (yes === undefined) {
    // A file repeats a handful of keys: each is split into words once.
    const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[\s_.$-]+/).filter((w) => w !== '');
    const last = words[words.length - 1] ?? '';
    const before = words[words.length - 2] ?? '';
    yes = key.length <= 64 && (DIGEST_WORDS.has(last) || ((last === 'id' || last === 'ids') && TRACE_WORDS.has(before))
      || last === 'traceid' || last === 'spanid' || last === 'parentspanid' || (last === 'key' && before === 'api')
      || (/^(?:id|ids|traceid|spanid|parentspanid)$/.test(last) && words.some((w) => TRACER_WORDS.has(w))));
    if (known.size >= 4096) known.clear();
    known.set(key, yes);
  }
  return yes;
}

const range: KeyRange = { start: 0, end: 0 };
/** Keys asked about lately and their answers, at a slot by the key's hash: compared where they stand in the text. */
const SLOTS = 64;
const slotKeys: (string | undefined)[] = new Array<string | undefined>(SLOTS).fill(undefined);
const slotAnswers: boolean[] = new Array<boolean>(SLOTS).fill(false);

/**
 * Whether the value at `start` of `text` sits under a key `isDigestKey` names (`md5: 1c38…`,
 * `trace_id=…`). Asked for nearly every ID a log holds: the key is looked up where it stands,
 * with no copy of it made (a copy and a lookup per ID were 6 % of a scan's time).
 */
export function digestKeyBefore(text: string, start: number): boolean {
  if (!keyRangeBefore(text, start, false, range)) return false;
  const from = range.start, to = range.end;
  let h = 0x811c9dc5 | 0;
  for (let i = from; i < to; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  const slot = (h ^ (h >>> 11)) & (SLOTS - 1);
  const key = slotKeys[slot];
  if (key !== undefined && key.length === to - from && text.startsWith(key, from)) return slotAnswers[slot]!;
  const copy = text.slice(from, to);
  const yes = isDigestKey(copy);
  slotKeys[slot] = copy;
  slotAnswers[slot] = yes;
  return yes;
}
