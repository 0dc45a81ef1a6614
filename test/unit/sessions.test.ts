// Model-based tests of generator sessions (issue 10): random sequences of now-, explicit-time-,
// "at an ID's own time" (regenerate, Copy time from the hover) and batch requests over every
// time-based kind, with a clock the model moves forwards and backwards. After every step:
// no two IDs of a kind are equal, batches ascend, now-IDs carry the clock's time (within the
// step-back tolerance) and ascend while the clock only jitters, and explicit times are honoured.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import {
  CLOCK_STEP_BACK_TOLERANCE_MS, IdError, IdFactory, decodeKsuid, decodeObjectId, decodeSnowflake, decodeTid, decodeTsid, decodeTypeId, decodeUlid,
  decodeUuid, decodeXid, generate, type GenKind, type GenerateOptions, type RandomSource,
} from '../../src/core';

const START = Date.UTC(2026, 10, 23, 9, 26, 53, 120);

interface KindSpec {
  kind: GenKind;
  opts?: GenerateOptions;
  /** Decoded time in ms. */
  time: (id: string) => number;
  /** The format's time unit: decoded times are floored to it. */
  unitMs: number;
  /** Whether the text sorts by creation (v1 puts time_low first). */
  sorts: boolean;
  /** Compares for ascending order. */
  key?: (id: string) => string;
  /** Earliest time the kind holds (TSID: 2020); earlier explicit times must be refused. */
  minMs?: number;
}

const SPECS: KindSpec[] = [
  { kind: 'ulid', time: (id) => decodeUlid(id).unixMs!, unitMs: 1, sorts: true },
  { kind: 'uuidv7', time: (id) => decodeUuid(id).unixMs!, unitMs: 1, sorts: true },
  { kind: 'uuidv6', time: (id) => decodeUuid(id).unixMs!, unitMs: 1, sorts: true },
  { kind: 'uuidv1', time: (id) => decodeUuid(id).unixMs!, unitMs: 1, sorts: false },
  { kind: 'typeid', opts: { prefix: 'user' }, time: (id) => decodeTypeId(id).unixMs!, unitMs: 1, sorts: true },
  { kind: 'ksuid', time: (id) => decodeKsuid(id).unixMs!, unitMs: 1000, sorts: true },
  { kind: 'objectid', time: (id) => decodeObjectId(id).unixMs!, unitMs: 1000, sorts: true },
  { kind: 'tsid', time: (id) => decodeTsid(id).unixMs!, unitMs: 1, sorts: true, minMs: Date.UTC(2020, 0, 1) },
  { kind: 'xid', time: (id) => decodeXid(id).unixMs!, unitMs: 1000, sorts: true },
  { kind: 'tid', time: (id) => decodeTid(id).unixMs!, unitMs: 1, sorts: true },
  {
    kind: 'snowflake', opts: { epoch: 'discord', workerId: 3 }, time: (id) => decodeSnowflake(id, 'discord').unixMs!,
    unitMs: 1, sorts: true, key: (id) => id.padStart(20, '0'),
  },
  {
    kind: 'snowflake', opts: { epoch: 'instagram', shardId: 5 }, time: (id) => decodeSnowflake(id, 'instagram').unixMs!,
    unitMs: 1, sorts: true, key: (id) => id.padStart(20, '0'),
  },
];

/** A small deterministic PRNG, so a failing sequence replays from fast-check's seed alone. */
function seededRandom(seed: number): RandomSource {
  let s = seed >>> 0 || 1;
  return (bytes) => {
    for (let i = 0; i < bytes.length; i++) {
      s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
      bytes[i] = s & 0xff;
    }
    return bytes;
  };
}

const floorTo = (ms: number, unit: number) => Math.floor(ms / unit) * unit;

interface Real {
  factory: IdFactory;
  now: number;
}

/** What the model remembers per kind. */
interface KindState {
  all: Set<string>;
  /** The last now-ID and whether the clock was set back (beyond jitter) since it was made. */
  lastNow?: { id: string; time: number };
  clockSetBack: boolean;
  ids: string[];
}

interface Model {
  kinds: KindState[];
  now: number;
  /** The highest clock reading since the last set-back: jitter is measured from it. */
  high: number;
}

function record(m: Model, specIndex: number, ids: string[], expect: { now: boolean; atMs?: number; clock: number }): void {
  const spec = SPECS[specIndex]!;
  const st = m.kinds[specIndex]!;
  const key = spec.key ?? ((id: string) => id);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    assert.ok(!st.all.has(id), `${spec.kind}: ${id} was handed out before`);
    st.all.add(id);
    if (i > 0 && spec.sorts) assert.ok(key(ids[i - 1]!) < key(id), `${spec.kind}: batch not ascending at ${i}`);
    const t = spec.time(id);
    if (expect.now) {
      // A now-ID carries the clock's time, or a time up to the tolerance (plus a borrowed unit)
      // ahead of it when the clock jittered back.
      const lo = floorTo(expect.clock, spec.unitMs);
      const hi = expect.clock + CLOCK_STEP_BACK_TOLERANCE_MS + spec.unitMs;
      assert.ok(t >= lo && t <= hi, `${spec.kind}: now-ID ${id} dated ${new Date(t).toISOString()}, clock ${new Date(expect.clock).toISOString()}`);
    } else {
      // An explicit time is honoured (ObjectIds may borrow the next second when the counter wraps).
      const want = floorTo(expect.atMs!, spec.unitMs);
      const slack = spec.kind === 'objectid' || spec.kind === 'xid' ? 1000 : 0;
      assert.ok(t >= want && t <= want + slack, `${spec.kind}: ID ${id} at ${new Date(t).toISOString()}, asked ${new Date(expect.atMs!).toISOString()}`);
    }
  }
  if (expect.now && ids.length > 0) {
    if (st.lastNow && !st.clockSetBack && spec.sorts) {
      assert.ok(key(st.lastNow.id) < key(ids[0]!), `${spec.kind}: now-IDs went backwards (${st.lastNow.id} then ${ids[0]})`);
    }
    st.lastNow = { id: ids[ids.length - 1]!, time: spec.time(ids[ids.length - 1]!) };
    st.clockSetBack = false;
  }
  st.ids.push(...ids);
}

class NowCommand implements fc.Command<Model, Real> {
  constructor(readonly spec: number, readonly count: number) {}
  check(): boolean { return true; }
  run(m: Model, r: Real): void {
    const s = SPECS[this.spec]!;
    const ids = r.factory.generate(s.kind, { ...s.opts, count: this.count });
    record(m, this.spec, ids, { now: true, clock: r.now });
  }
  toString(): string { return `now(${SPECS[this.spec]!.kind}, ${this.count})`; }
}

class AtCommand implements fc.Command<Model, Real> {
  /** `at`: an absolute time, or an offset from the clock when `relative`. */
  constructor(readonly spec: number, readonly at: number, readonly relative: boolean, readonly count: number) {}
  check(): boolean { return true; }
  run(m: Model, r: Real): void {
    const s = SPECS[this.spec]!;
    const timeMs = this.relative ? r.now + this.at : this.at;
    if (s.minMs !== undefined && timeMs < s.minMs) {
      assert.throws(() => r.factory.generate(s.kind, { ...s.opts, count: this.count, timeMs }), (e) => e instanceof IdError && e.code === 'TIME_OUT_OF_RANGE');
      return;
    }
    const ids = r.factory.generate(s.kind, { ...s.opts, count: this.count, timeMs });
    record(m, this.spec, ids, { now: false, atMs: timeMs, clock: r.now });
  }
  toString(): string { return `at(${SPECS[this.spec]!.kind}, ${this.relative ? `now${this.at >= 0 ? '+' : ''}${this.at}` : new Date(this.at).toISOString()}, ${this.count})`; }
}

/** Regenerate keeping a time / insert at the time copied from an earlier ID's hover. */
class AtOwnTimeCommand implements fc.Command<Model, Real> {
  constructor(readonly spec: number, readonly pick: number, readonly count: number) {}
  check(m: Readonly<Model>): boolean { return m.kinds[this.spec]!.ids.length > 0; }
  run(m: Model, r: Real): void {
    const s = SPECS[this.spec]!;
    const ids = m.kinds[this.spec]!.ids;
    const timeMs = s.time(ids[this.pick % ids.length]!);
    const out = r.factory.generate(s.kind, { ...s.opts, count: this.count, timeMs });
    record(m, this.spec, out, { now: false, atMs: timeMs, clock: r.now });
  }
  toString(): string { return `atOwnTime(${SPECS[this.spec]!.kind}, #${this.pick}, ${this.count})`; }
}

class ClockCommand implements fc.Command<Model, Real> {
  constructor(readonly delta: number) {}
  check(): boolean { return true; }
  run(m: Model, r: Real): void {
    r.now += this.delta;
    m.now = r.now;
    if (m.now > m.high) m.high = m.now;
    // Beyond the tolerance the clock counts as set back: now-IDs follow it, not the old order.
    if (m.now < m.high - CLOCK_STEP_BACK_TOLERANCE_MS) {
      for (const k of m.kinds) k.clockSetBack = true;
      m.high = m.now;
    }
  }
  toString(): string { return `clock(${this.delta >= 0 ? '+' : ''}${this.delta})`; }
}

const specIndex = fc.integer({ min: 0, max: SPECS.length - 1 });
const count = fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 40 }));
const FIXED_TIMES = [
  Date.UTC(2016, 6, 30, 22, 36, 16, 385), Date.UTC(2024, 1, 29, 12, 0, 0, 123), Date.UTC(2070, 0, 1), START, START + 1,
];
const commands = [
  fc.tuple(specIndex, count).map(([s, n]) => new NowCommand(s, n)),
  fc.tuple(specIndex, fc.constantFrom(...FIXED_TIMES), count).map(([s, t, n]) => new AtCommand(s, t, false, n)),
  fc.tuple(specIndex, fc.integer({ min: -5000, max: 5000 }), count).map(([s, d, n]) => new AtCommand(s, d, true, n)),
  fc.tuple(specIndex, fc.nat(), count).map(([s, p, n]) => new AtOwnTimeCommand(s, p, n)),
  fc.oneof(
    fc.integer({ min: -900, max: 900 }), // jitter, both ways
    fc.integer({ min: 0, max: 3000 }),
    fc.integer({ min: -600_000, max: -1001 }), // the clock is set back
  ).map((d) => new ClockCommand(d)),
];

describe('generator sessions (model-based)', () => {
  it('random sequences of now / explicit-time / own-time / batch requests keep every promise', () => {
    fc.assert(
      fc.property(fc.integer(), fc.commands(commands, { maxCommands: 120 }), (seed, cmds) => {
        const real: Real = { factory: undefined as unknown as IdFactory, now: START };
        real.factory = new IdFactory({ clock: () => real.now, random: seededRandom(seed) });
        const model: Model = {
          kinds: SPECS.map(() => ({ all: new Set<string>(), ids: [], clockSetBack: false })),
          now: START,
          high: START,
        };
        fc.modelRun(() => ({ model, real }), cmds);
      }),
      { numRuns: 150 },
    );
  });
});

describe('generator sessions: the reported sequences', () => {
  const T2099 = Date.UTC(2099, 0, 1);
  const T2070 = Date.UTC(2070, 0, 1);

  it('an explicit time never leaks into the next now-ID, for every time-based kind', () => {
    const now = START;
    const f = new IdFactory({ clock: () => now });
    for (const s of SPECS) {
      const at = s.kind === 'snowflake' ? T2070 : s.kind === 'ksuid' || s.kind === 'objectid' ? T2070 : T2099;
      f.generate(s.kind, { ...s.opts, timeMs: at, count: 3 });
      const [id] = f.generate(s.kind, { ...s.opts });
      assert.equal(floorTo(s.time(id!), s.unitMs), floorTo(now, s.unitMs), `${s.kind}: the plain ID after an explicit future time`);
    }
  });

  it('the shared session too: generate(ulid, {timeMs: 2099}) then generate(ulid) is dated now', () => {
    generate('ulid', { timeMs: T2099 });
    const before = Date.now();
    const t = decodeUlid(generate('ulid')[0]!).unixMs!;
    assert.ok(t >= before && t <= Date.now(), `dated ${new Date(t).toISOString()}`);
  });

  it('snowflakes at time A, then B, then A again never repeat; nor a now-ID then the same time', () => {
    let now = START;
    const f = new IdFactory({ clock: () => now });
    const A = Date.UTC(2024, 0, 2, 3, 4, 5, 678);
    const B = Date.UTC(2025, 5, 6, 7, 8, 9, 10);
    const opts = { epoch: 'discord', workerId: 1 };
    const seen = [
      ...f.generate('snowflake', { ...opts, timeMs: A, count: 2 }),
      ...f.generate('snowflake', { ...opts, timeMs: B, count: 2 }),
      ...f.generate('snowflake', { ...opts, timeMs: A, count: 2 }),
    ];
    const [plain] = f.generate('snowflake', opts);
    seen.push(plain!, ...f.generate('snowflake', { ...opts, timeMs: decodeSnowflake(plain!, 'discord').unixMs, count: 2 }));
    assert.equal(new Set(seen).size, seen.length, seen.join(' '));
    now += 1;
    assert.equal(new Set([...seen, ...f.generate('snowflake', opts)]).size, seen.length + 1);
  });

  it('UUID v1/v6 fail with MONOTONIC_OVERFLOW at the last tick instead of wrapping to 1582', () => {
    const last = Date.UTC(5236, 2, 31, 21, 21, 0, 684);
    for (const kind of ['uuidv6', 'uuidv1'] as const) {
      const f = new IdFactory();
      // 2^60-1 ticks: the last millisecond holds sub-ticks 0..6975, so 6976 IDs fit.
      const ids = f.generate(kind, { timeMs: last, count: 6976 });
      assert.equal(decodeUuid(ids.at(-1)!).timePrecise, '5236-03-31T21:21:00.6846975Z');
      assert.throws(() => f.generate(kind, { timeMs: last, count: 1 }), (e) => e instanceof IdError && e.code === 'MONOTONIC_OVERFLOW');
    }
  });
});
