// The scanner's byte loop in WebAssembly (scanRuns.wat), for `idsmith scan` on large input: a
// `RunSource` that finds the candidate runs of a piece, which the core's scanner then hands to
// the formats' rules exactly as its own loop would (test/unit/scanAgreement.test.ts holds the
// two against each other). One walker per thread; a piece's bytes are copied into its memory.
import { RUN_TABLES, type RunSource } from '../core/scan';
import { SCAN_RUNS_WASM } from './scanRunsWasm';

/** Where `flush` puts NDJSON: scanEngine's ByteWriter. */
interface Output {
  buf: Uint8Array;
  len: number;
  reserve(n: number): void;
}

/** Offsets in the module's memory (see scanRuns.wat). */
const TABLES = { flags: 0, nextCodes: 256, prevCodes: 384, innerFrom: 512, plainFirst: 24576, nextFirst: 40960, prevFirst: 57344, tailFirst: 73728 } as const;
const RECORDS = 1024;
/** Words per record: start, end, flags, line ends before it, the place after the last. */
export const RECORD = 5;
const MAX_RECORDS = 1024;
/** NDJSON output (see scanRuns.wat): kinds' parts, the line's head, the lines written. */
const KINDS = 90240, KINDS_END = 98304, HEAD = 98304, HEAD_MAX = 8192, OUT = 106496, OUT_SIZE = 262144;
const INPUT = 368640;
/** Room left for the bytes `put` may write past a line's end. */
const SLACK = 16;
const PAGE = 65536;

interface Exports {
  memory: WebAssembly.Memory;
  walk(from: number, to: number, n: number): number;
  walkBlocks(from: number, to: number, n: number, minLen: number): number;
  lineEnds(from: number, to: number): number;
  out: WebAssembly.Global;
  headLen: WebAssembly.Global;
  emit(start: number, end: number, line: number, column: number, kind: number, kindLen: number, ms: number): number;
  brackets(n: number, at: number, cap: number): number;
}

/** Most bracket places `brackets` lists for one input (past them the context reader finds its own). */
const MAX_BRACKETS = 32768;

let compiled: WebAssembly.Module | undefined;

/**
 * The shortest run a plain rule takes, when `walkBlocks` may stand for `walk` (scanRuns.wat):
 * the only char a `next` or `prev` rule waits for is `-` (or none); else undefined.
 */
function blockWalkLength(): number | undefined {
  for (let c = 0; c < 128; c++) if (c !== 45 && (RUN_TABLES.nextCodes[c] !== 0 || RUN_TABLES.prevCodes[c] !== 0)) return undefined;
  let min = 64;
  for (let len = 1; len < min; len++) if (RUN_TABLES.plainLength[len] !== 0) min = len;
  return min;
}
const BLOCK_WALK_LENGTH = blockWalkLength();

/** Where `brackets` writes the bracket places of an input of n bytes: past it and its slack, at a word. */
function bracketsAt(n: number): number {
  return (INPUT + n + SLACK + 3) & ~3;
}

export class RunWalker implements RunSource {
  private readonly exports: Exports;
  private n = 0;
  records: Int32Array;
  /** The module's first 1,024 bytes as words: the line ends walked and the place after the last (250, 251), where a walk stopped (254). */
  private words: Int32Array;
  /** Where the NDJSON written ends (the module's `out`, kept here: reading a Global costs a call). */
  private outAt = OUT;
  /** `walkBlocks`' shortest plain run, undefined for the byte loop (`walk`). */
  private readonly minLen: number | undefined;

  /** `bytes`: the byte loop even where the tables allow the block walk (for tests that compare the two). */
  constructor(loop: 'blocks' | 'bytes' = 'blocks') {
    this.minLen = loop === 'blocks' ? BLOCK_WALK_LENGTH : undefined;
    compiled ??= new WebAssembly.Module(Buffer.from(SCAN_RUNS_WASM, 'base64'));
    this.exports = new WebAssembly.Instance(compiled).exports as unknown as Exports;
    const mem = new Uint8Array(this.exports.memory.buffer);
    for (const name of Object.keys(TABLES) as (keyof typeof TABLES)[]) mem.set(RUN_TABLES[name], TABLES[name]);
    this.records = new Int32Array(this.exports.memory.buffer, RECORDS, RECORD * MAX_RECORDS);
    this.words = new Int32Array(this.exports.memory.buffer, 0, 256);
  }

  /** Makes `bytes` the input the next walks read. */
  load(bytes: Uint8Array): this {
    const { memory } = this.exports;
    // Room past the input: the walk may read the byte after the last (and ignore it), and
    // `put` reads eight bytes at a time; then the bracket places (made now: memory that grew
    // during a scan would leave its views of the records detached).
    const need = bracketsAt(bytes.length) + 4 * MAX_BRACKETS;
    if (need > memory.buffer.byteLength) {
      memory.grow(Math.ceil((need - memory.buffer.byteLength) / PAGE));
      this.records = new Int32Array(memory.buffer, RECORDS, RECORD * MAX_RECORDS);
      this.words = new Int32Array(memory.buffer, 0, 256);
    }
    const input = new Uint8Array(memory.buffer, INPUT, bytes.length + 2);
    input.set(bytes);
    // The loops' ends (scanRuns.wat): a byte no run holds, then one that ends a run of separators.
    input[bytes.length] = 0;
    input[bytes.length + 1] = 120;
    this.n = bytes.length;
    return this;
  }

  /**
   * The places of `{ [ } ]` in the input loaded, in order (the snowflake context's brackets),
   * or undefined when it holds more than MAX_BRACKETS.
   */
  brackets(): Int32Array | undefined {
    const at = bracketsAt(this.n);
    const count = this.exports.brackets(this.n, at, MAX_BRACKETS);
    return count < 0 ? undefined : new Int32Array(this.exports.memory.buffer, at, count).slice();
  }

  walk(from: number, to: number): number {
    const min = this.minLen;
    return min === undefined ? this.exports.walk(from, to, this.n) : this.exports.walkBlocks(from, to, this.n, min);
  }

  get next(): number {
    return this.words[254]!;
  }

  /** The line ends in [from, to) of the input loaded. */
  lineEnds(from: number, to: number): number {
    return this.exports.lineEnds(from, to);
  }

  /** Line ends are counted from here on (a scan's `from`). */
  startLines(): void {
    this.words[250] = 0;
    this.words[251] = -1;
  }

  /** Where each kind's part of a line (scanEngine's fragment, made once per kind) is in memory: offset * 256 + length. */
  private readonly kinds = new Map<Uint8Array, number>();
  private kindsEnd = KINDS;
  private headLength = 0;

  /** The head of each NDJSON line (`{"file":…,"line":`); false when too long to keep here. */
  setHead(head: Uint8Array): boolean {
    if (head.length > HEAD_MAX) return false;
    new Uint8Array(this.exports.memory.buffer, HEAD, head.length).set(head);
    this.exports.headLen.value = this.headLength = head.length;
    this.exports.out.value = this.outAt = OUT; // nothing left over from a piece that failed
    return true;
  }

  /** `bytes` (a kind's `","kind":"ulid","valid":true`) kept in memory: offset * 256 + length, or -1 when there is no room. */
  part(bytes: Uint8Array): number {
    let at = this.kinds.get(bytes);
    if (at === undefined) {
      if (bytes.length > 255 || this.kindsEnd + bytes.length + SLACK > KINDS_END) return -1;
      new Uint8Array(this.exports.memory.buffer, this.kindsEnd, bytes.length).set(bytes);
      at = this.kindsEnd * 256 + bytes.length;
      this.kindsEnd += bytes.length;
      this.kinds.set(bytes, at);
    }
    return at;
  }

  /**
   * Writes one NDJSON line of the match [start, end) of the input (`ms` -1: no time; else an
   * integer 0 <= ms < 10^16), first handing what is written to `w` when the line might not fit.
   */
  emit(w: Output, start: number, end: number, line: number, column: number, part: number, ms: number): void {
    if (this.outAt + this.headLength + (end - start) + 512 > OUT + OUT_SIZE) this.flush(w);
    this.outAt = this.exports.emit(start, end, line, column, Math.floor(part / 256), part % 256, ms);
  }

  /** Moves the NDJSON written so far to `w`. */
  flush(w: Output): void {
    const ex = this.exports;
    const len = this.outAt - OUT;
    if (len === 0) return;
    w.reserve(len);
    w.buf.set(new Uint8Array(ex.memory.buffer, OUT, len), w.len);
    w.len += len;
    ex.out.value = this.outAt = OUT;
  }
}
