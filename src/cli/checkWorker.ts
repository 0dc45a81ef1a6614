// A check worker: receives pieces of a file (bytes and a PieceJob), answers with their facts
// and hands the bytes back (see src/core/check/pieces.ts). Started by checkPool.ts from the same bundle
// (dist/cli.js) with workerData `{ idsmith: 'check' }`.
import { isAscii } from 'node:buffer';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { checkPiece, type PieceCheck, type PieceFacts, type PieceJob } from '../core';

export interface CheckRequest {
  id: number;
  bytes: Uint8Array;
  job: PieceJob;
  /** An array of facts this thread has told, handed back to be written again. */
  spare?: Float64Array<ArrayBuffer>;
}

export interface CheckReply {
  id: number;
  facts?: PieceFacts;
  /** The piece's bytes, handed back: this thread decodes them only if a problem needs an ID's text. */
  bytes?: Uint8Array;
  error?: string;
}

export function isCheckWorker(): boolean {
  return !isMainThread && (workerData as { idsmith?: string } | null)?.idsmith === 'check';
}

function serve(): void {
  const port = parentPort!;
  // A piece starts after a line feed: no character is split, and a BOM was cut off the first.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let judge: PieceCheck | undefined;
  port.on('message', (req: CheckRequest) => {
    try {
      const text = decoder.decode(req.bytes);
      const r = checkPiece(text, req.job, judge, req.spare, isAscii(req.bytes) ? req.bytes : undefined);
      judge = r.judge;
      const facts = r.facts;
      const reply: CheckReply = { id: req.id, facts, bytes: req.bytes };
      port.postMessage(reply, [facts.nums.buffer as ArrayBuffer, req.bytes.buffer as ArrayBuffer]);
    } catch (e) {
      port.postMessage({ id: req.id, error: e instanceof Error ? e.stack ?? e.message : String(e) });
    }
  });
}

if (isCheckWorker()) serve();
