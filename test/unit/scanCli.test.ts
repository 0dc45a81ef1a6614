import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import { main, type CliIo } from '../../src/cli/main';
import { MAX_PIECE } from '../../src/cli/scanInput';
import { encodeUlid } from '../../src/core/formats/ulid';
import { VECTORS } from './helpers';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const ULID = VECTORS.ULID;
const UUID = VECTORS.UUID_V7;

/** `idsmith scan ARGS` with `input` on stdin in chunks of `chunk` bytes; stdout as latin1 (bytes). */
async function scanCli(args: string[], input: Buffer | string, chunk = 16384): Promise<{ code: number; out: string }> {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'latin1') : input;
  let out = '';
  const io: CliIo = {
    stdin: async function* () {
      for (let i = 0; i < bytes.length; i += chunk) yield bytes.subarray(i, i + chunk);
    },
    readFile: (path) => createReadStream(path),
    stdout: (t) => void (out += typeof t === 'string' ? t : Buffer.from(t).toString('latin1')),
    stderr: () => undefined,
    now: () => NOW,
  };
  const code = await main(['scan', ...args], io);
  return { code, out };
}

async function found(input: string, chunk?: number): Promise<Array<{ line: number; column: number; text: string }>> {
  const r = await scanCli(['--json'], input, chunk);
  assert.equal(r.code, 0);
  return r.out.split('\n').filter((l) => l !== '').map((l) => {
    const { line, column, text } = JSON.parse(l);
    return { line, column, text };
  });
}

describe('idsmith scan on lines longer than a piece (issue 22 item 5)', function () {
  this.timeout(60_000);

  it('finds the ULID after 1,048,570 commas, in pieces of 16 KB and in one chunk', async () => {
    const input = `${','.repeat(1_048_570)}${ULID}${','.repeat(3_000_000)}\n`;
    for (const chunk of [16384, input.length]) {
      assert.deepEqual(await found(input, chunk), [{ line: 1, column: 1_048_571, text: ULID }], `chunks of ${chunk}`);
    }
  });

  it('finds an ID at every offset around the cut, with its byte column', async () => {
    for (let at = MAX_PIECE - 40; at <= MAX_PIECE + 2; at += 3) {
      const input = `head\n${','.repeat(at)}${UUID},${ULID}${','.repeat(1_100_000)}\n${ULID}`;
      assert.deepEqual(await found(input, 65536), [
        { line: 2, column: at + 1, text: UUID },
        { line: 2, column: at + 38, text: ULID },
        { line: 3, column: 1, text: ULID },
      ], `UUID at ${at}`);
    }
  });

  it('finds all 200,000 ULIDs of a 7 MB minified JSON, the ones at each MiB boundary included', async () => {
    const ids = Array.from({ length: 200_000 }, (_, i) => {
      const b = new Uint8Array(16).fill(i % 251);
      const ms = Date.UTC(2024, 0, 1) + i;
      for (let k = 0; k < 6; k++) b[k] = Math.floor(ms / 2 ** (8 * (5 - k))) % 256;
      return encodeUlid(b);
    });
    const input = `[${ids.map((id) => `{"id":"${id}"}`).join(',')}]`;
    assert.ok(input.length > 7_000_000);
    const hits = await found(input, 1024 * 1024);
    assert.equal(hits.length, ids.length);
    hits.forEach((h, i) => {
      assert.equal(h.text, ids[i]);
      assert.equal(h.column, 9 + i * 36);
    });
  });

  it('skips a run longer than the cut search and still finds what follows it', async () => {
    const input = `${'a'.repeat(2_500_000)},${ULID}`;
    assert.deepEqual(await found(input, 100_000), [{ line: 1, column: 2_500_002, text: ULID }]);
  });

  it('a 3 MB one-line log of labelled broken IDs and keyed snowflakes: what the same items one per line give', async () => {
    // Each labelled broken ULID or KSUID is held to its line alone (the editor's reading), and
    // each snowflake's key is read from before it: on one long line, both once read the line
    // back to its start per ID (a 1 MB line took minutes).
    const items = ['ulid=8ZZZZZZZZZZZZZZZZZZZZZZZZZ', 'ksuid=zWgEPTl1tmebfsQzFP4bxwgy80V', '"discord_id": 1226273483398647808,', `id=${ULID}`];
    const list = Array.from({ length: 90_000 }, (_, i) => items[i % items.length]!);
    const shape = (out: string) => out.split('\n').filter((l) => l !== '').map((l) => {
      const { text, kind, valid, unixMs } = JSON.parse(l);
      return `${kind} ${text} ${valid} ${unixMs}`;
    });
    const oneLine = await scanCli(['--json'], list.join(' '), 65536);
    const perLine = await scanCli(['--json'], list.join('\n'), 65536);
    assert.ok(oneLine.out.length > 0);
    assert.deepEqual(shape(oneLine.out), shape(perLine.out));
    assert.equal(shape(oneLine.out).length, list.length);
  });

  it('--annotate copies a long line byte for byte, with the time after each ID', async () => {
    const input = `${','.repeat(1_048_570)}${ULID}\r\n\xff\xfe${','.repeat(1_100_000)}${ULID}`;
    const r = await scanCli(['--annotate'], input, 32768);
    const time = ' [2016-07-30T22:36:16.385Z]';
    assert.equal(r.out, `${','.repeat(1_048_570)}${ULID}${time}\r\n\xff\xfe${','.repeat(1_100_000)}${ULID}${time}`);
  });
});

describe('idsmith scan of UTF-16 and UTF-32 with a byte order mark', () => {
  // Read as bytes before: every other byte NUL, so nothing was found (check already decoded it).
  const BOM8 = '\ufeff';
  // Line 2 has characters of 2, 3 and 4 UTF-8 bytes before its ID (one a surrogate pair in UTF-16).
  const text = `${BOM8}id=${ULID}\r\né€😀 user=${UUID} x\n\nlast ${ULID}`;
  const encode = (encoding: 'utf-16le' | 'utf-16be' | 'utf-32le' | 'utf-32be'): Buffer => {
    const le = Buffer.from(text, 'utf16le');
    if (encoding === 'utf-16le') return le;
    if (encoding === 'utf-16be') return Buffer.from(le).swap16();
    const points = [...text].map((c) => c.codePointAt(0)!);
    const b = Buffer.alloc(points.length * 4);
    points.forEach((p, i) => (encoding === 'utf-32le' ? b.writeUInt32LE(p, i * 4) : b.writeUInt32BE(p, i * 4)));
    return b;
  };
  /** `idsmith scan ARGS` of `input` on standard input in chunks of `chunk` bytes, or of a file: stdout as bytes, stderr as text. */
  async function run(args: string[], input: Buffer, chunk: number, file?: string): Promise<{ code: number; out: Buffer; err: string }> {
    const out: Buffer[] = [];
    let err = '';
    const chunks = async function* (reuse: boolean) {
      // A file is read into one buffer, reused for every chunk; standard input comes in new ones.
      const memory = Buffer.alloc(chunk);
      for (let i = 0; i < input.length; i += chunk) {
        const n = input.copy(memory, 0, i, i + chunk);
        yield reuse ? memory.subarray(0, n) : Buffer.from(memory.subarray(0, n));
      }
    };
    const io: CliIo = {
      stdin: () => chunks(false),
      readFile: () => chunks(true),
      stdout: (t) => void out.push(Buffer.from(typeof t === 'string' ? Buffer.from(t) : t)),
      stderr: (t) => void (err += t),
      now: () => NOW,
    };
    const code = await main(['scan', ...args, ...(file === undefined ? [] : [file])], io);
    return { code, out: Buffer.concat(out), err };
  }
  const utf8 = Buffer.from(text, 'utf8');

  for (const encoding of ['utf-16le', 'utf-16be', 'utf-32le', 'utf-32be'] as const) {
    it(`${encoding}: what the same text in UTF-8 with a mark gives (lines, byte columns of the UTF-8 text, --annotate in UTF-8), in any chunks`, async () => {
      const input = encode(encoding);
      for (const args of [['--json'], [], ['--annotate']]) {
        for (const file of [undefined, 'u16.log']) {
          const expected = (await run(args, utf8, 1 << 16, file)).out.toString('utf8');
          assert.ok(expected.length > 0);
          for (const chunk of [1, 2, 3, 5, 7, 64, 1 << 16]) {
            const r = await run(args, input, chunk, file);
            assert.equal(r.code, 0, r.err);
            assert.equal(r.err, '');
            assert.equal(r.out.toString('utf8'), expected, `${args.join(' ')} chunks of ${chunk} ${file ?? 'stdin'}`);
          }
        }
      }
      const lines = (await run(['--json'], input, 3)).out.toString('utf8').trim().split('\n').map((l) => JSON.parse(l));
      assert.deepEqual(lines.map((l) => [l.line, l.column, l.text]), [[1, 7, ULID], [2, 16, UUID], [4, 6, ULID]]);
    });
  }

  it('a cut-short last character is U+FFFD; a mark alone is empty text', async () => {
    const r = await run(['--annotate'], Buffer.concat([encode('utf-16le'), Buffer.from([0x41])]), 5);
    assert.equal(r.out.toString('utf8'), text.replaceAll(ULID, `${ULID} [2016-07-30T22:36:16.385Z]`).replace(UUID, `${UUID} [2022-02-22T19:22:22.000Z]`) + '\ufffd');
    assert.equal((await run(['--annotate'], Buffer.from([0xff, 0xfe]), 1)).out.toString('utf8'), BOM8);
  });

  it('UTF-16 without a mark is not guessed: read as bytes, with a warning on standard error; UTF-8 passes as it is', async () => {
    const input = Buffer.from(`id=${ULID}\n`, 'utf16le');
    const r = await run(['--annotate'], input, 7);
    assert.deepEqual(r.out, input);
    assert.match(r.err, /^idsmith scan: '-': 30 of its first 60 bytes are NUL; UTF-16 is read as UTF-16 only with a byte order mark\n$/);
    const plain = Buffer.from(`\xff\xfe is no mark here: latin1 ${ULID}\n`, 'latin1');
    const p = await run(['--annotate'], Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), plain]), 2);
    assert.equal(p.err, '');
    assert.deepEqual(p.out, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`\xff\xfe is no mark here: latin1 ${ULID} [2016-07-30T22:36:16.385Z]\n`, 'latin1')]));
  });
});
