import * as vscode from 'vscode';
import { replacementsEdit } from './shared/edits';
import { defaultHashSegment, findMsTimestamps, hashPrefixKey, isDateSegment, type TimestampMatch } from '../core';
import { isEditable } from './shared/writable';

// Code actions on a selected object-key path (S3 / OSS): spread sequential keys over index
// partitions with a short hash prefix, or by writing the millisecond timestamp backwards.

const HASH_CHARS = 4;
/** One action per candidate segment; more would bury the lightbulb menu. */
const MAX_SEGMENT_ACTIONS = 4;
/** S3's key limit; longer selections are prose or code, not a key. */
const MAX_KEY_LENGTH = 1024;
const KEY = /^[^\s"'`]+$/;

export class KeyActionProvider implements vscode.CodeActionProvider {
  static readonly kind = vscode.CodeActionKind.RefactorRewrite.append('idsmith').append('key');
  static readonly hashPrefixKind = KeyActionProvider.kind.append('hashPrefix');
  static readonly reverseTimestampKind = KeyActionProvider.kind.append('reverseTimestamp');
  static readonly metadata: vscode.CodeActionProviderMetadata = {
    providedCodeActionKinds: [KeyActionProvider.hashPrefixKind, KeyActionProvider.reverseTimestampKind],
  };

  provideCodeActions(
    document: vscode.TextDocument,
    range: vscode.Range | vscode.Selection,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] | undefined {
    if (context.only && !context.only.intersects(KeyActionProvider.kind)) return undefined;
    if (!isEditable(document.uri)) return undefined;
    // Only an explicit selection: with a bare cursor every path-like string in code would light up.
    if (range.isEmpty || !range.isSingleLine) return undefined;
    const key = selectedKey(document, range);
    if (!key) return undefined;
    const wanted = (kind: vscode.CodeActionKind) => !context.only || context.only.intersects(kind);
    return [
      ...(wanted(KeyActionProvider.hashPrefixKind) ? hashPrefixActions(document, key) : []),
      ...(wanted(KeyActionProvider.reverseTimestampKind) ? reverseActions(document, key) : []),
    ];
  }
}

interface SelectedKey {
  text: string;
  range: vscode.Range;
  /** A URL that is no store's address (`https://…`): its path is no object key to prefix. */
  url?: true;
}

/** `scheme://bucket/` of a store's object address: the key starts after the bucket. */
const STORE_URL = /^(?:s3|s3a|s3n|oss|gs|gcs|cos|r2|az|abfss?|wasbs?):\/\/[^/]*\//i;
const ANY_URL = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The selection minus surrounding blanks and quotes, if what is left looks like one key; of a
 * store's address (`s3://bucket/logs/…`), the key after the bucket. A hash before `s3:` or
 * `https:` made a URL no URL.
 */
function selectedKey(document: vscode.TextDocument, range: vscode.Range): SelectedKey | undefined {
  const raw = document.getText(range);
  if (raw.length > MAX_KEY_LENGTH + 2) return undefined;
  let lead = raw.length - raw.replace(/^[\s"'`]+/, '').length;
  let text = raw.slice(lead).replace(/[\s"'`]+$/, '');
  if (!text || !KEY.test(text)) return undefined;
  const store = STORE_URL.exec(text);
  if (store) {
    lead += store[0].length;
    text = text.slice(store[0].length);
    if (!text) return undefined;
  }
  if (!text.includes('/') && findMsTimestamps(text).length === 0) return undefined;
  const start = range.start.translate(0, lead);
  return { text, range: new vscode.Range(start, start.translate(0, text.length)), ...(!store && ANY_URL.test(text) ? { url: true as const } : {}) };
}

function hashPrefixActions(document: vscode.TextDocument, key: SelectedKey): vscode.CodeAction[] {
  if (!key.text.includes('/') || key.url) return [];
  const segments = key.text.split('/');
  const seen = new Set<string>();
  const candidates: number[] = [];
  // The default (first non-date segment) comes first and is preferred; other segments follow.
  const defaultIndex = defaultHashSegment(key.text);
  if (defaultIndex === -1) return [];
  for (const i of [defaultIndex, ...segments.keys()]) {
    const s = segments[i]!;
    if (s === '' || seen.has(s) || (i !== defaultIndex && isDateSegment(s))) continue;
    seen.add(s);
    candidates.push(i);
    if (candidates.length === MAX_SEGMENT_ACTIONS) break;
  }
  return candidates.map((segment) => {
    const r = hashPrefixKey(key.text, { segment, length: HASH_CHARS });
    const action = new vscode.CodeAction(
      `Prefix key with md5(${r.segment})[0:${HASH_CHARS}] to spread S3 partitions`,
      KeyActionProvider.hashPrefixKind,
    );
    action.isPreferred = segment === defaultIndex;
    action.edit = replace(document, key.range, r.key);
    return action;
  });
}

/**
 * One action per distinct timestamp: a key that holds one twice (`logs/1513160001245/1513160001245.json`)
 * got two actions of the same title. Each reverses every place its timestamp stands, so the key
 * keeps saying one time, and its title says how many places that is.
 */
function reverseActions(document: vscode.TextDocument, key: SelectedKey): vscode.CodeAction[] {
  const places = new Map<string, TimestampMatch[]>();
  for (const ts of findMsTimestamps(key.text)) places.set(ts.text, [...(places.get(ts.text) ?? []), ts]);
  return [...places.values()].slice(0, MAX_SEGMENT_ACTIONS).map((same) => {
    const from = same[0]!.text;
    const to = [...from].reverse().join('');
    const where = same.length === 2 ? ' in both places' : same.length > 2 ? ` in all ${same.length} places` : '';
    const action = new vscode.CodeAction(
      `Reverse ms timestamp ${from} → ${to}${where} so new keys spread over S3 partitions (no more listing by time prefix)`,
      KeyActionProvider.reverseTimestampKind,
    );
    // Only the timestamps' own characters change, so the edit covers just them.
    action.edit = replacementsEdit(document, same.map((ts) => {
      const start = key.range.start.translate(0, ts.start);
      return { range: new vscode.Range(start, start.translate(0, ts.text.length)), text: to };
    }));
    return action;
  });
}

function replace(document: vscode.TextDocument, range: vscode.Range, text: string): vscode.WorkspaceEdit {
  return replacementsEdit(document, [{ range, text }]);
}

export function register(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.languages.registerCodeActionsProvider({ scheme: '*' }, new KeyActionProvider(), KeyActionProvider.metadata),
  );
}
