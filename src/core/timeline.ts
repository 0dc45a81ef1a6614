// Where a generator keeps its place in time. Two kinds of request reach a generator:
// - "now" requests read the clock. They must carry the clock's time, and follow one another in
//   ascending order even when the clock jitters back a little.
// - explicit-time requests ("Insert at Time…", `--time`, regenerate keeping a time) name their
//   time. They must never move the clock of now-requests (an ID for 2099 must not make the next
//   plain insert a 2099 ID), yet must never repeat an ID already handed out.
// Both are served from one map of time units to the state of that unit (the last sequence or
// random value used in it), so whatever the order of requests, a unit continues where it left
// off and no two IDs of one generator are equal. The logical "now" is kept apart from it.
// A unit whose sequence is used up lends the next one; the timeline remembers which units are
// full, so a run of requests at one fixed time (`new snowflake --time T -n 5000000`) finds the
// first open unit in constant time instead of walking past every full one again.

/**
 * How far the clock may step back (ms) and still count as jitter: now-requests then keep the
 * last time used, so they stay ascending. A larger step means the clock was really set back;
 * now-IDs then carry the clock's time again (still never equal to an earlier ID, but earlier
 * than the ones made before the step). This bounds how far a now-ID's time can be from the clock.
 */
export const CLOCK_STEP_BACK_TOLERANCE_MS = 1000;

export class Timeline<S> {
  private lastNow = -Infinity;
  private readonly units = new Map<number, S>();
  /** For a full unit, a later unit to look at next (compressed as it is followed). */
  private readonly fullTo = new Map<number, number>();
  private readonly toleranceUnits: number;

  /** `unitMs`: the length of one time unit of the format (1 ms, 1 s, a layout's tick). */
  constructor(unitMs: number) {
    this.toleranceUnits = Math.max(1, Math.ceil(CLOCK_STEP_BACK_TOLERANCE_MS / unitMs));
  }

  /** The unit a now-request uses when the clock reads `clockUnit`. */
  nowUnit(clockUnit: number): number {
    return clockUnit < this.lastNow && clockUnit >= this.lastNow - this.toleranceUnits ? this.lastNow : clockUnit;
  }

  /** Records the unit a now-request ended up in (it may have moved ahead of the clock). */
  noteNow(unit: number): void {
    this.lastNow = unit;
  }

  /** The state left in `unit` by earlier requests of either kind. */
  get(unit: number): S | undefined {
    return this.units.get(unit);
  }

  set(unit: number, state: S): void {
    this.units.set(unit, state);
  }

  /** The first unit at or after `unit` not marked full. */
  open(unit: number): number {
    let u = unit;
    for (let next = this.fullTo.get(u); next !== undefined; next = this.fullTo.get(u)) u = next;
    // Path compression: every full unit passed on the way now points at the open one.
    for (let v = unit; v !== u;) {
      const next = this.fullTo.get(v)!;
      this.fullTo.set(v, u);
      v = next;
    }
    return u;
  }

  /** Records that `unit` has no sequence left: `open` goes past it from now on. */
  markFull(unit: number): void {
    this.fullTo.set(unit, unit + 1);
  }
}

/** `n` results of `make`, in order: every generator's `batch`, and the session's simple kinds. */
export function repeat(n: number, make: () => string): string[] {
  const out = new Array<string>(n);
  for (let i = 0; i < n; i++) out[i] = make();
  return out;
}
