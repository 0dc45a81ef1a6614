// Scanner throughput on the corpus: our one-pass scan() beside the obvious alternative, one
// combined regular expression of every ID pattern with \b boundaries. Both are also checked
// against the planted IDs, since speed means nothing if IDs are missed.
import { core } from './core';
import type { Corpus } from './corpus';
import { msPerRun } from './timing';

export const NAIVE_PATTERN = new RegExp(
  [
    '\\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\b', // UUID
    '\\b[a-z](?:[a-z_]{0,61}[a-z])?_[0-7][0-9a-hjkmnp-tv-z]{25}\\b', // TypeID
    '\\b[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}\\b', // ULID
    '\\b[0-9A-Za-z]{27}\\b', // KSUID
    '\\b[0-9a-fA-F]{24}\\b', // ObjectId
    '\\b\\d{17,20}\\b', // snowflake
  ].join('|'),
  'g',
);

function naiveScan(text: string): { start: number; text: string }[] {
  const out: { start: number; text: string }[] = [];
  for (const m of text.matchAll(NAIVE_PATTERN)) out.push({ start: m.index, text: m[0] });
  return out;
}

export interface ScanResult {
  name: string;
  ms: number;
  mbPerS: number;
  matches: number;
  plantedFound: number;
}

function measure(name: string, corpus: Corpus, fn: (text: string) => { start: number; text: string }[]): ScanResult {
  const found = fn(corpus.text);
  const byStart = new Map(found.map((m) => [m.start, m.text]));
  const plantedFound = corpus.planted.filter((p) => byStart.get(p.start) === p.text).length;
  const ms = msPerRun(() => fn(corpus.text).length);
  const mb = Buffer.byteLength(corpus.text, 'utf8') / 1e6;
  return { name, ms, mbPerS: mb / (ms / 1000), matches: found.length, plantedFound };
}

export function scanBench(corpus: Corpus): { ours: ScanResult; naive: ScanResult } {
  return {
    ours: measure('idsmith scan() (decodes every match)', corpus, (text) => core.scan(text, { snowflakes: true })),
    naive: measure('one combined regex (matches only)', corpus, naiveScan),
  };
}
