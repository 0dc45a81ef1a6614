import * as vscode from 'vscode';
import type { BoundsKind, BoundsSpec, SnowflakeLayout } from '../../core';
import { IdError, boundsKinds, formatIso, inclusiveEnd, layoutLabel, layoutNames, parseSnowflakeEpoch, parseTimeInput, validateTypeIdPrefix } from '../../core';
import { boundsKindItems, KIND_PICK_OPTIONS } from './kindItems';
import { Cancelled, CommandFailure, errorMessage } from './outcome';
import { settings } from './settings';
import { promptForTime } from './timePrompt';
import { promptForTypeIdPrefix } from './typeIdPrompt';

// The questions of the commands that work on a time window of a time-ordered kind ("Insert
// Time-Window Bounds…", "Plan Object Keys…"): which kind, which window, and what the kind needs
// beside it (a snowflake layout, a TypeID prefix). Each prompt's title starts with the command's
// name; a value given as a command argument skips its question.

/** The kinds the core can bound (each format declares its own), with their labels and details. */
export const BOUNDS_KINDS: readonly BoundsSpec[] = boundsKinds();

export async function pickBoundsKind(command: string): Promise<BoundsKind> {
  const picked = await vscode.window.showQuickPick(boundsKindItems(BOUNDS_KINDS), { title: `${command}: kind of ID`, ...KIND_PICK_OPTIONS });
  if (!picked) throw new Cancelled();
  return picked.id;
}

/** Reads a time argument: ms as a number, else the same text forms as the time prompt. */
function timeArg(value: string | number, name: string): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new IdError('INVALID_ARGUMENT', `"${name}" must be a time; got ${value}.`);
    return value;
  }
  try {
    return parseTimeInput(String(value)).ms;
  } catch (e) {
    throw new IdError('INVALID_ARGUMENT', `"${name}": ${errorMessage(e)}`);
  }
}

/** [from, to] in ms, inclusive, from the arguments or asked. A bare date as the end (or alone) means that whole UTC day. */
export async function askWindow(command: string, args: { from?: string | number; to?: string | number }): Promise<[number, number]> {
  if (args.from !== undefined) {
    const from = timeArg(args.from, 'from');
    const endText = args.to ?? args.from;
    const end = args.to === undefined ? from : timeArg(args.to, 'to');
    return [from, typeof endText === 'string' ? inclusiveEnd(endText, end) : end];
  }
  const from = await promptForTime(`${command}: start of the window`, {
    prompt: 'Start of the window (inclusive)',
  });
  if (from === undefined) throw new Cancelled();
  const to = await promptForTime(`${command}: end of the window`, {
    value: formatIso(from),
    prompt: 'End of the window (inclusive; a bare date means that whole UTC day); keep the start for a single instant',
    windowEnd: true,
  });
  if (to === undefined) throw new Cancelled();
  return [from, to];
}

/** The layout from the argument, else the setting (both parsed by the core's one parser); asks on auto. */
export async function askSnowflakeLayout(arg: unknown): Promise<SnowflakeLayout> {
  const setting = settings().snowflake;
  if (arg === undefined && setting.epochError !== undefined) {
    throw new CommandFailure('INVALID_SETTING', `Setting idsmith.snowflake.epoch: ${setting.epochError}`, 'idsmith.snowflake.epoch');
  }
  const layout = arg === undefined ? setting.layout : parseSnowflakeEpoch(arg, Date.now(), setting.layouts);
  if (layout) return layout;
  // A decimal snowflake says nothing about its epoch; with the setting on auto, ask.
  const layouts = [...layoutNames().map((name) => parseSnowflakeEpoch(name)!), ...setting.layouts.values()];
  const picked = await vscode.window.showQuickPick(
    layouts.map((l) => ({ label: l.name, description: `${layoutLabel(l)} · epoch ${formatIso(l.epochMs)}`, layout: l })),
    { title: 'Snowflake layout (set idsmith.snowflake.epoch to skip this question)' },
  );
  if (!picked) throw new Cancelled();
  return picked.layout;
}

export async function askTypeIdPrefix(command: string, arg: string | undefined): Promise<string> {
  if (arg !== undefined) {
    validateTypeIdPrefix(arg);
    return arg;
  }
  const prefix = await promptForTypeIdPrefix(`${command}: TypeID prefix`);
  if (prefix === undefined) throw new Cancelled();
  return prefix;
}
