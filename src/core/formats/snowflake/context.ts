import { shown } from '../../args';
import { namedLayout, parseSnowflakeEpoch, type NamedLayouts } from './layouts';
import { IdError, type SnowflakeLayout } from '../../types';

// A bare 64-bit number has several readings; the text before it often says which one is meant:
// the key it is the value of (`"discordMessageId": "…"`, `tweet_id=…`), a key it sits under
// (`guild_id` inside `"discord": {…}`, YAML included), or the URL it ends (`https://mastodon.social/@a/1099…`).
// This module reads that context, backwards from the number, within a bounded window, so the
// cost does not grow with the document. The user's key rules (`idsmith.snowflake.keys`) come
// before the built-in service words at every level; an explicit epoch setting wins over both
// (callers do not ask when one is set).

/** Why a snowflake was read with one layout. */
export interface LayoutChoice {
  layout: SnowflakeLayout;
  /** `key`: the value's own key; `parent`: a key it sits under; `url`: the URL it ends. */
  by: 'key' | 'parent' | 'url';
  /** The key as written (`key`/`parent`). */
  key?: string;
  /** `parent`: the value's own key, when it has one (`guild_id` under `discord`). */
  child?: string;
  /** The `idsmith.snowflake.keys` pattern that matched, when a user rule decided. */
  pattern?: string;
  /** The service whose URL it ends (`Mastodon`), for `url`. */
  site?: string;
}

/** One `idsmith.snowflake.keys` entry: a glob over key names and the layout it selects. */
export interface KeyRule {
  pattern: string;
  test: RegExp;
  layout: SnowflakeLayout;
}

/** How far back the context is read: keys and parents of real JSON/YAML are well within it. */
const WINDOW = 8192;
/** Enclosing keys looked at, innermost first. */
const MAX_PARENTS = 4;

// Words in a key (split at case changes, `_`, `-`, `.`, `$`) that name a service.
const WORDS = new Map<string, string>([
  ['discord', 'discord'],
  ['twitter', 'twitter'], ['tweet', 'twitter'], ['tweets', 'twitter'],
  ['instagram', 'instagram'], ['insta', 'instagram'], ['ig', 'instagram'],
  ['mastodon', 'mastodon'], ['toot', 'mastodon'], ['toots', 'mastodon'],
  ['sonyflake', 'sonyflake'], ['baidu', 'baidu'],
  ['linkedin', 'linkedin'], ['tiktok', 'tiktok'],
]);

// URLs whose path ends where a snowflake starts, and the layout they name.
const URLS: readonly { re: RegExp; layout: string; site: string }[] = [
  { re: /(?:^|[/.@])(?:twitter|x)\.com\/(?:[A-Za-z0-9_]+|i\/web)\/status(?:es)?\/$/i, layout: 'twitter', site: 'Twitter' },
  { re: /(?:^|[/.])discord(?:app)?\.com\/(?:channels|api\/(?:v\d+\/)?(?:channels|guilds|users))\/(?:(?:@me|\d+)\/){0,2}(?:messages\/)?$/i, layout: 'discord', site: 'Discord' },
  { re: /^https?:\/\/[a-z0-9.-]+\/(?:@[A-Za-z0-9_]+(?:@[a-z0-9.-]+)?|web\/statuses|api\/v1\/statuses|users\/[A-Za-z0-9_]+\/statuses)\/$/i, layout: 'mastodon', site: 'Mastodon' },
  { re: /(?:^|[/.])linkedin\.com\/(?:feed\/update\/urn:li:(?:activity|share|ugcPost):|messaging\/thread\/)$/i, layout: 'linkedin', site: 'LinkedIn' },
  { re: /(?:^|[/.])tiktok\.com\/@[A-Za-z0-9_.]+\/(?:video|photo|live)\/$/i, layout: 'tiktok', site: 'TikTok' },
];

function isKeyChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45 || c === 46 || c === 36;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

function isQuote(c: number): boolean {
  return c === 34 || c === 39 || c === 96;
}

/**
 * The key whose value starts at `end` (`"key": `, `key=`, `key => `, `key := `, `key: `), with
 * the value's opening quote or bracket before `end`; undefined when the text there is no key.
 */
export function keyBefore(s: string, end: number, allowOpen: boolean): string | undefined {
  return keyRangeBefore(s, end, allowOpen, KEY_RANGE) ? s.slice(KEY_RANGE.start, KEY_RANGE.end) : undefined;
}

/** Where a key is in a text: `keyRangeBefore` writes it. */
export interface KeyRange {
  start: number;
  end: number;
}

const KEY_RANGE: KeyRange = { start: 0, end: 0 };

/** `keyBefore` without the key's text: writes where it is into `out`; false when the text there is no key. */
export function keyRangeBefore(s: string, end: number, allowOpen: boolean, out: KeyRange): boolean {
  let i = end;
  const floor = Math.max(0, end - 256);
  if (i > floor && isQuote(s.charCodeAt(i - 1))) i--;
  if (allowOpen && i > floor && (s.charCodeAt(i - 1) === 40 || s.charCodeAt(i - 1) === 91)) i--; // ( [
  while (i > floor && isSpace(s.charCodeAt(i - 1))) i--;
  // The separator: `:`, `=`, `=>`, `:=`, `==`.
  let sep = 0;
  while (i > floor && sep < 2) {
    const c = s.charCodeAt(i - 1);
    if (c === 58 || c === 61 || (c === 62 && sep === 0)) {
      i--;
      sep++;
    } else break;
  }
  if (sep === 0) return false;
  while (i > floor && isSpace(s.charCodeAt(i - 1))) i--;
  if (i > floor && isQuote(s.charCodeAt(i - 1))) i--;
  const keyEnd = i;
  while (i > floor && isKeyChar(s.charCodeAt(i - 1))) i--;
  if (i === keyEnd) return false;
  out.start = i;
  out.end = keyEnd;
  return true;
}

/** Most enclosing brackets kept: deeper nesting than this is not data people hover. */
const MAX_STACK = 256;

/**
 * The `{`/`[` still open at a position, found by walking forward from where the last question
 * left off: a scan asks about its numbers in text order, so a whole scan reads the text once
 * (reading 8 KB backwards per number made a log of snowflakes 7x slower to scan).
 */
class Brackets {
  private readonly open: number[] = [];
  private at = -1;
  /** With `places`: the index of the first place at or after `at`. */
  private k = 0;

  /** `places`: where every `{ [ } ]` of `s` is, in order, when the caller has them (the CLI's walker). */
  constructor(private readonly s: string, private readonly places?: Int32Array) {}

  /** Positions of the unclosed brackets before `end`, outermost first. */
  before(end: number): readonly number[] {
    const places = this.places;
    if (this.at < 0 || end < this.at || end - this.at > WINDOW) {
      // First question, a step back, or a long gap: start afresh a window before `end`.
      this.open.length = 0;
      this.next.fill(-1);
      this.at = Math.max(0, end - WINDOW);
      if (places !== undefined) this.k = firstAtOrAfter(places, this.at);
    }
    if (places !== undefined) return this.fromPlaces(places, end);
    const { s, open, next } = this;
    // Bracket by bracket: the next of each of `{ [ } ]` is found by indexOf (native, fast on
    // long stretches without brackets, which is most of a log) and kept until passed.
    let i = this.at;
    for (;;) {
      let k = 0;
      for (let b = 0; b < 4; b++) {
        if (next[b]! < i) next[b] = indexOrEnd(s, BRACKETS[b]!, i);
        if (next[b]! < next[k]!) k = b;
      }
      const p = next[k]!;
      if (p >= end) break;
      if (k < 2) { // { [
        if (open.length === MAX_STACK) open.shift();
        open.push(p);
      } else if (open.length > 0) { // } ]
        open.pop();
      }
      i = p + 1;
    }
    this.at = end;
    return open;
  }

  /** Where the next `{`, `[`, `}`, `]` is (s.length when none), from the last search. */
  private readonly next = [-1, -1, -1, -1];

  /** `before` over the listed places: the same brackets in the same order, without a search each. */
  private fromPlaces(places: Int32Array, end: number): readonly number[] {
    const { s, open } = this;
    let k = this.k;
    for (; k < places.length; k++) {
      const p = places[k]!;
      if (p >= end) break;
      const c = s.charCodeAt(p);
      if (c === 123 || c === 91) { // { [
        if (open.length === MAX_STACK) open.shift();
        open.push(p);
      } else if (open.length > 0) { // } ]
        open.pop();
      }
    }
    this.k = k;
    this.at = end;
    return open;
  }
}

/** The index of the first of the sorted `places` at or after `at`. */
function firstAtOrAfter(places: Int32Array, at: number): number {
  let lo = 0, hi = places.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (places[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const BRACKETS = ['{', '[', '}', ']'];

function indexOrEnd(s: string, c: string, from: number): number {
  const p = s.indexOf(c, from);
  return p === -1 ? s.length : p;
}

/** Keys of the `{`/`[` that enclose `end`, innermost first (JSON, JSONC, JS/TS/Python literals). */
function bracketParents(s: string, end: number, brackets: Brackets): string[] {
  const open = brackets.before(end);
  const out: string[] = [];
  for (let k = open.length - 1; k >= 0 && out.length < MAX_PARENTS; k--) {
    const key = keyBefore(s, open[k]!, false);
    if (key !== undefined) out.push(key);
  }
  return out;
}

/**
 * Keys of the YAML mappings that enclose the line ending at `end`, innermost first. `start`: where
 * that line starts, when the caller knows. Only lines that start within the window are read.
 */
function yamlParents(s: string, end: number, lines: LineStarts, start?: number): string[] {
  const out: string[] = [];
  const floor = Math.max(0, end - WINDOW);
  let lineStart = start ?? lines.after(end, floor);
  if (lineStart <= floor) return out;
  let indent = indentOf(s, lineStart);
  while (lineStart > floor && out.length < MAX_PARENTS && indent > 0) {
    const prevEnd = lineStart - 1;
    lineStart = lines.after(prevEnd, floor);
    if (lineStart < 0) break;
    const ind = indentOf(s, lineStart);
    if (ind >= indent) continue;
    const line = s.slice(lineStart, prevEnd).replace(/\r$/, '');
    const m = /^\s*(?:-\s+)?["']?([A-Za-z0-9_$.-]+)["']?\s*:\s*(?:[&!][^\s]*\s*)?(?:#.*)?$/.exec(line);
    if (!m) {
      if (line.trim() === '' || /^\s*#/.test(line)) continue;
      indent = ind;
      continue;
    }
    out.push(m[1]!);
    indent = ind;
  }
  return out;
}

/**
 * Where lines of one text start, looked for backwards within a window. `lastIndexOf` alone read
 * back to the text's start on a line with no line end (a one-line JSON dump, a piece of a long
 * line), once per number asked about: a 90 MB one-line log took 100 s to scan. The stretch last
 * found to hold no line end is remembered, so the numbers of a long line read it once in all.
 */
class LineStarts {
  /** `s[clearFrom, clearTo)` holds no line end. */
  private clearFrom = 0;
  private clearTo = 0;

  constructor(private readonly s: string) {}

  /** Where the line holding the char before `end` starts, when that is at or after `floor`; else -1. */
  after(end: number, floor: number): number {
    const from = floor > 0 ? floor - 1 : 0;
    // What is known to hold no line end is not read again.
    const read = from >= this.clearFrom && from <= this.clearTo && end >= this.clearTo ? this.clearTo : from;
    const nl = end > read ? this.s.slice(read, end).lastIndexOf('\n') : -1;
    if (nl >= 0) {
      this.clearFrom = read + nl + 1;
      this.clearTo = end;
      return read + nl + 1;
    }
    if (read === this.clearTo && from >= this.clearFrom) this.clearTo = end;
    else {
      this.clearFrom = from;
      this.clearTo = end;
    }
    return floor === 0 ? 0 : -1;
  }
}

/** Columns before a line's first character that is not a space or a YAML list dash. */
function indentOf(s: string, lineStart: number): number {
  let i = lineStart;
  for (;;) {
    const c = s.charCodeAt(i);
    if (c === 32) i++;
    else if (c === 45 && s.charCodeAt(i + 1) === 32) i += 2;
    else break;
  }
  return i - lineStart;
}

/** `discordMessageId` → `discord message id`; `ig_media_id` → `ig media id`. */
function words(key: string): string[] {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/);
}

// Keys repeat (every line of a log has the same ones): their reading is kept, within bounds.
const wordCache = new Map<string, SnowflakeLayout | null>();

function byWords(key: string): SnowflakeLayout | undefined {
  let layout = wordCache.get(key);
  if (layout === undefined) {
    layout = null;
    for (const w of words(key)) {
      const name = WORDS.get(w);
      if (name !== undefined) {
        layout = namedLayout(name)!;
        break;
      }
    }
    if (wordCache.size >= 4096) wordCache.clear();
    wordCache.set(key, layout);
  }
  return layout ?? undefined;
}

function choose(key: string, by: 'key' | 'parent', rules: readonly KeyRule[]): LayoutChoice | undefined {
  for (const r of rules) if (r.test.test(key)) return { layout: r.layout, by, key, pattern: r.pattern };
  const layout = byWords(key);
  return layout && { layout, by, key };
}

function fromUrl(s: string, end: number): LayoutChoice | undefined {
  // A path ends in `/`; LinkedIn's also in `urn:li:activity:`.
  const last = s.charCodeAt(end - 1);
  if (last !== 47 && last !== 58) return undefined; // / :
  let i = end - 1;
  const floor = Math.max(0, end - 300);
  while (i > floor) {
    const c = s.charCodeAt(i - 1);
    if (c <= 32 || isQuote(c) || c === 40 || c === 60 || c === 91) break; // ( < [
    i--;
  }
  const url = s.slice(i, end);
  for (const u of URLS) {
    if (u.re.test(url)) return { layout: namedLayout(u.layout)!, by: 'url', site: u.site };
  }
  return undefined;
}

/**
 * Reads the layout the text of one document names for numbers in it, asked in text order
 * (the scanner's order): see `layoutFromContext`.
 */
export class ContextReader {
  private readonly brackets: Brackets;
  private readonly lines: LineStarts;

  /** `brackets`: where every `{ [ } ]` of `s` is, in order, when the caller has them. */
  constructor(private readonly s: string, private readonly rules: readonly KeyRule[] = [], brackets?: Int32Array) {
    this.brackets = new Brackets(s, brackets);
    this.lines = new LineStarts(s);
  }

  /**
   * The layout the text before `end` names for a number starting at `end`, or undefined. Looks,
   * in order, at the URL the number ends, the key it is the value of, then up to four keys it
   * sits under (brackets, else YAML indentation). At each key the user's rules come first.
   * `lineStart`: where the line holding `end` starts (after its last line end before `end`),
   * when the caller knows (the CLI's walker passed it); else it is searched for.
   */
  at(end: number, lineStart?: number): LayoutChoice | undefined {
    const { s, rules } = this;
    const url = fromUrl(s, end);
    if (url) return url;
    const key = keyBefore(s, end, true);
    if (key !== undefined) {
      const c = choose(key, 'key', rules);
      if (c) return c;
    }
    let parents = bracketParents(s, end, this.brackets);
    if (parents.length === 0) parents = yamlParents(s, end, this.lines, lineStart);
    for (const p of parents) {
      if (p === key) continue;
      const c = choose(p, 'parent', rules);
      if (c) return key === undefined ? c : { ...c, child: key };
    }
    return undefined;
  }
}

/** One question to a fresh `ContextReader`: the layout the text before `end` names. */
export function layoutFromContext(s: string, end: number, rules: readonly KeyRule[] = []): LayoutChoice | undefined {
  return new ContextReader(s, rules).at(end);
}

/** The choice in words, for plain-text surfaces: `key discordMessageId`, `a Mastodon URL`. */
export function describeChoice(c: LayoutChoice): string {
  if (c.by === 'url') return `a ${c.site} URL`;
  const where = c.by === 'key' ? `key ${c.key}` : c.child === undefined ? `under ${c.key}` : `key ${c.child} under ${c.key}`;
  return c.pattern === undefined ? where : `${where} (matches ${c.pattern} in idsmith.snowflake.keys)`;
}

function globToRegExp(glob: string): RegExp {
  const body = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${body}$`, 'i');
}

/**
 * `idsmith.snowflake.keys`: key-name glob (`*`, `?`, any case) → layout name, custom epoch in
 * Unix ms or layout spec (what `parseSnowflakeEpoch` reads; `named` adds the user's layouts).
 * Rules keep the setting's order; bad entries are reported and skipped.
 */
export function parseKeyRules(raw: unknown, now: number = Date.now(), named?: NamedLayouts): { rules: KeyRule[]; errors: string[] } {
  const rules: KeyRule[] = [];
  const errors: string[] = [];
  if (raw === undefined || raw === null) return { rules, errors };
  if (typeof raw !== 'object' || Array.isArray(raw)) return { rules, errors: ['expected an object of "key pattern": "layout"'] };
  for (const [pattern, value] of Object.entries(raw as Record<string, unknown>)) {
    if (pattern.trim() === '' || pattern.length > 200) {
      errors.push(`${shown(pattern)}: a key pattern is a name with * and ? wildcards`);
      continue;
    }
    try {
      const layout = parseSnowflakeEpoch(value, now, named);
      if (layout === undefined) throw new IdError('INVALID_ARGUMENT', 'auto selects nothing; name a layout');
      rules.push({ pattern, test: globToRegExp(pattern), layout });
    } catch (e) {
      if (!(e instanceof IdError)) throw e;
      errors.push(`${pattern}: ${e.message}`);
    }
  }
  return { rules, errors };
}
