// The fast check (issue 23 item 4) held against the check as it was before it (checkOracle/, a
// copy of commit 60a191e): random CSV, TSV, JSON Lines and JSON files made of the values the
// fast paths take apart (IDs the scan rules' gate must let through or may skip, repeated values
// the memory answers, ISO times in and out of the shape read without the pattern, CR, LF and
// CRLF, quotes, escapes, byte order marks, UTF-16, non-ASCII text, labelled and invalid IDs),
// given in random pieces: the same problems, in the same order, and the same IDs.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { bytesWriter, createCheck, type CheckProblem, type FoundId } from '../../src/core';
import { isoUtcMs, isoUtcMsOf, timeValueMs } from '../../src/core/check/rowTime';
import { encodeUlid, formatUuid } from '../../src/core';
import { createCheck as oracleCheck } from './checkOracle/index';
import { isAscii } from 'node:buffer';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkPiece, type PieceCheck, type PieceJob } from '../../src/core';
import { checkInPieces, piecesFormat, type PieceJudge } from '../../src/cli/checkPieces';
import { CheckPool, prestartCheckWorkers, prestartedCheckCount } from '../../src/cli/checkPool';
import { WORKER_MIN_BYTES } from '../../src/cli/scanPool';
import { timeValueMs as oracleTimeValueMs } from './checkOracle/rowTime';

const NOW = Date.UTC(2026, 10, 21);

/** A ULID of `ms` whose random part is `seed` spread over 10 bytes. */
function ulid(ms: number, seed: number): string {
  const b = new Uint8Array(16);
  for (let i = 5, v = ms; i >= 0; i--, v = Math.floor(v / 256)) b[i] = v % 256;
  for (let i = 6; i < 16; i++) b[i] = (seed * (i + 7) * 2654435761) >>> 24;
  return encodeUlid(b);
}

function uuid(seed: number, version: number): string {
  const b = new Uint8Array(16);
  for (let i = 0; i < 16; i++) b[i] = (seed * (i + 3) * 2246822519) >>> 24;
  if (version === 7) for (let i = 5, v = Date.UTC(2024, 5, 1) + seed * 1000; i >= 0; i--, v = Math.floor(v / 256)) b[i] = v % 256;
  b[6] = (b[6]! & 0x0f) | (version << 4);
  b[8] = (b[8]! & 0x3f) | 0x80;
  return formatUuid(b);
}

const T0 = Date.UTC(2024, 0, 1);
const iso = (ms: number): string => new Date(ms).toISOString();

/** Values of one cell, from a seed: what each fast path decides on. */
const VALUE_MAKERS: ((n: number) => string)[] = [
  (n) => ulid(T0 + n * 60_000, n), // ascending ULIDs
  (n) => ulid(T0 + (n % 7) * 60_000, n % 3), // repeats (duplicates, remembered values)
  (n) => ulid(Date.UTC(2031, 0, 1) + n, n), // future
  (n) => ulid(T0 - 40 * 86_400_000 + n, n).toLowerCase(), // old, lower case
  (n) => ulid(T0 + n, n).slice(0, 10) + 'IL' + ulid(T0 + n, n).slice(12), // invalid under a label
  (n) => uuid(n % 5, 4), // a few customers
  (n) => uuid(n, 7),
  (n) => uuid(n, 4).replace(/-/g, ''),
  (n) => `{${uuid(n, 4)}}`,
  (n) => `urn:uuid:${uuid(n, 7)}`,
  (n) => iso(T0 + n * 61_000), // created_at, as nearly every file writes it
  (n) => iso(T0 + n * 61_000).replace('T', ' ').replace('Z', 'z'),
  (n) => iso(T0 + n * 61_000).slice(0, 19) + '.' + '123456789'.slice(0, 1 + (n % 9)) + 'Z',
  (n) => iso(T0 + n * 61_000).slice(0, 19) + 'Z',
  (n) => iso(T0 + n * 61_000).slice(0, 19) + '+02:30',
  (n) => ` ${iso(T0 + n * 86_400_000)} `,
  (n) => `2024-${String(10 + (n % 5)).padStart(2, '0')}-${String(28 + (n % 6))}T2${n % 6}:6${n % 3}:59.9Z`, // out of range: Date.UTC rolls over
  (n) => `2024-01-0${1 + (n % 9)}`,
  (n) => `0024-01-01T00:00:0${n % 10}.000Z`, // a two-digit year to Date.UTC
  (n) => `2024-01-01T00:00:00.${'0'.repeat(10 + (n % 2))}Z`, // too many fraction digits
  (n) => String(Math.floor((T0 + n * 1000) / 1000)), // Unix seconds
  (n) => String(T0 + n * 1000), // Unix ms
  (n) => `user${n}@example.com`,
  (n) => `user ${n}`,
  (n) => `na"me, ${n}`,
  (n) => `é ${n} 😀 ${ulid(T0 + n, n)}`,
  (n) => `tenant%2F${ulid(T0 + n, n)}`,
  (n) => `failed\\n${ulid(T0 + n, n)}`,
  (n) => `user_${ulid(T0 + n, n).toLowerCase()}`,
  (n) => `x_${ulid(T0 + n, n)}_del`,
  (n) => `-${'AbCdEfGhIjKlMnOpQrS'.slice(0, 19)}${n % 10}`,
  (n) => `00-${'0af7651916cd43dd8448eb211c80319c'}-${'b7ad6b7169203331'}-0${n % 2}`,
  (n) => `1-5759e988-bd862e3fe1be46a994272793`.slice(0, 35 - (n % 2)),
  (n) => String(1_700_000_000_000_000_000n + BigInt(n) * 4_194_304n), // snowflake-sized
  (n) => '9'.repeat(13 + (n % 8)),
  (n) => 'a'.repeat(8 + (n % 120)),
  (n) => `01-02-03-${n}`,
  () => '',
  () => 'null',
  (n) => 'x'.repeat(4100 + n), // longer than FIELD_MAX
  (n) => `two\nlines ${ulid(T0 + n, n)}`, // a line feed inside a quoted field: no place to cut
  (n) => `${n % 2 ? '"' : ''}cr\r\nlf "${uuid(n, 7)}"`,
];

const KEYS = ['id', 'customer', 'created', 'created_at', 'created_ulid', 'order_ulid', 'ref_uuid', 'uuid_v7', 'ts', 'name', 'user id', 'id', 'Note "x"', 'updated_at', 'typeid_or_uuid', ''];

const cell = fc.tuple(fc.nat(VALUE_MAKERS.length - 1), fc.nat(40)).map(([k, n]) => VALUE_MAKERS[k]!(n));
const table = fc.record({
  keys: fc.array(fc.constantFrom(...KEYS), { minLength: 1, maxLength: 7 }),
  rows: fc.array(fc.array(cell, { minLength: 1, maxLength: 8 }), { maxLength: 30 }),
  header: fc.boolean(),
  eol: fc.constantFrom('\n', '\r\n', '\r'),
  quoteAll: fc.boolean(),
  trailing: fc.boolean(),
});

function csvOf(t: { keys: string[]; rows: string[][]; header: boolean; eol: string; quoteAll: boolean; trailing: boolean }, d: string): string {
  const q = (v: string) => (t.quoteAll || v.includes(d) || /["\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = t.rows.map((r) => r.map(q).join(d) + (t.trailing ? d : ''));
  if (t.header) lines.unshift(t.keys.map(q).join(d));
  return lines.join(t.eol) + (t.rows.length % 2 === 0 ? t.eol : '');
}

function jsonlOf(t: { keys: string[]; rows: string[][]; eol: string; quoteAll: boolean }, array: boolean): string {
  const objects = t.rows.map((r, i) => {
    const o: Record<string, unknown> = {};
    r.forEach((v, k) => {
      const key = t.keys[k % t.keys.length]!;
      o[k < t.keys.length ? key : `${key}${k}`] = i % 5 === 4 ? { nested: v, list: [v] } : /^\d{1,15}$/.test(v) && t.quoteAll ? Number(v) : v;
    });
    // Escapes in some rows: the value is then not verbatim.
    const s = JSON.stringify(o);
    return i % 3 === 2 ? s.replace(/"user /g, '"us\\u0065r ') : s;
  });
  return array ? `[${objects.join(',' + t.eol)}]` : objects.join(t.eol) + (t.rows.length % 2 === 0 ? t.eol : '');
}

interface Outcome {
  problems: CheckProblem[];
  ids: FoundId[];
  format: string;
}

type Make = typeof createCheck;

/** The check of `text` as `fileName`, its UTF-8 (or UTF-16LE, with a BOM) bytes cut at `cuts`. */
function run(make: Make, text: string, fileName: string, cuts: number[], utf16: boolean, bom: boolean): Outcome {
  const problems: CheckProblem[] = [];
  const ids: FoundId[] = [];
  const stream = make({ fileName, now: NOW, onProblem: (p) => problems.push(p), onId: (id) => ids.push(id) });
  const body = utf16 ? Buffer.from(text, 'utf16le') : Buffer.from(text, 'utf8');
  const bytes = utf16 ? Buffer.concat([Buffer.from([0xff, 0xfe]), body]) : bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
  const w = bytesWriter(stream);
  let from = 0;
  for (const c of [...cuts.map((x) => x % (bytes.length + 1)).sort((a, b) => a - b), bytes.length]) {
    w.write(bytes.subarray(from, c));
    from = c;
  }
  w.end();
  return { problems, ids, format: stream.format };
}

function same(text: string, fileName: string, cuts: number[], utf16: boolean, bom: boolean): void {
  const fast = run(createCheck, text, fileName, cuts, utf16, bom);
  const oracle = run(oracleCheck as Make, text, fileName, cuts, utf16, bom);
  assert.deepStrictEqual(fast, oracle);
}

describe('check: fast paths against the check before them', () => {
  it('CSV, TSV, JSON Lines and JSON in random pieces: the same problems in the same order, and the same IDs', function () {
    this.timeout(300_000);
    let problems = 0;
    fc.assert(fc.property(table, fc.array(fc.nat(20_000), { maxLength: 6 }), fc.boolean(), fc.boolean(), fc.constantFrom('csv', 'tsv', 'semicolon', 'jsonl', 'json'), (t, cuts, utf16, bom, kind) => {
      const text = kind === 'csv' ? csvOf(t, ',') : kind === 'tsv' ? csvOf(t, '\t') : kind === 'semicolon' ? csvOf(t, ';') : jsonlOf(t, kind === 'json');
      const fileName = kind === 'semicolon' ? 'a.csv' : `a.${kind}`;
      same(text, fileName, cuts, utf16, bom);
      problems += run(createCheck, text, fileName, [], false, false).problems.length;
    }), { numRuns: 400 });
    // The inputs must make problems for the comparison to mean anything.
    assert.ok(problems > 400, `only ${problems} problems in 400 files`);
  });

  it('a long file with a repeated customer column, through the remembered values, in 64 KB pieces', () => {
    // Two creation times a row (the first is the one compared), customers from 50, a copied ID every 997 rows.
    const rows: string[] = ['id,customer,created,ts'];
    for (let i = 0; i < 20_000; i++) {
      const id = i % 997 === 5 ? ulid(T0 + 5 * 60_000, 5) : ulid(T0 + i * 60_000, i);
      const created = T0 + i * 60_000 + (i % 1013 === 0 ? 3 * 86_400_000 : 0);
      rows.push(`${id},${uuid(i % 50, 4)},${iso(created)},${iso(created + (i % 2) * 86_400_000 * 5)}`);
    }
    const text = rows.join('\n');
    const cuts = Array.from({ length: Math.floor(text.length / 65_536) }, (_, k) => (k + 1) * 65_536);
    same(text, 'orders.csv', cuts, false, false);
    const { problems } = run(createCheck, text, 'orders.csv', cuts, false, false);
    assert.ok(problems.some((p) => p.code === 'duplicate') && problems.some((p) => p.code === 'time-mismatch'));
  });

  it('ISO times read without the pattern give what the pattern gives, from chars or from bytes in place', () => {
    /** The pattern's time; the shape read from the chars, and from the ASCII bytes inside a piece (digits either side), gives it or nothing. */
    const agree = (text: string): void => {
      const want = oracleTimeValueMs(text, NOW);
      assert.equal(timeValueMs(text, NOW), want, text);
      const fast = isoUtcMs(text);
      if (fast !== undefined) assert.equal(fast, want, text);
      // A worker reads the bytes of an all-ASCII piece.
      if (isAscii(Buffer.from(text))) assert.equal(isoUtcMsOf(Buffer.from(`9${text}9`), 1, text.length), fast, text);
    };
    fc.assert(fc.property(fc.integer({ min: -5e12, max: 5e13 }), fc.nat(9), fc.constantFrom('T', 't', ' ', 'x'), fc.constantFrom('Z', 'z', '', '+01:00', 'Q'), (ms, places, sep, zone) => {
      const s = new Date(ms).toISOString();
      if (s.length !== 24) return;
      const text = s.slice(0, 10) + sep + s.slice(11, 19) + (places > 0 ? '.' + (s.slice(20, 23) + '987654').slice(0, places) : '') + zone;
      agree(text);
    }), { numRuns: 3000 });
    // Fields as written, any day of any month (31 February rolls over as Date.UTC rolls it).
    const two = (n: number) => String(n).padStart(2, '0');
    fc.assert(fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 31 }), fc.integer({ min: 0, max: 24 }), fc.nat(60), fc.nat(60), fc.nat(999), (y, mo, d, h, mi, sec, ms) => {
      const text = `${String(y).padStart(4, '0')}-${two(mo)}-${two(d)}T${two(h)}:${two(mi)}:${two(sec)}.${String(ms).padStart(3, '0')}Z`;
      agree(text);
    }), { numRuns: 5000 });
    // The edges of Date.UTC's two-digit years and of the month and day roll-over, written out.
    for (const y of ['0000', '0001', '0099', '0100', '1899', '1900', '1969', '1970', '2000', '2100', '9999']) {
      for (const md of ['00-00', '00-01', '01-00', '01-01', '02-29', '02-30', '12-31', '13-01', '99-99']) {
        const text = `${y}-${md}T24:60:60.999Z`;
        agree(text);
        agree(`${y}-${md}T00:00:00Z`);
      }
    }
    for (const text of ['2024-13-45T25:61:61.5Z', '0024-01-01T00:00:00Z', '2024-01-01T00:00:00.Z', '2024-01-01T00:00:00.1234567890Z', '2024-1-01T00:00:00Z', '2024-01-01T00:00:00Zz', '2024-01-01T00:00:00.5é', '2024-01-01T00:00:00.5\u015a']) {
      agree(text);
    }
  });
});

// A large JSON Lines, CSV or TSV file is judged in pieces by workers and their facts told to one
// ledger in order (src/cli/checkPieces.ts, src/core/check/pieces.ts): the same problems, in the
// same order, as the check on one thread, whatever the pieces, the chunks the file arrives in
// (split anywhere, inside a row or a character), quoted line feeds, CR, CRLF, a byte order mark,
// UTF-16, or bytes that are no UTF-8.

/** Answers as the workers do (facts cloned as a message is, bytes handed back), each piece after a random wait. */
function inProcessJudge(rand: () => number): PieceJudge {
  let judge: PieceCheck | undefined;
  return {
    run: async (bytes, job: PieceJob) => {
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      const r = checkPiece(text, job, judge, undefined, rand() < 0.5 && isAscii(bytes) ? bytes : undefined);
      judge = r.judge;
      // Handed back as a worker hands them: the same memory, to be reused.
      const reply = structuredClone({ facts: r.facts, bytes }, { transfer: [bytes.buffer as ArrayBuffer] });
      for (let k = Math.floor(rand() * 3); k > 0; k--) await new Promise((go) => setImmediate(go));
      return reply;
    },
  };
}

async function* chunksOf(bytes: Uint8Array, cuts: number[]): AsyncGenerator<Uint8Array> {
  let from = 0;
  for (const c of [...cuts.map((x) => x % (bytes.length + 1)).sort((a, b) => a - b), bytes.length]) {
    if (c > from) yield bytes.slice(from, c);
    from = c;
  }
}

interface Told {
  problems: CheckProblem[];
  notText: string | undefined;
}

/** The check on this thread, as the CLI runs it. */
async function onThread(fileName: string, source: AsyncIterable<Uint8Array>): Promise<Told> {
  const problems: CheckProblem[] = [];
  let notText: string | undefined;
  const stream = createCheck({ fileName, now: NOW, collect: false, onProblem: (p) => problems.push(p) });
  const w = bytesWriter(stream, { onNotText: (why) => { notText = why; } });
  for await (const chunk of source) {
    for (let at = 0; at < chunk.length && !notText; at += 65536) w.write(chunk.subarray(at, at + 65536));
    if (notText) return { problems, notText };
  }
  w.end();
  return { problems, notText };
}

async function inPieces(fileName: string, source: AsyncIterable<Uint8Array>, judge: PieceJudge, sizes: { pieceBytes: number; longestCut: number }): Promise<Told> {
  const problems: CheckProblem[] = [];
  const opts = { fileName, now: NOW, collect: false, onProblem: (p: CheckProblem) => problems.push(p) };
  const format = piecesFormat(opts);
  assert.ok(format !== undefined, fileName);
  let here: Told | undefined;
  const notText = await checkInPieces(source, opts, format, judge, async () => undefined, async (rest) => {
    here = await onThread(fileName, rest);
    return here.notText;
  }, sizes);
  return here ?? { problems, notText };
}

/** `text` as the bytes of a file: UTF-8 (a BOM perhaps) or UTF-16LE with one, and bytes that are no UTF-8 put in at `bad`. */
function fileBytes(text: string, utf16: boolean, bom: boolean, bad: number[]): Uint8Array {
  if (utf16) return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  let body = Buffer.from(text, 'utf8');
  for (const at of bad) {
    const i = at % (body.length + 1);
    body = Buffer.concat([body.subarray(0, i), Buffer.from(at % 3 === 0 ? [0xff] : at % 3 === 1 ? [0xe2, 0x82] : [0xc3]), body.subarray(i)]);
  }
  return bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
}

describe('check: in pieces on workers against the check on one thread', () => {
  it('CSV, TSV and JSON Lines in random pieces and chunks: the same problems in the same order', async function () {
    this.timeout(300_000);
    let problems = 0, cut = 0;
    await fc.assert(fc.asyncProperty(table, fc.array(fc.nat(20_000), { maxLength: 6 }), fc.constantFrom(false, false, false, true), fc.boolean(),
      fc.array(fc.nat(20_000), { maxLength: 3 }), fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 3000 }), fc.constantFrom('csv', 'tsv', 'semicolon', 'jsonl'), fc.integer(),
      async (t, cuts, utf16, bom, bad, pieceBytes, longer, kind, seed) => {
        let text = kind === 'csv' ? csvOf(t, ',') : kind === 'tsv' ? csvOf(t, '\t') : kind === 'semicolon' ? csvOf(t, ';') : jsonlOf(t, false);
        // Lines cut short: an object a line feed leaves open stays a row across pieces.
        if (kind === 'jsonl' && seed % 3 === 0) text = text.split('\n').map((l, i) => (i % 3 === 1 ? l.slice(0, -1 - (seed & 7)) : l)).join('\n');
        const fileName = kind === 'semicolon' ? 'a.csv' : `a.${kind}`;
        const bytes = fileBytes(text, utf16, bom, bad);
        let s = seed >>> 0;
        const rand = (): number => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
        const want = await onThread(fileName, chunksOf(bytes, cuts));
        const got = await inPieces(fileName, chunksOf(bytes, cuts), inProcessJudge(rand), { pieceBytes, longestCut: pieceBytes + longer });
        assert.deepStrictEqual(got, want);
        problems += want.problems.length;
        if (bytes.length > pieceBytes * 2) cut++;
      }), { numRuns: 400 });
    // The inputs must make problems, and many files must be cut, for the comparison to mean anything.
    assert.ok(problems > 400 && cut > 200, `${problems} problems, ${cut} files cut`);
  });

  it('a row left open by a line cut short keeps its ID when the bytes of its piece are reused; a short start mostly not UTF-8 is not text', async () => {
    const lines = [`{"id": "${ulid(T0, 1)}", "created_at": "2020-01-01T00:00:00Z", "n": `];
    for (let i = 0; i < 2000; i++) lines.push(JSON.stringify({ id: ulid(T0 + i * 60_000, i + 7), created_at: iso(T0 + i * 60_000) }));
    const bytes = Buffer.from(lines.join('\n'));
    // The first piece is what came before the start was judged (64 KB), the rest one a chunk.
    const cuts = Array.from({ length: 60 }, (_, k) => 100 + k * 3001);
    const want = await onThread('a.jsonl', chunksOf(bytes, cuts));
    const got = await inPieces('a.jsonl', chunksOf(bytes, cuts), inProcessJudge(() => 0.5), { pieceBytes: 200, longestCut: 100_000 });
    assert.deepStrictEqual(got, want);
    assert.ok(want.problems.some((p) => p.code === 'time-mismatch' && p.text === ulid(T0, 1)));
    // Found at random once: the start's first chunk was text, the second not.
    const bad = fileBytes('"","typeid_or_uuid"\n', false, false, [0, 4564, 1740]);
    let closed = false;
    const source = async function* (): AsyncGenerator<Uint8Array> {
      try {
        yield* chunksOf(Buffer.concat([bad, Buffer.alloc(70_000, 'a')]), [4, bad.length]);
      } finally {
        closed = true;
      }
    };
    const notText = await inPieces('a.csv', source(), inProcessJudge(() => 0.5), { pieceBytes: 1, longestCut: 2 });
    assert.deepStrictEqual(notText, await onThread('a.csv', chunksOf(Buffer.concat([bad, Buffer.alloc(70_000, 'a')]), [4, bad.length])));
    assert.ok(notText.notText);
    // Left early, the source was closed (a file's handle with it).
    assert.ok(closed);
    // Found at random too (seed 558050382): a first chunk of text, checked on this thread (its
    // labelled UUID reported) before the next chunk made the start no text. The pieces' path had
    // judged the whole start first and reported nothing; such a file now goes to this thread.
    const row = Buffer.from('{"uuid_v7": "1704067200000", "id": "9999999999999"}\n');
    const file = Buffer.concat([row, Buffer.alloc(600, 0xff)]);
    const wantMixed = await onThread('a.jsonl', chunksOf(file, [row.length]));
    assert.equal(wantMixed.problems.length, 1);
    assert.ok(wantMixed.notText);
    assert.deepStrictEqual(await inPieces('a.jsonl', chunksOf(file, [row.length]), inProcessJudge(() => 0.5), { pieceBytes: 1, longestCut: 2 }), wantMixed);
  });

  it('a worker that dies fails the check of its file (no wait without end), and the pool says it is broken', async function () {
    this.timeout(30_000);
    const dir = mkdtempSync(join(tmpdir(), 'idsmith-check-pool-'));
    const script = join(dir, 'dies.cjs');
    writeFileSync(script, 'process.exit(3);\n');
    const pool = new CheckPool(script, 2);
    try {
      const rows = ['id,created', ...Array.from({ length: 3000 }, (_, i) => `${ulid(T0 + i, i)},${iso(T0 + i)}`)];
      const bytes = Buffer.from(rows.join('\n'));
      await assert.rejects(inPieces('a.csv', chunksOf(bytes, [70_000]), pool, { pieceBytes: 10_000, longestCut: 1 << 20 }), /check worker|stopped/);
      assert.ok(pool.broken);
      await assert.rejects(pool.run(new Uint8Array(1), { format: 'csv', delimiter: ',', last: true, now: NOW }), /stopped/);
    } finally {
      await pool.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a CSV\'s first piece is small (the other pieces wait for its first record), the others whole; the problems of one thread', async () => {
    const rows = ['id,created', ...Array.from({ length: 20_000 }, (_, i) => `${i % 5000 === 9 ? ulid(T0 + 9 * 60_000, 9) : ulid(T0 + i * 60_000, i)},${iso(T0 + i * 60_000)}`)];
    const bytes = Buffer.from(rows.join('\n'));
    const sizes: number[] = [];
    const inner = inProcessJudge(() => 0.5);
    const judge: PieceJudge = { run: (b, job, spare) => { sizes.push(b.length); return inner.run(b, job, spare); } };
    const want = await onThread('orders.csv', chunksOf(bytes, [200_000, 400_000]));
    assert.deepStrictEqual(await inPieces('orders.csv', chunksOf(bytes, [200_000, 400_000]), judge, { pieceBytes: 256 * 1024, longestCut: 4 << 20 }), want);
    assert.ok(want.problems.filter((p) => p.code === 'duplicate').length === 3);
    assert.ok(sizes[0]! >= 16 * 1024 && sizes[0]! < 18 * 1024, `first piece ${sizes[0]} bytes`);
    assert.ok(sizes.slice(2, -1).every((n) => n >= 256 * 1024), sizes.join(' '));
  });

  it('workers started as the CLI starts: only for `check` of a large JSON Lines, CSV or TSV file (by its name or --format), and taken by the pool', async function () {
    this.timeout(120_000);
    const entry = join(__dirname, 'checkWorkerEntry.cjs');
    const dir = mkdtempSync(join(tmpdir(), 'idsmith-prestart-'));
    try {
      const big = (name: string): string => {
        const path = join(dir, name);
        writeFileSync(path, `${'a,b\n'.repeat(Math.ceil(WORKER_MIN_BYTES / 4))}`);
        return path;
      };
      const csv = big('big.csv'), json = big('big.json'), txt = big('big.txt');
      const small = join(dir, 'small.csv');
      writeFileSync(small, 'a,b\n');
      for (const argv of [['check', small], ['check', json], ['check', txt], ['scan', csv], ['check', '-'], ['check', '--format', 'json', csv], ['check', '--format=yaml', csv],
        ['check', '--format', csv], ['check', dir]]) {
        assert.equal(prestartCheckWorkers(entry, argv, 2), 0, argv.join(' '));
      }
      assert.equal(prestartedCheckCount(), 0);
      assert.equal(prestartCheckWorkers(entry, ['check', '--json', '--format=csv', txt], 2), 2);
      assert.equal(prestartCheckWorkers(entry, ['check', csv], 2), 0, 'once');
      assert.equal(prestartedCheckCount(), 2);
      const pool = new CheckPool(entry, 2);
      try {
        assert.equal(prestartedCheckCount(), 0, 'the pool took them');
        const rows = ['id,created', ...Array.from({ length: 3000 }, (_, i) => `${i % 1000 === 3 ? ulid(T0 + 3 * 60_000, 3) : ulid(T0 + i * 60_000, i)},${iso(T0 + i * 60_000)}`)];
        const bytes = Buffer.from(rows.join('\n'));
        const want = await onThread('orders.csv', chunksOf(bytes, [5000]));
        assert.deepStrictEqual(await inPieces('orders.csv', chunksOf(bytes, [5000]), pool, { pieceBytes: 8_000, longestCut: 1 << 20 }), want);
        assert.ok(want.problems.some((p) => p.code === 'duplicate'));
      } finally {
        await pool.close();
      }
      assert.equal(prestartCheckWorkers(entry, ['check', 'orders.jsonl'], 2), 0, 'not a file');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('on real workers: a long CSV and its JSON Lines, cut in many pieces', async function () {
    this.timeout(120_000);
    const pool = new CheckPool(join(__dirname, 'checkWorkerEntry.cjs'), 2);
    try {
      const rows: string[] = ['id,customer,created,note'];
      for (let i = 0; i < 6000; i++) {
        const id = i % 997 === 5 ? ulid(T0 + 5 * 60_000, 5) : i % 1500 === 7 ? ulid(Date.UTC(2031, 0, 1), i) : ulid(T0 + i * 60_000 - (i % 211 === 0 ? 1e9 : 0), i);
        const created = T0 + i * 60_000 + (i % 1013 === 0 ? 3 * 86_400_000 : 0);
        rows.push(`${id},${uuid(i % 50, 4)},${iso(created)},${i % 7 === 0 ? '"say ""hi""\nthere"' : `n${i}`}`);
      }
      const csv = rows.join('\r\n');
      const jsonl = rows.slice(1).map((r) => JSON.stringify({ id: r.slice(0, 26), created: r.split(',')[2], order_ulid: r.slice(0, 26).replace('0', 'O') })).join('\n');
      for (const [name, text] of [['orders.csv', csv], ['orders.jsonl', jsonl]] as const) {
        const bytes = Buffer.from(text);
        const cuts = Array.from({ length: 40 }, (_, k) => k * 7919 + 13);
        const want = await onThread(name, chunksOf(bytes, cuts));
        const got = await inPieces(name, chunksOf(bytes, cuts), pool, { pieceBytes: 20_000, longestCut: 1 << 20 });
        assert.deepStrictEqual(got, want);
        assert.ok(want.problems.length > 10, `${name}: ${want.problems.length} problems`);
      }
    } finally {
      await pool.close();
    }
  });
});
