import { optionsOf, requireNumber, requireText } from './args';
import { CROCKFORD_VALUES } from './crockford';
import { decodeKsuid, KSUID_MAX } from './ksuid';
import { decodeObjectId } from './objectid';
import { decodeSnowflake, resolveEpoch, type SnowflakeLayout } from './snowflake';
import { decodeTypeId } from './typeid';
import { decodeUlid } from './ulid';
import { decodeUuid } from './uuid';
import { IdError, type Decoded, type IdKind } from './types';

// Finds IDs in free text (hover, inlay hints, bulk convert/regenerate). Precision matters more
// than recall: a hover on a hash or a constant that claims "ULID from 2031" is worse than no
// hover. The rules and their reasons are in docs/scanner.md; keep the two in step.
//
// One left-to-right pass over runs of word characters [A-Za-z0-9_]. Each run is classified from
// per-character flags OR-ed and AND-ed while walking it, so most runs are rejected by length
// and flags alone; only candidates are decoded.

export interface ScanMatch {
  kind: IdKind;
  start: number;
  end: number;
  text: string;
  decoded: Decoded;
}

export interface ScanOptions {
  /** Snowflake epoch; undefined/`auto` accepts a number when any preset reading is plausible. */
  epoch?: string | number;
  /** Bare 17-20 digit numbers are considered only when this is not false. */
  snowflakes?: boolean;
  /** Anchors "plausible time" checks; defaults to the current time. */
  now?: number;
}

const WORD = 1, DIGIT = 2, UPPER = 4, LOWER = 8, HEX = 16, CROCK = 32, UNDERSCORE = 64;

const FLAGS: Uint8Array = (() => {
  const t = new Uint8Array(128);
  for (let c = 48; c <= 57; c++) t[c] = WORD | DIGIT | HEX | CROCK;
  for (let c = 65; c <= 90; c++) t[c] = WORD | UPPER | (c <= 70 ? HEX : 0) | (CROCKFORD_VALUES[c] !== 255 ? CROCK : 0);
  for (let c = 97; c <= 122; c++) t[c] = WORD | LOWER | (c <= 102 ? HEX : 0) | (CROCKFORD_VALUES[c] !== 255 ? CROCK : 0);
  t[95] = WORD | UNDERSCORE;
  return t;
})();

const DASH = 45, PLUS = 43, SLASH = 47, EQUALS = 61, DOT = 46;
const YEAR_MS = 365.2425 * 86_400_000;
/** Earliest plausible creation time of a ULID or a bare-hex UUID. */
const PLAUSIBLE_FROM = Date.UTC(1990, 0, 1);
const OBJECTID_FROM = Date.UTC(2009, 0, 1);
const KSUID_FROM = Date.UTC(2014, 4, 13, 16, 53, 20);
const SNOWFLAKE_MARGIN_MS = 86_400_000;
const SNOWFLAKE_MIN_DIGITS = 17;
const SNOWFLAKE_MAX_DIGITS = 20;
/** How far back a kind's label may stand: `"order_ulid": "` is 15 characters. */
const LABEL_WINDOW = 40;
/** The text before a token names its kind: `ulid: `, `"ulid":"`, `order_ulid = '`, `KSUID `. */
const LABELLED = { ulid: /ulid["'`]?\s*[:=]?\s*["'`(]?$/i, ksuid: /ksuid["'`]?\s*[:=]?\s*["'`(]?$/i } as const;

function flagsAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c < 128 ? FLAGS[c]! : 0;
}

function isHexAt(text: string, i: number): boolean {
  return (flagsAt(text, i) & HEX) !== 0;
}

function isMixedCase(or: number): boolean {
  return (or & UPPER) !== 0 && (or & LOWER) !== 0;
}

function invalid(kind: IdKind, text: string, e: unknown): Decoded {
  if (!(e instanceof IdError)) throw e;
  return { input: text, kind, valid: false, error: e.message, errorCode: e.code, fields: {} };
}

/** 8-4-4-4-12 hex at `start` (the first group is already known to be 8 hex digits). */
function uuidEnd(text: string, start: number): number {
  const end = start + 36;
  if (end > text.length) return -1;
  for (let i = start + 8; i < end; i++) {
    const dash = i === start + 8 || i === start + 13 || i === start + 18 || i === start + 23;
    if (dash ? text.charCodeAt(i) !== DASH : !isHexAt(text, i)) return -1;
  }
  if (flagsAt(text, end) & WORD) return -1;
  // A dash joining more hex groups means a longer dashed hex token, not a UUID.
  if (text.charCodeAt(end) === DASH && isHexAt(text, end + 1)) return -1;
  if (start >= 2 && text.charCodeAt(start - 1) === DASH && isHexAt(text, start - 2)) return -1;
  return end;
}

/** Milliseconds in the first 10 Crockford chars (the ULID time); the first char is <= 7. */
function crockfordTime(text: string, start: number): number {
  let t = 0;
  for (let i = start; i < start + 10; i++) t = t * 32 + CROCKFORD_VALUES[text.charCodeAt(i)]!;
  return t;
}

interface Blob {
  start: number;
  end: number;
  base64: boolean;
}

function isBlobChar(c: number): boolean {
  return (c < 128 && (FLAGS[c]! & WORD) !== 0) || c === PLUS || c === SLASH || c === DASH;
}

/**
 * The run of base64/base64url characters around [start, end) and whether it reads as an encoded
 * blob rather than a path or key: it has a `+`, is followed by `=` padding, is 100+ chars with no
 * `/`, or is 160+ chars with a 40+ char stretch between slashes (paths of IDs are made of short
 * segments; base64 puts a `/` only every 64 chars on average).
 */
function blobAround(text: string, start: number, end: number): Blob {
  let s = start, e = end, plus = false, slash = false, segment = 0, longest = 0;
  while (s > 0 && isBlobChar(text.charCodeAt(s - 1))) s--;
  while (e < text.length && isBlobChar(text.charCodeAt(e))) e++;
  for (let i = s; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c === SLASH) {
      slash = true;
      segment = 0;
      continue;
    }
    if (c === PLUS) plus = true;
    if (++segment > longest) longest = segment;
  }
  const len = e - s;
  const base64 = plus || text.charCodeAt(e) === EQUALS || (len >= 100 && (!slash || (len >= 160 && longest >= 40)));
  return { start: s, end: e, base64 };
}

function repeatsAfterFirst(text: string, start: number, end: number): boolean {
  const c = text.charCodeAt(start + 1);
  for (let i = start + 2; i < end; i++) if (text.charCodeAt(i) !== c) return false;
  return true;
}

class Scanner {
  readonly matches: ScanMatch[] = [];
  private readonly now: number;
  private readonly futureLimit: number;
  private readonly layout: SnowflakeLayout | undefined;
  private readonly snowflakes: boolean;
  private blob: Blob = { start: -1, end: -1, base64: false };

  constructor(private readonly text: string, opts: ScanOptions) {
    this.now = opts.now ?? Date.now();
    this.futureLimit = this.now + 10 * YEAR_MS;
    this.snowflakes = opts.snowflakes !== false;
    const e = opts.epoch;
    const auto = e === undefined || (typeof e === 'string' && (e.trim() === '' || e.trim().toLowerCase() === 'auto'));
    this.layout = this.snowflakes && !auto ? resolveEpoch(e) : undefined;
  }

  run(): ScanMatch[] {
    const text = this.text;
    const n = text.length;
    let i = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c >= 128 || (FLAGS[c]! & WORD) === 0) {
        i++;
        continue;
      }
      const start = i;
      let or = 0, and = 0xff, lastUnderscore = -1;
      for (; i < n; i++) {
        const ch = text.charCodeAt(i);
        const f = ch < 128 ? FLAGS[ch]! : 0;
        if ((f & WORD) === 0) break;
        or |= f;
        and &= f;
        if (ch === 95) lastUnderscore = i;
      }
      const len = i - start;
      if (len === 8 && (and & HEX) && text.charCodeAt(i) === DASH) {
        const end = uuidEnd(text, start);
        if (end > 0) {
          this.uuid(start, end);
          i = end;
          continue;
        }
      }
      if (lastUnderscore >= 0) {
        if (i - lastUnderscore - 1 === 26) this.typeid(start, lastUnderscore, i);
      } else if (len === 26) this.ulid(start, i, or, and);
      else if (len === 27) this.ksuid(start, i, or);
      else if (len === 24) this.objectid(start, i, or, and);
      else if (len === 32) this.bareUuid(start, i, or, and);
      else if (len >= SNOWFLAKE_MIN_DIGITS && len <= SNOWFLAKE_MAX_DIGITS && (and & DIGIT) && this.snowflakes) this.snowflake(start, i);
    }
    return this.matches;
  }

  private push(kind: IdKind, start: number, end: number, decoded: Decoded): void {
    this.matches.push({ kind, start, end, text: this.text.slice(start, end), decoded });
  }

  private inBase64(start: number, end: number): boolean {
    if (start < this.blob.start || end > this.blob.end) this.blob = blobAround(this.text, start, end);
    return this.blob.base64;
  }

  /** Braces and a `urn:uuid:` prefix belong to the match, so a replacement keeps the spelling whole. */
  private uuid(start: number, end: number): void {
    const text = this.text;
    let s = start, e = end;
    if (s >= 1 && text.charCodeAt(s - 1) === 123 && text.charCodeAt(e) === 125) {
      s--;
      e++;
    } else if (s >= 9 && text.slice(s - 9, s).toLowerCase() === 'urn:uuid:') {
      s -= 9;
    }
    const t = text.slice(s, e);
    let d: Decoded;
    try {
      d = decodeUuid(t);
    } catch (err) {
      d = invalid('uuid', t, err);
    }
    this.push('uuid', s, e, d);
  }

  private plausibleMs(ms: number, from: number): boolean {
    return ms >= from && ms <= this.futureLimit;
  }

  private ulid(start: number, end: number, or: number, and: number): void {
    if (isMixedCase(or) || !(or & DIGIT)) return;
    // 26 digits are a number in free text; only a label makes them the ULID they also spell.
    if (!(or & (UPPER | LOWER))) return this.labelled('ulid', start, end);
    // Overflow (8…-Z…) and I/L/O/U are invalid; reported only where the text names the kind.
    if (!(and & CROCK) || CROCKFORD_VALUES[this.text.charCodeAt(start)]! > 7) return this.labelled('ulid', start, end);
    if (!this.plausibleMs(crockfordTime(this.text, start), PLAUSIBLE_FROM)) return;
    if (this.inBase64(start, end)) return;
    this.push('ulid', start, end, decodeUlid(this.text.slice(start, end)));
  }

  /** `prefix_suffix`; an upper-case suffix is reported invalid only when it is otherwise a ULID. */
  private typeid(start: number, sep: number, end: number): void {
    const text = this.text;
    let tailOr = 0, tailAnd = 0xff;
    for (let i = sep + 1; i < end; i++) {
      const f = FLAGS[text.charCodeAt(i)]!; // ASCII: the run is all word characters
      tailOr |= f;
      tailAnd &= f;
    }
    if (!(tailAnd & CROCK) || isMixedCase(tailOr) || CROCKFORD_VALUES[text.charCodeAt(sep + 1)]! > 7) return;
    if (sep - start > 63 || text.charCodeAt(start) === 95 || text.charCodeAt(sep - 1) === 95) return;
    for (let i = start; i < sep; i++) {
      const c = text.charCodeAt(i);
      if (!((c >= 97 && c <= 122) || c === 95)) return;
    }
    const t = text.slice(start, end);
    if (tailOr & UPPER) {
      if (!(tailOr & DIGIT) || !this.plausibleMs(crockfordTime(text, sep + 1), PLAUSIBLE_FROM)) return;
    }
    let d: Decoded;
    try {
      d = decodeTypeId(t);
    } catch (err) {
      d = invalid('typeid', t, err);
    }
    this.push('typeid', start, end, d);
  }

  /**
   * A broken ULID or KSUID has no time to make it plausible, and an all-digit one reads as a
   * number, so in free text either is just a word; only a label right before it
   * (`"ulid": "8ZZ…"`, `"ksuid": "000…"`) makes it unmistakably meant as that kind, and then the
   * user is better served by its reading (or the reason it has none) than by silence.
   */
  private labelled(kind: 'ulid' | 'ksuid', start: number, end: number): void {
    const before = this.text.slice(Math.max(0, start - LABEL_WINDOW), start);
    if (!LABELLED[kind].test(before)) return;
    const t = this.text.slice(start, end);
    let d: Decoded;
    try {
      d = (kind === 'ulid' ? decodeUlid : decodeKsuid)(t);
    } catch (err) {
      d = invalid(kind, t, err);
    }
    this.push(kind, start, end, d);
  }

  private ksuid(start: number, end: number, or: number): void {
    if (!(or & (UPPER | LOWER))) return this.labelled('ksuid', start, end);
    if ((or & (DIGIT | UPPER | LOWER)) !== (DIGIT | UPPER | LOWER)) return;
    const t = this.text.slice(start, end);
    if (t > KSUID_MAX) return this.labelled('ksuid', start, end);
    if (this.inBase64(start, end)) return;
    const d = decodeKsuid(t);
    if (!this.plausibleMs(d.unixMs!, KSUID_FROM)) return;
    this.push('ksuid', start, end, d);
  }

  private objectid(start: number, end: number, or: number, and: number): void {
    if (!(and & HEX) || isMixedCase(or) || !(or & DIGIT) || !(or & (UPPER | LOWER))) return;
    const seconds = parseInt(this.text.slice(start, start + 8), 16);
    if (!this.plausibleMs(seconds * 1000, OBJECTID_FROM)) return;
    this.push('objectid', start, end, decodeObjectId(this.text.slice(start, end)));
  }

  /** 32 hex digits only with RFC version 1-8 and variant 10xx; time versions need a plausible time. */
  private bareUuid(start: number, end: number, or: number, and: number): void {
    if (!(and & HEX) || isMixedCase(or)) return;
    const text = this.text;
    const version = text.charCodeAt(start + 12) - 48;
    if (version < 1 || version > 8) return;
    const variant = text.charCodeAt(start + 16) | 0x20; // lower-case letters
    if (!(variant === 56 || variant === 57 || variant === 97 || variant === 98)) return;
    const d = decodeUuid(text.slice(start, end));
    if ((version === 1 || version === 6 || version === 7) && !this.plausibleMs(d.unixMs!, PLAUSIBLE_FROM)) return;
    this.push('uuid', start, end, d);
  }

  private snowflake(start: number, end: number): void {
    const text = this.text;
    // Part of a larger number: a decimal fraction, a signed value, a dotted version.
    const before = start > 0 ? text.charCodeAt(start - 1) : 0;
    if (before === DOT || before === DASH || before === PLUS) return;
    if (text.charCodeAt(end) === DOT && (flagsAt(text, end + 1) & DIGIT)) return;
    // Zero padding and round or repeated constants (10^17, 999…9): no generator writes those.
    if (text.charCodeAt(start) === 48 || repeatsAfterFirst(text, start, end)) return;
    const t = text.slice(start, end);
    const d = decodeSnowflake(t, this.layout, this.now);
    if (!d.valid) return;
    if (this.layout) {
      if (!(d.unixMs! >= this.layout.launchMs && d.unixMs! <= this.now + SNOWFLAKE_MARGIN_MS)) return;
    } else if (!d.candidates!.some((c) => c.plausible)) {
      return;
    }
    this.push('snowflake', start, end, d);
  }
}

/** Every ID in `text`, in order, found in one pass. */
export function scan(text: string, opts: ScanOptions = {}): ScanMatch[] {
  requireText(text, 'the text to scan');
  opts = optionsOf(opts, 'the scan options');
  return new Scanner(text, opts).run();
}

/** The ID whose text covers `offset` (a cursor just after an ID still counts). */
export function idAt(lineText: string, offset: number, opts: ScanOptions = {}): ScanMatch | undefined {
  requireText(lineText, 'the line');
  requireNumber(offset, 'the offset');
  opts = optionsOf(opts, 'the scan options');
  return scan(lineText, opts).find((m) => m.start <= offset && offset <= m.end);
}
