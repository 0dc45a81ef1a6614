// Writing to a stream that may say "wait": what src/cli.ts does for standard output and error.

/** The part of a Node writable stream a write needs. */
export interface DrainingStream {
  write(chunk: string | Uint8Array): boolean;
  on(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
}

/**
 * Writes `chunk`; when the stream's buffer is full, returns a promise that settles on 'drain',
 * or on 'close' (a stream that closed drains no more), so the caller writes again only then.
 * Throws what `write` throws (a file written synchronously reports its error there).
 */
export function writeWaiting(stream: DrainingStream, chunk: string | Uint8Array): Promise<void> | undefined {
  if (stream.write(chunk)) return undefined;
  return new Promise((resolve) => {
    const done = (): void => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}
