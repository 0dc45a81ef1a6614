import * as vscode from 'vscode';
import {
  ALL_CONVERT_TARGETS, IdError, caseFree, convert, convertDecoded, convertTargetsFor, formatById, parse128, targetLabel, targetsOf,
  validateTypeIdPrefix, type Conventions, type DecodedId,
} from '../core';
import { Commands } from './shared/commands';
import { Cancelled, CommandFailure, command, errorMessage } from './shared/outcome';
import { decodeContext } from './shared/decodeContext';
import { conventionsOf } from './shared/fileConventions';
import { idsIn, withoutOverlaps, type Located } from './shared/locate';
import { applyEdits, replacementsEdit, type Replacement } from './shared/edits';
import { settings } from './shared/settings';
import { promptForTypeIdPrefix } from './shared/typeIdPrompt';
import { isArgsObject, isEditable, readOnlyMessage } from './shared/writable';

// Rewrites IDs between formats: one code action provider (a sub-kind per target) and the
// `idsmith.convert` command. Every conversion of a user action is one WorkspaceEdit, so one
// undo step restores every ID it touched, and IDs that cannot convert are left as they are.

/** Where an ID sits in the document (absolute offsets) and what it is. */
interface Found {
  start: number;
  end: number;
  text: string;
  /** A format, or the 128-bit form of a selected value the scanner does not look for (`hex`, `int`, `base64`). */
  kind: string;
  version?: number;
  /** The scanner's reading; absent for a selected value read by its 128-bit form. */
  decoded?: DecodedId;
}

/** The editor's own targets beside the core's (`typeid` alone means "ask for the prefix"): the
 *  same ID in the other letter case, for formats whose case does not change the value. */
const CASE_TARGETS: Record<string, string> = { upper: 'upper case', lower: 'lower case' };

/** A found ID's kind (a format, or a 128-bit form such as `hex`) as people name it. */
function kindName(kind: string): string {
  const format = formatById(kind);
  return format ? format.label : kind === 'int' || kind === 'hex' || kind.startsWith('base64') ? targetLabel(kind) : 'ID';
}

/** Code action sub-kind of a target (after `refactor.rewrite.idsmith.`) is the target itself,
 *  except these, published before (keybindings name them): the case changes share `case`. */
const PUBLISHED_SUB_KINDS: Record<string, string> = {
  'uuid-upper': 'case', upper: 'case', lower: 'case', 'uuid-braces': 'braces', 'uuid-urn': 'urn', 'mysql-bin': 'mysql',
};

/** Every sub-kind the provider may return: one per target the core writes, and the case changes. */
function subKinds(): string[] {
  return [...new Set([...ALL_CONVERT_TARGETS, ...Object.keys(CASE_TARGETS)].map((t) => PUBLISHED_SUB_KINDS[t] ?? t))];
}

function baseTarget(target: string): string {
  return target.startsWith('typeid:') ? 'typeid' : target;
}

function targetName(target: string): string {
  if (target.startsWith('typeid:')) return `TypeID ${target.slice(7) || '(no prefix)'}`;
  return CASE_TARGETS[target] ?? targetLabel(target);
}

// ---------------------------------------------------------------------------------------------
// Finding IDs

/** Whether a found ID's letters may change case without changing its value: its format says so
 *  (`Shape.case`), and a selected hex value is hex. */
function caseFreeKind(kind: string): boolean {
  const f = formatById(kind);
  return f ? caseFree(f) : kind === 'hex';
}

/** IDs in `range`: the one under the cursor when empty, else every ID inside the selection.
 *  A selection holding one explicit 128-bit value that the scanner does not look for (32 hex
 *  digits, an integer, base64) counts too: the user pointed at it. */
export function findIds(document: vscode.TextDocument, range: vscode.Range, shortInts = false): Found[] {
  const found = idsIn(document, range, decodeContext(settings())).map(fromLocated);
  if (found.length > 0 || range.isEmpty) return found;
  const base = document.offsetAt(range.start);
  const text = document.getText(range);
  const token = explicitToken(text);
  if (!token) return [];
  try {
    const parsed = parse128(token.text);
    // A selected small number is a count or a port far more often than an ID; the lightbulb
    // offers integers only past the 64-bit range, the explicit command takes any.
    if (parsed.from === 'int' && !shortInts && token.text.length <= 20) return [];
    return [{ start: base + token.start, end: base + token.start + token.text.length, text: token.text, kind: parsed.from }];
  } catch {
    return [];
  }
}

function fromLocated({ match: m, start, end }: Located): Found {
  const found: Found = { start, end, text: m.text, kind: m.kind, decoded: m.decoded };
  if (m.decoded.version !== undefined) found.version = m.decoded.version;
  return found;
}

/** The selection minus surrounding blanks and quotes, when that leaves one token. */
function explicitToken(text: string): { text: string; start: number } | undefined {
  if (text.length > 200) return undefined;
  const lead = text.length - text.replace(/^[\s"'`]+/, '').length;
  const token = text.slice(lead).replace(/[\s"'`,;]+$/, '');
  return token && !/\s/.test(token) ? { text: token, start: lead } : undefined;
}

// ---------------------------------------------------------------------------------------------
// What each ID can become

interface TargetInfo {
  target: string;
  enabled: boolean;
  reason?: string;
}

/** Disabled targets worth showing: the reason teaches something ("only v1 reorders to v6").
 *  The others are disabled because the ID is already written that way: noise. */
const SHOW_DISABLED = new Set(['uuidv6', 'uuidv1']);

/** Why a found ID converts to nothing: its format's own words. */
function noTargets(found: Found): string {
  const f = formatById(found.kind);
  return f?.notApplicable?.convert ?? `${kindName(found.kind)} IDs have no other form to convert to.`;
}

/** Targets for one ID: the core's list for its reading (TypeID collapsed into one entry that
 *  asks for the prefix, the target equal to the source's own form dropped unless it normalises a
 *  UUID) plus case changes where its format ignores case. */
function targetsFor(found: Found): TargetInfo[] {
  const choices = found.decoded ? targetsOf(found.decoded) : convertTargetsFor(found.text);
  if (choices.length === 0) return [{ target: NO_TARGET, enabled: false, reason: noTargets(found) }];
  const out: TargetInfo[] = [];
  const typeIdTarget = choices.some((c) => baseTarget(c.target) === 'typeid');
  for (const t of choices) {
    const target = baseTarget(t.target);
    if (target === 'typeid' || (target === found.kind && target !== 'uuid')) continue;
    // The case sub-kind means "same ID, other case"; for a ULID "upper-case UUID" is a
    // conversion that `uuid` already offers.
    if (target === 'uuid-upper' && found.kind !== 'uuid') continue;
    if (!t.enabled && !SHOW_DISABLED.has(target)) continue;
    const info: TargetInfo = { target, enabled: t.enabled };
    if (t.reason !== undefined) info.reason = t.reason;
    out.push(info);
  }
  // Any 128-bit ID can become a TypeID; for a TypeID this changes its prefix.
  if (typeIdTarget) out.push({ target: 'typeid', enabled: true });
  if (caseFreeKind(found.kind) && found.kind !== 'uuid') {
    if (/[a-z]/.test(found.text)) out.push({ target: 'upper', enabled: true });
    if (/[A-Z]/.test(found.text)) out.push({ target: 'lower', enabled: true });
  }
  return out;
}

function changeCase(text: string, upper: boolean): string {
  const label = /^urn:uuid:/i.exec(text)?.[0] ?? '';
  const body = text.slice(label.length);
  return label + (upper ? body.toUpperCase() : body.toLowerCase());
}

/** Targets people convert to most (after the forms the file already holds): the rest of a
 *  found ID's targets (SCRU128, ShortUUID, .NET, MySQL, …) wait behind "More conversions…". */
const COMMON_TARGETS = ['uuid', 'ulid', 'hex', 'int', 'base64'];
/** Shown beside them where they apply: a v1's reorder to v6 (and back), a case change, a
 *  TypeID's new prefix, and the one entry of an ID that converts to nothing. */
const ALSO_SHOWN = ['uuidv6', 'uuidv1', 'upper', 'lower', 'uuid-upper'];

/** The targets that write the forms the document's other IDs are written in, most frequent first. */
function fileTargets(conventions: Conventions | undefined): string[] {
  const out: string[] = [];
  for (const c of conventions?.file ?? []) {
    if (c.kind === 'uuid') {
      if (c.form === 'braces') out.push('uuid-braces');
      else if (c.form === 'urn') out.push('uuid-urn');
      else if (c.case === 'upper') out.push('uuid-upper');
    }
    out.push(c.kind);
  }
  return out;
}

/** How long the light bulb waits for the first reading of a large document's conventions
 *  before it orders by the common targets alone (later requests are answered from the cache). */
const CONVENTIONS_WAIT_MS = 50;

function fileConventions(document: vscode.TextDocument): Promise<Conventions | undefined> {
  const reading = conventionsOf(document).catch(() => undefined);
  return Promise.race([reading, new Promise<undefined>((r) => setTimeout(() => r(undefined), CONVENTIONS_WAIT_MS))]);
}

/** Splits tallies into the entries shown and those behind "More conversions…": the file's own
 *  forms first, then the common targets; a single leftover is shown rather than hidden. */
function arrange(tallies: TargetTally[], fromFile: readonly string[]): { shown: TargetTally[]; more: TargetTally[] } {
  const order = [...new Set([...fromFile, ...COMMON_TARGETS, ...ALSO_SHOWN, NO_TARGET])];
  const rank = (t: TargetTally) => order.indexOf(t.target);
  const preferred = tallies.filter((t) => rank(t) >= 0).sort((a, b) => rank(a) - rank(b));
  const rest = tallies.filter((t) => !preferred.includes(t) && t.ids.length > 0);
  return rest.length > 1 ? { shown: preferred, more: rest } : { shown: [...preferred, ...rest], more: [] };
}

/** The entry a found ID that converts to nothing gets: disabled, with its format's reason. */
const NO_TARGET = 'none';

/** Converts one ID (from its reading when the scanner found it); throws IdError when it cannot. */
export function convertOne(found: Pick<Found, 'text' | 'kind' | 'decoded'>, target: string): string {
  if (target === 'upper' || target === 'lower') {
    if (!caseFreeKind(found.kind)) {
      throw new IdError('UNSUPPORTED_CONVERSION', `${kindName(found.kind)} text is case-sensitive; changing its case would change the ID.`);
    }
    return changeCase(found.text, target === 'upper');
  }
  return found.decoded ? convertDecoded(found.decoded, target) : convert(found.text, target);
}

/** IDs that share a kind, version, case and punctuation get the same targets, so the core is
 *  asked once per shape instead of once per ID: a 10,000-ID selection stays cheap. */
function shapeOf(f: Found): string {
  return `${f.kind}|${f.version ?? ''}|${/[a-z]/.test(f.text)}|${/[A-Z]/.test(f.text)}|${f.text.length}|${f.text.replace(/[0-9A-Za-z]/g, '')}`;
}

interface TargetTally {
  target: string;
  /** IDs this target converts. */
  ids: Found[];
  /** Why the first ID that cannot convert cannot (shown for a single ID, counted in bulk). */
  reason?: string;
}

/** Per target, the IDs it applies to. Targets come in the core's order, extras last. */
function tally(found: Found[]): TargetTally[] {
  const byShape = new Map<string, TargetInfo[]>();
  const tallies = new Map<string, TargetTally>();
  for (const f of found) {
    const shape = shapeOf(f);
    let infos = byShape.get(shape);
    if (!infos) {
      infos = targetsFor(f);
      byShape.set(shape, infos);
    }
    for (const info of infos) {
      let t = tallies.get(info.target);
      if (!t) tallies.set(info.target, (t = { target: info.target, ids: [] }));
      if (info.enabled) t.ids.push(f);
      else t.reason ??= info.reason;
    }
  }
  return [...tallies.values()];
}

// ---------------------------------------------------------------------------------------------
// Edits

/** What `idsmith.convert` resolves to (besides `cancelled` and `failed`, see shared/outcome.ts). */
export interface ConvertResult {
  status: 'converted';
  target: string;
  /** IDs rewritten. */
  converted: number;
  /** IDs found but left as they were (they cannot become `target`, or already are it). */
  skipped: number;
  /** Why the first skipped ID was skipped. */
  reason?: string;
  applied: boolean;
}

interface Planned {
  reps: Replacement[];
  converted: number;
  skipped: number;
  reason?: string;
}

/** One edit for every ID in `found` that converts; the others are counted, not touched. */
function plan(document: vscode.TextDocument, found: Found[], target: string): Planned {
  const reps: Replacement[] = [];
  let converted = 0;
  let reason: string | undefined;
  for (const f of found) {
    let next: string;
    try {
      next = convertOne(f, target);
    } catch (e) {
      reason ??= errorMessage(e);
      continue;
    }
    if (next === f.text) {
      reason ??= `already ${targetName(target)}`;
      continue;
    }
    reps.push({ range: new vscode.Range(document.positionAt(f.start), document.positionAt(f.end)), text: next });
    converted++;
  }
  const planned: Planned = { reps, converted, skipped: found.length - converted };
  if (reason !== undefined) planned.reason = reason;
  return planned;
}

// ---------------------------------------------------------------------------------------------
// Code actions

class ConvertAction extends vscode.CodeAction {
  /** The offsets in `ids` hold for this version of the document only. */
  readonly version: number;
  constructor(
    title: string,
    kind: vscode.CodeActionKind,
    readonly document: vscode.TextDocument,
    readonly ids: Found[],
    readonly target: string,
  ) {
    super(title, kind);
    this.version = document.version;
  }
}

/** Characters of selection the code actions scan (about 30,000 quoted ULIDs). */
const MAX_ACTION_SELECTION = 1_000_000;

export class ConvertActionProvider implements vscode.CodeActionProvider<vscode.CodeAction> {
  static readonly kind = vscode.CodeActionKind.RefactorRewrite.append('idsmith');
  static readonly regenerateKind = ConvertActionProvider.kind.append('regenerate');
  static subKind(target: string): vscode.CodeActionKind {
    if (target === NO_TARGET) return ConvertActionProvider.kind;
    const base = baseTarget(target);
    return ConvertActionProvider.kind.append(PUBLISHED_SUB_KINDS[base] ?? base);
  }
  static readonly metadata: vscode.CodeActionProviderMetadata = {
    providedCodeActionKinds: subKinds().map((k) => ConvertActionProvider.kind.append(k)).concat(ConvertActionProvider.regenerateKind),
  };

  async provideCodeActions(
    document: vscode.TextDocument,
    range: vscode.Range | vscode.Selection,
    context: vscode.CodeActionContext,
  ): Promise<vscode.CodeAction[] | undefined> {
    const only = context.only;
    if (only && !only.intersects(ConvertActionProvider.kind)) return undefined;
    if (!isEditable(document.uri)) return undefined;
    // The lightbulb asks on every selection change; scanning ~30k IDs takes long enough to be
    // felt, so huge selections are left to the idsmith.convert command.
    if (document.offsetAt(range.end) - document.offsetAt(range.start) > MAX_ACTION_SELECTION) return undefined;
    const found = findIds(document, range);
    if (found.length === 0) return undefined;
    const wanted = (kind: vscode.CodeActionKind) => !only || only.intersects(kind);
    const single = found.length === 1 ? found[0] : undefined;
    const actions: vscode.CodeAction[] = [];
    // The light bulb (no filter, or all of Idsmith's kinds) gets the few targets people use and
    // one "More conversions…"; a request for one sub-kind (a keybinding) gets exactly that.
    const grouped = !only || only.contains(ConvertActionProvider.kind);
    const version = document.version;
    const conventions = grouped ? await fileConventions(document) : undefined;
    if (document.version !== version) return undefined;
    const { shown, more } = grouped ? arrange(tally(found), fileTargets(conventions)) : { shown: tally(found), more: [] };
    for (const t of shown) {
      const kind = ConvertActionProvider.subKind(t.target);
      if (!wanted(kind)) continue;
      if (t.ids.length === 0) {
        // A disabled entry explains why, where a user would look for it; in bulk the
        // reason for one ID says little about the rest, so it is left out.
        if (single && t.reason) {
          const action = new vscode.CodeAction(title(single, t.target, 1, 0), kind);
          action.disabled = { reason: t.reason };
          actions.push(action);
        }
        continue;
      }
      const skipped = found.length - t.ids.length;
      if (t.target === 'typeid') {
        const action = new vscode.CodeAction(title(single, 'typeid', t.ids.length, skipped), kind);
        action.command = {
          command: Commands.convert,
          title: action.title,
          arguments: [{ to: 'typeid', uri: document.uri.toString(), ranges: [range] }],
        };
        actions.push(action);
        continue;
      }
      actions.push(new ConvertAction(title(single, t.target, t.ids.length, skipped), kind, document, t.ids, t.target));
    }
    if (more.length > 0) {
      const names = more.map((t) => (t.target === 'typeid' ? 'TypeID' : targetName(t.target)));
      const action = new vscode.CodeAction(`More conversions… (${names.slice(0, 3).join(', ')}${names.length > 3 ? `, ${names.length - 3} more` : ''})`, ConvertActionProvider.kind);
      action.command = {
        command: Commands.convert,
        title: action.title,
        arguments: [{ uri: document.uri.toString(), ranges: [range] }],
      };
      actions.push(action);
    }
    if (wanted(ConvertActionProvider.regenerateKind)) {
      const action = new vscode.CodeAction(
        found.length === 1 ? `Regenerate ${kindName(found[0]!.kind)}` : `Regenerate ${found.length} IDs`,
        ConvertActionProvider.regenerateKind,
      );
      action.command = { command: Commands.regenerate, title: action.title };
      actions.push(action);
    }
    return actions;
  }

  // The edit is built only for the action the user picks: a large selection offers a dozen
  // targets and converting every ID for each of them would make the lightbulb slow.
  resolveCodeAction(action: vscode.CodeAction): vscode.CodeAction {
    if (!(action instanceof ConvertAction) || action.edit) return action;
    if (action.document.version === action.version) {
      action.edit = replacementsEdit(action.document, plan(action.document, action.ids, action.target).reps);
    } else {
      // The light bulb was opened on an older text: applying its offsets would hit other text.
      // An action without an edit does nothing, so say why instead of failing silently.
      action.command = { command: Commands.staleAction, title: action.title, arguments: [action.title] };
    }
    return action;
  }
}

function title(single: Found | undefined, target: string, count: number, skipped: number): string {
  if (target === NO_TARGET) return `Convert ${single ? kindName(single.kind) : 'IDs'}…`;
  const to = target === 'typeid' ? 'TypeID…' : targetName(target);
  const skippedNote = skipped > 0 ? ` (${skipped} left as they are)` : '';
  if (single) {
    if (target === 'typeid') return single.kind === 'typeid' ? 'Change TypeID prefix…' : 'Convert to TypeID…';
    if (target === 'uuid' && single.kind === 'uuid') return 'Convert UUID to standard form (lower case, 8-4-4-4-12)';
    return `Convert ${kindName(single.kind)} to ${to}`;
  }
  return `Convert ${count} ${count === 1 ? 'ID' : 'IDs'} to ${to}${skippedNote}`;
}

// ---------------------------------------------------------------------------------------------
// The command

export interface ConvertArgs {
  /** A target of the CLI (`ulid`, `uuid`, `typeid:PREFIX`, …), `typeid` to be asked for the
   *  prefix, or an extra (`upper`, `lower`, `uuid-braces`, `uuid-urn`, `mysql-bin`). */
  to?: string;
  /** Document and ranges to convert; default: the active editor's selections. */
  uri?: string;
  ranges?: vscode.Range[];
}

const STALE_MESSAGE = 'the document changed while Convert was waiting, so nothing was converted (the IDs may have moved). Run Convert again.';

/** Every target the core writes (`convert --to`), the case changes, and `typeid` (asks for the prefix). */
const KNOWN_TARGETS = new Set([...ALL_CONVERT_TARGETS, ...Object.keys(CASE_TARGETS)]);

async function convertCommand(raw?: unknown): Promise<ConvertResult> {
  const args = convertArgs(raw);
  const target = resolveTarget(args);
  const located = locate(args);
  if (!located) throw new CommandFailure('NO_EDITOR', 'open a file and put the cursor on an ID (or select IDs) to convert.');
  const { document, found } = located;
  // The offsets in `found` hold for this version only; each prompt below gives the user (a
  // formatter, a reload from disk, another extension) time to change the document.
  const version = document.version;
  const unchanged = (): void => {
    if (document.version !== version) throw new CommandFailure('EDIT_FAILED', STALE_MESSAGE);
  };
  if (!isEditable(document.uri)) throw new CommandFailure('READ_ONLY', readOnlyMessage(document.uri, 'nothing was converted'));
  if (found.length === 0) {
    throw new CommandFailure('NOTHING_FOUND',
      'no ID at the cursor or in the selection. Convert works on ULIDs, UUIDs, TypeIDs, snowflakes and the other IDs Idsmith reads (and a selected 32-hex, integer or base64 value).');
  }
  let to = target;
  if (to === undefined) {
    to = await pickTarget(found);
    unchanged();
  }
  if (to === 'typeid') {
    const prefix = await promptForTypeIdPrefix('Convert to TypeID');
    if (prefix === undefined) throw new Cancelled();
    to = `typeid:${prefix}`;
    unchanged();
  }
  const planned = plan(document, found, to);
  const result: ConvertResult = { status: 'converted', target: to, converted: planned.converted, skipped: planned.skipped, applied: false };
  if (planned.reason !== undefined) result.reason = planned.reason;
  if (planned.converted === 0) {
    void vscode.window.showWarningMessage(
      `Idsmith: nothing converted to ${targetName(to)}: ${found.length === 1 ? 'the ID' : `all ${found.length} IDs`} stay as they are (${planned.reason ?? 'not convertible'}).`,
    );
    return result;
  }
  const outcome = await applyEdits(document, version, planned.reps);
  if (outcome === 'stale') throw new CommandFailure('EDIT_FAILED', STALE_MESSAGE);
  if (outcome === 'refused') throw new CommandFailure('READ_ONLY', 'the editor refused the edit (is the document read-only?); nothing was converted.');
  result.applied = true;
  if (planned.skipped > 0) {
    void vscode.window.showInformationMessage(
      `Idsmith: converted ${planned.converted} ${planned.converted === 1 ? 'ID' : 'IDs'} to ${targetName(to)}; ${planned.skipped} left as they were (${planned.reason}).`,
    );
  }
  return result;
}

/** The argument as keybindings, links or other extensions pass it; a failure (nothing runs on
 *  a guess) when it is not of the documented shape. */
function convertArgs(raw: unknown): ConvertArgs {
  if (raw === undefined) return {};
  const bad = (why: string): never => {
    throw new CommandFailure('INVALID_ARGUMENT', `idsmith.convert ${why}; expected { to?: string, uri?: string, ranges?: Range[] }.`);
  };
  if (!isArgsObject(raw)) return bad('got an argument that is not an object');
  const { to, uri, ranges } = raw;
  if (to !== undefined && typeof to !== 'string') return bad('"to" must be a string');
  if (uri !== undefined && typeof uri !== 'string') return bad('"uri" must be a string');
  if (ranges !== undefined && !(Array.isArray(ranges) && ranges.every((r) => r instanceof vscode.Range))) {
    return bad('"ranges" must be an array of ranges');
  }
  return raw as ConvertArgs;
}

/** The target named by the argument; undefined when the user is to be asked. */
function resolveTarget(args: ConvertArgs): string | undefined {
  if (args.to === undefined) return undefined;
  const to = String(args.to).trim();
  if (to.startsWith('typeid:')) {
    try {
      validateTypeIdPrefix(to.slice(7));
    } catch (e) {
      throw new CommandFailure('INVALID_ARGUMENT', `bad TypeID prefix in "to": ${errorMessage(e)}`);
    }
    return to;
  }
  if (!KNOWN_TARGETS.has(to)) {
    throw new CommandFailure('INVALID_ARGUMENT', `unknown conversion target "${to}". Use one of: ${[...KNOWN_TARGETS].join(', ')}, or typeid:PREFIX.`);
  }
  return to;
}

function locate(args: ConvertArgs): { document: vscode.TextDocument; found: Found[] } | undefined {
  let document: vscode.TextDocument | undefined;
  let ranges: readonly vscode.Range[] | undefined = args.ranges;
  if (args.uri) {
    document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === args.uri);
  } else {
    const editor = vscode.window.activeTextEditor;
    document = editor?.document;
    ranges ??= editor?.selections;
  }
  if (!document) return undefined;
  ranges ??= vscode.window.visibleTextEditors.find((e) => e.document === document)?.selections ?? [];
  // Two cursors on one ID, or a cursor and a selection over part of it, convert it once.
  return { document, found: withoutOverlaps(ranges.flatMap((r) => findIds(document, r, true))) };
}

async function pickTarget(found: Found[]): Promise<string> {
  const items = tally(found)
    .filter((t) => t.ids.length > 0)
    .map((t) => ({
      label: t.target === 'typeid' ? 'TypeID…' : targetName(t.target),
      description: t.target === 'typeid' ? 'typeid:PREFIX' : t.target,
      detail: found.length > 1 ? `${t.ids.length} of ${found.length} IDs` : undefined,
      target: t.target,
    }));
  if (items.length === 0) {
    throw new CommandFailure('NOTHING_FOUND', `the ${found.length === 1 ? 'ID' : 'IDs'} under the cursor cannot be converted: ${noTargets(found[0]!)}`);
  }
  const picked = await vscode.window.showQuickPick(items, { title: 'Convert IDs to…', matchOnDescription: true });
  if (!picked) throw new Cancelled();
  return picked.target;
}


/** Says why a light-bulb action made on an older version of the document changed nothing. */
function staleAction(title: unknown): never {
  throw new CommandFailure('EDIT_FAILED',
    `"${typeof title === 'string' ? title : 'Convert'}" was offered for an earlier version of the document, which has changed since; nothing was converted. Open the light bulb again.`);
}

export function register(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(Commands.staleAction, command(staleAction)),
    vscode.languages.registerCodeActionsProvider({ scheme: '*' }, new ConvertActionProvider(), ConvertActionProvider.metadata),
    vscode.commands.registerCommand(Commands.convert, command(convertCommand)),
  );
}
