import type * as vscode from 'vscode';
import { conventionOf, generatorFor, labelOf, readConventions } from '../../core';
import type { Conventions, GenKind, GeneratorOptions as GenerateOptions, IdConvention, ValueSlot } from '../../core';
import { generateOptions } from './options';
import type { Spelling } from './spelling';
import { conventionsOf, explicitSettings, type ExplicitSettings } from '../shared/fileConventions';
import type { Settings } from '../shared/settings';
import { slotAt } from '../shared/valueSlot';

// What to write for a kind so it looks like the file's other IDs of that kind: the version,
// letter case, braces/URN, TypeID prefix and snowflake layout the file uses, unless the user set
// the setting for this language or workspace (a setting in the user's settings is a general
// preference; the file's own IDs are more specific, and a setting made for this place is more
// specific still).

export interface WritePlan {
  /** The kind generated (`uuid` resolved to a version). */
  kind: GenKind;
  spelling: Spelling;
  opts: GenerateOptions;
  /** The file's IDs decided something (kind, version, case, form, prefix or layout). */
  likeFile: boolean;
}

/** Versions a fresh UUID can be made in without asking for anything. */
const FRESH_UUID_VERSIONS = [1, 4, 6, 7];

/**
 * How to write another `kind` like `conv` (the file's or a key's IDs of that kind). `uuid` takes
 * the file's version; `uuidv7` keeps its own. Throws `InsertFailure` naming a broken setting the
 * kind depends on (a snowflake worker id out of range, a bad TypeID prefix).
 */
export function planFor(kind: GenKind, conv: IdConvention | undefined, s: Settings, explicit: ExplicitSettings): WritePlan {
  let likeFile = false;
  let k = kind;
  if (k === 'uuid') {
    const fileVersion = conv?.kind === 'uuid' && conv.version !== undefined && FRESH_UUID_VERSIONS.includes(conv.version) ? conv.version : undefined;
    const version = explicit.uuidVersion ?? fileVersion ?? s.uuid.version;
    likeFile ||= explicit.uuidVersion === undefined && fileVersion !== undefined;
    k = `uuidv${version}` as GenKind;
  }
  const same = conv !== undefined && (conv.kind === k || conv.genKind === k || (conv.kind === 'uuid' && k.startsWith('uuid')));
  const c = same ? conv : undefined;
  const spelling = spellingFor(k, c, s, explicit);
  likeFile ||= spelling.likeFile;
  let prefix: string | undefined;
  let settingsForKind = s;
  if (k === 'typeid' && explicit.typeidPrefix === undefined && c?.prefix !== undefined) {
    prefix = c.prefix;
    likeFile = true;
  }
  if (k === 'snowflake' && s.snowflake.layout === undefined && s.snowflake.epochError === undefined && c?.layout !== undefined) {
    settingsForKind = { ...s, snowflake: { ...s.snowflake, layout: c.layout } };
    likeFile = true;
  }
  return { kind: k, spelling: spelling.spelling, opts: generateOptions(k, settingsForKind, prefix), likeFile };
}

function spellingFor(kind: GenKind, c: IdConvention | undefined, s: Settings, e: ExplicitSettings): { spelling: Spelling; likeFile: boolean } {
  if (kind.startsWith('uuid')) {
    const letters = e.uuidCase ?? c?.case ?? s.uuid.case;
    const form = e.uuidFormat ?? c?.form ?? s.uuid.format;
    const likeFile = (e.uuidCase === undefined && c?.case !== undefined) || (e.uuidFormat === undefined && c?.form !== undefined);
    const spelling: Spelling = { case: letters, uuid: form };
    if (form === 'urn' && c?.urnPrefix !== undefined && e.uuidFormat === undefined) spelling.urnPrefix = c.urnPrefix;
    return { spelling, likeFile };
  }
  if (kind === 'ulid') return { spelling: { case: e.ulidCase ?? c?.case ?? s.ulid.case, uuid: 'standard' }, likeFile: e.ulidCase === undefined && c?.case !== undefined };
  // ObjectIds are hex, any case; the other kinds have one spelling (spell() leaves them alone).
  return { spelling: { case: c?.case ?? 'lower', uuid: 'standard' }, likeFile: c?.case !== undefined && kind === 'objectid' };
}

/** The convention at a place: an array element's siblings', else its path's, else its key's, else none. */
export function conventionAt(conventions: Conventions, slot: Pick<ValueSlot, 'key' | 'path' | 'siblings'>): IdConvention | undefined {
  // An array element: what its sibling values hold (`["01H…", "|"]`), read from the array alone.
  if (slot.siblings !== undefined) return readConventions(slot.siblings).file[0] ?? (slot.key !== undefined ? conventions.keys.get(slot.key)?.[0] : undefined);
  const byPath = slot.path !== undefined ? conventions.paths.get(slot.path)?.[0] : undefined;
  return byPath ?? (slot.key !== undefined ? conventions.keys.get(slot.key)?.[0] : undefined);
}

/** The file's convention for `kind` (`uuid`: its UUIDs of any version). */
export function fileConvention(conventions: Conventions | undefined, kind: GenKind): IdConvention | undefined {
  return conventions ? conventionOf(conventions.file, kind === 'uuid' ? 'uuid' : kind) : undefined;
}

/** The kind a key's name asks for when the file has none of its values yet (`order_ulid`, `uuid_v7`). */
export function labelKind(key: string | undefined): GenKind | undefined {
  const label = key === undefined ? undefined : labelOf(key);
  if (!label) return undefined;
  const kind = label.kind === 'uuid' ? (label.version !== undefined ? `uuidv${label.version}` : 'uuid') : label.kind;
  return generatorFor(kind) ? (kind as GenKind) : undefined;
}

/** What the document says about the IDs to insert at the editor's cursor. */
export interface FileLike {
  document: vscode.TextDocument;
  conventions: Conventions | undefined;
  explicit: ExplicitSettings;
  /** The key or column whose value the primary cursor starts (or its selection replaces). */
  slot?: ValueSlot;
  /** The IDs already under that key or column. */
  slotConvention?: IdConvention;
}

export async function likeFileAt(editor: vscode.TextEditor): Promise<FileLike> {
  const document = editor.document;
  const sel = editor.selection;
  const slot = slotAt(document, sel.start, sel.end);
  const conventions = await conventionsOf(document);
  const slotConvention = slot && conventions ? conventionAt(conventions, slot) : undefined;
  return { document, conventions, explicit: explicitSettings(document), ...(slot ? { slot } : {}), ...(slotConvention ? { slotConvention } : {}) };
}

/**
 * The kind the file suggests when none is configured for it: the kind the key at the cursor
 * holds (or names), else the file's most frequent kind. Undefined when the file has no IDs of a
 * kind that can be generated, or when defaultKind is set for this language or workspace.
 */
export function suggestedKind(like: FileLike): { kind: GenKind; why: string } | undefined {
  if (like.explicit.defaultKind !== undefined) return undefined;
  const key = like.slot?.key;
  if (like.slotConvention?.genKind) return { kind: like.slotConvention.genKind, why: key !== undefined ? `as in this file's ${key} values` : 'as in this column' };
  const named = labelKind(key);
  if (named) return { kind: named, why: `as ${key} says` };
  const dominant = like.conventions?.file.find((c) => c.genKind !== undefined);
  return dominant ? { kind: dominant.genKind!, why: 'as in this file' } : undefined;
}

/** The convention to follow for `kind` at the cursor: the key's, when it holds that kind, else the file's. */
export function conventionFor(like: FileLike, kind: GenKind): IdConvention | undefined {
  const here = like.slotConvention;
  if (here && (here.genKind === kind || here.kind === kind || (here.kind === 'uuid' && kind.startsWith('uuid')))) return here;
  return fileConvention(like.conventions, kind);
}
