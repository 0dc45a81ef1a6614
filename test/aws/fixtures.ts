import * as assert from 'node:assert/strict';
import { main } from '../../src/cli/main';
import { inclusiveEnd, parseTimeInput } from '../../src/core';
import { prng, timedIdCases, type KindCase } from '../shared/timedIds';

// What the S3 and DynamoDB tests share: one seeded set of IDs per kind around one window, the
// ground truth of which lie in it, and `idsmith` run in-process.

export const seed = Number(process.env.IDSMITH_AWS_SEED ?? Date.now() % 2 ** 31);
const rand = prng(seed);
export const CASES = timedIdCases(rand);

export const FROM_TEXT = '2024-03-10T12:34:56.789Z';
export const TO_TEXT = '2024-03-12'; // a bare date: to 2024-03-12T23:59:59.999Z
const fromMs = parseTimeInput(FROM_TEXT).ms;
const toMs = inclusiveEnd(TO_TEXT, parseTimeInput(TO_TEXT).ms);
const MONTH = [Date.UTC(2024, 2, 1), Date.UTC(2024, 3, 1) - 1] as const;
const DAY = 86_400_000;

export interface Made { id: string; ms: number }

/** IDs spread over March 2024 (and as many again around the window, so listings paginate),
 *  plus the lowest, highest and a random ID of the window's first and last unit and of the unit
 *  just outside each end. `ms` is the start of the ID's unit. */
export function made(c: KindCase): Made[] {
  const unit = (ms: number) => Math.floor(ms / c.unitMs) * c.unitMs;
  const out: Made[] = [];
  for (const [lo, hi] of [MONTH, [fromMs - DAY, toMs + DAY]] as const) {
    for (let i = 0; i < 100; i++) {
      const ms = lo + Math.floor(rand() * (hi - lo + 1));
      out.push({ id: c.make(ms, 'rand'), ms: unit(ms) });
    }
  }
  for (const ms of [unit(fromMs) - c.unitMs, unit(fromMs), unit(toMs), unit(toMs) + c.unitMs]) {
    for (const mode of ['lo', 'hi', 'rand'] as const) out.push({ id: c.make(ms, mode), ms });
  }
  return [...new Map(out.map((m) => [m.id, m])).values()];
}

/** The ground truth, from the time each ID was made at: is it in the window (by whole units)? */
export const inWindow = (c: KindCase, ms: number): boolean =>
  Math.floor(fromMs / c.unitMs) <= ms / c.unitMs && ms / c.unitMs <= Math.floor(toMs / c.unitMs);

export async function pool<T>(items: readonly T[], width: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

/** `idsmith keys SUB … --from FROM_TEXT --to TO_TEXT` with the kind's options, run in-process; its stdout. */
export async function idsmith(sub: 'list' | 'query', c: KindCase, args: string[]): Promise<string> {
  let out = '';
  let err = '';
  const argv = ['keys', sub, '--kind', c.kind, '--from', FROM_TEXT, '--to', TO_TEXT,
    ...(c.opts?.epoch ? ['--epoch', c.opts.epoch] : []), ...(c.opts?.prefix ? ['--prefix', c.opts.prefix] : []), ...args];
  const code = await main(argv, {
    stdin: async function* () { /* unused */ }, readFile: async function* () { /* unused */ },
    stdout: (t) => void (out += String(t)), stderr: (t) => void (err += t),
  });
  assert.equal(code, 0, `idsmith ${argv.join(' ')}: ${err}`);
  return out;
}
