// Inputs for the issue 12 rows (CUID, Firebase push ID, X-Ray, traceparent): deterministic and
// valid, made at plausible times (2016-2025) from the same seeded PRNG as ids.ts. The reference
// libraries of CUID, push IDs and X-Ray only generate, so their decode rows are timed beside the
// hand-written decode their users write (slice + parseInt / indexOf), which validates nothing.
import { core } from './core';
import { INPUTS, seededRandom } from './ids';

const B36 = '0123456789abcdefghijklmnopqrstuvwxyz';
export const PUSH = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
const HEX = '0123456789abcdef';

function chars(rand: () => number, alphabet: string, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(rand() * alphabet.length)];
  return s;
}

const plausibleMs = (rand: () => number) => 1451606400000 + Math.floor(rand() * 3e11);

export function makeTextIds(kind: 'cuid' | 'pushid' | 'xray' | 'traceparent', seed: number, n = INPUTS): string[] {
  const rand = seededRandom(seed);
  return Array.from({ length: n }, () => {
    const ms = plausibleMs(rand);
    switch (kind) {
      case 'cuid': return 'c' + ms.toString(36) + chars(rand, B36, 16);
      case 'pushid': {
        let head = '';
        for (let i = 0, t = ms; i < 8; i++, t = Math.floor(t / 64)) head = PUSH[t % 64] + head;
        return head + chars(rand, PUSH, 12);
      }
      case 'xray': return `1-${Math.floor(ms / 1000).toString(16)}-${chars(rand, HEX, 24)}`;
      case 'traceparent': return `00-${chars(rand, HEX, 32)}-${chars(rand, HEX, 16)}-01`;
    }
  });
}

/** A push ID's time the way the Firebase gist's readers decode it: indexOf per char. */
export function handPushIdTime(id: string): number {
  let ms = 0;
  for (let i = 0; i < 8; i++) ms = ms * 64 + PUSH.indexOf(id.charAt(i));
  return ms;
}

const CUID_SHAPE = /^c[0-9a-z]{24}$/;
const XRAY_SHAPE = /^1-[0-9a-fA-F]{8}-[0-9a-fA-F]{24}$/;

/**
 * A CUID's time the way a user who checks the ID first writes it: the whole shape (what ours
 * accepts: lower-case base36), then the time. Throws on a broken ID, as ours does.
 */
export function handCuidTime(id: string): number {
  if (!CUID_SHAPE.test(id)) throw new Error(`not a CUID: ${id}`);
  return parseInt(id.slice(1, 9), 36);
}

/** An X-Ray trace ID's time, the whole ID checked first (hex in either case, as ours reads it). */
export function handXrayTime(id: string): number {
  if (!XRAY_SHAPE.test(id)) throw new Error(`not an X-Ray trace ID: ${id}`);
  return parseInt(id.slice(2, 10), 16) * 1000;
}

export const { decodeCuid, decodePushId, decodeXray, decodeTraceparent, cuid2 } = core;
