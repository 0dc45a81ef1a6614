import { bytesToBase64, bytesToBase64Url, bytesToBigInt, bytesToHex } from '../bytes';
import { caseLike } from './spelling';
import { IdError, type GenKind } from '../types';
import { Id, PLAUSIBLE_FUTURE_MS } from './decoded';
import { readBase64Of, readHexOf, readIntOf } from './numeric';
import { cuid } from './cuid';
import { cuid2Format as cuid2 } from './cuid2';
import { dotnet } from './dotnet';
import { ksuid } from './ksuid';
import { nanoidFormat as nanoid } from './nanoid';
import { objectid } from './objectid';
import { pushid } from './pushid';
import { scru128 } from './scru128';
import { snowflake } from './snowflake';
import { tid } from './tid';
import { traceparent } from './traceparent';
import { tsid } from './tsid';
import { typeid } from './typeid';
import type {
  BoundsSpec, DecodeOptions, DecodedId, FormatModule, GeneratorSpec, RegenerateContext, RegeneratePlan, Refusal, Representation, Surface,
} from './types';
import { ulid } from './ulid';
import { uuid } from './uuid';
import { xid } from './xid';
import { xray } from './xray';
import { shortuuid } from './shortuuid';
import { uuid25 } from './uuid25';
import { flakeid } from './flakeid';
import { simpleflake } from './simpleflake';
import { timeflake } from './timeflake';
import { boundaryflake } from './boundaryflake';
import { scru64 } from './scru64';
import { hadoop } from './hadoop';
import { sqids } from './sqids';
import { hashids } from './hashids';
import { cocoa, dotnetTicks, filetime, unixMs, unixNs, unixSeconds, unixUs, webkit } from './plainTime';

// The list of formats. Order matters where shapes overlap: among readings that are equally
// likely, the earlier format is read first; it is also the order of every listing people see.
// Adding a format: one module in this folder and one line here.

export const FORMATS: readonly FormatModule[] = [
  ulid,
  uuid,
  // Plain times before the snowflake: under a key that names a time, a number is a time.
  unixSeconds, unixMs, unixUs, unixNs, dotnetTicks, filetime, webkit, cocoa,
  snowflake,
  ksuid,
  objectid,
  typeid,
  nanoid,
  tsid,
  xid,
  tid,
  scru128,
  cuid,
  cuid2,
  pushid,
  xray,
  traceparent,
  dotnet,
  shortuuid,
  uuid25,
  flakeid,
  simpleflake,
  timeflake,
  boundaryflake,
  scru64,
  hadoop,
  sqids,
  hashids,
];

const BY_ID = new Map<string, FormatModule>(FORMATS.map((f) => [f.id, f]));
const BOUNDS = new Map<string, BoundsSpec>(FORMATS.flatMap((f) => (f.bounds ?? []).map((b) => [b.kind, b] as const)));
const GENERATORS = new Map<string, GeneratorSpec>(FORMATS.flatMap((f) => f.generators.map((g) => [g.kind, g] as const)));

/** The format with this id; undefined for unknown ids ("constructor" included). */
export function formatById(id: string): FormatModule | undefined {
  return BY_ID.get(id);
}

/** A format's label (`ObjectId`), or `ID` for anything unknown. */
export function formatLabel(id: string): string {
  return BY_ID.get(id)?.label ?? 'ID';
}

/** Every kind that can be generated, in registry order (`ulid`, `uuid`, `uuidv1`, …). */
export function generatorKinds(): GenKind[] {
  return [...GENERATORS.keys()] as GenKind[];
}

/** Every kind that can be generated (the registry's list, kept under its first name). */
export const GEN_KINDS: readonly GenKind[] = generatorKinds();

/** Kinds whose generated IDs sort by creation time (text order = time order): the ascending generators. */
export const TIME_ORDERED_KINDS: readonly GenKind[] = GEN_KINDS.filter((k) => GENERATORS.get(k)!.ascending);

/** Kinds whose IDs hold a time that can be chosen (`--time`, "Insert ID at Time…"). */
export function timedKinds(): GenKind[] {
  return generatorKinds().filter((k) => GENERATORS.get(k)!.hasTime);
}

export function generatorFor(kind: string): GeneratorSpec | undefined {
  return GENERATORS.get(kind);
}

/** Every kind `bounds` handles, in registry order, with its label and what it needs. */
export function boundsKinds(): BoundsSpec[] {
  return [...BOUNDS.values()];
}

export function boundsSpec(kind: string): BoundsSpec | undefined {
  return BOUNDS.get(kind);
}

/** A shape near some text: `distance` characters too short or too long (0: the length fits). */
export interface NearShape {
  format: FormatModule;
  description: string;
  distance: number;
  /** The allowed length, for people: `26 characters`, `24-32 characters`. */
  length: string;
}

/**
 * The shapes nearest to `text` by length (registry order among equals), at most `count`: what
 * the "not an ID" message names instead of all of them.
 */
export function closestShapes(text: string, count = 3): NearShape[] {
  const n = text.length;
  // The answer depends on the length alone: kept per length (a stream of lines that are no IDs,
  // `kubectl logs | idsmith inspect`, asked this for each, 8 us a line; 34 % of the time).
  const memo = count === 3 && n < NEAR_MEMO ? nearByLength[n] : undefined;
  if (memo !== undefined) return memo.slice();
  // Shapes read only when named, or only with the user's alphabet, are near to any text: not named.
  const near = FORMATS.flatMap((format) => format.shapes.filter((s) => !s.asked && !s.configured).map((s) => {
    const [min, max] = typeof s.length === 'number' ? [s.length, s.length] : s.length;
    const length = min === max ? `${min} characters` : `${min}-${max} characters`;
    return { format, description: s.description, distance: n < min ? min - n : n > max ? n - max : 0, length };
  }));
  near.sort((a, b) => a.distance - b.distance);
  const best = near[0]?.distance ?? 0;
  // The nearest, and others only about as near (a 300-character text is near to nothing).
  const nearest = near.filter((x) => x.distance <= best + 1).slice(0, count);
  if (count === 3 && n < NEAR_MEMO) nearByLength[n] = nearest.slice();
  return nearest;
}

/** Lengths whose nearest shapes are kept (every ID is shorter; a longer text is near to nothing). */
const NEAR_MEMO = 512;
const nearByLength: (NearShape[] | undefined)[] = [];

/** What inspect's "not an ID" message lists: the formats it guesses, then those read only when named. */
export function acceptedShapes(): string {
  // Labels, not shape descriptions: the list grows with every format and a message must stay short.
  const guessed = FORMATS.filter((f) => f.shapes.some((s) => !s.asked)).map((f) => f.label);
  const named = FORMATS.filter((f) => f.shapes.length > 0 && f.shapes.every((s) => s.asked)).map((f) => f.id);
  const list = `Idsmith reads ${guessed.slice(0, -1).join(', ')} and ${guessed[guessed.length - 1]}`;
  return named.length === 0 ? `${list}.` : `${list}; named with --from: ${named.join(', ')}.`;
}

export { PLAUSIBLE_FUTURE_MS };

/** The format whose `bounds` list `kind` (`uuidv7` is the UUID's). */
export function boundsFormat(kind: string): FormatModule | undefined {
  return FORMATS.find((f) => f.bounds?.some((b) => b.kind === kind));
}

/** The format whose generators list `kind` (`uuidv7` is the UUID's). */
export function generatorFormat(kind: string): FormatModule | undefined {
  return FORMATS.find((f) => f.generators.some((g) => g.kind === kind));
}

/** The letters of this format's IDs may be written in either case without changing the value (`Shape.case` `either`). */
export function caseFree(f: FormatModule): boolean {
  return f.shapes.length > 0 && f.shapes.every((s) => s.case === 'either');
}

// ---------------------------------------------------------------------------------------------
// What surfaces read per format, with the defaults the FormatModule documents

/** Whether `surface` applies to `f`; where it does not, `f.notApplicable[surface]` says why. */
export function supports(f: FormatModule, surface: Surface): boolean {
  switch (surface) {
    case 'inspect': return f.shapes.length > 0;
    case 'scan': return (f.scan?.length ?? 0) > 0;
    // A snowflake's time range is its layout's (chosen per read), so it has none of its own.
    case 'time': return f.time !== undefined || f.generators.some((g) => g.hasTime);
    case 'generate': return f.generators.length > 0;
    case 'convert': return f.bits !== undefined && representationsFor(f.bits).some((r) => r.target !== f.id);
    case 'bounds': return (f.bounds?.length ?? 0) > 0;
    case 'check': return f.check !== undefined;
  }
}

/** Why `surface` does not apply to `f` (its own words), or undefined when it applies. */
export function whyNot(f: FormatModule, surface: Surface): string | undefined {
  if (supports(f, surface)) return undefined;
  return f.notApplicable?.[surface] ?? `${surface} does not apply to ${f.label}.`;
}

/**
 * Equal for every spelling of one ID, different for different IDs (regenerate gives equal ones
 * one fresh ID): its text where the format says the text is the identity (`check.identity`
 * `text`, a TypeID), else its value, else its text folded to one case when case does not matter.
 */
export function identityOf(id: DecodedId): string {
  const f = id.format;
  const b = f.check?.identity === 'text' ? undefined : id.bytes;
  return `${f.id}:${b !== undefined ? bytesToHex(b) : caseFree(f) ? id.input.toUpperCase() : id.input}`;
}

/**
 * How to replace `id` with a fresh ID: its format's plan, or by default its one generator and its
 * letter case; a refusal (with the reason shown to the user) where neither applies.
 */
export function regeneratePlan(id: DecodedId, ctx: RegenerateContext = {}): RegeneratePlan | Refusal {
  if (!id.valid) return { refused: id.error ?? 'not a valid ID' };
  const f = id.format;
  if (f.regenerate) return f.regenerate(id, ctx);
  if (f.generators.length === 1) {
    return { kind: f.generators[0]!.kind, options: {}, spell: caseFree(f) ? caseLike(id.input) : (fresh) => fresh };
  }
  return { refused: f.notApplicable?.generate ?? `${f.label} IDs can't be generated` };
}

/** The one plausibility rule for a time read as `f`: from its plausible start to now + 10 years. */
export function plausibleTime(f: FormatModule, ms: number, now: number): boolean {
  return f.time !== undefined && ms >= f.time.plausibleFromMs && ms <= now + PLAUSIBLE_FUTURE_MS;
}

function rank(d: DecodedId): number {
  if (!d.valid) return 2;
  return d.plausible === false ? 1 : 0;
}

/**
 * Every reading its shape allows of one explicit input (already trimmed), likeliest first: valid
 * and plausible, then valid with an implausible time (`plausible: false`: a SCRU128 from 2019,
 * a push ID past 2109), then invalid (which still says why); each group in registry order
 * (higher `priority` first). Empty when no format's shape accepts the text. Free text keeps its
 * strict rules: the scanner never reads through here. `everyFormat` `'all'` also reads the
 * shapes read only when asked (a Flake ID's decimal, a Uuid25): `inspect --all`.
 */
export function readings(text: string, opts: DecodeOptions = {}, everyFormat: boolean | 'all' = false): DecodedId[] {
  const out: DecodedId[] = [];
  const asked = everyFormat === 'all';
  for (const f of FORMATS) {
    const guessed = f.shapes.some((s) => !s.asked && s.test(text, opts));
    if (!guessed && !(asked && f.shapes.some((s) => s.asked && s.test(text, opts)))) continue;
    const d = f.decode(text, opts);
    // A shape read only when asked says little on its own: only a valid reading is listed.
    if (guessed || d.valid) out.push(d);
  }
  if (out.length < 2) return out;
  const sorted = out
    .map((d, i) => ({ d, key: rank(d) * 1e6 - (d.format.priority ?? 0) * 1e3 + i }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.d);
  // The other readings travel with the first (a 13-char TSID that is also a TID), so whoever
  // shows one reading (Inspect, `inspect --json`) can show them all: the implausible ones
  // marked (`plausible: false`), the invalid ones with their reason (an upper-case CUID).
  const first = sorted[0]!;
  const others = sorted.slice(1);
  if (first.valid && first.alternatives === undefined) (first as { alternatives?: readonly DecodedId[] }).alternatives = others;
  return sorted;
}

// ---------------------------------------------------------------------------------------------
// Representations

/** Numeric forms every 128-bit value has, whatever its format. */
const NUMERIC_128: readonly Representation[] = [
  { target: 'hex', label: 'Hex', write: (id) => id.bytes && bytesToHex(id.bytes), read: readHexOf },
  { target: 'int', label: 'Integer', write: (id) => id.bytes && bytesToBigInt(id.bytes).toString(), read: readIntOf },
  { target: 'base64', label: 'Base64', write: (id) => id.bytes && bytesToBase64(id.bytes), read: (t, bits) => readBase64Of(t, bits, false) },
  { target: 'base64url', label: 'Base64url', write: (id) => id.bytes && bytesToBase64Url(id.bytes), read: (t, bits) => readBase64Of(t, bits, true) },
];

function encodeAs(f: FormatModule): Representation {
  return {
    target: f.id,
    label: f.label,
    ...(f.listedFor ? { listedFor: f.listedFor } : {}),
    write: (id, opts) => (id.bytes && id.bytes.length * 8 === f.bits ? f.encode!(id.bytes, opts) : undefined),
  };
}

const byWidth = new Map<number, Representation[]>();

/**
 * One entry per target: formats of one width may each spell the same target (a snowflake's and
 * a TSID's `hex`); the first that writes a given ID answers.
 */
function mergeTargets(list: Representation[]): Representation[] {
  const out: Representation[] = [];
  for (const r of list) {
    const i = out.findIndex((o) => o.target === r.target);
    if (i < 0) {
      out.push(r);
      continue;
    }
    const a = out[i]!;
    const merged: Representation = { ...a, write: (id, opts) => a.write(id, opts) ?? r.write(id, opts) };
    if (a.read || r.read) merged.read = (a.read ?? r.read)!;
    if (a.reason || r.reason) merged.reason = (id) => (a.reason ?? r.reason)!(id);
    out[i] = merged;
  }
  return out;
}

/**
 * Every target a value of `bits` can be written as: the formats of that width that encode (an
 * ObjectId and an XID are both 96 bits that start with the Unix seconds), then (128 bits) the
 * numeric forms, then each format's own spellings, in registry order.
 */
export function representationsFor(bits: number): readonly Representation[] {
  let list = byWidth.get(bits);
  if (!list) {
    const same = FORMATS.filter((f) => f.bits === bits);
    list = mergeTargets([
      ...same.filter((f) => f.encode).map(encodeAs),
      ...(bits === 128 ? NUMERIC_128 : []),
      ...same.flatMap((f) => f.representations),
    ]);
    byWidth.set(bits, list);
  }
  return list;
}

/** The representation called `target` for values of `bits` (`typeid:PREFIX` is `typeid`). */
export function representation(bits: number, target: string): Representation | undefined {
  const base = target.startsWith('typeid:') ? 'typeid' : target;
  return representationsFor(bits).find((r) => r.target === base);
}

/** Whether `r` belongs in the list of forms of an ID read as `from` (a format or a spelling). */
export function listed(r: Representation, from: string): boolean {
  return r.listedFor === undefined || r.listedFor.includes(from);
}

/** One written form of a decoded ID. */
export interface Written {
  target: string;
  label: string;
  value: string;
}

/**
 * The decoded ID in every applicable form (from its bytes, without re-parsing), skipping what
 * does not apply and what would give back the input. `hoverOnly`: the hover's short list.
 */
export function represent(id: DecodedId, opts: { hoverOnly?: boolean; prefix?: string } = {}): Written[] {
  if (!id.valid) return [];
  const bits = id.format.bits;
  if (bits === undefined) return [];
  const all = representationsFor(bits);
  const list = opts.hoverOnly
    ? (id.format.hoverTargets ?? []).map((t) => all.find((r) => r.target === t)).filter((r) => r !== undefined)
    : all.filter((r) => r.target !== id.format.id && listed(r, id.format.id));
  const out: Written[] = [];
  for (const r of list) {
    const value = r.write(id, { prefix: opts.prefix ?? '' });
    if (value !== undefined && value !== id.input) out.push({ target: r.target, label: r.label, value });
  }
  return out;
}

/**
 * A carrier for bytes read from a form of no format of its own (hex, integer, base64): 16 bytes
 * as a UUID, 12 or 8 as the first format of that width (ObjectId, snowflake), whose targets
 * (and those of every format of the width) then write it.
 */
export function idOfBytes(bytes: Uint8Array, input: string): DecodedId {
  const f = bytes.length === 16 ? uuid : FORMATS.find((x) => x.bits === bytes.length * 8);
  if (!f) throw new IdError('INVALID_LENGTH', `Expected 8, 12 or 16 bytes, got ${bytes.length}.`);
  return new Id(f, input, true, {}, bytes);
}
