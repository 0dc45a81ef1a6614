// The installed CLI at the edges real data and real scripts reach (issue 22): each case ran on
// the old build (main at 0b18155) and failed there; the issue item is named in each title.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, command, installed, processSuite } from './cliBinary';
import { CUID_SPEC, ULID_SPEC, UUID_V1_RFC } from '../shared/vectors';

const out = (r: { stdout: Buffer }): string => r.stdout.toString('utf8');
const err = (r: { stderr: Buffer }): string => r.stderr.toString('utf8');

describe(`idsmith at the edges (${installed ? 'installed: ' + installed : 'dist/cli.js'})`, function () {
  const tmp = processSuite(this, 'idsmith-cli-edges-');

  describe('a snowflake under YAML keys at the very start of a file', () => {
    it('scan ends: a text that starts with a line end and an indented key was read back line by line forever', () => {
      // yamlParents read the line before the first line again (lastIndexOf at -1 reads 0). Run
      // with a time limit: a loop in the process must fail the test, not hang the suite.
      const file = join(tmp(), 'leading-newline.yaml');
      writeFileSync(file, '\n  id: 1076160957758424231\n');
      for (const args of [['scan', file], ['scan', '--json', file], ['check', file]]) {
        const r = spawnSync(command[0], [...command[1], ...args], { timeout: 20_000 });
        assert.equal(r.signal, null, `${args.join(' ')}: ${r.signal} after 20 s`);
        assert.ok(r.status === 0 || r.status === 1, `${args.join(' ')}: exit ${r.status}: ${err(r)}`);
      }
    });
  });

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
      const file = join(tmp(), 'wide.json');
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

  describe('item 3: parallel processes with distinct node ids', () => {
    /** Runs two `idsmith new` at once and resolves with both outputs and standard errors. */
    function twoAtOnce(a: string[], b: string[]): Promise<{ out: string[][]; err: string[] }> {
      const one = (args: string[]) => new Promise<{ out: string[]; err: string }>((resolve, reject) => {
        const child = spawn(command[0], [...command[1], ...args]);
        let out = '', err = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        child.on('error', reject);
        child.on('close', () => resolve({ out: out.trim().split('\n'), err }));
      });
      return Promise.all([one(a), one(b)]).then(([x, y]) => ({ out: [x.out, y.out], err: [x.err, y.err] }));
    }

    it('two runs of 200,000 at once share no ID with --worker 1 and --worker 2; with the defaults both warn', async () => {
      const n = ['new', 'snowflake', '--epoch', 'discord', '-n', '200000'];
      const distinct = await twoAtOnce([...n, '--worker', '1'], [...n, '--worker', '2']);
      assert.deepEqual(distinct.err, ['', '']);
      const seen = new Set(distinct.out[0]);
      assert.equal(seen.size, 200_000);
      assert.equal(distinct.out[1]!.filter((id) => seen.has(id)).length, 0);
      const same = await twoAtOnce(n, n);
      for (const e of same.err) assert.match(e, /warning: these snowflake IDs carry the default workerId 0 and processId 0/);
    });
  });

  describe('item 9: an explicit empty argument', () => {
    it("inspect '', inspect --json '' and convert --to uuid '' exit 1, as '   ' does", () => {
      for (const args of [['inspect', ''], ['inspect', '--json', ''], ['convert', '--to', 'uuid', ''], ['inspect', '   ']]) {
        const r = cli(args);
        assert.equal(r.status, 1, args.join(' '));
        assert.notEqual(err(r), '');
      }
      assert.equal(JSON.parse(out(cli(['inspect', '--json', ''])))[0].valid, false);
    });
  });

  describe('item 10: a write error other than EPIPE', () => {
    it('> /dev/full: one line naming the error, exit 74, for a large and a small output', () => {
      const full = openSync('/dev/full', 'w');
      try {
        for (const args of [['new', 'ulid', '-n', '1000000'], ['inspect', ULID_SPEC], ['new', '--help']]) {
          const r = spawnSync(command[0], [...command[1], ...args], { stdio: ['pipe', full, 'pipe'] });
          assert.equal(r.status, 74, `${args.join(' ')}: ${r.stderr}`);
          assert.equal(r.stderr.toString(), 'idsmith: cannot write standard output: ENOSPC: no space left on device\n');
        }
      } finally {
        closeSync(full);
      }
    });
  });

  describe('items 15 and 17', () => {
    it('new snowflake --time T -n 1,000,000 and uuidv6 --time T: unique and ascending (the fixed-time path)', () => {
      for (const kind of ['snowflake', 'uuidv6']) {
        const r = cli(['new', kind, '--time', '2024-01-01T00:00:00Z', '-n', '1000000', ...(kind === 'snowflake' ? ['--worker', '1'] : [])]);
        assert.equal(r.status, 0, err(r));
        const ids = out(r).trim().split('\n');
        assert.equal(ids.length, 1_000_000);
        const key = kind === 'snowflake' ? (id: string) => id.padStart(20, '0') : (id: string) => id;
        for (let i = 1; i < ids.length; i++) assert.ok(key(ids[i - 1]!) < key(ids[i]!), `${kind} at ${i}`);
      }
    });

    it('--epoch of 10 digits, range errors in dates, --name \'\', --time +010889-…', () => {
      const e = cli(['inspect', '--epoch', '1420070400', '175928847299117063']);
      assert.equal(e.status, 2);
      assert.match(err(e), /that is Unix seconds \(2015-01-01T00:00:00\.000Z\); an epoch is given in milliseconds \(1420070400000\)/);
      assert.match(err(cli(['new', 'ulid', '--time', '0000-01-01'])), /; got 0000-01-01T00:00:00\.000Z\.\n$/);
      assert.equal(out(cli(['new', 'uuidv5', '--namespace', 'dns', '--name', ''])), '4ebd0208-8328-5d69-8c44-ec50939c0967\n');
      assert.equal(cli(['new', 'ulid', '--time', '+010889-08-02T05:31:50.655Z']).status, 0);
      assert.equal(cli(['new', 'nanoid', '--size', '0']).status, 2);
      assert.equal(cli(['new', 'cuid2', '--size', '33']).status, 2);
    });
  });

  describe('items 7 and 8: --from, read-back, every reading', () => {
    it('convert --to scru128 of 300 UUID v4s reads back to the same UUIDs, with and without --from', () => {
      const uuids = out(cli(['new', 'uuidv4', '-n', '300']));
      const scru = cli(['convert', '--to', 'scru128'], uuids);
      assert.equal(scru.status, 0, err(scru));
      for (const from of [[], ['--from', 'scru128']]) {
        const back = cli(['convert', '--to', 'uuid', ...from], scru.stdout);
        assert.equal(back.status, 0, err(back).slice(0, 300));
        assert.equal(out(back), uuids);
      }
      assert.equal(out(cli(['convert', '--to', 'uuid', 'f5lxx1zz5pnorynqglhzmsp33'])), 'ffffffff-ffff-ffff-ffff-ffffffffffff\n');
    });

    it('every convert target reads back with --from of that target', () => {
      const id = ULID_SPEC;
      const hex = out(cli(['convert', '--to', 'hex', id])).trim();
      for (const target of ['ulid', 'uuid', 'typeid:user', 'scru128', 'xray', 'hex', 'int', 'base64', 'base64url', 'uuid-upper', 'uuid-braces',
        'uuid-urn', 'dotnet-hex', 'dotnet-base64']) {
        const written = out(cli(['convert', '--to', target, id])).trim();
        const from = target.startsWith('typeid') ? 'typeid' : target;
        const r = cli(['convert', '--from', from, '--to', 'hex', written]);
        assert.equal(out(r).trim(), hex, `${target}: ${written} ${err(r)}`);
      }
      assert.equal(out(cli(['convert', '--from', 'datadog', '--to', 'hex', '5508958850619529562'])), '00000000000000004c73c0e30d6bd95a\n');
      // UUID_TO_BIN(u, 1) is written for a v1 only (issue 21 item 4), and reads back.
      const v1 = UUID_V1_RFC;
      assert.equal(out(cli(['convert', '--from', 'mysql-bin', '--to', 'uuid', out(cli(['convert', '--to', 'mysql-bin', v1])).trim()])), `${v1}\n`);
    });

    it('inspect --from KIND, and text of a shape it lists is read (implausible: marked, exit 0)', () => {
      const r = cli(['inspect', '--json', '02kgdyqxpmsigcudfxvmyvkqr', 'zzzzzzzzabcdefghijkl']);
      assert.equal(r.status, 0, err(r));
      assert.deepEqual(JSON.parse(out(r)).map((d: { kind: string; plausible?: boolean }) => [d.kind, d.plausible]), [['scru128', false], ['pushid', false]]);
      assert.match(out(cli(['inspect', '02kgdyqxpmsigcudfxvmyvkqr'])), /note +implausible date/);
      const as = cli(['inspect', '--json', '--from', 'scru128', CUID_SPEC]);
      assert.equal(JSON.parse(out(as))[0].kind, 'scru128');
      assert.equal(cli(['inspect', '--from', 'bogus', 'x']).status, 2);
      const unknown = cli(['inspect', '02kgdyqxpmsigcud-xvmyvkqr']);
      assert.equal(unknown.status, 1);
      assert.match(err(unknown), /Nearest: SCRU128 IDs \(25 base36 chars\); /);
      assert.doesNotMatch(err(unknown), /Idsmith reads ULIDs/);
    });
  });

  describe('scan of UTF-16 (second edge-input hunt)', () => {
    it('a UTF-16LE file large enough for workers, and on standard input: what the text in UTF-8 with a mark gives (found nothing before)', function () {
      this.timeout(120_000);
      // 9 million characters: 18 MB in UTF-16, past the 16 MB from which a file goes to workers.
      const lines: string[] = [];
      for (let i = 0, size = 0; size < 9_000_000; i++) {
        const line = `2026-11-01T00:00:${String(i % 60).padStart(2, '0')}Z INFO é€😀 user=${ULID_SPEC} n=${i}`;
        lines.push(line);
        size += line.length + 1;
      }
      const text = `\ufeff${lines.join('\n')}\n`;
      const dir = tmp();
      const u16 = join(dir, 'big.u16.log');
      const u8 = join(dir, 'big.u8.log');
      writeFileSync(u16, Buffer.from(text, 'utf16le'));
      writeFileSync(u8, text, 'utf8');
      const expected = cli(['scan', '--json', u8]);
      assert.equal(expected.status, 0, err(expected));
      assert.equal(out(expected).split('\n').length - 1, lines.length);
      const file = cli(['scan', '--json', u16]);
      assert.equal(file.status, 0, err(file));
      assert.equal(err(file), '');
      assert.equal(out(file), out(expected).replaceAll(JSON.stringify(u8), JSON.stringify(u16)));
      const piped = cli(['scan', '--annotate'], Buffer.from(text, 'utf16le'));
      assert.equal(piped.status, 0, err(piped));
      assert.ok(out(piped) === out(cli(['scan', '--annotate', u8])), 'standard input: --annotate writes the UTF-8 text');
    });
  });
});
