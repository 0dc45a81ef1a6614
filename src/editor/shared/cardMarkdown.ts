import type { Card, CardRow, Reading, Segment } from './card';
import { code, row, text } from './markdown';

// Renders a Card as markdown: compact for the hover (title line, one two-column table, links),
// complete for the inspect document. Only markdown.ts helpers touch card text.

function cell(r: CardRow): string {
  return r.mono ? code(r.value) : text(r.value);
}

function titleLine(card: Card): string {
  let line = `**${text(card.title)}**`;
  if (card.titleCode !== undefined) line += ` ${code(card.titleCode)}`;
  if (card.relative) line += ` · created ${text(card.relative)}`;
  return line;
}

/** A two-column table whose first row is the header: hovers have no room for a "Field | Value"
 *  line, and the first row (the UTC time, when there is one) deserves the emphasis anyway. */
function compactTable(rows: CardRow[]): string[] {
  if (rows.length === 0) return [];
  const [first, ...rest] = rows;
  return [row([text(first!.label), cell(first!)]), '|:--|:--|', ...rest.map((r) => row([text(r.label), cell(r)]))];
}

function readingsTable(readings: Reading[], full: boolean): string[] {
  const head = full
    ? ['| Reading | Created (UTC) | Relative | Plausible | Fields |', '|:--|:--|:--|:--|:--|']
    : ['| Reading | Created (UTC) | |', '|:--|:--|:--|'];
  return [
    ...head,
    ...readings.map((r) => row(full
      ? [text(r.label), code(r.time), text(r.relative), r.plausible ? 'yes' : 'no', text(r.fields)]
      : [text(r.label), code(r.time), text(r.relative)])),
  ];
}

/** Prose in italics with the document's own words (keys, patterns) as code spans. */
function sentence(segments: Segment[]): string {
  return segments.filter((s) => s.text !== '').map((s) => (s.code ? code(s.text) : `_${text(s.text.trim())}_`)).join(' ');
}

function blocks(parts: string[][]): string {
  return parts.filter((p) => p.length > 0).map((p) => p.join('\n')).join('\n\n');
}

/** The hover: `links` are already-rendered command links (see hover.ts). */
export function hoverMarkdown(card: Card, links: string[]): string {
  const rows = [...card.rows, ...card.representations.map((r) => ({ label: r.label, value: r.value, mono: true }))];
  return blocks([
    card.readAs ? [`${titleLine(card)}  `, sentence(card.readAs)] : [titleLine(card)],
    card.readings.length > 1 ? readingsTable(card.readings, false) : [],
    compactTable(rows),
    card.notes.length > 0 ? [card.notes.map((n) => `_${text(n)}_`).join('  \n')] : [],
    links.length > 0 ? ['---', links.join(' · ')] : [],
  ]);
}

/** The inspect document: every field, reading and representation, for reading and copying. */
export function documentMarkdown(card: Card): string {
  const d = card.decoded;
  const facts: CardRow[] = [
    { label: 'Input', value: d.input, mono: true },
    { label: 'Kind', value: d.kind, mono: true },
    { label: 'Valid', value: d.valid ? 'yes' : `no (${d.errorCode ?? 'invalid'})`, mono: false },
    ...card.rows,
  ];
  if (card.relative) facts.push({ label: 'Relative', value: card.relative, mono: false });
  let heading = `# ${text(card.title)}`;
  if (card.titleCode !== undefined) heading += ` ${code(card.titleCode)}`;
  return blocks([
    card.readAs ? [heading, '', sentence(card.readAs)] : [heading],
    ['| Field | Value |', '|:--|:--|', ...facts.map((r) => row([text(r.label), cell(r)]))],
    card.representations.length > 0
      ? ['## Representations', '', '| Format | Value |', '|:--|:--|', ...card.representations.map((r) => row([text(r.label), code(r.value)]))]
      : [],
    card.readings.length > 0 ? ['## Snowflake readings', '', ...readingsTable(card.readings, true)] : [],
    card.notes.length > 0 ? ['## Notes', '', ...card.notes.map((n) => `- ${text(n)}`)] : [],
  ]) + '\n';
}
