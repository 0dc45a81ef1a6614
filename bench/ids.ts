// Deterministic, valid IDs of every kind for the benchmark inputs and the scanner corpus. A
// seeded PRNG (never used for real IDs) makes every run see the same inputs; both our core and
// the peer libraries are timed on exactly these strings.
import { core } from './core';

const { encodeKsuid, encodeObjectId, encodeScru128, encodeTid, encodeTsid, encodeTypeId, encodeUlid, encodeXid, formatUuid } = core;

/** mulberry32: tiny and seedable, good enough to vary benchmark inputs. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random bytes with a big-endian `time` written into the first `timeBytes`. */
function bytesWithTime(rand: () => number, length: number, time: number, timeBytes: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = Math.floor(rand() * 256);
  for (let i = timeBytes - 1, t = time; i >= 0; i--, t = Math.floor(t / 256)) bytes[i] = t % 256;
  return bytes;
}

function uuidBytes(rand: () => number, version: 4 | 7, ms: number): Uint8Array {
  const bytes = bytesWithTime(rand, 16, version === 7 ? ms : 0, version === 7 ? 6 : 0);
  bytes[6] = (version << 4) | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  return bytes;
}

export const DISCORD_EPOCH_MS = 1420070400000;

/** The formats the benchmark makes inputs for (the first seven; new formats add a case). */
export type BenchIdKind = 'ulid' | 'uuid' | 'snowflake' | 'ksuid' | 'objectid' | 'typeid' | 'uuidv4' | 'tsid' | 'xid' | 'tid' | 'scru128';

/** One valid ID of `kind` created at a plausible time between 2016 and 2025. */
export function makeId(kind: BenchIdKind, rand: () => number): string {
  const ms = 1451606400000 + Math.floor(rand() * 3e11);
  switch (kind) {
    case 'ulid': return encodeUlid(bytesWithTime(rand, 16, ms, 6));
    case 'uuid': return formatUuid(uuidBytes(rand, 7, ms));
    case 'uuidv4': return formatUuid(uuidBytes(rand, 4, ms));
    case 'ksuid': return encodeKsuid(bytesWithTime(rand, 20, Math.floor(ms / 1000) - 1400000000, 4));
    case 'objectid': return encodeObjectId(bytesWithTime(rand, 12, Math.floor(ms / 1000), 4));
    case 'typeid': return encodeTypeId('user', uuidBytes(rand, 7, ms));
    case 'tsid': {
      const b = bytesWithTime(rand, 8, 0, 0);
      const t = ms - 1577836800000; // 42 bits of ms since 2020, then 22 random bits
      const hi = Math.floor(t / 1024), lo = ((t % 1024) * 2 ** 22 + (((b[5]! & 63) << 16) | (b[6]! << 8) | b[7]!)) >>> 0;
      return encodeTsid(Uint8Array.of(hi >>> 24, (hi >>> 16) & 255, (hi >>> 8) & 255, hi & 255, lo >>> 24, (lo >>> 16) & 255, (lo >>> 8) & 255, lo & 255));
    }
    case 'xid': return encodeXid(bytesWithTime(rand, 12, Math.floor(ms / 1000), 4));
    case 'tid': return encodeTid(ms * 1000 + Math.floor(rand() * 1000), Math.floor(rand() * 1024));
    case 'scru128': return encodeScru128(bytesWithTime(rand, 16, ms, 6));
    case 'snowflake': {
      const lowFields = BigInt(Math.floor(rand() * 2 ** 22));
      return ((BigInt(ms - DISCORD_EPOCH_MS) << 22n) | lowFields).toString();
    }
  }
}

/** A power-of-two count, so benchmark loops index with `i & (n - 1)`. */
export const INPUTS = 1024;

export function makeIds(kind: BenchIdKind, seed: number, n = INPUTS): string[] {
  const rand = seededRandom(seed);
  return Array.from({ length: n }, () => makeId(kind, rand));
}

/** Every fourth input made invalid (one character replaced, or one dropped), for validators. */
export function withInvalid(ids: readonly string[], seed: number): string[] {
  const rand = seededRandom(seed);
  return ids.map((id, i) => {
    if (i % 4 !== 3) return id;
    const at = Math.floor(rand() * id.length);
    return rand() < 0.5 ? id.slice(0, at) + '!' + id.slice(at + 1) : id.slice(0, at) + id.slice(at + 1);
  });
}
