import { checkFormatOf, createCheck, type CheckFormat, type FoundId, type Slicing } from './check';
import { snowflakeCandidates } from './formats/snowflake';
import { layoutFromContext, type KeyRule } from './formats/snowflake/context';
import { SNOWFLAKE_PRESETS, parseSnowflakeEpoch } from './formats/snowflake/layouts';
import { generatorFor } from './formats/registry';
import type { GenKind, IdKind, SnowflakePreset, SnowflakeLayout } from './types';

// How a file writes its IDs, read from the IDs already in it: per key or column and for the
// whole file, which kind dominates and how it is spelled (UUID version, letter case, braces or
// URN, the quotes around it, a TypeID's prefix, a snowflake's layout). Completions, "Insert ID"
// and `idsmith.insert { kind: "auto" }` write what the file already holds instead of a global
// default. The IDs and the keys they sit under come from the fixture check's readers (JSON,
// JSONL, YAML, CSV/TSV, SQL INSERTs; the scanner for any other text), so a value counts here
// exactly when the check would see it.

export type LetterCase = 'lower' | 'upper';
export type UuidForm = 'standard' | 'braces' | 'noDashes' | 'urn';
/** What stands on both sides of the IDs in the source: a quote character, or '' for bare values. */
export type Quote = '"' | "'" | '`' | '';

/** How one kind of ID is written in a group (a key, a column, the file). */
export interface IdConvention {
  kind: IdKind;
  /** What to generate for another one like it (`uuidv7` for v7 UUIDs); undefined when the kind
   *  cannot be generated afresh (name-based UUIDs, formats Idsmith only reads). */
  genKind?: GenKind;
  /** IDs of this kind in the group, and their share of all the group's IDs (0–1]. */
  count: number;
  share: number;
  /** UUIDs: the version most of them have. */
  version?: number;
  /** Letter case most of them are written in; undefined when they hold no letters or mix cases. */
  case?: LetterCase;
  /** UUIDs: with dashes, braces, no dashes, or as a URN (`urnPrefix` as written). */
  form?: UuidForm;
  urnPrefix?: string;
  quote: Quote;
  /** TypeIDs: the prefix most of them share ('' for none). */
  prefix?: string;
  /** Snowflakes: the layout their keys or their values name, when one does. */
  layout?: SnowflakeLayout;
}

export interface Conventions {
  /** How the file was read (`json`, `yaml`, `csv`, `sql`, `text`, …). */
  format: CheckFormat;
  /** IDs read. */
  ids: number;
  /** Every kind in the file, most frequent first (ties: the first seen first); [0] dominates. */
  file: readonly IdConvention[];
  /** Per key or column name (`id`, `user_id`, `orderUuid`): its kinds, most frequent first. */
  keys: ReadonlyMap<string, readonly IdConvention[]>;
  /** Per full path (`$.users[*].id`, `column id`, `users (id)`): finer than `keys` where one
   *  name means different things in different places. */
  paths: ReadonlyMap<string, readonly IdConvention[]>;
}

export interface ConventionOptions {
  fileName?: string;
  languageId?: string;
  /** Snowflake layout setting (as for `scan`); undefined reads each snowflake's own context. */
  epoch?: unknown;
  /** `idsmith.snowflake.keys`: key patterns that name a layout. */
  keyRules?: readonly KeyRule[];
  now?: number;
}

/** Snowflakes whose layout is worked out per path: enough to see which one dominates. */
const LAYOUT_SAMPLES = 64;
/** Characters before an ID searched for the key it is assigned to, in plain text and code. */
const KEY_WINDOW = 80;

// ---- reading one ID ------------------------------------------------------------------------

/** Case of the letters in `text`: one case, or undefined when it has none or both. */
export function letterCaseOf(text: string): LetterCase | undefined {
  const lower = /[a-z]/.test(text);
  const upper = /[A-Z]/.test(text);
  return lower === upper ? undefined : lower ? 'lower' : 'upper';
}

const URN = /^urn:uuid:/i;

/** How a UUID's text is written. */
export function uuidFormOf(text: string): { form: UuidForm; urnPrefix?: string } {
  const urn = URN.exec(text);
  if (urn) return { form: 'urn', urnPrefix: urn[0] };
  if (text.startsWith('{')) return { form: 'braces' };
  return { form: text.includes('-') ? 'standard' : 'noDashes' };
}

const QUOTES = new Set(['"', "'", '`']);

function quoteAround(source: string, start: number, end: number): Quote {
  const before = source[start - 1];
  return before !== undefined && QUOTES.has(before) && source[end] === before ? (before as Quote) : '';
}

// `"user_id": "`, `userId = '`, `id => "`, `order_uuid: `, `id="`: the name a value is assigned to.
const ASSIGNED = /(?:^|[^\w$.-])["'`]?([A-Za-z_$][\w$.-]*)["'`]?\s*(?:=>|:=|==|[:=])\s*["'`]?$/;

/** The key a value at `start` of a line of code or prose is assigned to, read from the text before it. */
export function assignedKey(textBefore: string): string | undefined {
  const m = ASSIGNED.exec(textBefore.slice(-KEY_WINDOW));
  return m ? m[1] : undefined;
}

// ---- tallies -------------------------------------------------------------------------------

class Counter<T> {
  private readonly counts = new Map<T, number>();

  add(value: T | undefined): void {
    if (value !== undefined) this.counts.set(value, (this.counts.get(value) ?? 0) + 1);
  }

  /** The most frequent value; among equals, the first seen. */
  top(): T | undefined {
    let best: T | undefined;
    let n = 0;
    for (const [v, c] of this.counts) {
      if (c > n) {
        best = v;
        n = c;
      }
    }
    return best;
  }
}

interface Reading {
  kind: IdKind;
  version?: number;
  case?: LetterCase;
  form?: UuidForm;
  urnPrefix?: string;
  quote: Quote;
  prefix?: string;
  layout?: SnowflakeLayout;
}

class KindTally {
  count = 0;
  readonly version = new Counter<number>();
  readonly case = new Counter<LetterCase | 'mixed'>();
  readonly form = new Counter<UuidForm>();
  readonly urnPrefix = new Counter<string>();
  readonly quote = new Counter<Quote>();
  readonly prefix = new Counter<string>();
  readonly layout = new Counter<string>();
  readonly layouts = new Map<string, SnowflakeLayout>();

  constructor(readonly kind: IdKind) {}

  add(r: Reading): void {
    this.count++;
    this.version.add(r.version);
    this.case.add(r.case ?? 'mixed');
    this.form.add(r.form);
    this.urnPrefix.add(r.urnPrefix);
    this.quote.add(r.quote);
    this.prefix.add(r.prefix);
    if (r.layout) {
      const name = r.layout.name === 'custom' ? `custom:${r.layout.epochMs}` : r.layout.name;
      this.layouts.set(name, r.layout);
      this.layout.add(name);
    }
  }

  convention(total: number): IdConvention {
    const c: IdConvention = { kind: this.kind, count: this.count, share: this.count / total, quote: this.quote.top() ?? '' };
    const version = this.version.top();
    if (version !== undefined) c.version = version;
    const letters = this.case.top();
    if (letters === 'lower' || letters === 'upper') c.case = letters;
    const form = this.form.top();
    if (form !== undefined) c.form = form;
    if (form === 'urn') c.urnPrefix = this.urnPrefix.top() ?? 'urn:uuid:';
    const prefix = this.prefix.top();
    if (prefix !== undefined) c.prefix = prefix;
    const layout = this.layout.top();
    if (layout !== undefined) c.layout = this.layouts.get(layout)!;
    const gen = generationKind(this.kind, version);
    if (gen !== undefined) c.genKind = gen;
    return c;
  }
}

/** What to generate for another ID like these: a fresh name-based UUID would need a name. */
function generationKind(kind: IdKind, version: number | undefined): GenKind | undefined {
  const candidate = kind === 'uuid' ? (version === undefined ? 'uuidv4' : `uuidv${version}`) : kind;
  const spec = generatorFor(candidate);
  if (!spec || spec.options.some((o) => o.name === 'name')) return undefined;
  return candidate as GenKind;
}

class GroupTally {
  total = 0;
  private readonly kinds = new Map<IdKind, KindTally>();

  add(r: Reading): void {
    this.total++;
    let t = this.kinds.get(r.kind);
    if (!t) this.kinds.set(r.kind, (t = new KindTally(r.kind)));
    t.add(r);
  }

  conventions(): IdConvention[] {
    // Map order is first-seen order, and the sort is stable: equal counts keep it.
    return [...this.kinds.values()].sort((a, b) => b.count - a.count).map((t) => t.convention(this.total));
  }
}

function grouped(tallies: Map<string, GroupTally>, key: string, r: Reading): void {
  let g = tallies.get(key);
  if (!g) tallies.set(key, (g = new GroupTally()));
  g.add(r);
}

function settle(tallies: Map<string, GroupTally>): Map<string, IdConvention[]> {
  const out = new Map<string, IdConvention[]>();
  for (const [k, g] of tallies) out.set(k, g.conventions());
  return out;
}

// ---- the reader ----------------------------------------------------------------------------

class ConventionReader {
  private readonly file = new GroupTally();
  private readonly keys = new Map<string, GroupTally>();
  private readonly paths = new Map<string, GroupTally>();
  private readonly layoutSamples = new Map<string, number>();
  private readonly layout: SnowflakeLayout | undefined;
  private readonly now: number;
  private ids = 0;

  constructor(private readonly source: string, private readonly opts: ConventionOptions, readonly format: CheckFormat) {
    this.now = opts.now ?? Date.now();
    this.layout = parseSnowflakeEpoch(opts.epoch, this.now);
  }

  add(id: FoundId): void {
    this.ids++;
    const structured = this.format !== 'text';
    const path = structured ? id.path : '';
    const key = structured ? id.key : this.keyInText(id.start);
    const r = this.read(id, path || key || '', key);
    this.file.add(r);
    if (key !== undefined) grouped(this.keys, key, r);
    if (path !== '') grouped(this.paths, path, r);
  }

  private keyInText(start: number): string | undefined {
    // The line's text within the window before the ID; the line end is looked for in the window
    // only (from `start`, `lastIndexOf` read a one-line document back to its start, per ID).
    const from = Math.max(0, start - KEY_WINDOW);
    const before = this.source.slice(from, start);
    return assignedKey(before.slice(before.lastIndexOf('\n') + 1));
  }

  private read(id: FoundId, place: string, key: string | undefined): Reading {
    const text = id.text;
    const r: Reading = { kind: id.kind, quote: id.end > id.start ? quoteAround(this.source, id.start, id.end) : '' };
    if (id.kind === 'uuid') {
      if (id.version !== undefined) r.version = id.version;
      const { form, urnPrefix } = uuidFormOf(text);
      r.form = form;
      if (urnPrefix !== undefined) r.urnPrefix = urnPrefix;
      const c = letterCaseOf(form === 'urn' ? text.slice(urnPrefix!.length) : text);
      if (c) r.case = c;
    } else {
      const c = letterCaseOf(text);
      if (c) r.case = c;
    }
    if (id.kind === 'typeid') {
      const cut = text.lastIndexOf('_');
      r.prefix = cut < 0 ? '' : text.slice(0, cut);
    }
    if (id.kind === 'snowflake') {
      const layout = this.snowflakeLayout(id, place, key);
      if (layout) r.layout = layout;
    }
    return r;
  }

  /** The layout a snowflake is written in: the setting's, else what the text before it names (its
   *  key, a key it sits under, a URL), else what its column's name says, else the one preset whose
   *  reading of it is plausible (none when several are). Sampled per place. */
  private snowflakeLayout(id: FoundId, place: string, key: string | undefined): SnowflakeLayout | undefined {
    if (this.layout) return this.layout;
    const seen = this.layoutSamples.get(place) ?? 0;
    if (seen >= LAYOUT_SAMPLES) return undefined;
    this.layoutSamples.set(place, seen + 1);
    // A CSV or SQL value is far from its column's name: the name is asked as a key of its own.
    const named = layoutFromContext(this.source, id.start, this.opts.keyRules)
      ?? (key === undefined ? undefined : layoutFromContext(`${key}=`, key.length + 1, this.opts.keyRules));
    if (named) return named.layout;
    let value: bigint;
    try {
      value = BigInt(id.text);
    } catch {
      return undefined;
    }
    const plausible = snowflakeCandidates(value, this.now).filter((c) => c.plausible);
    return plausible.length === 1 && plausible[0]!.epoch !== 'custom' ? SNOWFLAKE_PRESETS[plausible[0]!.epoch as SnowflakePreset] : undefined;
  }

  result(): Conventions {
    return { format: this.format, ids: this.ids, file: this.file.conventions(), keys: settle(this.keys), paths: settle(this.paths) };
  }
}

function start(text: string, opts: ConventionOptions): { reader: ConventionReader; write(piece: string): void; end(): void } {
  const format = checkFormatOf(opts.fileName, opts.languageId);
  const reader = new ConventionReader(text, opts, format);
  const stream = createCheck({
    ...(opts.fileName !== undefined ? { fileName: opts.fileName } : {}),
    ...(opts.languageId !== undefined ? { languageId: opts.languageId } : {}),
    ...(opts.epoch !== undefined ? { epoch: opts.epoch } : {}),
    ...(opts.now !== undefined ? { now: opts.now } : {}),
    onProblem: () => undefined,
    onId: (id) => reader.add(id),
  });
  return { reader, write: (p) => stream.write(p), end: () => stream.end() };
}

/** How the IDs in `text` are written, per key or column and for the whole file. Never throws. */
export function readConventions(text: string, opts: ConventionOptions = {}): Conventions {
  const s = start(text, opts);
  s.write(text);
  s.end();
  return s.reader.result();
}

/** `readConventions` in slices with a pause between them (see `checkTextInSlices`); undefined when `stop` says so. */
export async function readConventionsInSlices(text: string, opts: ConventionOptions, slicing: Slicing): Promise<Conventions | undefined> {
  const size = Math.max(1024, slicing.chars ?? 256 * 1024);
  const s = start(text, opts);
  for (let at = 0; at < text.length; at += size) {
    s.write(text.slice(at, at + size));
    await slicing.pause();
    if (slicing.stop()) return undefined;
  }
  s.end();
  return s.reader.result();
}

/** The convention for `kind` in a list (`uuid` matches any version; `uuidv7` only v7 UUIDs, else any UUID). */
export function conventionOf(list: readonly IdConvention[] | undefined, kind: string): IdConvention | undefined {
  if (!list) return undefined;
  const exact = list.find((c) => c.kind === kind || c.genKind === kind);
  if (exact) return exact;
  const family = /^uuidv?\d$/.test(kind) ? 'uuid' : undefined;
  return family ? list.find((c) => c.kind === family) : undefined;
}
