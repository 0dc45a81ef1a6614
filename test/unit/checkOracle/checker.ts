import { formatById, plausibleTime, readings } from '../../../src/core/formats/registry';
import type { DecodeOptions, DecodedId } from '../../../src/core/formats/types';
import { scan, type ScanMatch } from '../../../src/core/scan';
import type { IdKind } from '../../../src/core/types';
import { IdTable } from './idtable';
import { Lines } from './lines';
import { lastSegment, shownPath } from '../../../src/core/check/paths';
import { DEFAULT_TIME_TOLERANCE_MS, RowTimes } from './rowTime';
import { isEmbeddedIdPath, ownRowOf } from '../../../src/core/check/rules';
import { DISTINCT_SHARE, LONGEST_ID, NOT_AN_ATTEMPT, SHORTEST_ID, correction, decodeOptions, identityKey, isIdentityColumn, isIdentityName, isNamedIdentity, kindName, labelOf, timeOrdered, type Label } from './rules';
import { CHECK_MAX_DEPTH, type CheckCode, type CheckOptions, type CheckPosition, type CheckProblem, type CheckSeverity, type FoundId, type Sink } from '../../../src/core/check/types';

// The checker: judges each value a reader hands it, by the rules of the kind it is (or its key
// says it is), and keeps per key or column what the duplicate and time-order rules need.

const DAY_MS = 86_400_000;
/** `unsorted` needs this many time-ordered IDs in a column, and at most this share of steps back. */
const UNSORTED_MIN = 4;
const UNSORTED_MAX_SHARE = 0.2;

interface Occurrence {
  start: number;
  end: number;
  text: string;
  kind: IdKind;
}

/**
 * What is kept per key or column: a table of the distinct IDs (32 to 64 bytes each), and,
 * for columns whose name does not say they hold identities, the repeats until the end shows
 * whether they are duplicates or references, at most a tenth of the values (or REPEATS_FLOOR).
 */
interface Column {
  path: string;
  /** The key or column name, when there is one. */
  key: string | undefined;
  /** Its name says it holds each row's own ID: a repeat is a duplicate the moment it is seen. */
  named: boolean;
  embedded: boolean | undefined;
  count: number;
  tables: Map<IdKind, IdTable>;
  /** Repeats waiting for the end; undefined once too many for an identity column. */
  repeats: CheckProblem[] | undefined;
  /** Time-ordered IDs seen, the last one's time and line, and the steps back (undefined once too many). */
  ordered: number;
  lastMs: number;
  lastLine: number;
  backs: CheckProblem[] | undefined;
}

/** Problems held for the end are dropped once there are this many and too many to be reported. */
const HELD_FLOOR = 1000;
/** Longer text under a label is no attempt at an ID (a paragraph under `uuid`), not a broken one. */
const LABELLED_MAX = 100;

/**
 * A copy of `s` that holds no reference to the text it was cut from: a slice of a 64 KB piece
 * would otherwise keep the whole piece alive for as long as a held problem or a column lives.
 */
function own(s: string): string {
  return s.length < 13 ? s : (s + ' ').slice(0, -1);
}

export class Checker implements Sink {
  private readonly columns = new Map<string, Column>();
  private readonly ownRows = new Set<string>();
  private readonly lines = new Lines();
  private readonly key = new Uint32Array(4);
  private readonly now: number;
  readonly scanOpts: { epoch?: unknown; now: number };
  private readonly decodeOpts: DecodeOptions;
  /** The source text held: from `base` on. */
  private text = '';
  private base = 0;

  constructor(opts: CheckOptions, private readonly emit: (p: CheckProblem) => void, private readonly onId: ((id: FoundId) => void) | undefined) {
    this.now = opts.now ?? Date.now();
    this.scanOpts = opts.epoch === undefined ? { now: this.now } : { epoch: opts.epoch, now: this.now };
    this.decodeOpts = decodeOptions(opts.epoch, this.now);
    const tolerance = opts.timeToleranceMs ?? DEFAULT_TIME_TOLERANCE_MS;
    this.rows = tolerance > 0 ? new RowTimes(tolerance, this.now, emit) : undefined;
  }

  /** Rows being read, for the time-mismatch rule; undefined when it is off. */
  private readonly rows: RowTimes | undefined;

  rowBegin(): void {
    this.rows?.begin();
  }

  rowEnd(): void {
    this.rows?.end();
  }

  /** The text the readers are reading now (from offset `base` on). */
  hold(text: string, base: number): void {
    this.text = text;
    this.base = base;
  }

  /** Nothing before `offset` is asked about again. */
  release(offset: number): void {
    this.lines.commit(this.text, this.base, offset);
  }

  position(offset: number): CheckPosition {
    return this.lines.position(this.text, this.base, offset);
  }

  private problem(code: CheckCode, severity: CheckSeverity, o: { start: number; end: number; text: string; kind?: IdKind }, path: string, message: string, extra: Partial<CheckProblem> = {}): CheckProblem {
    return {
      code, severity, message, start: o.start, end: o.end,
      range: { start: this.position(o.start), end: this.position(o.end) },
      text: own(o.text), path: shownPath(path), ...(o.kind ? { kind: o.kind } : {}), ...extra,
    };
  }

  private report(code: CheckCode, severity: CheckSeverity, o: { start: number; end: number; text: string; kind?: IdKind }, path: string, message: string, extra: Partial<CheckProblem> = {}): void {
    this.emit(this.problem(code, severity, o, path, message, extra));
  }

  /**
   * One scalar value of the file: `text` is its characters at `start` in the source (verbatim
   * false when escapes make the value differ from the source), `path` the key path it sits
   * under with array indexes as `[*]`, `key` the innermost key or column name.
   */
  value(text: string, start: number, verbatim: boolean, path: string, key: string | undefined): void {
    if (key !== undefined && this.rows?.open) this.rows.time(key, text);
    const len = text.length;
    if (len < SHORTEST_ID || len > LONGEST_ID) {
      // Too short or too long for any ID kind this checks; a label still makes it a claim.
      if (key === undefined || len === 0 || len > LABELLED_MAX) return;
      const label = labelOf(key);
      if (!label) return;
      // A short value its format's shape accepts (a small labelled snowflake) is read as well.
      const shaped = formatById(label.kind)?.shapes.some((s) => s.test(text));
      if (shaped || (!NOT_AN_ATTEMPT.test(text) && len >= 8)) this.labelled(text, start, verbatim, path, label, key);
      return;
    }
    const label = key === undefined ? undefined : labelOf(key);
    if (label) return this.labelled(text, start, verbatim, path, label, key);
    const m = this.wholeId(text);
    if (m) return this.found(m.kind, m.decoded, text, start, verbatim, path, key);
    // Under a key that names the row's own ID, the scanner's plausible years (made for free
    // text) must not hide an ID: one dated far ahead is still compared, and reported as future.
    if (key !== undefined && isIdentityName(key)) {
      const d = this.datedOutside(text);
      if (d) this.found(d.format.id, d, text, start, verbatim, path, key);
    }
  }

  /** The likeliest reading of `text` that is valid and has a time, but one outside the plausible years. */
  private datedOutside(text: string): DecodedId | undefined {
    return readings(text, this.decodeOpts).find((d) => d.valid && d.unixMs !== undefined && !plausibleTime(d.format, d.unixMs, this.now));
  }

  /** The ID that is the whole of `text`, by the scanner's rules (so hashes are not IDs). */
  private wholeId(text: string): ScanMatch | undefined {
    const matches = scan(text, this.scanOpts);
    const m = matches.length === 1 ? matches[0]! : undefined;
    return m && m.start === 0 && m.end === text.length && m.decoded.valid ? m : undefined;
  }

  private labelled(text: string, start: number, verbatim: boolean, path: string, label: Label, key: string | undefined): void {
    if (NOT_AN_ATTEMPT.test(text)) return;
    const f = formatById(label.kind);
    if (!f) return;
    const d = f.decode(text, this.decodeOpts);
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
    const end = start + text.length;
    const occ: Occurrence = { start, end: verbatim ? end : start, text, kind };
    if (this.onId) {
      const id: FoundId = { kind, text, start, end: occ.end, path };
      if (key !== undefined) id.key = key;
      if (d.unixMs !== undefined) id.unixMs = d.unixMs;
      if (d.version !== undefined) id.version = d.version;
      this.onId(id);
    }
    if (!verbatim) return; // a range we cannot point at exactly is not reported
    if (d.unixMs !== undefined && d.unixMs > this.now + DAY_MS) {
      this.report('future', 'warning', occ, path, `${kindName(kind)} dated ${d.time ?? new Date(d.unixMs).toISOString()}, after tomorrow: a wrong epoch, a bad clock or a typo?`);
    }
    let col = this.columns.get(path);
    if (!col) {
      const named = isNamedIdentity(key, path);
      if (named) {
        const row = ownRowOf(path);
        if (row !== undefined) this.ownRows.add(row);
      }
      col = { path: own(path), key: key === undefined ? undefined : own(key), named, embedded: undefined, count: 0, tables: new Map(), repeats: named ? undefined : [], ordered: 0, lastMs: 0, lastLine: 0, backs: [] };
      this.columns.set(path, col);
    }
    let table = col.tables.get(kind);
    if (!table) col.tables.set(kind, (table = new IdTable()));
    const at = this.position(start);
    if (col.named && d.unixMs !== undefined && this.rows?.open) {
      // The ID's range from `at` (an ID holds no line break): asking the lines for `end` here
      // would send the next question about `start` back to the last commit.
      const range = { start: at, end: { line: at.line, character: at.character + (occ.end - occ.start) } };
      const p: CheckProblem = { code: 'time-mismatch', severity: 'warning', message: '', start, end: occ.end, range, text: own(text), path: col.path, kind };
      this.rows.id(p, d.unixMs, `${kindName(kind)} under '${key ?? lastSegment(col.path)}'`);
    }
    const first = col.embedded === true ? undefined : table.firstOrAdd(identityKey(d, this.key), at.line, at.character);
    col.count++;
    // A later rule than this oracle's engine, the core's own: an embedded object's ID repeats by reference.
    if (first && col.named && col.embedded === undefined) col.embedded = isEmbeddedIdPath(col.path, (row) => this.ownRows.has(row));
    if (first && ((col.named && !col.embedded) || col.repeats)) {
      const p = this.problem('duplicate', 'error', occ, col.path, `duplicate ${kindName(kind)} under '${shownPath(col.path)}': first at line ${first.line + 1}, column ${first.character + 1}`, { first });
      if (col.named) this.emit(p);
      else if (col.repeats) {
        col.repeats.push(p);
        // More repeats than an identity column may have, and too many to hold: a reference.
        if (col.repeats.length > HELD_FLOOR && col.repeats.length > col.count * (1 - DISTINCT_SHARE)) col.repeats = undefined;
      }
    }
    if (d.unixMs !== undefined && timeOrdered(d)) {
      if (col.ordered > 0 && d.unixMs < col.lastMs && col.backs) {
        col.backs.push(this.problem('unsorted', 'info', occ, col.path,
          `${kindName(kind)} is older than the one on line ${col.lastLine + 1}, in a column that otherwise ascends by time`));
        if (col.backs.length > HELD_FLOOR && col.backs.length > col.ordered * UNSORTED_MAX_SHARE) col.backs = undefined;
      }
      col.ordered++;
      col.lastMs = d.unixMs;
      col.lastLine = at.line;
    }
  }

  /** Whether `text` is, as a whole, an ID the scanner recognises. */
  probe(text: string): boolean {
    return text.length >= SHORTEST_ID && text.length <= LONGEST_ID && this.wholeId(text) !== undefined;
  }

  unchecked(start: number, path: string, why = `nested deeper than ${CHECK_MAX_DEPTH.toLocaleString('en-US')} levels: the IDs inside are not checked`): void {
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

  /**
   * Once the whole file is read: repeats in columns that turned out to be identities are
   * duplicates, and columns that mostly ascend get each step back reported. Rules that need
   * the whole column are judged on what was held: a column whose repeats (or steps back)
   * outgrew HELD_FLOOR and the share allowed at some point counts as a reference (or unsorted).
   */
  finish(): void {
    this.rows?.finish();
    for (const col of this.columns.values()) {
      if (col.repeats && col.repeats.length > 0 && isIdentityColumn(col.key, col.path, col.count, col.count - col.repeats.length)) {
        for (const p of col.repeats) this.emit(p);
      }
      const backs = col.backs;
      if (col.ordered < UNSORTED_MIN || !backs || backs.length === 0 || backs.length > (col.ordered - 1) * UNSORTED_MAX_SHARE) continue;
      for (const p of backs) this.emit(p);
    }
    this.columns.clear();
  }
}
