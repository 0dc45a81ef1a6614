import * as vscode from 'vscode';
import { generatorKinds, readConventions, readConventionsInSlices } from '../../core';
import type { Conventions, GenKind } from '../../core';
import { onDidChangeSettings, settings } from './settings';
import type { UuidFormat } from './settings';
import { VersionCache } from './versionCache';

// How the open document already writes its IDs (core readConventions), for completions and
// Insert ID; and which of the settings that would say otherwise the user set for this language
// or workspace, because those still win over what the file holds.

/** Documents up to this many characters are read in one go; larger ones in slices with pauses,
 *  so the extension host answers other requests meanwhile. */
const ONE_GO = 256 * 1024;

const cache = new VersionCache<Conventions>();

function read(document: vscode.TextDocument): Promise<{ version: number; value: Conventions } | undefined> {
  const version = document.version;
  const text = document.getText();
  const s = settings();
  const opts = {
    fileName: document.uri.path,
    languageId: document.languageId,
    keyRules: s.snowflake.keys,
    ...(s.snowflake.layout !== undefined ? { epoch: s.snowflake.layout } : {}),
  };
  if (text.length <= ONE_GO) return Promise.resolve({ version, value: readConventions(text, opts) });
  return readConventionsInSlices(text, opts, {
    pause: () => new Promise((r) => setTimeout(r, 0)),
    stop: () => document.isClosed,
  }).then((value) => value && { version, value });
}

/**
 * The document's conventions: read once per document, then answered from the last reading while
 * it is edited and read again after a quiet moment (see versionCache.ts). Undefined only when the
 * document closed during its first reading.
 */
export function conventionsOf(document: vscode.TextDocument): Promise<Conventions | undefined> {
  return cache.get(document.uri.toString(), {
    version: () => document.version,
    open: () => !document.isClosed,
    read: () => read(document),
  });
}

/** Settings set for this document's language or workspace (not just in the user's settings). */
export interface ExplicitSettings {
  defaultKind?: GenKind;
  uuidVersion?: 1 | 4 | 6 | 7;
  uuidCase?: 'lower' | 'upper';
  uuidFormat?: UuidFormat;
  ulidCase?: 'lower' | 'upper';
  typeidPrefix?: string;
}

type Inspected<T> = ReturnType<vscode.WorkspaceConfiguration['inspect']> & { workspaceValue?: T };

/** The value set at a scope more specific than the user's settings, when it is the value in force
 *  (in an untrusted workspace VS Code ignores the workspace's value of a restricted setting). */
function specific<T>(config: vscode.WorkspaceConfiguration, key: string, allowed: (v: unknown) => v is T): T | undefined {
  const i = config.inspect<T>(key) as Inspected<T> | undefined;
  if (!i) return undefined;
  const candidates = [i.workspaceFolderLanguageValue, i.workspaceLanguageValue, i.globalLanguageValue, i.workspaceFolderValue, i.workspaceValue];
  const inForce = config.get<unknown>(key);
  for (const c of candidates) if (c !== undefined && c === inForce && allowed(c)) return c;
  return undefined;
}

const oneOf = <T>(values: readonly T[]) => (v: unknown): v is T => values.includes(v as T);
const isText = (v: unknown): v is string => typeof v === 'string';

const explicitCache = new Map<string, ExplicitSettings>();

export function explicitSettings(document: vscode.TextDocument): ExplicitSettings {
  const folder = vscode.workspace.getWorkspaceFolder(document.uri)?.uri.toString() ?? '';
  const id = `${document.languageId}\n${folder}`;
  let e = explicitCache.get(id);
  if (e) return e;
  const config = vscode.workspace.getConfiguration('idsmith', document);
  const found: ExplicitSettings = {
    defaultKind: specific(config, 'defaultKind', oneOf(generatorKinds())),
    uuidVersion: specific(config, 'uuid.version', oneOf([1, 4, 6, 7] as const)),
    uuidCase: specific(config, 'uuid.case', oneOf(['lower', 'upper'] as const)),
    uuidFormat: specific(config, 'uuid.format', oneOf(['standard', 'braces', 'noDashes', 'urn'] as const)),
    ulidCase: specific(config, 'ulid.case', oneOf(['lower', 'upper'] as const)),
    typeidPrefix: specific(config, 'typeid.prefix', isText),
  };
  e = Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined)) as ExplicitSettings;
  explicitCache.set(id, e);
  return e;
}

export function register(context: vscode.ExtensionContext): void {
  // A new epoch or key rule changes how snowflakes read; language sections ([json]) change
  // what is explicit: both are rare, so everything is read again.
  onDidChangeSettings(() => cache.clear());
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(() => explicitCache.clear()),
    vscode.workspace.onDidCloseTextDocument((d) => cache.delete(d.uri.toString())),
  );
}
