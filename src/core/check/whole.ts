import { CHAR } from '../formats/types';
import { own } from './own';
import { RUN_TABLES, scan, scanBytes, type ScanMatch, type ScanOptions } from '../scan';

// The checker asks of most values of a file whether the whole value is an ID (`wholeId`): an
// email, a date, a name. The scanner answers that, but building a scanner per value costs more
// than the answer. This module answers "no match" without the scanner when the scanner itself
// could not match: the scanner finds IDs only through runs of word characters [A-Za-z0-9_] that
// its formats' rules are indexed by (a run length some rule takes, the character some rule
// needs after or before a run of some length, a `_` for the tail rules). A value none of whose
// runs any rule is indexed by holds no ID, and the scanner is not asked. Otherwise the scanner
// is, on the value's bytes in a reused buffer (ASCII: one byte per char, as `scan` would copy
// them), or by `scan` itself for anything else. A value seen again (a customer's UUID in every
// order, a status) is answered from memory: it is remembered when a table of recent values'
// hashes says it was just seen, so the memory holds repeats, not every unique ID of a file.
// The answer depends on nothing but the value and the options, so a remembered one is the
// one the scanner gives.

// The scanner's own index (built from the registry): which run lengths a plain, `next` or `prev`
// rule takes, and which chars `next`/`prev` rules wait for.
const { flags: FLAGS, plainLength, nextLength, prevLength, nextCodes: nextChar, prevCodes: prevChar, maxIndexed: MAX } = RUN_TABLES;
const WORD = CHAR.WORD;
const PERCENT = 37, BACKSLASH = 92;

/** Values longer than this are not remembered (no ID is this long but a TypeID with its prefix). */
const MEMO_LENGTH = 100;
const MEMO_MAX = 4096;
const SEEN_BITS = 16;

let buffer = new Uint8Array(256);
let inUse = false;

/** The ID that is the whole of a value, by the scanner's rules (so hashes are not IDs), for one check's scan options. */
export class WholeIds {
  private readonly seen = new Int32Array(1 << SEEN_BITS);
  private readonly memo = new Map<string, ScanMatch | null>();

  constructor(private readonly opts: ScanOptions) {}

  of(text: string): ScanMatch | undefined {
    const n = text.length;
    if (inUse) return whole(scan(text, this.opts), n);
    if (n > buffer.length) buffer = new Uint8Array(Math.max(n, buffer.length * 2));
    const b = buffer;
    let h = 0x811c9dc5 | 0;
    let maybe = false;
    let i = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c >= 128) return whole(scan(text, this.opts), n);
      b[i] = c;
      h = Math.imul(h ^ c, 0x01000193);
      if ((FLAGS[c]! & WORD) === 0) {
        // Escapes (`%2F`, `\n`) move where the scanner's runs start: it is asked.
        if (c === PERCENT || c === BACKSLASH) maybe = true;
        i++;
        continue;
      }
      const start = i;
      let underscore = false;
      let x = c;
      for (;;) {
        if (x === 95) underscore = true;
        i++;
        if (i >= n) break;
        x = text.charCodeAt(i);
        if (x >= 128 || (FLAGS[x]! & WORD) === 0) break;
        b[i] = x;
        h = Math.imul(h ^ x, 0x01000193);
      }
      if (maybe) continue;
      const len = i - start;
      if (underscore || len >= MAX || plainLength[len] === 1) {
        maybe = true;
        continue;
      }
      if (i < n && nextLength[len] === 1) {
        const after = text.charCodeAt(i);
        if (after >= 128 || nextChar[after] === 1) maybe = true;
      }
      if (start > 0 && prevLength[len] === 1) {
        const before = text.charCodeAt(start - 1);
        if (before >= 128 || prevChar[before] === 1) maybe = true;
      }
    }
    if (!maybe) return undefined;
    return this.answer(b, n, text, h);
  }

  /**
   * `of` for a value whose chars are the ASCII bytes `b[at, at + text.length)` (a piece of a file
   * that is all ASCII, read by a worker): the same answer, read from the bytes (not the string's
   * chars) and scanned where they are, without a copy.
   */
  ofBytes(text: string, b: Uint8Array, at: number): ScanMatch | undefined {
    const n = text.length;
    if (inUse) return whole(scan(text, this.opts), n);
    const end = at + n;
    let h = 0x811c9dc5 | 0;
    let maybe = false;
    let i = at;
    while (i < end) {
      const c = b[i]!;
      h = Math.imul(h ^ c, 0x01000193);
      if ((FLAGS[c]! & WORD) === 0) {
        if (c === PERCENT || c === BACKSLASH) maybe = true;
        i++;
        continue;
      }
      const start = i;
      let underscore = false;
      let x = c;
      for (;;) {
        if (x === 95) underscore = true;
        i++;
        if (i >= end) break;
        x = b[i]!;
        if ((FLAGS[x]! & WORD) === 0) break;
        h = Math.imul(h ^ x, 0x01000193);
      }
      if (maybe) continue;
      const len = i - start;
      if (underscore || len >= MAX || plainLength[len] === 1) {
        maybe = true;
        continue;
      }
      if (i < end && nextLength[len] === 1 && nextChar[b[i]!] === 1) maybe = true;
      if (start > at && prevLength[len] === 1 && prevChar[b[start - 1]!] === 1) maybe = true;
    }
    if (!maybe) return undefined;
    return this.answer(b.subarray(at, end), n, text, h);
  }

  /**
   * The scanner's answer for a value that may hold an ID (its ASCII chars the first `n` of `b`,
   * its hash `h`): from memory when a table of recent hashes says it was just seen.
   */
  private answer(b: Uint8Array, n: number, text: string, h: number): ScanMatch | undefined {
    if (n > MEMO_LENGTH) return this.scanned(b, n, text);
    h |= 1;
    const slot = (h ^ (h >>> 16)) & ((1 << SEEN_BITS) - 1);
    if (this.seen[slot] !== h) {
      this.seen[slot] = h;
      return this.scanned(b, n, text);
    }
    const known = this.memo.get(text);
    if (known !== undefined) return known ?? undefined;
    // Scanned as a copy: the match's text and decoding then hold no piece of the file alive.
    const copy = own(text);
    const m = this.scanned(b, n, copy) ?? null;
    if (this.memo.size >= MEMO_MAX) this.memo.clear();
    this.memo.set(copy, m);
    return m ?? undefined;
  }

  /** The scanner on `text`, whose ASCII chars are the first `n` of `b`. */
  private scanned(b: Uint8Array, n: number, text: string): ScanMatch | undefined {
    inUse = true;
    try {
      return whole(scanBytes(b.subarray(0, n), 0, n, this.opts, text), n);
    } finally {
      inUse = false;
    }
  }
}

/** The one match of `matches` that is all of a value `n` long and valid. */
function whole(matches: ScanMatch[], n: number): ScanMatch | undefined {
  const m = matches.length === 1 ? matches[0]! : undefined;
  return m && m.start === 0 && m.end === n && m.decoded.valid ? m : undefined;
}
