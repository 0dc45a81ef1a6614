import * as vscode from 'vscode';
import { resolveEpoch } from '../core';
import { presetLabel } from './card';
import type { Settings } from './settings';
import { zonedTime, type ZonedTime } from './zonedTime';

// What hover, inlay hints and inspect need from the settings, validated once per settings change
// (keyed on the cached Settings object, which is replaced whenever `idsmith.*` changes).

export interface DecodeContext {
  /** The epoch to pass to the core; undefined = `auto` (every plausible reading). */
  epoch?: string | number;
  /** `Discord`, `custom epoch 1420070400000`, …; undefined in `auto`. */
  epochLabel?: string;
  /** Why the configured epoch was ignored, for the user to fix it. */
  epochNote?: string;
  zone: ZonedTime;
}

function readEpoch(raw: string | number): Pick<DecodeContext, 'epoch' | 'epochLabel' | 'epochNote'> {
  if (typeof raw === 'string' && raw.toLowerCase() === 'auto') return {};
  const value = typeof raw === 'number' ? raw : /^\d+$/.test(raw) ? Number(raw) : raw.toLowerCase();
  try {
    resolveEpoch(value);
  } catch (e) {
    return { epochNote: `idsmith.snowflake.epoch is ignored: ${e instanceof Error ? e.message : String(e)}` };
  }
  const label = typeof value === 'number' ? `custom epoch ${value}` : presetLabel(value);
  return { epoch: value, epochLabel: label };
}

const cache = new WeakMap<Settings, DecodeContext>();

export function decodeContext(s: Settings): DecodeContext {
  let ctx = cache.get(s);
  if (!ctx) {
    ctx = { ...readEpoch(s.snowflake.epoch), zone: zonedTime(s.hover.timeZone, s.hover.dateFormat, vscode.env.language) };
    cache.set(s, ctx);
  }
  return ctx;
}
