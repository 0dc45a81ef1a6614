// The IDs seen in one column, as fixed-size keys in typed arrays rather than a Map of strings:
// 16 bytes of key plus the first occurrence's line and column, 24 bytes a slot, kept between 3/8
// and 3/4 full, so 32 to 64 bytes per distinct ID and no objects for the collector to walk (IDs
// that come in ascending order, 24 to 48 bytes in a run: see `IdTable.run`). The
// table is 16 shards that grow one at a time, so growing holds old and new slots of one shard
// at once, not of the whole table (a single table doubling from 400 MB briefly needs 1.2 GB).
// ULIDs, UUIDs and ObjectIds are keyed by their exact binary value; other kinds, whose identity
// is their text, by a 128-bit hash of it.

const WORDS = 6; // key (4 words), line + 1 (0 = empty slot), character
const SHARD_BITS = 4;

/** Slots a shard starts with: a table per column, so a CSV of 200,000 columns made as many tables. */
const FIRST_SLOTS = 4;

class Shard {
  slots = new Uint32Array(WORDS * FIRST_SLOTS);
  mask = FIRST_SLOTS - 1;
  size = 0;

  firstOrAdd(key: Uint32Array, hash: number, line: number, character: number): { line: number; character: number } | undefined {
    if ((this.size + 1) * 4 > (this.mask + 1) * 3) this.grow();
    const s = this.slots;
    let i = hash & this.mask;
    for (;;) {
      const o = i * WORDS;
      if (s[o + 4] === 0) {
        s[o] = key[0]!; s[o + 1] = key[1]!; s[o + 2] = key[2]!; s[o + 3] = key[3]!;
        s[o + 4] = line + 1;
        s[o + 5] = character;
        this.size++;
        return undefined;
      }
      if (s[o] === key[0] && s[o + 1] === key[1] && s[o + 2] === key[2] && s[o + 3] === key[3]) {
        return { line: s[o + 4]! - 1, character: s[o + 5]! };
      }
      i = (i + 1) & this.mask;
    }
  }

  private grow(): void {
    const old = this.slots;
    const slots = (this.mask + 1) * 2;
    this.slots = new Uint32Array(WORDS * slots);
    this.mask = slots - 1;
    const s = this.slots;
    const mask = this.mask;
    // Word by word: a subarray per slot made growing a large table mostly garbage.
    for (let o = 0; o < old.length; o += WORDS) {
      if (old[o + 4] === 0) continue;
      let i = mix4(old[o]!, old[o + 1]!, old[o + 2]!, old[o + 3]!) & mask;
      while (s[i * WORDS + 4] !== 0) i = (i + 1) & mask;
      const t = i * WORDS;
      s[t] = old[o]!; s[t + 1] = old[o + 1]!; s[t + 2] = old[o + 2]!; s[t + 3] = old[o + 3]!; s[t + 4] = old[o + 4]!; s[t + 5] = old[o + 5]!;
    }
    release(old.buffer);
  }
}

/** Keys looked up behind the run (out of order) before the run may be given up. */
const BEHIND_MIN = 1024;

export class IdTable {
  /**
   * The first ID, held in the table itself: a file may have a key per ID (an object keyed by its
   * rows' IDs, a document per row), and a table with shards for each cost about 500 bytes more
   * (a CSV of 200,000 columns once made 200,000 tables of 16 shards of 64 slots: 4.8 GB).
   */
  private k0 = 0;
  private k1 = 0;
  private k2 = 0;
  private k3 = 0;
  private firstLine = -1;
  private firstCharacter = 0;
  /**
   * From the second ID: the IDs that came in ascending order of key, appended (WORDS words each,
   * sorted by being appended). A column of time-ordered IDs (ULIDs, UUID v7s, ObjectIds) arrives
   * in order, nearly always: an ID above the last one is new without a look anywhere (the
   * shards hold only IDs below it), and is written next to the one before, where a hash table
   * writes each into another cache line of a table of tens of megabytes. An ID not above the
   * last is looked for in the run (a binary search) and then in the shards, and goes there.
   */
  private run: Uint32Array<ArrayBuffer> | undefined;
  private runCount = 0;
  /** Lookups behind the run's last ID: when they are a large share, the run goes into the shards (a random column). */
  private behind = 0;
  private runOpen = true;
  /** Made at the first ID out of order, each shard as IDs arrive. */
  private shards: (Shard | undefined)[] | undefined;

  /** Distinct IDs held. */
  get size(): number {
    if (this.run === undefined && this.shards === undefined) return this.firstLine < 0 ? 0 : 1;
    return this.runCount + (this.shards?.reduce((n, s) => n + (s?.size ?? 0), 0) ?? 0);
  }

  /** Bytes held in slots. */
  get bytes(): number {
    return (this.run?.byteLength ?? 0) + (this.shards?.reduce((n, s) => n + (s?.slots.byteLength ?? 0), 0) ?? 0);
  }

  /** The first position stored under `key`, or stores `line`/`character` and returns undefined. */
  firstOrAdd(key: Uint32Array, line: number, character: number): { line: number; character: number } | undefined {
    if (this.run === undefined && this.shards === undefined) {
      if (this.firstLine < 0) {
        this.k0 = key[0]!; this.k1 = key[1]!; this.k2 = key[2]!; this.k3 = key[3]!;
        this.firstLine = line;
        this.firstCharacter = character;
        return undefined;
      }
      if (this.k0 === key[0] && this.k1 === key[1] && this.k2 === key[2] && this.k3 === key[3]) return { line: this.firstLine, character: this.firstCharacter };
      this.run = new Uint32Array(WORDS * FIRST_SLOTS);
      this.append(this.k0, this.k1, this.k2, this.k3, this.firstLine, this.firstCharacter);
    }
    if (this.runOpen) {
      const r = this.run!;
      const o = (this.runCount - 1) * WORDS;
      const c = compare(key, r, o);
      if (c > 0) {
        this.append(key[0]!, key[1]!, key[2]!, key[3]!, line, character);
        return undefined;
      }
      const at = c === 0 ? o : this.search(key);
      if (at >= 0) return { line: r[at + 4]!, character: r[at + 5]! };
      if (++this.behind > BEHIND_MIN && this.behind * 8 > this.runCount) this.closeRun();
    }
    return this.add(key, line, character);
  }

  private append(k0: number, k1: number, k2: number, k3: number, line: number, character: number): void {
    let r = this.run!;
    if ((this.runCount + 1) * WORDS > r.length) {
      const more = new Uint32Array(r.length * 2);
      more.set(r);
      release(r.buffer);
      this.run = r = more;
    }
    const o = this.runCount++ * WORDS;
    r[o] = k0; r[o + 1] = k1; r[o + 2] = k2; r[o + 3] = k3; r[o + 4] = line; r[o + 5] = character;
  }

  /** The offset in the run of `key`'s entry, or -1. */
  private search(key: Uint32Array): number {
    const r = this.run!;
    let lo = 0, hi = this.runCount - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = compare(key, r, mid * WORDS);
      if (c === 0) return mid * WORDS;
      if (c > 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** The IDs come in no order: the run's go into the shards, where every later one goes. */
  private closeRun(): void {
    const r = this.run!;
    const key = new Uint32Array(4);
    for (let o = 0; o < this.runCount * WORDS; o += WORDS) {
      key[0] = r[o]!; key[1] = r[o + 1]!; key[2] = r[o + 2]!; key[3] = r[o + 3]!;
      this.add(key, r[o + 4]!, r[o + 5]!);
    }
    this.runOpen = false;
    this.runCount = 0;
    release(r.buffer);
    this.run = new Uint32Array(0);
  }

  private add(key: Uint32Array, line: number, character: number): { line: number; character: number } | undefined {
    const hash = mix(key);
    const shards = (this.shards ??= new Array<Shard | undefined>(1 << SHARD_BITS).fill(undefined));
    const shard = (shards[hash >>> (32 - SHARD_BITS)] ??= new Shard());
    return shard.firstOrAdd(key, hash, line, character);
  }
}

/** -1, 0 or 1 as `key` is below, equal to or above the key at `r[o, o + 4)`, word by word (unsigned). */
function compare(key: Uint32Array, r: Uint32Array, o: number): number {
  for (let w = 0; w < 4; w++) {
    const a = key[w]!, b = r[o + w]!;
    if (a !== b) return a > b ? 1 : -1;
  }
  return 0;
}

const clone = (globalThis as { structuredClone?: (value: unknown, opts: { transfer: ArrayBuffer[] }) => unknown }).structuredClone;

/**
 * Hands the memory of an array no longer used to a new, short-lived holder: the array had lived
 * long (an old object), so its megabytes would wait for a full collection, which a thread that
 * makes little else (the CLI's, telling workers' facts) seldom runs; the holder goes at the next
 * minor one. Where `structuredClone` cannot transfer, the array is simply dropped.
 */
function release(buffer: ArrayBuffer): void {
  if (buffer.byteLength < 1 << 20 || clone === undefined) return;
  try {
    clone(buffer, { transfer: [buffer] });
  } catch {
    // Dropped as it is.
  }
}

function mix(key: Uint32Array): number {
  return mix4(key[0]!, key[1]!, key[2]!, key[3]!);
}

function mix4(k0: number, k1: number, k2: number, k3: number): number {
  let h = Math.imul(k0 ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ k1 ^ (h >>> 15), 0xc2b2ae35);
  h = Math.imul(h ^ k2 ^ (h >>> 13), 0x27d4eb2f);
  h = Math.imul(h ^ k3 ^ (h >>> 16), 0x165667b1);
  return (h ^ (h >>> 15)) >>> 0;
}

/** Writes up to 16 bytes, big-endian, zero-padded, into `out`. */
export function keyOfBytes(bytes: Uint8Array, out: Uint32Array): Uint32Array {
  if (bytes.length === 16) {
    // The usual case (a UUID), without a bounds check per byte.
    for (let w = 0, i = 0; w < 4; w++, i += 4) out[w] = ((bytes[i]! << 24) | (bytes[i + 1]! << 16) | (bytes[i + 2]! << 8) | bytes[i + 3]!) >>> 0;
    return out;
  }
  for (let w = 0; w < 4; w++) {
    let v = 0;
    for (let b = 0; b < 4; b++) v = (v << 8) | (bytes[w * 4 + b] ?? 0);
    out[w] = v >>> 0;
  }
  return out;
}

/** A 128-bit FNV-1a-style hash of `text`, four lanes with different offsets and primes. */
export function keyOfText(text: string, out: Uint32Array): Uint32Array {
  let a = 0x811c9dc5, b = 0x050c5d1f, c = 0x6b43a9b5, d = 0x1f83d9ab;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    a = Math.imul(a ^ ch, 0x01000193);
    b = Math.imul(b ^ ch, 0x0100019d);
    c = Math.imul(c ^ ch, 0x010001a7);
    d = Math.imul(d ^ ch, 0x010001b5);
  }
  out[0] = (a ^ Math.imul(text.length, 0x9e3779b1)) >>> 0;
  out[1] = b >>> 0;
  out[2] = c >>> 0;
  out[3] = d >>> 0;
  return out;
}
