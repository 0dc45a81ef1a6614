import type { CheckResult, FoundId } from '../../core';
import { escapeHtml } from '../shared/html';

export { escapeHtml };

// What "Summarize IDs" reports, computed from a check result without any editor API, so the
// numbers and the panel's HTML can be tested on their own.

export interface SummaryRow {
  text: string;
  kind: string;
  /** Offset in the document, for the reveal link; `line` is 1-based, for people. */
  offset: number;
  line: number;
  message: string;
}

export interface Summary {
  count: number;
  /** Count per kind (`ulid`, `uuidv7`, `snowflake`, …), most frequent first. */
  kinds: Record<string, number>;
  /** Earliest and latest creation time (ISO 8601), null when no ID holds a time. */
  from: string | null;
  to: string | null;
  duplicates: SummaryRow[];
  unsorted: SummaryRow[];
  /** Creation times in Unix ms, for the histogram. */
  times: number[];
}

export function kindLabel(id: Pick<FoundId, 'kind' | 'version'>): string {
  return id.kind === 'uuid' && id.version !== undefined ? `uuidv${id.version}` : id.kind;
}

/** The summary of `result`'s IDs whose offsets fall in [from, to). */
export function summarize(result: CheckResult, lineOf: (offset: number) => number, from = 0, to = Infinity): Summary {
  const ids = result.ids.filter((i) => i.start >= from && i.start < to);
  const counts = new Map<string, number>();
  const times: number[] = [];
  for (const id of ids) {
    const k = kindLabel(id);
    counts.set(k, (counts.get(k) ?? 0) + 1);
    if (id.unixMs !== undefined) times.push(id.unixMs);
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
  return {
    count: ids.length,
    kinds: Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))),
    from: times.length ? new Date(min).toISOString() : null,
    to: times.length ? new Date(max).toISOString() : null,
    duplicates: rows('duplicate'),
    unsorted: rows('unsorted'),
    times,
  };
}

/** Equal-width bins over [min, max]; one bin when every time is the same. */
export function histogram(times: readonly number[], bins = 24): { from: number; to: number; count: number }[] {
  if (times.length === 0) return [];
  let min = Infinity;
  let max = -Infinity;
  for (const t of times) {
    if (t < min) min = t;
    if (t > max) max = t;
  }
  const n = max === min ? 1 : bins;
  const width = (max - min) / n || 1;
  const out = Array.from({ length: n }, (_, i) => ({ from: min + i * width, to: min + (i + 1) * width, count: 0 }));
  for (const t of times) out[Math.min(n - 1, Math.floor((t - min) / width))]!.count++;
  return out;
}

/** The histogram as an inline SVG; colours are the theme's CSS variables. */
export function histogramSvg(times: readonly number[]): string {
  const bins = histogram(times);
  if (bins.length === 0) return '<p class="muted">No ID here holds a creation time.</p>';
  const W = 600, H = 160, pad = 24;
  const peak = Math.max(...bins.map((b) => b.count));
  const bw = (W - 2 * pad) / bins.length;
  const bars = bins.map((b, i) => {
    const h = peak === 0 ? 0 : Math.max(1, Math.round((b.count / peak) * (H - 2 * pad)));
    const x = pad + i * bw;
    const title = `${new Date(b.from).toISOString()} – ${new Date(b.to).toISOString()}: ${b.count}`;
    return `<rect class="bar" x="${x.toFixed(1)}" y="${H - pad - h}" width="${Math.max(1, bw - 2).toFixed(1)}" height="${h}"><title>${escapeHtml(title)}</title></rect>`;
  });
  const first = new Date(bins[0]!.from).toISOString().slice(0, 10);
  const last = new Date(bins[bins.length - 1]!.to).toISOString().slice(0, 10);
  return `<svg class="histogram" viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="Creation times: ${times.length} IDs from ${first} to ${last}">
<line class="axis" x1="${pad}" y1="${H - pad}" x2="${W - pad}" y2="${H - pad}"/>
${bars.join('\n')}
<text class="label" x="${pad}" y="${H - 6}">${escapeHtml(first)}</text>
<text class="label" x="${W - pad}" y="${H - 6}" text-anchor="end">${escapeHtml(last)}</text>
<text class="label" x="${pad}" y="14">${peak} per bin at most</text>
</svg>`;
}

function rowsHtml(title: string, rows: readonly SummaryRow[]): string {
  if (rows.length === 0) return `<h2>${escapeHtml(title)}</h2><p class="muted">None.</p>`;
  const items = rows.map((r) => `<li><a href="#" data-offset="${r.offset}">line ${r.line}</a> <code>${escapeHtml(r.text)}</code> <span class="muted">${escapeHtml(r.message)}</span></li>`);
  return `<h2>${escapeHtml(title)} (${rows.length})</h2><ul>${items.join('')}</ul>`;
}

/** The whole panel. Every piece of document text goes through escapeHtml. */
export function summaryHtml(s: Summary, title: string, nonce: string): string {
  const kinds = Object.entries(s.kinds).map(([k, n]) => `<tr><td>${escapeHtml(k)}</td><td class="num">${n}</td></tr>`).join('');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">
body { color: var(--vscode-foreground); background: var(--vscode-editor-background); font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); padding: 0 16px; }
h1 { font-size: 1.3em; } h2 { font-size: 1.1em; margin-top: 1.4em; }
table { border-collapse: collapse; } td { padding: 2px 12px 2px 0; } .num { text-align: right; font-variant-numeric: tabular-nums; }
.muted { color: var(--vscode-descriptionForeground); }
a { color: var(--vscode-textLink-foreground); } a:hover { color: var(--vscode-textLink-activeForeground); }
code { font-family: var(--vscode-editor-font-family); }
.bar { fill: var(--vscode-charts-blue, var(--vscode-textLink-foreground)); }
.axis { stroke: var(--vscode-descriptionForeground); }
.label { fill: var(--vscode-descriptionForeground); font-size: 11px; }
.histogram { max-width: 720px; }
</style></head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${s.count} ID${s.count === 1 ? '' : 's'}${s.from ? `, created from <strong>${escapeHtml(s.from)}</strong> to <strong>${escapeHtml(s.to ?? '')}</strong>` : ''}.</p>
<table>${kinds}</table>
<h2>Creation times</h2>
${histogramSvg(s.times)}
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
