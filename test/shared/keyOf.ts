import { createHash } from 'node:crypto';

// A key template filled in without the code under test: MD5 from node:crypto, the date fields
// from Date#toISOString, the ID where {id} is. The tests' ground truth for where an object lives.

const md5 = (s: string): string => createHash('md5').update(s, 'utf8').digest('hex');

/** S3's order: UTF-8 bytes. */
export const bytes = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The key of the object whose ID is `id`, made at `ms` (the start of its time unit). */
export function keyOf(template: string, id: string, ms: number): string {
  const iso = new Date(ms).toISOString();
  return template
    .replace(/\{hash:(\d+)\}/, (_, n: string) => md5(id).slice(0, Number(n)))
    .replace(/\{yyyy\}/g, iso.slice(0, 4))
    .replace(/\{mm\}/g, iso.slice(5, 7))
    .replace(/\{dd\}/g, iso.slice(8, 10))
    .replace(/\{hh\}/g, iso.slice(11, 13))
    .replace('{id}', id);
}
