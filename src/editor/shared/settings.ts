import * as vscode from 'vscode';
import type { GenKind, SnowflakeLayout } from '../../core';
import { IdError, generatorKinds, parseSnowflakeEpoch } from '../../core';

// Typed, cached view of `contributes.configuration`: read once, refreshed on change, every raw
// value normalised with a fallback so providers never re-read or re-validate per call.

export type UuidCase = 'lower' | 'upper';
export type UuidFormat = 'standard' | 'braces' | 'noDashes' | 'urn';
export type QuoteStyle = 'none' | 'double' | 'single' | 'backtick';

export interface Settings {
  defaultKind: GenKind;
  uuid: { version: 1 | 4 | 6 | 7; case: UuidCase; format: UuidFormat };
  ulid: { case: 'upper' | 'lower' };
  insert: { quote: QuoteStyle; templates: Record<string, string> };
  snowflake: SnowflakeSettings;
  instagram: { shardId: number };
  sonyflake: { machineId: number };
  typeid: { prefix: string };
  nanoid: { size: number };
  hover: { enabled: boolean; timeZone: string; dateFormat: 'iso' | 'locale' };
  inlayHints: { enabled: boolean };
}

export interface SnowflakeSettings {
  /** As written, for messages: `auto` (any case and empty read as `auto`), a preset, or Unix ms. */
  epoch: string | number;
  /** The epoch parsed once (core `parseSnowflakeEpoch`): undefined for `auto` or when invalid. */
  layout?: SnowflakeLayout;
  /** Why the epoch setting cannot be used; features that need it report this. */
  epochError?: string;
  workerId: number;
  processId: number;
}

/** `idsmith.snowflake.epoch`, parsed by the one parser the core and the CLI use. */
function snowflakeEpoch(raw: unknown): Pick<SnowflakeSettings, 'epoch' | 'layout' | 'epochError'> {
  const epoch = typeof raw === 'number' || (typeof raw === 'string' && raw.trim() !== '') ? (typeof raw === 'string' ? raw.trim() : raw) : 'auto';
  try {
    const layout = parseSnowflakeEpoch(epoch);
    return layout ? { epoch, layout } : { epoch: 'auto' };
  } catch (e) {
    if (!(e instanceof IdError)) throw e;
    return { epoch, epochError: e.message };
  }
}

function oneOf<T>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** Integers are passed through even when out of range: the feature that uses one reports the
 *  problem naming the setting, instead of silently clamping it into a different ID. */
function integer(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

function stringMap(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
  }
  return out;
}

export function readSettings(config: vscode.WorkspaceConfiguration): Settings {
  const epoch = config.get<unknown>('snowflake.epoch');
  return {
    defaultKind: oneOf(config.get('defaultKind'), generatorKinds(), 'ulid'),
    uuid: {
      version: oneOf(config.get('uuid.version'), [1, 4, 6, 7] as const, 4),
      case: oneOf(config.get('uuid.case'), ['lower', 'upper'] as const, 'lower'),
      format: oneOf(config.get('uuid.format'), ['standard', 'braces', 'noDashes', 'urn'] as const, 'standard'),
    },
    ulid: { case: oneOf(config.get('ulid.case'), ['upper', 'lower'] as const, 'upper') },
    insert: {
      quote: oneOf(config.get('insert.quote'), ['none', 'double', 'single', 'backtick'] as const, 'none'),
      templates: stringMap(config.get('insert.templates')),
    },
    snowflake: {
      ...snowflakeEpoch(epoch),
      workerId: integer(config.get('snowflake.workerId'), 0),
      processId: integer(config.get('snowflake.processId'), 0),
    },
    instagram: { shardId: integer(config.get('instagram.shardId'), 0) },
    sonyflake: { machineId: integer(config.get('sonyflake.machineId'), 0) },
    typeid: { prefix: String(config.get('typeid.prefix') ?? '') },
    nanoid: { size: integer(config.get('nanoid.size'), 21) },
    hover: {
      enabled: config.get('hover.enabled') !== false,
      timeZone: String(config.get('hover.timeZone') ?? 'local') || 'local',
      dateFormat: oneOf(config.get('hover.dateFormat'), ['iso', 'locale'] as const, 'iso'),
    },
    inlayHints: { enabled: config.get('inlayHints.enabled') === true },
  };
}

let cached: Settings | undefined;
const listeners: Array<(s: Settings) => void> = [];

/** The current settings, read once and kept until the user changes `idsmith.*`. */
export function settings(): Settings {
  return (cached ??= readSettings(vscode.workspace.getConfiguration('idsmith')));
}

/** Runs `listener` after every change of `idsmith.*` (with the fresh settings). */
export function onDidChangeSettings(listener: (s: Settings) => void): void {
  listeners.push(listener);
}

export function register(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration('idsmith')) return;
      cached = undefined;
      const fresh = settings();
      for (const l of listeners) l(fresh);
    }),
  );
}
