import { requireText } from '../args';
import { RandomPool } from '../bytes';
import { cryptoRandom, systemClock } from '../random';
import { Timeline, repeat } from '../timeline';
import { IdError, type Clock, type FieldValue, type RandomSource } from '../types';
import { Id, failed, judged, orThrow } from './decoded';
import type { DecodedId, FormatModule, Run, ScanContext, ScanHit, ScanRule } from './types';

// Firebase Realtime Database push IDs (`push()`, `childByAutoId`): 20 characters of
// `-0-9A-Z_a-z`, whose ASCII order is the digit order (`-` = 0 … `z` = 63). The first 8 are the
// creation time in ms (48 bits, most significant first), the last 12 are random (incremented by
// one instead when two IDs share a millisecond). Until 2109 the first character is `-`.

export const PUSH_CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
const VALUES: Int8Array = (() => {
  const t = new Int8Array(128).fill(-1);
  for (let i = 0; i < 64; i++) t[PUSH_CHARS.charCodeAt(i)] = i;
  return t;
})();

/** Firebase was launched in 2012; earlier times are not plausible. */
const PUSHID_FROM = Date.UTC(2012, 0, 1);
const DASH = 45, SLASH = 47;
const LABEL = /(?:push_?id|pushkey|firebase\w*|key|ref|child)["'`]?\s*[:=(]?\s*["'`]?$/i;
const SHAPE = /^[-0-9A-Za-z_]{20}$/;
const DIGITS = /^\d+$/;

function valueAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c < 128 ? VALUES[c]! : -1;
}

/** The 48-bit time of the first 8 chars (already checked). */
function timeOf(text: string, from: number): number {
  let ms = 0;
  for (let i = from; i < from + 8; i++) ms = ms * 64 + VALUES[text.charCodeAt(i)]!;
  return ms;
}

/** The random part is sliced when read. */
class PushId extends Id {
  protected override makeFields(): Record<string, FieldValue> {
    return { random: this.input.slice(8) };
  }
}

function problem(text: string): IdError {
  if (text.length !== 20) return new IdError('INVALID_LENGTH', `A Firebase push ID has 20 characters; got ${text.length}.`);
  let i = 0;
  while (i < 20 && valueAt(text, i) >= 0) i++;
  return new IdError('INVALID_CHARACTER', `A Firebase push ID is written in - 0-9 A-Z _ a-z; '${text[i]}' at position ${i + 1} is not.`);
}

/** One pass validates and reads the 48-bit time of the first 8 chars. */
function read(text: string): Id {
  if (text.length === 20) {
    let ms = 0, i = 0;
    for (; i < 20; i++) {
      const c = text.charCodeAt(i);
      const v = c < 128 ? VALUES[c]! : -1;
      if (v < 0) break;
      if (i < 8) ms = ms * 64 + v;
    }
    if (i === 20) {
      const id = new PushId(pushid, text, true, undefined);
      id.unixMs = ms;
      return id;
    }
  }
  return failed(pushid, text, problem(text));
}

export function decodePushId(text: string): DecodedId {
  requireText(text, 'a Firebase push ID');
  return orThrow(read(text));
}

function isPushChar(text: string, i: number): boolean {
  return i >= 0 && i < text.length && valueAt(text, i) >= 0;
}

/**
 * The scanner splits text at `-`, so a push ID's leading `-` stands just before a run. This
 * rule sees the runs that follow a `-` (`prev`): it reads 20 push chars from that `-` when nothing of
 * the alphabet stands on either side, and keeps them only with a time from 2012 to now + 10
 * years (the second char is then one of H…T), both cases among the 12 random chars (missing one
 * of them has odds of 1 in 250), and a digit anywhere in the ID or a label/path before it
 * (`key: "`, `pushId = '`, `/messages/`); never inside base64.
 */
function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const text = ctx.text;
  // The second char of a push ID from 2012 to 2109 is an upper-case letter (H for 2012).
  const second = text.charCodeAt(run.start);
  if (second < 65 || second > 90) return undefined;
  const s = run.start - 1;
  if (text.charCodeAt(s) !== DASH || isPushChar(text, s - 1)) return undefined;
  const e = s + 20;
  if (e > text.length || isPushChar(text, e)) return undefined;
  let upper = false, lower = false, digit = false;
  for (let i = s + 1; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || VALUES[c]! < 0) return undefined;
    if (c >= 48 && c <= 57) digit = true;
    else if (i >= s + 8) {
      if (c >= 65 && c <= 90) upper = true;
      else if (c >= 97 && c <= 122) lower = true;
    }
  }
  if (!upper || !lower) return undefined;
  const ms = timeOf(text, s);
  if (!ctx.plausibleMs(ms, PUSHID_FROM)) return undefined;
  if (!digit && text.charCodeAt(s - 1) !== SLASH && !ctx.labelled(s, LABEL)) return undefined;
  if (ctx.inBase64(s, e)) return undefined;
  return { start: s, end: e, decoded: read(text.slice(s, e)) };
}

const PUSH_CODES = Array.from(PUSH_CHARS, (c) => c.charCodeAt(0));
const MAX_MS = 2 ** 48 - 1;

/**
 * Push IDs as Firebase's clients make them: 8 chars of milliseconds, then 12 random chars that
 * count up by one when IDs share a millisecond (a millisecond whose 72 bits run out lends the
 * next). Every millisecond used keeps its last random part (see ../timeline.ts), so no two IDs are
 * equal and IDs made "now" ascend across calls.
 */
export class PushIdGenerator {
  private readonly clock: Clock;
  private readonly pool: RandomPool;
  /** The 12 random digits (0-63) last used in each millisecond. */
  private readonly timeline = new Timeline<number[]>(1);
  private readonly codes = new Array<number>(20);

  constructor(opts: { clock?: Clock; random?: RandomSource } = {}) {
    this.clock = opts.clock ?? systemClock;
    this.pool = new RandomPool(opts.random ?? cryptoRandom, 1200);
  }

  next(timeMs?: number): string {
    let t = timeMs ?? this.clock();
    if (!Number.isInteger(t) || t < 0 || t > MAX_MS) {
      throw new IdError('TIME_OUT_OF_RANGE', `A Firebase push ID holds times from 1970-01-01T00:00:00.000Z to +010889-08-02T05:31:50.655Z; got ${t}.`);
    }
    const now = timeMs === undefined;
    if (now) t = this.timeline.nowUnit(t);
    let digits: number[];
    for (;;) {
      const last = this.timeline.get(t);
      if (last === undefined) {
        const b = this.pool.buf, at = this.pool.take(12);
        // The first random digit below 32 leaves room to count (Firebase draws it whole).
        digits = Array.from({ length: 12 }, (_, i) => b[at + i]! & (i === 0 ? 31 : 63));
        break;
      }
      let i = 11;
      while (i >= 0 && last[i] === 63) i--;
      if (i >= 0) {
        digits = last.slice();
        digits[i]!++;
        for (let j = i + 1; j < 12; j++) digits[j] = 0;
        break;
      }
      if (++t > MAX_MS) throw new IdError('MONOTONIC_OVERFLOW', 'The push ID random part ran out in the last millisecond a push ID can hold.');
    }
    this.timeline.set(t, digits);
    if (now) this.timeline.noteNow(t);
    const c = this.codes;
    for (let i = 7, v = t; i >= 0; i--, v = Math.floor(v / 64)) c[i] = PUSH_CODES[v % 64]!;
    for (let i = 0; i < 12; i++) c[8 + i] = PUSH_CODES[digits[i]!]!;
    return String.fromCharCode.apply(null, c);
  }

  batch(n: number, timeMs?: number): string[] {
    return repeat(n, () => this.next(timeMs));
  }
}

/** Runs of 1-19 chars (`_` included) right after a `-`, starting upper case (the second char of a push ID from 2012 to 2109; `find` refuses the rest). */
const RULE: ScanRule = { prev: '-', runLengths: Array.from({ length: 19 }, (_, i) => i + 1), first: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', find };

export const pushid: FormatModule = {
  id: 'pushid',
  label: 'Firebase push ID',
  shapes: [{
    length: 20, case: 'significant',
    // Any 20 push characters: a push ID made after 2109 (or at its time extremes) starts with
    // another character than `-`; such readings are marked implausible, not refused.
    // Twenty digits stay a number (a snowflake), as for the other shapes of digits and letters.
    description: 'Firebase push IDs (20 chars of - 0-9 A-Z _ a-z)', test: (t) => SHAPE.test(t) && !DIGITS.test(t),
  }],
  scan: [RULE],
  decode: (text, opts) => judged(read(text), PUSHID_FROM, opts?.now),
  representations: [],
  generators: [{
    kind: 'pushid', label: 'Firebase push ID', detail: 'time-ordered, ms + 72 random bits, 20 chars', hasTime: true, ascending: true, options: [],
    create: (env) => {
      const g = new PushIdGenerator(env);
      return { generate: (n, o) => g.batch(n, o.timeMs) };
    },
  }],
  time: { minMs: 0, maxMs: 2 ** 48 - 1, resolutionMs: 1, plausibleFromMs: PUSHID_FROM },
  notApplicable: {
    convert: 'A push ID is text (8 time characters and 12 random ones), not a binary value: no other format holds it.',
    bounds: 'No range-query support yet: push IDs sort by time, but their bounds are not computed.',
  },
  // No label: `push_id` as often names a push notification; push IDs are found by their shape.
  check: { timeOrdered: true },
};
