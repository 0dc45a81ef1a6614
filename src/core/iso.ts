// ISO 8601 UTC text for a Unix ms time. Decoders format a time for every ID they read (the
// scanner decodes every match), and Date#toISOString measured about 4x slower than this
// arithmetic (days -> civil date after H. Hinnant's public-domain algorithm).
const DIGITS = Array.from('0123456789', (c) => c.charCodeAt(0));
const codes = Array.from('0000-00-00T00:00:00.000Z', (c) => c.charCodeAt(0));
const YEAR_10000_MS = 253402300800000;

/** Same text as `new Date(ms).toISOString()`; years outside 0000..9999 go through Date. */
export function isoFromMs(ms: number): string {
  if (!(ms >= -62167219200000 && ms < YEAR_10000_MS) || !Number.isInteger(ms)) return new Date(ms).toISOString();
  const days = Math.floor(ms / 86400000);
  let rem = ms - days * 86400000;
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  const h = Math.floor(rem / 3600000);
  rem -= h * 3600000;
  const mi = Math.floor(rem / 60000);
  rem -= mi * 60000;
  const s = Math.floor(rem / 1000);
  const milli = rem - s * 1000;
  const D = DIGITS;
  codes[0] = D[(y / 1000) | 0]!;
  codes[1] = D[((y / 100) | 0) % 10]!;
  codes[2] = D[((y / 10) | 0) % 10]!;
  codes[3] = D[y % 10]!;
  codes[5] = D[(m / 10) | 0]!;
  codes[6] = D[m % 10]!;
  codes[8] = D[(d / 10) | 0]!;
  codes[9] = D[d % 10]!;
  codes[11] = D[(h / 10) | 0]!;
  codes[12] = D[h % 10]!;
  codes[14] = D[(mi / 10) | 0]!;
  codes[15] = D[mi % 10]!;
  codes[17] = D[(s / 10) | 0]!;
  codes[18] = D[s % 10]!;
  codes[20] = D[(milli / 100) | 0]!;
  codes[21] = D[((milli / 10) | 0) % 10]!;
  codes[22] = D[milli % 10]!;
  return String.fromCharCode.apply(null, codes);
}
