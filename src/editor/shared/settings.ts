import * as vscode from 'vscode';
import type { GenKind, KeyRule, NamedLayouts, SnowflakeLayout } from '../../core';
import { IdError, generatorKinds, parseKeyRules, parseLayouts, parseSnowflakeEpoch } from '../../core';

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
  completions: { enabled: boolean };
  /** Sqids and Hashids are read (and guessed) only with the user's alphabet or salt. */
  sqids: { alphabet: string | undefined; minLength: number };
  hashids: { salt: string | undefined; minLength: number; alphabet: string | undefined };
  /** More key names whose numbers are times (globs). */
  time: { keys: readonly string[] };
  check: CheckSettings;
}

export interface CheckSettings {
  /** Glob of the files checked without being asked; empty for none. */
  include: string;
  /** Documents longer than this many characters are checked only on request. */
  maxFileSize: number;
  /** How far a row's ID may date from its creation time before `time-mismatch` (0: off). */
  timeToleranceMs: number;
}

export const DEFAULT_CHECK_INCLUDE = '**/{fixtures,fixture,__fixtures__,seeds,seed,testdata}/**';
/** `idsmith.check.maxFileSize`'s default, in MB. */
export const DEFAULT_CHECK_MAX_MB = 5;

export interface SnowflakeSettings {
  /** As written, for messages: `auto` (any case and empty read as `auto`), a preset, or Unix ms. */
  epoch: string | number;
  /** The epoch parsed once (core `parseSnowflakeEpoch`): undefined for `auto` or when invalid. */
  layout?: SnowflakeLayout;
  /** Why the epoch setting cannot be used; features that need it report this. */
  epochError?: string;
  workerId: number;
  processId: number;
  /** `idsmith.snowflake.layouts`, parsed: the user's layouts by lower-case name. */
  layouts: NamedLayouts;
  /** `idsmith.snowflake.keys`, parsed: key patterns that pick a layout, in the setting's order. */
  keys: readonly KeyRule[];
  /** What was wrong in `layouts` or `keys` (those entries are skipped), for the hover's notes. */
  keyErrors: readonly string[];
}

/** `idsmith.snowflake.epoch`, parsed by the one parser the core and the CLI use. */
function snowflakeEpoch(raw: unknown, named: NamedLayouts): Pick<SnowflakeSettings, 'epoch' | 'layout' | 'epochError'> {
  const epoch = typeof raw === 'number' || (typeof raw === 'string' && raw.trim() !== '') ? (typeof raw === 'string' ? raw.trim() : raw) : 'auto';
  try {
    const layout = parseSnowflakeEpoch(epoch, Date.now(), named);
    return layout ? { epoch, layout } : { epoch: 'auto' };
  } catch (e) {
    if (!(e instanceof IdError)) throw e;
    return { epoch, epochError: e.message };
  }
}

/** Told about a setting whose value is of the wrong type or not among the allowed ones. */
export type SettingProblem = (key: string, why: string) => void;

/**
 * Reads every `idsmith.*` setting from whatever JSON a settings file holds (a hand-edited
 * workspace file can put `{"toString": 1}` where a string belongs): each value is checked for
 * its type and allowed values before use, and anything else falls back to the default with the
 * problem reported. Nothing here can throw.
 */
export function readSettings(config: vscode.WorkspaceConfiguration, problem: SettingProblem = () => undefined): Settings {
  const get = (key: string): unknown => config.get<unknown>(key);
  const oneOf = <T>(key: string, allowed: readonly T[], fallback: T): T => {
    const value = get(key);
    if (allowed.includes(value as T)) return value as T;
    if (value !== undefined && value !== null) problem(key, `must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`);
    return fallback;
  };
  // Integers are passed through even when out of range: the feature that uses one reports the
  // problem naming the setting, instead of silently clamping it into a different ID.
  const integer = (key: string, fallback: number): number => {
    const value = get(key);
    if (typeof value === 'number' && Number.isInteger(value)) return value;
    if (value !== undefined && value !== null) problem(key, 'must be a whole number');
    return fallback;
  };
  const text = (key: string, fallback: string): string => {
    const value = get(key);
    if (typeof value === 'string') return value;
    if (value !== undefined && value !== null) problem(key, 'must be text');
    return fallback;
  };
  const flag = (key: string, fallback: boolean): boolean => {
    const value = get(key);
    if (typeof value === 'boolean') return value;
    if (value !== undefined && value !== null) problem(key, 'must be true or false');
    return fallback;
  };
  const hours = (key: string, fallback: number): number => {
    const value = get(key);
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.round(value * 3_600_000);
    if (value !== undefined && value !== null) problem(key, 'must be a number of hours, 0 or more');
    return fallback * 3_600_000;
  };
  const megabytes = (key: string, fallback: number): number => {
    const value = get(key);
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.round(value * 1024 * 1024);
    if (value !== undefined && value !== null) problem(key, 'must be a number of MB, 0 or more');
    return Math.round(fallback * 1024 * 1024);
  };
  const stringList = (key: string): string[] => {
    const value = get(key);
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      problem(key, 'must be a list of text');
      return [];
    }
    const out = value.filter((v): v is string => typeof v === 'string');
    if (out.length !== value.length) problem(key, 'holds entries that are not text (they are skipped)');
    return out;
  };
  const stringMap = (key: string): Record<string, string> => {
    const value = get(key);
    // No prototype: a key such as `__proto__` or `constructor` is a plain entry, never inherited.
    const out: Record<string, string> = Object.create(null);
    if (value === undefined || value === null) return out;
    if (typeof value !== 'object' || Array.isArray(value)) {
      problem(key, 'must be an object of text values');
      return out;
    }
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string') out[k] = v;
      else problem(key, `the value for ${JSON.stringify(k)} must be text`);
    }
    return out;
  };
  const epoch = get('snowflake.epoch');
  if (epoch !== undefined && epoch !== null && typeof epoch !== 'string' && typeof epoch !== 'number') {
    problem('snowflake.epoch', 'must be a layout name, a custom epoch in Unix ms or a layout');
  }
  const layouts = parseLayouts(get('snowflake.layouts'));
  const keys = parseKeyRules(get('snowflake.keys'), Date.now(), layouts.layouts);
  const keyErrors = [
    ...layouts.errors.map((e) => `idsmith.snowflake.layouts: ${e}`),
    ...keys.errors.map((e) => `idsmith.snowflake.keys: ${e}`),
  ];
  for (const e of layouts.errors) problem('snowflake.layouts', `skips an entry (${e})`);
  for (const e of keys.errors) problem('snowflake.keys', `skips an entry (${e})`);
  return {
    defaultKind: oneOf('defaultKind', generatorKinds(), 'ulid'),
    uuid: {
      version: oneOf('uuid.version', [1, 4, 6, 7] as const, 4),
      case: oneOf('uuid.case', ['lower', 'upper'] as const, 'lower'),
      format: oneOf('uuid.format', ['standard', 'braces', 'noDashes', 'urn'] as const, 'standard'),
    },
    ulid: { case: oneOf('ulid.case', ['upper', 'lower'] as const, 'upper') },
    insert: {
      quote: oneOf('insert.quote', ['none', 'double', 'single', 'backtick'] as const, 'none'),
      templates: stringMap('insert.templates'),
    },
    snowflake: {
      ...snowflakeEpoch(typeof epoch === 'string' || typeof epoch === 'number' ? epoch : undefined, layouts.layouts),
      workerId: integer('snowflake.workerId', 0),
      processId: integer('snowflake.processId', 0),
      layouts: layouts.layouts,
      keys: keys.rules,
      keyErrors,
    },
    instagram: { shardId: integer('instagram.shardId', 0) },
    sonyflake: { machineId: integer('sonyflake.machineId', 0) },
    typeid: { prefix: text('typeid.prefix', '') },
    nanoid: { size: integer('nanoid.size', 21) },
    hover: {
      enabled: flag('hover.enabled', true),
      timeZone: text('hover.timeZone', 'local').trim() || 'local',
      dateFormat: oneOf('hover.dateFormat', ['iso', 'locale'] as const, 'iso'),
    },
    inlayHints: { enabled: flag('inlayHints.enabled', false) },
    completions: { enabled: flag('completions.enabled', true) },
    sqids: { alphabet: text('sqids.alphabet', '') || undefined, minLength: integer('sqids.minLength', 0) },
    hashids: {
      salt: get('hashids.salt') === null || get('hashids.salt') === undefined ? undefined : text('hashids.salt', ''),
      minLength: integer('hashids.minLength', 0),
      alphabet: text('hashids.alphabet', '') || undefined,
    },
    time: { keys: stringList('time.keys') },
    check: {
      include: text('check.include', DEFAULT_CHECK_INCLUDE).trim(),
      maxFileSize: megabytes('check.maxFileSize', DEFAULT_CHECK_MAX_MB),
      timeToleranceMs: hours('check.timeTolerance', 24),
    },
  };
}

/** Settings problems already shown, by setting and value: each is told once, not per hover. */
const warned = new Set<string>();

function warnOnce(config: vscode.WorkspaceConfiguration): SettingProblem {
  return (key, why) => {
    let shown: string;
    try {
      shown = JSON.stringify(config.get<unknown>(key)) ?? 'undefined';
    } catch {
      shown = 'an unreadable value';
    }
    const id = `${key}=${shown}`;
    if (warned.has(id)) return;
    warned.add(id);
    const value = shown.length > 60 ? `${shown.slice(0, 57)}...` : shown;
    void vscode.window.showWarningMessage(`Idsmith: setting idsmith.${key} ${why}; got ${value}. Using the default until it is fixed.`);
  };
}

let cached: Settings | undefined;
const listeners: Array<(s: Settings) => void> = [];

/** The current settings, read once and kept until the user changes `idsmith.*`. */
export function settings(): Settings {
  if (cached) return cached;
  const config = vscode.workspace.getConfiguration('idsmith');
  return (cached = readSettings(config, warnOnce(config)));
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
