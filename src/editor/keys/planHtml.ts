import { formatRate, KEYS_PER_CALL, type KeyListing, type KeyPlan } from '../../core';
import { contentSecurityPolicy, escapeHtml as h } from '../shared/html';
import { grouped } from '../../core/grouped';

// The page "Plan Object Keys…" shows: the plan for the chosen store, the other stores beside
// it, the listing of the window, and one button that inserts the listing as code into the file
// the command started from. Drawn without any editor API, so its text and escaping are tested
// on their own. Every value that is not Idsmith's markup (the template above all) is escaped.

export interface PlanPage {
  template: string;
  kind: string;
  kindLabel: string;
  plan: KeyPlan;
  /** The same template and rates on the other stores. */
  others: readonly KeyPlan[];
  /** The window's listing, or why there is none (too many requests, a digit change). */
  listing: KeyListing | { error: string };
  /** What the button inserts, and where; no target: the command started without a text editor. */
  insert?: { label: string; file: string };
}

/** Requests shown in the page; the inserted snippet holds all of them. */
export const SHOWN_REQUESTS = 12;

function verdictClass(p: KeyPlan): string {
  return p.verdict === 'fits' ? 'fits' : p.verdict === 'ramp' ? 'ramp' : 'over';
}

function perPrefix(p: KeyPlan): string {
  return p.store.combined
    ? `${formatRate(p.writesPerPrefix + p.readsPerPrefix)} requests/s`
    : `${formatRate(p.writesPerPrefix)} writes/s${p.reads ? `, ${formatRate(p.readsPerPrefix)} reads/s` : ''}`;
}

function smallest(p: KeyPlan): string {
  return p.smallestHash === 0 ? 'none needed' : `{hash:${p.smallestHash}}: ${grouped(16 ** p.smallestHash)} prefixes`;
}

function listingHtml(listing: PlanPage['listing']): string {
  if ('error' in listing) return `<h2>Listing</h2><p class="over">${h(listing.error)}</p>`;
  const rows = listing.requests.slice(0, SHOWN_REQUESTS).map((r) =>
    `<tr><td><code>${h(r.Prefix)}</code></td><td><code>${h(r.StartAfter)}</code></td><td><code>${h(r.Until)}</code></td></tr>`);
  const more = listing.requests.length - SHOWN_REQUESTS;
  return `<h2>Listing ${h(listing.from)} .. ${h(listing.to)}: ${grouped(listing.requests.length)} request${listing.requests.length === 1 ? '' : 's'}</h2>
<p class="muted">ListObjectsV2 with Prefix and StartAfter, paginated; keep keys up to Until (byte order) and stop at the first key above it.</p>
<table class="requests"><tr><th>Prefix</th><th>StartAfter</th><th>Until</th></tr>${rows.join('')}</table>
${more > 0 ? `<p class="muted">… and ${grouped(more)} more, all in the inserted listing.</p>` : ''}
${listing.note ? `<p class="muted">${h(listing.note)}</p>` : ''}`;
}

function buttonHtml(page: PlanPage): string {
  const canInsert = page.insert !== undefined && !('error' in page.listing);
  if (!canInsert) {
    const why = page.insert === undefined ? 'Open a file before running the command to insert the listing into it.' : 'No listing to insert.';
    return `<p><button disabled>Insert listing</button> <span class="muted">${h(why)}</span></p>`;
  }
  return `<p><button id="insert">Insert ${h(page.insert!.label)} listing into ${h(page.insert!.file)}</button> <span class="muted">at its cursor, on lines of its own</span></p>`;
}

export function planHtml(page: PlanPage, nonce: string): string {
  const p = page.plan;
  const rc = p.readCost;
  const hours = rc.windowMs / 3_600_000;
  const others = page.others.map((o) =>
    `<tr><td>${h(o.store.name)}</td><td>${h(o.store.statement)}</td><td class="num">${h(perPrefix(o))}</td><td class="${verdictClass(o)}">${h(o.verdict)}</td><td>${h(smallest(o))}</td></tr>`).join('');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(nonce)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Object keys: ${h(page.template)}</title>
<style nonce="${nonce}">
body { color: var(--vscode-foreground); background: var(--vscode-editor-background); font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); padding: 0 16px 16px; }
h1 { font-size: 1.3em; } h2 { font-size: 1.1em; margin-top: 1.4em; }
table { border-collapse: collapse; } td, th { padding: 2px 12px 2px 0; text-align: left; vertical-align: top; } .num { text-align: right; font-variant-numeric: tabular-nums; }
th { color: var(--vscode-descriptionForeground); font-weight: normal; }
.muted { color: var(--vscode-descriptionForeground); }
.fits { color: var(--vscode-testing-iconPassed, var(--vscode-foreground)); }
.over { color: var(--vscode-errorForeground); }
.ramp { color: var(--vscode-editorWarning-foreground, var(--vscode-foreground)); }
.verdict { border-left: 3px solid currentColor; padding: 4px 10px; }
code { font-family: var(--vscode-editor-font-family); }
.requests code { font-size: 0.9em; }
a { color: var(--vscode-textLink-foreground); }
button { color: var(--vscode-button-foreground); background: var(--vscode-button-background); border: none; padding: 6px 12px; cursor: pointer; font: inherit; }
button:hover { background: var(--vscode-button-hoverBackground); }
button:disabled { opacity: 0.5; cursor: default; }
</style></head>
<body>
<h1>Object keys: <code>${h(page.template)}</code></h1>
<p>${h(page.kindLabel)} IDs, ${h(formatRate(p.rate))} new objects per second${p.reads ? ` and ${h(formatRate(p.reads))} reads` : ''}, on ${h(p.store.name)}.</p>
<p class="verdict ${verdictClass(p)}">${h(p.summary)}</p>
${buttonHtml(page)}
<table>
<tr><th>Prefixes new writes spread over</th><td>${grouped(p.prefixes)}${p.prefixes === 1 ? ' (no {hash:N})' : ''}</td></tr>
<tr><th>Per prefix</th><td>${h(perPrefix(p))}</td></tr>
<tr><th>Published figure</th><td>${h(p.store.statement)}<br><a href="${h(p.store.url)}">${h(p.store.source)}</a></td></tr>
<tr><th>Smallest {hash:N}</th><td>${h(smallest(p))}</td></tr>
<tr><th>Reading ${hours === 1 ? 'one hour' : `${h(formatRate(hours))} hours`}</th><td>${grouped(rc.requests)} listing requests, ${h(formatRate(rc.objects))} objects, about ${grouped(rc.calls)} calls of ${grouped(KEYS_PER_CALL)} keys</td></tr>
</table>
${p.notes.length > 0 ? `<ul class="muted">${p.notes.map((n) => `<li>${h(n)}</li>`).join('')}</ul>` : ''}
<h2>Other stores</h2>
<table><tr><th>Store</th><th>Published figure</th><th>Per prefix</th><th>Verdict</th><th>Smallest hash</th></tr>${others}</table>
${listingHtml(page.listing)}
<script nonce="${nonce}">
const vscode = acquireVsCodeApi();
const button = document.getElementById('insert');
if (button) button.addEventListener('click', () => vscode.postMessage({ type: 'insert' }));
</script>
</body></html>`;
}
