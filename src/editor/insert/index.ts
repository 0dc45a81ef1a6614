import * as vscode from 'vscode';
import { IdError, generate, generatorKinds, parseTimeInput, timedKinds } from '../../core';
import type { GenKind, GeneratorOptions as GenerateOptions } from '../../core';
import { Commands } from '../shared/commands';
import { command, errorMessage } from '../shared/outcome';
import { decorationAt } from './bareValue';
import { decorate, insertDecoration, insertSpelling, parseFormatOverride, spell } from './spelling';
import type { FormatOverride } from './spelling';
import { activeEditor, applyReplacements, assertWritable, eolOf, indentationAt, selectionsInOrder } from './edit';
import { holdsTime, namespaceFromArgument, needsName, paletteKind, pickKind, promptNameBased, rememberKind } from './picker';
import { generateOptions } from './options';
import { regenerate } from './regenerate';
import { Cancelled, InsertFailure } from './result';
import type { InsertResult } from './result';
import { settings } from '../shared/settings';
import { promptForTime } from '../shared/timePrompt';
import { isArgsObject } from '../shared/writable';
import { conventionFor, likeFileAt, planFor, suggestedKind, type FileLike } from './likeFile';
import type { Spelling } from './spelling';

// The insert commands: `idsmith.insert` (quick pick, or direct with an argument), the
// per-kind shortcuts, "Insert ID at Time…" and "Regenerate IDs in Selection". Every one
// resolves to an `InsertResult` (see result.ts) and never rejects.

/** The argument of `idsmith.insert` (keybindings, tests, other extensions). */
export interface InsertArgument {
  /** `auto`: the kind (and spelling) the file's IDs suggest at the cursor, unless the setting is made for this language or workspace. */
  kind?: GenKind | 'auto';
  /** When to generate at: ISO 8601 or any form `parseTimeInput` accepts. */
  time?: string;
  /** IDs per cursor, one per line. */
  count?: number;
  format?: FormatOverride;
  /** uuidv3/uuidv5: `dns`, `url`, `oid`, `x500` or a UUID; with `name` no prompt is shown. */
  namespace?: string;
  name?: string;
  /** typeid: overrides `idsmith.typeid.prefix` for this call. */
  prefix?: string;
}

const MAX_COUNT = 10_000;
const MAX_TOTAL = 1_000_000;

interface Request {
  kind: GenKind;
  timeMs?: number;
  count: number;
  format: FormatOverride;
  namespace?: string;
  name?: string;
  prefix?: string;
  /** Write it the way the document writes its IDs (palette and `kind: "auto"`); else the settings. */
  like?: FileLike;
}

function argKind(value: unknown): GenKind {
  if (generatorKinds().includes(value as GenKind)) return value as GenKind;
  throw new InsertFailure('INVALID_ARGUMENT', `kind is ${JSON.stringify(value)}; use one of ${generatorKinds().join(', ')}.`);
}

/** Validates an argument from outside; `kind` may come from elsewhere (palette, shortcut). */
function parseArgument(arg: unknown, kind: GenKind | undefined): Request {
  if (arg !== undefined && (typeof arg !== 'object' || arg === null || Array.isArray(arg))) {
    throw new InsertFailure('INVALID_ARGUMENT', 'The argument must be an object such as { "kind": "ulid", "count": 1 }.');
  }
  const a = (arg ?? {}) as Record<string, unknown>;
  const req: Request = {
    kind: kind ?? (a.kind === undefined ? paletteKind(settings().defaultKind, settings()) : argKind(a.kind)),
    count: 1,
    format: parseFormatOverride(a.format),
  };
  if (a.count !== undefined) {
    if (typeof a.count !== 'number' || !Number.isInteger(a.count) || a.count < 1 || a.count > MAX_COUNT) {
      throw new InsertFailure('INVALID_ARGUMENT', `count is ${JSON.stringify(a.count)}; it must be a whole number from 1 to ${MAX_COUNT}.`);
    }
    req.count = a.count;
  }
  if (a.time !== undefined) {
    if (typeof a.time !== 'string') throw new InsertFailure('INVALID_ARGUMENT', 'time must be a string such as "2024-05-01T12:00:00Z".');
    if (!holdsTime(req.kind)) {
      throw new InsertFailure('INVALID_ARGUMENT', `A ${req.kind} holds no time, so time can't be set; kinds with a time: ${timedKinds().join(', ')}.`);
    }
    try {
      req.timeMs = parseTimeInput(a.time).ms;
    } catch (e) {
      throw new InsertFailure('INVALID_ARGUMENT', `time ${JSON.stringify(a.time)}: ${errorMessage(e)}`);
    }
  }
  if (a.namespace !== undefined) req.namespace = namespaceFromArgument(a.namespace);
  if (a.name !== undefined) {
    if (typeof a.name !== 'string') throw new InsertFailure('INVALID_ARGUMENT', 'name must be a string.');
    req.name = a.name;
  }
  if (a.prefix !== undefined) {
    if (typeof a.prefix !== 'string') throw new InsertFailure('INVALID_ARGUMENT', 'prefix must be a string.');
    req.prefix = a.prefix;
  }
  return req;
}

/** Core error -> a message about what the user asked for. */
function generated(kind: GenKind, opts: GenerateOptions): string[] {
  try {
    return generate(kind, opts);
  } catch (e) {
    if (e instanceof IdError) throw new InsertFailure('GENERATION_FAILED', `Could not generate ${kind}: ${e.message} Nothing was inserted.`);
    throw e;
  }
}

async function insert(context: vscode.ExtensionContext, req: Request): Promise<InsertResult> {
  const editor = activeEditor();
  assertWritable(editor);
  const s = settings();
  const like = req.like?.document === editor.document ? req.like : undefined;
  // Everything that can be wrong is checked before the first ID exists.
  const plan = like ? planFor(req.kind, conventionFor(like, req.kind), s, like.explicit) : undefined;
  const kind = plan?.kind ?? (req.kind === 'uuid' ? 'uuidv4' : req.kind);
  const opts = plan && req.prefix === undefined ? plan.opts : generateOptions(kind, s, req.prefix);
  const decoration = insertDecoration(s, editor.document.languageId, req.format);
  const spelling = plan ? withOverride(plan.spelling, req.format) : insertSpelling(kind, s, req.format);
  if (needsName(kind)) {
    const nb = req.name !== undefined ? { namespace: req.namespace ?? 'dns', name: req.name } : await promptNameBased(kind as 'uuidv3' | 'uuidv5');
    opts.namespace = nb.namespace;
    opts.name = nb.name;
  }
  if (req.timeMs !== undefined) opts.timeMs = req.timeMs;

  const document = editor.document;
  const selections = selectionsInOrder(editor);
  const version = document.version;
  const total = selections.length * req.count;
  if (total > MAX_TOTAL) {
    throw new InsertFailure('INVALID_ARGUMENT', `${selections.length} cursors × count ${req.count} is more than ${MAX_TOTAL} IDs; use fewer cursors or a smaller count.`);
  }
  // One batch, assigned in document order, is what makes time-ordered IDs ascend top to
  // bottom even when they share a millisecond.
  const ids = generated(kind, { ...opts, count: total }).map((id) => spell(kind, id, spelling));
  const eol = eolOf(document);
  const reps = selections.map((sel, i) => {
    // One ID at a bare JSON or SQL value gets the quotes the place needs (bareValue.ts).
    const here = req.count === 1 ? decorationAt(document, sel, kind, decoration) : decoration;
    const mine = ids.slice(i * req.count, (i + 1) * req.count).map((id) => decorate(id, kind, here));
    return { range: sel, text: mine.join(eol + indentationAt(document, sel.start.line)) };
  });
  await applyReplacements(editor, reps, version, true);
  // Not awaited: the order of the kind picker is no part of this insert's result.
  void rememberKind(context.globalState, req.kind === 'uuid' ? 'uuidv4' : req.kind);
  return { status: 'inserted', kind, ids };
}

/** The call's `format` wins over the file's spelling. */
function withOverride(spelling: Spelling, o: FormatOverride): Spelling {
  if (o.uuid !== undefined) return { case: o.case ?? spelling.case, uuid: o.uuid };
  return o.case !== undefined ? { ...spelling, case: o.case } : spelling;
}

function sampleOf(kind: GenKind, like?: FileLike): string | undefined {
  const s = settings();
  const k = paletteKind(kind, s);
  try {
    const plan = like ? planFor(k, conventionFor(like, k), s, like.explicit) : undefined;
    const opts = plan?.opts ?? generateOptions(k, s);
    if (needsName(k)) Object.assign(opts, { namespace: 'dns', name: 'www.example.com' });
    const example = spell(k, generate(k, { ...opts, count: 1 })[0]!, plan?.spelling ?? insertSpelling(k, s, {}));
    return needsName(k) ? `${example}  (DNS, "www.example.com")` : example;
  } catch (e) {
    return e instanceof Error ? `⚠ ${e.message}` : undefined;
  }
}

async function insertFromPalette(context: vscode.ExtensionContext, arg: unknown): Promise<InsertResult> {
  if (isArgsObject(arg) && arg.kind === 'auto') return insertAuto(context, arg);
  if (arg !== undefined) return insert(context, parseArgument(arg, undefined));
  const editor = activeEditor();
  assertWritable(editor);
  const s = settings();
  const like = await likeFileAt(editor);
  const suggested = suggestedKind(like);
  const set = like.explicit.defaultKind;
  const first = suggested ? { kind: suggested.kind, note: suggested.why } : set !== undefined ? { kind: set, note: 'your setting for this file' } : undefined;
  const picked = await pickKind(context.globalState, s, (k) => sampleOf(k, like), { title: 'Insert ID', ...(first ? { first } : {}) });
  const result = await insert(context, { kind: paletteKind(picked, s), count: 1, format: {}, like });
  // The palette remembers `uuid` as picked (its meaning follows idsmith.uuid.version).
  if (result.status === 'inserted' && picked === 'uuid') await rememberKind(context.globalState, 'uuid');
  return result;
}

/** `{ kind: "auto" }`: the setting made for this language or workspace, else what the file suggests, else idsmith.defaultKind. */
async function insertAuto(context: vscode.ExtensionContext, arg: Record<string, unknown>): Promise<InsertResult> {
  const editor = activeEditor();
  assertWritable(editor);
  const s = settings();
  const like = await likeFileAt(editor);
  const kind = like.explicit.defaultKind ?? suggestedKind(like)?.kind ?? s.defaultKind;
  const req = parseArgument({ ...arg, kind: undefined }, paletteKind(kind, s));
  req.like = like;
  return insert(context, req);
}

async function insertAtTime(context: vscode.ExtensionContext, arg: unknown): Promise<InsertResult> {
  const editor = activeEditor();
  assertWritable(editor);
  const s = settings();
  const a = (arg && typeof arg === 'object' ? arg : {}) as Record<string, unknown>;
  const kind =
    a.kind !== undefined
      ? argKind(a.kind)
      : paletteKind(
          await pickKind(context.globalState, s, sampleOf, {
            title: 'Insert ID at Time: kind (only kinds that hold a time)',
            only: (k) => holdsTime(paletteKind(k, s)),
          }),
          s,
        );
  if (!holdsTime(kind)) throw new InsertFailure('INVALID_ARGUMENT', `A ${kind} holds no time; pick one of ${timedKinds().join(', ')}.`);
  if (a.time !== undefined) return insert(context, parseArgument(a, kind));
  // Checked before the prompt so a bad setting is reported before the user types a time.
  generateOptions(kind, s, typeof a.prefix === 'string' ? a.prefix : undefined);
  const ms = await promptForTime(`Insert ${kind} at time`, { prompt: `The ${kind} will carry this time` });
  if (ms === undefined) throw new Cancelled();
  const req = parseArgument({ ...a, kind: undefined }, kind);
  req.timeMs = ms;
  return insert(context, req);
}

/** Runs a command body, turning every failure into a message and a `failed` result. */
/** Insert's commands resolve to `InsertResult` (shared/outcome.ts's protocol). */
function guarded(body: (arg: unknown) => Promise<InsertResult>): (arg: unknown) => Promise<InsertResult> {
  return command(body);
}

export function register(context: vscode.ExtensionContext): void {
  const shortcut = (kind: GenKind) => guarded((arg) => insert(context, parseArgument(arg, kind)));
  context.subscriptions.push(
    vscode.commands.registerCommand(Commands.insert, guarded((arg) => insertFromPalette(context, arg))),
    vscode.commands.registerCommand(Commands.insertUlid, shortcut('ulid')),
    vscode.commands.registerCommand(Commands.insertUuidV4, shortcut('uuidv4')),
    vscode.commands.registerCommand(Commands.insertUuidV7, shortcut('uuidv7')),
    vscode.commands.registerCommand(Commands.insertSnowflake, shortcut('snowflake')),
    vscode.commands.registerCommand(Commands.insertAtTime, guarded((arg) => insertAtTime(context, arg))),
    vscode.commands.registerCommand(Commands.regenerate, guarded(() => regenerate())),
  );
}
