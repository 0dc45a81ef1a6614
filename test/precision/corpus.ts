// The text the precision check scans: source and docs under node_modules, which the project did
// not write and which are full of hex hashes, base64, version numbers, long identifiers and
// some real IDs. Files are taken in the order of a hash of their path, so a 50 MB cap samples
// every package instead of stopping at the letter p, and the same tree gives the same corpus.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const EXTENSIONS = ['.ts', '.js', '.mjs', '.cjs', '.json', '.md'];
/** Large bundles would crowd out everything else; their first megabyte is representative. */
const MAX_FILE_BYTES = 1024 * 1024;

export interface CorpusFile { path: string; text: string }

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile() && EXTENSIONS.some((ext) => entry.name.endsWith(ext))) out.push(full);
  }
}

const order = (path: string) => createHash('sha1').update(path).digest('hex');

export function loadCorpus(root: string, maxBytes: number): { files: CorpusFile[]; bytes: number; skipped: number } {
  const paths: string[] = [];
  walk(root, paths);
  const keyed = paths.map((p) => ({ path: relative(root, p).replaceAll('\\', '/'), full: p }));
  keyed.sort((a, b) => (order(a.path) < order(b.path) ? -1 : 1));
  const files: CorpusFile[] = [];
  let bytes = 0;
  for (const { path, full } of keyed) {
    let text = readFileSync(full, 'utf8');
    if (text.length > MAX_FILE_BYTES) text = text.slice(0, MAX_FILE_BYTES);
    if (bytes + text.length > maxBytes) break;
    files.push({ path, text });
    bytes += text.length;
  }
  return { files, bytes, skipped: keyed.length - files.length };
}
