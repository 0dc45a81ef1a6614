import { isIdentityColumn, type CheckResult, type FoundId } from '../../core';
import { escapeHtml } from '../shared/html';
import { grouped } from '../../core/grouped';

export { escapeHtml };

// What "Summarize IDs" reports, computed from a check result without any editor API, so the
// numbers and the panel's HTML can be tested on their own.
//
// Occurrences and distinct IDs are counted apart, and only the IDs of identity columns (each row's
// own ID, read as the duplicate rule reads it) give creation times: a `user_id` column naming
// two users 48 times holds references, whose times say when those users were made, not when
// the rows were.

export interface SummaryRow {
  text: string;
  kind: string;
  /** Offset in the document, for the reveal link; `line` is 1-based, for people. */
  offset: number;
  line: number;
  message: string;
}

/** A key or column and what it holds. */
export interface SummaryColumn {
  /** The key or column name (`id`, `user_id`, `column 2`), or `text` outside any structure. */
  name: string;
  count: number;
  distinct: number;
}

export interface Summary {
  /** Every occurrence of an ID. */
  count: number;
  /** Distinct IDs among them. */
  distinct: number;
  /** Occurrences per kind (`ulid`, `uuidv7`, `snowflake`, …), most frequent first. */
  kinds: Record<string, number>;
  /** Distinct IDs per kind. */
  kindsDistinct: Record<string, number>;
  /** Where the creation times come from (identity columns, or free text), and what was left out as references. */
  identity: SummaryColumn[];
  references: SummaryColumn[];
  /** Earliest and latest creation time (ISO 8601), null when no identity ID holds a time. */
  from: string | null;
  to: string | null;
  duplicates: SummaryRow[];
  unsorted: SummaryRow[];
  /** Creation times in Unix ms, one per distinct identity ID, for the histogram. */
  times: number[];
}

export function kindLabel(id: Pick<FoundId, 'kind' | 'version'>): string {
  return id.kind === 'uuid' && id.version !== undefined ? `uuidv${id.version}` : id.kind;
}

const byCount = (m: Map<string, number>) => Object.fromEntries([...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

/** The columns of the whole result, each judged identity or reference on all of its values. */
function columnsOf(ids: readonly FoundId[]): Map<string, SummaryColumn & { identity: boolean }> {
  const texts = new Map<string, { key?: string; count: number; seen: Set<string> }>();
  for (const id of ids) {
    let c = texts.get(id.path);
    if (!c) texts.set(id.path, (c = { ...(id.key !== undefined ? { key: id.key } : {}), count: 0, seen: new Set() }));
    c.count++;
    c.seen.add(id.text);
  }
  const out = new Map<string, SummaryColumn & { identity: boolean }>();
  for (const [path, c] of texts) {
    // Outside any structure (a log, prose) every ID counts: there is no column to judge.
    const identity = path === '' || isIdentityColumn(c.key, path, c.count, c.seen.size);
    out.set(path, { name: path === '' ? 'text' : c.key ?? path, count: c.count, distinct: c.seen.size, identity });
  }
  return out;
}

/** The summary of `result`'s IDs whose offsets fall in [from, to). */
export function summarize(result: CheckResult, lineOf: (offset: number) => number, from = 0, to = Infinity): Summary {
  // Columns are judged on the whole file: a selection of three rows says nothing about a column.
  const columns = columnsOf(result.ids);
  const ids = result.ids.filter((i) => i.start >= from && i.start < to);
  const counts = new Map<string, number>();
  const distinctCounts = new Map<string, number>();
  const seen = new Set<string>();
  const timed = new Set<string>();
  const times: number[] = [];
  const used = new Map<string, SummaryColumn & { identity: boolean }>();
  for (const id of ids) {
    const k = kindLabel(id);
    bump(counts, k);
    const column = columns.get(id.path)!;
    used.set(id.path, column);
    if (!seen.has(id.text)) {
      seen.add(id.text);
      bump(distinctCounts, k);
    }
    if (column.identity && id.unixMs !== undefined && !timed.has(id.text)) {
      timed.add(id.text);
      times.push(id.unixMs);
    }
  }
  let min = Infinity;
  let max = -Infinity;
  for (const t of times) {
    if (t < min) min = t;
    if (t > max) max = t;
  }
  const rows = (code: string): SummaryRow[] =>
    result.problems
      .filter((p) => p.code === code && p.start >= from && p.start < to)
      .map((p) => ({ text: p.text, kind: p.kind ?? 'unknown', offset: p.start, line: lineOf(p.start) + 1, message: p.message }));
  const plain = ({ name, count, distinct }: SummaryColumn): SummaryColumn => ({ name, count, distinct });
  return {
    count: ids.length,
    distinct: seen.size,
    kinds: byCount(counts),
    kindsDistinct: byCount(distinctCounts),
    identity: [...used.values()].filter((c) => c.identity).map(plain),
    references: [...used.values()].filter((c) => !c.identity).map(plain),
    from: times.length ? new Date(min).toISOString() : null,
    to: times.length ? new Date(max).toISOString() : null,
    duplicates: rows('duplicate'),
    unsorted: rows('unsorted'),
    times,
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${grouped(n)} ${n === 1 ? one : many}`;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Bar widths people read at a glance, with their names; the histogram takes the smallest that fits. */
const WIDTHS: ReadonlyArray<[number, string]> = [
  [1, '1 ms'], [10, '10 ms'], [100, '100 ms'], [SECOND, '1 second'], [5 * SECOND, '5 seconds'], [15 * SECOND, '15 seconds'],
  [MINUTE, '1 minute'], [5 * MINUTE, '5 minutes'], [15 * MINUTE, '15 minutes'], [30 * MINUTE, '30 minutes'],
  [HOUR, '1 hour'], [3 * HOUR, '3 hours'], [6 * HOUR, '6 hours'], [12 * HOUR, '12 hours'], [DAY, '1 day'], [7 * DAY, '7 days'],
  [30 * DAY, '30 days'], [91 * DAY, '91 days'], [365 * DAY, '365 days'], [3652 * DAY, '3,652 days'], [36525 * DAY, '36,525 days'],
];

export interface Bins {
  /** Width of every bar in ms, and in words (`3 hours`). */
  width: number;
  widthLabel: string;
  bins: { from: number; to: number; count: number }[];
}

/**
 * Bars of one round width (1 second, 15 minutes, 3 hours, 1 day, …) starting at multiples of it
 * in UTC, the smallest width that needs at most `maxBins` bars; empty for no times.
 */
export function histogram(times: readonly number[], maxBins = 48): Bins {
  if (times.length === 0) return { width: 0, widthLabel: '', bins: [] };
  let min = Infinity;
  let max = -Infinity;
  for (const t of times) {
    if (t < min) min = t;
    if (t > max) max = t;
  }
  const span = (w: number) => Math.floor(max / w) - Math.floor(min / w) + 1;
  const [width, widthLabel] = WIDTHS.find(([w]) => span(w) <= maxBins) ?? [Math.ceil((max - min + 1) / maxBins), `${Math.ceil((max - min + 1) / maxBins / DAY)} days`];
  const first = Math.floor(min / width) * width;
  const n = span(width);
  const bins = Array.from({ length: n }, (_, i) => ({ from: first + i * width, to: first + (i + 1) * width, count: 0 }));
  for (const t of times) bins[Math.min(n - 1, Math.floor((t - first) / width))]!.count++;
  return { width, widthLabel, bins };
}

/** An axis label for a bar edge: as precise as the bars are narrow, without what all labels share. */
function tickLabel(ms: number, width: number, sameDay: boolean, sameYear: boolean): string {
  const iso = new Date(ms).toISOString();
  const date = sameYear ? iso.slice(5, 10) : iso.slice(0, 10);
  if (width >= DAY) return date;
  if (width >= MINUTE) return sameDay ? iso.slice(11, 16) : `${date} ${iso.slice(11, 16)}`;
  if (width >= SECOND) return sameDay ? iso.slice(11, 19) : `${date} ${iso.slice(11, 19)}`;
  return iso.slice(11, 23);
}

/** The histogram as an inline SVG; colours are the theme's CSS variables. Drawn at about the
 *  size a side panel gives it, so its labels stay readable there. */
export function histogramSvg(times: readonly number[]): string {
  const { width, widthLabel, bins } = histogram(times);
  if (bins.length === 0) return '<p class="muted">No ID here holds a creation time.</p>';
  const W = 480, H = 150, left = 4, right = 4, top = 8, bottom = 40;
  const peak = Math.max(...bins.map((b) => b.count));
  const bw = (W - left - right) / bins.length;
  const base = H - bottom;
  const bars = bins.map((b, i) => {
    const h = b.count === 0 ? 0 : Math.max(2, Math.round((b.count / peak) * (base - top)));
    const x = left + i * bw;
    const title = `${new Date(b.from).toISOString()} – ${new Date(b.to).toISOString()}: ${b.count}`;
    return `<rect class="bar" x="${x.toFixed(1)}" y="${base - h}" width="${Math.max(1, bw - 1).toFixed(1)}" height="${h}"><title>${escapeHtml(title)}</title></rect>`;
  });
  // Three or four ticks on bar edges, evenly spread, from the first edge to the last.
  const edges = bins.length;
  const step = Math.max(1, Math.ceil(edges / 3));
  const at: number[] = [];
  for (let i = 0; i < edges; i += step) at.push(i);
  if (edges - at[at.length - 1]! < step / 2 && at.length > 1) at.pop();
  at.push(edges);
  const start = new Date(bins[0]!.from).toISOString();
  const end = new Date(bins[edges - 1]!.to - 1).toISOString();
  const sameDay = start.slice(0, 10) === end.slice(0, 10);
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  const ticks = at.map((i) => {
    const x = left + i * bw;
    const anchor = i === 0 ? 'start' : i === edges ? 'end' : 'middle';
    return `<line class="axis" x1="${x.toFixed(1)}" y1="${base}" x2="${x.toFixed(1)}" y2="${base + 4}"/>`
      + `<text class="label" x="${x.toFixed(1)}" y="${base + 17}" text-anchor="${anchor}">${escapeHtml(tickLabel(bins[0]!.from + i * width, width, sameDay, sameYear))}</text>`;
  });
  const year = sameDay ? ` ${start.slice(0, 10)}` : sameYear && width < 365 * DAY ? ` ${start.slice(0, 4)}` : '';
  const caption = `UTC${year} · one bar per ${widthLabel} · tallest bar: ${plural(peak, 'ID')}`;
  return `<svg class="histogram" viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="Creation times of ${times.length} IDs, ${escapeHtml(caption)}">
<line class="axis" x1="${left}" y1="${base}" x2="${W - right}" y2="${base}"/>
${bars.join('\n')}
${ticks.join('\n')}
<text class="label" x="${left}" y="${H - 4}">${escapeHtml(caption)}</text>
</svg>`;
}

function rowsHtml(title: string, rows: readonly SummaryRow[]): string {
  if (rows.length === 0) return `<h2>${escapeHtml(title)}</h2><p class="muted">None.</p>`;
  const items = rows.map((r) => `<li><a href="#" data-offset="${r.offset}">line ${r.line}</a> <code>${escapeHtml(r.text)}</code> <span class="muted">${escapeHtml(r.message)}</span></li>`);
  return `<h2>${escapeHtml(title)} (${rows.length})</h2><ul>${items.join('')}</ul>`;
}

/** A timestamp that never wraps in the middle. */
const time = (iso: string) => `<strong class="nowrap">${escapeHtml(iso)}</strong>`;
const columnList = (cols: readonly SummaryColumn[]) =>
  cols.map((c) => `<code>${escapeHtml(c.name)}</code> <span class="nowrap">(${plural(c.distinct, 'ID')}, ${plural(c.count, 'time')})</span>`).join(', ');

function sourcesHtml(s: Summary): string {
  const parts: string[] = [];
  if (s.times.length > 0) {
    const from = s.identity.length === 1 && s.identity[0]!.name === 'text' ? '' : ` under ${columnList(s.identity)}`;
    parts.push(`From the ${plural(s.times.length, 'distinct ID')} that hold a time${from}, each counted once.`);
  }
  if (s.references.length > 0) {
    parts.push(`Left out as references (IDs of rows elsewhere, not created here): ${columnList(s.references)}.`);
  }
  return parts.length ? `<p class="muted">${parts.join(' ')}</p>` : '';
}

/** The whole panel. Every piece of document text goes through escapeHtml. */
export function summaryHtml(s: Summary, title: string, nonce: string): string {
  const kinds = Object.entries(s.kinds)
    .map(([k, n]) => `<tr><td>${escapeHtml(k)}</td><td class="num">${s.kindsDistinct[k] ?? 0}</td><td class="num">${n}</td></tr>`).join('');
  const range = s.from ? ` Created from ${time(s.from)} to ${time(s.to ?? '')}.` : '';
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">
body { color: var(--vscode-foreground); background: var(--vscode-editor-background); font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); padding: 0 16px; }
h1 { font-size: 1.3em; } h2 { font-size: 1.1em; margin-top: 1.4em; }
table { border-collapse: collapse; } td, th { padding: 2px 12px 2px 0; text-align: left; } .num { text-align: right; font-variant-numeric: tabular-nums; }
th { font-weight: normal; color: var(--vscode-descriptionForeground); }
.muted { color: var(--vscode-descriptionForeground); }
.nowrap { white-space: nowrap; }
a { color: var(--vscode-textLink-foreground); } a:hover { color: var(--vscode-textLink-activeForeground); }
code { font-family: var(--vscode-editor-font-family); }
.bar { fill: var(--vscode-charts-blue, var(--vscode-textLink-foreground)); }
.axis { stroke: var(--vscode-descriptionForeground); }
.label { fill: var(--vscode-descriptionForeground); font-size: 12px; }
.histogram { max-width: 640px; }
</style></head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${plural(s.distinct, 'distinct ID')} in ${plural(s.count, 'place')}.${range}</p>
<table><tr><th>Kind</th><th class="num">Distinct</th><th class="num">Occurrences</th></tr>${kinds}</table>
<h2>Creation times</h2>
${histogramSvg(s.times)}
${sourcesHtml(s)}
${rowsHtml('Duplicates', s.duplicates)}
${rowsHtml('Out of order', s.unsorted)}
<script nonce="${nonce}">
const vscode = acquireVsCodeApi();
document.addEventListener('click', (e) => {
  const a = e.target.closest && e.target.closest('a[data-offset]');
  if (!a) return;
  e.preventDefault();
  vscode.postMessage({ type: 'reveal', offset: Number(a.dataset.offset) });
});
</script>
</body></html>`;
}
