// The core targets every JavaScript host (Node 20+, the web worker extension host, browsers);
// it may use only these Web-standard globals, declared here so `tsconfig.core.json` (lib ES2022,
// no DOM, no @types/node) proves no Node-only or DOM-only API slips in.
declare global {
  // eslint-disable-next-line no-var
  var crypto: { getRandomValues<T extends ArrayBufferView | null>(array: T): T };
  class TextEncoder { encode(input?: string): Uint8Array; encodeInto(source: string, destination: Uint8Array): { read: number; written: number } }
  class TextDecoder { constructor(label?: string, options?: { ignoreBOM?: boolean; fatal?: boolean }); decode(input?: ArrayBufferView, options?: { stream?: boolean }): string }
}
export {};
