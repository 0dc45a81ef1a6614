/**
 * An integer with commas between groups of three digits (`1,000,000`), as
 * `toLocaleString('en-US')` writes it, without ICU: the first call of that loads ICU's number
 * formatting, about 12 ms in each thread, which the CLI's help texts made every scan and check
 * worker pay at start. Other numbers (fractions, beyond 2^53) go to `toLocaleString`.
 */
export function grouped(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}
