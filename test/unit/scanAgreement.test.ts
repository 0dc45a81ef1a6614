// The editor's string scanner and the CLI's byte engine find the same IDs (issue 23 item 1):
// `scan(text)` against `scanBytes` over the text's UTF-8, and the CLI's piece-by-piece scan
// (cuts at line ends and inside long lines, on this thread and on workers) against one scan of
// the whole input, over random text with planted IDs and decoys, and over the precision corpus.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import fc from 'fast-check';
import { scanInput } from '../../src/cli/scan';
import { ByteWriter, runParts, runPiece, type PieceJob } from '../../src/cli/scanEngine';
import { availableParallelism } from 'node:os';
import { ScanPool, compileInWorkers } from '../../src/cli/scanPool';
import { RunWalker } from '../../src/cli/scanRuns';
import { firstMatch, latin1Of, scan, scanBytes, scanBytesTo, type LineCount, type RunSource, type ScanMatch } from '../../src/core/scan';
import type { DecodedId } from '../../src/core/formats/types';
import { ContextReader } from '../../src/core/formats/snowflake/context';
import { loadCorpus } from '../precision/corpus';
import { questionPlaces } from './helpers';
import { CUID_SPEC, KSUID_SPEC, OBJECTID_SPEC, SCRU128_SPEC, ULID_SPEC, XID_SPEC, XRAY_SPEC } from '../shared/vectors';

const NOW = Date.UTC(2026, 0, 15);
const U = '018f3c3e-8f2a-7c3e-9a1b-2c3d4e5f6a7b';

const PLANTED = [
  ULID_SPEC, '01aryz6s41tsv4rrffq69g5fav', U, `{${U.toUpperCase()}}`, `urn:uuid:${U}`, U.replaceAll('-', ''),
  'user_01h455vb4pex5vsknk084sn02q', KSUID_SPEC, OBJECTID_SPEC, '175928847299117063',
  '0AWE5HZP3SKTK', XID_SPEC, '3jzfcijpj2z2a', SCRU128_SPEC, CUID_SPEC,
  '-JiEOUc-abcdefABC123', XRAY_SPEC, '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
  '"ulid": "8ZZZZZZZZZZZZZZZZZZZZZZZZZ"', 'order_ulid = "01ARYZ6S41TSV4RRFFQ69G5FAL"', 'ksuid: aZZZZZZZZZZZZZZZZZZZZZZZZZ1',
  `instances/${U}_del`, `tenant_${U}`, 'user_01h455vb4pex5vsknk084sn02q_del', 'job_1410901177871_0001', 'container_e17_1410901177871_0001_01_000005', `key=a%2F${U}%2Fb`, `"x\\n${U}"`, '"discord": {"id": 123456789123456789}', 'tweet_id=1212092628029698048',
];
const DECOYS = [
  'da39a3ee5e6b4b0d3255bfef95601890afd80709', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  'MIIBIjANBgkqhkiG9w0BAQEFAAOC+0ujtsYcgvSTl8PAuAdqWYSMnLOv+AQ8AMIIBCgKCAQEA', 'MAX_RETRIES_01ARYZ6S41TSV4RRFFQ69G5FAV',
  '+4915112345678', '1700000000123', '2026-11-01T00:00:00.045Z', 'latency_ms=12.5', 'MAX_RETRIES_EXCEEDED_PWHRKW', '999999998000000000', '576460752303423487', 'ABCDEFGHJKMNPQRSTVWXYZ0123',
  'é', '日本語', '😀', '\u00a0', '\u2028', '\ufeff', '\r\n', '\\\\n', '%41', '%', '\\', 'ulid:', '"ksuid": "',
  '\\u003c', '\\u0041', '\\u00', 'a'.repeat(127), `${'b'.repeat(130)}_x`,
];
const SEPARATORS = [' ', '\n', ',', '"', '=', '/', '-', '_', '{', '}', ':', '(', '[', ']', '.', '\t', "'", '\\n', '%2F'];

const token = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PLANTED) },
  { weight: 3, arbitrary: fc.constantFrom(...DECOYS) },
  { weight: 6, arbitrary: fc.constantFrom(...SEPARATORS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.stringMatching(/^[0-9A-Za-z_]{1,40}$/) },
);
const text = fc.array(token, { minLength: 10, maxLength: 300 }).map((parts) => parts.join(''));

function shape(ms: ScanMatch[]): unknown[] {
  return ms.map((m) => [m.kind, m.start, m.end, m.text, JSON.stringify(m.decoded.toJSON())]);
}

/** UTF-16 offset of each byte offset of `text`'s UTF-8. */
function byteToUnit(text: string): Map<number, number> {
  const map = new Map<number, number>();
  let b = 0;
  for (let j = 0; j <= text.length; j++) {
    map.set(b, j);
    if (j === text.length) break;
    const c = text.codePointAt(j)!;
    b += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    if (c >= 0x10000) j++;
  }
  return map;
}

const JOB = { mode: 'json' as const, name: '', epoch: undefined, now: NOW };

/** The CLI's NDJSON for `bytes` scanned in pieces of at most `maxPiece` bytes. */
async function inPieces(bytes: Uint8Array, maxPiece: number, chunk: number, pool?: ScanPool | ((read: number) => ScanPool | undefined), mode: PieceJob['mode'] = 'json'): Promise<string> {
  const parts: Buffer[] = [];
  const source = async function* (): AsyncGenerator<Uint8Array> {
    for (let i = 0; i < bytes.length; i += chunk) yield bytes.slice(i, i + chunk);
  };
  // `slowPiece` 1: small pieces stay in flight together, as large ones do on a real file.
  await scanInput(source(), { ...JOB, mode }, { write: async (b) => void parts.push(Buffer.from(b)) }, pool, { maxPiece, lookahead: 512, slowPiece: 1 });
  return Buffer.concat(parts).toString('latin1');
}

/** The same output from one scan of the whole input. */
function whole(bytes: Uint8Array, mode: PieceJob['mode'] = 'json'): string {
  const buf = Buffer.from(bytes);
  const w = new ByteWriter();
  runPiece(buf, buf.toString('latin1'), { ...JOB, mode, start: 0, from: 0, to: buf.length, offset: 0, line: 1, lineStart: 0 }, w);
  return Buffer.from(w.buf.subarray(0, w.len)).toString('latin1');
}

describe('the string scanner and the byte engine agree', function () {
  this.timeout(120_000);

  it('scan(text) and scanBytes(UTF-8 of text): same IDs, offsets mapped', () => {
    let found = 0;
    fc.assert(fc.property(text, (t) => {
      const bytes = Buffer.from(t, 'utf8');
      const fromString = scan(t, { now: NOW });
      const fromBytes = scanBytes(bytes, 0, bytes.length, { now: NOW });
      const units = byteToUnit(t);
      for (const m of fromBytes) {
        m.start = units.get(m.start)!;
        m.end = units.get(m.end)!;
      }
      assert.deepEqual(shape(fromBytes), shape(fromString));
      for (const m of fromString) assert.equal(t.slice(m.start, m.end), m.text);
      found += fromString.length;
    }), { numRuns: 400 });
    assert.ok(found > 400, `${found} IDs found in all runs`);
  });

  it('the CLI in pieces (cuts at line ends and inside long lines) writes what one scan writes', async () => {
    // Long lines too (line ends made rare), so lines are cut inside as well as at their ends.
    const lines = fc.tuple(text, text, fc.boolean()).map(([a, b, long]) => (long ? (a + b).replaceAll('\n', ' ') : a + b));
    await fc.assert(fc.asyncProperty(lines, fc.integer({ min: 40, max: 2000 }), fc.integer({ min: 1, max: 5000 }), fc.constantFrom('json', 'text', 'annotate') as fc.Arbitrary<PieceJob['mode']>, async (t, maxPiece, chunk, mode) => {
      const bytes = Buffer.from(t, 'utf8');
      assert.equal(await inPieces(bytes, maxPiece, chunk, undefined, mode), whole(bytes, mode));
    }), { numRuns: 300 });
  });

  it('a long line cut at the cap (no other place to cut): an ID that starts at the cut is found, after `\\`, `%` or an escape', async () => {
    // Found by the property above (seed 77407802): the rest of a run cut through is skipped in
    // the next piece, and a run that began at the cut was taken for one.
    const t = `abc%2F01ARYZ6S41TSV4RRFFQ69G5FAV\\01ARYZ6S41TSV4RRFFQ69G5FAV%%01ARYZ6S41TSV4RRFFQ69G5FAV\\n01ARYZ6S41TSV4RRFFQ69G5FAV end ${'z'.repeat(700)}`;
    const bytes = Buffer.from(t, 'utf8');
    for (let maxPiece = 3; maxPiece < 130; maxPiece++) {
      assert.equal(await inPieces(bytes, maxPiece, 1), whole(bytes), `pieces of ${maxPiece}`);
    }
  });

  it('a piece scanned in parts (each with a text of its own) writes what one scan of it writes', () => {
    const lines = fc.tuple(text, text, fc.boolean()).map(([a, b, long]) => (long ? (a + b).replaceAll('\n', ' ') : a + b));
    fc.assert(fc.property(lines, fc.integer({ min: 1, max: 3000 }), fc.constantFrom('json', 'text', 'annotate') as fc.Arbitrary<PieceJob['mode']>, (t, part, mode) => {
      const bytes = Buffer.from(t, 'utf8');
      const w = new ByteWriter();
      runParts(bytes, { ...JOB, mode, start: 0, from: 0, to: bytes.length, offset: 0, line: 1, lineStart: 0 }, w, part);
      assert.equal(Buffer.from(w.buf.subarray(0, w.len)).toString('latin1'), whole(bytes, mode));
    }), { numRuns: 300 });
  });

  it("scan --json's lines (written by the walker) are JSON.stringify of scanBytes' matches, whatever the file name", () => {
    // The expected lines come from the core's own byte loop (no walker) and JSON.stringify: the
    // walker's writer (scanRuns.wat, `emit`) is held against them. A name over 8 KB and times
    // before 1970 (a v1 UUID from 1582) take the JavaScript writer; both must give the same.
    const names = fc.oneof(fc.constant(''), fc.string({ maxLength: 30 }), fc.constant('x'.repeat(9000)));
    const planted = fc.constantFrom('', ' c232ab00-9414-11ec-b3c8-9f6bdeced846 ', ' 00000000-0000-1000-8000-000000000001 ', ' 01aryz6s41tsv4rrffq69g5fav\n');
    let lines = 0;
    const check = (t: string, name: string): void => {
      const bytes = Buffer.from(t, 'utf8');
      const jsonName = name === '' ? '' : JSON.stringify(name);
      const w = new ByteWriter();
      runPiece(bytes, bytes.toString('latin1'), { ...JOB, name: jsonName, start: 0, from: 0, to: bytes.length, offset: 0, line: 1, lineStart: 0 }, w);
      const expected: string[] = [];
      for (const m of scanBytes(bytes, 0, bytes.length, { now: NOW })) {
        const lineStart = m.start === 0 ? 0 : bytes.lastIndexOf(10, m.start - 1) + 1; // (a negative offset counts from the end)
        if (!m.decoded.valid && (m.kind === 'ulid' || m.kind === 'ksuid')) {
          // As the editor reads it: a labelled-invalid ULID or KSUID only when its line alone gives it.
          const lineEnd = bytes.indexOf(10, m.end);
          const alone = scanBytes(bytes.subarray(lineStart, lineEnd === -1 ? bytes.length : lineEnd), undefined, undefined, { now: NOW });
          if (!alone.some((a) => a.start === m.start - lineStart && a.end === m.end - lineStart)) continue;
        }
        const line = 1 + bytes.subarray(0, m.start).filter((b) => b === 10).length;
        const d = m.decoded;
        const o: Record<string, unknown> = name === '' ? {} : { file: name };
        Object.assign(o, { line, column: m.start - lineStart + 1, text: m.text, kind: m.kind, valid: d.valid });
        if (d.valid && d.unixMs !== undefined) o['unixMs'] = d.unixMs;
        expected.push(JSON.stringify(o) + '\n');
      }
      assert.equal(Buffer.from(w.buf.subarray(0, w.len)).toString('utf8'), expected.join(''));
      lines += expected.length;
    };
    fc.assert(fc.property(text, names, planted, (t, name, extra) => check(t + extra, name)), { numRuns: 300 });
    assert.ok(lines > 300, `${lines} lines written in all runs`);
    // Many lines of a long name in one piece: the walker's 256 KB fill up and are handed over
    // many times, between lines the JavaScript writer writes (the v1 UUID from 1582).
    const many = Array.from({ length: 3000 }, (_, i) => `${i} 01ARYZ6S41TSV4RRFFQ69G5FAV x${i % 500 === 7 ? ' 00000000-0000-1000-8000-000000000001' : ''}`).join('\n');
    check(many, `/logs/${'a'.repeat(4000)}.log`);
  });

  it('firstMatch: the first match scan() gives that the test takes, and nothing is asked after it', () => {
    let taken = 0;
    fc.assert(fc.property(text, fc.constantFrom('timed', 'ulid', 'invalid'), (t, which) => {
      const accept = (kind: string, d: DecodedId): boolean =>
        which === 'timed' ? d.valid && d.unixMs !== undefined : which === 'ulid' ? kind === 'ulid' : !d.valid;
      const all = scan(t, { now: NOW });
      const at = all.findIndex((m) => accept(m.kind, m.decoded));
      const expected = at < 0 ? undefined : all[at];
      let asked = 0;
      const got = firstMatch(t, (kind, d) => {
        asked++;
        return accept(kind, d);
      }, { now: NOW });
      assert.equal(got?.input, expected?.decoded.input);
      assert.equal(got?.unixMs, expected?.decoded.unixMs);
      // Asked once per match up to the one taken (or every match when none is).
      assert.equal(asked, at < 0 ? all.length : at + 1);
      if (expected) taken++;
    }), { numRuns: 400 });
    assert.ok(taken > 100, `${taken} runs took a match`);
  });

  it('no ID holds a space or a tab (a long line cut after one is scanned beside the next piece)', () => {
    let found = 0;
    fc.assert(fc.property(text, (t) => {
      for (const m of scan(t, { now: NOW })) {
        assert.doesNotMatch(m.text, /[ \t]/);
        found++;
      }
    }), { numRuns: 400 });
    assert.ok(found > 400, `${found} IDs found in all runs`);
  });

  it('on workers, in pieces, the same again; results in input order', async () => {
    const pool = new ScanPool(join(__dirname, 'scanWorkerEntry.cjs'), 2);
    try {
      // Lines joined by line ends, or (one run in three) by spaces: one long line, cut where no ID
      // can run over, whose pieces are scanned side by side.
      await fc.assert(fc.asyncProperty(fc.array(text, { minLength: 5, maxLength: 20 }), fc.integer({ min: 200, max: 5000 }), fc.integer({ min: 0, max: 20_000 }), async (texts, maxPiece, from) => {
        const bytes = Buffer.from(texts.join(from % 3 === 0 ? ' ' : '\n'), 'utf8');
        assert.equal(await inPieces(bytes, maxPiece, 65536, pool), whole(bytes));
        // As standard input does: on this thread first, on workers once enough has arrived, and
        // back here for a piece after them; output still in input order.
        const switching = (read: number): ScanPool | undefined => (read >= from && read % 3 !== 0 ? pool : undefined);
        assert.equal(await inPieces(bytes, maxPiece, 1000, switching), whole(bytes));
      }), { numRuns: 15 });
    } finally {
      await pool.close();
    }
  });

  it('workers compile their optimized code themselves when they and the main thread take every core', async () => {
    assert.equal(compileInWorkers(2, 2), true);
    assert.equal(compileInWorkers(1, 1), true);
    assert.equal(compileInWorkers(3, 2), true);
    assert.equal(compileInWorkers(4, 2), false);
    assert.equal(compileInWorkers(16, 2), false);
    // The pool sets V8's flag before it starts its workers, on a machine with few cores only.
    const flags: string[] = [];
    const pool = new ScanPool(join(__dirname, 'scanWorkerEntry.cjs'), 1, undefined, (f) => flags.push(f));
    try {
      assert.deepEqual(flags, compileInWorkers(availableParallelism(), 1) ? ['--no-concurrent-recompilation'] : []);
      const bytes = Buffer.from(`x ${U} y\n`);
      assert.equal(await inPieces(bytes, 4096, 65536, pool), whole(bytes));
    } finally {
      await pool.close();
    }
  });

  // The CLI finds runs with a WebAssembly walker (src/cli/scanRuns.wat) instead of the scanner's
  // own loop: every match, and the line count handed with it, must be the same.
  const viaLoop = (bytes: Uint8Array, from: number, to: number, runs?: RunSource): unknown[] => {
    const out: unknown[] = [];
    const lines: LineCount = { count: 0, after: -1 };
    scanBytesTo((kind, start, end, d) => out.push([kind, start, end, d.valid, d.unixMs, lines.count, lines.after]), bytes, from, to, { now: NOW }, latin1Of(bytes), lines, runs);
    return out;
  };

  it('the WebAssembly walker and the scanner\'s loop: the same matches and line counts, from and to anywhere', () => {
    const walker = new RunWalker();
    let found = 0;
    fc.assert(fc.property(text, fc.nat(), fc.nat(), (t, a, b) => {
      const bytes = Buffer.from(t, 'utf8');
      const [from, to] = [a % (bytes.length + 1), b % (bytes.length + 1)].sort((x, y) => x - y) as [number, number];
      for (const [f, e] of [[0, bytes.length], [from, to]] as const) {
        const expected = viaLoop(bytes, f, e);
        assert.deepEqual(viaLoop(bytes, f, e, walker.load(bytes)), expected);
        found += expected.length;
      }
    }), { numRuns: 600 });
    assert.ok(found > 600, `${found} IDs found in all runs`);
  });

  it('the walker\'s block walk and its byte loop: the same records (runs, flags, line figures), from and to anywhere', () => {
    const blocks = new RunWalker('blocks'), bytesLoop = new RunWalker('bytes');
    let full = 0; // walks that stopped at 1,024 records
    /** Every record of a scan of [from, to), walked on from where each walk of 1,024 stopped (or `skip` bytes past it, outside a run). */
    const records = (walker: RunWalker, bytes: Uint8Array, from: number, to: number, skip: number): number[] => {
      walker.load(bytes).startLines();
      const out: number[] = [];
      for (let at = from; at < to;) {
        const count = walker.walk(at, to);
        out.push(...walker.records.subarray(0, 5 * count), count);
        if (count < 1024) break;
        full++;
        out.push(walker.next);
        at = walker.next + skip;
        while (at < to && /\w/.test(String.fromCharCode(bytes[at]!))) at++;
      }
      return out;
    };
    // Dense text too (more than 1,024 candidates), and runs around the blocks' edges.
    const dense = fc.array(fc.constantFrom(...PLANTED, ...DECOYS, ...SEPARATORS, 'a'.repeat(60), '-', '_'), { minLength: 3000, maxLength: 4000 }).map((p) => p.join(''));
    let seen = 0;
    fc.assert(fc.property(fc.oneof({ weight: 4, arbitrary: text }, { weight: 1, arbitrary: dense }), fc.nat(), fc.nat(), fc.nat({ max: 40 }), (t, a, b, skip) => {
      const bytes = Buffer.from(t, 'utf8');
      const [from, to] = [a % (bytes.length + 1), b % (bytes.length + 1)].sort((x, y) => x - y) as [number, number];
      for (const [f, e] of [[0, bytes.length], [from, to]] as const) {
        const expected = records(bytesLoop, bytes, f, e, skip);
        assert.deepEqual(records(blocks, bytes, f, e, skip), expected);
        seen += expected.length;
      }
    }), { numRuns: 600 });
    assert.ok(seen > 5000, `${seen} record words`);
    assert.ok(full > 20, `${full} walks of 1,024 records`);
  });

  it('YAML parents: the same layouts when the walker tells where a number\'s line starts', () => {
    const walker = new RunWalker();
    const SNOW = '1212092628029698048';
    // Indents one space apart: a line start read one byte off changes which lines are parents.
    const line = fc.tuple(
      fc.constantFrom('', ' ', '  ', '   ', '    ', '- ', '  - '),
      fc.constantFrom('discord:', 'tweets:', 'instagram:', 'discord:', 'ids:', 'x: y', '# c', '', `id: ${SNOW}`, `id: ${SNOW}`, `${SNOW}`, `key: "${SNOW}"`, 'a: [1]'),
    );
    let byParent = 0;
    fc.assert(fc.property(fc.array(line, { minLength: 1, maxLength: 40 }), fc.nat(), (lines, a) => {
      const t = lines.map(([indent, body]) => indent + body).join('\n');
      const bytes = Buffer.from(t, 'utf8');
      const from = a % (bytes.length + 1);
      for (const f of [0, from]) {
        const expected = viaLoop(bytes, f, bytes.length);
        assert.deepEqual(viaLoop(bytes, f, bytes.length, walker.load(bytes)), expected);
      }
      const matches: ScanMatch[] = scanBytes(bytes, 0, bytes.length, { now: NOW });
      byParent += matches.filter((m) => (m.decoded as { readAs?: { by: string } }).readAs?.by === 'parent').length;
    }), { numRuns: 300 });
    assert.ok(byParent > 30, `${byParent} numbers read by a YAML parent key`);
  });

  it('the walker lists every bracket of its input, in order; past 32,768 it lists none', () => {
    const walker = new RunWalker();
    const places = (t: string): number[] => [...t].flatMap((c, i) => ('{[}]'.includes(c) ? [i] : []));
    fc.assert(fc.property(fc.array(fc.constantFrom('{', '[', '}', ']', 'a', ' ', '\n', '0', '{"k": '), { maxLength: 200 }), (parts) => {
      const t = parts.join('');
      assert.deepEqual([...walker.load(Buffer.from(t, 'latin1')).brackets()!], places(t));
    }), { numRuns: 300 });
    assert.equal(walker.load(Buffer.from('[]'.repeat(16384), 'latin1')).brackets()?.length, 32768);
    assert.equal(walker.load(Buffer.from('[]'.repeat(16384) + '{', 'latin1')).brackets(), undefined);
  });

  it('the snowflake context reads the same parent keys from the walker\'s bracket places as by its own search', () => {
    const walker = new RunWalker();
    const SNOW = '1212092628029698048';
    const part = fc.constantFrom('{', '[', '}', ']', ' ', '\n', ',', '"discord": {', '"tweets": [', '"id": ', 'x'.repeat(3000), `${SNOW} `, '"a": [{"b": ', `"id": ${SNOW}`);
    let named = 0;
    fc.assert(fc.property(fc.array(part, { maxLength: 120 }), fc.array(fc.nat(), { minLength: 1, maxLength: 12 }), (parts, asks) => {
      const t = parts.join('');
      const own = new ContextReader(t);
      const listed = new ContextReader(t, [], walker.load(Buffer.from(t, 'latin1')).brackets());
      // At each number (where a scan asks) and anywhere.
      for (const end of questionPlaces(t, SNOW, asks)) {
        const a = own.at(end);
        assert.deepEqual(listed.at(end), a);
        if (a?.by === 'parent') named++;
      }
    }), { numRuns: 400 });
    assert.ok(named > 50, `${named} answers by a parent key`);
  });

  it('the WebAssembly walker on the precision corpus: the same matches as the scanner\'s loop', () => {
    const walker = new RunWalker();
    const corpus = loadCorpus(join(__dirname, '../../node_modules'), 10 * 1024 * 1024);
    let ids = 0;
    for (const file of corpus.files) {
      const bytes = Buffer.from(file.text, 'utf8');
      const expected = viaLoop(bytes, 0, bytes.length);
      assert.deepEqual(viaLoop(bytes, 0, bytes.length, walker.load(bytes)), expected, file.path);
      ids += expected.length;
    }
    assert.ok(ids > 50, `${ids} IDs`);
  });

  it('on the precision corpus (10 MB of node_modules): the same IDs from the string and from its bytes', () => {
    const corpus = loadCorpus(join(__dirname, '../../node_modules'), 10 * 1024 * 1024);
    let ids = 0;
    for (const file of corpus.files) {
      const bytes = Buffer.from(file.text, 'utf8');
      const fromString = scan(file.text, { now: NOW });
      const fromBytes = scanBytes(bytes, 0, bytes.length, { now: NOW });
      assert.deepEqual(fromBytes.map((m) => [m.kind, m.text]), fromString.map((m) => [m.kind, m.text]), file.path);
      ids += fromString.length;
    }
    assert.ok(ids > 50, `${ids} IDs`);
  });
});
