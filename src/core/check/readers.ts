import { delimitedReader } from './csv';
import { JsonPaths, JsonReader } from './json';
import { sqlReader } from './sql';
import { TextReader } from './text';
import type { CheckFormat, Reader, Sink } from './types';
import { YamlReader } from './yaml';

// One reader per file format: each takes the text in pieces and hands the checker its values.

export function readerFor(format: CheckFormat, c: Sink): Reader {
  switch (format) {
    case 'json': return new JsonReader(new JsonPaths(c));
    case 'jsonl': return new JsonReader(new JsonPaths(c), true);
    case 'yaml': return new YamlReader(c);
    case 'csv': return delimitedReader(c, ',');
    case 'tsv': return delimitedReader(c, '\t');
    case 'sql': return sqlReader(c);
    default: return new TextReader(c);
  }
}
