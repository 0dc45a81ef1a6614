import { requireText } from '../args';
import { bigIntToBytes, bytesToBigInt } from '../bytes';
import { IdError } from '../types';
import { pad } from './boundsText';
import { Id, failed, judged, orThrow } from './decoded';
import { HEX_OF_8 } from './int64';
import { badDigit, digitValues, fromDigits, toDigits } from './radix';
import { labelledHit } from './scanHit';
import { CHAR, type BoundsCodec, type DecodedId, type FormatModule, type Run, type ScanContext, type ScanHit } from './types';

// SCRU64 (scru64/spec v0.1.1): a number below 36^12 (about 2^62) written as 12 base36 digits,
// case-insensitive, lower case when written: `timestamp * 2^24 + node_id * 2^(24 - node_id_size)
// + counter`, where timestamp counts 256 ms since 1970. How the 24 low bits split into node id
// and counter is each node's configuration and not in the ID, so they are shown together.
// Timestamps 0 and the largest are reserved for special uses.

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';
const VALUES = digitValues(DIGITS, true);
const MAX = 36n ** 12n - 1n;
const MAX_TIMESTAMP = Number(MAX >> 24n);
const UNIT_MS = 256;
/** The specification's first version (2023). */
const PLAUSIBLE_FROM = Date.UTC(2023, 0, 1);
const HEX_LITERAL = /^0x[0-9a-f]+$/i;
const DIGIT_AFTER_2 = /\d/;
const LABEL = /scru64["'`]?\s*[:=]?\s*["'`(]?$/i;

function whyNot(text: string): IdError {
  if (text.length === 0) return new IdError('EMPTY', 'Expected a SCRU64 ID (12 base36 chars), got an empty string.');
  if (text.length !== 12) return new IdError('INVALID_LENGTH', `A SCRU64 ID has 12 characters; got ${text.length}.`);
  const bad = badDigit(text, VALUES);
  return new IdError('INVALID_CHARACTER', `A SCRU64 ID uses base36 (0-9, a-z); character ${bad + 1} is '${text[bad]}'.`);
}

function read(text: string): Id {
  if (text.length !== 12 || badDigit(text, VALUES) >= 0) return failed(scru64, text, whyNot(text));
  const v = fromDigits(text, VALUES, 36);
  const id = new Id(scru64, text, true, undefined, bigIntToBytes(v, 8));
  const ts = Number(v >> 24n);
  id.unixMs = ts * UNIT_MS;
  id.fields = { timestamp: ts, nodeCtr: Number(v & 0xffffffn), ...(ts === 0 || ts === MAX_TIMESTAMP ? { special: 'reserved timestamp' } : {}) };
  return id;
}

/** Fields `timestamp` (256 ms units) and `nodeCtr` (the node id and counter, 24 bits). */
export function decodeScru64(text: string): DecodedId {
  requireText(text, 'a SCRU64 ID');
  return orThrow(read(text));
}

/** 8 bytes (a value below 36^12) -> 12 lower-case base36 digits. */
export function encodeScru64(bytes: Uint8Array): string {
  if (bytes.length !== 8) throw new IdError('INVALID_LENGTH', `A SCRU64 ID is 8 bytes; got ${bytes.length}.`);
  const v = bytesToBigInt(bytes);
  if (v > MAX) throw new IdError('OVERFLOW', `A SCRU64 ID is below 36^12 (${MAX + 1n}); got ${v}.`);
  return toDigits(v, DIGITS, 12);
}

/**
 * One case, starting 0, a letter beyond f (a SCRU64 from 2023 to 2034 is 0u…0z…) and a digit
 * after the first two chars, a time from 2023 to now + 10 years, not inside base64. Otherwise
 * only after a label naming it.
 */
function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const { or, and, start, end } = run;
  const text = ctx.text;
  if (!(or & CHAR.DIGIT) || !(or & (CHAR.UPPER | CHAR.LOWER)) || (or & CHAR.UNDERSCORE)) return undefined;
  if ((or & CHAR.UPPER) && (or & CHAR.LOWER)) return undefined;
  // `0x` and hex digits is a hex literal; a word after a 0 (0verthinking) has no other digit. A
  // real one has a digit past its first two chars 24 times in 25; the rest need a label.
  if (!(and & CHAR.HEX) && text.charCodeAt(start) === 48 && !HEX_LITERAL.test(text.slice(start, end)) && DIGIT_AFTER_2.test(text.slice(start + 2, end))) {
    const d = read(text.slice(start, end));
    if (d.valid && ctx.plausibleMs(d.unixMs!, PLAUSIBLE_FROM) && !ctx.inBase64(start, end)) return { start, end, decoded: d };
  }
  return labelledHit(ctx, start, end, LABEL, read);
}

const BOUNDS: BoundsCodec = {
  unitMs: UNIT_MS,
  text: (ms, high) => {
    const ts = Math.floor(ms / UNIT_MS);
    if (!Number.isInteger(ms) || ts < 0 || ts > MAX_TIMESTAMP) {
      throw new IdError('TIME_OUT_OF_RANGE', `A SCRU64 ID holds times from 1970 to the year 4261; got ${ms}.`);
    }
    return encodeScru64(bigIntToBytes((BigInt(ts) << 24n) | (high ? 0xffffffn : 0n), 8));
  },
  span: (p, n) => {
    const [a, b] = pad(p.toLowerCase(), n, '0', 'z');
    return [a, b];
  },
  timeOf: (t) => decodeScru64(t).unixMs!,
};

const BASE36_12 = /^[0-9a-z]{12}$/i;
const LETTER = /[a-z]/i;
const DIGIT = /[0-9]/;

export const scru64: FormatModule = {
  id: 'scru64',
  label: 'SCRU64',
  shapes: [{
    length: 12, case: 'either',
    description: 'SCRU64 IDs (12 base36 chars)',
    // Twelve letters and digits are a word as often as an ID: only a plausible time is a guess.
    test: (t, o) => BASE36_12.test(t) && LETTER.test(t) && DIGIT.test(t) && judged(read(t), PLAUSIBLE_FROM, o?.now).plausible === true,
  }, { length: 12, case: 'either', asked: true, description: 'SCRU64 IDs (12 base36 chars)', test: (t) => BASE36_12.test(t) }],
  scan: [{ runLengths: [12], find }],
  bits: 64,
  decode: (text, opts) => judged(read(text), PLAUSIBLE_FROM, opts?.now),
  // No `encode`: not every 64-bit value (a snowflake, a TSID) is below 36^12.
  representations: [{ target: 'hex', label: 'Hex', write: (id) => HEX_OF_8(id.bytes) }],
  hoverTargets: ['hex'],
  generators: [],
  bounds: [{ kind: 'scru64', label: 'SCRU64', detail: '256 ms resolution; lower-case text sorts by time', codec: () => BOUNDS }],
  time: { minMs: 0, maxMs: MAX_TIMESTAMP * UNIT_MS, resolutionMs: UNIT_MS, plausibleFromMs: PLAUSIBLE_FROM },
  notApplicable: {
    generate: 'A SCRU64 generator needs a node id assigned by your realm; Idsmith reads SCRU64 IDs only.',
  },
  check: { labels: [['scru64']], timeOrdered: true },
};
