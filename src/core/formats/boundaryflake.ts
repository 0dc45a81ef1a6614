import { requireText } from '../args';
import { HEX_PAIRS, bigIntToBytes, bytesToBigInt } from '../bytes';
import { IdError } from '../types';
import { parseUuid } from './uuid/codec';
import { Id, failed, judged, orThrow } from './decoded';
import { badDigit, digitValues, fromDigits, toDigits } from './radix';
import { labelledHit } from './scanHit';
import { CHAR, type DecodedId, type FormatModule, type Run, type ScanContext, type ScanHit } from './types';

// Boundary's Flake (boundary/flake, Erlang, 2012): 128 bits, a 64-bit Unix time in milliseconds,
// the 48-bit worker id (a MAC address of the machine), a 16-bit sequence that restarts at 0 each
// millisecond. flake_util:as_list/2 writes it in base62 with digits 0-9 A-Z a-z and no padding:
// 18 chars for any time from 1975 to 2286 (`8HFaR8qWtRlGDHnO57`). The same 16 bytes written as a
// UUID or 32 hex digits are any 128 bits, so those are read as a Flake only when named.

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const VALUES = digitValues(BASE62);
const MAX_128 = (1n << 128n) - 1n;
/** The Boundary blog post announcing Flake (2012). */
const PLAUSIBLE_FROM = Date.UTC(2012, 0, 1);
const MAX_DATE_MS = 8.64e15;
const LABEL = /(?<![a-z])flake(?:[_-]?id)?["'`]?\s*[:=]?\s*["'`(]?$/i;

function fromBytes(text: string, bytes: Uint8Array): Id {
  const id = new Id(boundaryflake, text, true, undefined, bytes);
  // The top 64 bits are the time; a real one is far below 2^53.
  const hi = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const lo = ((bytes[4]! << 24) | (bytes[5]! << 16) | (bytes[6]! << 8) | bytes[7]!) >>> 0;
  const ms = hi * 4294967296 + lo;
  // Past what a Date holds (year 275760) there is no time to show; such a value is no Flake.
  if (ms <= MAX_DATE_MS) id.unixMs = ms;
  const worker: string[] = [];
  for (let i = 8; i < 14; i++) worker.push(HEX_PAIRS[bytes[i]!]!);
  id.fields = { workerId: worker.join(':'), sequence: (bytes[14]! << 8) | bytes[15]! };
  return id;
}

function read(text: string): Id {
  if (text.length === 32 || text.length === 36) {
    try {
      return fromBytes(text, parseUuid(text));
    } catch (e) {
      return failed(boundaryflake, text, e);
    }
  }
  if (text.length === 0) return failed(boundaryflake, text, new IdError('EMPTY', 'Expected a Flake (base62), got an empty string.'));
  if (text.length > 22) return failed(boundaryflake, text, new IdError('INVALID_LENGTH', `A Flake in base62 has at most 22 characters (18 for any time since 1975); got ${text.length}.`));
  const bad = badDigit(text, VALUES);
  if (bad >= 0) return failed(boundaryflake, text, new IdError('INVALID_CHARACTER', `A Flake uses base62 (0-9, A-Z, a-z); character ${bad + 1} is '${text[bad]}'.`));
  const n = fromDigits(text, VALUES, 62);
  if (n > MAX_128) return failed(boundaryflake, text, new IdError('OVERFLOW', 'A Flake holds 128 bits; this base62 text is larger.'));
  return fromBytes(text, bigIntToBytes(n, 16));
}

/** Fields `workerId` (the MAC address) and `sequence`. */
export function decodeBoundaryFlake(text: string): DecodedId {
  requireText(text, 'a Flake');
  return orThrow(read(text));
}

/** 16 bytes -> base62 without padding, as flake_util:as_list(Id, 62) writes it. */
export function encodeBoundaryFlake(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new IdError('INVALID_LENGTH', `A Flake is 16 bytes; got ${bytes.length}.`);
  return toDigits(bytesToBigInt(bytes), BASE62);
}

/**
 * Read only when the time is plausible and the sequence small: the sequence counts IDs within one
 * millisecond, so it is almost always below 4096, which a random base62 word passes 1 time in 16.
 */
function believable(id: Id, now: number | undefined): Id {
  judged(id, PLAUSIBLE_FROM, now);
  if (id.valid && (id.unixMs === undefined || (id.fields.sequence as number) >= 4096)) id.plausible = false;
  return id;
}

/** Only after a label naming it: 18 mixed-case base62 chars are tokens more often than Flakes. */
function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  if (run.or & CHAR.UNDERSCORE) return undefined;
  return labelledHit(ctx, run.start, run.end, LABEL, read);
}

const BASE62_18 = /^[0-9A-Za-z]{18}$/;
const HEX32 = /^[0-9a-f]{32}$/i;
const UUID36 = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UPPER = /[A-Z]/;
const LOWER = /[a-z]/;

export const boundaryflake: FormatModule = {
  id: 'boundaryflake',
  label: 'Boundary Flake',
  shapes: [
    {
      length: 18, case: 'significant', description: 'Boundary Flakes (18 base62 chars)',
      // Eighteen mixed-case chars are often a token: only a plausible time and sequence is a guess.
      test: (t, o) => BASE62_18.test(t) && UPPER.test(t) && LOWER.test(t) && believable(read(t), o?.now).plausible === true,
    },
    { length: 18, case: 'significant', asked: true, description: 'Boundary Flakes (18 base62 chars)', test: (t) => BASE62_18.test(t) },
    { length: [32, 36], case: 'either', asked: true, description: 'Boundary Flakes as hex or a UUID', test: (t) => HEX32.test(t) || UUID36.test(t) },
  ],
  scan: [{ runLengths: [18], find }],
  bits: 128,
  decode: (text, opts) => believable(read(text), opts?.now),
  encode: (bytes) => encodeBoundaryFlake(bytes),
  listedFor: ['boundaryflake'],
  hoverTargets: ['uuid', 'hex'],
  representations: [],
  generators: [],
  time: { minMs: 0, maxMs: Number.MAX_SAFE_INTEGER, resolutionMs: 1, plausibleFromMs: PLAUSIBLE_FROM },
  notApplicable: {
    generate: "Boundary's Flake is an Erlang server that draws on the machine's MAC address; Idsmith reads its IDs only.",
    bounds: 'Its base62 text has no padding, so text order is value order only among IDs of one length.',
    check: "Its only label would be 'flake', which names too many other things to make a value a claim.",
  },
};
