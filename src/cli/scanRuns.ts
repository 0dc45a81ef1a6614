// The scanner's byte loop in WebAssembly (scanRuns.wat), for `idsmith scan` on large input: a
// `RunSource` that finds the candidate runs of a piece, which the core's scanner then hands to
// the formats' rules exactly as its own loop would (test/unit/scanAgreement.test.ts holds the
// two against each other). One walker per thread; a piece's bytes are copied into its memory.
import { RUN_TABLES, type RunSource } from '../core/scan';
import { SCAN_RUNS_WASM } from './scanRunsWasm';

/** Offsets in the module's memory (see scanRuns.wat). */
const TABLES = { flags: 0, nextCodes: 256, prevCodes: 384, innerFrom: 512, plainFirst: 16384, nextFirst: 32768, prevFirst: 49152, tailFirst: 65536 } as const;
const RECORDS = 1024;
const MAX_RECORDS = 1024;
const INPUT = 81920;
const PAGE = 65536;

interface Exports {
  memory: WebAssembly.Memory;
  next: WebAssembly.Global;
  walk(from: number, to: number, n: number): number;
  after: WebAssembly.Global;
  lines(from: number, to: number): number;
}

let compiled: WebAssembly.Module | undefined;

export class RunWalker implements RunSource {
  private readonly exports: Exports;
  private n = 0;
  records: Int32Array;

  constructor() {
    compiled ??= new WebAssembly.Module(Buffer.from(SCAN_RUNS_WASM, 'base64'));
    this.exports = new WebAssembly.Instance(compiled).exports as unknown as Exports;
    const mem = new Uint8Array(this.exports.memory.buffer);
    for (const name of Object.keys(TABLES) as (keyof typeof TABLES)[]) mem.set(RUN_TABLES[name], TABLES[name]);
    this.records = new Int32Array(this.exports.memory.buffer, RECORDS, 3 * MAX_RECORDS);
  }

  /** Makes `bytes` the input the next walks read. */
  load(bytes: Uint8Array): this {
    const { memory } = this.exports;
    // One byte more than the input: the walk may read the byte after the last (and ignore it).
    const need = INPUT + bytes.length + 1;
    if (need > memory.buffer.byteLength) {
      memory.grow(Math.ceil((need - memory.buffer.byteLength) / PAGE));
      this.records = new Int32Array(memory.buffer, RECORDS, 3 * MAX_RECORDS);
    }
    new Uint8Array(memory.buffer, INPUT, bytes.length).set(bytes);
    this.n = bytes.length;
    return this;
  }

  walk(from: number, to: number): number {
    return this.exports.walk(from, to, this.n);
  }

  get next(): number {
    return this.exports.next.value as number;
  }

  lines(from: number, to: number): number {
    return this.exports.lines(from, to);
  }

  get after(): number {
    return this.exports.after.value as number;
  }
}
