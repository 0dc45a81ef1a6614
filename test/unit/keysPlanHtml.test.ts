import { strict as assert } from 'node:assert';
import { listKeys, planKeys } from '../../src/core';
import { planHtml, SHOWN_REQUESTS, type PlanPage } from '../../src/editor/keys/planHtml';

// The "Plan Object Keys…" page without an editor: what it says, and that nothing the user typed
// (the template) or a file name can add markup, scripts or links to it.

const EVIL = 'x/<img src=x onerror=alert(1)>/"\'&/{hash:1}/{id}';

function page(template: string, extra: Partial<PlanPage> = {}): PlanPage {
  return {
    template, kind: 'ulid', kindLabel: 'ULID',
    plan: planKeys(template, { rate: 20_000 }),
    others: [planKeys(template, { rate: 20_000, store: 'oss' }), planKeys(template, { rate: 20_000, store: 'gcs' })],
    listing: listKeys(template, 'ulid', Date.UTC(2024, 4, 1), Date.UTC(2024, 4, 2) - 1),
    insert: { label: 'Python (boto3)', file: 'app<b>.py' },
    ...extra,
  };
}

describe('Plan Object Keys page', () => {
  it('says the verdict, the figure and its source, and shows the listing', () => {
    const html = planHtml(page('logs/{hash:2}/{id}.json.gz'), 'n0nce');
    assert.match(html, /fits: 78\.1 writes\/s per prefix is 2\.23% of Amazon S3&#39;s 3,500 writes\/s per partitioned prefix\./);
    assert.match(html, /<a href="https:\/\/docs\.aws\.amazon\.com\/AmazonS3\/latest\/userguide\/optimizing-performance\.html">/);
    assert.match(html, /Listing 2024-05-01T00:00:00\.000Z \.\. 2024-05-01T23:59:59\.999Z: 256 requests/);
    assert.equal((html.match(/<tr><td><code>logs\//g) ?? []).length, SHOWN_REQUESTS);
    assert.match(html, /… and 244 more/);
    assert.match(html, /<button id="insert">Insert Python \(boto3\) listing into app&lt;b&gt;\.py<\/button>/);
  });

  it('escapes the template and file name everywhere; only the nonce\'d style and script run', () => {
    const html = planHtml(page(EVIL), 'n0nce');
    assert.ok(!html.includes('<img'), 'no markup from the template');
    assert.ok(!html.includes('<b>'), 'no markup from the file name');
    assert.match(html, /&lt;img src=x onerror=alert\(1\)&gt;\/&quot;&#39;&amp;/);
    assert.match(html, /content="default-src 'none'; style-src 'nonce-n0nce'; script-src 'nonce-n0nce';"/);
    assert.equal((html.match(/<script/g) ?? []).length, 1);
    assert.match(html, /<script nonce="n0nce">/);
  });

  it('without a file or a listing the button is disabled and says why', () => {
    const noFile = planHtml(page('{id}', { insert: undefined }), 'n');
    assert.match(noFile, /<button disabled>Insert listing<\/button> <span class="muted">Open a file before running the command/);
    const noListing = planHtml(page('{id}', { listing: { error: 'That window needs about 200,000 listing requests <x>' } }), 'n');
    assert.match(noListing, /<p class="over">That window needs about 200,000 listing requests &lt;x&gt;<\/p>/);
    assert.match(noListing, /<button disabled>/);
  });
});
