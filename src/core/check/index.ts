import { visit as visitJson } from 'jsonc-parser';
import { CST, Parser } from 'yaml';
import { decodeKsuid } from '../formats/ksuid';
import { decodeObjectId } from '../formats/objectid';
import { scan, type ScanMatch } from '../scan';
import { decodeSnowflake } from '../formats/snowflake';
import { decodeTypeId } from '../formats/typeid';
import { IdError, type Decoded, type IdKind } from '../types';
import { decodeUlid } from '../formats/ulid';
import { decodeUuid } from '../formats/uuid';
import type { DecodedId } from '../formats/types';
import { readCsv } from './csv';
import { readSqlTuples } from './sql';

// Fixture health: one pass over a data file that finds IDs used twice under one key, text
// labelled as an ID that is not a valid one, IDs dated in the future, and time-ordered columns
// that go backwards. The same code serves the editor's diagnostics, the summary panel and
// `idsmith check`. Structure comes from real parsers (jsonc-parser, yaml, the CSV and SQL
// readers beside this file), never from regexes over the whole text.

export type CheckCode = 'duplicate' | 'invalid' | 'future' | 'unsorted';
export type CheckSeverity = 'error' | 'warning' | 'info';
export type CheckFormat = 'json' | 'jsonl' | 'yaml' | 'csv' | 'tsv' | 'sql' | 'text';

export interface CheckPosition {
  /** 0-based line. */
  line: number;
  /** 0-based UTF-16 column. */
  character: number;
}

export interface CheckProblem {
  code: CheckCode;
  severity: CheckSeverity;
  message: string;
  /** Offsets of the ID's text in the source. */
  start: number;
  end: number;
  range: { start: CheckPosition; end: CheckPosition };
  /** The text at start..end. */
  text: string;
  /** Where the value sits: `$[*].id`, `users.csv column id`, `INSERT users (id)`. */
  path: string;
  kind?: IdKind;
  /** `invalid` with I/L/O: the corrected ULID. */
  fix?: string;
  /** `duplicate`: where the first occurrence is. */
  first?: CheckPosition;
}

/** One recognised ID, for the summary. */
export interface FoundId {
  kind: IdKind;
  text: string;
  start: number;
  end: number;
  path: string;
  unixMs?: number;
  version?: number;
}

export interface CheckResult {
  format: CheckFormat;
  problems: CheckProblem[];
  ids: FoundId[];
}

export interface CheckOptions {
  /** File name or path; its extension picks the format when `languageId` does not. */
  fileName?: string;
  /** VS Code language id (`json`, `jsonc`, `yaml`, `csv`, `sql`, …). */
  languageId?: string;
  /** Snowflake epoch, as for `scan`. */
  epoch?: unknown;
  /** The time `future` is measured from (default `Date.now()`). */
  now?: number;
  /** Whether IDs are collected for a summary (default true). */
  collect?: boolean;
}

const DAY_MS = 86_400_000;
/** Kinds whose time is the order they were made in; UUIDs only in versions 6 and 7. */
const TIME_ORDERED = new Set<IdKind>(['ulid', 'ksuid', 'objectid', 'typeid', 'snowflake']);
/** `unsorted` needs this many time-ordered IDs in a column, and at most this share of steps back. */
const UNSORTED_MIN = 4;
const UNSORTED_MAX_SHARE = 0.2;

const BY_EXTENSION: Record<string, CheckFormat> = {
  json: 'json', jsonc: 'json', json5: 'json', geojson: 'json', code_workspace: 'json',
  jsonl: 'jsonl', ndjson: 'jsonl',
  yaml: 'yaml', yml: 'yaml',
  csv: 'csv', tsv: 'tsv', tab: 'tsv',
  sql: 'sql',
};
const BY_LANGUAGE: Record<string, CheckFormat> = {
  json: 'json', jsonc: 'json', jsonl: 'jsonl', yaml: 'yaml', csv: 'csv', tsv: 'tsv', sql: 'sql',
  'dockercompose': 'yaml', mysql: 'sql', postgres: 'sql', plsql: 'sql',
};

/** The format a file is read as: by extension first, then by language id, else plain text. */
export function checkFormatOf(fileName = '', languageId = ''): CheckFormat {
  const ext = /\.([A-Za-z0-9_-]+)$/.exec(fileName)?.[1]?.toLowerCase().replace('-', '_');
  return (ext && BY_EXTENSION[ext]) || BY_LANGUAGE[languageId.toLowerCase()] || 'text';
}

// ---- labels ------------------------------------------------------------------------------

interface Label {
  kind: IdKind;
  /** A UUID version the label asks for (`uuid_v7`, `uuidv4`). */
  version?: number;
}

const labels = new Map<string, Label | null>();

/** The kind a key or column name says its values are: `id_ulid`, `orderUuid`, `uuid_v7`, `_ksuid`. */
export function labelOf(name: string): Label | undefined {
  let label = labels.get(name);
  if (label === undefined) {
    label = readLabel(name) ?? null;
    if (labels.size > 10_000) labels.clear();
    labels.set(name, label);
  }
  return label ?? undefined;
}

function readLabel(name: string): Label | undefined {
  const n = name.toLowerCase();
  if (n.length > 64) return undefined;
  if (n.includes('ksuid')) return { kind: 'ksuid' };
  if (n.includes('ulid')) return { kind: 'ulid' };
  if (n.includes('typeid')) return { kind: 'typeid' };
  if (n.includes('objectid') || n.includes('object_id')) return { kind: 'objectid' };
  if (n.includes('snowflake')) return { kind: 'snowflake' };
  const uuid = /(?:uuid|guid)[_-]?v?([1-8])?(?![0-9])/.exec(n);
  if (uuid) return uuid[1] ? { kind: 'uuid', version: Number(uuid[1]) } : { kind: 'uuid' };
  return undefined;
}

const DECODERS: Record<IdKind, (text: string, epoch?: unknown) => DecodedId> = {
  ulid: decodeUlid,
  uuid: decodeUuid,
  ksuid: decodeKsuid,
  objectid: decodeObjectId,
  typeid: decodeTypeId,
  snowflake: (t, epoch) => decodeSnowflake(t, epoch),
};

/** Decodes `text` as `kind` (throws `IdError` when it is not one): a found ID read again. */
export function decodeAs(kind: IdKind, text: string, epoch?: unknown): DecodedId {
  return DECODERS[kind](text, epoch);
}

const KIND_NAMES: Record<IdKind, string> = {
  ulid: 'ULID', uuid: 'UUID', ksuid: 'KSUID', objectid: 'ObjectId', typeid: 'TypeID', snowflake: 'snowflake',
};

/** Text that is a placeholder, an expression or prose rather than an attempt at an ID. */
const NOT_AN_ATTEMPT = /[\s{}$%<>()]|^$|^(?:null|none|nil|undefined|true|false|default|todo|tbd|x+|-+|\?+)$/i;

/** I, L and O read as Crockford's 1, 1 and 0 (as the ulid package's fixULIDBase32 does). */
function fixUlid(text: string): string | undefined {
  if (!/[ILOilo]/.test(text) || /[Uu]/.test(text)) return undefined;
  const fixed = text.replace(/[ILil]/g, '1').replace(/[Oo]/g, '0');
  try {
    decodeUlid(fixed);
    return fixed;
  } catch {
    return undefined;
  }
}

// ---- the checker -------------------------------------------------------------------------

interface Occurrence {
  start: number;
  end: number;
  text: string;
  kind: IdKind;
  unixMs: number | undefined;
}

interface Column {
  path: string;
  /** The key or column name, when there is one. */
  key: string | undefined;
  /** Values seen, and the repeats among them with their first occurrence. */
  count: number;
  repeats: { occ: Occurrence; first: Occurrence }[];
  /** Identity of each ID seen here -> first occurrence. */
  seen: Map<string, Occurrence>;
  /** Time-ordered IDs in file order, for `unsorted`. */
  ordered: Occurrence[];
}

/** Identity of an ID's value: spellings of one ID compare equal. */
function identity(kind: IdKind, text: string): string {
  switch (kind) {
    case 'uuid': {
      const t = text.toLowerCase();
      return 'uuid:' + (t.length === 36 ? t : t.replace(/^urn:uuid:|[{}-]/g, ''));
    }
    case 'ulid': return 'ulid:' + text.toUpperCase();
    case 'objectid': return 'objectid:' + text.toLowerCase();
    default: return kind + ':' + text;
  }
}

function timeOrdered(kind: IdKind, d: Decoded): boolean {
  return TIME_ORDERED.has(kind) || (kind === 'uuid' && (d.version === 6 || d.version === 7));
}

class Checker {
  readonly problems: CheckProblem[] = [];
  readonly ids: FoundId[] = [];
  private readonly columns = new Map<string, Column>();
  private lineStarts: number[] | undefined;
  private readonly now: number;
  readonly scanOpts: { epoch?: unknown; now: number };

  constructor(readonly source: string, private readonly opts: CheckOptions) {
    this.now = opts.now ?? Date.now();
    this.scanOpts = opts.epoch === undefined ? { now: this.now } : { epoch: opts.epoch, now: this.now };
  }

  position(offset: number): CheckPosition {
    if (!this.lineStarts) {
      const starts = [0];
      const s = this.source;
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (c === 10) starts.push(i + 1);
        else if (c === 13 && s.charCodeAt(i + 1) !== 10) starts.push(i + 1);
      }
      this.lineStarts = starts;
    }
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - starts[lo]! };
  }

  private report(code: CheckCode, severity: CheckSeverity, o: { start: number; end: number; text: string; kind?: IdKind }, path: string, message: string, extra: Partial<CheckProblem> = {}): void {
    this.problems.push({
      code, severity, message, start: o.start, end: o.end,
      range: { start: this.position(o.start), end: this.position(o.end) },
      text: o.text, path, ...(o.kind ? { kind: o.kind } : {}), ...extra,
    });
  }

  /**
   * One scalar value of the file: `text` is its characters at `start` in the source (verbatim
   * false when escapes make the value differ from the source), `path` the key path it sits
   * under with array indexes as `[*]`, `key` the innermost key or column name.
   */
  value(text: string, start: number, verbatim: boolean, path: string, key: string | undefined): void {
    const len = text.length;
    if (len < 17 || len > 100) {
      // Too short or too long for any ID kind this checks; a label still makes it a claim.
      if (key === undefined || len === 0 || len > 100) return;
      const label = labelOf(key);
      if (!label) return;
      if (label.kind === 'snowflake' && /^\d+$/.test(text)) return this.labelled(text, start, verbatim, path, label, key);
      if (!NOT_AN_ATTEMPT.test(text) && len >= 8) this.labelled(text, start, verbatim, path, label, key);
      return;
    }
    const label = key === undefined ? undefined : labelOf(key);
    if (label) return this.labelled(text, start, verbatim, path, label, key);
    const m = this.wholeId(text);
    if (m) this.found(m.kind, m.decoded, text, start, verbatim, path, key);
  }

  /** The ID that is the whole of `text`, by the scanner's rules (so hashes are not IDs). */
  private wholeId(text: string): ScanMatch | undefined {
    const matches = scan(text, this.scanOpts);
    const m = matches.length === 1 ? matches[0]! : undefined;
    return m && m.start === 0 && m.end === text.length && m.decoded.valid ? m : undefined;
  }

  private labelled(text: string, start: number, verbatim: boolean, path: string, label: Label, key: string | undefined): void {
    if (NOT_AN_ATTEMPT.test(text)) return;
    let d: Decoded;
    try {
      d = DECODERS[label.kind](text, this.opts.epoch);
    } catch (e) {
      if (!(e instanceof IdError)) throw e;
      // Another kind under a generic label (a UUID in `typeid_or_uuid`) is that kind, not broken.
      const other = this.wholeId(text);
      if (other && text.length >= 17) return this.found(other.kind, other.decoded, text, start, verbatim, path, key);
      if (!verbatim) return;
      const fix = label.kind === 'ulid' ? fixUlid(text) : undefined;
      const message = `invalid ${KIND_NAMES[label.kind]} under '${lastSegment(path)}': ${e.message}` + (fix && !e.message.includes(fix) ? ` Did you mean ${fix}?` : '');
      this.report('invalid', 'error', { start, end: start + text.length, text, kind: label.kind }, path, message, fix ? { fix } : {});
      return;
    }
    if (!d.valid) return;
    if (label.kind === 'uuid' && label.version !== undefined && d.version !== label.version && verbatim) {
      const actual = d.version === undefined ? 'has no version (its variant is not RFC 9562)' : `is version ${d.version}`;
      this.report('invalid', 'error', { start, end: start + text.length, text, kind: 'uuid' }, path,
        `'${lastSegment(path)}' asks for a UUID v${label.version}, but this UUID ${actual}`);
    }
    this.found(label.kind, d, text, start, verbatim, path, key);
  }

  private found(kind: IdKind, d: Decoded, text: string, start: number, verbatim: boolean, path: string, key?: string): void {
    const end = start + text.length;
    const occ: Occurrence = { start, end: verbatim ? end : start, text, kind, unixMs: d.unixMs };
    if (this.opts.collect !== false) {
      this.ids.push({ kind, text, start, end: occ.end, path, ...(d.unixMs !== undefined ? { unixMs: d.unixMs } : {}), ...(d.version !== undefined ? { version: d.version } : {}) });
    }
    if (!verbatim) return; // a range we cannot point at exactly is not reported
    if (d.unixMs !== undefined && d.unixMs > this.now + DAY_MS) {
      this.report('future', 'warning', occ, path, `${KIND_NAMES[kind]} dated ${d.time ?? new Date(d.unixMs).toISOString()}, after tomorrow: a wrong epoch, a bad clock or a typo?`);
    }
    let col = this.columns.get(path);
    if (!col) {
      col = { path, key, count: 0, repeats: [], seen: new Map(), ordered: [] };
      this.columns.set(path, col);
    }
    const id = identity(kind, text);
    const first = col.seen.get(id);
    col.count++;
    if (first) col.repeats.push({ occ, first });
    else col.seen.set(id, occ);
    if (d.unixMs !== undefined && timeOrdered(kind, d)) col.ordered.push(occ);
  }

  /** Whether `text` is, as a whole, an ID the scanner recognises. */
  probe(text: string): boolean {
    return this.wholeId(text) !== undefined;
  }

  /** Plain text: only the date of each ID is checked. */
  futureOnly(m: ScanMatch): void {
    if (m.decoded.unixMs !== undefined && m.decoded.unixMs > this.now + DAY_MS) {
      this.report('future', 'warning', m, '', `${KIND_NAMES[m.kind]} dated ${m.decoded.time}, after tomorrow: a wrong epoch, a bad clock or a typo?`);
    }
    if (this.opts.collect !== false) {
      this.ids.push({ kind: m.kind, text: m.text, start: m.start, end: m.end, path: '', ...(m.decoded.unixMs !== undefined ? { unixMs: m.decoded.unixMs } : {}), ...(m.decoded.version !== undefined ? { version: m.decoded.version } : {}) });
    }
  }

  /**
   * Once the whole file is read: repeats in identity columns are duplicates, and columns that
   * mostly ascend get each step back reported.
   */
  finish(): void {
    for (const col of this.columns.values()) {
      if (col.repeats.length > 0 && identityColumn(col)) {
        for (const { occ, first } of col.repeats) {
          const at = this.position(first.start);
          this.report('duplicate', 'error', occ, col.path, `duplicate ${KIND_NAMES[occ.kind]} under '${col.path}': first at line ${at.line + 1}, column ${at.character + 1}`, { first: at });
        }
      }
      const o = col.ordered;
      if (o.length < UNSORTED_MIN) continue;
      const back: number[] = [];
      for (let i = 1; i < o.length; i++) if (o[i]!.unixMs! < o[i - 1]!.unixMs!) back.push(i);
      if (back.length === 0 || back.length > (o.length - 1) * UNSORTED_MAX_SHARE) continue;
      for (const i of back) {
        const prev = this.position(o[i - 1]!.start);
        this.report('unsorted', 'info', o[i]!, col.path,
          `${KIND_NAMES[o[i]!.kind]} is older than the one on line ${prev.line + 1}, in a column that otherwise ascends by time`);
      }
    }
    this.problems.sort((a, b) => a.start - b.start || a.code.localeCompare(b.code));
  }
}

/** Names that say "this row's own ID", not a reference to another row. */
const IDENTITY_NAMES = /^(?:id|_id|pk|key|uid|uuid|ulid|guid|ksuid|objectid|typeid|snowflake)$/i;
/** Share of distinct values above which an unnamed or other column is read as an identity. */
const DISTINCT_SHARE = 0.9;

/**
 * Whether a repeat in this column is a duplicate. `id` and its kin always are. Any other column
 * (`customer`, `parent`, an unnamed CSV column) may be a reference, where repeats are the
 * point; it counts as an identity only when nearly all its values are distinct.
 */
function identityColumn(col: Column): boolean {
  if (col.key !== undefined && IDENTITY_NAMES.test(col.key)) return true;
  if (col.key === undefined && /^column 1$|\(value 1\)$/.test(col.path)) return true;
  return col.count >= 10 && (col.count - col.repeats.length) / col.count >= DISTINCT_SHARE;
}

function lastSegment(path: string): string {
  const m = /([^.[\]\s]+)(?:\[\*\])*$/.exec(path);
  return m ? m[1]! : path;
}

/** Cheap gate before any path is built: a value that could be an ID or sits under a label. */
function candidate(len: number): boolean {
  return len >= 8 && len <= 100;
}

function segment(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? '.' + key : `[${JSON.stringify(key)}]`;
}

// The visitor's own path stack: the path string is rebuilt only when the structure changes,
// not for every value (a 10 MB fixture has hundreds of thousands of values).
function readJson(c: Checker, text: string, base: number, prefix: string): void {
  const segs: string[] = [];
  const keys: (string | undefined)[] = [];
  let key: string | undefined;
  let path: string | undefined;
  const current = () => (path ??= prefix + '$' + segs.join(''));
  visitJson(text, {
    onObjectBegin() {
      segs.push('');
      keys.push(key);
      path = undefined;
    },
    onObjectProperty(property) {
      segs[segs.length - 1] = segment(property);
      key = property;
      path = undefined;
    },
    onObjectEnd() {
      segs.pop();
      key = keys.pop();
      path = undefined;
    },
    onArrayBegin() {
      segs.push('[*]');
      keys.push(key);
      path = undefined;
    },
    onArrayEnd() {
      segs.pop();
      key = keys.pop();
      path = undefined;
    },
    onLiteralValue(value: unknown, offset, length) {
      if (!candidate(length)) return;
      if (typeof value === 'string') {
        const raw = text.slice(offset + 1, offset + length - 1);
        c.value(value, base + offset + 1, raw === value, current(), key);
      } else if (typeof value === 'number') {
        c.value(text.slice(offset, offset + length), base + offset, true, current(), key);
      }
    },
  }, { allowTrailingComma: true, disallowComments: false });
}

function readJsonLines(c: Checker, text: string): void {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    readJson(c, text.slice(start, end), start, '');
    start = end + 1;
  }
}

/** A YAML scalar token's value and whether the value is the source text at `start`. */
function yamlScalar(t: CST.Token): { value: string; start: number; verbatim: boolean } | undefined {
  if (t.type === 'scalar') {
    return { value: t.source, start: t.offset, verbatim: !t.source.includes('\n') };
  }
  if (t.type === 'single-quoted-scalar' || t.type === 'double-quoted-scalar') {
    const inner = t.source.slice(1, -1);
    const escaped = t.type === 'double-quoted-scalar' ? inner.includes('\\') : inner.includes("''");
    if (!escaped && !inner.includes('\n')) return { value: inner, start: t.offset + 1, verbatim: true };
    // Broken quoting is the user's to fix; it is not an ID problem, and must not throw.
    const resolved = CST.resolveAsScalar(t, false, () => {});
    return resolved ? { value: resolved.value, start: t.offset + 1, verbatim: false } : undefined;
  }
  return undefined;
}

// YAML through the library's CST (its parser without composing documents): offsets and the
// source text of every scalar, at a fraction of the cost of building the document model, and
// numbers stay digits (a 19-digit snowflake does not survive a double).
function readYaml(c: Checker, text: string): void {
  const walk = (t: CST.Token | undefined, path: string, key: string | undefined): void => {
    if (!t) return;
    switch (t.type) {
      case 'document':
        return walk(t.value, path, key);
      case 'block-map':
      case 'block-seq':
      case 'flow-collection': {
        const seq = t.type === 'block-seq' || (t.type === 'flow-collection' && t.start.source === '[');
        for (const item of t.items) {
          if (seq && !item.key) {
            walk(item.value, path + '[*]', key);
            continue;
          }
          const k = item.key ? yamlScalar(item.key)?.value : undefined;
          walk(item.value, path + (k === undefined ? '[?]' : segment(k)), k ?? key);
        }
        return;
      }
      default: {
        const sc = yamlScalar(t);
        if (sc && candidate(sc.value.length)) c.value(sc.value, sc.start, sc.verbatim, path, key);
      }
    }
  };
  let i = 0;
  const docs: CST.Token[] = [];
  for (const token of new Parser().parse(text)) if (token.type === 'document') docs.push(token);
  for (const doc of docs) walk(doc, docs.length > 1 ? `$${i++}` : '$', undefined);
}

function readDelimited(c: Checker, text: string, delimiter: string): void {
  let header: string[] | undefined;
  readCsv(text, delimiter, (fields, row) => {
    if (row === 0) {
      // A first row without any ID in it is a header naming the columns.
      const hasId = fields.some((f) => f.value.length >= 17 && c.probe(f.value));
      if (!hasId) {
        header = fields.map((f) => f.value.trim());
        return;
      }
    }
    fields.forEach((f, i) => {
      const name = header?.[i];
      c.value(f.value, f.start, f.verbatim, `column ${name !== undefined && name !== '' ? name : i + 1}`, name);
    });
  });
}

function readSql(c: Checker, text: string): void {
  readSqlTuples(text, (t) => {
    t.values.forEach((v, i) => {
      if (!v) return;
      const name = t.columns?.[i];
      c.value(v.value, v.start, v.verbatim, `${t.table || 'INSERT'} (${name ?? `value ${i + 1}`})`, name);
    });
  });
}

function readText(c: Checker, text: string): void {
  // No structure to say what a duplicate is: only dates are checked, for IDs the scanner finds.
  for (const m of scan(text, c.scanOpts)) c.futureOnly(m);
}

/** Checks one file's text. Never throws on any input; unparseable parts are skipped. */
export function checkText(text: string, opts: CheckOptions = {}): CheckResult {
  const format = checkFormatOf(opts.fileName, opts.languageId);
  const c = new Checker(text, opts);
  switch (format) {
    case 'json': readJson(c, text, 0, ''); break;
    case 'jsonl': readJsonLines(c, text); break;
    case 'yaml': readYaml(c, text); break;
    case 'csv': readDelimited(c, text, ','); break;
    case 'tsv': readDelimited(c, text, '\t'); break;
    case 'sql': readSql(c, text); break;
    default: readText(c, text);
  }
  c.finish();
  return { format, problems: c.problems, ids: c.ids };
}
