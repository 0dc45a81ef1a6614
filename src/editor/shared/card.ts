import type { Decoded, DecodedId, FieldValue, LayoutChoice, ShownTime, SnowflakeCandidate } from '../../core';
import {
  describeEntropy, formatById, formatIso, formatLabel, formatRelative, isDecodedId, layoutLabel, plausibleTime, presetLabel, represent, shownTime, ulidTime, unshownTimeNote,
} from '../../core';
import type { DecodeContext } from './decodeContext';

// What a decoded ID says, as labelled rows: one model behind the hover (compact) and the inspect
// document (full), so both always agree. Rendering lives in cardMarkdown.ts.

export interface CardRow {
  label: string;
  value: string;
  /** Render in monospace (IDs, times, numbers). */
  mono: boolean;
}

export interface Reading {
  label: string;
  time: string;
  relative: string;
  plausible: boolean;
  fields: string;
}

export interface Representation {
  target: string;
  label: string;
  value: string;
}

/** A piece of a sentence about document text: `code` pieces are the document's own words. */
export interface Segment {
  text: string;
  code?: boolean;
}

export interface Card {
  decoded: Decoded;
  title: string;
  /** Why a snowflake was read with its layout, when the text around it said so. */
  readAs?: Segment[];
  /** Shown after the title in monospace: a TypeID's prefix. */
  titleCode?: string;
  /** `9 years ago`, when the ID holds a time (`≈ 9 years ago` when it is approximate). */
  relative?: string;
  /** The time as the card shows it (what "Copy time" copies); absent when it shows none. */
  time?: string;
  rows: CardRow[];
  /** Snowflakes without a configured epoch: one line per reading, the likely one first. */
  readings: Reading[];
  notes: string[];
  representations: Representation[];
}

export interface CardOptions {
  /** Every field, every reading and every representation (inspect), not the hover's selection. */
  full: boolean;
  now: number;
}

const VERSIONS: Record<number, string> = {
  1: 'time-based, Gregorian 100 ns', 2: 'DCE security', 3: 'name-based, MD5', 4: 'random',
  5: 'name-based, SHA-1', 6: 'time-based, reordered', 7: 'Unix time, ordered', 8: 'custom',
};

const VARIANTS: Record<string, string> = {
  rfc9562: 'RFC 9562', ncs: 'NCS (reserved)', microsoft: 'Microsoft (reserved)', future: 'reserved for future use',
};

const FIELD_LABELS: Record<string, string> = {
  clockSeq: 'Clock sequence', node: 'Node', workerId: 'Worker', processId: 'Process', datacenterId: 'Datacenter',
  shardId: 'Shard', sequence: 'Sequence', increment: 'Increment', machineId: 'Machine', payload: 'Payload',
  counter: 'Counter', random: 'Random', prefix: 'Prefix', suffix: 'Suffix', timestamp: 'Timestamp', uuid: 'UUID',
};

/** Fields already shown elsewhere on the card (title, time rows, version/variant rows). */
const SHOWN_ELSEWHERE = new Set(['time', 'unixMs', 'timePrecise', 'version', 'variant', 'prefix', 'epoch', 'uuid', 'special']);

function humanize(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function fieldValue(value: FieldValue): string {
  return typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
}

function isRfcUuid(d: Decoded): boolean {
  return d.kind === 'uuid' && d.variant === 'rfc9562';
}

/** RFC 9562 defines versions 1 to 8; the other nibbles (0 and 15 belong to the Nil and Max
 *  UUIDs, 9 to 14 are reserved) are shown as the number they are, never as a version. */
function reservedVersion(d: Decoded): boolean {
  return isRfcUuid(d) && d.version !== undefined && VERSIONS[d.version] === undefined;
}

function title(d: Decoded, ctx: DecodeContext, readings: Reading[]): string {
  const name = formatLabel(d.kind);
  if (!d.valid) return `Invalid ${name}`;
  if (d.kind === 'uuid') {
    if (/^[0-]+$/.test(hexDigits(d.input))) return 'Nil UUID';
    if (/^[f]+$/i.test(hexDigits(d.input))) return 'Max UUID';
    if (reservedVersion(d)) return `UUID (version ${d.version}: reserved)`;
    return isRfcUuid(d) && d.version !== undefined ? `UUID v${d.version}` : 'UUID';
  }
  if (d.kind === 'snowflake') {
    if (ctx.epochLabel) return `Snowflake (${ctx.epochLabel})`;
    const readAs = (d as Partial<DecodedId>).readAs;
    if (readAs) return `Snowflake (${layoutLabel(readAs.layout)})`;
    const plausible = readings.filter((r) => r.plausible);
    if (plausible.length === 1) return `Snowflake (${plausible[0]!.label}?)`;
  }
  return name;
}

/** "Read as Discord: key `guild_id` under `discord`", with the document's words as code. */
export function readAsSegments(c: LayoutChoice): Segment[] {
  const out: Segment[] = [{ text: `Read as ${layoutLabel(c.layout)}: ` }];
  if (c.by === 'url') {
    out.push({ text: `a ${c.site ?? ''} URL` });
    return out;
  }
  if (c.by === 'parent' && c.child !== undefined) out.push({ text: 'key ' }, { text: c.child, code: true }, { text: ' under ' });
  else out.push({ text: c.by === 'key' ? 'key ' : 'under ' });
  out.push({ text: c.key ?? '', code: true });
  if (c.pattern !== undefined) out.push({ text: ' (matches ' }, { text: c.pattern, code: true }, { text: ' in idsmith.snowflake.keys)' });
  return out;
}

function hexDigits(text: string): string {
  return text.replace(/^urn:uuid:/i, '').replace(/[^0-9a-f]/gi, '');
}

function readingOf(c: SnowflakeCandidate, now: number): Reading {
  const fields = Object.entries(c.fields)
    .map(([k, v]) => `${(FIELD_LABELS[k] ?? humanize(k)).toLowerCase()} ${fieldValue(v)}`)
    .join(', ');
  return { label: presetLabel(c.epoch), time: c.time, relative: formatRelative(c.unixMs, now), plausible: c.plausible, fields };
}

function nodeNote(node: FieldValue): string | undefined {
  const firstByte = parseInt(String(node).replace(/[^0-9a-f]/gi, '').slice(0, 2), 16);
  if (Number.isNaN(firstByte)) return undefined;
  return (firstByte & 0x01) !== 0
    ? 'Node: multicast bit set: random node, not a MAC address.'
    : 'Node: may be the MAC address of the machine that made this UUID.';
}

/** Minutes of an approximate time in a zone: the zone's seconds would claim what the ID does not hold. */
function zoneMinutes(text: string): string {
  return text.replace(/:00[.,]000\b/, '');
}

function timeRows(d: Decoded, shown: ShownTime | undefined, ctx: DecodeContext, full: boolean): CardRow[] {
  if (!shown) return [];
  const rows: CardRow[] = [{ label: 'UTC', value: shown.text, mono: true }];
  if (!ctx.zone.redundant) {
    rows.push({ label: ctx.zone.label, value: shown.approximate ? `≈ ${zoneMinutes(ctx.zone.format(shown.unixMs))}` : ctx.zone.format(shown.unixMs), mono: true });
  }
  if (full) rows.push({ label: shown.approximate ? 'Unix ms (window start)' : 'Unix ms', value: String(d.unixMs), mono: true });
  return rows;
}

function uuidRows(d: DecodedId, notes: string[], ctx: DecodeContext, now: number): CardRow[] {
  const rows: CardRow[] = [];
  if (isRfcUuid(d)) {
    const v = d.version ?? 0;
    rows.push({ label: 'Version', value: VERSIONS[v] ? `${v} (${VERSIONS[v]})` : `${v} (reserved)`, mono: false });
    if (reservedVersion(d)) {
      notes.push(`Version ${v} is reserved: RFC 9562 defines versions 1 to 8, so no standard generator made this UUID and its other bits have no defined meaning.`);
    }
  }
  rows.push({ label: 'Variant', value: VARIANTS[d.variant ?? ''] ?? String(d.variant), mono: false });
  if (!isRfcUuid(d) && !/^(0+|f+)$/i.test(hexDigits(d.input))) {
    notes.push('The variant bits are not RFC 9562\'s, so this UUID has no version to read.');
    const ulid = ulidReading(d, now);
    if (ulid) {
      rows.push({ label: 'As ULID, UTC', value: ulid.time, mono: true });
      if (!ctx.zone.redundant) rows.push({ label: ctx.zone.label, value: ctx.zone.format(ulid.unixMs), mono: true });
      notes.push(`Read as a ULID written in UUID form, it was created ${formatRelative(ulid.unixMs, now)}.`);
    }
  }
  return rows;
}

/** The time a ULID written in UUID form would hold, when it could be real. */
function ulidReading(d: DecodedId, now: number): { time: string; unixMs: number } | undefined {
  const ms = d.bytes ? ulidTime(d.bytes) : undefined;
  return ms !== undefined && plausibleTime(formatById('ulid')!, ms, now) ? { time: formatIso(ms), unixMs: ms } : undefined;
}

function fieldRows(d: Decoded, notes: string[], full: boolean): CardRow[] {
  const rows: CardRow[] = [];
  for (const [name, value] of Object.entries(d.fields)) {
    if (!full && SHOWN_ELSEWHERE.has(name)) continue;
    // The RFC and most tools quote the clock sequence in hex.
    const shown = name === 'clockSeq' && typeof value === 'number' ? `${value} (0x${value.toString(16)})` : fieldValue(value);
    rows.push({ label: FIELD_LABELS[name] ?? humanize(name), value: shown, mono: typeof value !== 'boolean' });
    if (name === 'node' && d.kind === 'uuid' && (d.version === 1 || d.version === 6)) {
      const note = nodeNote(value);
      if (note) notes.push(note);
    }
  }
  return rows;
}

/** From the decoded bytes (no re-parse); the hover shows its format's short list. */
function representations(d: DecodedId, full: boolean): Representation[] {
  return represent(d, { hoverOnly: !full });
}

/** The decoder's own object; a plain `Decoded` (from JSON, say) is decoded again by its format. */
function hydrate(d: Decoded, ctx: DecodeContext): DecodedId | undefined {
  if (isDecodedId(d)) return d;
  const f = formatById(d.kind);
  return f?.decode(d.input, ctx.epoch === undefined ? {} : { snowflake: ctx.epoch });
}

export function buildCard(plain: Decoded, ctx: DecodeContext, opts: CardOptions): Card {
  const id = hydrate(plain, ctx);
  const d: Decoded = id ?? plain;
  const notes: string[] = [];
  const candidates = d.kind === 'snowflake' && !ctx.epoch ? d.candidates ?? [] : [];
  const readings = candidates.filter((c) => opts.full || c.plausible).map((c) => readingOf(c, opts.now));
  const card: Card = {
    decoded: d,
    title: title(d, ctx, readings),
    rows: [],
    readings,
    notes,
    representations: [],
  };
  if (d.kind === 'typeid' && typeof d.fields.prefix === 'string') card.titleCode = d.fields.prefix || '(no prefix)';
  if (id?.readAs) card.readAs = readAsSegments(id.readAs);
  if (!d.valid) {
    notes.push(d.error ?? 'This text looks like an ID but is not a valid one.');
    return card;
  }
  // Without an epoch the core gives a time only when one reading is plausible; otherwise the
  // readings table carries the dates.
  const shown = shownTime(d, opts.now);
  if (shown) {
    card.time = shown.text;
    card.relative = `${shown.approximate ? '≈ ' : ''}${formatRelative(shown.unixMs, opts.now)}`;
  } else {
    const note = unshownTimeNote(d, opts.now);
    if (note) notes.push(note);
  }
  card.rows.push(...timeRows(d, shown, ctx, opts.full));
  if (d.kind === 'uuid' && id) card.rows.push(...uuidRows(id, notes, ctx, opts.now));
  card.rows.push(...fieldRows(d, notes, opts.full));
  // Inspect (full) says how random it is and when a collision becomes a one-in-a-million chance.
  const entropy = id ? id.format.entropy?.(id) : d.entropy;
  if (opts.full && entropy) card.rows.push({ label: 'Randomness', value: describeEntropy(entropy), mono: false });
  if (id) card.representations = representations(id, opts.full);
  if (d.kind === 'snowflake' && !ctx.epoch && readings.length > 1) {
    notes.push('Set idsmith.snowflake.epoch to read it one way.');
  }
  if (d.kind === 'snowflake' && ctx.epochNote) notes.push(ctx.epochNote);
  if (d.kind === 'snowflake' && ctx.keyNote) notes.push(ctx.keyNote);
  if (ctx.zone.note && (shown !== undefined || card.rows.some((r) => r.label === 'As ULID, UTC'))) notes.push(ctx.zone.note);
  // The hover's row label already says "Server (…)"; the card has room to say what to do.
  if (ctx.zone.hint && opts.full && shown !== undefined) notes.push(ctx.zone.hint);
  return card;
}

export const kindName = (kind: string): string => formatLabel(kind);

/**
 * One line for a format's reading of the text (Inspect ID As…'s list): its time as the card will
 * show it (a UUID v2's to the minute), else that it reads it, and why no date when the card
 * shows none for an implausible one.
 */
export function readingDetail(d: Decoded, now: number): string {
  const time = shownTime(d, now);
  if (time) return `${time.text}${d.plausible === false ? ' (implausible date)' : ''}`;
  return unshownTimeNote(d, now) ? 'reads it (implausible date, not shown)' : 'reads it';
}
