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
