import { csvReader, delimitedReader } from './csv';
import { JsonPaths, JsonReader } from './json';
import { sqlReader } from '../../../src/core/check/sql';
import { TextReader } from '../../../src/core/check/text';
import type { CheckFormat, Reader, Sink } from '../../../src/core/check/types';
import { YamlReader } from '../../../src/core/check/yaml';

// One reader per file format: each takes the text in pieces and hands the checker its values.

/** The reader of `format`; `delimiter` is a CSV's or TSV's when the caller names it. */
export function readerFor(format: CheckFormat, c: Sink, delimiter?: string): Reader {
  switch (format) {
    case 'json': return new JsonReader(new JsonPaths(c));
    case 'jsonl': return new JsonReader(new JsonPaths(c), true);
    case 'yaml': return new YamlReader(c);
    case 'csv': return csvReader(c, delimiter);
    case 'tsv': return delimitedReader(c, delimiter ?? '\t');
    case 'sql': return sqlReader(c);
    default: return new TextReader(c);
  }
}
