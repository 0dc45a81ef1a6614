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
