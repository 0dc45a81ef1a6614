import type { Clock, RandomSource } from './types';

// getRandomValues refuses more than 65,536 bytes per call; large batches are filled in chunks.
const MAX_CHUNK = 65536;

/** The only source of randomness in Idsmith: the platform CSPRNG (Node 20+, browsers, workers). */
export const cryptoRandom: RandomSource = (bytes) => {
  for (let off = 0; off < bytes.length; off += MAX_CHUNK) {
    // The cast only narrows the buffer type for lib.dom; callers never pass shared memory.
    globalThis.crypto.getRandomValues(bytes.subarray(off, Math.min(off + MAX_CHUNK, bytes.length)) as Uint8Array<ArrayBuffer>);
  }
  return bytes;
};

export const systemClock: Clock = () => Date.now();
