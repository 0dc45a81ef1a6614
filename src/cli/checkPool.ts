// Check workers on both cores: pieces of a file go to whichever worker is free and their facts
// come back, which the caller tells the file's ledger in input order. Used for large files only.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PieceFacts, PieceJob } from '../core';
import type { CheckReply, CheckRequest } from './checkWorker';

/** Pieces queued at each worker: with one, a worker idles while the main thread tells facts. */
const PER_WORKER = 2;

export interface CheckedPiece {
  facts: PieceFacts;
  bytes: Uint8Array;
}

interface Task {
  id: number;
  bytes: Uint8Array;
  job: PieceJob;
  spare: Float64Array<ArrayBuffer> | undefined;
  resolve: (r: CheckedPiece) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  pending: number;
}

export class CheckPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private readonly waiting = new Map<number, Task>();
  private nextId = 0;
  /** Why the pool can judge no more (a worker died): every piece asked for from then on fails with it. */
  private failed: Error | undefined;
  private closing = false;

  /** `script` is the bundle (or, in tests, checkWorker.ts with `execArgv` that load TypeScript). */
  constructor(script: string, size = Math.min(2, availableParallelism()), execArgv?: string[]) {
    for (let i = 0; i < size; i++) {
      // A small young generation: a worker's garbage is one piece's strings; this keeps two
      // workers and the main thread within 200 MB.
      const worker = new Worker(script, { workerData: { idsmith: 'check' }, execArgv, resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 } });
      const slot: Slot = { worker, pending: 0 };
      worker.on('message', (reply: CheckReply) => this.done(slot, reply));
      worker.on('error', (e) => this.fail(e));
      worker.on('exit', (code) => {
        if (!this.closing) this.fail(new Error(`a check worker stopped (exit code ${code})`));
      });
      this.slots.push(slot);
    }
  }

  /** The facts of one piece; `bytes` (and `spare`, an array for facts) are handed over (transferred) to the worker, and come back. */
  run(bytes: Uint8Array, job: PieceJob, spare?: Float64Array<ArrayBuffer>): Promise<CheckedPiece> {
    return new Promise((resolve, reject) => {
      if (this.failed) return reject(this.failed);
      this.queue.push({ id: this.nextId++, bytes, job, spare, resolve, reject });
      this.pump();
    });
  }

  /** A worker died: this pool judges nothing more (a new one may). */
  get broken(): boolean {
    return this.failed !== undefined;
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private pump(): void {
    for (let round = 0; round < PER_WORKER; round++) {
      for (const slot of this.slots) {
        if (slot.pending > round) continue;
        const task = this.queue.shift();
        if (!task) return;
        slot.pending++;
        this.waiting.set(task.id, task);
        const req: CheckRequest = { id: task.id, bytes: task.bytes, job: task.job, ...(task.spare ? { spare: task.spare } : {}) };
        slot.worker.postMessage(req, task.spare ? [task.bytes.buffer as ArrayBuffer, task.spare.buffer] : [task.bytes.buffer as ArrayBuffer]);
      }
    }
  }

  private done(slot: Slot, reply: CheckReply): void {
    slot.pending--;
    const task = this.waiting.get(reply.id)!;
    this.waiting.delete(reply.id);
    if (reply.error !== undefined || !reply.facts || !reply.bytes) task.reject(new Error(`check worker: ${reply.error ?? 'no facts'}`));
    else task.resolve({ facts: reply.facts, bytes: reply.bytes });
    this.pump();
  }

  private fail(e: Error): void {
    this.failed ??= e;
    for (const t of [...this.waiting.values(), ...this.queue]) t.reject(e);
    this.waiting.clear();
    this.queue.length = 0;
  }
}
