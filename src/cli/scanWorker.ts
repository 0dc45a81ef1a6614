// A scan worker: receives pieces of input (bytes and a PieceJob), answers with their output
// bytes. Started by scanPool.ts from the same bundle (dist/cli.js) with workerData
// `{ idsmith: 'scan' }`; output buffers and the pieces' own buffers travel back and forth
// (transferred, not copied) and are reused.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { ByteWriter, runParts, type PieceJob } from './scanEngine';

export interface WorkerRequest {
  id: number;
  bytes: Uint8Array;
  job: PieceJob;
  /** An output buffer the main thread has written and gives back. */
  spare?: ArrayBuffer;
}

export interface WorkerReply {
  id: number;
  out: Uint8Array;
  invalid: boolean;
  lastEnd: number;
  /** The piece's buffer, handed back for a later piece. */
  input?: ArrayBuffer;
  error?: string;
}

export function isScanWorker(): boolean {
  return !isMainThread && (workerData as { idsmith?: string } | null)?.idsmith === 'scan';
}

function serve(): void {
  const port = parentPort!;
  const spares: ArrayBuffer[] = [];
  port.on('message', (req: WorkerRequest) => {
    if (req.spare) spares.push(req.spare);
    try {
      const spare = spares.pop();
      const w = spare ? Object.assign(new ByteWriter(0), { buf: new Uint8Array(spare) }) : new ByteWriter();
      const r = runParts(req.bytes, req.job, w);
      const input = req.bytes.buffer as ArrayBuffer;
      const reply: WorkerReply = { id: req.id, out: r.out, invalid: r.invalid, lastEnd: r.lastEnd, input };
      port.postMessage(reply, [r.out.buffer as ArrayBuffer, input]);
    } catch (e) {
      port.postMessage({ id: req.id, out: new Uint8Array(0), invalid: false, lastEnd: -1, error: e instanceof Error ? e.stack ?? e.message : String(e) });
    }
  });
}

if (isScanWorker()) serve();
