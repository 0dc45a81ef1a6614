import { optionsOf, requireText, shown } from './args';
import { FORMATS, closestShapes, formatById, readings } from './formats/registry';
import { isDecodedId } from './formats/decoded';
import { decodeUuidBytes } from './formats/uuid';
import { parse128 } from './represent';
import { IdError } from './types';
import { formatUuid } from './formats/uuid/codec';
import { parseSnowflakeEpoch } from './formats/snowflake/layouts';
import type { DecodeOptions, DecodedId } from './formats/types';
import type { Decoded } from './types';

// One ID the user pointed at explicitly (inspect command, CLI `inspect`). Unlike the scanner it
// may be generous: the user says "this is an ID", so every spelling a format allows is read,
// and text that is recognisably one kind but broken is reported as that kind with the reason.
//
// Shape decides the kind, never trial and error: each format's shapes (src/core/formats/) say
// what it accepts, and where two accept the same text the likeliest reading comes first (valid
// and plausible, then valid, then broken; registry order among equals).

export interface InspectOptions {
  /** Snowflake epoch: preset name or custom ms; `auto`/undefined lists every reading. */
  epoch?: unknown;
  /** Anchors snowflake plausibility; defaults to the current time. */
  now?: number;
  /**
   * Read the input as this kind only (any format id: `scru128`, `pushid`, …), whatever else its
   * shape allows, with that format's verdict. `dotnet`: the input is a GUID's bytes in .NET
   * `Guid.ToByteArray()` / SQL Server order (32 hex or 24 base64 chars), read as the UUID it is
   * (`fields.uuid`); never guessed without it.
   */
  from?: string;
  /** Every reading, those read only when named included (a Flake ID, a Uuid25): `inspect --all`. */
  all?: boolean;
  /** Sqids: the user's alphabet (and minimum length); Sqids is guessed only with it. */
  sqids?: DecodeOptions['sqids'];
  /** Hashids: the user's salt (and minimum length, alphabet); Hashids is guessed only with it. */
  hashids?: DecodeOptions['hashids'];
}

/** The decode options an inspect's options give. */
function decodeOptionsOf(opts: InspectOptions): DecodeOptions {
  const o: DecodeOptions = { snowflake: parseSnowflakeEpoch(opts.epoch, opts.now ?? Date.now()), now: opts.now };
  if (opts.sqids !== undefined) o.sqids = opts.sqids;
  if (opts.hashids !== undefined) o.hashids = opts.hashids;
  return o;
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

/** The likeliest reading of one explicit input (the decoded object itself), or undefined if no shape fits. */
export function inspectId(input: string, opts: InspectOptions = {}): DecodedId | undefined {
  requireText(input, 'the ID to inspect');
  opts = optionsOf(opts, 'the inspect options');
  const text = input.trim();
  if (text === '') return undefined;
  return readings(text, decodeOptionsOf(opts), opts.all === true ? 'all' : false)[0];
}

/** Reads one explicit input as whichever kind its shape says; `kind: 'unknown'` if none fits. */
export function inspect(input: string, opts: InspectOptions = {}): Decoded {
  const d = inspectDecoded(input, opts);
  return isDecodedId(d) ? d.toJSON() : d;
}

/**
 * `inspect`'s reading as the decoded object itself, for the surfaces that show it: it also holds
 * what `inspect --json` leaves out (a UUID v2's `timeWindowMs`), and JSON.stringify gives the
 * same text as `inspect`.
 */
export function inspectDecoded(input: string, opts: InspectOptions = {}): Decoded {
  requireText(input, 'the ID to inspect');
  opts = optionsOf(opts, 'the inspect options');
  const text = input.trim();
  if (text === '') return unknown(text, 'Nothing to inspect: the input is empty.', 'EMPTY');
  if (opts.from !== undefined) return inspectAs(text, opts.from, opts);
  const first = inspectId(text, opts);
  if (first) return first;
  const hint = /^[0-9a-f]+$/i.test(text) ? hexHint(text.length) : '';
  return unknown(text, `"${text.length > 60 ? text.slice(0, 57) + '...' : text}" is not an ID Idsmith knows.${hint}${nearest(text)}`);
}

/**
 * The shapes that came closest, by length, and why the nearest one of the right length is not
 * it (its decoder's reason): `Nearest: snowflakes (decimal, up to 20 digits) (as one: …)`.
 */
function nearest(text: string): string {
  const near = closestShapes(text);
  if (near.length === 0) return '';
  const names = near.map((x) => (x.distance === 0 ? x.description : `${x.description}: ${x.length}, not ${text.length}`));
  // The reason helps where the length is the format's own (a 25-character SCRU128 with a '-'),
  // not where a range merely admits it (TypeIDs are 27-90 characters).
  const fits = near.find((x) => x.distance === 0 && !x.length.includes('-'));
  const why = fits ? fits.format.decode(text) : undefined;
  return ` Nearest: ${names.join('; ')}.${why && !why.valid && why.error ? ` As ${fits!.format.label}: ${why.error}` : ''}`;
}

/** The input read as the named kind only: its format's reading, plausible or not. */
function inspectAs(text: string, from: string, opts: InspectOptions): Decoded {
  const f = formatById(from);
  if (!f) throw new IdError('INVALID_ARGUMENT', `Unknown kind ${shown(from)}; use one of ${FORMATS.map((x) => x.id).join(', ')}.`);
  if (f.id !== 'dotnet') return f.decode(text, decodeOptionsOf(opts));
  let bytes: Uint8Array;
  try {
    bytes = parse128(text, 'dotnet').bytes;
  } catch (e) {
    if (!(e instanceof IdError)) throw e;
    return { input: text, kind: 'uuid', valid: false, error: e.message, errorCode: e.code, fields: {} };
  }
  const d = decodeUuidBytes(bytes, text);
  d.fields.uuid = formatUuid(bytes);
  d.fields.byteOrder = '.NET (Guid.ToByteArray)';
  return d;
}
