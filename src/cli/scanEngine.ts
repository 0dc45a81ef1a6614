// The work of `idsmith scan` on one piece of input, as bytes: scan it, then write each match
// (NDJSON, the readable line, or the input with times inserted) into a reused byte buffer. The
// same function runs on the main thread and in the scan workers (scanPool.ts), so output does
// not depend on how the input was split.
import { scan, scanBytesTo, type LineCount, type ScanMatch, type ScanOptions } from '../core/scan';
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
    if (n > 256) {
      this.buf.set(src.subarray(from, to), this.len);
    } else {
      // An ID's text: a loop is cheaper than the view `subarray` allocates.
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

  /** A non-negative integer below 2^53, without making its text. */
  int(n: number): void {
    let digits = 1;
    for (let p = 10; p <= n && digits < 16; p *= 10) digits++;
    if (digits === 16) {
      this.ascii(String(n));
      return;
    }
    this.reserve(digits);
    const { buf } = this;
    for (let i = this.len + digits - 1; i >= this.len; i--) {
      const q = Math.floor(n / 10);
      buf[i] = 48 + n - q * 10;
      n = q;
    }
    this.len += digits;
  }
}

/**
 * Whether a match of a piece stands under the editor's per-line reading: only a kind's label may
 * reach back across a line end, so a labelled-invalid ULID or KSUID is kept only if its line
 * alone gives it.
 */
function keptAlone(m: ScanMatch, latin1: string, opts: ScanOptions): boolean {
  if (m.decoded.valid || (m.kind !== 'ulid' && m.kind !== 'ksuid')) return true;
  const lineFrom = latin1.lastIndexOf('\n', m.start - 1) + 1;
  const nl = latin1.indexOf('\n', m.end);
  const alone = scan(latin1.slice(lineFrom, nl === -1 ? latin1.length : nl), opts);
  return alone.some((a) => a.start === m.start - lineFrom && a.end === m.end - lineFrom);
}

/** The matches of a piece, as `runPiece` writes them (tests compare them with `scan`). */
export function scanPiece(bytes: Uint8Array, latin1: string, from: number, to: number, opts: ScanOptions): ScanMatch[] {
  const out: ScanMatch[] = [];
  scanBytesTo((m) => {
    if (keptAlone(m, latin1, opts)) out.push(m);
  }, bytes, from, to, opts, latin1);
  return out;
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

/**
 * Scans one piece and writes its output into `w` (appending). Each match is written as the scan
 * finds it and then dropped: nothing of a piece's matches outlives its line of output.
 */
export function runPiece(bytes: Uint8Array, latin1: string, job: PieceJob, w: ByteWriter): PieceResult {
  const opts: ScanOptions = { epoch: job.epoch, now: job.now };
  let invalid = false;
  let lastEnd = -1;
  if (job.mode === 'annotate') {
    let from = job.start;
    scanBytesTo((m) => {
      if (!keptAlone(m, latin1, opts)) return;
      lastEnd = m.end;
      const d = m.decoded;
      if (!d.valid) invalid = true;
      const time = d.valid ? d.time : undefined;
      if (time === undefined) return;
      w.copy(bytes, from, m.end);
      w.ascii(' [');
      w.ascii(time);
      w.ascii(']');
      from = m.end;
    }, bytes, job.from, job.to, opts, latin1);
    w.copy(bytes, from, Math.max(job.to, lastEnd));
    return { out: w.buf.subarray(0, w.len), invalid, lastEnd: lastEnd === -1 ? -1 : job.offset + lastEnd };
  }
  // Line ends are counted by the scan itself, in the same pass over the bytes.
  const lines: LineCount = { count: 0, after: -1 };
  const firstLineStart = job.lineStart - job.offset; // in `bytes`; may be before 0 when the piece starts mid-line
  const json = job.mode === 'json';
  // Made once per piece: a file name in every line was a string built per match.
  const head = json ? TEXT.encode(job.name === '' ? '{"line":' : `{"file":${job.name},"line":`) : TEXT.encode(job.name);
  scanBytesTo((m) => {
    if (!keptAlone(m, latin1, opts)) return;
    lastEnd = m.end;
    const line = job.line + lines.count;
    const column = m.start - (lines.after === -1 ? firstLineStart : lines.after) + 1;
    const d = m.decoded;
    if (!d.valid) invalid = true;
    w.bytes(head);
    if (json) {
      w.int(line);
      w.bytes(COLUMN);
      w.int(column);
      w.bytes(TEXT_KEY);
      w.copy(bytes, m.start, m.end); // word chars, '-', '{', '}', ':': nothing to escape
      w.bytes(kindFragment(m.kind, d.valid));
      if (d.valid && d.unixMs !== undefined) {
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
      w.ascii(m.kind);
      w.ascii(' ');
      w.copy(bytes, m.start, m.end);
      if (d.valid) {
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
  }, bytes, job.from, job.to, opts, latin1, lines);
  return { out: w.buf.subarray(0, w.len), invalid, lastEnd: lastEnd === -1 ? -1 : job.offset + lastEnd };
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
