// Imported first by the CLI's entry (src/cli.ts), before the modules that take most of its start-up
// (the formats, the core): `idsmith scan` of a large file starts its scan workers now, so they
// load while this thread does (see prestartScanWorkers). Imports nothing heavy itself.
import { prestartScanWorkers } from './scanPool';

// The bundle is its own worker script (as scanWorkers in src/cli.ts).
prestartScanWorkers(__filename, process.argv.slice(2));
