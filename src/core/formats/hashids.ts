import { requireText, shown } from '../args';
import { IdError } from '../types';
import { Id, failed, orThrow } from './decoded';
import type { DecodeOptions, DecodedId, FormatModule } from './types';

// Hashids (hashids.org, the hashids npm package 2.x): whole numbers written with an alphabet
// shuffled by a salt. The alphabet is split into separators (between numbers), guards (padding
// at the ends for a minimum length) and digits; a "lottery" char chosen from the numbers starts
// the ID and, with the salt, reshuffles the digits for each number. The same salt and alphabet
// are needed to read one back, and a read counts only when its numbers encode to the same text.
// So Hashids is read only with the user's salt (a setting or flag), or when named.

export const HASHIDS_DEFAULT_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890';
const DEFAULT_SEPS = 'cfhistuCFHISTU';
const MIN_ALPHABET = 16;

export interface HashidsConfig {
  salt?: string;
  minLength?: number;
  alphabet?: string;
}

interface HashidsCodec {
  readonly salt: string;
  readonly minLength: number;
  readonly alphabet: string;
  readonly seps: string;
  readonly guards: string;
  readonly all: ReadonlySet<string>;
}

/** Hashids' "consistent shuffle": the alphabet reordered by the code points of `key`. */
function shuffle(alphabet: string, key: string): string {
  if (key.length === 0) return alphabet;
  const chars = [...alphabet];
  for (let i = chars.length - 1, v = 0, p = 0; i > 0; i--, v++) {
    v %= key.length;
    const k = key.charCodeAt(v);
    p += k;
    const j = (k + v + p) % i;
    const t = chars[i]!;
    chars[i] = chars[j]!;
    chars[j] = t;
  }
  return chars.join('');
}

const cache = new Map<string, HashidsCodec>();

/** The codec of a salt, minimum length and alphabet; throws `INVALID_ARGUMENT` for what Hashids refuses. */
export function hashidsCodec(config: HashidsConfig = {}): HashidsCodec {
  const salt = config.salt ?? '';
  const minLength = config.minLength ?? 0;
  const given = config.alphabet ?? HASHIDS_DEFAULT_ALPHABET;
  const key = JSON.stringify([salt, minLength, given]);
  const hit = cache.get(key);
  if (hit) return hit;
  if (typeof salt !== 'string' || /[^\x20-\x7e]/.test(salt)) throw new IdError('INVALID_ARGUMENT', `A Hashids salt is printable ASCII; got ${shown(salt)}.`);
  if (typeof given !== 'string' || /[^\x21-\x7e]/.test(given)) throw new IdError('INVALID_ARGUMENT', `A Hashids alphabet is printable ASCII without spaces; got ${shown(given)}.`);
  if (!Number.isInteger(minLength) || minLength < 0 || minLength > 255) {
    throw new IdError('INVALID_ARGUMENT', `The Hashids minimum length is a whole number from 0 to 255; got ${shown(minLength)}.`);
  }
  const unique = [...new Set(given)].join('');
  if (unique.length < MIN_ALPHABET) throw new IdError('INVALID_ARGUMENT', `A Hashids alphabet has at least ${MIN_ALPHABET} different characters; got ${unique.length}.`);
  let alphabet = [...unique].filter((c) => !DEFAULT_SEPS.includes(c)).join('');
  let seps = shuffle([...DEFAULT_SEPS].filter((c) => unique.includes(c)).join(''), salt);
  // About one separator per 3.5 digits: take more from the alphabet when there are too few.
  if (seps.length === 0 || alphabet.length / seps.length > 3.5) {
    const want = Math.ceil(alphabet.length / 3.5);
    if (want > seps.length) {
      const diff = want - seps.length;
      seps += alphabet.slice(0, diff);
      alphabet = alphabet.slice(diff);
    }
  }
  alphabet = shuffle(alphabet, salt);
  const guardCount = Math.ceil(alphabet.length / 12);
  let guards: string;
  if (alphabet.length < 3) {
    guards = seps.slice(0, guardCount);
    seps = seps.slice(guardCount);
  } else {
    guards = alphabet.slice(0, guardCount);
    alphabet = alphabet.slice(guardCount);
  }
  const codec: HashidsCodec = { salt, minLength, alphabet, seps, guards, all: new Set(alphabet + seps + guards) };
  if (cache.size > 32) cache.clear();
  cache.set(key, codec);
  return codec;
}

function toAlphabet(n: bigint, alphabet: string): string {
  const base = BigInt(alphabet.length);
  let out = '';
  do {
    out = alphabet[Number(n % base)]! + out;
    n /= base;
  } while (n > 0n);
  return out;
}

/** The ID of `numbers` (whole numbers, 0 or more). */
export function encodeHashids(numbers: readonly bigint[], c: HashidsCodec = hashidsCodec()): string {
  if (numbers.length === 0) return '';
  let alphabet = c.alphabet;
  let idInt = 0;
  numbers.forEach((n, i) => {
    idInt += Number(n % BigInt(i + 100));
  });
  const lottery = alphabet[idInt % alphabet.length]!;
  let ret = lottery;
  numbers.forEach((n, i) => {
    alphabet = shuffle(alphabet, (lottery + c.salt + alphabet).slice(0, alphabet.length));
    const last = toAlphabet(n, alphabet);
    ret += last;
    if (i + 1 < numbers.length) ret += c.seps[Number(n % BigInt(last.charCodeAt(0) + i)) % c.seps.length]!;
  });
  if (ret.length < c.minLength) {
    ret = c.guards[(idInt + ret.charCodeAt(0)) % c.guards.length]! + ret;
    if (ret.length < c.minLength) ret += c.guards[(idInt + ret.charCodeAt(2)) % c.guards.length]!;
  }
  const half = Math.floor(alphabet.length / 2);
  while (ret.length < c.minLength) {
    alphabet = shuffle(alphabet, alphabet);
    ret = alphabet.slice(half) + ret + alphabet.slice(0, half);
    const excess = ret.length - c.minLength;
    if (excess > 0) ret = ret.slice(Math.floor(excess / 2), Math.floor(excess / 2) + c.minLength);
  }
  return ret;
}

/** The numbers of an ID, or none when it is not one under this codec (it must encode back to itself). */
export function decodeHashidsNumbers(id: string, c: HashidsCodec = hashidsCodec()): bigint[] {
  if (id === '') return [];
  for (const ch of id) if (!c.all.has(ch)) return [];
  const parts = splitAny(id, c.guards);
  const body = parts[parts.length === 2 || parts.length === 3 ? 1 : 0]!;
  if (body === '') return [];
  const lottery = body[0]!;
  let alphabet = c.alphabet;
  const out: bigint[] = [];
  for (const sub of splitAny(body.slice(1), c.seps)) {
    alphabet = shuffle(alphabet, (lottery + c.salt + alphabet).slice(0, alphabet.length));
    const base = BigInt(alphabet.length);
    let v = 0n;
    for (const ch of sub) {
      const d = alphabet.indexOf(ch);
      if (d < 0) return [];
      v = v * base + BigInt(d);
    }
    out.push(v);
  }
  return encodeHashids(out, c) === id ? out : [];
}

function splitAny(text: string, chars: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (chars.includes(text[i]!)) {
      out.push(text.slice(from, i));
      from = i + 1;
    }
  }
  out.push(text.slice(from));
  return out;
}

function read(text: string, opts: DecodeOptions | undefined): Id {
  let c: HashidsCodec;
  try {
    c = hashidsCodec(opts?.hashids ?? {});
  } catch (e) {
    return failed(hashids, text, e);
  }
  if (text === '') return failed(hashids, text, new IdError('EMPTY', 'Expected a Hashids ID, got an empty string.'));
  for (let i = 0; i < text.length; i++) {
    if (!c.all.has(text[i]!)) return failed(hashids, text, new IdError('INVALID_CHARACTER', `Character ${i + 1} ('${text[i]}') is not in the Hashids alphabet.`));
  }
  const numbers = decodeHashidsNumbers(text, c);
  if (numbers.length === 0) {
    return failed(hashids, text, new IdError('UNKNOWN_FORMAT', 'This text is no Hashids ID under this salt and alphabet (its numbers do not encode back to it).'));
  }
  const id = new Id(hashids, text, true, { numbers: numbers.join(', '), count: numbers.length });
  id.plausible = true;
  return id;
}

/** Fields `numbers` (comma-separated) and `count`. */
export function decodeHashids(text: string, config?: HashidsConfig): DecodedId {
  requireText(text, 'a Hashids ID');
  return orThrow(read(text, { hashids: config }));
}

function numbersOf(o: Record<string, unknown>, count: number): bigint[][] {
  const given = o.numbers;
  if (given !== undefined) {
    const list = typeof given === 'string' ? given.split(/[\s,]+/).filter((s) => s !== '') : Array.isArray(given) ? given.map(String) : [];
    if (list.length === 0 || !list.every((s) => /^\d{1,30}$/.test(s))) {
      throw new IdError('INVALID_ARGUMENT', `numbers must be a list of whole numbers such as 1,2,3; got ${shown(given)}.`);
    }
    return Array.from({ length: count }, () => list.map((s) => BigInt(s)));
  }
  const start = (o.start as number | undefined) ?? 1;
  if (!Number.isSafeInteger(start) || start < 0) throw new IdError('INVALID_ARGUMENT', `start must be a whole number from 0; got ${shown(start)}.`);
  return Array.from({ length: count }, (_, i) => [BigInt(start + i)]);
}

const SHAPE_CHARS = /^[\x21-\x7e]{1,64}$/;

export const hashids: FormatModule = {
  id: 'hashids',
  label: 'Hashids',
  shapes: [
    {
      length: [1, 64], case: 'significant', configured: true,
      description: 'Hashids (with your salt)',
      // Guessed only with the user's salt (`idsmith.hashids.salt`, `--hashids-salt`).
      // Text whose numbers do not encode back to it is no Hashids ID: not a guess.
      test: (t, o) => o?.hashids?.salt !== undefined && SHAPE_CHARS.test(t) && read(t, o).valid,
    },
    { length: [1, 64], case: 'significant', asked: true, description: 'Hashids', test: (t) => SHAPE_CHARS.test(t) },
  ],
  decode: (text, opts) => read(text, opts),
  representations: [],
  generators: [{
    kind: 'hashids', label: 'Hashids', detail: 'numbers written as a short ID with your salt',
    hasTime: false, ascending: false,
    options: [
      { name: 'numbers', type: 'string', description: 'the numbers of one ID, such as 1,2,3 (default: start, start + 1, …)' },
      { name: 'start', type: 'number', description: 'the first number when no numbers are given', min: 0, default: 1 },
      { name: 'salt', type: 'string', description: 'the Hashids salt', default: '' },
      { name: 'minLength', type: 'number', description: 'the shortest ID', min: 0, max: 255, default: 0 },
      { name: 'alphabet', type: 'string', description: 'the Hashids alphabet', default: HASHIDS_DEFAULT_ALPHABET },
    ],
    // Options beyond GenerateOptions' own (numbers, start, alphabet, salt, minLength) arrive as given.
    create: () => ({ generate: (count, opts) => {
      const o = opts as Record<string, unknown>;
      const c = hashidsCodec({ salt: o.salt as string | undefined, minLength: o.minLength as number | undefined, alphabet: o.alphabet as string | undefined });
      return numbersOf(o, count).map((ns) => encodeHashids(ns, c));
    } }),
  }],
  notApplicable: {
    scan: 'Any word of the alphabet decodes to some numbers: Hashids is read only when you point at it or name it.',
    time: 'A Hashids ID holds numbers, no time.',
    convert: 'It encodes a list of numbers, not a binary value with other spellings.',
    bounds: 'It holds no time.',
    check: 'Reading it needs your alphabet or salt, which the fixture check is not given.',
  },
  // A fresh ID of other numbers would stand for another row: a duplicate is fixed by its numbers.
  regenerate: () => ({ refused: 'a Hashids ID is the encoding of its numbers; encode other numbers for another ID' }),
};
