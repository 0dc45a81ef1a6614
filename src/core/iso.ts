// ISO 8601 UTC text for a Unix ms time. Decoders format a time for every ID they read (the
// scanner decodes every match), and Date#toISOString measured about 4x slower than this
// arithmetic (days -> civil date after H. Hinnant's public-domain algorithm).
const YEAR_10000_MS = 253402300800000;

/** Same text as `new Date(ms).toISOString()`; years outside 0000..9999 go through Date. */
export function isoFromMs(ms: number): string {
  if (!(ms >= -62167219200000 && ms < YEAR_10000_MS) || !Number.isInteger(ms)) return new Date(ms).toISOString();
  const days = Math.floor(ms / 86400000);
  // Below the day count every value fits an int32, and `(a / b) | 0` on int32s compiles to an
  // integer division by a constant: 3x faster than Math.floor on doubles. Only `era` can be
  // negative (z >= -60 in year 0), so it alone needs flooring.
  let rem = (ms - days * 86400000) | 0;
  const z = (days + 719468) | 0;
  const era = z >= 0 ? (z / 146097) | 0 : -1;
  const doe = (z - era * 146097) | 0;
  const yoe = ((doe - ((doe / 1460) | 0) + ((doe / 36524) | 0) - ((doe / 146096) | 0)) / 365) | 0;
  const doy = (doe - (365 * yoe + ((yoe / 4) | 0) - ((yoe / 100) | 0))) | 0;
  const mp = ((5 * doy + 2) / 153) | 0;
  const d = (doy - (((153 * mp + 2) / 5) | 0) + 1) | 0;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  const h = (rem / 3600000) | 0;
  rem -= h * 3600000;
  const mi = (rem / 60000) | 0;
  rem -= mi * 60000;
  const s = (rem / 1000) | 0;
  const milli = rem - s * 1000;
  // Char codes as arguments: no array to fill, and 20% faster than fromCharCode.apply.
  return String.fromCharCode(48 + ((y / 1000) | 0), 48 + (((y / 100) | 0) % 10), 48 + (((y / 10) | 0) % 10), 48 + (y % 10), 45,
    48 + ((m / 10) | 0), 48 + (m % 10), 45, 48 + ((d / 10) | 0), 48 + (d % 10), 84,
    48 + ((h / 10) | 0), 48 + (h % 10), 58, 48 + ((mi / 10) | 0), 48 + (mi % 10), 58, 48 + ((s / 10) | 0), 48 + (s % 10), 46,
    48 + ((milli / 100) | 0), 48 + (((milli / 10) | 0) % 10), 48 + (milli % 10), 90);
}
