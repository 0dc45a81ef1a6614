import { requireText } from '../args';
import { bigIntToBytes, bytesToBigInt } from '../bytes';
import { cryptoRandom } from '../random';
import { repeat } from '../timeline';
import { IdError, type RandomSource } from '../types';
import { Id, failed, orThrow } from './decoded';
import { badDigit, digitValues, fromDigits, toDigits } from './radix';
import { labelledHit } from './scanHit';
import { judgeSpelledUuid, readSpelledUuid } from './spelledUuid';
import type { DecodedId, FormatModule, Run, ScanContext, ScanHit } from './types';
import { uuidEntropy } from './uuid';

// ShortUUID as the `short-uuid` npm package writes it (oculus42/short-uuid 6.x): the UUID's 128
// bits as one number in another alphabet, most significant digit first, left-padded with the
// alphabet's first symbol to a fixed length. Two alphabets are common: flickrBase58 (22 chars,
// the default) and cookieBase90 (20 chars, for cookies; it holds punctuation, so it is read
// only when the user points at it). The package does not check that 22 base58 chars fit in
// 128 bits (58^22 > 2^128) and silently truncates; here such text is an overflow.

export const FLICKR_BASE58 = '123456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
export const COOKIE_BASE90 = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!#$%&'()*+-./:<=>?@[]^_`{|}~";

interface Alphabet {
  name: 'flickrBase58' | 'cookieBase90';
  chars: string;
  values: Int16Array;
  length: number;
  max: string;
}

const MAX_128 = (1n << 128n) - 1n;

function alphabet(name: Alphabet['name'], chars: string, length: number): Alphabet {
  return { name, chars, values: digitValues(chars), length, max: toDigits(MAX_128, chars, length) };
}

const FLICKR = alphabet('flickrBase58', FLICKR_BASE58, 22);
const COOKIE = alphabet('cookieBase90', COOKIE_BASE90, 20);
const LABEL = /short[_-]?uuid["'`]?\s*[:=]?\s*["'`(]?$/i;

function whyNot(text: string): IdError {
  if (text.length === 0) return new IdError('EMPTY', 'Expected a ShortUUID (22 flickrBase58 or 20 cookieBase90 chars), got an empty string.');
  const a = text.length === 22 ? FLICKR : text.length === 20 ? COOKIE : undefined;
  if (!a) return new IdError('INVALID_LENGTH', `A ShortUUID has 22 characters (flickrBase58) or 20 (cookieBase90); got ${text.length}.`);
  const bad = badDigit(text, a.values);
  if (bad >= 0) {
    const hint = a === FLICKR && /[0OIl]/.test(text[bad]!) ? ' (flickrBase58 leaves out 0, O, I and l)' : '';
    return new IdError('INVALID_CHARACTER', `A ${a.length}-char ShortUUID uses the ${a.name} alphabet${hint}; character ${bad + 1} is '${text[bad]}'.`);
  }
  return new IdError('OVERFLOW', `A ShortUUID holds 128 bits, so in ${a.name} it is at most ${a.max}.`);
}

function read(text: string): Id {
  const a = text.length === 22 ? FLICKR : text.length === 20 ? COOKIE : undefined;
  if (!a || badDigit(text, a.values) >= 0) return failed(shortuuid, text, whyNot(text));
  const n = fromDigits(text, a.values, a.chars.length);
  if (n > MAX_128) return failed(shortuuid, text, whyNot(text));
  const bytes = bigIntToBytes(n, 16);
  const id = readSpelledUuid(new Id(shortuuid, text, true, {}, bytes), bytes);
  id.fields.alphabet = a.name;
  return id;
}

/** The UUID's reading (version, variant, time) with fields `uuid` and `alphabet`. */
export function decodeShortUuid(text: string): DecodedId {
  requireText(text, 'a ShortUUID');
  return orThrow(read(text));
}

/** 16 bytes -> 22 flickrBase58 chars (short-uuid's default translator). */
export function encodeShortUuid(bytes: Uint8Array, chars: string = FLICKR_BASE58): string {
  if (bytes.length !== 16) throw new IdError('INVALID_LENGTH', `A ShortUUID holds 16 bytes; got ${bytes.length}.`);
  const a = chars === COOKIE_BASE90 ? COOKIE : FLICKR;
  return toDigits(bytesToBigInt(bytes), a.chars, a.length);
}

/** `n` ShortUUIDs of random v4 UUIDs, as short-uuid's `generate()` makes them. */
export function shortUuids(n: number, random: RandomSource = cryptoRandom): string[] {
  const pool = random(new Uint8Array(16 * n));
  let at = 0;
  return repeat(n, () => {
    const b = pool.subarray(at, (at += 16));
    b[6] = 0x40 | (b[6]! & 0x0f);
    b[8] = 0x80 | (b[8]! & 0x3f);
    return encodeShortUuid(b);
  });
}

/** Only after a label naming it: 22 mixed-case base58 chars are also API keys and tokens. */
function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const text = ctx.text;
  for (let i = run.start; i < run.end; i++) if (FLICKR.values[text.charCodeAt(i)]! < 0) return undefined;
  return labelledHit(ctx, run.start, run.end, LABEL, read);
}

const BASE58_22 = /^[1-9a-km-zA-HJ-NP-Z]{22}$/;

export const shortuuid: FormatModule = {
  entropy: uuidEntropy,
  id: 'shortuuid',
  label: 'ShortUUID',
  shapes: [
    {
      length: 22, case: 'significant',
      description: 'ShortUUIDs (22 flickrBase58 chars)',
      // Any 22 base58 chars decode to some 128 bits: only a UUID some generator makes is a guess.
      test: (t, o) => BASE58_22.test(t) && judgeSpelledUuid(read(t), o?.now).plausible === true,
    },
    { length: 22, case: 'significant', asked: true, description: 'ShortUUIDs (22 flickrBase58 chars)', test: (t) => BASE58_22.test(t) },
    {
      length: 20, case: 'significant', asked: true,
      description: 'ShortUUIDs in cookieBase90 (20 chars)',
      test: (t) => t.length === 20 && badDigit(t, COOKIE.values) < 0,
    },
  ],
  scan: [{ runLengths: [22], find }],
  bits: 128,
  decode: (text, opts) => judgeSpelledUuid(read(text), opts?.now),
  encode: (bytes) => encodeShortUuid(bytes),
  listedFor: ['uuid', 'shortuuid', 'uuid25'],
  hoverTargets: ['uuid'],
  representations: [{
    target: 'shortuuid-cookie', label: 'ShortUUID (cookieBase90)', listedFor: ['shortuuid'],
    write: (id) => (id.bytes?.length === 16 ? encodeShortUuid(id.bytes, COOKIE_BASE90) : undefined),
    read: (text) => {
      if (text.length !== 20) throw new IdError('INVALID_LENGTH', `A ShortUUID in cookieBase90 has 20 characters; got ${text.length}.`);
      return orThrow(read(text)).bytes!;
    },
  }],
  generators: [{
    kind: 'shortuuid', label: 'ShortUUID', detail: 'short-uuid: a random UUID v4 in 22 flickrBase58 chars', hasTime: false, ascending: false, options: [],
    create: (env) => ({ generate: (n) => shortUuids(n, env.random) }),
  }],
  notApplicable: {
    time: 'A ShortUUID holds a random UUID v4: no time (the UUID reading shows one when it spells a v1, v6 or v7).',
    bounds: 'Its base58 alphabet puts lower case before upper case: text order is not value order.',
  },
  check: { labels: [['short', 'uuid'], ['shortuuid']] },
};
