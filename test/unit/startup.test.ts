// `npm start` is a newcomer's first command (issue 21 items 8 and 13): it opens the sample's tour,
// and installs only what the editor needs, not the database servers of the tests.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error: plain .mjs scripts without type declarations
import { aptPackagesFor } from '../../scripts/bootstrap.mjs';
// @ts-expect-error: plain .mjs scripts without type declarations
import { START_SETTINGS } from '../../test/harness/startSettings.mjs';

const root = join(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

describe('npm start', () => {
  it('opens the sample workspace with its README (the tour) shown', () => {
    assert.equal(START_SETTINGS['workbench.startupEditor'], 'readme');
    assert.ok(existsSync(join(root, 'sample', 'README.md')));
    assert.match(manifest.scripts.start, /test\/harness\/start\.mjs/);
    assert.match(readFileSync(join(root, 'test', 'harness', 'start.mjs'), 'utf8'), /settings: START_SETTINGS/);
  });

  it('installs no database server; npm test does', () => {
    assert.match(manifest.scripts.prestart, /bootstrap\.mjs --for start$/);
    assert.doesNotMatch(manifest.scripts.pretest, /--for start/);
    const start: string[] = aptPackagesFor('start');
    const test: string[] = aptPackagesFor('test');
    for (const server of ['postgresql', 'mariadb-server']) {
      assert.ok(!start.includes(server), `npm start installs ${server}`);
      assert.ok(test.includes(server), `npm test needs ${server}`);
    }
    assert.ok(start.includes('chromium'));
  });
});
