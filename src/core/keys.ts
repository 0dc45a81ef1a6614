import { optionsOf, requireNumber, requireText, shown } from './args';
import { md5Hex } from './md5';
import { IdError } from './types';

// Object-key partitioning (S3 / OSS naming guide): keys that start with a timestamp or a counter
// all land on one index partition. Two rewrites spread them: a short hash prefix of a stable
// segment, or the millisecond timestamp written backwards. Both give up listing by time prefix.

/** A segment that only says when: `2017`, `11`, `2017-11-11`, `20171111`, `2017-11-11T10:00Z`,
 *  Hive-style `dt=2017-11-11`, or a bare unix time. Hashing one of these would not spread load
 *  across customers, so the default hash segment skips them. */
const DATE_SEGMENT =
  /^(?:[a-z_]+=)?(?:\d{1,14}|\d{4}-\d{2}(?:-\d{2})?(?:[T _]\d{2}(?::?\d{2}(?::?\d{2}(?:\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?)?)$/i;

export function isDateSegment(segment: string): boolean {
  return DATE_SEGMENT.test(segment);
}

/** Index of the segment to hash by default: the first non-empty, non-date one (else the first
 *  non-empty one); -1 when the key has no non-empty segment. */
export function defaultHashSegment(key: string): number {
  const segments = key.split('/');
  const nonDate = segments.findIndex((s) => s !== '' && !isDateSegment(s));
  return nonDate !== -1 ? nonDate : segments.findIndex((s) => s !== '');
}

export interface HashPrefixResult {
  key: string;
  /** The hex chars put in front, without the `/`. */
  prefix: string;
  segmentIndex: number;
  segment: string;
}

/** `2017-11-11/customer-1/file1` -> `<md5(customer-1)[0:length]>/2017-11-11/customer-1/file1`. */
export function hashPrefixKey(key: string, opts: { segment?: number; length?: number } = {}): HashPrefixResult {
  requireText(key, 'the object key');
  opts = optionsOf(opts, 'the options');
  const length = opts.length ?? 4;
  if (!Number.isInteger(length) || length < 1 || length > 32) {
    throw new IdError('INVALID_ARGUMENT', `Hash prefix length must be a whole number from 1 to 32 hex chars, got ${shown(length)}.`);
  }
  if (!key.includes('/')) {
    throw new IdError('INVALID_ARGUMENT', `"${key}" is not a key path: expected segments separated by "/".`);
  }
  const segments = key.split('/');
  const segmentIndex = opts.segment ?? defaultHashSegment(key);
  const segment = segments[segmentIndex];
  if (segment === undefined || segment === '' || !Number.isInteger(segmentIndex)) {
    throw new IdError('INVALID_ARGUMENT', `Key "${key}" has no non-empty segment ${segmentIndex} to hash (it has ${segments.length} segments, counted from 0).`);
  }
  const prefix = md5Hex(segment).slice(0, length);
  const rest = key.startsWith('/') ? key.slice(1) : key;
  return { key: `${prefix}/${rest}`, prefix, segmentIndex, segment };
}

/** A 13-digit run standing on its own: unix milliseconds from 2001-09-09 to 2286-11-20. A letter
 *  or digit next to it makes it part of a longer token (an MD5 that opens with 13 digits, a
 *  base62 ID), which reversing would corrupt; separators such as `/ - _ . = ;` do not. */
const MS_TIMESTAMP = /(?<![0-9A-Za-z])\d{13}(?![0-9A-Za-z])/g;

export interface TimestampMatch {
  start: number;
  end: number;
  text: string;
}

/** Every millisecond timestamp in `key`, in order. */
export function findMsTimestamps(key: string): TimestampMatch[] {
  return [...key.matchAll(MS_TIMESTAMP)].map((m) => ({ start: m.index, end: m.index + m[0].length, text: m[0] }));
}

/** Writes one millisecond timestamp of `key` backwards (`1513160001245` -> `5421000613151`), so
 *  the fast-changing last digits lead. Its own inverse: applying it twice gives the key back. */
export function reverseMsTimestamp(key: string, index = 0): { key: string; from: string; to: string } {
  requireText(key, 'the object key');
  requireNumber(index, 'the timestamp index');
  const found = findMsTimestamps(key);
  const match = found[index];
  if (!match) {
    throw new IdError(
      'INVALID_ARGUMENT',
      found.length === 0
        ? `"${key}" holds no millisecond timestamp (13 digits, such as 1513160001245).`
        : `"${key}" holds ${found.length} millisecond timestamp(s); there is none at index ${index}.`,
    );
  }
  const to = [...match.text].reverse().join('');
  return { key: key.slice(0, match.start) + to + key.slice(match.end), from: match.text, to };
}
