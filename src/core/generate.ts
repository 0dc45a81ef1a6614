import { optionsOf, requireText, shown } from './args';
import { generatorFor, generatorKinds } from './formats/registry';
import type { GenerateOptions, KindGenerator } from './formats/types';
import { IdError, type Clock, type GenKind, type RandomSource } from './types';

export type { GenerateOptions };

/** Generator options; `epoch` in any form `parseSnowflakeEpoch` reads (a parsed layout included). */
export type GeneratorOptions = Omit<GenerateOptions, 'epoch'> & { epoch?: unknown };

export const MAX_COUNT = 1_000_000;

/**
 * One session of generators. Every ID it makes differs from every other of its kind it has
 * made, and time-ordered kinds ascend across calls, whatever the order of now-requests and
 * explicit-time requests (see timeline.ts). The editor and the CLI share one; tests and models
 * make their own with an injected clock and randomness. Each format makes its own generator
 * (`GeneratorSpec.create`); the session only keeps one per kind.
 */
export class IdFactory {
  private readonly env: { clock?: Clock; random?: RandomSource };
  private readonly byKind = new Map<string, KindGenerator>();

  constructor(opts: { clock?: Clock; random?: RandomSource } = {}) {
    this.env = { clock: opts.clock, random: opts.random };
  }

  /** `count` new IDs of one kind; time-ordered kinds come out strictly ascending. */
  generate(kind: GenKind, opts: GeneratorOptions = {}, count?: number): string[] {
    requireText(kind, 'the kind of ID');
    const o = checkOptions(opts);
    const n = count ?? o.count ?? 1;
    if (!Number.isInteger(n) || n < 0 || n > MAX_COUNT) {
      throw new IdError('INVALID_ARGUMENT', `count must be a whole number from 0 to ${MAX_COUNT}; got ${shown(n)}.`);
    }
    let g = this.byKind.get(kind);
    if (g === undefined) {
      const spec = generatorFor(kind);
      if (!spec) throw new IdError('INVALID_ARGUMENT', `Unknown kind ${shown(kind)}; use one of ${generatorKinds().join(', ')}.`);
      g = spec.create(this.env);
      this.byKind.set(kind, g);
    }
    return g.generate(n, o);
  }
}

const OPTION_TYPES: Record<keyof GenerateOptions, 'number' | 'string' | 'function' | 'epoch'> = {
  count: 'number', timeMs: 'number', workerId: 'number', processId: 'number', datacenterId: 'number', shardId: 'number',
  machineId: 'number', size: 'number', prefix: 'string', namespace: 'string', name: 'string', epoch: 'epoch',
  clock: 'function', random: 'function',
};

/** Options come from settings and command arguments: each must have its type before use. */
function checkOptions(value: GeneratorOptions): GenerateOptions {
  const o = optionsOf(value, 'the generate options');
  // Only the keys given are looked at: a plain generate('ulid') pays nothing here.
  for (const k in o) {
    const v = (o as Record<string, unknown>)[k];
    if (v === undefined) continue;
    const want = OPTION_TYPES[k as keyof GenerateOptions];
    if (want === 'epoch' ? typeof v !== 'string' && typeof v !== 'number' && (typeof v !== 'object' || v === null) : want !== undefined && typeof v !== want) {
      const expected = want === 'epoch' ? 'a layout name, a custom epoch in ms or a layout' : want === 'number' ? 'a number' : want === 'string' ? 'text' : 'a function';
      throw new IdError('INVALID_ARGUMENT', `${k} must be ${expected}; got ${shown(v)}.`);
    }
  }
  return o as GenerateOptions;
}

// One session per process, so IDs keep ascending across calls (an editor inserting one ID per
// keystroke gets the same order guarantee as one big batch). Injected clock or randomness get
// a private session per call, which keeps tests reproducible and the shared state undisturbed.
const shared = new IdFactory();

/**
 * `count` new IDs of `kind` (any generator a format declares) from the shared session, or from
 * a private one for an injected clock or randomness. `count` wins over `opts.count`.
 */
export function generate(kind: GenKind, opts: GeneratorOptions = {}, count?: number): string[] {
  const injected = typeof opts === 'object' && opts !== null && (opts.clock !== undefined || opts.random !== undefined);
  return (injected ? new IdFactory(opts) : shared).generate(kind, opts, count);
}
