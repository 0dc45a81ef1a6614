import { shown } from '../args';
import { IdError } from '../types';

// What Sqids and Hashids generators encode: the `numbers` option (a list, or text `1,2,3`) as
// one ID repeated `count` times, or else consecutive numbers from `start` (default 1), one each,
// the way a fixture numbers its rows.

/** `count` lists of whole numbers from the generator options; throws `INVALID_ARGUMENT` for others. */
export function numberLists(o: Record<string, unknown>, count: number): bigint[][] {
  const given = o.numbers;
  if (given !== undefined) {
    const list = typeof given === 'string' ? given.split(/[\s,]+/).filter((s) => s !== '') : Array.isArray(given) ? given.map(String) : [];
    if (list.length === 0 || !list.every((s) => /^\d{1,30}$/.test(s))) {
      throw new IdError('INVALID_ARGUMENT', `numbers must be a list of whole numbers such as 1,2,3; got ${shown(given)}.`);
    }
    return Array.from({ length: count }, () => list.map((s) => BigInt(s)));
  }
  const start = (o.start as number | undefined) ?? 1;
  if (!Number.isSafeInteger(start) || start < 0) throw new IdError('INVALID_ARGUMENT', `start must be a whole number from 0; got ${shown(start)}.`);
  return Array.from({ length: count }, (_, i) => [BigInt(start + i)]);
}
