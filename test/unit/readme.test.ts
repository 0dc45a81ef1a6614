// The README is also the extension's page in the editor and on the Marketplace: it must lead with
// what a user does, and every picture and document it links to must be there, in the repository
// and in the VSIX, with relative paths that work offline (issue 21 item 7).
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error: a plain .mjs script without type declarations
import { relativeLinks } from '../../scripts/readmeLinks.mjs';

const root = join(import.meta.dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const headings = readme.split('\n').filter((l) => /^##? /.test(l));
const links: string[] = relativeLinks(readme);

describe('README', () => {
  it('says how to install before anything about developing, and keeps the two commands in Develop', () => {
    const install = headings.indexOf('## Install');
    const develop = headings.indexOf('## Develop');
    assert.ok(install > 0 && develop > install, headings.join(' | '));
    const installText = readme.slice(readme.indexOf('## Install'), readme.indexOf('\n## ', readme.indexOf('## Install') + 1));
    for (const part of ['code --install-extension', '.vsix', 'Install from VSIX', 'idsmith.idsmith', 'Open VSX', 'Marketplace']) {
      assert.ok(installText.includes(part), `Install lacks ${part}`);
    }
    const developText = readme.slice(readme.indexOf('## Develop'));
    for (const command of ['npm start', 'npm test', 'bash .ci/run']) assert.ok(developText.includes(command), `Develop lacks ${command}`);
    assert.match(readFileSync(join(root, '.ci', 'run'), 'utf8'), /^npm test$/m, 'the test command .ci/run uses is the one the README names');
  });

  it('has a cheat-sheet of five lines right after Install', () => {
    assert.equal(headings[headings.indexOf('## Install') + 1], '## Five things to know');
    const start = readme.indexOf('## Five things to know');
    const rows = readme.slice(start, readme.indexOf('\n## ', start + 1)).split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| ---') && !/^\| \| \|$/.test(l));
    assert.equal(rows.length, 5, rows.join('\n'));
    for (const key of ['Ctrl+Alt+U', 'Ctrl+.', 'Hover', 'Inspect']) assert.ok(rows.join(' ').includes(key), key);
  });

  it('links every picture and document by a relative path that exists', () => {
    assert.ok(links.some((l) => l.endsWith('.png')), 'the README has pictures');
    for (const link of links) assert.ok(existsSync(join(root, decodeURIComponent(link))), `${link} does not exist`);
    assert.ok(!/github\.com\/idsmith\/idsmith\/(raw|blob)/.test(readme), 'no placeholder repository addresses');
    for (const doc of ['docs/performance.md', 'docs/develop.md']) assert.ok(links.includes(doc), `links ${doc}`);
  });

  it('claims no UUID version it does not insert or read', () => {
    for (const [file, text] of [['README.md', readme], ['package.nls.json', readFileSync(join(root, 'package.nls.json'), 'utf8')]] as const) {
      assert.ok(!/v1[–-]v8/.test(text), `${file} says UUID v1–v8`);
    }
  });

  it('ships every picture and document it links to in the VSIX, unrewritten', function () {
    this.timeout(60_000);
    const vsce = join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
    const ls = spawnSync(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: root, encoding: 'utf8' });
    assert.equal(ls.status, 0, ls.stderr);
    const files = new Set(ls.stdout.split('\n').map((l) => l.trim()).filter(Boolean));
    for (const link of links.filter((l) => l !== 'LICENSE')) assert.ok(files.has(link), `${link} is not in the VSIX (.vscodeignore)`);
    // Every picture shipped is one the page shows: no dead weight in the download.
    for (const file of files) if (file.endsWith('.png') && file !== 'media/icon.png') assert.ok(links.includes(file), `${file} ships but the README does not show it`);
    assert.match(readFileSync(join(root, 'scripts', 'package.mjs'), 'utf8'), /'--no-rewrite-relative-links'/);
  });
});
