// The second time line of a hover: the creation time in `idsmith.hover.timeZone`. Built once
// per settings change (Intl formatters are costly to create, cheap to use).

export interface ZonedTime {
  /** Row label: `UTC`, `Europe/Berlin`, `Local (America/New_York)`, `Server (UTC)`. */
  label: string;
  /** Set when the configured zone was unusable and UTC is shown instead. */
  note?: string;
  /** Set when `local` is the zone of a server rather than the user's: what to do about it. */
  hint?: string;
  /** True when this line would only repeat the UTC line. */
  redundant: boolean;
  format(ms: number): string;
}

const FIELDS: Intl.DateTimeFormatOptions = {
  year: 'numeric', month: '2-digit', day: '2-digit',
  hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
};

function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, options);
}

function pad(n: number, width = 2): string {
  return String(Math.abs(n)).padStart(width, '0');
}

/** `2016-07-31 00:36:16.385 +02:00`: wall-clock fields from Intl, offset from their difference
 *  to the instant (Intl's own offset names vary by runtime). */
function isoIn(dtf: Intl.DateTimeFormat, ms: number): string {
  const p: Record<string, number> = {};
  for (const part of dtf.formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const wallSeconds = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  const offsetMin = Math.round((wallSeconds - Math.floor(ms / 1000) * 1000) / 60000);
  const sign = offsetMin < 0 ? '-' : '+';
  const frac = pad(((ms % 1000) + 1000) % 1000, 3);
  return `${p.year}-${pad(p.month!)}-${pad(p.day!)} ${pad(p.hour!)}:${pad(p.minute!)}:${pad(p.second!)}.${frac} ` +
    `${sign}${pad(Math.trunc(Math.abs(offsetMin) / 60))}:${pad(Math.abs(offsetMin) % 60)}`;
}

/**
 * `timeZone`: `local`, `UTC` or an IANA name; an unknown name falls back to UTC with a note.
 * `local` is the zone of the runtime: the user's own on the desktop and in the web worker host
 * (the browser's), but a server's when the extension host runs remotely (code-server, SSH,
 * containers): `remoteHost` says so, and the row is then labelled `Server (…)` and shown even
 * when it is UTC, so nobody takes a server's clock for their own.
 */
export function zonedTime(timeZone: string, dateFormat: 'iso' | 'locale', locale?: string, remoteHost = false): ZonedTime {
  const wanted = timeZone.trim().toLowerCase() === 'local' ? undefined : timeZone.trim();
  let zone = wanted;
  let note: string | undefined;
  let iso: Intl.DateTimeFormat;
  try {
    iso = formatter('en-US', { ...FIELDS, timeZone: zone });
  } catch {
    note = `"${timeZone}" in idsmith.hover.timeZone is not a time zone this runtime knows; showing UTC.`;
    zone = 'UTC';
    iso = formatter('en-US', { ...FIELDS, timeZone: zone });
  }
  const resolved = iso.resolvedOptions().timeZone;
  const isUtc = resolved === 'UTC' || resolved === 'Etc/UTC' || resolved === 'Etc/GMT';
  // The configured name, not ICU's canonical one (Asia/Kolkata resolves to Asia/Calcutta).
  const server = zone === undefined && remoteHost;
  const label = zone === undefined ? `${server ? 'Server' : 'Local'} (${resolved})` : note ? 'UTC' : zone;
  const hint = server
    ? `"local" in idsmith.hover.timeZone is the zone of the server the extension runs on (${resolved}); set it to your own zone (e.g. Europe/Berlin) to read times in it.`
    : undefined;
  if (dateFormat === 'iso') {
    return { label, note, hint, redundant: isUtc && !server, format: (ms) => isoIn(iso, ms) };
  }
  let local: Intl.DateTimeFormat;
  const options: Intl.DateTimeFormatOptions = {
    timeZone: zone, year: 'numeric', month: 'short', day: 'numeric',
    hour: 'numeric', minute: '2-digit', second: '2-digit', fractionalSecondDigits: 3, timeZoneName: 'short',
  };
  try {
    local = formatter(locale, options);
  } catch {
    local = formatter(undefined, options); // an odd editor locale must not cost the hover
  }
  return { label, note, hint, redundant: false, format: (ms) => local.format(ms) };
}
