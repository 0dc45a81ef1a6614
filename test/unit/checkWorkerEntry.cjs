// Starts a check worker from the TypeScript sources (in the shipped CLI the bundle is its own
// worker script): tsx's require hook, then the worker module, which serves when it is a worker.
require('tsx/cjs');
require('../../src/cli/checkWorker.ts');
