import { keyBefore } from './snowflake/context';

// Keys whose values are digests or random trace ids: `"md5": "1c383cd3…"`, `etag`, `checksum`,
// `trace_id`, `dd.span_id`. Their values have the shapes of IDs (32 hex digits spell a UUID when
// two of them happen to fit, 1 in 11 MD5s; a random 63-bit decimal reads as a snowflake of some
// layout) but are none: no time is in them, and a "UUID dated 3760" there is a false alarm.
// The scanner (bare hex UUIDs, snowflakes) and the fixture check read them through this.

/** The last word of a key that names a digest, a signature or a checksum. */
const DIGEST_WORDS = new Set([
  'md5', 'md4', 'sha', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'sha3', 'blake2', 'blake2b', 'blake3', 'xxhash', 'xxh64', 'xxh3',
  'murmur', 'murmur3', 'crc', 'crc32', 'crc64', 'cksum', 'checksum', 'hash', 'digest', 'etag', 'fingerprint', 'hmac', 'signature', 'sig',
  'integrity', 'simhash', 'minhash',
]);
/** A word before `id` that names a random trace or span id (`trace_id`, `parentSpanId`, `dd.trace_id`). */
const TRACE_WORDS = new Set(['trace', 'span']);

const known = new Map<string, boolean>();

/** Whether `key` names a digest, a checksum or a trace/span id: its value is no ID with a time. */
export function isDigestKey(key: string): boolean {
  let yes = known.get(key);
  if (yes === undefined) {
    // A file repeats a handful of keys: each is split into words once.
    const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[\s_.$-]+/).filter((w) => w !== '');
    const last = words[words.length - 1] ?? '';
    yes = key.length <= 64 && (DIGEST_WORDS.has(last) || ((last === 'id' || last === 'ids') && TRACE_WORDS.has(words[words.length - 2] ?? ''))
      || last === 'traceid' || last === 'spanid');
    if (known.size >= 4096) known.clear();
    known.set(key, yes);
  }
  return yes;
}

/** Whether the value at `start` of `text` sits under a key `isDigestKey` names (`md5: 1c38…`, `trace_id=…`). */
export function digestKeyBefore(text: string, start: number): boolean {
  const key = keyBefore(text, start, false);
  return key !== undefined && isDigestKey(key);
}
