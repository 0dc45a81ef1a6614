// Routes what the suite prints (mocha's reporter, tests' own figures) to the harness. VS Code
// relays extension-host console output to the workbench page unformatted and mixed with its own
// logging, on up to two channels; so each line is formatted here, tagged and numbered, and the
// harness prints every number once. No Node APIs: this also runs in the web worker host.
export const LINE_TAG = '[idsmith-test]';

declare const __IDSMITH_TAG_OUTPUT__: boolean;
/** False under `npm run test:desktop`, where VS Code prints the extension host's output itself. */
export const TAGGED: boolean = __IDSMITH_TAG_OUTPUT__;

/** console.log's printf subset (%s %d %i %f %j %o %O %c %%) without Node's util.format. */
export function formatArgs(args: unknown[]): string {
  const rest = [...args];
  const parts: string[] = [];
  if (typeof rest[0] === 'string') {
    const head = (rest.shift() as string).replace(/%([sdifjoOc%])/g, (match, spec: string) => {
      if (spec === '%') return '%';
      if (rest.length === 0) return match;
      const value = rest.shift();
      switch (spec) {
        case 's': return show(value);
        case 'd': case 'i': return String(spec === 'i' ? Math.trunc(Number(value)) : Number(value));
        case 'f': return String(Number(value));
        case 'c': return '';
        default: return show(value, true);
      }
    });
    parts.push(head);
  }
  return [...parts, ...rest.map((v) => show(v))].join(' ');
}

function show(value: unknown, json = false): string {
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  if (typeof value === 'string') return json ? JSON.stringify(value) : value;
  if (typeof value === 'object' && value !== null) {
    try { return JSON.stringify(value); } catch { return String(value); }
  }
  return String(value);
}

let seq = 0;

/**
 * console.log for the terminal: VS Code's extension host makes `console` methods read-only, and
 * its untagged output cannot be told apart from the workbench's own logging, so tests that want
 * to print (figures, diagnostics) call this; mocha's reporter does too.
 */
export function log(...args: unknown[]): void {
  console.log(TAGGED ? `${LINE_TAG}${seq++} ${formatArgs(args)}` : formatArgs(args));
}
