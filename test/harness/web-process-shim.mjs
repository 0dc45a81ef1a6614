// The web worker extension host has no `process`; the `assert` port's `util` dependency reads a
// few fields of it. Injected by esbuild into the web test bundle only.
export const process = { env: {}, browser: true, version: '', versions: {}, platform: 'browser' };
process.nextTick = (fn, ...args) => queueMicrotask(() => fn(...args));
