import * as vscode from 'vscode';
import { FORMATS, IdError, checkFormatOf, formatIso, generate, generatorFor, parseSnowflakeEpoch } from '../../core';
import type { Conventions, DecodedId, GenKind, IdConvention, Quote, ValueSlot } from '../../core';
import { buildCard } from '../shared/card';
import { hoverMarkdown } from '../shared/cardMarkdown';
import { decodeContext } from '../shared/decodeContext';
import { conventionAt, fileConvention, labelKind, planFor, type WritePlan } from '../insert/likeFile';
import { CommandFailure } from '../shared/outcome';
import { spell } from '../insert/spelling';
import { conventionsOf, explicitSettings, type ExplicitSettings } from '../shared/fileConventions';
import { settings, type Settings } from '../shared/settings';
import { isEditable } from '../shared/writable';
import { askAt, type Ask } from './context';
import { documentRanks, perCursorSnippet } from './perCursor';
import { kindLabel, type KindWord } from './words';

// Completion items that insert a fresh ID: after a kind's name (`ulid`, `uuid7`, `oid`), and at
// the start of an empty value of an ID key, where the first item is the kind and spelling that
// key already holds in the file. Each item's ID is made when the list is asked for; with several
// cursors each cursor gets its own (see perCursor.ts), ascending in document order.

/** Characters that open an empty value: the list then offers an ID for the key before it. */
export const TRIGGERS = ['"', "'", '`'];
/** More cursors than this get no items (the Insert ID command handles any number). */
const MAX_CURSORS = 1000;
/** At most this many items at an empty value: the key's kind first, then the file's others. */
const SLOT_ITEMS = 4;

class IdItem extends vscode.CompletionItem {
  constructor(
    label: vscode.CompletionItemLabel,
    readonly decoded: DecodedId | undefined,
  ) {
    super(label, vscode.CompletionItemKind.Value);
  }
}

/** The format module that generates `kind` (`uuidv7` → uuid). */
function formatOfKind(kind: GenKind) {
  return FORMATS.find((f) => f.generators.some((g) => g.kind === kind));
}

/** Cursor ranks in document order when the active editor of this document has several cursors. */
function cursorRanks(document: vscode.TextDocument, position: vscode.Position): number[] | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document !== document || editor.selections.length < 2) return undefined;
  const actives = editor.selections.map((s) => s.active);
  if (!actives.some((p) => p.isEqual(position))) return undefined;
  return documentRanks(actives, (a, b) => a.compareTo(b));
}

interface Made {
  /** The IDs as spelled, and as inserted (with the quotes the place needs). */
  ids: string[];
  texts: string[];
  decoded: DecodedId | undefined;
}

/** `count` fresh IDs as planned (spelled, quoted), in document order, and the first one decoded. */
function make(plan: WritePlan, count: number, quote: Quote): Made {
  const ids = generate(plan.kind, { ...plan.opts, count }).map((id) => spell(plan.kind, id, plan.spelling));
  const f = formatOfKind(plan.kind);
  const layout = plan.opts.epoch === undefined ? undefined : parseSnowflakeEpoch(plan.opts.epoch);
  const decoded = f?.decode(ids[0]!, layout ? { snowflake: layout } : {});
  return { ids, texts: ids.map((id) => quote + id + quote), decoded };
}

function detail(kind: GenKind, d: DecodedId | undefined, why: string | undefined): string {
  const time = d?.valid && d.unixMs !== undefined ? formatIso(d.unixMs) : generatorFor(kind)?.hasTime ? undefined : 'no time (random)';
  return [kindLabel(kind), time, why].filter((x) => x !== undefined).join(' · ');
}

function item(plan: WritePlan, name: string, ranks: number[] | undefined, quote: Quote, why: string | undefined): IdItem | undefined {
  let made: Made;
  try {
    made = make(plan, ranks?.length ?? 1, quote);
  } catch (e) {
    // A setting this kind needs is broken: the Insert ID command says which; here it just isn't offered.
    if (e instanceof IdError || e instanceof CommandFailure) return undefined;
    throw e;
  }
  const it = new IdItem({ label: `New ${name}`, description: made.ids[0]! }, made.decoded);
  it.detail = detail(plan.kind, made.decoded, why);
  it.insertText = ranks ? new vscode.SnippetString(perCursorSnippet(ranks.map((r) => made.texts[r]!))) : made.texts[0]!;
  return it;
}

/** A plan, or undefined when the settings the kind needs are broken. */
function tryPlan(kind: GenKind, conv: IdConvention | undefined, s: Settings, explicit: ExplicitSettings): WritePlan | undefined {
  try {
    return planFor(kind, conv, s, explicit);
  } catch (e) {
    if (e instanceof CommandFailure || e instanceof IdError) return undefined;
    throw e;
  }
}

function wordItems(ask: Extract<Ask, { type: 'words' }>, conventions: Conventions | undefined, ranks: number[] | undefined, document: vscode.TextDocument): IdItem[] {
  const s = settings();
  const explicit = explicitSettings(document);
  const dominant = conventions?.file[0]?.genKind;
  const seen = new Set<string>();
  const out: IdItem[] = [];
  for (const w of ask.words) {
    const plan = tryPlan(w.kind, fileConvention(conventions, w.kind), s, explicit);
    if (!plan) continue;
    const id = `${plan.kind}:${w.name ?? ''}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const it = item(plan, nameOf(w, plan), ranks, '', plan.likeFile ? 'as in this file' : undefined);
    if (!it) continue;
    it.range = ask.range;
    // The typed word filters: the concrete kind's own word, so `uuid`, `uuid7` and `uuidv7` all keep it.
    it.filterText = w.name !== undefined ? w.word : plan.kind;
    it.sortText = `${plan.kind === dominant || plan.likeFile ? 0 : 1}${String(out.length).padStart(2, '0')}`;
    out.push(it);
  }
  return out;
}

function nameOf(w: KindWord, plan: WritePlan): string {
  return w.name ?? kindLabel(plan.kind);
}

/** Quotes a value gets when none is open at the cursor and the key's values give none to copy. */
function defaultQuote(document: vscode.TextDocument): Quote {
  const format = checkFormatOf(document.uri.path, document.languageId);
  return format === 'json' || format === 'jsonl' ? '"' : format === 'sql' ? "'" : '';
}

function slotItems(slot: ValueSlot, conventions: Conventions | undefined, ranks: number[] | undefined, document: vscode.TextDocument, position: vscode.Position): IdItem[] {
  const s = settings();
  const explicit = explicitSettings(document);
  const own = conventions ? conventionAt(conventions, slot) : undefined;
  // A YAML sequence's items are a list's; a JSON array's (or code's) an array's.
  const siblings = checkFormatOf(document.uri.path, document.languageId) === 'yaml' ? 'like the other items of this list' : 'like the other values of this array';
  const where = slot.siblings !== undefined ? siblings : slot.key !== undefined ? `like the other ${slot.key} values` : 'like the rest of this column';
  // `"|"`: the item replaces both quotes, as the language's own value suggestions do, so it is
  // matched and ranked with them (and, preselected, comes first) rather than below them.
  const range = slot.closed
    ? new vscode.Range(position.translate(0, -1), position.translate(0, 1))
    : new vscode.Range(position, position);
  const out: IdItem[] = [];
  const seen = new Set<GenKind>();
  const add = (plan: WritePlan | undefined, conv: IdConvention | undefined, why: string | undefined) => {
    if (!plan || seen.has(plan.kind) || out.length >= SLOT_ITEMS) return;
    // Inside quotes: none added (or both, when the item replaces them); else those the key's values have.
    const quote = slot.closed ? slot.quote : slot.quote !== '' ? '' : conv ? conv.quote : defaultQuote(document);
    const it = item(plan, kindLabel(plan.kind), ranks, quote, why);
    if (!it) return;
    seen.add(plan.kind);
    it.range = range;
    // Before the language's own value suggestions (JSON offers the key's existing values, which
    // for an ID key are duplicates): their sort texts start at `"`, and a space sorts first.
    it.sortText = ` ${String(out.length).padStart(2, '0')}`;
    if (slot.closed) it.filterText = `${slot.quote}${kindLabel(plan.kind)}`;
    out.push(it);
  };
  // The key's own IDs decide kind and spelling: that is what the data already says.
  if (own?.genKind) add(tryPlan(own.genKind, own, s, {}), own, where);
  const named = labelKind(slot.key);
  if (named) add(tryPlan(named, fileConvention(conventions, named), s, explicit), undefined, `${slot.key} says ${kindLabel(named)}`);
  for (const conv of conventions?.file ?? []) {
    if (conv.genKind) add(tryPlan(conv.genKind, conv, s, explicit), conv, 'as in this file');
  }
  const fallback = explicit.defaultKind ?? s.defaultKind;
  add(tryPlan(fallback, fileConvention(conventions, fallback), s, explicit), undefined, undefined);
  if (out[0]) out[0].preselect = true;
  return out;
}

class IdCompletionProvider implements vscode.CompletionItemProvider<IdItem> {
  async provideCompletionItems(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<IdItem[] | undefined> {
    if (!settings().completions.enabled) return undefined;
    const ask = askAt(document, position);
    if (!ask || !isEditable(document.uri)) return undefined;
    const ranks = cursorRanks(document, position);
    if (ranks && ranks.length > MAX_CURSORS) return undefined;
    const conventions = await conventionsOf(document);
    if (token.isCancellationRequested) return undefined;
    if (ask.type === 'words') return wordItems(ask, conventions, ranks, document);
    // A key whose name says nothing counts only when the file already holds IDs under it.
    const known = conventions !== undefined && conventionAt(conventions, ask.slot) !== undefined;
    if (!ask.idName && !known) return undefined;
    return slotItems(ask.slot, conventions, ranks, document, position);
  }

  resolveCompletionItem(it: IdItem): IdItem {
    if (it.decoded && it.documentation === undefined) {
      const card = buildCard(it.decoded, decodeContext(settings()), { full: false, now: Date.now() });
      // Not trusted: the card has no links here, and nothing in it may run a command.
      it.documentation = new vscode.MarkdownString(hoverMarkdown(card, []));
    }
    return it;
  }
}

/**
 * Every document. VS Code asks completion providers in groups by how well their selector matches
 * (an exact language or scheme scores 10, `*` 5) and stops at the first group that has items: with
 * `{ scheme: '*' }` alone, a JSON file's language server would leave Idsmith unasked. Naming the
 * usual schemes puts Idsmith in the first group; `*` covers the rest.
 */
const SELECTOR: vscode.DocumentFilter[] = [
  ...['file', 'untitled', 'vscode-remote', 'vscode-vfs', 'vscode-userdata', 'vscode-notebook-cell', 'vscode-scm', 'memfs'].map((scheme) => ({ scheme })),
  { scheme: '*' },
];

export function register(context: vscode.ExtensionContext): void {
  context.subscriptions.push(vscode.languages.registerCompletionItemProvider(SELECTOR, new IdCompletionProvider(), ...TRIGGERS));
}
