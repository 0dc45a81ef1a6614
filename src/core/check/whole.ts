import { FORMATS, PLAUSIBLE_FUTURE_MS } from '../formats/registry';
import { CHAR, type WholeFacts, type WholeRead } from '../formats/types';
import type { IdKind } from '../types';
import { own } from './own';
import { RUN_TABLES, ValueScanner, keepsRun, scan, type ScanMatch, type ScanOptions } from '../scan';

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

const { flags: FLAGS, maxIndexed: MAX } = RUN_TABLES;
const WORD = CHAR.WORD;
const PERCENT = 37, BACKSLASH = 92;

/** Values longer than this are not remembered (no ID is this long but a TypeID with its prefix). */
const MEMO_LENGTH = 100;
/** Remembered answers: a table of this many, by the value's hash (a later value with the hash of an earlier one takes its place). */
const MEMO_BITS = 14;
const SEEN_BITS = 16;

let buffer = new Uint8Array(256);
let inUse = false;

/**
 * The registry's whole-value readers (`CheckRules.whole`) by the length they read, in registry
 * order: most values of a fixture that are IDs are ULIDs or UUIDs, and a reader answers for one
 * from its bytes in a loop, where the scanner's answer costs its runs, rules and a decoding.
 */
const READS: ({ kind: IdKind; read: WholeRead }[] | undefined)[] = [];
for (const f of FORMATS) {
  const read = f.check?.whole;
  if (read !== undefined) (READS[read.length] ??= []).push({ kind: f.id as IdKind, read });
}

/**
 * Whether the scanner, scanning the ASCII bytes `b[from, to)` alone, would offer some run to a
 * rule: a run `keepsRun` keeps (the scanner's own drop test, bounded by the value), or an escape
 * (`%2F`, `\n`), which moves where the scanner's runs start.
 */
function mayHoldId(b: Uint8Array, from: number, to: number): boolean {
  let i = from;
  while (i < to) {
    const c = b[i]!;
    const f = FLAGS[c]!;
    if ((f & WORD) === 0) {
      if (c === PERCENT || c === BACKSLASH) return true;
      i++;
      continue;
    }
    const start = i;
    let or = f, and = f;
    while (++i < to) {
      const g = FLAGS[b[i]!]!;
      if ((g & WORD) === 0) break;
      or |= g;
      and &= g;
    }
    if (i - start < MAX && keepsRun(b, start, i, or, and, from, to)) return true;
  }
  return false;
}

/** FNV-1a of `b[from, to)`. */
function hashOf(b: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5 | 0;
  for (let i = from; i < to; i++) h = Math.imul(h ^ b[i]!, 0x01000193);
  return h;
}

/** The ID that is the whole of a value, by the scanner's rules (so hashes are not IDs), for one check's scan options. */
export class WholeIds {
  private readonly seen = new Int32Array(1 << SEEN_BITS);
  // The remembered values and their answers, at their hash's slot: found by comparing the value
  // with the one slot (a Map of strings hashed each new slice of the file again).
  private readonly memoValues: (string | undefined)[] = new Array<string | undefined>(1 << MEMO_BITS).fill(undefined);
  private readonly memoAnswers: (ScanMatch | null)[] = new Array<ScanMatch | null>(1 << MEMO_BITS).fill(null);

  /** One scanner, made again for each value (a new one and its match list cost as much as scanning a short value). */
  private readonly scanner: ValueScanner;

  /** The latest time the scanner finds plausible (its `plausibleMs`). */
  private readonly futureLimit: number;

  constructor(private readonly opts: ScanOptions) {
    this.scanner = new ValueScanner(opts);
    this.futureLimit = (opts.now ?? Date.now()) + PLAUSIBLE_FUTURE_MS;
  }

  /**
   * The kind of the ID that is the whole of `text`, when a format's reader can tell without the
   * scanner (`CheckRules.whole`), with its facts in `out`; undefined: ask `of`.
   */
  read(text: string, out: WholeFacts): IdKind | undefined {
    const n = text.length;
    if (READS[n] === undefined || inUse) return undefined;
    if (n > buffer.length) buffer = new Uint8Array(Math.max(n, buffer.length * 2));
    const b = buffer;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c >= 128) return undefined;
      b[i] = c;
    }
    return this.readBytes(b, 0, n, out);
  }

  /** `read` of a value whose chars are the ASCII bytes `b[at, at + n)`. */
  readBytes(b: Uint8Array, at: number, n: number, out: WholeFacts): IdKind | undefined {
    const reads = READS[n];
    if (reads === undefined) return undefined;
    for (let r = 0; r < reads.length; r++) if (reads[r]!.read.read(b, at, this.futureLimit, out)) return reads[r]!.kind;
    return undefined;
  }

  of(text: string): ScanMatch | undefined {
    const n = text.length;
    if (inUse) return whole(scan(text, this.opts), n);
    if (n > buffer.length) buffer = new Uint8Array(Math.max(n, buffer.length * 2));
    const b = buffer;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c >= 128) return whole(scan(text, this.opts), n);
      b[i] = c;
    }
    if (!mayHoldId(b, 0, n)) return undefined;
    return this.answer(b, 0, n, text, hashOf(b, 0, n));
  }

  /** False when `ofBytes` of the ASCII bytes `b[at, at + n)` is surely undefined: no rule could match them. */
  mayHold(b: Uint8Array, at: number, n: number): boolean {
    return inUse || mayHoldId(b, at, at + n);
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
    if (!mayHoldId(b, at, end)) return undefined;
    return this.answer(b, at, n, text, hashOf(b, at, end));
  }

  /**
   * The scanner's answer for a value that may hold an ID (its ASCII chars `b[at, at + n)`, its
   * hash `h`): from memory when a table of recent hashes says it was just seen.
   */
  private answer(b: Uint8Array, at: number, n: number, text: string, h: number): ScanMatch | undefined {
    if (n > MEMO_LENGTH) return this.scanned(b, at, n, text);
    h |= 1;
    const slot = (h ^ (h >>> 16)) & ((1 << SEEN_BITS) - 1);
    if (this.seen[slot] !== h) {
      this.seen[slot] = h;
      return this.scanned(b, at, n, text);
    }
    const memo = (h >>> SEEN_BITS) & ((1 << MEMO_BITS) - 1);
    if (this.memoValues[memo] === text) return this.memoAnswers[memo] ?? undefined;
    // Scanned as a copy: the match's text and decoding then hold no piece of the file alive.
    const copy = own(text);
    const m = this.scanned(b, at, n, copy) ?? null;
    this.memoValues[memo] = copy;
    this.memoAnswers[memo] = m;
    return m ?? undefined;
  }

  /**
   * The scanner on `text`, whose ASCII chars are `b[at, at + n)`. The view of them is made here,
   * not before the memory is asked: making one costs as much as the scan of a short value.
   */
  private scanned(b: Uint8Array, at: number, n: number, text: string): ScanMatch | undefined {
    inUse = true;
    try {
      return whole(this.scanner.scan(at === 0 && b.length === n ? b : b.subarray(at, at + n), text), n);
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
