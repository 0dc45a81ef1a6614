import type { IdKind } from '../types';
import { IdTable } from './idtable';
import { own } from './own';
import { shownPath } from './paths';
import { DEFAULT_TIME_TOLERANCE_MS, RowTimes } from './rowTime';
import { DISTINCT_SHARE, isEmbeddedIdPath, isIdentityColumn, isNamedIdentity, kindName, ownRowOf } from './rules';
import type { CheckOptions, CheckPosition, CheckProblem, TextSource } from './types';

// What the check keeps across a file: per key or column the distinct IDs (the duplicate rule)
// and the last time (the order rule), and the rows open (the time-mismatch rule). It is told
// facts in file order by a reader's checker (checker.ts), on this thread or, for a large file,
// from workers that read pieces of it (`FactLog`): whatever reads the values, the problems come
// out of here the same.

/** `unsorted` needs this many time-ordered IDs in a column, and at most this share of steps back. */
const UNSORTED_MIN = 4;
const UNSORTED_MAX_SHARE = 0.2;
/** Problems held for the end are dropped once there are this many and too many to be reported. */
const HELD_FLOOR = 1000;

/** Nothing held yet (never pushed to: a column's own list is made at its first problem; most never have one). */
const NONE_HELD: CheckProblem[] = [];

/** What a checker tells the ledger, in the order of the file. */
export interface Facts {
  /** A problem complete where it was found (invalid, future, unchecked). */
  problem(p: CheckProblem): void;
  /** A row begins and ends (a JSON/YAML object, a CSV record, an SQL tuple); an end with no row open is nothing. */
  rowBegin(): void;
  rowEnd(): void;
  /** A creation time (`created_at`) of the row open, if one is, under `key`. */
  creation(key: string, ms: number): void;
  /**
   * A recognised ID, verbatim in the source: its kind, time (and whether its kind is made in
   * time order), its identity (16 bytes as four words, read at once), its text (in `source`
   * from `from` on: cut only for a problem), offsets, the line and column of its start and end,
   * and where it sits (`path`, `key`).
   */
  id(kind: IdKind, unixMs: number | undefined, ordered: boolean, identity: Uint32Array, source: TextSource, from: number, start: number, end: number,
    line: number, character: number, endLine: number, endCharacter: number, path: string, key: string | undefined): void;
}

/**
 * What is kept per key or column: a table of the distinct IDs (32 to 64 bytes each), and,
 * for columns whose name does not say they hold identities, the repeats until the end shows
 * whether they are duplicates or references, at most a tenth of the values (or HELD_FLOOR).
 */
interface Column {
  path: string;
  /** The key or column name, when there is one. */
  key: string | undefined;
  /** Its name says it holds each row's own ID: a repeat is a duplicate the moment it is seen. */
  named: boolean;
  /** Named, but the ID of an object embedded in a row with its own (`$.orders[*].customer.id`): repeats are references. Decided at the first repeat. */
  embedded: boolean | undefined;
  count: number;
  /** Every kind's table, once a second kind is seen (a column nearly always holds one: `table`). */
  tables: Map<IdKind, IdTable> | undefined;
  /** The table of the kind seen last (a column nearly always holds one kind). */
  table: IdTable | undefined;
  tableKind: IdKind | undefined;
  /** Repeats waiting for the end; undefined once too many for an identity column. */
  repeats: CheckProblem[] | undefined;
  /** Time-ordered IDs seen, the last one's time and line, and the steps back (undefined once too many). */
  ordered: number;
  lastMs: number;
  lastLine: number;
  backs: CheckProblem[] | undefined;
}

export class Ledger implements Facts {
  private readonly columns = new Map<string, Column>();
  /** Paths of rows (`$.orders[*]`) that have an identity-named ID of their own. */
  private readonly ownRows = new Set<string>();
  /** Rows being read, for the time-mismatch rule; undefined when it is off. */
  private readonly rows: RowTimes | undefined;

  constructor(opts: CheckOptions, private readonly emit: (p: CheckProblem) => void) {
    const tolerance = opts.timeToleranceMs ?? DEFAULT_TIME_TOLERANCE_MS;
    this.rows = tolerance > 0 ? new RowTimes(tolerance, emit) : undefined;
  }

  /** Whether the time-mismatch rule is on (creation times are worth reading). */
  get rowTimes(): boolean {
    return this.rows !== undefined;
  }

  problem(p: CheckProblem): void {
    this.emit(p);
  }

  rowBegin(): void {
    this.rows?.begin();
  }

  rowEnd(): void {
    this.rows?.end();
  }

  creation(key: string, ms: number): void {
    if (this.rows?.open) this.rows.creation(key, ms);
  }

  id(kind: IdKind, unixMs: number | undefined, ordered: boolean, identity: Uint32Array, source: TextSource, from: number, start: number, end: number,
    line: number, character: number, endLine: number, endCharacter: number, path: string, key: string | undefined): void {
    let col = this.columns.get(path);
    if (!col) {
      const named = isNamedIdentity(key, path);
      if (named) {
        const row = ownRowOf(path);
        if (row !== undefined) this.ownRows.add(own(row));
      }
      col = { path: own(path), key: key === undefined ? undefined : own(key), named, embedded: undefined, count: 0, tables: undefined, table: undefined, tableKind: undefined, repeats: named ? undefined : NONE_HELD, ordered: 0, lastMs: 0, lastLine: 0, backs: NONE_HELD };
      this.columns.set(path, col);
    }
    let table: IdTable | undefined;
    if (col.tableKind === kind) table = col.table!;
    else {
      if (col.table !== undefined && col.tables === undefined) col.tables = new Map([[col.tableKind!, col.table]]);
      table = col.tables?.get(kind);
      if (!table) {
        table = new IdTable();
        col.tables?.set(kind, table);
      }
      col.table = table;
      col.tableKind = kind;
    }
    if (col.named && unixMs !== undefined && this.rows?.open) {
      this.rows.id(start, end, source, from, line, character, col.path, kind, key, unixMs);
    }
    // A column found to be a reference (repeats too many to be an identity's) looks nothing up
    // again: its repeats are no duplicates, and its count is not asked any more.
    const first = (col.named && col.embedded !== true) || col.repeats ? table.firstOrAdd(identity, line, character) : undefined;
    col.count++;
    // The first repeat under a name asks whether the ID is an embedded object's (by then the row's own ID has come).
    if (first && col.named && col.embedded === undefined) col.embedded = isEmbeddedIdPath(col.path, (row) => this.ownRows.has(row));
    if (first && ((col.named && !col.embedded) || col.repeats)) {
      const p = this.problem2('duplicate', 'error', kind, source.slice(from, from + end - start), start, end, line, character, endLine, endCharacter, col.path,
        `duplicate ${kindName(kind)} under '${shownPath(col.path)}': first at line ${first.line + 1}, column ${first.character + 1}`, first);
      if (col.named) this.emit(p);
      else if (col.repeats) {
        if (col.repeats === NONE_HELD) col.repeats = [];
        col.repeats.push(p);
        // More repeats than an identity column may have, and too many to hold: a reference.
        if (col.repeats.length > HELD_FLOOR && col.repeats.length > col.count * (1 - DISTINCT_SHARE)) col.repeats = undefined;
      }
    }
    if (unixMs !== undefined && ordered) {
      if (col.ordered > 0 && unixMs < col.lastMs && col.backs) {
        if (col.backs === NONE_HELD) col.backs = [];
        col.backs.push(this.problem2('unsorted', 'info', kind, source.slice(from, from + end - start), start, end, line, character, endLine, endCharacter, col.path,
          `${kindName(kind)} is older than the one on line ${col.lastLine + 1}, in a column that otherwise ascends by time`));
        if (col.backs.length > HELD_FLOOR && col.backs.length > col.ordered * UNSORTED_MAX_SHARE) col.backs = undefined;
      }
      col.ordered++;
      col.lastMs = unixMs;
      col.lastLine = line;
    }
  }

  private problem2(code: 'duplicate' | 'unsorted', severity: 'error' | 'info', kind: IdKind, text: string, start: number, end: number,
    line: number, character: number, endLine: number, endCharacter: number, path: string, message: string, first?: CheckPosition): CheckProblem {
    return {
      code, severity, message, start, end,
      range: { start: { line, character }, end: { line: endLine, character: endCharacter } },
      text: own(text), path: shownPath(path), kind, ...(first ? { first } : {}),
    };
  }

  /** Nothing kept may read `source` from now on (its bytes are about to be reused). */
  detach(source: TextSource): void {
    this.rows?.detach(source);
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
    this.ownRows.clear();
  }
}
