/** scanRuns.wat compiled, as base64. */
export function compileScanRuns(): Promise<string>;
/** The text of src/cli/scanRunsWasm.ts for those bytes. */
export function moduleText(base64: string): string;
