import { requireText } from '../args';
import { IdError, type FieldValue } from '../types';
import { Id, failed, orThrow } from './decoded';
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
const SHAPE = /^-[-0-9A-Za-z_]{19}$/;

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

/** Runs of 1-19 chars (`_` included) right after a `-`. */
const RULE: ScanRule = { prev: '-', runLengths: Array.from({ length: 19 }, (_, i) => i + 1), find };

export const pushid: FormatModule = {
  id: 'pushid',
  label: 'Firebase push ID',
  shapes: [{
    length: 20, alphabet: 'base64url', case: 'significant',
    description: 'Firebase push IDs (-…, 20 chars)', test: (t) => SHAPE.test(t),
  }],
  scan: [RULE],
  decode: (text) => read(text),
  representations: [],
  generators: [],
  time: { minMs: 0, maxMs: 2 ** 48 - 1, resolutionMs: 1, plausibleFromMs: PUSHID_FROM },
  // No label: `push_id` as often names a push notification; push IDs are found by their shape.
  check: { timeOrdered: true },
};
