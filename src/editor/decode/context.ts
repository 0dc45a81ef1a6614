import * as vscode from 'vscode';
import { layoutLabel, type SnowflakeLayout } from '../../core';
import type { Settings } from '../shared/settings';
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
  zone: ZonedTime;
}

function readEpoch(s: Settings): Pick<DecodeContext, 'epoch' | 'epochLabel' | 'epochNote'> {
  const { layout, epochError } = s.snowflake;
  if (epochError !== undefined) return { epochNote: `idsmith.snowflake.epoch is ignored: ${epochError}` };
  return layout ? { epoch: layout, epochLabel: layoutLabel(layout) } : {};
}

const cache = new WeakMap<Settings, DecodeContext>();

export function decodeContext(s: Settings): DecodeContext {
  let ctx = cache.get(s);
  if (!ctx) {
    ctx = { ...readEpoch(s), zone: zonedTime(s.hover.timeZone, s.hover.dateFormat, vscode.env.language) };
    cache.set(s, ctx);
  }
  return ctx;
}
