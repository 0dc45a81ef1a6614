import { requireText } from '../args';
import { generate, type GenerateOptions } from '../generate';
import { KSUID_EPOCH_S, KSUID_MAX, encodeKsuid, ksuidSeconds, ksuidSecondsFor, parseKsuid, payloadHex } from '../ksuid';
import { fill, pad, put32 } from './boundsText';
import { Id, failed, orThrow } from './decoded';
import { CHAR, type DecodedId, type BoundsCodec, type FormatModule, type Run, type ScanContext, type ScanHit } from './types';
import { labelledHit } from './scanHit';

// KSUID: 32-bit seconds since 2014-05-13T16:53:20Z + 128-bit payload, in 27 base62 characters.

const KSUID_FROM = KSUID_EPOCH_S * 1000;
const LABEL = /ksuid["'`]?\s*[:=]?\s*["'`(]?$/i;

function read(text: string): Id {
  let b: Uint8Array;
  try {
    b = parseKsuid(text);
  } catch (e) {
    return failed(ksuid, text, e);
  }
  const id = new Id(ksuid, text, true, { payload: payloadHex(b) }, b);
  id.unixMs = (ksuidSeconds(b) + KSUID_EPOCH_S) * 1000;
  return id;
}

export function decodeKsuid(text: string): DecodedId {
  requireText(text, 'a KSUID');
  return orThrow(read(text));
}

function labelled(start: number, end: number, ctx: ScanContext): ScanHit | undefined {
  return labelledHit(ctx, start, end, LABEL, read);
}

function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  const { or, start, end } = run;
  // All digits read as a number, and a broken KSUID has no time to make it plausible: only a
  // label (`"ksuid": "000…"`) makes either one, and then its reading (or the reason) is shown.
  if (!(or & (CHAR.UPPER | CHAR.LOWER))) return labelled(start, end, ctx);
  if ((or & (CHAR.DIGIT | CHAR.UPPER | CHAR.LOWER)) !== (CHAR.DIGIT | CHAR.UPPER | CHAR.LOWER)) return undefined;
  const t = ctx.text.slice(start, end);
  if (t > KSUID_MAX) return labelled(start, end, ctx);
  if (ctx.inBase64(start, end)) return undefined;
  const d = read(t);
  if (!ctx.plausibleMs(d.unixMs!, KSUID_FROM)) return undefined;
  return { start, end, decoded: d };
}

const ALNUM = /^[0-9A-Za-z]+$/;

const BOUNDS: BoundsCodec = {
  unitMs: 1000,
  text: (ms, high) => {
    const b = fill(new Uint8Array(20), 4, high);
    put32(b, ksuidSecondsFor(ms));
    return encodeKsuid(b);
  },
  span: (p, n) => {
    const [a, b] = pad(p, n, '0', 'z');
    // Equal-length base62 texts compare like their values.
    return [a, b > KSUID_MAX ? KSUID_MAX : b];
  },
  timeOf: (t) => (ksuidSeconds(parseKsuid(t)) + KSUID_EPOCH_S) * 1000,
};

export const ksuid: FormatModule = {
  id: 'ksuid',
  label: 'KSUID',
  // All-digit 26/27-character text is read as this before a too-long snowflake.
  priority: 1,
  shapes: [{ length: 27, alphabet: 'base62', case: 'significant', description: 'KSUIDs (27 base62 chars)', test: (t) => t.length === 27 && ALNUM.test(t) }],
  scan: [{ runLengths: [27], find }],
  bits: 160,
  decode: (text) => read(text),
  encode: (bytes) => encodeKsuid(bytes),
  representations: [],
  generators: [{
    kind: 'ksuid', label: 'KSUID', detail: 'time-ordered, seconds, 27 chars base62', hasTime: true, ascending: true, options: [],
    generate: (count, o) => generate('ksuid', o as GenerateOptions, count),
  }],
  bounds: [{
    kind: 'ksuid', label: 'KSUID', detail: 'whole seconds', codec: () => BOUNDS,
    // Base62 mixes cases: 'a' > 'Z' in byte order only (tested on real servers in test/db).
    note: 'KSUID text sorts by time only in byte order: compare in a binary collation (PostgreSQL COLLATE "C", MySQL/MariaDB *_bin); linguistic and case-insensitive collations return wrong rows.',
  }],
  time: { minMs: KSUID_FROM, maxMs: (KSUID_EPOCH_S + 0xffffffff) * 1000, resolutionMs: 1000, plausibleFromMs: KSUID_FROM },
};
