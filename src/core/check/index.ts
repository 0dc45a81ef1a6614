import { CST, Parser } from 'yaml';
import { decodeKsuid } from '../formats/ksuid';
import { decodeObjectId } from '../formats/objectid';
import { scan, type ScanMatch } from '../scan';
import { decodeSnowflake } from '../formats/snowflake';
import { decodeTypeId } from '../formats/typeid';
import { IdError, type Decoded, type IdKind } from '../types';
import { decodeUlid } from '../formats/ulid';
import { decodeUuid } from '../formats/uuid';
import { formatLabel } from '../formats/registry';
import type { DecodedId } from '../formats/types';
import { CsvReader, type CsvField, type Reader } from './csv';
import { IdTable, keyOfBytes, keyOfText } from './idtable';
import { JsonReader, type JsonListener } from './json';
import { Lines } from './lines';
import { SqlReader } from './sql';

// Fixture health: one pass over a data file that finds IDs used twice under one key, text
// labelled as an ID that is not a valid one, IDs dated in the future, and time-ordered columns
// that go backwards. The same code serves the editor's diagnostics, the summary panel and
// `idsmith check`. Structure comes from parsers (the yaml library's, and the streaming JSON,
// CSV and SQL readers beside this file, the JSON one held against jsonc-parser in the tests),
// never from regexes over the whole text. Every reader takes the text in pieces, so a file of
// any size is checked in memory that grows with its distinct IDs, not with its size.

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

/** How messages name a kind: the registry's label for kinds added since (`XID`, `TSID`). */
function kindName(kind: IdKind): string {
  return KIND_NAMES[kind] ?? formatLabel(kind);
}

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
}

/**
 * What is kept per key or column: a table of the distinct IDs (32 to 64 bytes each), and,
 * for columns whose name does not say they hold identities, the repeats until the end shows
 * whether they are duplicates or references, at most a tenth of the values (or REPEATS_FLOOR).
 */
interface Column {
  path: string;
  /** The key or column name, when there is one. */
  key: string | undefined;
  /** Its name says it holds each row's own ID: a repeat is a duplicate the moment it is seen. */
  named: boolean;
  count: number;
  tables: Map<IdKind, IdTable>;
  /** Repeats waiting for the end; undefined once too many for an identity column. */
  repeats: CheckProblem[] | undefined;
  /** Time-ordered IDs seen, the last one's time and line, and the steps back (undefined once too many). */
  ordered: number;
  lastMs: number;
  lastLine: number;
  backs: CheckProblem[] | undefined;
}

/** Problems held for the end are dropped once there are this many and too many to be reported. */
const HELD_FLOOR = 1000;

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

/**
 * A copy of `s` that holds no reference to the text it was cut from: a slice of a 64 KB piece
 * would otherwise keep the whole piece alive for as long as a held problem or a column lives.
 */
function own(s: string): string {
  return s.length < 13 ? s : (s + ' ').slice(0, -1);
}

/** Kinds keyed by their exact binary value (at most 16 bytes); the rest by a hash of `identity`. */
const BINARY_KEY = new Set<IdKind>(['ulid', 'uuid', 'objectid']);

function timeOrdered(kind: IdKind, d: Decoded): boolean {
  return TIME_ORDERED.has(kind) || (kind === 'uuid' && (d.version === 6 || d.version === 7));
}

/** Names that say "this row's own ID", not a reference to another row. */
const IDENTITY_NAMES = /^(?:id|_id|pk|key|uid|uuid|ulid|guid|ksuid|objectid|typeid|snowflake)$/i;
/** Share of distinct values above which an unnamed or other column is read as an identity. */
const DISTINCT_SHARE = 0.9;

class Checker {
  private readonly columns = new Map<string, Column>();
  private readonly lines = new Lines();
  private readonly key = new Uint32Array(4);
  private readonly now: number;
  readonly scanOpts: { epoch?: unknown; now: number };
  /** The source text held: from `base` on. */
  private text = '';
  private base = 0;

  constructor(private readonly opts: CheckOptions, private readonly emit: (p: CheckProblem) => void, private readonly onId: ((id: FoundId) => void) | undefined) {
    this.now = opts.now ?? Date.now();
    this.scanOpts = opts.epoch === undefined ? { now: this.now } : { epoch: opts.epoch, now: this.now };
  }

  /** The text the readers are reading now (from offset `base` on). */
  hold(text: string, base: number): void {
    this.text = text;
    this.base = base;
  }

  /** Nothing before `offset` is asked about again. */
  release(offset: number): void {
    this.lines.commit(this.text, this.base, offset);
  }

  position(offset: number): CheckPosition {
    return this.lines.position(this.text, this.base, offset);
  }

  private problem(code: CheckCode, severity: CheckSeverity, o: { start: number; end: number; text: string; kind?: IdKind }, path: string, message: string, extra: Partial<CheckProblem> = {}): CheckProblem {
    return {
      code, severity, message, start: o.start, end: o.end,
      range: { start: this.position(o.start), end: this.position(o.end) },
      text: own(o.text), path, ...(o.kind ? { kind: o.kind } : {}), ...extra,
    };
  }

  private report(code: CheckCode, severity: CheckSeverity, o: { start: number; end: number; text: string; kind?: IdKind }, path: string, message: string, extra: Partial<CheckProblem> = {}): void {
    this.emit(this.problem(code, severity, o, path, message, extra));
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
    let d: DecodedId;
    try {
      d = DECODERS[label.kind](text, this.opts.epoch);
    } catch (e) {
      if (!(e instanceof IdError)) throw e;
      // Another kind under a generic label (a UUID in `typeid_or_uuid`) is that kind, not broken.
      const other = this.wholeId(text);
      if (other && text.length >= 17) return this.found(other.kind, other.decoded, text, start, verbatim, path, key);
      if (!verbatim) return;
      const fix = label.kind === 'ulid' ? fixUlid(text) : undefined;
      const message = `invalid ${kindName(label.kind)} under '${lastSegment(path)}': ${e.message}` + (fix && !e.message.includes(fix) ? ` Did you mean ${fix}?` : '');
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

  private found(kind: IdKind, d: DecodedId, text: string, start: number, verbatim: boolean, path: string, key?: string): void {
    const end = start + text.length;
    const occ: Occurrence = { start, end: verbatim ? end : start, text, kind };
    if (this.onId) {
      const id: FoundId = { kind, text, start, end: occ.end, path };
      if (d.unixMs !== undefined) id.unixMs = d.unixMs;
      if (d.version !== undefined) id.version = d.version;
      this.onId(id);
    }
    if (!verbatim) return; // a range we cannot point at exactly is not reported
    if (d.unixMs !== undefined && d.unixMs > this.now + DAY_MS) {
      this.report('future', 'warning', occ, path, `${kindName(kind)} dated ${d.time ?? new Date(d.unixMs).toISOString()}, after tomorrow: a wrong epoch, a bad clock or a typo?`);
    }
    let col = this.columns.get(path);
    if (!col) {
      const named = (key !== undefined && IDENTITY_NAMES.test(key)) || (key === undefined && /^column 1$|\(value 1\)$/.test(path));
      col = { path: own(path), key: key === undefined ? undefined : own(key), named, count: 0, tables: new Map(), repeats: named ? undefined : [], ordered: 0, lastMs: 0, lastLine: 0, backs: [] };
      this.columns.set(path, col);
    }
    let table = col.tables.get(kind);
    if (!table) col.tables.set(kind, (table = new IdTable()));
    const at = this.position(start);
    const k = BINARY_KEY.has(kind) && d.bytes && d.bytes.length <= 16 ? keyOfBytes(d.bytes, this.key) : keyOfText(identity(kind, text), this.key);
    const first = table.firstOrAdd(k, at.line, at.character);
    col.count++;
    if (first && (col.named || col.repeats)) {
      const p = this.problem('duplicate', 'error', occ, col.path, `duplicate ${kindName(kind)} under '${col.path}': first at line ${first.line + 1}, column ${first.character + 1}`, { first });
      if (col.named) this.emit(p);
      else if (col.repeats) {
        col.repeats.push(p);
        // More repeats than an identity column may have, and too many to hold: a reference.
        if (col.repeats.length > HELD_FLOOR && col.repeats.length > col.count * (1 - DISTINCT_SHARE)) col.repeats = undefined;
      }
    }
    if (d.unixMs !== undefined && timeOrdered(kind, d)) {
      if (col.ordered > 0 && d.unixMs < col.lastMs && col.backs) {
        col.backs.push(this.problem('unsorted', 'info', occ, col.path,
          `${kindName(kind)} is older than the one on line ${col.lastLine + 1}, in a column that otherwise ascends by time`));
        if (col.backs.length > HELD_FLOOR && col.backs.length > col.ordered * UNSORTED_MAX_SHARE) col.backs = undefined;
      }
      col.ordered++;
      col.lastMs = d.unixMs;
      col.lastLine = at.line;
    }
  }

  /** Whether `text` is, as a whole, an ID the scanner recognises. */
  probe(text: string): boolean {
    return this.wholeId(text) !== undefined;
  }

  /** Plain text: only the date of each ID is checked. `m` is at `base` in the source. */
  futureOnly(m: ScanMatch, base: number): void {
    const at = { start: base + m.start, end: base + m.end, text: m.text, kind: m.kind };
    if (m.decoded.unixMs !== undefined && m.decoded.unixMs > this.now + DAY_MS) {
      this.report('future', 'warning', at, '', `${kindName(m.kind)} dated ${m.decoded.time}, after tomorrow: a wrong epoch, a bad clock or a typo?`);
    }
    this.onId?.({ kind: m.kind, text: m.text, start: at.start, end: at.end, path: '', ...(m.decoded.unixMs !== undefined ? { unixMs: m.decoded.unixMs } : {}), ...(m.decoded.version !== undefined ? { version: m.decoded.version } : {}) });
  }

  /**
   * Once the whole file is read: repeats in columns that turned out to be identities are
   * duplicates, and columns that mostly ascend get each step back reported. Rules that need
   * the whole column are judged on what was held: a column whose repeats (or steps back)
   * outgrew HELD_FLOOR and the share allowed at some point counts as a reference (or unsorted).
   */
  finish(): void {
    for (const col of this.columns.values()) {
      if (col.repeats && col.repeats.length > 0 && col.count >= 10 && (col.count - col.repeats.length) / col.count >= DISTINCT_SHARE) {
        for (const p of col.repeats) this.emit(p);
      }
      const backs = col.backs;
      if (col.ordered < UNSORTED_MIN || !backs || backs.length === 0 || backs.length > (col.ordered - 1) * UNSORTED_MAX_SHARE) continue;
      for (const p of backs) this.emit(p);
    }
    this.columns.clear();
  }
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

// ---- the readers: each takes the text in pieces and hands the checker its values --------

// The listener's own path stack: the path string is rebuilt only when the structure changes,
// not for every value (a 10 MB fixture has hundreds of thousands of values).
class JsonPaths implements JsonListener {
  private readonly segs: string[] = [];
  private readonly keys: (string | undefined)[] = [];
  private key: string | undefined;
  private path: string | undefined;

  constructor(private readonly c: Checker) {}

  private current(): string {
    return (this.path ??= '$' + this.segs.join(''));
  }

  objectBegin(): void {
    this.segs.push('');
    this.keys.push(this.key);
    this.path = undefined;
  }

  property(name: string): void {
    if (this.segs.length === 0) return;
    this.segs[this.segs.length - 1] = segment(name);
    this.key = name;
    this.path = undefined;
  }

  objectEnd(): void {
    this.segs.pop();
    this.key = this.keys.pop();
    this.path = undefined;
  }

  arrayBegin(): void {
    this.segs.push('[*]');
    this.keys.push(this.key);
    this.path = undefined;
  }

  arrayEnd(): void {
    this.objectEnd();
  }

  scalar(value: string, start: number, length: number, verbatim: boolean, isString: boolean): void {
    if (!candidate(length)) return;
    this.c.value(value, start, verbatim, this.current(), this.key);
    void isString;
  }

  reset(): void {
    this.segs.length = 0;
    this.keys.length = 0;
    this.key = undefined;
    this.path = undefined;
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
// numbers stay digits (a 19-digit snowflake does not survive a double). The parser reads text
// in pieces and hands over each document once it is complete, so memory is one document's.
class YamlReader implements Reader {
  private readonly parser = new Parser();
  private pos = 0;
  /** The first document, held until a second one shows whether paths need a document number. */
  private first: CST.Document | undefined;
  private docs = 0;
  private keep = 0;

  constructor(private readonly c: Checker) {}

  read(text: string, base: number, final: boolean): number {
    // Whole lines only: the parser's lexer reads a line cut before its CR LF differently.
    const end = final ? text.length : text.lastIndexOf('\n') + 1;
    if (end <= this.pos - base && !final) return this.docs === 0 ? 0 : this.keep;
    const piece = text.slice(this.pos - base, end);
    this.pos = base + end;
    for (const token of this.parser.parse(piece, !final)) {
      if (token.type !== 'document') continue;
      if (this.docs === 0) {
        this.first = token;
      } else {
        if (this.first) this.walk(this.first, '$0');
        this.first = undefined;
        this.walk(token, `$${this.docs}`);
      }
      this.keep = this.first ? this.first.offset : token.offset;
      this.docs++;
    }
    if (final) {
      if (this.first) this.walk(this.first, '$');
      this.first = undefined;
      return this.pos;
    }
    return this.docs === 0 ? 0 : this.keep;
  }

  private walk(t: CST.Token | undefined, path: string, key?: string): void {
    if (!t) return;
    switch (t.type) {
      case 'document':
        return this.walk(t.value, path, key);
      case 'block-map':
      case 'block-seq':
      case 'flow-collection': {
        const seq = t.type === 'block-seq' || (t.type === 'flow-collection' && t.start.source === '[');
        for (const item of t.items) {
          if (seq && !item.key) {
            this.walk(item.value, path + '[*]', key);
            continue;
          }
          const k = item.key ? yamlScalar(item.key)?.value : undefined;
          this.walk(item.value, path + (k === undefined ? '[?]' : segment(k)), k ?? key);
        }
        return;
      }
      default: {
        const sc = yamlScalar(t);
        if (sc && candidate(sc.value.length)) this.c.value(sc.value, sc.start, sc.verbatim, path, key);
      }
    }
  }
}

function delimitedReader(c: Checker, delimiter: string): Reader {
  let header: string[] | undefined;
  const value = (f: CsvField, i: number) => {
    const name = header?.[i];
    c.value(f.value, f.start, f.verbatim, `column ${name !== undefined && name !== '' ? name : i + 1}`, name);
  };
  return new CsvReader(delimiter.charCodeAt(0), value, (fields) => {
    // A first row without any ID in it is a header naming the columns.
    const hasId = fields.some((f) => f.value.length >= 17 && c.probe(f.value));
    if (!hasId) header = fields.map((f) => f.value.trim());
    else fields.forEach(value);
  });
}

function sqlReader(c: Checker): Reader {
  return new SqlReader((v, i, table, columns) => {
    if (!v) return;
    const name = columns?.[i];
    c.value(v.value, v.start, v.verbatim, `${table || 'INSERT'} (${name ?? `value ${i + 1}`})`, name);
  });
}

/** Plain text is scanned a line at a time; a longer line in pieces of this many characters. */
const TEXT_PIECE = 65536;
/** Where a long line may be cut: after a character no ID contains. */
const NOT_IN_ID = /[^A-Za-z0-9_\-:{}]/g;

// No structure to say what a duplicate is: only dates are checked, for IDs the scanner finds.
class TextReader implements Reader {
  private pos = 0;

  constructor(private readonly c: Checker) {}

  read(text: string, base: number, final: boolean): number {
    const n = base + text.length;
    for (;;) {
      const nl = text.indexOf('\n', this.pos - base);
      const lineEnd = nl < 0 ? n : base + nl;
      if (lineEnd - this.pos > TEXT_PIECE) {
        this.scan(text, base, this.pos, this.cut(text, base));
        continue;
      }
      if (nl < 0 && !final) return this.pos;
      this.scan(text, base, this.pos, lineEnd);
      if (nl < 0) return n;
      this.pos = lineEnd + 1;
    }
  }

  /** The end of a piece of a long line: after the last character in it that no ID contains. */
  private cut(text: string, base: number): number {
    const piece = text.slice(this.pos - base, this.pos - base + TEXT_PIECE);
    let end = TEXT_PIECE;
    NOT_IN_ID.lastIndex = 0;
    for (let m = NOT_IN_ID.exec(piece); m; m = NOT_IN_ID.exec(piece)) end = m.index + 1;
    return this.pos + end;
  }

  private scan(text: string, base: number, from: number, to: number): void {
    if (to > from) for (const m of scan(text.slice(from - base, to - base), this.c.scanOpts)) this.c.futureOnly(m, from);
    this.pos = to;
  }
}

function readerFor(format: CheckFormat, c: Checker): Reader {
  switch (format) {
    case 'json': return new JsonReader(new JsonPaths(c));
    case 'jsonl': return new JsonReader(new JsonPaths(c), true);
    case 'yaml': return new YamlReader(c);
    case 'csv': return delimitedReader(c, ',');
    case 'tsv': return delimitedReader(c, '\t');
    case 'sql': return sqlReader(c);
    default: return new TextReader(c);
  }
}

// ---- entry points ------------------------------------------------------------------------

/** A check fed the text in pieces: problems are reported as they are found. */
export interface CheckStream {
  readonly format: CheckFormat;
  /** The next piece of the text (UTF-16; split anywhere, even inside a surrogate pair or CRLF). */
  write(piece: string): void;
  /** The text is complete: reports the problems only the whole file shows (duplicates in columns
   *  not named as identities, steps back in time-ordered columns). */
  end(): void;
}

export interface CheckStreamOptions extends CheckOptions {
  /** Each problem once, as soon as it is certain: offsets and positions are the file's. */
  onProblem(problem: CheckProblem): void;
  /** Each recognised ID, for a summary. */
  onId?(id: FoundId): void;
}

/**
 * Checks a file given in pieces, in memory bounded by the distinct IDs per key or column (32
 * to 64 bytes each) and the longest token (at most FIELD_MAX characters are kept), never by the file's size: text is dropped once read.
 * YAML is the exception: it is held a document at a time. The result does not depend on where
 * the pieces are split; `checkText` is this stream given the whole text at once.
 */
export function createCheck(opts: CheckStreamOptions): CheckStream {
  const format = checkFormatOf(opts.fileName, opts.languageId);
  const c = new Checker(opts, opts.onProblem, opts.onId);
  const reader = readerFor(format, c);
  let text = '';
  let base = 0;
  let ended = false;
  const pump = (final: boolean) => {
    c.hold(text, base);
    const keep = reader.read(text, base, final);
    c.release(keep);
    text = text.slice(keep - base);
    base = keep;
  };
  return {
    format,
    write(piece: string) {
      if (ended) throw new Error('check: write after end');
      if (piece === '') return;
      text = text === '' ? piece : text + piece;
      pump(false);
    },
    end() {
      if (ended) return;
      ended = true;
      pump(true);
      c.finish();
      text = '';
    },
  };
}

/** Checks one file's text. Never throws on any input; unparseable parts are skipped. */
export function checkText(text: string, opts: CheckOptions = {}): CheckResult {
  const problems: CheckProblem[] = [];
  const ids: FoundId[] = [];
  const stream = createCheck({ ...opts, onProblem: (p) => problems.push(p), ...(opts.collect === false ? {} : { onId: (id: FoundId) => ids.push(id) }) });
  stream.write(text);
  stream.end();
  problems.sort((a, b) => a.start - b.start || a.code.localeCompare(b.code));
  return { format: stream.format, problems, ids };
}

/** How `checkTextInSlices` shares the thread. */
export interface Slicing {
  /** Characters checked between two pauses (default 256 Ki: about 15 ms on a JSON fixture). */
  chars?: number;
  /** Gives the thread back (an editor: a macrotask); resolves when the check may go on. */
  pause(): Promise<void>;
  /** Asked after every pause: true abandons the check (the document changed, was closed). */
  stop(): boolean;
}

/**
 * `checkText` in slices with a pause between them, so an editor stays responsive on a large
 * file; undefined when `stop` says so. The same problems, in the same order, as `checkText`.
 */
export async function checkTextInSlices(text: string, opts: CheckOptions, slicing: Slicing): Promise<CheckResult | undefined> {
  const size = Math.max(1024, slicing.chars ?? 256 * 1024);
  const problems: CheckProblem[] = [];
  const ids: FoundId[] = [];
  const stream = createCheck({ ...opts, onProblem: (p) => problems.push(p), ...(opts.collect === false ? {} : { onId: (id: FoundId) => ids.push(id) }) });
  for (let at = 0; at < text.length; at += size) {
    stream.write(text.slice(at, at + size));
    await slicing.pause();
    if (slicing.stop()) return undefined;
  }
  stream.end();
  problems.sort((a, b) => a.start - b.start || a.code.localeCompare(b.code));
  return { format: stream.format, problems, ids };
}

/** Feeds UTF-8 bytes to a check: pieces may split a character anywhere. A leading BOM is dropped. */
export function utf8Writer(stream: CheckStream): { write(bytes: Uint8Array): void; end(): void } {
  const decoder = new TextDecoder('utf-8');
  return {
    write: (bytes) => stream.write(decoder.decode(bytes, { stream: true })),
    end: () => {
      stream.write(decoder.decode());
      stream.end();
    },
  };
}
