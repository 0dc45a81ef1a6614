// The scanner's benchmark corpus: ~10 MB of real source text from node_modules (TypeScript's
// lib *.d.ts first, then @types, then other declaration files and READMEs, in sorted path
// order), with IDs of every kind planted at known offsets by a seeded PRNG. Built at run time
// so the repository carries no large fixture, and identical on every run with the same deps.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { IdKind } from '../src/core';
import { makeId, seededRandom, type BenchIdKind } from './ids';

export interface Planted {
  kind: IdKind;
  start: number;
  text: string;
}

export interface Corpus {
  text: string;
  planted: Planted[];
  files: number;
}

const TARGET_CHARS = 10 * 1024 * 1024;
/** Roughly one planted ID per this many characters of source text. */
const SPACING = 8 * 1024;

function sourceFiles(root: string): string[] {
  const preferred = [
    join(root, '@typescript/typescript-linux-x64/lib'),
    join(root, '@types/node'),
    join(root, '@types/vscode'),
  ];
  const seen = new Set<string>();
  const ordered: string[] = [];
  for (const dir of [...preferred, root]) {
    for (const file of walk(dir).sort()) {
      if (!seen.has(file)) {
        seen.add(file);
        ordered.push(file);
      }
    }
  }
  return ordered;
}

function walk(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const name of entries) {
    const path = join(dir, name);
    const st = statSync(path);
    if (st.isDirectory()) out.push(...walk(path));
    else if (/\.(d\.ts|d\.mts|d\.cts|md)$/.test(name) && st.size < 2_000_000) out.push(path);
  }
  return out;
}

const KINDS: readonly Exclude<BenchIdKind, 'uuidv4'>[] = ['ulid', 'uuid', 'ksuid', 'objectid', 'typeid', 'snowflake'];
const CONTEXTS: readonly [string, string][] = [['"', '"'], ["'", "'"], [' ', ' '], ['(', ')'], ['id=', '&'], ['/', '/']];

export function buildCorpus(nodeModules: string, seed = 20260521): Corpus {
  const rand = seededRandom(seed);
  const parts: string[] = [];
  const planted: Planted[] = [];
  let length = 0;
  let files = 0;
  let nextPlant = SPACING;
  let k = 0;
  const all = sourceFiles(nodeModules);
  // Cycle the file list if node_modules is small, so the corpus size is always the same.
  for (let f = 0; length < TARGET_CHARS && all.length > 0; f = (f + 1) % all.length) {
    const text = readFileSync(all[f]!, 'utf8');
    files++;
    let from = 0;
    while (length + (text.length - from) >= nextPlant) {
      // Plant at the next line break at or after the planned offset, to keep lines intact.
      const nl = text.indexOf('\n', from + (nextPlant - length));
      if (nl === -1) break;
      parts.push(text.slice(from, nl + 1));
      length += nl + 1 - from;
      from = nl + 1;
      const kind = KINDS[k++ % KINDS.length]!;
      const id = makeId(kind === 'uuid' && rand() < 0.5 ? 'uuidv4' : kind, rand);
      const [open, close] = CONTEXTS[Math.floor(rand() * CONTEXTS.length)]!;
      const line = `// planted ${open}${id}${close}\n`;
      planted.push({ kind, start: length + '// planted '.length + open.length, text: id });
      parts.push(line);
      length += line.length;
      nextPlant = length + Math.floor(SPACING * (0.5 + rand()));
    }
    parts.push(text.slice(from));
    length += text.length - from;
  }
  return { text: parts.join(''), planted, files };
}
