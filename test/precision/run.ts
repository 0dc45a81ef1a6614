// False-positive check for the scanner (`npm run precision`): scan ~50 MB of real third-party
// source text, count what the scanner reports per kind, and print an evenly spread sample with
// context for a person to judge. Judgements are kept in labels.json (key: file:line:text), so a
// rerun prints the precision of the labelled sample and lists only the matches still to judge.
//   npm run precision -- [--sample 25] [--max-mb 50] [--root node_modules] [--all KIND]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { scan, type ScanMatch } from '../../src/core/scan';
import { loadCorpus, type CorpusFile } from './corpus';

const { values: args } = parseArgs({
  options: {
    sample: { type: 'string', default: '25' },
    'max-mb': { type: 'string', default: '50' },
    root: { type: 'string', default: 'node_modules' },
    all: { type: 'string' },
  },
});

type Label = { label: 'id' | 'fp'; why?: string };
const labelsPath = join(import.meta.dirname, 'labels.json');
const labels: Record<string, Label> = existsSync(labelsPath) ? JSON.parse(readFileSync(labelsPath, 'utf8')) : {};

interface Hit { file: CorpusFile; match: ScanMatch; line: number; key: string }

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function context(text: string, m: ScanMatch): string {
  const lineStart = text.lastIndexOf('\n', m.start - 1) + 1;
  const lineEnd = (text.indexOf('\n', m.end) + 1 || text.length + 1) - 1;
  const before = text.slice(Math.max(lineStart, m.start - 50), m.start);
  const after = text.slice(m.end, Math.min(lineEnd, m.end + 50));
  return `${before}«${m.text}»${after}`.replace(/\s+/g, ' ').trim();
}

const started = performance.now();
const corpus = loadCorpus(join(process.cwd(), args.root), Number(args['max-mb']) * 1024 * 1024);
console.log(`corpus: ${corpus.files.length} files, ${(corpus.bytes / 1e6).toFixed(1)} MB of ${args.root} `
  + `(${corpus.skipped} files over the cap left out)`);

function run(opts: { snowflakes?: boolean }): Map<string, Hit[]> {
  const byKind = new Map<string, Hit[]>();
  const t0 = performance.now();
  for (const file of corpus.files) {
    for (const match of scan(file.text, opts)) {
      const hits = byKind.get(match.kind) ?? [];
      hits.push({ file, match, line: 0, key: '' });
      byKind.set(match.kind, hits);
    }
  }
  const ms = performance.now() - t0;
  console.log(`\nscan(${JSON.stringify(opts)}): ${ms.toFixed(0)} ms, ${(corpus.bytes / 1e6 / (ms / 1000)).toFixed(1)} MB/s`);
  for (const [kind, hits] of [...byKind].sort()) {
    const valid = hits.filter((h) => h.match.decoded.valid).length;
    const distinct = new Set(hits.map((h) => h.match.text)).size;
    const files = new Set(hits.map((h) => h.file.path)).size;
    console.log(`  ${kind.padEnd(9)} ${String(hits.length).padStart(6)} matches (${valid} valid, ${hits.length - valid} flagged invalid), `
      + `${distinct} distinct, in ${files} files`);
  }
  return byKind;
}

// The scanner's defaults are what hover and inlay hints use (snowflakes included).
const byKind = run({});

/**
 * The first occurrence of each distinct text, evenly spread over the corpus order: a README
 * example copied into five bundles, or one file full of API GUIDs, is judged once.
 */
function sample(hits: Hit[], n: number): Hit[] {
  const seen = new Set<string>();
  const distinct = hits.filter((h) => !seen.has(h.match.text) && seen.add(h.match.text));
  const picked = n >= distinct.length ? distinct : Array.from({ length: n }, (_, i) => distinct[Math.floor((i * distinct.length) / n)]!);
  for (const hit of picked) {
    hit.line = lineOf(hit.file.text, hit.match.start);
    hit.key = `${hit.file.path}:${hit.line}:${hit.match.text}`;
  }
  return picked;
}

const perKind = Number(args.sample);
const sources = [...byKind].sort(([a], [b]) => a.localeCompare(b));

let judged = 0, real = 0;
const unjudged: string[] = [];
console.log(`\nsample: up to ${perKind} distinct texts per kind, evenly spaced over the corpus order`);
for (const [kind, hits] of sources) {
  const picked = args.all === kind ? sample(hits, hits.length) : sample(hits, perKind);
  let kindJudged = 0, kindReal = 0;
  console.log(`\n== ${kind}: ${picked.length} of ${new Set(hits.map((h) => h.match.text)).size} distinct (${hits.length} matches)`);
  for (const hit of picked) {
    const label = labels[hit.key];
    if (label) {
      kindJudged++;
      if (label.label === 'id') kindReal++;
    } else {
      unjudged.push(hit.key);
    }
    const verdict = label ? `${label.label === 'id' ? 'ID ' : 'FP '}` : '?  ';
    console.log(`  ${verdict} ${hit.match.decoded.valid ? 'valid  ' : 'invalid'} ${hit.file.path}:${hit.line}`);
    console.log(`        ${context(hit.file.text, hit.match)}`);
    if (label?.why) console.log(`        (${label.why})`);
  }
  if (kindJudged > 0) console.log(`  precision of the judged sample: ${kindReal}/${kindJudged}`);
  judged += kindJudged;
  real += kindReal;
}

console.log(`\noverall precision of the judged sample: ${real}/${judged}`
  + (judged > 0 ? ` = ${((100 * real) / judged).toFixed(1)}%` : ''));
if (unjudged.length > 0) {
  console.log(`${unjudged.length} sampled matches not yet judged; add them to test/precision/labels.json as {"label":"id"|"fp","why":"…"}:`);
  for (const key of unjudged) console.log(`  ${JSON.stringify(key)}`);
}
console.log(`\ndone in ${((performance.now() - started) / 1000).toFixed(1)} s`);
