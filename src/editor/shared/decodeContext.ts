import * as vscode from 'vscode';
import { layoutLabel, timeKeyTest, type InspectOptions, type KeyRule, type ScanOptions, type SnowflakeLayout } from '../../core';
import type { Settings } from './settings';
import { zonedTime, type ZonedTime } from './zonedTime';

// What hover, inlay hints and inspect need from the settings, validated once per settings change
// (keyed on the cached Settings object, which is replaced whenever `idsmith.*` changes).

export interface DecodeContext {
  /** The layout to pass to the core (parsed once with the settings); undefined = `auto` (every plausible reading). */
  epoch?: SnowflakeLayout;
  /** `Discord`, `custom epoch 1420070400000`, …; undefined in `auto`. */
  epochLabel?: string;
  /** Why the configured epoch was ignored, for the user to fix it. */
  epochNote?: string;
  /** `idsmith.snowflake.keys`: key patterns that pick a layout where no epoch is set. */
  keys: readonly KeyRule[];
  /** What was skipped in `idsmith.snowflake.layouts`/`keys`, for the user to fix it. */
  keyNote?: string;
  zone: ZonedTime;
  /** What inspect is told beyond the epoch: the user's Sqids alphabet and Hashids salt. */
  inspectOptions?: Pick<InspectOptions, 'sqids' | 'hashids'>;
  /** The user's extra time keys (`idsmith.time.keys`), for the scanner. */
  timeKey?: (key: string) => boolean;
}

/**
 * The scanner's options for these settings: the configured epoch, or else the layout the text
 * names (keys, enclosing keys, URLs; the user's patterns first). `before`: the document text
 * before the scanned text, for enclosing keys (a function is only called when a number needs it).
 */
export function scanOptions(ctx: DecodeContext, before?: string | (() => string), snowflakes: boolean | 'context' = true): ScanOptions {
  const timeKey = ctx.timeKey ? { timeKey: ctx.timeKey } : {};
  if (ctx.epoch !== undefined) return { epoch: ctx.epoch, snowflakes: snowflakes !== false, ...timeKey };
  return { snowflakes, context: before === undefined ? { rules: ctx.keys } : { rules: ctx.keys, before }, ...timeKey };
}

function readEpoch(s: Settings): Pick<DecodeContext, 'epoch' | 'epochLabel' | 'epochNote'> {
  const { layout, epochError } = s.snowflake;
  if (epochError !== undefined) return { epochNote: `idsmith.snowflake.epoch is ignored: ${epochError}` };
  return layout ? { epoch: layout, epochLabel: layoutLabel(layout) } : {};
}

const cache = new WeakMap<Settings, DecodeContext>();

/**
 * Whether this extension host runs on another machine than the window: a Node host behind a
 * remote (code-server, SSH, a container). Its `local` zone is then the server's. The web worker
 * host runs in the user's browser, and a desktop window's host on the user's machine.
 */
function remoteHost(): boolean {
  if (vscode.env.remoteName === undefined) return false;
  return vscode.extensions.getExtension('idsmith.idsmith')?.extensionKind === vscode.ExtensionKind.Workspace;
}

export function decodeContext(s: Settings): DecodeContext {
  let ctx = cache.get(s);
  if (!ctx) {
    const keyNote = s.snowflake.keyErrors.length > 0 ? `Skipped: ${s.snowflake.keyErrors.join('; ')}` : undefined;
    const timeKey = timeKeyTest(s.time.keys);
    ctx = {
      ...readEpoch(s), keys: s.snowflake.keys, ...(keyNote ? { keyNote } : {}), zone: zonedTime(s.hover.timeZone, s.hover.dateFormat, vscode.env.language, remoteHost()),
      inspectOptions: inspectOptionsOf(s), ...(timeKey ? { timeKey } : {}),
    };
    cache.set(s, ctx);
  }
  return ctx;
}

/** The Sqids and Hashids configuration inspect reads with; absent ones leave those read only when named. */
function inspectOptionsOf(s: Settings): Pick<InspectOptions, 'sqids' | 'hashids'> {
  const o: Pick<InspectOptions, 'sqids' | 'hashids'> = {};
  if (s.sqids.alphabet !== undefined) o.sqids = { alphabet: s.sqids.alphabet, minLength: s.sqids.minLength };
  if (s.hashids.salt !== undefined) {
    o.hashids = { salt: s.hashids.salt, minLength: s.hashids.minLength, ...(s.hashids.alphabet ? { alphabet: s.hashids.alphabet } : {}) };
  }
  return o;
}
