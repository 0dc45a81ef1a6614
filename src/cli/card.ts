import { describeEntropy, isDecodedId, shownTime, unshownTimeNote, type Decoded, type FieldValue } from '../core';
import { QUOTE_MAX, escapeControls } from './safe';

// The human-readable form of `inspect`: one card per ID, aligned labels, blank line between
// cards. Tools should use `--json`; this layout may change. Every value goes through
// escapeControls: the input and anything derived from it are text from outside.

/** A version nibble RFC 9562 does not define (0, 9-14, 15 outside the Nil and Max UUIDs);
 *  `--json` keeps the number as it is. */
function reservedUuidVersion(d: Decoded): boolean {
  return d.variant === 'rfc9562' && d.version !== undefined && (d.version < 1 || d.version > 8);
}

/**
 * `decoded` is what `inspectDecoded` read (the decoded object: a UUID v2's time window is not in
 * its JSON); `now` judges whether a time known only to a window is one such an ID was made at.
 */
export function formatCard(decoded: Decoded, now = Date.now()): string {
  const d = isDecodedId(decoded) ? decoded.toJSON() : decoded;
  const rows: [string, string][] = [['kind', d.kind]];
  if (!d.valid) rows.push(['error', d.error ?? 'not a valid ID']);
  if (d.version !== undefined) rows.push(['version', reservedUuidVersion(d) ? `${d.version} (reserved: RFC 9562 defines versions 1 to 8)` : String(d.version)]);
  if (d.variant !== undefined) rows.push(['variant', d.variant]);
  // As the editor shows it: a UUID v2's to the minute (its low time bits hold a local id), the ms
  // of the window's start beside it; none when no such ID was made then.
  const shown = shownTime(decoded, now);
  if (shown) rows.push(['time', `${shown.text}  (unix ms ${d.unixMs}${shown.approximate ? ', the window\'s start' : ''})`]);
  const unshown = unshownTimeNote(decoded, now);
  if (unshown) rows.push(['note', unshown]);
  if (d.valid && d.plausible === false && d.kind !== 'snowflake') rows.push(['note', IMPLAUSIBLE]);
  for (const [name, value] of Object.entries(d.fields)) rows.push([name, fieldText(value)]);
  if (d.entropy) rows.push(['randomness', describeEntropy(d.entropy)]);
  const width = Math.max(...rows.map(([label]) => label.length));
  const head = d.input.length > QUOTE_MAX ? `${d.input.slice(0, QUOTE_MAX)}…` : d.input;
  const lines = [head, ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`)];
  if (d.candidates?.length) {
    lines.push(d.time === undefined ? '  possible readings (pick one with --epoch):' : '  other readings:');
    const nameWidth = Math.max(...d.candidates.map((c) => c.epoch.length));
    for (const c of d.candidates) {
      const fields = Object.entries(c.fields).map(([k, v]) => `${k} ${fieldText(v)}`).join(', ');
      const mark = c.plausible ? '' : '  (implausible date)';
      lines.push(`    ${c.epoch.padEnd(nameWidth)}  ${c.time}  ${fields}${mark}`);
    }
  }
  if (d.alternatives?.length) {
    // Another format reads the same text plausibly (a lower-case TID that also spells a TSID).
    lines.push('  also reads as:');
    const kindWidth = Math.max(...d.alternatives.map((a) => a.kind.length));
    for (const a of d.alternatives) {
      const fields = Object.entries(a.fields).map(([k, v]) => `${k} ${fieldText(v)}`).join(', ');
      // A reading with no one time (a snowflake, without --epoch) names the days its plausible layouts give.
      const plausible = a.time === undefined ? (a.candidates ?? []).filter((c) => c.plausible) : [];
      const readings = plausible.length > 0 ? `${plausible.map((c) => `${c.epoch} ${c.time.slice(0, 10)}`).join(', ')} (pick: --from ${a.kind} --epoch NAME)` : '';
      const what = a.valid
        ? [a.timePrecise ?? a.time ?? '', readings, fields, a.plausible === false ? '(implausible date)' : ''].filter((x) => x !== '').join('  ')
        : `(invalid: ${a.error ?? 'not a valid one'})`;
      lines.push(`    ${a.kind.padEnd(kindWidth)}  ${what}`.trimEnd());
    }
  }
  return lines.map(escapeControls).join('\n') + '\n';
}

/** What the card says of a valid reading whose time such IDs are not made at. */
const IMPLAUSIBLE = 'implausible date: valid text, but such IDs are not made at that time (another reading, or a wrong guess?)';

function fieldText(value: FieldValue): string {
  return typeof value === 'string' ? value : String(value);
}
