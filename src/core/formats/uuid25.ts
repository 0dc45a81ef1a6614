import { requireText } from '../args';
import { IdError } from '../types';
import { Id, failed, orThrow } from './decoded';
import { encodeScru128, scru128 } from './scru128';
import { labelledHit } from './scanHit';
import { judgeSpelledUuid, readSpelledUuid } from './spelledUuid';
import type { DecodedId, FormatModule, Run, ScanContext, ScanHit } from './types';
import { uuidEntropy } from './uuid';

// Uuid25 (uuid25/javascript): a UUID's 128 bits as 25 base36 digits, case-insensitive, written
// in lower case. It is the very spelling SCRU128 uses for its own 128 bits, so the arithmetic is
// SCRU128's, and the same text has both readings: a Uuid25 is read as one only when the user
// names it (`--from uuid25`, Inspect ID As…), asks for every reading, or a label names it.

const LABEL = /uuid25["'`]?\s*[:=]?\s*["'`(]?$/i;

function read(text: string): Id {
  const s = scru128.decode(text);
  if (!s.valid) {
    const message = (s.error ?? '').replace(/A SCRU128 ID/g, 'A Uuid25').replace(/a SCRU128 ID/g, 'a Uuid25');
    return failed(uuid25, text, new IdError(s.errorCode ?? 'UNKNOWN_FORMAT', message));
  }
  const bytes = s.bytes!;
  return readSpelledUuid(new Id(uuid25, text, true, {}, bytes), bytes);
}

/** The UUID's reading (version, variant, time) with the field `uuid`. */
export function decodeUuid25(text: string): DecodedId {
  requireText(text, 'a Uuid25');
  return orThrow(read(text));
}

/** 16 bytes -> 25 lower-case base36 digits. */
export function encodeUuid25(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new IdError('INVALID_LENGTH', `A Uuid25 holds 16 bytes; got ${bytes.length}.`);
  return encodeScru128(bytes);
}

function find(run: Run, ctx: ScanContext): ScanHit | undefined {
  return labelledHit(ctx, run.start, run.end, LABEL, read);
}

const BASE36_25 = /^[0-9a-z]{25}$/i;

export const uuid25: FormatModule = {
  entropy: uuidEntropy,
  id: 'uuid25',
  label: 'Uuid25',
  shapes: [{
    length: 25, case: 'either', asked: true,
    description: 'Uuid25 (25 base36 chars)',
    test: (t) => BASE36_25.test(t),
  }],
  scan: [{ runLengths: [25], find }],
  bits: 128,
  decode: (text, opts) => judgeSpelledUuid(read(text), opts?.now),
  encode: (bytes) => encodeUuid25(bytes),
  listedFor: ['uuid', 'shortuuid', 'uuid25'],
  hoverTargets: ['uuid'],
  representations: [],
  generators: [],
  notApplicable: {
    time: 'A Uuid25 spells any UUID; the UUID reading shows a time when it holds one.',
    generate: 'uuid25 only re-spells UUIDs: make a UUID, then convert it (--to uuid25).',
    bounds: 'It spells any UUID, most of which do not sort by time.',
  },
  check: { labels: [['uuid25']] },
};
