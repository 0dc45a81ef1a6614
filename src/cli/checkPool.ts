// Check workers on both cores: pieces of a file go to whichever worker is free and their facts
// come back, which the caller tells the file's ledger in input order. Used for large files only.
import { availableParallelism } from 'node:os';
import { Worker, isMainThread } from 'node:worker_threads';
import type { PieceFacts, PieceJob } from '../core';
import type { CheckReply, CheckRequest } from './checkWorker';
import { worthWorkers } from './scanPool';
import { WorkerQueue, adoptStarted, keepStarted, startedCount } from './workerQueue';

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

/** Workers a pool starts: one per core, two at most. */
const POOL_SIZE = Math.min(2, availableParallelism());

function startWorker(script: string, execArgv?: string[]): Worker {
  // A small young generation: a worker's garbage is one piece's strings; this keeps two
  // workers and the main thread within 200 MB.
  return new Worker(script, { workerData: { idsmith: 'check' }, execArgv, resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 } });
}

/** File names the check reads in pieces on workers by their extension (as `checkFormatOf` names them). */
const PIECES_FILE = /\.(?:jsonl|ndjson|csv|tsv)$/i;

/**
 * Starts the check workers as the CLI starts (see `keepStarted`), when its arguments are `check`
 * and a regular file large enough for them that is read in pieces: JSON Lines, CSV or TSV by its
 * name, or by `--format`. Returns how many started.
 */
export function prestartCheckWorkers(script: string, argv: readonly string[], size = POOL_SIZE): number {
  if (!isMainThread || argv[0] !== 'check' || startedCount('check') > 0) return 0;
  const format = argv.findIndex((a) => a === '--format' || a.startsWith('--format='));
  const joined = format >= 0 && argv[format]!.includes('=');
  const named = format < 0 ? undefined : joined ? argv[format]!.slice('--format='.length) : argv[format + 1];
  // The argument after a separate `--format` is its value, not a file.
  const value = format >= 0 && !joined ? format + 1 : -1;
  const pieces = (file: string): boolean => (named === undefined ? PIECES_FILE.test(file) : /^(?:jsonl|csv|tsv)$/.test(named));
  if (!argv.some((a, i) => i > 0 && i !== value && !a.startsWith('-') && pieces(a) && worthWorkers(a))) return 0;
  for (let i = 0; i < size; i++) keepStarted('check', script, startWorker(script));
  return size;
}

/** Check workers started that no pool has taken. */
export function prestartedCheckCount(): number {
  return startedCount('check');
}

export class CheckPool {
  private readonly pieces = new WorkerQueue<Task>(PER_WORKER, (worker, task) => {
    const req: CheckRequest = { id: task.id, bytes: task.bytes, job: task.job, ...(task.spare ? { spare: task.spare } : {}) };
    worker.postMessage(req, task.spare ? [task.bytes.buffer as ArrayBuffer, task.spare.buffer] : [task.bytes.buffer as ArrayBuffer]);
  });
  /** Why the pool can judge no more (a worker died): every piece asked for from then on fails with it. */
  private failed: Error | undefined;
  private closing = false;

  /** `script` is the bundle (or, in tests, checkWorker.ts with `execArgv` that load TypeScript). */
  constructor(script: string, size = POOL_SIZE, execArgv?: string[]) {
    for (let i = 0; i < size; i++) {
      const worker = (execArgv === undefined ? adoptStarted('check', script) : undefined) ?? startWorker(script, execArgv);
      const slot = this.pieces.add(worker);
      worker.on('message', (reply: CheckReply) => {
        const task = this.pieces.answered(slot, reply.id);
        if (reply.error !== undefined || !reply.facts || !reply.bytes) task.reject(new Error(`check worker: ${reply.error ?? 'no facts'}`));
        else task.resolve({ facts: reply.facts, bytes: reply.bytes });
        this.pieces.pump();
      });
      worker.on('error', (e) => this.fail(e));
      worker.on('exit', (code) => {
        if (!this.closing) this.fail(new Error(`a check worker stopped (exit code ${code})`));
      });
    }
  }

  /** The facts of one piece; `bytes` (and `spare`, an array for facts) are handed over (transferred) to the worker, and come back. */
  run(bytes: Uint8Array, job: PieceJob, spare?: Float64Array<ArrayBuffer>): Promise<CheckedPiece> {
    return new Promise((resolve, reject) => {
      if (this.failed) return reject(this.failed);
      this.pieces.push({ id: this.pieces.id(), bytes, job, spare, resolve, reject });
    });
  }

  /** A worker died: this pool judges nothing more (a new one may). */
  get broken(): boolean {
    return this.failed !== undefined;
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.pieces.terminate();
  }

  private fail(e: Error): void {
    this.failed ??= e;
    this.pieces.fail(e);
  }
}
