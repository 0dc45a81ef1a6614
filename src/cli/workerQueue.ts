// What the CLI's two worker pools (scanPool.ts, checkPool.ts) share: pieces go round-robin to the
// workers, at most `perWorker` at each so a worker that finishes one starts the next at once,
// each answered by its id; a failure rejects every piece sent or waiting.
import type { Worker } from 'node:worker_threads';


export interface QueuedPiece {
  id: number;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Pieces sent and not answered. */
  pending: number;
}

export class WorkerQueue<T extends QueuedPiece> {
  private readonly slots: Slot[] = [];
  private readonly queue: T[] = [];
  private readonly waiting = new Map<number, T>();
  private nextId = 0;

  /** `send` posts a piece to a worker (with what it transfers). */
  constructor(private readonly perWorker: number, private readonly send: (worker: Worker, piece: T) => void) {}

  /** A worker joins; `slot` is what its replies are answered with (`answered`). */
  add(worker: Worker): Slot {
    const slot = { worker, pending: 0 };
    this.slots.push(slot);
    return slot;
  }

  /** The id for the next piece. */
  id(): number {
    return this.nextId++;
  }

  /** Queues a piece and sends what the workers have room for. */
  push(piece: T): void {
    this.queue.push(piece);
    this.pump();
  }

  /** The piece a reply of `slot`'s worker answers; call `pump` once it is settled. */
  answered(slot: Slot, id: number): T {
    slot.pending--;
    const piece = this.waiting.get(id)!;
    this.waiting.delete(id);
    return piece;
  }

  pump(): void {
    for (let round = 0; round < this.perWorker; round++) {
      for (const slot of this.slots) {
        if (slot.pending > round) continue;
        const piece = this.queue.shift();
        if (!piece) return;
        slot.pending++;
        this.waiting.set(piece.id, piece);
        this.send(slot.worker, piece);
      }
    }
  }

  /** Every piece sent or waiting fails with `e`. */
  fail(e: Error): void {
    for (const t of [...this.waiting.values(), ...this.queue]) t.reject(e);
    this.waiting.clear();
    this.queue.length = 0;
  }

  terminate(): Promise<unknown> {
    return Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

/** Workers started before the command ran (`keepStarted`), not yet taken by a pool: the kind of work they serve and their script. */
const started: { kind: string; script: string; worker: Worker; failed: boolean }[] = [];

/**
 * Keeps a worker started as the CLI starts (scanPrestart.ts), before its command makes a pool: a
 * worker takes about 60 ms to start, which then passes while the main thread loads the rest of
 * the CLI and reads the file. Until a pool takes it, it does not keep the process alive.
 */
export function keepStarted(kind: string, script: string, worker: Worker): void {
  const entry = { kind, script, worker, failed: false };
  const failed = (): void => {
    entry.failed = true;
  };
  worker.on('error', failed).on('exit', failed);
  worker.unref();
  started.push(entry);
}

/** A started worker of `kind` running `script` that is still running, for a pool; undefined when none. */
export function adoptStarted(kind: string, script: string): Worker | undefined {
  for (;;) {
    const i = started.findIndex((e) => e.kind === kind && e.script === script);
    if (i === -1) return undefined;
    const [entry] = started.splice(i, 1);
    entry!.worker.removeAllListeners('error').removeAllListeners('exit');
    if (entry!.failed) continue;
    entry!.worker.ref();
    return entry!.worker;
  }
}

/** Started workers of `kind` no pool has taken. */
export function startedCount(kind: string): number {
  return started.filter((e) => e.kind === kind).length;
}
