import { requireBytes, requireText, shown } from '../../args';
import { md5 } from '../../md5';
import { sha1 } from '../../sha1';
import { HEX_PAIRS as HEX_PAIRS_IMPORT, HEX_VALUES as HEX_VALUES_IMPORT, RandomPool, badCharMessage, readHex } from '../../bytes';
import { cryptoRandom, systemClock } from '../../random';
import { Timeline } from '../../timeline';
import { formatIso, timeForMessage } from '../../time';
import { IdError, type Clock, type RandomSource, type UuidVariant } from '../../types';
import { fill, put48 } from '../boundsText';

// Imported tables are aliased once: under per-file transpilation (tsx: tests, bench) every
// access to an imported binding is a getter call, which showed up as 3-4x in hot loops.
const HEX_VALUES = HEX_VALUES_IMPORT;
const HEX_PAIRS = HEX_PAIRS_IMPORT;

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
export const MAX_UUID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';
export const NAMESPACES = {
  dns: '6ba7b810-9dad-11d1-80b4-00c04fd430c8',
  url: '6ba7b811-9dad-11d1-80b4-00c04fd430c8',
  oid: '6ba7b812-9dad-11d1-80b4-00c04fd430c8',
  x500: '6ba7b814-9dad-11d1-80b4-00c04fd430c8',
} as const;

/** 1582-10-15 (Gregorian epoch of v1/v6) to 1970-01-01 in ms; the tick offset is this * 10^4. */
const GREGORIAN_OFFSET_MS = 12219292800000;
/** 2^60 - 1 ticks of 100 ns: the last v1/v6 time, 5236-03-31T21:21:00.684Z. */
export const UUID_V1_MIN_MS = -GREGORIAN_OFFSET_MS;
export const UUID_V1_MAX_MS = 103072857660684;
export const UUID_V7_MAX_MS = 2 ** 48 - 1;

function parseAt(text: string, start: number, dashed: boolean): Uint8Array {
  const out = new Uint8Array(16);
  let bad: number;
  if (dashed) {
    if (text.charCodeAt(start + 8) !== 45 || text.charCodeAt(start + 13) !== 45 ||
      text.charCodeAt(start + 18) !== 45 || text.charCodeAt(start + 23) !== 45) {
      const d = [8, 13, 18, 23].find((i) => text.charCodeAt(start + i) !== 45)!;
      throw new IdError('INVALID_CHARACTER', `A UUID needs '-' at position ${start + d + 1}; got '${text[start + d]}'. Expected 8-4-4-4-12 hex digits.`);
    }
    bad = readHex(text, start, out, 0, 4);
    if (bad < 0) bad = readHex(text, start + 9, out, 4, 2);
    if (bad < 0) bad = readHex(text, start + 14, out, 6, 2);
    if (bad < 0) bad = readHex(text, start + 19, out, 8, 2);
    if (bad < 0) bad = readHex(text, start + 24, out, 10, 6);
  } else {
    bad = readHex(text, start, out);
  }
  if (bad >= 0) throw new IdError('INVALID_CHARACTER', badCharMessage('A UUID', text, bad, 'hex digits 0-9, a-f (either case) and dashes'));
  return out;
}

/** Any case; 8-4-4-4-12, `{…}`, `urn:uuid:…` or 32 bare hex digits -> 16 bytes. */
export function parseUuid(text: string): Uint8Array {
  requireText(text, 'a UUID');
  switch (text.length) {
    case 0:
      throw new IdError('EMPTY', 'Expected a UUID, got an empty string.');
    case 36:
      return parseAt(text, 0, true);
    case 32:
      return parseAt(text, 0, false);
    case 38:
      if (text.charCodeAt(0) !== 123 || text.charCodeAt(37) !== 125) {
        throw new IdError('INVALID_CHARACTER', 'A 38-character UUID must be wrapped in braces: {xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx}.');
      }
      return parseAt(text, 1, true);
    case 45:
      if (text.slice(0, 9).toLowerCase() !== 'urn:uuid:') {
        throw new IdError('INVALID_CHARACTER', 'A 45-character UUID must start with urn:uuid:.');
      }
      return parseAt(text, 9, true);
    default:
      throw new IdError('INVALID_LENGTH', `A UUID has 36 characters (8-4-4-4-12 hex digits), 32 without dashes, 38 in braces or 45 as urn:uuid:; got ${text.length}.`);
  }
}

function hexRun(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || HEX_VALUES[c] === 255) return false;
  }
  return true;
}

function dashedAt(text: string, s: number): boolean {
  return text.charCodeAt(s + 8) === 45 && text.charCodeAt(s + 13) === 45 && text.charCodeAt(s + 18) === 45 &&
    text.charCodeAt(s + 23) === 45 && hexRun(text, s, s + 8) && hexRun(text, s + 9, s + 13) &&
    hexRun(text, s + 14, s + 18) && hexRun(text, s + 19, s + 23) && hexRun(text, s + 24, s + 36);
}

/** Every form `parseUuid` accepts, checked without throwing (validation sits on hot paths). */
export function isUuid(text: string): boolean {
  switch (text.length) {
    case 36: return dashedAt(text, 0);
    case 32: return hexRun(text, 0, 32);
    case 38: return text.charCodeAt(0) === 123 && text.charCodeAt(37) === 125 && dashedAt(text, 1);
    case 45: return text.slice(0, 9).toLowerCase() === 'urn:uuid:' && dashedAt(text, 9);
    default: return false;
  }
}

// Char codes written into one reused array and turned into a flat string in one call: 36
// concatenations would leave a rope of 20 pieces per UUID, which costs several times more
// once a 100,000-ID batch is stored and compared (measured).
const LOWER_HEX_CODES = Array.from('0123456789abcdef', (c) => c.charCodeAt(0));
const HEX_POS = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
const uuidCodes: number[] = new Array<number>(36).fill(45);

export function formatUuid(b: Uint8Array): string {
  requireBytes(b, 'a UUID', 16);
  if (b.length !== 16) throw new IdError('INVALID_LENGTH', `A UUID is 16 bytes; got ${b.length}.`);
  for (let i = 0; i < 16; i++) {
    const v = b[i]!;
    const p = HEX_POS[i]!;
    uuidCodes[p] = LOWER_HEX_CODES[v >>> 4]!;
    uuidCodes[p + 1] = LOWER_HEX_CODES[v & 15]!;
  }
  return String.fromCharCode.apply(null, uuidCodes);
}

export function uuidVersion(bytes: Uint8Array): number {
  return bytes[6]! >>> 4;
}

export function uuidVariant(bytes: Uint8Array): UuidVariant {
  const v = bytes[8]!;
  if (v < 0x80) return 'ncs';
  if (v < 0xc0) return 'rfc9562';
  if (v < 0xe0) return 'microsoft';
  return 'future';
}

export function special(bytes: Uint8Array): 'nil' | 'max' | undefined {
  let and = 0xff;
  let or = 0;
  for (let i = 0; i < 16; i++) {
    and &= bytes[i]!;
    or |= bytes[i]!;
  }
  return or === 0 ? 'nil' : and === 0xff ? 'max' : undefined;
}

/** v1/v6 time as (ms, 100 ns ticks within the ms) from the 60-bit tick count hi28 * 2^32 + lo32. */
export function ticksToMs(hi28: number, lo32: number): { ms: number; sub: number } {
  // 2^32 = 429496 * 10^4 + 7296: dividing piecewise stays exact without BigInt.
  const r = hi28 * 7296 + lo32;
  return { ms: hi28 * 429496 + Math.floor(r / 10000) - GREGORIAN_OFFSET_MS, sub: r % 10000 };
}

export function v1Ticks(b: Uint8Array): { hi28: number; lo32: number } {
  return {
    hi28: ((b[6]! & 0x0f) << 24) | (b[7]! << 16) | (b[4]! << 8) | b[5]!,
    lo32: ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0,
  };
}

export function v6Ticks(b: Uint8Array): { hi28: number; lo32: number } {
  const top32 = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
  return {
    hi28: top32 >>> 4,
    lo32: (((top32 & 0x0f) << 28) | (b[4]! << 20) | (b[5]! << 12) | ((b[6]! & 0x0f) << 8) | b[7]!) >>> 0,
  };
}

/** Writes 60-bit ticks (hi28 * 2^32 + lo32) in v1 layout, version nibble 1. */
function writeV1Ticks(b: Uint8Array, hi28: number, lo32: number): void {
  b[0] = lo32 >>> 24;
  b[1] = (lo32 >>> 16) & 0xff;
  b[2] = (lo32 >>> 8) & 0xff;
  b[3] = lo32 & 0xff;
  b[4] = (hi28 >>> 8) & 0xff;
  b[5] = hi28 & 0xff;
  b[6] = 0x10 | ((hi28 >>> 24) & 0x0f);
  b[7] = (hi28 >>> 16) & 0xff;
}

function writeV6Ticks(b: Uint8Array, hi28: number, lo32: number): void {
  b[0] = hi28 >>> 20;
  b[1] = (hi28 >>> 12) & 0xff;
  b[2] = (hi28 >>> 4) & 0xff;
  b[3] = ((hi28 & 0x0f) << 4) | (lo32 >>> 28);
  b[4] = (lo32 >>> 20) & 0xff;
  b[5] = (lo32 >>> 12) & 0xff;
  b[6] = 0x60 | ((lo32 >>> 8) & 0x0f);
  b[7] = lo32 & 0xff;
}

export function nodeText(b: Uint8Array): string {
  const h = HEX_PAIRS;
  return `${h[b[10]!]}:${h[b[11]!]}:${h[b[12]!]}:${h[b[13]!]}:${h[b[14]!]}:${h[b[15]!]}`;
}

function versionName(v: number): string {
  return v === 4 ? 'version 4 (random)' : `version ${v}`;
}

/** Lossless reshuffle of a v1 UUID's timestamp into v6 order; refuses other versions. */
export function v1ToV6(bytes: Uint8Array): Uint8Array {
  if (uuidVersion(bytes) !== 1 || uuidVariant(bytes) !== 'rfc9562') {
    throw new IdError('UNSUPPORTED_CONVERSION', `Only a version 1 UUID can become version 6; this one is ${versionName(uuidVersion(bytes))}${uuidVariant(bytes) === 'rfc9562' ? '' : ' and not of the RFC 9562 variant'}, so it holds no v1 timestamp to reorder.`);
  }
  const { hi28, lo32 } = v1Ticks(bytes);
  const out = bytes.slice();
  writeV6Ticks(out, hi28, lo32);
  return out;
}

export function v6ToV1(bytes: Uint8Array): Uint8Array {
  if (uuidVersion(bytes) !== 6 || uuidVariant(bytes) !== 'rfc9562') {
    throw new IdError('UNSUPPORTED_CONVERSION', `Only a version 6 UUID can become version 1; this one is ${versionName(uuidVersion(bytes))}${uuidVariant(bytes) === 'rfc9562' ? '' : ' and not of the RFC 9562 variant'}.`);
  }
  const { hi28, lo32 } = v6Ticks(bytes);
  const out = bytes.slice();
  writeV1Ticks(out, hi28, lo32);
  return out;
}

/** The namespace's 16 bytes: a name (own keys only: `constructor` is no namespace) or any UUID (RFC 9562 allows any as a namespace). */
export function resolveNamespace(ns: string): Uint8Array {
  const key = ns.toLowerCase();
  if (Object.hasOwn(NAMESPACES, key)) return parseUuid((NAMESPACES as Record<string, string>)[key]!);
  try {
    return parseUuid(ns);
  } catch {
    throw new IdError('INVALID_ARGUMENT', `The namespace must be dns, url, oid, x500 or a UUID; got ${shown(ns)}.`);
  }
}

/** A UTF-16 surrogate without its pair: text no UTF-8 encoding can hold. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A name-based UUID (RFC 9562 5.3 and 5.5): the hash of the namespace's bytes then the name's
 * UTF-8, cut to 16 bytes, with the version and variant bits set. A name with a lone surrogate is
 * refused: its UTF-8 would hold U+FFFD instead, the same UUID as another name.
 */
function nameBased(version: 3 | 5, hash: (bytes: Uint8Array) => Uint8Array, ns: string, name: string): string {
  requireText(ns, 'the namespace');
  requireText(name, 'the name');
  const nsBytes = resolveNamespace(ns);
  const lone = LONE_SURROGATE.exec(name);
  if (lone) throw new IdError('INVALID_ARGUMENT', `The name holds a lone UTF-16 surrogate (U+${lone[0].charCodeAt(0).toString(16).toUpperCase()} at index ${lone.index}), which UTF-8 cannot encode.`);
  const nameBytes = new TextEncoder().encode(name);
  const input = new Uint8Array(16 + nameBytes.length);
  input.set(nsBytes);
  input.set(nameBytes, 16);
  const b = hash(input).subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | (version << 4);
  b[8] = (b[8]! & 0x3f) | 0x80;
  return formatUuid(b);
}

/** Version 3: MD5 of namespace and name. */
export function uuidV3(ns: string, name: string): string {
  return nameBased(3, md5, ns, name);
}

/** Version 5: SHA-1 of namespace and name. */
export function uuidV5(ns: string, name: string): string {
  return nameBased(5, sha1, ns, name);
}

function checkRange(ms: number, min: number, max: number, what: string): void {
  if (!Number.isInteger(ms) || ms < min || ms > max) {
    throw new IdError('TIME_OUT_OF_RANGE', `${what} holds times from ${formatIso(min)} to ${formatIso(max)}; got ${timeForMessage(ms)}.`);
  }
}

/** The lowest or highest UUID v7 bytes at `ms` (bounds of UUID v7 and TypeID). */
export function v7Edge(ms: number, high: boolean): Uint8Array {
  checkRange(ms, 0, UUID_V7_MAX_MS, 'A version 7 UUID');
  const b = fill(new Uint8Array(16), 6, high);
  put48(b, ms);
  b[6] = 0x70 | (b[6]! & 0x0f);
  b[8] = 0x80 | (b[8]! & 0x3f);
  return b;
}

/**
 * MySQL `UUID_TO_BIN(u, 1)`: time_hi_and_version and time_mid move in front of time_low, so a
 * v1 UUID's stored bytes sort by time. `fromMysqlBin` is `BIN_TO_UUID(b, 1)`.
 */
export function toMysqlBin(uuidBytes: Uint8Array): Uint8Array {
  const b = uuidBytes;
  return Uint8Array.of(b[6]!, b[7]!, b[4]!, b[5]!, b[0]!, b[1]!, b[2]!, b[3]!, ...b.subarray(8, 16));
}

export function fromMysqlBin(bin: Uint8Array): Uint8Array {
  const b = bin;
  return Uint8Array.of(b[4]!, b[5]!, b[6]!, b[7]!, b[2]!, b[3]!, b[0]!, b[1]!, ...b.subarray(8, 16));
}

/** The last 100 ns tick a v1/v6 UUID holds is 2^60-1: in its last millisecond only these sub-ticks fit. */
const V1_MAX_SUB_AT_MAX_MS = 6975;

interface V7State { a: number; hi: number; lo: number }

/**
 * UUID generation with an injectable clock and randomness. v1/v6 count 100 ns ticks within a
 * millisecond and borrow the next millisecond when 10,000 are used up; v7 uses rand_a + rand_b
 * as a 74-bit counter within a millisecond that moves by a random step (RFC 9562 §6.2 method 2,
 * seeded with the top bit clear). Every millisecond used keeps its place (timeline.ts), so no call repeats an earlier
 * ID, whatever the order of now- and explicit-time requests, and explicit times never move the
 * clock of now-requests.
 */
export class UuidGenerator {
  private readonly clock: Clock;
  private readonly pool: RandomPool;
  private readonly node = new Uint8Array(8);
  /** v1/v6: the last sub-tick used in each millisecond. */
  private readonly v1Timeline = new Timeline<number>(1);
  private readonly v7Timeline = new Timeline<V7State>(1);
  private v7Ms = -1;
  private v7State: V7State = { a: 0, hi: 0, lo: 0 };
  private readonly scratch = new Uint8Array(16);

  constructor(opts: { clock?: Clock; random?: RandomSource } = {}) {
    this.clock = opts.clock ?? systemClock;
    this.pool = new RandomPool(opts.random ?? cryptoRandom, 4096);
    const at = this.pool.take(8);
    this.node.set(this.pool.buf.subarray(at, at + 8));
    // Random node with the multicast bit set (RFC 9562 §6.10): never a real MAC address.
    this.node[2] = this.node[2]! | 0x01;
    this.node[0] = 0x80 | (this.node[0]! & 0x3f); // clock_seq high with the RFC variant
  }

  private nextTicks(timeMs?: number): { hi28: number; lo32: number } {
    let ms = timeMs ?? this.clock();
    checkRange(ms, UUID_V1_MIN_MS, UUID_V1_MAX_MS, 'A version 1/6 UUID');
    const now = timeMs === undefined;
    if (now) ms = this.v1Timeline.nowUnit(ms);
    // A millisecond whose 10,000 ticks are used up lends the next one (which may itself be in use).
    ms = this.v1Timeline.open(ms);
    const sub = (this.v1Timeline.get(ms) ?? -1) + 1;
    if (ms > UUID_V1_MAX_MS || (ms === UUID_V1_MAX_MS && sub > V1_MAX_SUB_AT_MAX_MS)) {
      throw new IdError('MONOTONIC_OVERFLOW', 'The version 1/6 UUID ticks ran out at the last time such a UUID holds (2^60-1 ticks of 100 ns, 5236-03-31T21:21:00.684Z).');
    }
    this.v1Timeline.set(ms, sub);
    if (sub === 9999) this.v1Timeline.markFull(ms);
    if (now) this.v1Timeline.noteNow(ms);
    // ticks = (ms + offset) * 10^4 + sub, split as hi28 * 2^32 + lo32 with exact Number steps.
    const g = ms + GREGORIAN_OFFSET_MS;
    const a = Math.floor(g / 16777216);
    const low = (g - a * 16777216) * 10000 + sub;
    const lowHi = Math.floor(low / 16777216);
    const h = a * 10000 + lowHi;
    const hi28 = Math.floor(h / 256);
    const lo32 = ((h - hi28 * 256) * 16777216 + (low - lowHi * 16777216));
    return { hi28, lo32 };
  }

  private finishNodeAndSeq(b: Uint8Array): string {
    b[8] = this.node[0]!;
    b[9] = this.node[1]!;
    for (let i = 0; i < 6; i++) b[10 + i] = this.node[2 + i]!;
    return formatUuid(b);
  }

  v1(timeMs?: number): string {
    const { hi28, lo32 } = this.nextTicks(timeMs);
    writeV1Ticks(this.scratch, hi28, lo32);
    return this.finishNodeAndSeq(this.scratch);
  }

  v6(timeMs?: number): string {
    const { hi28, lo32 } = this.nextTicks(timeMs);
    writeV6Ticks(this.scratch, hi28, lo32);
    return this.finishNodeAndSeq(this.scratch);
  }

  v4(): string {
    const src = this.pool.buf;
    const at = this.pool.take(16);
    const b = this.scratch;
    for (let i = 0; i < 16; i++) b[i] = src[at + i]!;
    b[6] = 0x40 | (b[6]! & 0x0f);
    b[8] = 0x80 | (b[8]! & 0x3f);
    return formatUuid(b);
  }

  v7(timeMs?: number): string {
    return formatUuid(this.fillV7(timeMs));
  }

  /** The next v7 as bytes (a copy), for TypeIDs without a detour through text. */
  v7Bytes(timeMs?: number): Uint8Array {
    return this.fillV7(timeMs).slice();
  }

  /**
   * The next v7 of a millisecond: the 74-bit counter (rand_a, rand_b) moves up by a random step of
   * 1 to 2^40 (RFC 9562 §6.2, method 2), so one ID says next to nothing about its neighbours (a
   * step of 1 gave them away). Seeded with 2^73 of room, a millisecond still holds at least 2^33
   * IDs; past that the counter is left at its end, so every later call refuses too.
   */
  private stepV7(s: V7State, ms: number): void {
    const r = this.pool.buf;
    const at = this.pool.take(5);
    const stepHi = r[at]!; // bits 32..39 of the step - 1
    const stepLo = ((r[at + 1]! << 24) | (r[at + 2]! << 16) | (r[at + 3]! << 8) | r[at + 4]!) >>> 0;
    let lo = s.lo + stepLo + 1;
    let hi = s.hi + stepHi;
    if (lo >= 2 ** 32) {
      lo -= 2 ** 32;
      hi += 1;
    }
    let a = s.a;
    if (hi >= 2 ** 30) {
      hi -= 2 ** 30;
      a += 1;
    }
    if (a >= 4096) {
      s.a = 4095;
      s.hi = 2 ** 30 - 1;
      s.lo = 2 ** 32 - 1;
      throw new IdError('MONOTONIC_OVERFLOW', `The UUIDv7 counter ran out within millisecond ${ms}; wait for the next millisecond.`);
    }
    s.a = a;
    s.hi = hi;
    s.lo = lo;
  }

  private fillV7(timeMs?: number): Uint8Array {
    let ms = timeMs ?? this.clock();
    checkRange(ms, 0, UUID_V7_MAX_MS, 'A version 7 UUID');
    if (timeMs === undefined) {
      ms = this.v7Timeline.nowUnit(ms);
      this.v7Timeline.noteNow(ms);
    }
    let s = this.v7State;
    let fresh = false;
    if (ms !== this.v7Ms) {
      const kept = this.v7Timeline.get(ms);
      if (kept) {
        s = kept;
      } else {
        const r = this.pool.buf;
        const at = this.pool.take(10);
        s = {
          a: ((r[at]! & 0x07) << 8) | r[at + 1]!, // top bit clear: room to count
          hi: ((r[at + 2]! & 0x3f) << 24) | (r[at + 3]! << 16) | (r[at + 4]! << 8) | r[at + 5]!,
          lo: ((r[at + 6]! << 24) | (r[at + 7]! << 16) | (r[at + 8]! << 8) | r[at + 9]!) >>> 0,
        };
        this.v7Timeline.set(ms, s);
        fresh = true;
      }
      this.v7State = s;
      this.v7Ms = ms;
    }
    if (!fresh) this.stepV7(s, ms);
    const b = this.scratch;
    const top = Math.floor(ms / 2 ** 32);
    const bottom = ms - top * 2 ** 32;
    b[0] = top >>> 8;
    b[1] = top & 0xff;
    b[2] = bottom >>> 24;
    b[3] = (bottom >>> 16) & 0xff;
    b[4] = (bottom >>> 8) & 0xff;
    b[5] = bottom & 0xff;
    b[6] = 0x70 | (s.a >>> 8);
    b[7] = s.a & 0xff;
    b[8] = 0x80 | (s.hi >>> 24);
    b[9] = (s.hi >>> 16) & 0xff;
    b[10] = (s.hi >>> 8) & 0xff;
    b[11] = s.hi & 0xff;
    b[12] = s.lo >>> 24;
    b[13] = (s.lo >>> 16) & 0xff;
    b[14] = (s.lo >>> 8) & 0xff;
    b[15] = s.lo & 0xff;
    return b;
  }
}
