// The CLI as a process: streaming, pipes, bytes and exit codes can only be seen from outside.
// Runs the binary named by IDSMITH_CLI (`npm run test:cli` sets it to the `idsmith` installed
// from the packed tarball), or else dist/cli.js built from this checkout.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { scan } from '../../src/core';
import { WORKER_MIN_BYTES } from '../../src/cli/scanPool';
import { cli, command, installed, processSuite, root } from './cliBinary';
import { CUID_SPEC, OBJECTID_SPEC, SCRU128_SPEC, ULID_SPEC, XID_SPEC, XRAY_SPEC } from '../shared/vectors';

const ULID = ULID_SPEC;
const ULID_TIME = '2016-07-30T22:36:16.385Z';
const UUID_V7 = '017F22E2-79B0-7CC3-98C4-DC0C0C07398F';
const DISCORD = '175928847299117063';

/**
 * Writes `first` to a running CLI and resolves with its stdout once `expected` has appeared,
 * while stdin is still open: proof that output does not wait for the end of the input.
 */
function outputBeforeEof(args: string[], first: string, expected: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0], [...command[1], ...args]);
    let out = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`no ${expected} before end of input; got ${JSON.stringify(out)}`));
    }, 10_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      if (expected.test(out)) {
        clearTimeout(timer);
        child.stdin.end();
        child.on('close', () => resolve(out));
      }
    });
    child.on('error', reject);
    child.stdin.write(first);
  });
}

describe(`idsmith process (${installed ? 'installed: ' + installed : 'dist/cli.js'})`, function () {
  const tmp = processSuite(this, 'idsmith-cli-test-');

  describe('keys (issue 24)', () => {
    it('keys new, list --json, plan and query from the binary; keys list finds what keys new made', () => {
      const template = 'logs/{hash:2}/{yyyy}/{id}.json.gz';
      const keys = cli(['keys', 'new', '--template', template, '--kind', 'ulid', '-n', '3', '--time', '2025-03-14T09:30:00Z']).stdout.toString().trim().split('\n');
      assert.equal(keys.length, 3);
      const l = cli(['keys', 'list', '--template', template, '--kind', 'ulid', '--from', '2025-03-14T09:30:00Z', '--json']);
      assert.equal(l.status, 0, l.stderr.toString());
      const { requests } = JSON.parse(l.stdout.toString()) as { requests: Array<{ Prefix: string; StartAfter: string; Until: string }> };
      assert.equal(requests.length, 256);
      for (const k of keys) assert.ok(requests.some((r) => k.startsWith(r.Prefix) && k > r.StartAfter && k <= r.Until), k);
      assert.match(cli(['keys', 'plan', '--template', template, '--rate', '20000']).stdout.toString(), /^Template {2}logs/);
      assert.match(cli(['keys', 'query', '--kind', 'ulid', '--from', '2025-03-14', '--sort-key', 'id', '--store', 'sql']).stdout.toString(), /^WHERE id BETWEEN '01JP/);
      const bad = cli(['keys', 'plan', '--template', 'x/{id}/{hh}', '--rate', '1']);
      assert.equal(bad.status, 2);
      assert.match(bad.stderr.toString(), /\{hh\} comes after \{id\}/);
    });
  });

  describe('CUID, CUID2, push IDs, X-Ray, traceparent and .NET byte order (issue 12)', () => {
    it('inspect --json names each kind', () => {
      const ids = [CUID_SPEC, 'tz4a98xxat96iws9zmbrgj3a', '-JhLeOlGIEjaIOFHR0xd',
        XRAY_SPEC, '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'];
      const r = cli(['inspect', '--json', '--', ...ids]);
      assert.equal(r.status, 0, r.stderr.toString());
      const out = JSON.parse(r.stdout.toString());
      assert.deepEqual(out.map((d: { kind: string }) => d.kind), ['cuid', 'cuid2', 'pushid', 'xray', 'traceparent']);
      assert.equal(out[2].time, '2015-02-04T22:15:31.153Z');
    });

    it('convert writes X-Ray, Datadog and .NET forms, and reads .NET only when named', () => {
      const run = (args: string[]) => cli(args).stdout.toString();
      assert.equal(run(['convert', '--to', 'datadog', XRAY_SPEC]), '16266516598257821587\n');
      assert.equal(run(['convert', '--to', 'xray', '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01']), '1-0af76519-16cd43dd8448eb211c80319c\n');
      assert.equal(run(['convert', '--to', 'dotnet-hex', '00112233-4455-6677-8899-aabbccddeeff']), '33221100554477668899aabbccddeeff\n');
      assert.equal(run(['convert', '--from', 'dotnet', '--to', 'uuid', '33221100554477668899aabbccddeeff']), '00112233-4455-6677-8899-aabbccddeeff\n');
    });

    it('new cuid2 and scan --json on a log line', () => {
      const ids = cli(['new', 'cuid2', '-n', '3']).stdout.toString().trim().split('\n');
      assert.equal(ids.length, 3);
      for (const id of ids) assert.match(id, /^[a-z][0-9a-z]{23}$/);
      const found = cli(['scan', '--json'], 'GET /a X-Amzn-Trace-Id: Root=1-5759e988-bd862e3fe1be46a994272793;Sampled=1\n').stdout.toString();
      assert.match(found, /"kind":"xray"/);
    });
  });

  describe('inspect cards', () => {
    it('a UUID v2\'s time to the minute (it printed the window\'s start to the ms), and no date for one dated 4034', () => {
      const r = cli(['inspect', '000003e8-cbb9-21ea-b200-00163e990bdb', 'a1b2c3d4-e5f6-2abc-8def-0123456789ab']);
      assert.equal(r.status, 0, r.stderr.toString());
      const [real, hashed] = r.stdout.toString().split('\n\n');
      assert.match(real!, /\n {2}time +≈ 2020-07-22 01:20Z, to about 7 minutes {2}\(unix ms 1595380601760, the window's start\)\n/);
      assert.doesNotMatch(hashed!, /\n {2}time |4034-09-09T/);
      assert.match(hashed!, /no such ID was made at/);
    });
  });

  describe('streaming', () => {
    for (const [args, line, expected] of [
      [['inspect', '--json'], `${ULID}\n`, /"unixMs": 1469918176385/],
      [['inspect'], `${ULID}\n`, /2016-07-30T22:36:16\.385Z/],
      [['convert', '--to', 'uuid'], `${ULID}\n`, /01563df3-6481-d676-4c61-efb99302bd5b\n/],
      [['scan', '--json'], `x ${ULID} y\n`, /"column":3/],
      [['scan', '--annotate'], `x ${ULID} y\n`, /\[2016-07-30T22:36:16\.385Z\] y\n/],
    ] as const) {
      it(`${args.join(' ')} writes a result before its input ends`, async () => {
        await outputBeforeEof([...args], line, expected);
      });
    }

    it('inspect --json stays one valid JSON array over 200,000 lines', () => {
      const input = `${ULID}\r\n`.repeat(100_000) + `${DISCORD}\n`.repeat(100_000);
      const r = cli(['inspect', '--json', '--epoch', 'discord'], input);
      assert.equal(r.status, 0, r.stderr.toString());
      const parsed = JSON.parse(r.stdout.toString('utf8'));
      assert.equal(parsed.length, 200_000);
      assert.equal(parsed[0].unixMs, 1469918176385);
      assert.equal(parsed[199_999].time, '2016-04-30T11:18:25.796Z');
    });

    it('convert keeps every line of 300,000 and their order', () => {
      const made = cli(['new', 'ulid', '-n', '300000']);
      assert.equal(made.status, 0);
      const uuids = cli(['convert', '--to', 'uuid'], made.stdout);
      assert.equal(uuids.status, 0, uuids.stderr.toString());
      const back = cli(['convert', '--to', 'ulid'], uuids.stdout);
      assert.ok(back.stdout.equals(made.stdout));
    });

    it('new stays distinct and ascending across its write batches of 10,000', () => {
      for (const [kind, time] of [['ulid', undefined], ['snowflake', undefined], ['uuidv7', '2020-01-01T00:00:00Z'], ['ksuid', '2020-01-01T00:00:00Z'],
        ['tsid', '2024-01-01T00:00:00Z'], ['xid', '2024-01-01T00:00:00Z'], ['tid', undefined]]) {
        const r = cli(['new', kind!, '-n', '25000', ...(time ? ['--time', time] : [])]);
        assert.equal(r.status, 0, r.stderr.toString());
        const ids = r.stdout.toString().trim().split('\n');
        assert.equal(ids.length, 25_000);
        for (let i = 1; i < ids.length; i++) {
          const up = kind === 'snowflake' ? BigInt(ids[i]!) > BigInt(ids[i - 1]!) : ids[i]! > ids[i - 1]!;
          assert.ok(up, `${kind} at ${i}: ${ids[i - 1]} then ${ids[i]}`);
        }
      }
    });

    it('inspect --json names the TSID, XID, TID and SCRU128 examples', () => {
      const r = cli(['inspect', '--json', '0AWE5HZP3SKTK', XID_SPEC, '3jzfcijpj2z2a', SCRU128_SPEC]);
      assert.equal(r.status, 0, r.stderr.toString());
      assert.deepEqual(JSON.parse(r.stdout.toString()).map((d: { kind: string }) => d.kind), ['tsid', 'xid', 'tid', 'scru128']);
    });

    it('new writes 255-character NanoIDs in bulk', () => {
      const r = cli(['new', 'nanoid', '--size', '255', '-n', '20000']);
      assert.equal(r.status, 0, r.stderr.toString());
      const ids = r.stdout.toString('utf8').split('\n');
      assert.equal(ids.pop(), '');
      assert.equal(ids.length, 20_000);
      assert.ok(ids.every((id) => id.length === 255));
      assert.equal(new Set(ids).size, 20_000);
    });

    it('exits 0 and quietly when the reader of its pipe goes away (| head)', async () => {
      const { code, err } = await new Promise<{ code: number | null; err: string }>((resolve) => {
        const child = spawn(command[0], [...command[1], 'new', 'ulid', '-n', '5000000']);
        let err = '';
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        child.stdout.once('data', () => child.stdout.destroy());
        child.on('close', (c) => resolve({ code: c, err }));
      });
      assert.equal(err, '');
      assert.equal(code, 0);
    });

    it('a 20 MB line is reported in a short message, not echoed or crashed on', () => {
      const long = 'A'.repeat(20 * 1024 * 1024);
      for (const args of [['inspect'], ['inspect', '--json'], ['convert', '--to', 'uuid']]) {
        const r = cli(args, `${ULID}\n${long}\n${ULID}\n`);
        assert.equal(r.status, 1, `${args.join(' ')}: ${r.stderr.toString().slice(0, 300)}`);
        assert.ok(r.stderr.length < 1000, `${args.join(' ')}: stderr is ${r.stderr.length} bytes`);
        assert.match(r.stderr.toString(), /20,971,520 characters/);
        assert.ok(r.stdout.length < 10_000, `${args.join(' ')}: stdout is ${r.stdout.length} bytes`);
      }
    });
  });

  describe('scan', () => {
    it('finds exactly what the core scanner finds line by line', () => {
      const lines = [
        `ts=2024-01-01 session=${ULID} user=42 order=${UUID_V7}`,
        `GET /v1/items/${DISCORD}?x=1 200 0.004`,
        'sha=3f786850e387550fdab836ed7e6dc881de23001b build 0.1.0',
        'order_ulid:',
        '8ZZZZZZZZZZZZZZZZZZZZZZZZZ just text after a label on the previous line',
        'order_ulid: 8ZZZZZZZZZZZZZZZZZZZZZZZZZ labelled and broken',
        `{"id":"{${UUID_V7.toLowerCase()}}","ref":"urn:uuid:${UUID_V7}"}`,
        'héllo wörld 507f1f77bcf86cd799439011 after two-byte characters',
        'token=YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXo0123456789ABCDEFGHIJ+/01ARYZ6S41TSV4RRFFQ69G5FAV==',
        'no ids here at all',
      ];
      const r = cli(['scan', '--json'], lines.join('\r\n') + '\r\n');
      const got = r.stdout.toString('utf8').trim().split('\n').map((l) => JSON.parse(l));
      const now = Date.now();
      const want = lines.flatMap((line, i) => {
        const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
        return scan(line, { now }).map((m) => ({
          line: i + 1,
          column: bytes(line.slice(0, m.start)) + 1,
          text: m.text,
          kind: m.kind,
          valid: m.decoded.valid,
          ...(m.decoded.valid && m.decoded.unixMs !== undefined ? { unixMs: m.decoded.unixMs } : {}),
        }));
      });
      assert.deepEqual(got, want);
      assert.ok(want.length >= 5, 'the sample has IDs to find');
      assert.ok(want.some((w) => !w.valid && w.line === 6), 'the labelled broken ULID is reported');
      assert.ok(!want.some((w) => w.line === 5), 'a label on the line before does not count');
      assert.equal(r.status, 1, 'an invalid ID was found');
    });

    it('--annotate copies lines without IDs byte for byte and times the others', () => {
      const input = Buffer.concat([
        Buffer.from(`a ${ULID} b\r\n`),
        Buffer.from([0x6e, 0x6f, 0x20, 0xff, 0xfe, 0xc3, 0x28, 0x0d, 0x0a]), // invalid UTF-8, CRLF
        Buffer.from(`\x1b[31mred\x1b[0m ${UUID_V7}\n`),
        Buffer.from('last line without end'),
      ]);
      const r = cli(['scan', '--annotate'], input);
      assert.equal(r.status, 0, r.stderr.toString());
      const expected = Buffer.concat([
        Buffer.from(`a ${ULID} [${ULID_TIME}] b\r\n`),
        Buffer.from([0x6e, 0x6f, 0x20, 0xff, 0xfe, 0xc3, 0x28, 0x0d, 0x0a]),
        Buffer.from(`\x1b[31mred\x1b[0m ${UUID_V7} [2022-02-22T19:22:22.000Z]\n`),
        Buffer.from('last line without end'),
      ]);
      assert.ok(r.stdout.equals(expected), JSON.stringify(r.stdout.toString('latin1')));
    });

    it('reads a 3 MB line in pieces and still finds IDs past the first megabyte', () => {
      const filler = 'lorem ipsum dolor sit amet '.repeat(40_000); // about 1.08 MB
      const line = `${filler}${ULID} ${filler}${ULID} ${filler}end`;
      const input = `${line}\nnext ${ULID}\n`;
      const json = cli(['scan', '--json'], input);
      const got = json.stdout.toString().trim().split('\n').map((l) => JSON.parse(l));
      assert.deepEqual(got.map((g) => [g.line, g.column]), [
        [1, filler.length + 1],
        [1, 2 * filler.length + ULID.length + 2],
        [2, 6],
      ]);
      const annotated = cli(['scan', '--annotate'], input).stdout.toString();
      assert.equal(annotated, input.replaceAll(ULID, `${ULID} [${ULID_TIME}]`));
    });

    it('scans a large file on both cores with the output of one thread: order, lines, byte columns', () => {
      // Over the size at which files go to workers: mixed line lengths, multi-byte text, CRLF,
      // lines of 1.5 MB (cut inside), an invalid ID, no final line end.
      const parts: string[] = [];
      for (let i = 0, size = 0; size <= WORKER_MIN_BYTES; i++, size += parts[parts.length - 1]!.length) {
        const id = [ULID, UUID_V7, DISCORD, `user_01h455vb4pex5vsknk084sn02q`, OBJECTID_SPEC][i % 5];
        parts.push(i % 997 === 0 ? `${'é,'.repeat(400_000)}${id}\r\n` : `${i} héllo ${'x'.repeat(i % 80)} id=${id} ok\n`);
      }
      parts.push('order_ulid: 8ZZZZZZZZZZZZZZZZZZZZZZZZZ');
      const file = join(tmp(), 'big.log');
      writeFileSync(file, parts.join(''));
      for (const mode of ['--json', '--annotate', '']) {
        const args = mode === '' ? ['scan'] : ['scan', mode];
        const fromFile = cli([...args, file]);
        const fromPipe = cli(args, readFileSync(file)); // standard input: one thread
        assert.equal(fromFile.status, 1, `${mode}: ${fromFile.stderr.toString()}`);
        let want = fromPipe.stdout.toString('latin1');
        if (mode === '--json') want = want.replace(/^\{/gm, `{"file":${JSON.stringify(file)},`);
        if (mode === '') want = want.replace(/^(?=[^\n])/gm, `${file}:`);
        assert.ok(want.length > 100_000);
        assert.ok(fromFile.stdout.toString('latin1') === want, mode);
      }
    });

    it('names files in --json, reads - as stdin, and exits 2 for a missing file', () => {
      const file = join(tmp(), 'a.log');
      writeFileSync(file, `x\n${ULID}\n`);
      const r = cli(['scan', '--json', file, '-', join(tmp(), 'missing.log')], `y ${UUID_V7}\n`);
      assert.equal(r.status, 2);
      assert.match(r.stderr.toString(), /missing\.log/);
      const got = r.stdout.toString().trim().split('\n').map((l) => JSON.parse(l));
      assert.deepEqual(got.map((g) => [g.file, g.line, g.column]), [[file, 2, 1], ['-', 1, 3]]);
    });
  });

  describe('sort', () => {
    it('orders lines by their first timed ID, stably, with ID-less lines last; --reverse too', () => {
      const input = [
        `c ${UUID_V7}\r`, // 2022
        'plain one',
        `a ${ULID} first`, // 2016
        `b ${DISCORD}`, // snowflake: no time without --epoch
        `a2 ${ULID} second`,
        'plain two',
      ].join('\n') + '\n';
      const up = cli(['sort'], input).stdout.toString();
      assert.equal(up, [`a ${ULID} first`, `a2 ${ULID} second`, `c ${UUID_V7}\r`, 'plain one', `b ${DISCORD}`, 'plain two'].join('\n') + '\n');
      const down = cli(['sort', '--reverse', '--epoch', 'discord'], input).stdout.toString();
      assert.equal(down, [`c ${UUID_V7}\r`, `a ${ULID} first`, `a2 ${ULID} second`, `b ${DISCORD}`, 'plain one', 'plain two'].join('\n') + '\n');
    });
  });

  describe('every command', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    for (const name of ['inspect', 'convert', 'new', 'bounds', 'scan', 'sort']) {
      it(`${name}: --help and --version on stdout, usage errors on stderr with exit 2`, () => {
        const help = cli([name, '--help']);
        assert.equal(help.status, 0);
        assert.match(help.stdout.toString(), new RegExp(`^usage: idsmith ${name}`));
        assert.match(help.stdout.toString(), /Exit status/);
        const version = cli([name, '--version']);
        assert.equal(version.stdout.toString(), `${pkg.version}\n`);
        const bad = cli([name, '--frobnicate']);
        assert.equal(bad.status, 2);
        assert.equal(bad.stdout.length, 0);
        assert.match(bad.stderr.toString(), /unknown option '--frobnicate'/);
      });
    }

    it('writes no colour or other escape sequences, with or without NO_COLOR', () => {
      for (const env of [{}, { NO_COLOR: '1' }, { FORCE_COLOR: '1' }]) {
        for (const args of [['inspect', ULID], ['scan'], ['--help']]) {
          const r = cli(args, `x ${ULID}\n`, env);
          assert.doesNotMatch(r.stdout.toString() + r.stderr.toString(), /\x1b/);
        }
      }
    });

    it('never echoes terminal controls from the input in human output or messages', () => {
      const hostile = '\x1b]0;PWNED\x07\u202e\x9b31m\x7f';
      for (const args of [['inspect'], ['convert', '--to', 'uuid'], ['inspect', '--json']]) {
        const r = cli(args, `${hostile}\n`);
        const text = r.stdout.toString() + r.stderr.toString();
        assert.doesNotMatch(text, /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202e]/, `${args.join(' ')}: ${JSON.stringify(text)}`);
        assert.match(text, /PWNED/);
      }
    });

    it('exits 1 or 2, never 70, for odd input', () => {
      for (const [args, input] of [
        [['inspect'], '\0\0\0\n'],
        [['convert', '--to', 'ulid'], '\uffff\n'],
        [['scan', '--json'], Buffer.from([0xff, 0x00, 0x0a])],
        [['new', 'uuidv7', '--time', '99999-01-01']],
        [['sort'], ''],
      ] as [string[], (string | Buffer)?][]) {
        const r = cli(args, input);
        assert.ok(r.status === 0 || r.status === 1 || r.status === 2, `${args.join(' ')}: ${r.status} ${r.stderr}`);
      }
    });
  });

  describe('check', () => {
    const B32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    const ulid = (i: number) => {
      let s = '';
      for (let n = Date.UTC(2024, 0, 1) + i, k = 0; k < 10; k++, n = Math.floor(n / 32)) s = B32[n % 32] + s;
      for (let n = i, k = 0; k < 16; k++, n = Math.floor(n / 32)) s += B32[n % 32];
      return s;
    };

    it('checks a 40 MB file under a 20 MB V8 heap (the whole-file reader died there), finding the planted duplicate', function () {
      this.timeout(60_000);
      const path = join(tmp(), 'big.csv');
      const fd = openSync(path, 'w');
      writeSync(fd, 'id,name\n');
      let i = 0;
      // Padded rows: memory grows with distinct IDs (~120k here, about 10 MB of heap), not bytes.
      const pad = ' '.repeat(300);
      for (let size = 0; size < 40 * 1024 * 1024;) {
        const rows: string[] = [];
        for (let k = 0; k < 10_000; k++, i++) rows.push(`${ulid(i === 100_000 ? 3 : i)},user ${i}${pad}\n`);
        const block = rows.join('');
        writeSync(fd, block);
        size += block.length;
      }
      closeSync(fd);
      const r = cli(['check', path], undefined, { NODE_OPTIONS: '--max-old-space-size=20' });
      assert.equal(r.status, 1, r.stderr.toString().slice(0, 400));
      const lines = r.stdout.toString().trim().split('\n');
      assert.equal(lines[0], `${path}:100002:1: duplicate: duplicate ULID under 'column id': first at line 5, column 1`);
      assert.match(lines[1]!, /:100002:1: unsorted: /);
      assert.equal(lines.length, 2);
    });

    it('reports a duplicate under id before the file ends (a named pipe still open)', async function () {
      this.timeout(20_000);
      const fifo = join(tmp(), 'rows.csv');
      execFileSync('mkfifo', [fifo]);
      const child = spawn(command[0], [...command[1], 'check', fifo]);
      const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
      const writer = openSync(fifo, 'w');
      let out = '';
      try {
        writeSync(writer, `id\n${ULID}\n${ULID}\n`);
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no duplicate before the end of the file; got ${JSON.stringify(out)}`)), 10_000);
          child.stdout.on('data', (d: Buffer) => {
            out += d.toString('utf8');
            if (/:3:1: duplicate: /.test(out)) {
              clearTimeout(timer);
              resolve();
            }
          });
        });
      } finally {
        closeSync(writer);
      }
      assert.equal(await closed, 1);
    });
  });
});
