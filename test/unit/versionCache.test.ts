import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { VersionCache, type Source, type Timers } from '../../src/editor/shared/versionCache';

// The cache behind completions and "Insert ID" reads a document's ID conventions once per quiet
// period, not once per keystroke. A fake clock drives it; the model test runs random sequences of
// edits, requests, time passing and closing, and checks after every step.

class FakeTimers implements Timers {
  t = 0;
  private seq = 0;
  readonly pending = new Map<number, { at: number; fn: () => void }>();
  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.pending.set(id, { at: this.t + ms, fn });
    return id;
  }
  clearTimeout(h: unknown): void {
    this.pending.delete(h as number);
  }
  /** Moves the clock and runs what came due, in order. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      const due = [...this.pending.entries()].filter(([, p]) => p.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.t = due[1].at;
      due[1].fn();
      await flush();
    }
    this.t = end;
  }
}

const flush = () => new Promise<void>((r) => setImmediate(r));

/** A document whose read costs `cost` ms of fake time and yields its version as the value. */
class Doc implements Source<number> {
  version_ = 1;
  isOpen = true;
  readsStarted = 0;
  constructor(private readonly timers: FakeTimers, private readonly cost = 5) {}
  version(): number {
    return this.version_;
  }
  open(): boolean {
    return this.isOpen;
  }
  async read(): Promise<{ version: number; value: number }> {
    this.readsStarted++;
    const version = this.version_;
    this.timers.t += this.cost;
    return { version, value: version };
  }
}

describe('version cache', () => {
  it('reads once per version asked, answers newer versions with the last value until quiet', async () => {
    const timers = new FakeTimers();
    const cache = new VersionCache<number>(timers, { quietMs: 1000, costFactor: 10 });
    const doc = new Doc(timers);
    assert.equal(await cache.get('a', doc), 1);
    assert.equal(await cache.get('a', doc), 1);
    assert.equal(cache.reads, 1);
    // 50 keystrokes, each followed by a request: no read while typing.
    for (let i = 0; i < 50; i++) {
      doc.version_++;
      assert.equal(await cache.get('a', doc), 1);
      await timers.advance(10);
    }
    assert.equal(cache.reads, 1);
    await timers.advance(1000);
    assert.equal(cache.reads, 2, 'one read once the wait is over');
    assert.equal(await cache.get('a', doc), 51);
    assert.ok(cache.fresh('a', 51));
  });

  it('waits longer after an expensive read', async () => {
    const timers = new FakeTimers();
    const cache = new VersionCache<number>(timers, { quietMs: 100, costFactor: 10 });
    const doc = new Doc(timers, 300);
    await cache.get('a', doc);
    doc.version_++;
    await cache.get('a', doc);
    await timers.advance(2900);
    assert.equal(cache.reads, 1);
    await timers.advance(100);
    assert.equal(cache.reads, 2);
  });

  it('requests for a document being read for the first time share that read', async () => {
    const timers = new FakeTimers();
    const cache = new VersionCache<number>(timers);
    const doc = new Doc(timers);
    const all = await Promise.all([cache.get('a', doc), cache.get('a', doc), cache.get('a', doc)]);
    assert.deepEqual(all, [1, 1, 1]);
    assert.equal(doc.readsStarted, 1);
  });

  it('a closed document is not read again and is dropped', async () => {
    const timers = new FakeTimers();
    const cache = new VersionCache<number>(timers, { quietMs: 10 });
    const doc = new Doc(timers);
    await cache.get('a', doc);
    doc.version_++;
    await cache.get('a', doc);
    doc.isOpen = false;
    await timers.advance(1000);
    assert.equal(doc.readsStarted, 1);
    assert.equal(cache.fresh('a', 1), false);
  });

  it('keeps at most maxEntries documents, least recently used dropped', async () => {
    const timers = new FakeTimers();
    const cache = new VersionCache<number>(timers, { maxEntries: 2 });
    const docs = [new Doc(timers), new Doc(timers), new Doc(timers)];
    await cache.get('a', docs[0]!);
    await cache.get('b', docs[1]!);
    await cache.get('a', docs[0]!);
    await cache.get('c', docs[2]!);
    assert.ok(cache.fresh('a', 1));
    assert.ok(!cache.fresh('b', 1));
  });

  it('model: random edits, requests, waits and closes keep the promises', async () => {
    type Cmd = { t: 'edit' } | { t: 'get' } | { t: 'wait'; ms: number } | { t: 'close' };
    const cmd = fc.oneof(
      fc.constant<Cmd>({ t: 'edit' }),
      fc.constant<Cmd>({ t: 'get' }),
      fc.integer({ min: 1, max: 3000 }).map((ms): Cmd => ({ t: 'wait', ms })),
      fc.constant<Cmd>({ t: 'close' }),
    );
    await fc.assert(fc.asyncProperty(fc.array(cmd, { maxLength: 60 }), fc.integer({ min: 0, max: 400 }), async (cmds, cost) => {
      const timers = new FakeTimers();
      const quietMs = 500;
      const cache = new VersionCache<number>(timers, { quietMs, costFactor: 10 });
      const doc = new Doc(timers, cost);
      const wait = Math.max(quietMs, 10 * cost);
      let gets = 0;
      /** When a request was answered with an older version's value, and no edit came since. */
      let staleSince: number | undefined;
      for (const c of cmds) {
        if (c.t === 'edit' && doc.isOpen) {
          doc.version_++;
          staleSince = undefined;
        }
        if (c.t === 'close') doc.isOpen = false;
        if (c.t === 'wait') await timers.advance(c.ms);
        if (c.t === 'get' && doc.isOpen) {
          const v = await cache.get('d', doc);
          gets++;
          assert.ok(v !== undefined && v <= doc.version_, 'never a value from the future');
          // Liveness: a stale answer is followed by a fresh one once the wait (and the read) is over.
          if (staleSince !== undefined && timers.t - staleSince >= wait + cost) assert.equal(v, doc.version_, 'fresh after the wait');
          if (v !== doc.version_) staleSince ??= timers.t;
        }
        // Cost: the first request's read, plus at most one read per wait period since.
        const periods = Math.floor(timers.t / wait) + 1;
        assert.ok(doc.readsStarted <= Math.min(gets, 1) + periods, `${doc.readsStarted} reads, ${gets} requests, ${periods} periods`);
      }
    }));
  });
});
