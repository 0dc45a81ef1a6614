// One timing loop for every case, so ours and the peer libraries are measured the same way:
// warm-up (lets V8 optimise), then several rounds of a calibrated batch, reporting the median
// CPU time per call.
// Every result is folded into `sink`, which is printed at the end, so no call can be optimised away.

let sink = 0;

/** Folds any result into the sink cheaply. */
function use(value: unknown): void {
  switch (typeof value) {
    case 'string': sink = (sink + value.length) | 0; break;
    case 'number': sink = (sink + (value | 0)) | 0; break;
    case 'boolean': sink = (sink + (value ? 1 : 0)) | 0; break;
    case 'bigint': sink = (sink + Number(value & 0xffn)) | 0; break;
    default: sink = (sink + (value == null ? 0 : 1)) | 0;
  }
}

export function sinkValue(): number {
  return sink;
}

const WARMUP_MS = 120;
const ROUND_MS = 50;
const ROUNDS = 7;

/**
 * Process CPU time (user + system, all threads, so GC work counts) in ns: on a shared machine
 * wall-clock time would also count whatever else was running, and skew ratios between cases.
 */
function cpuNs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) * 1000;
}

function runBatch(fn: (i: number) => unknown, iterations: number): number {
  const start = cpuNs();
  for (let i = 0; i < iterations; i++) use(fn(i));
  return cpuNs() - start;
}

function calibrate(fn: (i: number) => unknown): number {
  let iterations = 64;
  const warmEnd = cpuNs() + WARMUP_MS * 1e6;
  let elapsed = 0;
  while (cpuNs() < warmEnd || elapsed < (ROUND_MS * 1e6) / 4) {
    elapsed = runBatch(fn, iterations);
    if (elapsed < (ROUND_MS * 1e6) / 4) iterations *= 2;
  }
  return Math.max(1, Math.round((iterations * ROUND_MS * 1e6) / Math.max(elapsed, 1)));
}

/**
 * Median nanoseconds per call of each `fn(i)` for i = 0, 1, 2, …; callers index their inputs
 * with `i & (N - 1)` over a power-of-two input array so every call sees a different input.
 * The functions' rounds are interleaved, so a busy moment on the machine hits all of them
 * alike instead of skewing the ratio between ours and a peer.
 */
export function nsPerOp(fns: readonly ((i: number) => unknown)[]): number[] {
  const perRound = fns.map(calibrate);
  const samples: number[][] = fns.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    fns.forEach((fn, k) => samples[k]!.push(runBatch(fn, perRound[k]!) / perRound[k]!));
  }
  return samples.map((s) => s.sort((a, b) => a - b)[ROUNDS >> 1]!);
}

/** Median milliseconds of `fn()` over `rounds` runs after one warm-up run (for whole-corpus passes). */
export function msPerRun(fn: () => unknown, rounds = 5): number {
  use(fn());
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = cpuNs();
    use(fn());
    samples.push((cpuNs() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return samples[rounds >> 1]!;
}
