// The IDs seen in one column, as fixed-size keys in typed arrays rather than a Map of strings:
// 16 bytes of key plus the first occurrence's line and column, 24 bytes a slot, kept between 3/8
// and 3/4 full, so 32 to 64 bytes per distinct ID and no objects for the collector to walk. The
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
  /** Made at the second ID, each shard as IDs arrive. */
  private shards: (Shard | undefined)[] | undefined;

  /** Distinct IDs held. */
  get size(): number {
    if (this.shards === undefined) return this.firstLine < 0 ? 0 : 1;
    return this.shards.reduce((n, s) => n + (s?.size ?? 0), 0);
  }

  /** Bytes held in slots. */
  get bytes(): number {
    return this.shards?.reduce((n, s) => n + (s?.slots.byteLength ?? 0), 0) ?? 0;
  }

  /** The first position stored under `key`, or stores `line`/`character` and returns undefined. */
  firstOrAdd(key: Uint32Array, line: number, character: number): { line: number; character: number } | undefined {
    if (this.shards === undefined) {
      if (this.firstLine < 0) {
        this.k0 = key[0]!; this.k1 = key[1]!; this.k2 = key[2]!; this.k3 = key[3]!;
        this.firstLine = line;
        this.firstCharacter = character;
        return undefined;
      }
      if (this.k0 === key[0] && this.k1 === key[1] && this.k2 === key[2] && this.k3 === key[3]) return { line: this.firstLine, character: this.firstCharacter };
      this.shards = new Array<Shard | undefined>(1 << SHARD_BITS).fill(undefined);
      const first = new Uint32Array([this.k0, this.k1, this.k2, this.k3]);
      this.add(first, this.firstLine, this.firstCharacter);
    }
    return this.add(key, line, character);
  }

  private add(key: Uint32Array, line: number, character: number): { line: number; character: number } | undefined {
    const hash = mix(key);
    const shard = (this.shards![hash >>> (32 - SHARD_BITS)] ??= new Shard());
    return shard.firstOrAdd(key, hash, line, character);
  }
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
