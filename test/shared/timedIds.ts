import { encodeKsuid, encodeObjectId, encodeScru128, encodeTid, encodeTsid, encodeTypeId, encodeUlid, encodeXid, formatUuid, KSUID_EPOCH_S, SNOWFLAKE_PRESETS, TSID_EPOCH_MS, type BoundsKind } from '../../src/core';

// IDs of every time-ordered kind made at a chosen millisecond, built from their bytes with the
// codecs' encoders (not with bounds or a generator), so tests of bounds and of key listings
// have a ground truth that does not come from the code under test. 'lo' and 'hi' give the
// lowest and highest ID of that time unit: the IDs that sit exactly on a window's edges.

export function prng(s: number): () => number {
  // mulberry32: a reproducible spread of times and random bits for the printed seed.
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const TWITTER = SNOWFLAKE_PRESETS.twitter.epochMs;

export type Mode = 'lo' | 'hi' | 'rand';

export interface KindCase {
  kind: BoundsKind;
  opts?: { epoch?: string; prefix?: string };
  unitMs: number;
  make(ms: number, mode: Mode): string;
}

/** One maker per kind `bounds` handles; `rand` draws the random parts. */
export function timedIdCases(rand: () => number): KindCase[] {
  /** Random bytes, or all 0x00 / all 0xff to sit exactly on a bound. */
  function tail(n: number, mode: Mode): number[] {
    return Array.from({ length: n }, () => (mode === 'lo' ? 0 : mode === 'hi' ? 255 : Math.floor(rand() * 256)));
  }

  function ms48(ms: number): number[] {
    const out: number[] = [];
    for (let i = 5, v = ms; i >= 0; i--, v = Math.floor(v / 256)) out[i] = v % 256;
    return out;
  }

  return [
    { kind: 'ulid', unitMs: 1, make: (ms, m) => encodeUlid(Uint8Array.from([...ms48(ms), ...tail(10, m)])) },
    {
      kind: 'uuidv7', unitMs: 1, make: (ms, m) => {
        const b = Uint8Array.from([...ms48(ms), ...tail(10, m)]);
        b[6] = 0x70 | (b[6]! & 0x0f);
        b[8] = 0x80 | (b[8]! & 0x3f);
        return formatUuid(b);
      },
    },
    {
      kind: 'snowflake', opts: { epoch: 'twitter' }, unitMs: 1, make: (ms, m) => {
        const low = m === 'lo' ? 0n : m === 'hi' ? (1n << 22n) - 1n : BigInt(Math.floor(rand() * 2 ** 22));
        return ((BigInt(ms - TWITTER) << 22n) | low).toString();
      },
    },
    {
      kind: 'objectid', unitMs: 1000, make: (ms, m) => {
        const s = Math.floor(ms / 1000);
        return encodeObjectId(Uint8Array.from([s >>> 24, (s >>> 16) & 255, (s >>> 8) & 255, s & 255, ...tail(8, m)]));
      },
    },
    {
      kind: 'typeid', opts: { prefix: 'evt' }, unitMs: 1, make: (ms, m) => {
        const b = Uint8Array.from([...ms48(ms), ...tail(10, m)]);
        b[6] = 0x70 | (b[6]! & 0x0f);
        b[8] = 0x80 | (b[8]! & 0x3f);
        return encodeTypeId('evt', b);
      },
    },
    {
      kind: 'ksuid', unitMs: 1000, make: (ms, m) => {
        const s = Math.floor(ms / 1000) - KSUID_EPOCH_S;
        return encodeKsuid(Uint8Array.from([s >>> 24, (s >>> 16) & 255, (s >>> 8) & 255, s & 255, ...tail(16, m)]));
      },
    },
    {
      kind: 'tsid', unitMs: 1, make: (ms, m) => {
        // 42 bits of ms since 2020, then 22 low bits: as 8 bytes, time in the top.
        const t = BigInt(ms - TSID_EPOCH_MS) << 22n;
        const low = m === 'lo' ? 0n : m === 'hi' ? (1n << 22n) - 1n : BigInt(Math.floor(rand() * 2 ** 22));
        const v = t | low;
        return encodeTsid(Uint8Array.from({ length: 8 }, (_, i) => Number((v >> BigInt(56 - 8 * i)) & 255n)));
      },
    },
    {
      kind: 'xid', unitMs: 1000, make: (ms, m) => {
        const s = Math.floor(ms / 1000);
        return encodeXid(Uint8Array.from([s >>> 24, (s >>> 16) & 255, (s >>> 8) & 255, s & 255, ...tail(8, m)]));
      },
    },
    {
      kind: 'tid', unitMs: 1, make: (ms, m) => {
        const us = ms * 1000 + (m === 'lo' ? 0 : m === 'hi' ? 999 : Math.floor(rand() * 1000));
        return encodeTid(us, m === 'lo' ? 0 : m === 'hi' ? 1023 : Math.floor(rand() * 1024));
      },
    },
    { kind: 'scru128', unitMs: 1, make: (ms, m) => encodeScru128(Uint8Array.from([...ms48(ms), ...tail(10, m)])) },
  ];
}
