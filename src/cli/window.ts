import { inclusiveEnd, type BoundsOptions } from '../core';
import { UsageError, stringFlag, type ParsedArgs } from './args';
import { epochOption, prefixOption, rejectFlags, timeOption } from './command';
import type { CliIo } from './io';
import { quote } from './safe';

// The options of the commands that work on a time window of a time-ordered kind (`bounds`,
// `keys list`, `keys query`): --from/--to, and --epoch, --prefix and --case for the kinds they
// mean something to. One reading, so the commands accept and refuse the same things alike.

/** Kinds whose text may be spelled in either case (--case). */
const CASE_KINDS = ['ulid', 'uuidv7', 'objectid'];

/** [from, to] in ms, inclusive: a bare date as the end (or as the only time) means that whole UTC day. */
export function windowOption(args: ParsedArgs, io: CliIo): [number, number] {
  const fromText = stringFlag(args, 'from');
  if (fromText === undefined) throw new UsageError('missing --from TIME');
  const fromMs = timeOption('from', fromText, io);
  const toText = stringFlag(args, 'to');
  const toMs = toText === undefined ? inclusiveEnd(fromText, fromMs) : inclusiveEnd(toText, timeOption('to', toText, io));
  if (toMs < fromMs) throw new UsageError(`--to ${quote(toText ?? fromText)} is before --from ${quote(fromText)}`);
  return [fromMs, toMs];
}

/**
 * --epoch, --prefix and --case, each refused for kinds it means nothing to. `what` names the
 * result in messages (`snowflake bounds need --epoch`); with `epochRequired` a snowflake needs
 * one, since a decimal says nothing about its epoch and a result without one would be a guess.
 */
export function boundsOptions(kind: string, args: ParsedArgs, what: string, epochRequired = true): BoundsOptions {
  if (kind !== 'snowflake') rejectFlags(args, ['epoch'], 'applies only to snowflake');
  if (kind !== 'typeid') rejectFlags(args, ['prefix'], 'applies only to typeid');
  if (!CASE_KINDS.includes(kind)) rejectFlags(args, ['case'], `applies only to ${CASE_KINDS.slice(0, -1).join(', ')} and ${CASE_KINDS.at(-1)}`);
  const opts: BoundsOptions = {};
  const epoch = stringFlag(args, 'epoch');
  if (epoch !== undefined) {
    opts.epoch = epochOption(epoch);
    if (opts.epoch === undefined) throw new UsageError(`snowflake ${what} need --epoch NAME|MS: auto names no epoch`);
  } else if (kind === 'snowflake' && epochRequired) {
    throw new UsageError(`snowflake ${what} need --epoch NAME|MS`);
  }
  const prefix = stringFlag(args, 'prefix');
  if (prefix !== undefined) opts.prefix = prefixOption(prefix);
  const letterCase = stringFlag(args, 'case');
  if (letterCase !== undefined) {
    if (letterCase !== 'upper' && letterCase !== 'lower') throw new UsageError(`--case must be upper or lower, got ${quote(letterCase)}`);
    opts.letterCase = letterCase;
  }
  return opts;
}
