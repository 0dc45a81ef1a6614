import { scan } from '../../core';

// The argument VS Code passes to commands in `debug/variables/context` and `debug/watch/context`:
// `{ sessionId, container?, variable: DebugProtocol.Variable }`. The value is the debugger's
// display text, so a string arrives quoted (`'01AR…'` from js-debug and Python, `"01AR…"` from
// Go, Java, C#, C++), a JavaScript BigInt as `175928847299117063n`, and an ID object as its
// constructor call (`UUID('…')`, `ObjectId("…")`). No imports from `vscode`: tested with mocha.

export interface DebugVariable {
  name: string;
  value: string;
  evaluateName?: string;
}

/** The `variable` of a debug menu argument, or undefined when `arg` is not one. */
export function debugVariableOf(arg: unknown): DebugVariable | undefined {
  if (!arg || typeof arg !== 'object' || !('variable' in arg)) return undefined;
  const v = (arg as { variable: unknown }).variable;
  if (!v || typeof v !== 'object') return undefined;
  const { name, value, evaluateName } = v as Record<string, unknown>;
  if (typeof value !== 'string') return undefined;
  return {
    name: typeof name === 'string' ? name : '',
    value,
    ...(typeof evaluateName === 'string' ? { evaluateName } : {}),
  };
}

const QUOTED = /^(['"`])(.*)\1$/s;

/** The display text without the quotes a debugger puts around strings, or a BigInt's `n`. */
export function unquote(value: string): string {
  const t = value.trim();
  const quoted = QUOTED.exec(t);
  if (quoted) return quoted[2]!;
  if (/^\d+n$/.test(t)) return t.slice(0, -1);
  return t;
}

/**
 * The text to decode for a variable's displayed value: the value unquoted, or, when that is a
 * wrapper around exactly one ID (`UUID('…')`, `ObjectId("…")`, `Guid {…}`), that ID.
 */
export function idTextOf(value: string, isId: (text: string) => boolean): string {
  const bare = unquote(value);
  if (isId(bare)) return bare;
  const found = scan(bare.length > 4096 ? bare.slice(0, 4096) : bare);
  return found.length === 1 ? found[0]!.text : bare;
}
