import type { CheckFormat } from './types';

// Which reader a file gets: by its name's extension first, then by the editor's language id.

const BY_EXTENSION: Record<string, CheckFormat> = {
  json: 'json', jsonc: 'json', json5: 'json', geojson: 'json', code_workspace: 'json',
  jsonl: 'jsonl', ndjson: 'jsonl',
  yaml: 'yaml', yml: 'yaml',
  csv: 'csv', tsv: 'tsv', tab: 'tsv',
  sql: 'sql',
};
const BY_LANGUAGE: Record<string, CheckFormat> = {
  json: 'json', jsonc: 'json', jsonl: 'jsonl', yaml: 'yaml', csv: 'csv', tsv: 'tsv', sql: 'sql',
  'dockercompose': 'yaml', mysql: 'sql', postgres: 'sql', plsql: 'sql',
};

/** The format a file is read as: by extension first, then by language id, else plain text. */
export function checkFormatOf(fileName = '', languageId = ''): CheckFormat {
  const ext = /\.([A-Za-z0-9_-]+)$/.exec(fileName)?.[1]?.toLowerCase().replace('-', '_');
  return (ext && BY_EXTENSION[ext]) || BY_LANGUAGE[languageId.toLowerCase()] || 'text';
}

/** The formats a caller may name (`--format`). */
export const CHECK_FORMATS: readonly CheckFormat[] = ['json', 'jsonl', 'yaml', 'csv', 'tsv', 'sql', 'text'];

/** How much of a nameless text `sniffFormat` looks at. */
export const SNIFF_CHARS = 4096;

/**
 * The format of a text that has no name (standard input), from its start: JSON (JSON Lines when
 * every line is one object), SQL statements, YAML (a document marker, `key: value`, `- item`),
 * delimited rows (as many `,` tab `;` or `|` on each of the first lines, or one word a line),
 * else plain text.
 */
export function sniffFormat(head: string): CheckFormat {
  const s = head.replace(/^\uFEFF/, '').trimStart();
  const lines = s.split(/\r?\n/).filter((l) => l.trim() !== '');
  // The last line of a head cut at SNIFF_CHARS may be cut too.
  const whole = lines.length > 1 ? lines.slice(0, -1) : lines;
  if (/^[[{]/.test(s)) return s[0] === '{' && whole.length > 1 && whole.every((l) => /^\s*\{.*\}\s*$/.test(l)) ? 'jsonl' : 'json';
  const code = s.replace(/^(?:--[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*/, '');
  if (/^(?:INSERT|CREATE|COPY|SET|BEGIN|START|DROP|ALTER|USE|LOCK|REPLACE)\b/i.test(code)) return 'sql';
  const first = whole[0] ?? '';
  if (/^(?:---|%YAML)/.test(s) || /^- /.test(first) || /^[\w"'][^,;\t|]*:(?:\s|$)/.test(first)) return 'yaml';
  for (const [d, format] of [[',', 'csv'], ['\t', 'tsv'], [';', 'csv'], ['|', 'csv']] as const) {
    const counts = whole.slice(0, 5).map((l) => l.split(d).length - 1);
    if (counts.length > 0 && counts[0]! > 0 && counts.every((n) => n === counts[0])) return format;
  }
  // One word a line (`cut -f1 rows.csv | idsmith check -`): a column, where a repeat is a duplicate.
  if (whole.length > 1 && whole.every((l) => /^\S+$/.test(l.trim()))) return 'csv';
  return 'text';
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The delimiter a CSV header uses: the most frequent of `,` `;` tab `|` outside quotes (`,` when none is). */
export function sniffDelimiter(header: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of header) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best: string = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}
