import type { IdKind } from '../types';
import { Checker } from './checker';
import { delimitedReader } from './csv';
import { JsonPaths, JsonReader } from './json';
import { Ledger, type Facts } from './ledger';
import { DEFAULT_TIME_TOLERANCE_MS } from './rowTime';
import type { CheckProblem, CheckStreamOptions, Reader, TextSource } from './types';

// A large file checked in pieces on several threads (the CLI's workers): each piece starts at a
// record's start (after a line feed outside quotes), is read and judged on its own by a checker
// that writes its facts into a `FactLog` (numbers in one array, strings in a table: cheap to send
// between threads), and the facts are told to the file's one ledger in file order, offsets and
// lines moved by what came before. What is judged depends on a value, its key and its place only
// (checker.ts), so the problems are the ones one pass over the file reports, in the same order.
// Only formats whose records end at line feeds are cut: JSON Lines, CSV and TSV.

/** What a piece's checker is told besides its text. */
export interface PieceJob {
  format: 'csv' | 'tsv' | 'jsonl';
  /** The CSV's or TSV's field delimiter. */
  delimiter: string;
  /** Undefined for the piece that holds the file's first record (it may be a header); else the columns it named (undefined: none). */
  header?: { names: string[] | undefined };
  /** No text follows this piece. */
  last: boolean;
  now: number;
  epoch?: unknown;
  timeToleranceMs?: number;
}

/** A piece's facts, as a worker sends them back. */
export interface PieceFacts {
  /** Op codes and their operands (see `FactLog`). */
  nums: Float64Array;
  count: number;
  strings: string[];
  problems: CheckProblem[];
  /** The first piece: whether its first record came (`header` is then the columns it named). */
  headerKnown: boolean;
  header: string[] | undefined;
  /** Line breaks in the piece, and its length in characters. */
  lines: number;
  chars: number;
}

const PROBLEM = 1, ROW_BEGIN = 2, ROW_END = 3, CREATION = 4, ID = 5;
/** Strings a fact log looks through before its map (a power of two). */
const RECENT = 8;
/** (path, kind, key) triples an ID's fact looks through first. */
const TRIPLES = 4;

/** Facts written down to be told later, elsewhere: `replay` tells them. */
export class FactLog implements Facts {
  nums = new Float64Array(16 * 1024);
  count = 0;
  strings: string[] = [];
  problems: CheckProblem[] = [];
  private readonly index = new Map<string, number>();
  /**
   * The strings written last and their indexes, looked through before the map: a row writes
   * the same few (its kinds, paths and keys, the same string objects row after row), and
   * comparing one with itself is cheaper than hashing it.
   */
  /** The path, kind and key of the IDs written last (compared by reference), their indexes, and where the next goes. */
  private readonly triples: (string | undefined)[] = new Array<string | undefined>(TRIPLES * 3).fill(undefined);
  private readonly tripleIndexes = new Int32Array(TRIPLES * 3);
  private tripleNext = 0;
  private readonly recent: string[] = new Array<string>(RECENT).fill('');
  private readonly recentIndex = new Int32Array(RECENT).fill(-1);
  private recentNext = 0;

  private room(k: number): Float64Array {
    if (this.count + k > this.nums.length) {
      const more = new Float64Array(this.nums.length * 2);
      more.set(this.nums.subarray(0, this.count));
      this.nums = more;
    }
    return this.nums;
  }

  private string(s: string): number {
    const recent = this.recent;
    for (let r = 0; r < RECENT; r++) if (recent[r] === s && this.recentIndex[r]! >= 0) return this.recentIndex[r]!;
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.strings.length;
      this.strings.push(s);
      this.index.set(s, i);
    }
    const r = this.recentNext;
    recent[r] = s;
    this.recentIndex[r] = i;
    this.recentNext = (r + 1) & (RECENT - 1);
    return i;
  }

  /** Forgets what was written (once told, on the same thread). */
  clear(): void {
    this.count = 0;
    this.strings = [];
    this.problems = [];
    this.index.clear();
    this.recentIndex.fill(-1);
    this.triples.fill(undefined);
  }

  problem(p: CheckProblem): void {
    const a = this.room(2);
    a[this.count++] = PROBLEM;
    a[this.count++] = this.problems.length;
    this.problems.push(p);
  }

  rowBegin(): void {
    this.room(1)[this.count++] = ROW_BEGIN;
  }

  rowEnd(): void {
    this.room(1)[this.count++] = ROW_END;
  }

  creation(key: string, ms: number): void {
    const a = this.room(3);
    a[this.count++] = CREATION;
    a[this.count++] = this.string(key);
    a[this.count++] = ms;
  }

  id(kind: IdKind, unixMs: number | undefined, ordered: boolean, identity: Uint32Array, _source: TextSource, _from: number, start: number, end: number,
    line: number, character: number, endLine: number, endCharacter: number, path: string, key: string | undefined): void {
    const a = this.room(16);
    let n = this.count;
    // The kind, path and key of an ID: nearly always those of an earlier ID of the same column.
    const t = this.triples;
    let r = 0;
    while (r < TRIPLES * 3 && !(t[r] === path && t[r + 1] === kind && t[r + 2] === key)) r += 3;
    if (r === TRIPLES * 3) {
      r = this.tripleNext;
      this.tripleNext = r + 3 === TRIPLES * 3 ? 0 : r + 3;
      t[r] = path;
      t[r + 1] = kind;
      t[r + 2] = key;
      const x = this.tripleIndexes;
      x[r] = this.string(kind);
      x[r + 1] = this.string(path);
      x[r + 2] = key === undefined ? -1 : this.string(key);
    }
    const x = this.tripleIndexes;
    a[n++] = ID;
    a[n++] = x[r]!;
    a[n++] = unixMs === undefined ? NaN : unixMs;
    a[n++] = ordered ? 1 : 0;
    a[n++] = identity[0]!;
    a[n++] = identity[1]!;
    a[n++] = identity[2]!;
    a[n++] = identity[3]!;
    a[n++] = start;
    a[n++] = end;
    a[n++] = line;
    a[n++] = character;
    a[n++] = endLine;
    a[n++] = endCharacter;
    a[n++] = x[r + 1]!;
    a[n++] = x[r + 2]!;
    this.count = n;
  }
}

/**
 * Tells `into` the facts of a piece that starts at character offset `charBase` and line
 * `lineBase` of the file (at a line's start, so columns stay as they are); `text` is the piece's
 * text from its offset `textBase` on, which holds the IDs told.
 */
export function replay(f: Pick<PieceFacts, 'nums' | 'count' | 'strings' | 'problems'>, text: TextSource, textBase: number, charBase: number, lineBase: number, into: Facts): void {
  const { nums, strings, problems } = f;
  const identity = new Uint32Array(4);
  let i = 0;
  while (i < f.count) {
    switch (nums[i++]) {
      case PROBLEM: {
        const p = problems[nums[i++]!]!;
        p.start += charBase;
        p.end += charBase;
        p.range.start.line += lineBase;
        p.range.end.line += lineBase;
        into.problem(p);
        break;
      }
      case ROW_BEGIN:
        into.rowBegin();
        break;
      case ROW_END:
        into.rowEnd();
        break;
      case CREATION:
        into.creation(strings[nums[i]!]!, nums[i + 1]!);
        i += 2;
        break;
      case ID: {
        const ms = nums[i + 1]!;
        identity[0] = nums[i + 3]!;
        identity[1] = nums[i + 4]!;
        identity[2] = nums[i + 5]!;
        identity[3] = nums[i + 6]!;
        const start = nums[i + 7]!, end = nums[i + 8]!, key = nums[i + 14]!;
        into.id(strings[nums[i]!]! as IdKind, Number.isNaN(ms) ? undefined : ms, nums[i + 2] === 1, identity, text, start - textBase,
          start + charBase, end + charBase, nums[i + 9]! + lineBase, nums[i + 10]!, nums[i + 11]! + lineBase, nums[i + 12]!,
          strings[nums[i + 13]!]!, key < 0 ? undefined : strings[key]);
        i += 15;
        break;
      }
      default:
        throw new Error(`check: no fact ${nums[i - 1]}`);
    }
  }
}

/**
 * Checks pieces of a file, each given in parts (a worker gives each whole; this thread, the rest
 * of a file whose records grew too long to cut, in 64 KB parts): facts collect in `log`, told
 * and emptied after each part. One judge serves every piece of a file: what it remembers (the
 * values it saw twice, the keys) holds for all of them.
 */
export class PieceCheck {
  readonly log = new FactLog();
  headerKnown = false;
  header: string[] | undefined;
  private readonly checker: Checker;
  private reader: Reader | undefined;
  private text = '';
  private base = 0;

  constructor(readonly job: Omit<PieceJob, 'last' | 'header'>) {
    this.checker = new Checker(job, this.log, undefined, (job.timeToleranceMs ?? DEFAULT_TIME_TOLERANCE_MS) > 0);
  }

  /** Whether this judge judges pieces of `job`'s file as that job asks. */
  serves(job: PieceJob): boolean {
    const j = this.job;
    // The job comes cloned with each piece: an epoch written out (a layout) is compared by value.
    return j.format === job.format && j.delimiter === job.delimiter && j.now === job.now && j.timeToleranceMs === job.timeToleranceMs && JSON.stringify(j.epoch) === JSON.stringify(job.epoch);
  }

  /** The next piece starts (at a record's start); `header` as `PieceJob.header`. */
  begin(header: PieceJob['header']): void {
    const c = this.checker;
    c.restart();
    this.text = '';
    this.base = 0;
    if (this.job.format === 'jsonl') {
      this.reader = new JsonReader(new JsonPaths(c), true);
      this.headerKnown = true;
    } else {
      const onHeader = (names: string[] | undefined): void => {
        this.headerKnown = true;
        this.header = names;
      };
      this.headerKnown = header !== undefined;
      this.header = header?.names;
      this.reader = delimitedReader(c, this.job.delimiter, header === undefined ? { onHeader } : { continued: { header: header.names } });
    }
  }

  /**
   * The next part of the piece's text; `final`: the last. Its facts go to `told` with the text
   * held (from offset `base` of the piece on), before it is dropped; the log is then emptied.
   * Returns the offset read up to (all of it, for a piece that ends a record).
   */
  write(part: string, final: boolean, told: (log: FactLog, text: string, base: number) => void, ascii?: Uint8Array): number {
    this.text = this.text === '' ? part : this.text + part;
    const codes = this.base === 0 && this.text === part ? ascii : undefined;
    this.checker.hold(this.text, this.base, codes);
    const keep = this.reader!.read(this.text, this.base, final, codes);
    told(this.log, this.text, this.base);
    this.log.clear();
    this.checker.release(keep);
    this.text = this.text.slice(keep - this.base);
    this.base = keep;
    return keep;
  }

  /** Line breaks before `offset`, one read up to (or the last one asked about). */
  linesTo(offset: number): number {
    return this.checker.position(offset).line;
  }
}

/** Where `Cuts` is in a CSV: at a field's start, inside an unquoted one, inside quotes, just after a quote inside them. */
const FIELD_START = 0, IN_FIELD = 1, QUOTED = 2, QUOTE_SEEN = 3;

/**
 * Where a file of `format` may be cut into pieces: after a line feed that ends a record. For
 * JSON Lines every line feed does; for a CSV one outside a quoted field, which a state kept from
 * byte to byte tells (as the reader in csv.ts reads it: a quote opens a field only at its start,
 * `""` inside is a quote). Bytes are looked at once, in order; quotes are found by native search.
 */
export class Cuts {
  private state = FIELD_START;

  /** `delimiter`: the CSV's, one ASCII byte (JSON Lines: undefined). */
  constructor(private readonly delimiter: number | undefined) {}

  /** Reads `b[from, to)` on from where the last call stopped; returns the offset after the last line feed in it that ends a record, or -1. */
  advance(b: Uint8Array, from: number, to: number): number {
    if (from >= to) return -1;
    const d = this.delimiter;
    if (d === undefined) {
      const nl = b.lastIndexOf(10, to - 1);
      return nl >= from ? nl + 1 : -1;
    }
    let s = this.state;
    let last = -1;
    let i = from;
    while (i < to) {
      if (s === QUOTED) {
        const q = b.indexOf(34, i);
        if (q < 0 || q >= to) {
          i = to;
          break;
        }
        i = q + 1;
        s = QUOTE_SEEN;
        continue;
      }
      let q = b.indexOf(34, i);
      if (q < 0 || q > to) q = to;
      // No quote in [i, q): every line feed there ends a record.
      if (q > i) {
        const nl = b.lastIndexOf(10, q - 1);
        if (nl >= i) last = nl + 1;
        const c = b[q - 1]!;
        s = c === d || c === 10 || c === 13 ? FIELD_START : IN_FIELD;
      }
      if (q === to) break;
      // A quote at a field's start opens it; right after a closing quote it is an escaped one.
      s = s === FIELD_START || s === QUOTE_SEEN ? QUOTED : IN_FIELD;
      i = q + 1;
    }
    this.state = s;
    return last;
  }
}

/**
 * The file's side of a check in pieces: the one ledger, told each piece's facts in file order
 * with offsets and lines moved by the pieces before. Problems go to `opts.onProblem` as one
 * `createCheck` of the whole file would report them.
 */
export class CheckInPieces {
  private readonly ledger: Ledger;
  private chars = 0;
  private lines = 0;
  private header: { names: string[] | undefined } | undefined;
  private readonly base: Omit<PieceJob, 'last' | 'header'>;


  constructor(opts: CheckStreamOptions, format: PieceJob['format'], delimiter: string) {
    this.ledger = new Ledger(opts, opts.onProblem);
    this.base = { format, delimiter, now: opts.now ?? Date.now(), ...(opts.epoch === undefined ? {} : { epoch: opts.epoch }), ...(opts.timeToleranceMs === undefined ? {} : { timeToleranceMs: opts.timeToleranceMs }) };
  }

  /** Whether a piece can be judged before the pieces before it are told: a CSV's first record has come. */
  get ready(): boolean {
    return this.base.format === 'jsonl' || this.header !== undefined;
  }

  /** The job of the next piece (its checker needs the header of the file). */
  job(last: boolean): PieceJob {
    return this.header === undefined ? { ...this.base, last } : { ...this.base, last, header: this.header };
  }

  /** The piece told before the last: its rows have ended (a CSV's last one at the next piece's first record). */
  private previous: PieceText | undefined;

  /**
   * A piece's facts, with its bytes: the next piece of the file. Returns the bytes of the piece
   * before it, which nothing reads any more, to be reused.
   */
  tell(f: PieceFacts, bytes: Uint8Array): Uint8Array | undefined {
    const text = new PieceText(bytes);
    replay(f, text, 0, this.chars, this.lines, this.ledger);
    this.chars += f.chars;
    this.lines += f.lines;
    if (this.header === undefined && f.headerKnown) this.header = { names: f.header };
    const done = this.previous;
    this.previous = text;
    if (done === undefined) return undefined;
    // A row still open from it (a JSON object a line feed cut short) keeps a copy of its ID.
    this.ledger.detach(done);
    return done.bytes;
  }

  /** The rest of the file, checked on this thread in parts of text: `write` each, then `end`. */
  rest(): { write(text: string): void; end(): void } {
    const piece = new PieceCheck(this.base);
    piece.begin(this.header);
    const chars = this.chars, lines = this.lines;
    const told = (log: FactLog, text: string, base: number): void => replay(log, text, base, chars, lines, this.ledger);
    return {
      write: (text) => void piece.write(text, false, told),
      end: () => void piece.write('', true, told),
    };
  }

  /** The file ended: the rules that need all of it. */
  end(): void {
    this.ledger.finish();
  }
}

/**
 * A piece's text, decoded from its bytes only when a problem (or a row that may be one) needs an
 * ID's text: most pieces have none, and this thread then never makes their text.
 */
class PieceText implements TextSource {
  private text: string | undefined;

  constructor(readonly bytes: Uint8Array) {}

  slice(from: number, to: number): string {
    this.text ??= new TextDecoder('utf-8', { ignoreBOM: true }).decode(this.bytes);
    return this.text.slice(from, to);
  }
}

/**
 * A piece judged whole (in a worker) by `judge` (made anew when the job is another file's): its
 * facts, to send back. `spare`: an array the next facts are written into (one handed back).
 * `ascii`: the piece's bytes, when every one is ASCII (then its values are read from them).
 */
export function checkPiece(text: string, job: PieceJob, judge?: PieceCheck, spare?: Float64Array<ArrayBuffer>, ascii?: Uint8Array): { facts: PieceFacts; judge: PieceCheck } {
  const piece = judge !== undefined && judge.serves(job) ? judge : new PieceCheck(job);
  piece.begin(job.header);
  let facts: PieceFacts | undefined;
  const read = piece.write(text, job.last, (log) => {
    facts = { nums: log.nums, count: log.count, strings: log.strings, problems: log.problems, headerKnown: false, header: undefined, lines: 0, chars: text.length };
    // Handed out: the log must not write into these again.
    log.nums = spare ?? new Float64Array(log.nums.length);
    log.strings = [];
    log.problems = [];
  }, ascii);
  // A piece is cut where a record ends: a reader that wants more of it means the cut was wrong.
  if (read !== text.length) throw new Error(`check: a piece was cut inside a record (read ${read} of ${text.length} characters)`);
  const f = facts!;
  f.headerKnown = piece.headerKnown;
  f.header = piece.header;
  f.lines = piece.linesTo(text.length);
  return { facts: f, judge: piece };
}
