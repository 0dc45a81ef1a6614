// Imported first by the CLI's entry (src/cli.ts), before the modules that take most of its start-up
// (the formats, the core): `idsmith scan` or `idsmith check` of a large file starts its workers
// now, so they load while this thread does (see prestartScanWorkers, prestartCheckWorkers).
// Imports nothing heavy itself.
import { prestartCheckWorkers } from './checkPool';
import { prestartScanWorkers } from './scanPool';

// The bundle is its own worker script (as scanWorkers in src/cli.ts).
prestartScanWorkers(__filename, process.argv.slice(2));
prestartCheckWorkers(__filename, process.argv.slice(2));
