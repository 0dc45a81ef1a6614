import { requireText, shown } from '../args';
import { IdError } from '../types';
import { Id, failed, orThrow } from './decoded';
import type { DecodeOptions, DecodedId, FormatModule } from './types';

// Sqids (sqids.org, the sqids npm package 0.3): a list of whole numbers written with a shuffled
// alphabet. The first char picks a rotation of the alphabet; each number is written in the
// reversed, rotated alphabet minus its first char, which separates numbers; the alphabet is
// shuffled after each; short IDs are padded to `minLength` after a separator. Any text of the
// alphabet decodes to some numbers, so an ID is believed only when encoding its numbers gives
// the text back, and never without the user's alphabet (a setting or flag) unless named.
//
// The libraries re-encode an ID that contains a word of their default blocklist (profanity);
// Idsmith applies the user's blocklist only (none by default), so an ID made here may differ
// from the library's for the few number lists whose first ID holds such a word. Both decode the same.

export const SQIDS_DEFAULT_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const MAX_LENGTH = 255;

export interface SqidsConfig {
  alphabet?: string;
  minLength?: number;
  blocklist?: readonly string[];
}

/** A configuration checked and prepared once (the shuffled alphabet, the lower-case blocklist). */
export interface SqidsCodec {
  readonly alphabet: string;
  readonly minLength: number;
  readonly chars: ReadonlySet<string>;
  readonly blocklist: readonly string[];
}

function shuffle(chars: string[]): string[] {
  const n = chars.length;
  for (let i = 0, j = n - 1; j > 0; i++, j--) {
    const r = (i * j + chars[i]!.charCodeAt(0) + chars[j]!.charCodeAt(0)) % n;
    const t = chars[i]!;
    chars[i] = chars[r]!;
    chars[r] = t;
  }
  return chars;
}

const cache = new Map<string, SqidsCodec>();

/** The codec for a configuration; throws `INVALID_ARGUMENT` for an alphabet or length Sqids refuses. */
export function sqidsCodec(config: SqidsConfig = {}): SqidsCodec {
  const alphabet = config.alphabet ?? SQIDS_DEFAULT_ALPHABET;
  const minLength = config.minLength ?? 0;
  const key = JSON.stringify([alphabet, minLength, config.blocklist ?? []]);
  const hit = cache.get(key);
  if (hit) return hit;
  if (typeof alphabet !== 'string' || /[^\x21-\x7e]/.test(alphabet)) {
    throw new IdError('INVALID_ARGUMENT', `A Sqids alphabet is printable ASCII without spaces; got ${shown(alphabet)}.`);
  }
  if (alphabet.length < 3) throw new IdError('INVALID_ARGUMENT', `A Sqids alphabet has at least 3 characters; got ${alphabet.length}.`);
  if (new Set(alphabet).size !== alphabet.length) throw new IdError('INVALID_ARGUMENT', 'A Sqids alphabet has each character once.');
  if (!Number.isInteger(minLength) || minLength < 0 || minLength > MAX_LENGTH) {
    throw new IdError('INVALID_ARGUMENT', `The Sqids minimum length is a whole number from 0 to ${MAX_LENGTH}; got ${shown(minLength)}.`);
  }
  const lower = alphabet.toLowerCase();
  const blocklist = (config.blocklist ?? [])
    .map((w) => w.toLowerCase())
    .filter((w) => w.length >= 3 && [...w].every((c) => lower.includes(c)));
  const codec: SqidsCodec = { alphabet: shuffle([...alphabet]).join(''), minLength, chars: new Set(alphabet), blocklist };
  if (cache.size > 32) cache.clear();
  cache.set(key, codec);
  return codec;
}

function toId(n: bigint, alphabet: string): string {
  const base = BigInt(alphabet.length);
  let out = '';
  do {
    out = alphabet[Number(n % base)]! + out;
    n /= base;
  } while (n > 0n);
  return out;
}

function blocked(c: SqidsCodec, id: string): boolean {
  const lower = id.toLowerCase();
  for (const w of c.blocklist) {
    if (w.length > lower.length) continue;
    if (lower.length <= 3 || w.length <= 3) {
      if (lower === w) return true;
    } else if (/\d/.test(w)) {
      if (lower.startsWith(w) || lower.endsWith(w)) return true;
    } else if (lower.includes(w)) return true;
  }
  return false;
}

/** The ID of `numbers` (whole numbers from 0 to 2^53 - 1). */
export function encodeSqids(numbers: readonly number[], c: SqidsCodec = sqidsCodec()): string {
  if (numbers.length === 0) return '';
  for (const n of numbers) {
    if (!Number.isSafeInteger(n) || n < 0) throw new IdError('INVALID_ARGUMENT', `Sqids encodes whole numbers from 0 to ${Number.MAX_SAFE_INTEGER}; got ${shown(n)}.`);
  }
  for (let increment = 0; increment <= c.alphabet.length; increment++) {
    const id = encodeOnce(numbers, c, increment);
    if (!blocked(c, id)) return id;
  }
  throw new IdError('INVALID_ARGUMENT', 'Every Sqids ID of these numbers holds a blocked word.');
}

function encodeOnce(numbers: readonly number[], c: SqidsCodec, increment: number): string {
  const a0 = c.alphabet;
  const n = a0.length;
  let offset = numbers.length;
  for (let i = 0; i < numbers.length; i++) offset += a0.charCodeAt(numbers[i]! % n) + i;
  offset = (offset % n + increment) % n;
  let alphabet = [...(a0.slice(offset) + a0.slice(0, offset))].reverse();
  // The prefix is the rotation's first char.
  let id = a0[offset]!;
  for (let i = 0; i < numbers.length; i++) {
    id += toId(BigInt(numbers[i]!), alphabet.slice(1).join(''));
    if (i < numbers.length - 1) {
      id += alphabet[0]!;
      alphabet = shuffle(alphabet);
    }
  }
  if (id.length < c.minLength) {
    id += alphabet[0]!;
    while (id.length < c.minLength) {
      alphabet = shuffle(alphabet);
      id += alphabet.slice(0, Math.min(c.minLength - id.length, alphabet.length)).join('');
    }
  }
  return id;
}

/** The numbers of an ID as the library reads them (no check that they encode back to it). */
export function decodeSqidsNumbers(id: string, c: SqidsCodec = sqidsCodec()): bigint[] {
  const out: bigint[] = [];
  if (id === '') return out;
  for (const ch of id) if (!c.chars.has(ch)) return out;
  const offset = c.alphabet.indexOf(id[0]!);
  let alphabet = [...(c.alphabet.slice(offset) + c.alphabet.slice(0, offset))].reverse();
  let rest = id.slice(1);
  while (rest.length > 0) {
    const sep = alphabet[0]!;
    const cut = rest.indexOf(sep);
    const chunk = cut < 0 ? rest : rest.slice(0, cut);
    if (chunk === '') return out;
    const digits = alphabet.slice(1);
    const base = BigInt(digits.length);
    let v = 0n;
    for (const ch of chunk) v = v * base + BigInt(digits.indexOf(ch));
    out.push(v);
    if (cut < 0) break;
    alphabet = shuffle(alphabet);
    rest = rest.slice(cut + 1);
  }
  return out;
}

/** The configuration the caller gave (`DecodeOptions.sqids`), or Sqids' defaults. */
function codecOf(opts: DecodeOptions | undefined): SqidsCodec {
  return sqidsCodec(opts?.sqids ?? {});
}

function read(text: string, opts: DecodeOptions | undefined): Id {
  let c: SqidsCodec;
  try {
    c = codecOf(opts);
  } catch (e) {
    return failed(sqids, text, e);
  }
  if (text === '') return failed(sqids, text, new IdError('EMPTY', 'Expected a Sqids ID, got an empty string.'));
  for (let i = 0; i < text.length; i++) {
    if (!c.chars.has(text[i]!)) {
      return failed(sqids, text, new IdError('INVALID_CHARACTER', `Character ${i + 1} ('${text[i]}') is not in the Sqids alphabet.`));
    }
  }
  const numbers = decodeSqidsNumbers(text, c);
  if (numbers.length === 0) return failed(sqids, text, new IdError('UNKNOWN_FORMAT', 'This text holds no Sqids numbers under this alphabet.'));
  if (numbers.some((n) => n > BigInt(Number.MAX_SAFE_INTEGER))) {
    return failed(sqids, text, new IdError('OVERFLOW', `A Sqids number is at most ${Number.MAX_SAFE_INTEGER}; this ID holds a larger one.`));
  }
  const id = new Id(sqids, text, true, { numbers: numbers.join(', '), count: numbers.length });
  // Believed only when its numbers write it back (the same alphabet and minimum length).
  id.plausible = encodeOnce(numbers.map(Number), c, 0) === text || encodeSqids(numbers.map(Number), c) === text;
  return id;
}

/** Fields `numbers` (comma-separated) and `count`. `config`: alphabet and minimum length. */
export function decodeSqids(text: string, config?: SqidsConfig): DecodedId {
  requireText(text, 'a Sqids ID');
  return orThrow(read(text, { sqids: config }));
}

/** The numbers to write: `numbers` (a list, or text `1,2,3`) as one ID; else `start`, `start + 1`, … */
function numbersOf(o: Record<string, unknown>, count: number): number[][] {
  const given = o.numbers;
  if (given !== undefined) {
    const list = typeof given === 'string' ? given.split(/[\s,]+/).filter((s) => s !== '').map(Number) : given;
    if (!Array.isArray(list) || list.length === 0) throw new IdError('INVALID_ARGUMENT', `numbers must be a list of whole numbers such as 1,2,3; got ${shown(given)}.`);
    return Array.from({ length: count }, () => list as number[]);
  }
  const start = (o.start as number | undefined) ?? 1;
  if (!Number.isSafeInteger(start) || start < 0) throw new IdError('INVALID_ARGUMENT', `start must be a whole number from 0; got ${shown(start)}.`);
  return Array.from({ length: count }, (_, i) => [start + i]);
}

const SHAPE_CHARS = /^[\x21-\x7e]{1,64}$/;

export const sqids: FormatModule = {
  id: 'sqids',
  label: 'Sqids',
  shapes: [
    {
      length: [1, 64], case: 'significant', configured: true,
      description: 'Sqids IDs (with your alphabet)',
      // Guessed only with the user's alphabet (`idsmith.sqids.alphabet`, `--sqids-alphabet`).
      // Any word of the alphabet decodes to some numbers: only one its numbers write back is a guess.
      test: (t, o) => o?.sqids?.alphabet !== undefined && SHAPE_CHARS.test(t) && read(t, o).plausible === true,
    },
    { length: [1, 64], case: 'significant', asked: true, description: 'Sqids IDs', test: (t) => SHAPE_CHARS.test(t) },
  ],
  // Not scanned: any word of the alphabet decodes to some numbers, and labels are rare.
  decode: (text, opts) => read(text, opts),
  representations: [],
  generators: [{
    kind: 'sqids', label: 'Sqids', detail: 'numbers written as a short ID with your alphabet',
    hasTime: false, ascending: false,
    options: [
      { name: 'numbers', type: 'string', description: 'the numbers of one ID, such as 1,2,3 (default: start, start + 1, …)' },
      { name: 'start', type: 'number', description: 'the first number when no numbers are given', min: 0, default: 1 },
      { name: 'alphabet', type: 'string', description: 'the Sqids alphabet', default: SQIDS_DEFAULT_ALPHABET },
      { name: 'minLength', type: 'number', description: 'the shortest ID', min: 0, max: MAX_LENGTH, default: 0 },
    ],
    // Options beyond GenerateOptions' own (numbers, start, alphabet, salt, minLength) arrive as given.
    create: () => ({ generate: (count, opts) => {
      const o = opts as Record<string, unknown>;
      const c = sqidsCodec({ alphabet: o.alphabet as string | undefined, minLength: o.minLength as number | undefined });
      return numbersOf(o, count).map((ns) => encodeSqids(ns, c));
    } }),
  }],
  notApplicable: {
    scan: 'Any word of the alphabet decodes to some numbers: Sqids is read only when you point at it or name it.',
    time: 'A Sqids ID holds numbers, no time.',
    convert: 'It encodes a list of numbers, not a binary value with other spellings.',
    bounds: 'It holds no time.',
    check: 'Reading it needs your alphabet or salt, which the fixture check is not given.',
  },
  // A fresh ID of other numbers would stand for another row: a duplicate is fixed by its numbers.
  regenerate: () => ({ refused: 'a Sqids ID is the encoding of its numbers; encode other numbers for another ID' }),
};
