import { caseFree, generatorFormat, type GenKind } from '../../core';
import { InsertFailure } from './result';
import type { QuoteStyle, Settings, UuidFormat } from '../shared/settings';

// How an ID is written into a document: its spelling (case, UUID style), which a regenerate
// keeps, and its decoration (quotes or a per-language template), which only an insert adds.

export type LetterCase = 'lower' | 'upper';

/** The `format` field of `idsmith.insert`'s argument: overrides the settings for one call. */
export interface FormatOverride {
  /** ULID, UUID and ObjectId letter case. */
  case?: LetterCase;
  uuid?: UuidFormat;
  quote?: QuoteStyle;
  /** `${id}` and `${kind}` are replaced; wins over `quote` and the language's template. */
  template?: string;
}

export interface Spelling {
  /** Applied where the kind's format reads either case (`Shape.case`); absent: as generated. */
  case?: LetterCase;
  uuid: UuidFormat;
  /** A regenerate keeps `URN:UUID:` as the user wrote it. */
  urnPrefix?: string;
}

export interface Decoration {
  quote: QuoteStyle;
  template?: string;
}

const CASES: readonly LetterCase[] = ['lower', 'upper'];
const UUID_FORMATS: readonly UuidFormat[] = ['standard', 'braces', 'noDashes', 'urn'];
const QUOTES: readonly QuoteStyle[] = ['none', 'double', 'single', 'backtick'];
const QUOTE_CHAR: Record<QuoteStyle, string> = { none: '', double: '"', single: "'", backtick: '`' };

export function isUuidKind(kind: GenKind): boolean {
  return generatorFormat(kind)?.id === 'uuid';
}

/** Whether `kind`'s IDs may be written in either letter case (its format says so). */
function caseFreeKind(kind: GenKind): boolean {
  const f = generatorFormat(kind);
  return f !== undefined && caseFree(f);
}

/** Spells a canonical core ID (ULID upper, UUID lower 8-4-4-4-12, ObjectId lower hex, …). */
export function spell(kind: GenKind, canonical: string, s: Spelling): string {
  if (isUuidKind(kind)) {
    const hex = s.case === 'upper' ? canonical.toUpperCase() : canonical;
    switch (s.uuid) {
      case 'braces':
        return `{${hex}}`;
      case 'noDashes':
        return hex.replace(/-/g, '');
      case 'urn':
        return `${s.urnPrefix ?? 'urn:uuid:'}${hex}`;
      default:
        return hex;
    }
  }
  if (s.case !== undefined && caseFreeKind(kind)) {
    return s.case === 'upper' ? canonical.toUpperCase() : canonical.toLowerCase();
  }
  return canonical;
}

export function decorate(id: string, kind: GenKind, d: Decoration): string {
  if (d.template !== undefined) return d.template.replace(/\$\{id\}/g, id).replace(/\$\{kind\}/g, kind);
  const q = QUOTE_CHAR[d.quote];
  return q + id + q;
}

/** The spelling an insert uses for `kind`: the per-call override, else the settings. */
export function insertSpelling(kind: GenKind, s: Settings, o: FormatOverride): Spelling {
  if (kind === 'ulid') return { case: o.case ?? s.ulid.case, uuid: 'standard' };
  if (isUuidKind(kind)) return { case: o.case ?? s.uuid.case, uuid: o.uuid ?? s.uuid.format };
  return o.case === undefined ? { uuid: 'standard' } : { case: o.case, uuid: 'standard' };
}

/** Per-call template, else per-call quote, else the language's template, else the quote
 *  setting: what the caller asked for explicitly beats what the settings say in general. */
export function insertDecoration(s: Settings, languageId: string, o: FormatOverride): Decoration {
  if (o.template !== undefined) return { quote: 'none', template: checkTemplate(o.template, 'format.template') };
  if (o.quote !== undefined) return { quote: o.quote };
  const t = s.insert.templates[languageId];
  if (t !== undefined) {
    return { quote: 'none', template: checkTemplate(t, `idsmith.insert.templates["${languageId}"]`) };
  }
  return { quote: s.insert.quote };
}

function checkTemplate(template: string, where: string): string {
  if (template.includes('${id}')) return template;
  const setting = where.startsWith('idsmith.') ? 'idsmith.insert.templates' : undefined;
  throw new InsertFailure(
    setting ? 'INVALID_SETTING' : 'INVALID_ARGUMENT',
    `${where} is ${JSON.stringify(template)}, which has no \${id}: it would insert no ID. Add \${id} where the ID goes.`,
    setting,
  );
}

/** Validates the untyped `format` value a keybinding or another extension passed. */
export function parseFormatOverride(value: unknown): FormatOverride {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new InsertFailure('INVALID_ARGUMENT', 'format must be an object such as { "case": "upper", "uuid": "braces", "quote": "double" }.');
  }
  const v = value as Record<string, unknown>;
  const known = ['case', 'uuid', 'quote', 'template'];
  const unknown = Object.keys(v).filter((k) => !known.includes(k));
  if (unknown.length) {
    throw new InsertFailure('INVALID_ARGUMENT', `format has unknown field(s) ${unknown.join(', ')}; allowed: ${known.join(', ')}.`);
  }
  const out: FormatOverride = {};
  if (v.case !== undefined) out.case = member('format.case', v.case, CASES);
  if (v.uuid !== undefined) out.uuid = member('format.uuid', v.uuid, UUID_FORMATS);
  if (v.quote !== undefined) out.quote = member('format.quote', v.quote, QUOTES);
  if (v.template !== undefined) {
    if (typeof v.template !== 'string') throw new InsertFailure('INVALID_ARGUMENT', 'format.template must be a string containing ${id}.');
    out.template = v.template;
  }
  return out;
}

function member<T>(name: string, value: unknown, allowed: readonly T[]): T {
  if (allowed.includes(value as T)) return value as T;
  throw new InsertFailure('INVALID_ARGUMENT', `${name} is ${JSON.stringify(value)}; use one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}.`);
}
