// The work of `idsmith scan` on one piece of input, as bytes: scan it, then write each match
// (NDJSON, the readable line, or the input with times inserted) into a reused byte buffer. The
// same function runs on the main thread and in the scan workers (scanPool.ts), so output does
// not depend on how the input was split.
import { ValueScanner, latin1Of, scanBytesTo, type LineCount, type ScanOptions } from '../core/scan';
import { RunWalker } from './scanRuns';
import { escapeControls } from './safe';

export type ScanMode = 'json' | 'text' | 'annotate';

/** What a piece needs besides its bytes: where it stands in the input and what to write. */
export interface PieceJob {
  mode: ScanMode;
  /** The file name already as a JSON string (`json`) or escaped with `:` (`text`); '' for stdin. */
  name: string;
  /** Scan runs starting in [from, to) of `bytes`; `start` is where the piece's own bytes begin. */
  start: number;
  from: number;
  to: number;
  /** Input offset of `bytes[0]`. */
  offset: number;
  /** Line number at `start` and the input offset where that line starts. */
  line: number;
  lineStart: number;
  epoch: unknown;
  now: number;
}

export interface PieceResult {
  out: Uint8Array;
  /** Some match is invalid (exit status 1). */
  invalid: boolean;
  /** Input offset where the last match ends (-1 for none): past `to` when an ID ran over a cut. */
  lastEnd: number;
}

const TEXT = new TextEncoder();

/** An output buffer written byte by byte, grown by doubling and reused between pieces. */
export class ByteWriter {
  buf: Uint8Array;
  len = 0;

  constructor(size = 256 * 1024) {
    this.buf = new Uint8Array(size);
  }

  reserve(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  /** ASCII text (names, keys, ISO times, numbers). */
  ascii(s: string): void {
    const n = s.length;
    this.reserve(n);
    const { buf } = this;
    let len = this.len;
    for (let i = 0; i < n; i++) buf[len++] = s.charCodeAt(i);
    this.len = len;
  }

  /** Any text, as UTF-8. */
  text(s: string): void {
    this.reserve(s.length * 3);
    this.len += TEXT.encodeInto(s, this.buf.subarray(this.len)).written;
  }

  copy(src: Uint8Array, from: number, to: number): void {
    const n = to - from;
    this.reserve(n);
    if (n > 48) {
      this.buf.set(src.subarray(from, to), this.len);
    } else {
      // An ID's text: a loop is cheaper than the view `subarray` allocates. (The text between
      // matches that --annotate copies is longer: 48 measured best for it.)
      const { buf } = this;
      for (let i = from, j = this.len; i < to; i++, j++) buf[j] = src[i]!;
    }
    this.len += n;
  }

  /** `src` whole (a fragment made once: a key, a kind), by a loop: cheaper than `set` for a few bytes. */
  bytes(src: Uint8Array): void {
    const n = src.length;
    this.reserve(n);
    const { buf } = this;
    for (let i = 0, j = this.len; i < n; i++, j++) buf[j] = src[i]!;
    this.len += n;
  }

  /** A non-negative integer, without making its text (below 10^8 in 32-bit steps; a Unix ms time as two such halves). */
  int(n: number): void {
    if (n < 1e8) {
      this.small(n);
    } else if (n < 1e16) {
      const high = Math.floor(n / 1e8);
      this.small(high);
      this.digits(n - high * 1e8, 8);
    } else {
      this.ascii(String(n));
    }
  }

  /** 0 <= n < 10^8. */
  private small(n: number): void {
    this.digits(n, n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : n < 10000 ? 4 : n < 100000 ? 5 : n < 1000000 ? 6 : n < 10000000 ? 7 : 8);
  }

  /** The last `count` decimal digits of 0 <= n < 2^31, zero-padded, in 32-bit steps. */
  private digits(n: number, count: number): void {
    this.reserve(count);
    const { buf } = this;
    let v = n | 0;
    for (let i = this.len + count - 1; i >= this.len; i--) {
      const q = (v / 10) | 0;
      buf[i] = 48 + v - q * 10;
      v = q;
    }
    this.len += count;
  }
}

/**
 * Whether the matches of a piece stand under the editor's per-line reading: only a kind's label
 * may reach back across a line end, so a labelled-invalid ULID or KSUID is kept only if its line
 * alone gives it. Each such line is scanned alone once, for all its matches: a scan of the line
 * per match made a one-line file of labelled broken ULIDs quadratic (1 MB took 286 s).
 */
class LinesAlone {
  /** The line scanned alone last, [from, to) of the text, and where its matches start and end. */
  private from = -1;
  private to = -1;
  private readonly ends = new Map<number, number>();
  private scanner: ValueScanner | undefined;

  constructor(private readonly bytes: Uint8Array, private readonly latin1: string, private readonly opts: ScanOptions) {}

  kept(kind: string, start: number, end: number, valid: boolean): boolean {
    if (valid || (kind !== 'ulid' && kind !== 'ksuid')) return true;
    if (start < this.from || end > this.to) {
      const latin1 = this.latin1;
      this.from = latin1.lastIndexOf('\n', start - 1) + 1;
      const nl = latin1.indexOf('\n', end);
      this.to = nl === -1 ? latin1.length : nl;
      this.ends.clear();
      // One scanner for all the lines of a piece, on the line's own bytes (a new one per line cost
      // 20 us, most of a line's time in a file of broken ULIDs).
      this.scanner ??= new ValueScanner(this.opts);
      for (const m of this.scanner.scan(this.bytes.subarray(this.from, this.to), latin1.slice(this.from, this.to))) this.ends.set(this.from + m.start, this.from + m.end);
    }
    return this.ends.get(start) === end;
  }
}

const NEWLINE = 10;

// The constant parts of an NDJSON line, encoded once.
const COLUMN = TEXT.encode(',"column":');
const TEXT_KEY = TEXT.encode(',"text":"');
const UNIX_MS = TEXT.encode(',"unixMs":');
const CLOSE = TEXT.encode('}\n');
const kindFragments = new Map<string, Uint8Array>();

/** `","kind":"ulid","valid":true`: the part of a line between the text and the time, per kind. */
function kindFragment(kind: string, valid: boolean): Uint8Array {
  const key = valid ? kind : `!${kind}`;
  let f = kindFragments.get(key);
  if (f === undefined) {
    f = TEXT.encode(`","kind":"${kind}","valid":${valid}`);
    kindFragments.set(key, f);
  }
  return f;
}

let walker: RunWalker | undefined;

/**
 * Where the walker keeps each kind's part (`RunWalker.part`; -1: no room, which never comes),
 * for valid and invalid IDs: one lookup by the kind per line, where a line looked up its fragment
 * by the kind and then the fragment's place by the fragment.
 */
const validParts = new Map<string, number>();
const invalidParts = new Map<string, number>();

function partOf(runs: RunWalker, kind: string, valid: boolean): number {
  const parts = valid ? validParts : invalidParts;
  let part = parts.get(kind);
  if (part === undefined) {
    part = runs.part(kindFragment(kind, valid));
    parts.set(kind, part);
  }
  return part;
}

/**
 * Scans one piece and writes its output into `w` (appending). Each match is written as the scan
 * finds it and then dropped: nothing of a piece's matches outlives its line of output.
 */
export function runPiece(bytes: Uint8Array, latin1: string, job: PieceJob, w: ByteWriter): PieceResult {
  const opts: ScanOptions = { epoch: job.epoch, now: job.now };
  // The byte loop runs in WebAssembly: one walker per thread, made on the first piece.
  const runs = (walker ??= new RunWalker()).load(bytes);
  let invalid = false;
  let lastEnd = -1;
  const alone = new LinesAlone(bytes, latin1, opts);
  if (job.mode === 'annotate') {
    let from = job.start;
    scanBytesTo((kind, start, end, d) => {
      const valid = d.valid;
      if (!alone.kept(kind, start, end, valid)) return;
      lastEnd = end;
      if (!valid) invalid = true;
      const time = valid ? d.time : undefined;
      if (time === undefined) return;
      w.copy(bytes, from, end);
      w.ascii(' [');
      w.ascii(time);
      w.ascii(']');
      from = end;
    }, bytes, job.from, job.to, opts, latin1, undefined, runs);
    w.copy(bytes, from, Math.max(job.to, lastEnd));
    return { out: w.buf.subarray(0, w.len), invalid, lastEnd: lastEnd === -1 ? -1 : job.offset + lastEnd };
  }
  // Line ends are counted by the scan itself, in the same pass over the bytes.
  const lines: LineCount = { count: 0, after: -1 };
  const firstLineStart = job.lineStart - job.offset; // in `bytes`; may be before 0 when the piece starts mid-line
  const json = job.mode === 'json';
  // Made once per piece: a file name in every line was a string built per match.
  const head = json ? TEXT.encode(job.name === '' ? '{"line":' : `{"file":${job.name},"line":`) : TEXT.encode(job.name);
  // NDJSON lines are written by the walker, from the input it holds (scanRuns.wat, `emit`), but
  // for a head too long to keep there and a time that is no integer from 0 to 10^16.
  const inWasm = json && runs.setHead(head);
  scanBytesTo((kind, start, end, d) => {
    // Each of the decoded ID's fields is read once: the formats' IDs are a dozen shapes.
    const valid = d.valid;
    if (!alone.kept(kind, start, end, valid)) return;
    lastEnd = end;
    const line = job.line + lines.count;
    const column = start - (lines.after === -1 ? firstLineStart : lines.after) + 1;
    if (!valid) invalid = true;
    if (inWasm) {
      const ms = valid ? d.unixMs : undefined;
      const part = partOf(runs, kind, valid);
      if (part >= 0 && end - start <= 1024) {
        if (ms === undefined) return runs.emit(w, start, end, line, column, part, -1);
        if (ms >= 0 && ms < 1e16 && Number.isInteger(ms)) return runs.emit(w, start, end, line, column, part, ms);
      }
      runs.flush(w);
    }
    w.bytes(head);
    if (json) {
      w.int(line);
      w.bytes(COLUMN);
      w.int(column);
      w.bytes(TEXT_KEY);
      w.copy(bytes, start, end); // word chars, '-', '{', '}', ':': nothing to escape
      w.bytes(kindFragment(kind, valid));
      if (valid && d.unixMs !== undefined) {
        w.bytes(UNIX_MS);
        if (Number.isInteger(d.unixMs) && d.unixMs >= 0) w.int(d.unixMs);
        else w.ascii(String(d.unixMs));
      }
      w.bytes(CLOSE);
    } else {
      w.int(line);
      w.ascii(':');
      w.int(column);
      w.ascii(': ');
      w.ascii(kind);
      w.ascii(' ');
      w.copy(bytes, start, end);
      if (valid) {
        const time = d.time;
        if (time !== undefined && time !== '') {
          w.ascii(' ');
          w.ascii(time);
        }
      } else {
        w.ascii(' invalid: ');
        w.text(escapeControls(d.error ?? '').trimEnd());
      }
      w.ascii('\n');
    }
  }, bytes, job.from, job.to, opts, latin1, lines, runs);
  if (inWasm) runs.flush(w);
  return { out: w.buf.subarray(0, w.len), invalid, lastEnd: lastEnd === -1 ? -1 : job.offset + lastEnd };
}

/**
 * Longest stretch of a piece scanned with a text of its own. With the context on each side it
 * stays below V8's large-object size (128 KB), so its latin1 text is made in the young
 * generation: a 512 KB piece's text went to the large-object space, five times slower to make,
 * and its garbage filled a worker's small old generation.
 */
export const PART = 96 * 1024;
/** Bytes around a part that its scan may read (as `CONTEXT` in scanInput.ts; scan rules look back 8 KB at most). */
const PART_CONTEXT = 9 * 1024;

/**
 * `runPiece` over the piece in parts of at most `part` bytes, each scanned with `PART_CONTEXT`
 * bytes around it and a latin1 text of its own; the output is the piece's, written in order. A
 * part ends after a line end, or, in a line longer than a part (a one-line JSON dump, a minified
 * log), after a char that ends a run (`partCut`); an ID that runs over that cut was found by its
 * part, and the next part starts where it ended, as the next piece does after a cut of a long line.
 * A whole long line as one part made its text an external string of megabytes per piece, which
 * the worker freed only at a full collection: a 90 MB one-line log peaked at 194-244 MB.
 */
export function runParts(bytes: Uint8Array, job: PieceJob, w: ByteWriter, part = PART): PieceResult {
  let invalid = false;
  let lastEnd = -1;
  let start = job.start, from = job.from, line = job.line, lineStart = job.lineStart;
  for (;;) {
    let end = job.to;
    if (job.to - start > part) {
      // (Searched in the part only: from its end, `lastIndexOf` reads back to the piece's start.)
      const nl = bytes.subarray(start, start + part).lastIndexOf(NEWLINE);
      end = nl >= 0 ? start + nl + 1 : partCut(bytes, start, start + part, job.to);
    }
    const lo = end === job.to && start === job.start ? 0 : Math.max(0, start - PART_CONTEXT);
    const hi = end === job.to ? bytes.length : Math.min(bytes.length, end + PART_CONTEXT);
    const sub = bytes.subarray(lo, hi);
    const r = runPiece(sub, latin1Of(sub), { ...job, start: start - lo, from: Math.max(from, start) - lo, to: end - lo, offset: job.offset + lo, line, lineStart }, w);
    invalid ||= r.invalid;
    if (r.lastEnd > lastEnd) lastEnd = r.lastEnd;
    if (end === job.to) break;
    // The part's bytes are still the walker's input: it counts their line ends.
    const ends = walker!.lineEnds(start - lo, end - lo);
    if (ends > 0) {
      line += ends;
      lineStart = job.offset + bytes.lastIndexOf(NEWLINE, end - 1) + 1;
    }
    // Where the scan stopped: past the cut when an ID ran over it (in the piece's offsets).
    const resume = r.lastEnd - job.offset;
    if (resume >= job.to) break;
    start = Math.max(end, resume);
    from = Math.max(from, start);
  }
  return { out: w.buf.subarray(0, w.len), invalid, lastEnd };
}

/**
 * Where a part of a line with no line end in [start, cap) ends: after the last char before `cap`
 * that ends a run and starts no escape (not `%` or `\`), so no run and no escape is cut; in a
 * run longer than the part, after the first such char past `cap`; `to` when there is none.
 */
function partCut(bytes: Uint8Array, start: number, cap: number, to: number): number {
  for (let p = cap; p > start; p--) if (endsRun(bytes[p - 1]!)) return p;
  for (let p = cap + 1; p < to; p++) if (endsRun(bytes[p - 1]!)) return p;
  return to;
}

function endsRun(c: number): boolean {
  return !((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 37 || c === 92);
}

/** Newlines in bytes[from, to) and the offset after the last one (-1 for none). */
export function countLines(bytes: Uint8Array, from: number, to: number): { lines: number; lastAfter: number } {
  let lines = 0, lastAfter = -1;
  for (let nl = bytes.indexOf(NEWLINE, from); nl !== -1 && nl < to; nl = bytes.indexOf(NEWLINE, nl + 1)) {
    lines++;
    lastAfter = nl + 1;
  }
  return { lines, lastAfter };
}
