// Scan workers on both cores: pieces go to whichever worker is free and come back as output
// bytes, which the caller writes in input order. Used for regular files and large standard input;
// small inputs never start a worker.
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { Worker, isMainThread } from 'node:worker_threads';
import type { PieceJob, PieceResult } from './scanEngine';
import type { WorkerReply, WorkerRequest } from './scanWorker';
import { WorkerQueue, adoptStarted, keepStarted, startedCount } from './workerQueue';

/**
 * Pieces queued at each worker. Two: with one, a worker idled from its reply until the main
 * thread (busy reading and writing) sent the next piece, 8 % of its time on a 300 MB log.
 */
const PER_WORKER = 2;

/**
 * Whether the workers should compile their optimized code themselves rather than on V8's
 * background threads: when the workers and the main thread already take every core, a
 * background compile waits for a core while its worker goes on running slow code. A worker
 * warms up in its first 10 MB or so (its first half-megabyte piece took 60-110 ms, later ones 4);
 * on 2 cores, compiling in the worker took `scan --json` of a 100 MB log from 1.66 to 1.54 CPU s
 * (median of 10 alternated runs). V8 reads the flag when it makes an isolate, so it holds for
 * workers started after it is set and not for the main thread.
 */
export function compileInWorkers(cores: number, workers: number): boolean {
  return workers > 0 && cores <= workers + 1;
}

/** Workers a pool starts: one per core, two at most. */
const POOL_SIZE = Math.min(2, availableParallelism());

function startWorker(script: string, execArgv?: string[]): Worker {
  // A small young generation: a worker's garbage is short-lived pieces and strings; this keeps
  // two workers and the main thread within 200 MB at any input size.
  return new Worker(script, { workerData: { idsmith: 'scan' }, execArgv, resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 48 } });
}

/**
 * Files this large are scanned by workers on both cores; smaller ones (and pipes, until they have
 * brought this much) on the main thread. Each worker starts and warms up its code on its own, so
 * the workers take 1.6-1.9x the CPU time of one thread: on this project's 2-core machine (3-4
 * runs each, load about 2, output identical), a 10 MB log took 0.23-0.32 s on one thread against
 * 0.31-0.35 s on workers, 20 MB 0.33-0.37 against 0.37-0.40 s, with 40 MB less memory; 50 MB was
 * even, and at 100 MB the workers led (0.67-0.76 against 0.93-0.96 s). With idle cores, by the
 * CPU times, one thread keeps up to about 20-30 MB (an estimate: this machine is never idle).
 */
export const WORKER_MIN_BYTES = 16 * 1024 * 1024;

/** Whether `path` is a regular file large enough for workers. */
export function worthWorkers(path: string | undefined): boolean {
  if (path === undefined || path === '-') return false;
  try {
    const st = statSync(path);
    return st.isFile() && st.size >= WORKER_MIN_BYTES;
  } catch {
    return false;
  }
}

/**
 * Starts the scan workers as the CLI starts, when its arguments are `scan` and a file large
 * enough for them (see `keepStarted`): a usage error still exits at once. Returns how many started.
 */
export function prestartScanWorkers(script: string, argv: readonly string[], size = POOL_SIZE, setFlags: (flags: string) => void = setFlagsFromString): number {
  if (!isMainThread || argv[0] !== 'scan' || startedCount('scan') > 0) return 0;
  // Any argument that is a large regular file: a flag's value that happens to be one only
  // starts workers that go unused.
  if (!argv.slice(1).some((a) => !a.startsWith('-') && worthWorkers(a))) return 0;
  if (compileInWorkers(availableParallelism(), size)) setFlags('--no-concurrent-recompilation');
  for (let i = 0; i < size; i++) keepStarted('scan', script, startWorker(script));
  return size;
}

/** Prestarted workers no pool has taken. */
export function prestartedCount(): number {
  return startedCount('scan');
}

interface Task {
  id: number;
  bytes: Uint8Array;
  job: PieceJob;
  resolve: (r: PieceResult) => void;
  reject: (e: Error) => void;
}

export class ScanPool {
  private readonly pieces = new WorkerQueue<Task>(PER_WORKER, (worker, task) => {
    const spare = this.spares.pop();
    const req: WorkerRequest = { id: task.id, bytes: task.bytes, job: task.job, spare };
    const transfer = [task.bytes.buffer as ArrayBuffer];
    if (spare) transfer.push(spare);
    worker.postMessage(req, transfer);
  });
  private readonly spares: ArrayBuffer[] = [];
  /** Pieces' buffers the workers handed back, for the next pieces (see `spareInput`). */
  private readonly inputs: ArrayBuffer[] = [];

  /** `script` is the bundle (or, in tests, scanWorker.ts with `execArgv` that load TypeScript). */
  constructor(script: string, size = POOL_SIZE, execArgv?: string[], setFlags: (flags: string) => void = setFlagsFromString) {
    if (compileInWorkers(availableParallelism(), size)) setFlags('--no-concurrent-recompilation');
    for (let i = 0; i < size; i++) {
      const worker = (execArgv === undefined ? adoptStarted('scan', script) : undefined) ?? startWorker(script, execArgv);
      const slot = this.pieces.add(worker);
      worker.on('message', (reply: WorkerReply) => {
        const task = this.pieces.answered(slot, reply.id);
        if (reply.error !== undefined) task.reject(new Error(`scan worker: ${reply.error}`));
        else task.resolve({ out: reply.out, invalid: reply.invalid, lastEnd: reply.lastEnd });
        if (reply.input !== undefined && this.inputs.length < 8) this.inputs.push(reply.input);
        this.pieces.pump();
      });
      worker.on('error', (e) => this.pieces.fail(e));
    }
  }

  /** Output of one piece; `bytes` is handed over (transferred) to the worker. */
  run(bytes: Uint8Array, job: PieceJob): Promise<PieceResult> {
    return new Promise((resolve, reject) => {
      this.pieces.push({ id: this.pieces.id(), bytes, job, resolve, reject });
    });
  }

  /** A buffer of at least `size` bytes a worker has handed back (a piece it scanned), or undefined. */
  spareInput(size: number): ArrayBuffer | undefined {
    const b = this.inputs.pop();
    return b !== undefined && b.byteLength >= size ? b : undefined;
  }

  /** Gives an output buffer back once it has been written, for a worker to reuse. */
  recycle(out: Uint8Array): void {
    if (this.spares.length < 8) this.spares.push(out.buffer as ArrayBuffer);
  }

  async close(): Promise<void> {
    await this.pieces.terminate();
  }
}
