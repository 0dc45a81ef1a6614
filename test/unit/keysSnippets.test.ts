import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listingSnippet, type KeyListing } from '../../src/core';

// The snippets' text is checked by the tools that read it: bash runs the shell lines (with a
// stand-in `aws` that prints its arguments or a page of keys), node and python parse the others.
// test/aws runs all three against a real S3 API server.

const TRICKY: KeyListing = {
  template: "it's/{id} $HOME `x` \\ \"q\"",
  kind: 'ulid',
  from: '2024-05-01T00:00:00.000Z',
  to: '2024-05-01T23:59:59.999Z',
  requests: [
    { Prefix: "it's/01HW", StartAfter: "it's/01HWRQ6VZZZZZZZZZZZZZZZZZZ $HOME `x` \\ \"q\"", Until: "it's/01HWV9KJZZZZZZZZZZZZZZZZZZ $HOME `x` \\ \"q\"" },
    { Prefix: 'é/\u2028/12', StartAfter: 'é/\u2028/11', Until: 'é/\u2028/13' },
  ],
};

function bash(script: string, env: Record<string, string> = {}): string {
  // --norc: bash reads ~/.bashrc when its stdin is a socket (which it takes for ssh), as node's pipes are.
  return execFileSync('bash', ['--norc', '--noprofile', '-c', script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '', ...env } });
}

describe('keys list snippets', () => {
  it('shell: each line passes the exact Prefix and StartAfter to aws, and $BUCKET', () => {
    const lines = listingSnippet(TRICKY, 'shell').split('\n');
    assert.equal(lines.filter((l) => l.startsWith('aws ')).length, 2);
    // A stand-in aws that writes one argument per line to a file, and lists no keys.
    const dir = mkdtempSync(join(tmpdir(), 'idsmith-snippet-'));
    try {
      for (const [i, r] of TRICKY.requests.entries()) {
        bash(`aws() { printf '%s\\n' "$@" > "$ARGS"; }\n${lines[2 + i]}`, { BUCKET: 'my bucket', ARGS: join(dir, 'args') });
        const got = readFileSync(join(dir, 'args'), 'utf8').trimEnd().split('\n');
        assert.deepEqual(got.slice(0, 8), ['s3api', 'list-objects-v2', '--bucket', 'my bucket', '--prefix', r.Prefix, '--start-after', r.StartAfter]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shell: awk keeps keys up to Until in byte order (digits-only keys too) and stops after it', () => {
    const listing: KeyListing = { ...TRICKY, requests: [{ Prefix: '', StartAfter: '', Until: '1785459115422646272' }] };
    const line = listingSnippet(listing, 'shell').split('\n')[2]!;
    // Numbers compared as numbers would keep 999 (< 1785…) and lose 1785459115422646272 (rounding).
    const page = ['1785459115422646271', '1785459115422646272', '1785459115422646273', '999'];
    const out = bash(`aws() { printf '%s\\n' ${page.map((k) => `'${k}'`).join(' ')}; }\n${line}`);
    assert.deepEqual(out.trimEnd().split('\n'), ['1785459115422646271', '1785459115422646272']);
    const utf8 = { ...TRICKY, requests: [{ Prefix: '', StartAfter: '', Until: 'a/\uFF5E' }] };
    const out2 = bash(`aws() { printf '%s\\n' 'a/~' 'a/\uFF5E' 'a/\u{1F600}' 'b'; }\n${listingSnippet(utf8, 'shell').split('\n')[2]!}`);
    assert.deepEqual(out2.trimEnd().split('\n'), ['a/~', 'a/\uFF5E']);
  });

  it('js: valid JavaScript (node --check), the requests as literals', () => {
    const dir = mkdtempSync(join(tmpdir(), 'idsmith-snippet-'));
    try {
      const text = listingSnippet(TRICKY, 'js');
      writeFileSync(join(dir, 'list.mjs'), text);
      const r = spawnSync(process.execPath, ['--check', join(dir, 'list.mjs')], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      const literal = text.match(/const requests = (\[[\s\S]*?\n {2}\]);/)![1]!;
      // eslint-disable-next-line no-new-func
      assert.deepEqual(new Function(`return ${literal}`)(), TRICKY.requests);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('boto3: valid Python whose requests equal the listing', function () {
    const probe = spawnSync('python3', ['-c', 'import ast, sys'], { encoding: 'utf8' });
    if (probe.status !== 0) this.skip(); // python3 is not part of the toolchain; test/aws says what it ran
    const text = listingSnippet(TRICKY, 'boto3');
    const literal = text.match(/requests = (\[[\s\S]*?\n {4}\])/)![1]!;
    const r = spawnSync('python3', ['-c', 'import ast, json, sys\nsrc = sys.stdin.read()\nast.parse(src.split("\\x00")[0])\nprint(json.dumps(ast.literal_eval(src.split("\\x00")[1])))'], {
      input: `${text}\x00${literal}`, encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), TRICKY.requests);
  });
});
