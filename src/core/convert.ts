import { optionsOf, requireText, shown } from './args';
import { FORMATS, formatById, idOfBytes, listed, readings, representation, representationsFor } from './formats/registry';
import type { DecodedId, Representation } from './formats/types';
import { parse128 } from './represent';
import { IdError } from './types';

/**
 * Every target `convert` understands, from the registry: the 128-bit formats that encode, the
 * numeric forms, then the formats' own spellings (`uuidv6`, `uuid-braces`, …, `mysql-bin`).
 * `typeid:PREFIX` also takes any valid prefix.
 */
export const CONVERT_TARGETS: readonly string[] = representationsFor(128).map((r) => r.target);

/**
 * `CONVERT_TARGETS` and the targets of narrower IDs (a TSID's `tsid`, `int`, `hex`; an XID's or
 * ObjectId's `xid`, `objectid`): every word `convert --to` accepts.
 */
export const ALL_CONVERT_TARGETS: readonly string[] = [
  ...new Set([...CONVERT_TARGETS, ...representationsFor(64).map((r) => r.target), ...representationsFor(96).map((r) => r.target)]),
];

/**
 * The reading of `text` as an ID that `parse128` does not read, or as a narrower one (a TSID, an
 * XID, an ObjectId; SCRU128 is 128 bits in a spelling of its own): the likeliest reading that
 * has a value. A reading without one (a CUID2 of the same 25 characters) cannot be converted,
 * so it never hides one that can (`convert --to scru128` output read back).
 */
function formatReading(text: string): DecodedId | undefined {
  return readings(text.trim(), {}, true).find((d) => d.valid && d.bytes && d.format.bits !== undefined);
}

/** Widths a value can be converted at, widest first: a target names one of these. */
const WIDTHS: readonly number[] = [...new Set(FORMATS.map((f) => f.bits).filter((b) => b !== undefined))].sort((a, b) => b - a);

/**
 * Every source `convert --from` reads: each format with a value (its own text, by its decoder)
 * and every target `convert --to` writes (each reads back what it writes).
 */
export const CONVERT_SOURCES: readonly string[] = [...new Set([
  ...FORMATS.filter((f) => f.bits !== undefined).map((f) => f.id),
  ...WIDTHS.flatMap((bits) => representationsFor(bits).filter((r) => r.read).map((r) => r.target)),
])];

/**
 * `text` read as the named source, as the value `target` is written from: a format's own text
 * through its decoder, or a target's text read back at the width where `target` is written
 * (`--from hex --to tsid`: 64 bits; `--from int --to uuid`: 128).
 */
function readSource(text: string, from: string, target: string): DecodedId {
  const t = text.trim();
  if (t === '') throw new IdError('EMPTY', `Expected ${shown(from)} text, got nothing.`);
  const f = formatById(from);
  if (f && f.id === 'dotnet') return idOfBytes(parse128(t, 'dotnet').bytes, text);
  if (f && f.bits !== undefined) {
    const d = f.decode(t);
    if (!d.valid) throw new IdError(d.errorCode ?? 'UNKNOWN_FORMAT', d.error ?? `This is not a valid ${f.label}.`);
    return d;
  }
  const base = target.startsWith('typeid:') ? 'typeid' : target;
  let failure: unknown;
  for (const bits of WIDTHS) {
    const source = representation(bits, from);
    if (!source?.read || !representation(bits, base)) continue;
    try {
      return idOfBytes(source.read(t, bits), text);
    } catch (e) {
      if (!(e instanceof IdError)) throw e;
      failure ??= e;
    }
  }
  if (failure) throw failure;
  if (!CONVERT_SOURCES.includes(from)) {
    throw new IdError('INVALID_ARGUMENT', `Unknown source ${shown(from)}; use one of ${CONVERT_SOURCES.join(', ')}.`);
  }
  throw new IdError('UNSUPPORTED_CONVERSION', `A value read as ${shown(from)} has no ${shown(target)} form.`);
}

function writeReading(id: DecodedId, target: string): string | undefined {
  const rep = representation(id.format.bits!, target);
  if (!rep) return undefined;
  const out = rep.write(id, { prefix: prefixOf(target, undefined) });
  if (out === undefined) throw new IdError('UNSUPPORTED_CONVERSION', rep.reason?.(id) ?? `This ID cannot be written as ${rep.label}.`);
  return out;
}

export type ConvertTarget = string;

function prefixOf(target: string, inputPrefix: string | undefined): string {
  if (target === 'typeid') return inputPrefix ?? '';
  return target.startsWith('typeid:') ? target.slice('typeid:'.length) : '';
}

function unknownTarget(target: string): IdError {
  return new IdError('INVALID_ARGUMENT', `Unknown conversion target ${shown(target)}; use one of ${ALL_CONVERT_TARGETS.join(', ')} or typeid:PREFIX.`);
}

/**
 * Rewrites one 128-bit ID. Targets: the plain forms, `typeid` / `typeid:PREFIX` (a TypeID
 * input keeps its prefix under plain `typeid`), `uuidv6` / `uuidv1` (lossless timestamp
 * reorder, refusing other versions), the UUID spellings, and `mysql-bin`: `0x` + the hex of
 * the `UUID_TO_BIN(u, 1)` bytes, ready for a MySQL query (output only). `from` names the
 * input's form where its shape is ambiguous (a 26-digit integer is otherwise read as a ULID).
 */
export function convert(text: string, target: string, opts: { from?: string } = {}): string {
  requireText(text, 'the ID to convert');
  requireText(target, 'the conversion target');
  opts = optionsOf(opts, 'the convert options');
  if (opts.from !== undefined) return convertFrom(text, target, opts.from);
  let parsed: ReturnType<typeof parse128> | undefined;
  let failure: IdError | undefined;
  try {
    parsed = parse128(text);
  } catch (e) {
    if (!(e instanceof IdError)) throw e;
    failure = e;
  }
  const rep = representation(128, target);
  if (!parsed || !rep) {
    // Not a 128-bit spelling (a TSID, an XID, a SCRU128 ID), or a target of narrower IDs (a
    // decimal number's TSID): the format's own reading answers where it can.
    const id = formatReading(text);
    const out = id && writeReading(id, target);
    if (out !== undefined) return out;
    if (id?.format.bits === 128 || (parsed && !id)) {
      // A 128-bit ID and a target of narrower IDs (a ULID's `tsid`) is no unknown target.
      if (!ALL_CONVERT_TARGETS.includes(target.startsWith('typeid:') ? 'typeid' : target)) throw unknownTarget(target);
      if (!id) throw noForm(128, 'value', target, representationsFor(128).filter((r) => listed(r, parsed!.from)).map((r) => r.target));
    }
    if (!id) throw failure!;
    throw noTarget(id, target);
  }
  // Bare base64 has no format of its own: text a format reads plausibly is that format (22
  // base64url chars are a ShortUUID about 1 time in 15, and then they mean the ShortUUID).
  if (parsed.from === 'base64url' || parsed.from === 'base64') {
    const own = readings(text.trim())[0];
    if (own?.valid && own.plausible !== false && own.bytes?.length === 16) return writeReading(own, target) ?? rep.write(own, { prefix: '' })!;
  }
  const id = idOfBytes(parsed.bytes, text);
  const out = rep.write(id, { prefix: prefixOf(target, parsed.prefix) });
  if (out === undefined) throw new IdError('UNSUPPORTED_CONVERSION', rep.reason?.(id) ?? `This ID cannot be written as ${rep.label}.`);
  return out;
}

function noTarget(id: DecodedId, target: string): IdError {
  // The targets its forms list (a TSID's Flake ID spelling is possible, but nobody wants it).
  const bits = id.format.bits!;
  const targets = representationsFor(bits).filter((r) => r.target !== id.format.id && listed(r, id.format.id)).map((r) => r.target);
  return noForm(bits, id.format.label, target, targets, id.format.notApplicable?.convert);
}

/**
 * `target` does not apply to an ID of `bits` read as `label`: said as "too wide" where the
 * target is written only at narrower widths (a ULID's `tsid`), with the targets it has, or else
 * `why` it has none.
 */
function noForm(bits: number, label: string, target: string, targets: readonly string[], why?: string): IdError {
  const widths = WIDTHS.filter((w) => representation(w, target)).reverse();
  const what = `This reads as a ${bits}-bit ${label}`;
  const rest = targets.length > 0 ? `; it converts to ${targets.join(', ')}.` : why ? `. ${why}` : '.';
  if (widths.length > 0 && widths.every((w) => w < bits)) {
    const sizes = widths.length > 1 ? `${widths.slice(0, -1).join(', ')} or ${widths.at(-1)}` : String(widths[0]);
    return new IdError('UNSUPPORTED_CONVERSION', `${what}, too wide for ${shown(target)} (${sizes} bits) to hold without loss${rest}`);
  }
  return new IdError('UNSUPPORTED_CONVERSION', `${what}, which has no ${shown(target)} form${rest}`);
}

/** `convert` of text the caller named the source of: never guessed, so a SCRU128 is never a CUID2. */
function convertFrom(text: string, target: string, from: string): string {
  const id = readSource(text, from, target);
  const prefix = id.format.id === 'typeid' && id.fields.prefix !== undefined ? String(id.fields.prefix) : undefined;
  const rep = representation(id.format.bits!, target);
  if (!rep) {
    if (!ALL_CONVERT_TARGETS.includes(target) && !target.startsWith('typeid:')) throw unknownTarget(target);
    throw noTarget(id, target);
  }
  const out = rep.write(id, { prefix: prefixOf(target, prefix) });
  if (out === undefined) throw new IdError('UNSUPPORTED_CONVERSION', rep.reason?.(id) ?? `This ID cannot be written as ${rep.label}.`);
  return out;
}

export interface ConvertChoice {
  target: string;
  label: string;
  enabled: boolean;
  /** Why a target is disabled, for the editor's code action. */
  reason?: string;
}

/** One target's label, the same in the hover, the light bulb, Inspect and the CLI. */
export function targetLabel(target: string): string {
  if (target.startsWith('typeid:')) {
    const prefix = target.slice('typeid:'.length);
    return prefix ? `TypeID (${prefix}_…)` : 'TypeID';
  }
  return representation(128, target)?.label ?? target;
}

function tryWrite(rep: Representation, id: DecodedId, prefix: string): { value?: string; reason?: string } {
  try {
    const value = rep.write(id, { prefix });
    return value === undefined ? { reason: rep.reason?.(id) ?? 'This conversion does not apply to this ID.' } : { value };
  } catch (e) {
    if (!(e instanceof IdError)) throw e;
    return { reason: e.message };
  }
}

/**
 * The conversions offered for `text` (empty when it is no 128-bit ID). Targets that would give
 * back the same text, and v1/v6 reorders of other versions, are listed disabled with a reason.
 * `typeidPrefix` (the setting) names the TypeID target when the input has no prefix of its own.
 * The text is parsed once; every target is written from its bytes.
 */
export function convertTargetsFor(text: string, opts: { typeidPrefix?: string } = {}): ConvertChoice[] {
  requireText(text, 'the ID');
  opts = optionsOf(opts, 'the options');
  let parsed;
  try {
    parsed = parse128(text);
  } catch {
    return narrowTargetsFor(text);
  }
  const id = idOfBytes(parsed.bytes, text);
  const prefix = parsed.prefix ?? opts.typeidPrefix ?? '';
  const trimmed = text.trim();
  const choices: ConvertChoice[] = [];
  for (const rep of representationsFor(128)) {
    if (!listed(rep, parsed.from)) continue;
    const isTypeId = rep.target === 'typeid';
    const target = isTypeId ? `typeid:${prefix}` : rep.target;
    const label = isTypeId ? targetLabel(target) : rep.label;
    const { value, reason = value === trimmed ? 'The ID is already written this way.' : undefined } = tryWrite(rep, id, isTypeId ? prefix : '');
    choices.push(reason ? { target, label, enabled: false, reason } : { target, label, enabled: true });
  }
  return choices;
}

/**
 * The conversions offered for an ID already decoded (the scanner's match, Inspect's reading):
 * every target of its width that is listed for its format, in the core's order, the ones that
 * do not apply to this ID or would give back its text disabled with the reason. Empty when its
 * format converts to nothing (`FormatModule.notApplicable.convert` says why). A TypeID target is
 * `typeid:PREFIX`: the ID's own prefix, else `typeidPrefix`.
 */
export function targetsOf(id: DecodedId, opts: { typeidPrefix?: string } = {}): ConvertChoice[] {
  const bits = id.format.bits;
  if (!id.valid || bits === undefined) return [];
  const own = id.format.id === 'typeid' ? String(id.fields.prefix ?? '') : undefined;
  const prefix = own ?? opts.typeidPrefix ?? '';
  const trimmed = id.input.trim();
  const choices: ConvertChoice[] = [];
  for (const rep of representationsFor(bits)) {
    if (!listed(rep, id.format.id)) continue;
    const isTypeId = rep.target === 'typeid';
    const target = isTypeId ? `typeid:${prefix}` : rep.target;
    const label = isTypeId ? targetLabel(target) : rep.label;
    const { value, reason = value === trimmed ? 'The ID is already written this way.' : undefined } = tryWrite(rep, id, isTypeId ? prefix : '');
    choices.push(reason ? { target, label, enabled: false, reason } : { target, label, enabled: true });
  }
  return choices.some((c) => c.target !== id.format.id) ? choices : [];
}

/**
 * Writes an ID already decoded as `target` (any word `convert --to` takes that its width has),
 * from its value; throws `UNSUPPORTED_CONVERSION` with the reason where it does not apply.
 */
export function convertDecoded(id: DecodedId, target: string): string {
  requireText(target, 'the conversion target');
  const bits = id.format.bits;
  if (!id.valid || bits === undefined || !id.bytes) {
    throw new IdError('UNSUPPORTED_CONVERSION', id.format.notApplicable?.convert ?? `${id.format.label} IDs do not convert.`);
  }
  const rep = representation(bits, target);
  if (!rep) {
    if (!ALL_CONVERT_TARGETS.includes(target.startsWith('typeid:') ? 'typeid' : target)) throw unknownTarget(target);
    const targets = representationsFor(bits).map((r) => r.target).filter((t) => t !== id.format.id);
    throw new IdError('UNSUPPORTED_CONVERSION', `A ${bits}-bit ${id.format.label} has no ${shown(target)} form; it converts to ${targets.join(', ')}.`);
  }
  const prefix = prefixOf(target, id.format.id === 'typeid' ? String(id.fields.prefix ?? '') : undefined);
  const out = rep.write(id, { prefix });
  if (out === undefined) throw new IdError('UNSUPPORTED_CONVERSION', rep.reason?.(id) ?? `This ID cannot be written as ${rep.label}.`);
  return out;
}

/**
 * `convertTargetsFor` for 128-bit IDs `parse128` does not read (SCRU128). Narrower IDs (TSID,
 * XID) get none here: every caller of this list treats it as 128-bit targets (the editor adds a
 * TypeID target to any non-empty list); `convert` and `represent` serve their own targets.
 */
function narrowTargetsFor(text: string): ConvertChoice[] {
  const id = formatReading(text);
  if (!id || id.format.bits !== 128) return [];
  const trimmed = text.trim();
  const choices: ConvertChoice[] = [];
  for (const rep of representationsFor(id.format.bits!)) {
    if (rep.target === id.format.id || !listed(rep, id.format.id)) continue;
    const { value, reason = value === trimmed ? 'The ID is already written this way.' : undefined } = tryWrite(rep, id, '');
    choices.push(reason ? { target: rep.target, label: rep.label, enabled: false, reason } : { target: rep.target, label: rep.label, enabled: true });
  }
  return choices;
}
