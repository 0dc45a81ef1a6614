// A check worker: receives pieces of a file (bytes and a PieceJob), answers with their facts
// and their text (see src/core/check/pieces.ts). Started by checkPool.ts from the same bundle
// (dist/cli.js) with workerData `{ idsmith: 'check' }`.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { checkPiece, type PieceCheck, type PieceFacts, type PieceJob } from '../core';

export interface CheckRequest {
  id: number;
  bytes: Uint8Array;
  job: PieceJob;
}

export interface CheckReply {
  id: number;
  facts?: PieceFacts;
  text?: string;
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
      const r = checkPiece(text, req.job, judge);
      judge = r.judge;
      const facts = r.facts;
      const reply: CheckReply = { id: req.id, facts, text };
      port.postMessage(reply, [facts.nums.buffer as ArrayBuffer]);
    } catch (e) {
      port.postMessage({ id: req.id, error: e instanceof Error ? e.stack ?? e.message : String(e) });
    }
  });
}

if (isCheckWorker()) serve();
