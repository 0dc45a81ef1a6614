// Scan workers on both cores: pieces go to whichever worker is free and come back as output
// bytes, which the caller writes in input order. Used for regular files and large standard input;
// small inputs never start a worker.
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { PieceJob, PieceResult } from './scanEngine';
import type { WorkerReply, WorkerRequest } from './scanWorker';

interface Slot {
  worker: Worker;
  /** Pieces sent and not answered: up to PER_WORKER, so a worker that finishes one starts the next at once. */
  pending: number;
}

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

interface Task {
  id: number;
  bytes: Uint8Array;
  job: PieceJob;
  resolve: (r: PieceResult) => void;
  reject: (e: Error) => void;
}

export class ScanPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private readonly waiting = new Map<number, Task>();
  private readonly spares: ArrayBuffer[] = [];
  private nextId = 0;

  /** `script` is the bundle (or, in tests, scanWorker.ts with `execArgv` that load TypeScript). */
  constructor(script: string, size = Math.min(2, availableParallelism()), execArgv?: string[], setFlags: (flags: string) => void = setFlagsFromString) {
    if (compileInWorkers(availableParallelism(), size)) setFlags('--no-concurrent-recompilation');
    for (let i = 0; i < size; i++) {
      // A small young generation: a worker's garbage is short-lived pieces and strings; this keeps
      // two workers and the main thread within 200 MB at any input size.
      const worker = new Worker(script, { workerData: { idsmith: 'scan' }, execArgv, resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 48 } });
      const slot: Slot = { worker, pending: 0 };
      worker.on('message', (reply: WorkerReply) => this.done(slot, reply));
      worker.on('error', (e) => this.fail(e));
      this.slots.push(slot);
    }
  }

  /** Output of one piece; `bytes` is handed over (transferred) to the worker. */
  run(bytes: Uint8Array, job: PieceJob): Promise<PieceResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, bytes, job, resolve, reject });
      this.pump();
    });
  }

  /** Gives an output buffer back once it has been written, for a worker to reuse. */
  recycle(out: Uint8Array): void {
    if (this.spares.length < 8) this.spares.push(out.buffer as ArrayBuffer);
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private pump(): void {
    for (let round = 0; round < PER_WORKER; round++) {
      for (const slot of this.slots) {
        if (slot.pending > round) continue;
        const task = this.queue.shift();
        if (!task) return;
        this.send(slot, task);
      }
    }
  }

  private send(slot: Slot, task: Task): void {
    slot.pending++;
    this.waiting.set(task.id, task);
    const spare = this.spares.pop();
    const req: WorkerRequest = { id: task.id, bytes: task.bytes, job: task.job, spare };
    const transfer = [task.bytes.buffer as ArrayBuffer];
    if (spare) transfer.push(spare);
    slot.worker.postMessage(req, transfer);
  }

  private done(slot: Slot, reply: WorkerReply): void {
    slot.pending--;
    const task = this.waiting.get(reply.id)!;
    this.waiting.delete(reply.id);
    if (reply.error !== undefined) task.reject(new Error(`scan worker: ${reply.error}`));
    else task.resolve({ out: reply.out, invalid: reply.invalid, lastEnd: reply.lastEnd });
    this.pump();
  }

  private fail(e: Error): void {
    for (const t of [...this.waiting.values(), ...this.queue]) t.reject(e);
    this.waiting.clear();
    this.queue.length = 0;
  }
}
