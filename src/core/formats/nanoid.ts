import { generate, type GenerateOptions } from '../generate';
import { Id } from './decoded';
import type { FormatModule } from './types';

// NanoID: random text with no structure. It can be generated; it is never recognised (any word
// of 21 URL-safe characters would be), so it has no shapes and no scan rule.

export const nanoid: FormatModule = {
  id: 'nanoid',
  label: 'NanoID',
  shapes: [],
  decode: (text) => {
    const id = new Id(nanoid, text, false, {});
    id.error = 'A NanoID is random text with nothing to decode.';
    id.errorCode = 'UNKNOWN_FORMAT';
    return id;
  },
  representations: [],
  generators: [{
    kind: 'nanoid', label: 'NanoID', detail: 'random, URL-safe', hasTime: false, ascending: false,
    options: [{ name: 'size', type: 'number', description: 'length in characters', min: 1, max: 1024, default: 21 }],
    generate: (count, o) => generate('nanoid', o as GenerateOptions, count),
  }],
};
