import { formatById, plausibleTime, readings } from '../formats/registry';
import { readQuietly } from '../formats/decoded';
import type { DecodeOptions, DecodedId, WholeFacts } from '../formats/types';
import type { ScanMatch } from '../scan';
import type { IdKind } from '../types';
import type { Facts } from './ledger';
import { Lines } from './lines';
import { own } from './own';
import { lastSegment, shownPath } from './paths';
import { isCreationKey, isoUtcMs, isoUtcMsOf, timeValueMs } from './rowTime';
import { LONGEST_ID, NOT_AN_ATTEMPT, SHORTEST_ID, correction, decodeOptions, identityKey, isIdentityName, kindName, labelOf, timeOrdered, type Label } from './rules';
import { WholeIds } from './whole';
import { CHECK_MAX_DEPTH, type CheckCode, type CheckOptions, type CheckPosition, type CheckProblem, type CheckSeverity, type FoundId, type Sink } from './types';
import { grouped } from '../grouped';
import { isDigestKey } from '../formats/digestKeys';

// The checker: judges each value a reader hands it, by the rules of the kind it is (or its key
// says it is), and tells the ledger (ledger.ts) what it found, with the line and column of each
// thing: the rules that need the whole file (duplicates, order, a row's times) are the ledger's.
// Everything here depends on a value, its key and its place only, so pieces of a file can be
// judged apart (by workers) and their facts told to one ledger in order.

const DAY_MS = 86_400_000;

interface KeyInfo {
  /** It names the row's creation time (`created_at`). */
  creation: boolean;
  /** The kind it labels its values as (`order_ulid`). */
  label: Label | undefined;
  /** It names each row's own ID (`id`, `uuid`). */
  identity: boolean;
  /** It names a digest or a trace id (`md5`, `etag`, `trace_id`): its values are no IDs unless labelled. */
  digest: boolean;
}

/** Keys `keyInfo` looks through before its map (a power of two). */
const RECENT_KEYS = 8;

/** Longer text under a label is no attempt at an ID (a paragraph under `uuid`), not a broken one. */
const LABELLED_MAX = 100;

export class Checker implements Sink {
  private lines = new Lines();
  private readonly key = new Uint32Array(4);
  /** What a format's whole-value reader tells of an ID (whole.ts `read`), its identity in `key`. */
  private readonly wholeFacts: WholeFacts = { unixMs: NaN, version: -1, ordered: false, key: this.key };
  private readonly now: number;
  readonly scanOpts: { epoch?: unknown; now: number };
  private readonly decodeOpts: DecodeOptions;
  /** The source text held: from `base` on. */
  private text = '';
  private base = 0;
  private readonly whole: WholeIds;
  private readonly keyInfos = new Map<string, KeyInfo>();
  /** Whether creation times are read (the time-mismatch rule is on). */
  private readonly times: boolean;

  constructor(opts: CheckOptions, private readonly facts: Facts, private readonly onId: ((id: FoundId) => void) | undefined, times: boolean) {
    this.now = opts.now ?? Date.now();
    this.scanOpts = opts.epoch === undefined ? { now: this.now } : { epoch: opts.epoch, now: this.now };
    this.decodeOpts = decodeOptions(opts.epoch, this.now);
    this.whole = new WholeIds(this.scanOpts);
    this.times = times;
  }

  rowBegin(): void {
    this.facts.rowBegin();
  }

  rowEnd(): void {
    this.facts.rowEnd();
  }

  /** A text starts again at offset 0 (the next piece of a file): what is remembered of values and keys stays. */
  restart(): void {
    this.lines = new Lines();
    this.ascii = undefined;
    this.text = '';
    this.base = 0;
  }

  /**
   * The text the readers are reading now (from offset `base` on); `ascii`: its bytes, when it is
   * all ASCII (a worker's piece of a file), which values are read from instead of their chars.
   */
  hold(text: string, base: number, ascii?: Uint8Array): void {
    this.text = text;
    this.base = base;
    this.ascii = ascii;
    this.lines.held();
  }

  private ascii: Uint8Array | undefined;

  /** Nothing before `offset` is asked about again. */
  release(offset: number): void {
    this.lines.commit(this.text, this.base, offset);
  }

  position(offset: number): CheckPosition {
    return this.lines.position(this.text, this.base, offset);
  }

  private report(code: CheckCode, severity: CheckSeverity, o: { start: number; end: number; text: string; kind?: IdKind }, path: string, message: string, extra: Partial<CheckProblem> = {}): void {
    this.facts.problem({
      code, severity, message, start: o.start, end: o.end,
      range: { start: this.position(o.start), end: this.position(o.end) },
      text: own(o.text), path: shownPath(path), ...(o.kind ? { kind: o.kind } : {}), ...extra,
    });
  }

  /**
   * One scalar value of the file: `text` is its characters at `start` in the source (verbatim
   * false when escapes make the value differ from the source), `path` the key path it sits
   * under with array indexes as `[*]`, `key` the innermost key or column name.
   */
  value(text: string, start: number, verbatim: boolean, path: string, key: string | undefined): void {
    this.judge(text, start, text.length, verbatim, path, key);
  }

  /** `value` of the source's text `[start, end)` as it stands, read from the bytes held (`hold`) when there are: cut only if it must be. */
  valueAt(start: number, end: number, path: string, key: string | undefined): void {
    if (this.ascii === undefined) this.judge(this.text.slice(start - this.base, end - this.base), start, end - start, true, path, key);
    else this.judge(undefined, start, end - start, true, path, key);
  }

  /** The value's text, cut from the text held (a value `judge` was given as its place only). */
  private cut(start: number, len: number): string {
    return this.text.slice(start - this.base, start - this.base + len);
  }

  /**
   * `value` of the `len` chars at `start`: `given` is their text, or undefined when they are the
   * ASCII bytes held (`ascii`, verbatim), and the text is cut where a rule needs it.
   */
  private judge(given: string | undefined, start: number, len: number, verbatim: boolean, path: string, key: string | undefined): void {
    let text = given;
    const info = key === undefined ? undefined : this.keyInfo(key);
    // The bytes the value can be read from: it stands in the source as it is.
    const bytes = verbatim ? this.ascii : undefined;
    if (info !== undefined && info.creation && this.times) {
      const iso = bytes !== undefined ? isoUtcMsOf(bytes, start - this.base, len) : isoUtcMs(text!);
      if (iso !== undefined) {
        this.facts.creation(key!, iso);
        // A time in the shape nearly every created_at has is no ID, so the scanner is not asked
        // (ruling out its runs cost about 2,100 instructions, a twelfth of a row); under a label
        // (`created_ulid`) it is still a claim to judge.
        if (info.label === undefined) return;
      } else {
        const ms = timeValueMs((text ??= this.cut(start, len)), this.now);
        if (ms !== undefined) this.facts.creation(key!, ms);
      }
    }
    if (len < SHORTEST_ID || len > LONGEST_ID) {
      // Too short or too long for any ID kind this checks; a label still makes it a claim.
      if (info === undefined || len === 0 || len > LABELLED_MAX) return;
      const label = info.label;
      if (!label) return;
      text ??= this.cut(start, len);
      // A short value its format's shape accepts (a small labelled snowflake) is read as well.
      const shaped = formatById(label.kind)?.shapes.some((s) => s.test(text!));
      if (shaped || (!NOT_AN_ATTEMPT.test(text) && len >= 8)) this.labelled(text, start, verbatim, path, label, key);
      return;
    }
    const label = info?.label;
    if (label) return this.labelled((text ??= this.cut(start, len)), start, verbatim, path, label, key);
    // An MD5 under `md5` that spells a UUID of the year 3760 is a digest, not a broken clock.
    if (info !== undefined && info.digest) return;
    const w = this.wholeFacts;
    const fast = bytes !== undefined ? this.whole.readBytes(bytes, start - this.base, len, w) : this.whole.read(text!, w);
    // (One dated after tomorrow is left to the scanner's decoding, which the warning quotes.)
    if (fast !== undefined && !(w.unixMs > this.now + DAY_MS)) return this.tell(fast, Number.isNaN(w.unixMs) ? undefined : w.unixMs, w.ordered, w.key, w.version < 0 ? undefined : w.version, text, start, len, verbatim, path, key);
    const identity = info !== undefined && info.identity;
    // Most values no rule could match are ruled out from their bytes, before a text is cut.
    if (bytes !== undefined && text === undefined && !identity && !this.whole.mayHold(bytes, start - this.base, len)) return;
    text ??= this.cut(start, len);
    const m = bytes !== undefined ? this.whole.ofBytes(text, bytes, start - this.base) : this.wholeId(text);
    if (m) return this.found(m.kind, m.decoded, text, start, verbatim, path, key);
    // Under a key that names the row's own ID, the scanner's plausible years (made for free
    // text) must not hide an ID: one dated far ahead is still compared, and reported as future.
    if (identity) {
      const d = this.datedOutside(text);
      if (d) this.found(d.format.id, d, text, start, verbatim, path, key);
    }
  }

  /**
   * What a key or column name says (each a pure function of the name), looked up once a value:
   * first among the last few keys asked about (a row's keys are the same string objects row
   * after row, and comparing one with itself is cheaper than hashing it), then in the map.
   */
  private keyInfo(key: string): KeyInfo {
    const recent = this.recentKeys;
    for (let r = 0; r < RECENT_KEYS; r++) if (recent[r] === key) return this.recentInfos[r]!;
    let info = this.keyInfos.get(key);
    if (info === undefined) {
      info = { creation: isCreationKey(key), label: labelOf(key), identity: isIdentityName(key), digest: isDigestKey(key) };
      if (this.keyInfos.size > 10_000) this.keyInfos.clear();
      this.keyInfos.set(own(key), info);
    }
    const r = this.recentNext;
    recent[r] = key;
    this.recentInfos[r] = info;
    this.recentNext = (r + 1) & (RECENT_KEYS - 1);
    return info;
  }

  private readonly recentKeys: (string | undefined)[] = new Array<string | undefined>(RECENT_KEYS).fill(undefined);
  private readonly recentInfos: (KeyInfo | undefined)[] = new Array<KeyInfo | undefined>(RECENT_KEYS).fill(undefined);
  private recentNext = 0;

  /** The likeliest reading of `text` that is valid and has a time, but one outside the plausible years. */
  private datedOutside(text: string): DecodedId | undefined {
    return readings(text, this.decodeOpts).find((d) => d.valid && d.unixMs !== undefined && !plausibleTime(d.format, d.unixMs, this.now));
  }

  /** The ID that is the whole of `text`, by the scanner's rules (so hashes are not IDs). */
  private wholeId(text: string): ScanMatch | undefined {
    return this.whole.of(text);
  }

  private labelled(text: string, start: number, verbatim: boolean, path: string, label: Label, key: string | undefined): void {
    if (NOT_AN_ATTEMPT.test(text)) return;
    const f = formatById(label.kind);
    if (!f) return;
    // (A column of broken values is read as fast as one of good ones: no stack per error.)
    const d = readQuietly(() => f.decode(text, this.decodeOpts));
    if (!d.valid) {
      // Another kind under a generic label (a UUID in `typeid_or_uuid`) is that kind, not broken.
      const other = this.wholeId(text);
      if (other && text.length >= SHORTEST_ID) return this.found(other.kind, other.decoded, text, start, verbatim, path, key);
      if (!verbatim) return;
      const reason = d.error ?? `not a valid ${f.label}`;
      const fix = correction(label.kind, text);
      const message = `invalid ${kindName(label.kind)} under '${lastSegment(path)}': ${reason}` + (fix && !reason.includes(fix) ? ` Did you mean ${fix}?` : '');
      this.report('invalid', 'error', { start, end: start + text.length, text, kind: label.kind }, path, message, fix ? { fix } : {});
      return;
    }
    if (label.version !== undefined && d.version !== label.version && verbatim) {
      const actual = d.version === undefined ? 'has no version (its variant is not RFC 9562)' : `is version ${d.version}`;
      this.report('invalid', 'error', { start, end: start + text.length, text, kind: label.kind }, path,
        `'${lastSegment(path)}' asks for a ${f.label} v${label.version}, but this ${f.label} ${actual}`);
    }
    this.found(label.kind, d, text, start, verbatim, path, key);
  }

  private found(kind: IdKind, d: DecodedId, text: string, start: number, verbatim: boolean, path: string, key?: string): void {
    const unixMs = d.unixMs;
    if (verbatim && unixMs !== undefined && unixMs > this.now + DAY_MS) {
      this.report('future', 'warning', { start, end: start + text.length, text, kind }, path, `${kindName(kind)} dated ${d.time ?? new Date(unixMs).toISOString()}, after tomorrow: a wrong epoch, a bad clock or a typo?`);
    }
    this.tell(kind, unixMs, unixMs !== undefined && timeOrdered(d), identityKey(d, this.key), d.version, text, start, text.length, verbatim, path, key);
  }

  /**
   * An ID found, by its facts: to `onId`, and (where it can be pointed at) to the ledger. `text`:
   * its `len` chars, or undefined for one a format's reader read from the bytes held (no line
   * break is in any such ID), cut only for `onId`.
   */
  private tell(kind: IdKind, unixMs: number | undefined, ordered: boolean, identity: Uint32Array, version: number | undefined, text: string | undefined, start: number, len: number,
    verbatim: boolean, path: string, key: string | undefined): void {
    const end = start + len;
    if (this.onId) {
      const id: FoundId = { kind, text: text ?? this.cut(start, len), start, end: verbatim ? end : start, path };
      if (key !== undefined) id.key = key;
      if (unixMs !== undefined) id.unixMs = unixMs;
      if (version !== undefined) id.version = version;
      this.onId(id);
    }
    if (!verbatim) return; // a range we cannot point at exactly is not reported
    const lines = this.lines;
    lines.seek(this.text, this.base, start);
    const line = lines.line;
    const character = lines.character;
    // The end from the start when the ID holds no line break (nearly always): asking the lines
    // for `end` would send the next question about a start back to the last commit.
    let endLine = line, endCharacter = character + len;
    if (text !== undefined && (text.includes('\n') || text.includes('\r'))) {
      const e = this.position(end);
      endLine = e.line;
      endCharacter = e.character;
    }
    // The ID's text, or (read from the bytes) the text held, at its place there.
    this.facts.id(kind, unixMs, ordered, identity, text ?? this.text, text === undefined ? start - this.base : 0, start, end, line, character, endLine, endCharacter, path, key);
  }

  /** Whether `text` is, as a whole, an ID the scanner recognises. */
  probe(text: string): boolean {
    return text.length >= SHORTEST_ID && text.length <= LONGEST_ID && this.wholeId(text) !== undefined;
  }

  unchecked(start: number, path: string, why = `nested deeper than ${grouped(CHECK_MAX_DEPTH)} levels: the IDs inside are not checked`): void {
    const text = this.textAt(start);
    this.report('unchecked', 'warning', { start, end: start + text.length, text }, path, why);
  }

  /** The character at `offset` (still held: the reader is at it). */
  private textAt(offset: number): string {
    return this.text.charAt(offset - this.base);
  }

  /**
   * Plain text: only the date of each ID is checked. `m` is at `base` in the source. A value the
   * registry keeps out of the check (a plain time: `exp=1830000000` is an expiry, not a creation)
   * is no ID whose date can be wrong, as in a JSON or CSV file.
   */
  futureOnly(m: ScanMatch, base: number): void {
    const at = { start: base + m.start, end: base + m.end, text: m.text, kind: m.kind };
    if (m.decoded.unixMs !== undefined && m.decoded.unixMs > this.now + DAY_MS && m.decoded.format.notApplicable?.check === undefined) {
      this.report('future', 'warning', at, '', `${kindName(m.kind)} dated ${m.decoded.time}, after tomorrow: a wrong epoch, a bad clock or a typo?`);
    }
    this.onId?.({ kind: m.kind, text: m.text, start: at.start, end: at.end, path: '', ...(m.decoded.unixMs !== undefined ? { unixMs: m.decoded.unixMs } : {}), ...(m.decoded.version !== undefined ? { version: m.decoded.version } : {}) });
  }
}
