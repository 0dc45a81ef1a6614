// The CLI talks to the world only through this interface, so tests run every command
// in-process with captured output instead of spawning a process per case.

export interface CliIo {
  /** The whole of standard input; only called when a command needs IDs and none were given. */
  readStdin(): Promise<string>;
  stdout(text: string): void;
  stderr(text: string): void;
  /** Current time for relative `--time`/`--from` values; injectable so tests are stable. */
  now?: () => number;
}

/** Input lines as IDs: surrounding whitespace (including a Windows CR) trimmed, blanks dropped. */
export function inputLines(text: string): string[] {
  const ids: string[] = [];
  for (const line of text.split('\n')) {
    const id = line.trim();
    if (id !== '') ids.push(id);
  }
  return ids;
}

/** IDs from the arguments, or from stdin one per line when there are none. */
export async function readIds(positionals: readonly string[], io: CliIo): Promise<string[]> {
  if (positionals.length > 0) return [...positionals];
  return inputLines(await io.readStdin());
}
