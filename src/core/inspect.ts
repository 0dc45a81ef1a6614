import { optionsOf, requireText } from './args';
import { decodeKsuid } from './ksuid';
import { decodeObjectId } from './objectid';
import { decodeSnowflake } from './snowflake';
import { decodeTypeId } from './typeid';
import { decodeUlid } from './ulid';
import { decodeUuid } from './uuid';
import { IdError, type Decoded, type IdKind } from './types';

// One ID the user pointed at explicitly (inspect command, CLI `inspect`). Unlike the scanner it
// may be generous: the user says "this is an ID", so every spelling a format allows is read,
// and text that is recognisably one kind but broken is reported as that kind with the reason.
//
// Shape decides the kind, never trial and error, so one text always gets the same reading:
//   `…_` + 26 letters/digits       -> TypeID (prefix_suffix)
//   UUID 8-4-4-4-12, {…}, urn:uuid: -> UUID
//   32 hex digits                  -> UUID (a bare UUID; 32-hex hashes are read the same way)
//   24 hex digits                  -> ObjectId
//   up to 20 digits                -> snowflake (24/32 digits are hex IDs, 26/27 see below;
//                                     other lengths: too long for a snowflake)
//   27 letters/digits              -> KSUID (also all digits: the KSUID minimum is 27 zeros)
//   26 letters/digits              -> ULID (also all digits); a prefix-less TypeID is the same
//                                     text as a lower-case ULID and is read as the ULID

export interface InspectOptions {
  /** Snowflake epoch: preset name or custom ms; `auto`/undefined lists every reading. */
  epoch?: string | number;
  /** Anchors snowflake plausibility; defaults to the current time. */
  now?: number;
}

const UUID_SHAPE = /^(?:urn:uuid:)?\{?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}?$/i;
const UUID_LOOSE = /^(?:urn:uuid:)?\{?[0-9a-z]{8}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{12}\}?$/i;
/** The last `_` separates the prefix; what follows must at least look like a 26-char suffix. */
const TYPEID_SHAPE = /_[0-9A-Za-z]{26}$/;
const HEX = /^[0-9a-f]+$/i;
const ALNUM = /^[0-9A-Za-z]+$/;

const ACCEPTED =
  'Idsmith reads ULIDs (26 chars), UUIDs (8-4-4-4-12 hex, {braces}, urn:uuid:, or 32 hex), ' +
  'TypeIDs (prefix_ + 26 chars), KSUIDs (27 base62 chars), ObjectIds (24 hex) and snowflakes (decimal, up to 20 digits).';

function attempt(kind: IdKind, text: string, decode: (t: string) => Decoded): Decoded {
  try {
    return decode(text);
  } catch (e) {
    if (!(e instanceof IdError)) throw e;
    return { input: text, kind, valid: false, error: e.message, errorCode: e.code, fields: {} };
  }
}

function snowflake(opts: InspectOptions): (t: string) => Decoded {
  return (t) => decodeSnowflake(t, opts.epoch, opts.now);
}

function unknown(text: string, error: string, code: Decoded['errorCode'] = 'UNKNOWN_FORMAT'): Decoded {
  return { input: text, kind: 'unknown', valid: false, error, errorCode: code, fields: {} };
}

function hexHint(length: number): string {
  switch (length) {
    case 40: return ' 40 hex digits look like a SHA-1 or git commit hash, not an ID.';
    case 64: return ' 64 hex digits look like a SHA-256 hash, not an ID.';
    default: return '';
  }
}

/** Reads one explicit input as whichever kind its shape says; `kind: 'unknown'` if none fits. */
export function inspect(input: string, opts: InspectOptions = {}): Decoded {
  requireText(input, 'the ID to inspect');
  opts = optionsOf(opts, 'the inspect options');
  const text = input.trim();
  if (text === '') return unknown(text, `Nothing to inspect: the input is empty. ${ACCEPTED}`, 'EMPTY');
  if (TYPEID_SHAPE.test(text)) return attempt('typeid', text, decodeTypeId);
  if (UUID_SHAPE.test(text) || UUID_LOOSE.test(text)) return attempt('uuid', text, decodeUuid);
  const digits = /^\d+$/.test(text);
  if (digits && text.length <= 20) return attempt('snowflake', text, snowflake(opts));
  if (HEX.test(text) && text.length === 32) return attempt('uuid', text, decodeUuid);
  if (HEX.test(text) && text.length === 24) return attempt('objectid', text, decodeObjectId);
  // 26 and 27 characters are ULIDs and KSUIDs whatever they are made of, as in `convert` and
  // for labelled text in the scanner (`00000000000000000000000000` is the first ULID).
  if (ALNUM.test(text) && text.length === 27) return attempt('ksuid', text, decodeKsuid);
  if (ALNUM.test(text) && text.length === 26) return attempt('ulid', text, decodeUlid);
  if (digits) return attempt('snowflake', text, snowflake(opts));
  const hint = HEX.test(text) ? hexHint(text.length) : '';
  return unknown(text, `"${text.length > 60 ? text.slice(0, 57) + '...' : text}" is not an ID Idsmith knows.${hint} ${ACCEPTED}`);
}
