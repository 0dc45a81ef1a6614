import { CUID2_DEFAULT_LENGTH, CUID2_MAX_LENGTH } from '../cuid2';
import { generate, type GenerateOptions } from '../generate';
import { Id } from './decoded';
import { CHAR, type FormatModule, type Run, type ScanContext, type ScanHit } from './types';

// CUID2 (paralleldrive/cuid2, Prisma's `cuid(2)`): a letter, then lower-case base36, 24 chars by
// default (2-32 allowed). It holds no time and nothing else to decode; its only structure is its
// alphabet, so any lower-case word could be one. Inspect reads 24-32 chars with a digit (and not
// all hex) as a CUID2 only when nothing else reads it (lowest priority); the scanner only where a
// `cuid2`/`cuid` label names it. Generated from crypto.getRandomValues (see ../cuid2.ts).

const SHAPE = /^[a-z][0-9a-z]{23,31}$/;
const DIGIT = /[0-9]/;
const ALL_HEX = /^[0-9a-f]+$/;
const LABEL = /cuid2?["'`]?\s*[:=]?\s*["'`(]?$/i;
const UPPER_OR_UNDERSCORE = CHAR.UPPER | CHAR.UNDERSCORE;

/** The explicit-input test: the shape above, a digit somewhere, and not a hex string. */
function looksLikeCuid2(t: string): boolean {
  return SHAPE.test(t) && DIGIT.test(t) && !ALL_HEX.test(t);
}

function read(text: string): Id {
  if (!looksLikeCuid2(text)) {
    const id = new Id(cuid2, text, false, {});
    id.error = `A CUID2 is a letter a-z followed by lower-case base36 (0-9, a-z), 24 to ${CUID2_MAX_LENGTH} characters with a digit among them.`;
    id.errorCode = /[A-Z]/.test(text) ? 'INVALID_CASE' : text.length < 24 || text.length > CUID2_MAX_LENGTH ? 'INVALID_LENGTH' : 'INVALID_CHARACTER';
    return id;
  }
  return new Id(cuid2, text, true, { length: text.length });
}

function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const { start, end, or } = run;
  if ((or & UPPER_OR_UNDERSCORE) || !(or & CHAR.DIGIT) || !(or & CHAR.LOWER)) return undefined;
  const c = ctx.text.charCodeAt(start);
  if (c < 97 || c > 122 || !ctx.labelled(start, LABEL)) return undefined;
  const t = ctx.text.slice(start, end);
  if (ALL_HEX.test(t)) return undefined;
  return { start, end, decoded: read(t) };
}

export const cuid2: FormatModule = {
  id: 'cuid2',
  label: 'CUID2',
  // Every other reading of the same text comes first: CUID2 is what is left.
  priority: -1,
  shapes: [{
    length: [24, CUID2_MAX_LENGTH], alphabet: 'base36', case: 'lower',
    description: 'CUID2s (24-32 base36)', test: looksLikeCuid2,
  }],
  scan: [{ runLengths: Array.from({ length: CUID2_MAX_LENGTH - 23 }, (_, i) => 24 + i), find }],
  decode: (text) => read(text),
  representations: [],
  generators: [{
    kind: 'cuid2', label: 'CUID2', detail: 'random, 24 chars base36 (Prisma cuid(2))', hasTime: false, ascending: false,
    options: [{ name: 'size', type: 'number', description: 'length in characters', min: 2, max: CUID2_MAX_LENGTH, default: CUID2_DEFAULT_LENGTH }],
    generate: (count, o) => generate('cuid2', o as GenerateOptions, count),
  }],
};
