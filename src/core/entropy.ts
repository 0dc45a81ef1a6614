// How much chance an ID's random part leaves for a collision: the birthday bound. With `bits`
// random bits drawn uniformly, n IDs collide with probability about 1 - exp(-n^2 / 2^(bits+1)),
// so the chance reaches p at n = sqrt(2^(bits+1) * ln(1 / (1 - p))). The random bits only have
// to differ among IDs that share everything else: one millisecond for a ULID or a UUID v7, all
// of them for a UUID v4 or a NanoID.
import { grouped } from './grouped';

/** The collision chance the card and `inspect --json` quote: one in a million. */
export const COLLISION_ODDS = 1e-6;

export interface Entropy {
  /** Random bits in one ID (not counting bits a generator may spend on a counter). */
  randomBits: number;
  /** Among which IDs they must differ: those of one time unit (`ms`, `s`), or `all`. */
  per: 'ms' | 's' | 'all';
  /** How many such IDs give a one-in-a-million chance of two being equal. */
  collisionAt: number;
}

/** n at which `bits` random bits reach a collision chance of `p`. */
export function collisionAt(bits: number, p: number = COLLISION_ODDS): number {
  return Math.sqrt(2 ** (bits + 1) * -Math.log1p(-p));
}

export function entropy(randomBits: number, per: Entropy['per']): Entropy {
  return { randomBits: Math.round(randomBits * 100) / 100, per, collisionAt: Math.floor(collisionAt(randomBits)) };
}

/** `1.6 billion`, `34,000`: a count as people read it. */
export function readableCount(n: number): string {
  const units: [number, string][] = [[1e18, 'quintillion'], [1e15, 'quadrillion'], [1e12, 'trillion'], [1e9, 'billion'], [1e6, 'million']];
  for (const [v, name] of units) {
    if (n < v) continue;
    const x = n / v;
    return `${x >= 10 ? Math.round(x) : x.toFixed(1).replace(/\.0$/, '')} ${name}`;
  }
  return grouped(Math.round(n));
}

/** One sentence for the card: `80 random bits per millisecond: a one-in-a-million collision takes 1.6 billion IDs in one millisecond`. */
export function describeEntropy(e: Entropy): string {
  const scope = e.per === 'all' ? '' : e.per === 'ms' ? ' per millisecond' : ' per second';
  const within = e.per === 'all' ? 'IDs in all' : e.per === 'ms' ? 'IDs in one millisecond' : 'IDs in one second';
  return `${e.randomBits} random bits${scope}: a one-in-a-million chance of a collision takes ${readableCount(e.collisionAt)} ${within}`;
}
