// A value computed from a whole document (its ID conventions), kept per document and version,
// for providers that are asked on every keystroke. An exact version is answered from the cache.
// A newer version is answered at once with the value of an older one, and the document is read
// again later, at most once per quiet period: what a file's IDs look like does not change with
// one keystroke, and reading a 100,000-line file on each one would. No `vscode` here, so the
// policy is unit-tested with a fake clock.

export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const REAL_TIMERS: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** One document as the cache sees it. */
export interface Source<T> {
  /** The document's version now. */
  version(): number;
  /** False once the document is closed: nothing more is read for it. */
  open(): boolean;
  /** Reads the document as it is now: the value and the version it was read at (undefined when abandoned). */
  read(): Promise<{ version: number; value: T } | undefined>;
}

export interface CacheOptions {
  /** Shortest wait before a stale value is read again (ms). */
  quietMs: number;
  /** The wait is at least this many times what the last read took, so re-reading a large file
   *  uses at most 1/costFactor of the time. */
  costFactor: number;
  /** Documents kept (least recently used dropped first). */
  maxEntries: number;
}

const DEFAULTS: CacheOptions = { quietMs: 1000, costFactor: 10, maxEntries: 32 };

interface Entry<T> {
  version: number;
  value: T;
  costMs: number;
  timer?: unknown;
  refreshing?: Promise<void>;
}

export class VersionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly first = new Map<string, Promise<T | undefined>>();
  private readonly opts: CacheOptions;
  /** Whole-document reads done, for tests and figures. */
  reads = 0;

  constructor(private readonly timers: Timers = REAL_TIMERS, opts: Partial<CacheOptions> = {}) {
    this.opts = { ...DEFAULTS, ...opts };
  }

  /** The value for the document's current version, or a recent one's while a fresh read waits. */
  async get(key: string, source: Source<T>): Promise<T | undefined> {
    const e = this.entries.get(key);
    if (e) {
      // Least recently used last: Map order is insertion order.
      this.entries.delete(key);
      this.entries.set(key, e);
      if (e.version !== source.version()) this.schedule(key, e, source);
      return e.value;
    }
    let pending = this.first.get(key);
    if (!pending) {
      pending = this.readNow(key, source).finally(() => this.first.delete(key));
      this.first.set(key, pending);
    }
    return pending;
  }

  /** Whether a value is held for this exact version (no read is needed). */
  fresh(key: string, version: number): boolean {
    return this.entries.get(key)?.version === version;
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (e?.timer !== undefined) this.timers.clearTimeout(e.timer);
    this.entries.delete(key);
  }

  clear(): void {
    for (const key of [...this.entries.keys()]) this.delete(key);
  }

  private async readNow(key: string, source: Source<T>): Promise<T | undefined> {
    const t0 = this.timers.now();
    const r = await source.read();
    this.reads++;
    if (!r || !source.open()) return undefined;
    this.store(key, { version: r.version, value: r.value, costMs: this.timers.now() - t0 });
    return r.value;
  }

  private store(key: string, e: Entry<T>): void {
    this.delete(key);
    this.entries.set(key, e);
    while (this.entries.size > this.opts.maxEntries) this.delete(this.entries.keys().next().value!);
  }

  private schedule(key: string, e: Entry<T>, source: Source<T>): void {
    if (e.timer !== undefined || e.refreshing) return;
    const wait = Math.max(this.opts.quietMs, this.opts.costFactor * e.costMs);
    e.timer = this.timers.setTimeout(() => {
      e.timer = undefined;
      if (this.entries.get(key) !== e) return;
      if (!source.open()) return this.delete(key);
      if (source.version() === e.version) return;
      e.refreshing = this.readNow(key, source).then(() => undefined, () => undefined).finally(() => {
        e.refreshing = undefined;
      });
    }, wait);
  }
}
