// The installed CLI at the edges real data and real scripts reach (issue 22): each case ran on
// the old build (main at 0b18155) and failed there; the issue item is named in each title.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, ensureBuilt, installed } from './cliBinary';

const out = (r: { stdout: Buffer }): string => r.stdout.toString('utf8');
const err = (r: { stderr: Buffer }): string => r.stderr.toString('utf8');

describe(`idsmith at the edges (${installed ? 'installed: ' + installed : 'dist/cli.js'})`, function () {
  this.timeout(60_000);
  let dir: string;

  before(function () {
    this.timeout(120_000);
    ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'idsmith-cli-edges-'));
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  describe('item 2: a snowflake layout holds its bit width', () => {
    it('inspect: a number wider than the layout is invalid (exit 1) with a message that says so', () => {
      for (const [epoch, value, why] of <[string, string, RegExp][]>[
        ['epoch=2015-01-01,unit=1s,time=40', '9223372036854775807', /wider than the Custom layout, which holds 40 bits/],
        ['baidu', '18446744073709551615', /wider than the Baidu uid-generator layout, which holds 63 bits .*to 2024-11-20T21:24:15\.000Z/],
        ['sonyflake', '18446744073709551615', /wider than the Sonyflake layout, which holds 63 bits .*to 2188-11-16/],
        ['epoch=2020-01-01,unit=1ms,time=41,seq=10', '9223372036854775807', /which holds 51 bits/],
      ]) {
        const r = cli(['inspect', '--json', '--epoch', epoch, value]);
        assert.equal(r.status, 1, `${epoch}: ${err(r)}`);
        const [d] = JSON.parse(out(r));
        assert.equal(d.valid, false);
        assert.match(d.error, why);
        assert.match(err(r), why);
      }
    });

    it('check reads the file and calls a too-wide labelled snowflake invalid, instead of "Invalid time value" (exit 2) or the year 43159', () => {
      const file = join(dir, 'wide.json');
      writeFileSync(file, '[{"snowflake_id": "1329384756473829384"}, {"snowflake_id": "1329384756473829384"}]\n');
      for (const [epoch, bits] of [['epoch=2020-01-01,unit=1ms,time=41,seq=3', 44], ['epoch=2020-01-01,unit=1ms,time=41,seq=10', 51]]) {
        const r = cli(['check', '--epoch', String(epoch), file]);
        assert.equal(r.status, 1, `${epoch}: exit ${r.status} ${err(r)}`);
        assert.match(out(r), new RegExp(`:1:20: invalid: .*wider than the Custom layout, which holds ${bits} bits`));
        assert.doesNotMatch(out(r) + err(r), /Invalid time value|\+0\d{5}-/);
      }
    });

    it('new: Baidu ran out of time on 2024-11-20, and the message says so in dates', () => {
      const r = cli(['new', 'snowflake', '--epoch', 'baidu']);
      assert.equal(r.status, 1);
      assert.match(err(r), /Baidu uid-generator snowflakes hold times from 2016-05-20T00:00:00\.000Z to 2024-11-20T21:24:15\.000Z; got 20\d\d-/);
      assert.equal(out(cli(['new', 'snowflake', '--epoch', 'baidu', '--time', '2024-11-20T21:24:15Z'])), '9223372002495037440\n');
    });
  });
});
