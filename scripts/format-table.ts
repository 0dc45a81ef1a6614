// `node --import tsx scripts/format-table.ts`: writes README.md's table of every format, made
// from the registry (src/core/formats/registry.ts) between the markers below, so the README
// cannot drift from what Idsmith reads. test/unit/readmeFormats.test.ts fails when they differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FORMATS } from '../src/core/formats/registry';
import type { FormatModule } from '../src/core/formats/types';

export const BEGIN = '<!-- formats:begin (npm run readme:formats writes this table from the registry) -->';
export const END = '<!-- formats:end -->';

function resolution(ms: number): string {
  if (ms >= 1000) return `${ms / 1000} s`;
  if (ms >= 1) return `${ms} ms`;
  return `${ms * 1000} µs`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function row(f: FormatModule): string {
  const shapes = f.shapes.map((s) => s.description + (s.asked ? ' (when named)' : '')).join('; ') || '—';
  const time = f.time ? `✓ (${resolution(f.time.resolutionMs)})` : '—';
  const found = f.scan && f.scan.length > 0 ? '✓' : '—';
  const insert = f.generators.length > 0 ? f.generators.map((g) => `\`${g.kind}\``).join(' ') : '—';
  const targets = [...(f.encode ? [f.id] : []), ...f.representations.map((r) => r.target)];
  const convert = targets.length > 0 ? [...new Set(targets)].map((t) => `\`${t}\``).join(' ') : '—';
  const bounds = f.bounds && f.bounds.length > 0 ? f.bounds.map((b) => `\`${b.kind}\``).join(' ') : '—';
  return `| ${cell(f.label)} \`${f.id}\` | ${cell(shapes)} | ${time} | ${found} | ${insert} | ${convert} | ${bounds} |`;
}

/** The table, with its markers, as README.md holds it. */
export function formatTable(): string {
  return [
    BEGIN,
    '| format (`--from`) | written as | time | found in text | insert (`new`) | convert to | bounds |',
    '| --- | --- | :-: | :-: | --- | --- | --- |',
    ...FORMATS.map(row),
    END,
  ].join('\n');
}

/** README.md with its table replaced by the registry's; throws when the markers are missing. */
export function withTable(readme: string): string {
  const a = readme.indexOf(BEGIN), b = readme.indexOf(END);
  if (a < 0 || b < a) throw new Error(`README.md has no ${BEGIN} … ${END} section`);
  return readme.slice(0, a) + formatTable() + readme.slice(b + END.length);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = join(import.meta.dirname, '..', 'README.md');
  const text = readFileSync(file, 'utf8');
  const out = withTable(text);
  if (out !== text) {
    writeFileSync(file, out);
    console.log('README.md: format table updated from the registry');
  } else {
    console.log('README.md: format table already matches the registry');
  }
}
