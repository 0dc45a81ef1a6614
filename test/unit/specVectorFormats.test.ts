// Formats with no reference library on npm, checked against the vectors of their specification
// or reference implementation (each cited by repository, file and commit), round-trips on random
// values, and the scanner's rules.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { bytesToHex } from '../../src/core/bytes';
import { formatUuid } from '../../src/core/formats/uuid/codec';
import { decodeBoundaryFlake, encodeBoundaryFlake, boundaryflake } from '../../src/core/formats/boundaryflake';
import { decodeHadoop, hadoop } from '../../src/core/formats/hadoop';
import { decodeScru64, encodeScru64, scru64 } from '../../src/core/formats/scru64';
import { TIMEFLAKE_MAX, decodeTimeflake, encodeTimeflake, timeflake } from '../../src/core/formats/timeflake';
import { timeKeyBefore } from '../../src/core/formats/plainTime';
import type { FormatModule, ScanContext } from '../../src/core/formats/types';
import { code } from './helpers';

const NOW = Date.UTC(2026, 10, 23);

/** The format's own scan rules on `text` (as the scanner offers a run), with a minimal context. */
function scanWith(f: FormatModule, text: string): string[] {
  const ctx: ScanContext = {
    text, now: NOW, snowflake: undefined, numbers: true, numbersNeedLayout: false,
    plausibleMs: (ms, from) => ms >= from && ms <= NOW + 10 * 365.25 * 86400000,
    labelled: (start, re) => re.test(text.slice(Math.max(0, start - 40), start)),
    inBase64: () => false,
    snowflakeAt: () => undefined,
    timeKeyAt: (start) => timeKeyBefore(text, start, undefined),
  };
  const out: string[] = [];
  for (const m of text.matchAll(/[A-Za-z0-9_]+/g)) {
    const s = m[0];
    let or = 0;
    for (const c of s) or |= /\d/.test(c) ? 2 : /[A-Z]/.test(c) ? 4 : c === '_' ? 64 : 8;
    const and = /^[0-9a-fA-F]+$/.test(s) ? 16 : 0;
    const run = { start: m.index, end: m.index + s.length, or, and, lastUnderscore: s.lastIndexOf('_') < 0 ? -1 : m.index + s.lastIndexOf('_') };
    for (const rule of f.scan ?? []) {
      const ok = run.lastUnderscore >= 0 ? rule.tailLengths?.includes(run.end - run.lastUnderscore - 1) : rule.runLengths?.includes(s.length);
      const hit = ok ? rule.find(run, ctx) : undefined;
      if (hit) out.push(text.slice(hit.start, hit.end));
    }
  }
  return out;
}

describe('Timeflake (anthonynsimon/timeflake @ ca5ac16)', () => {
  it('reads the vectors of tests/test_timeflake.py and README.md in every spelling', () => {
    // tests/test_timeflake.py test_parse_*_and_conversions.
    for (const text of ['02i1KoFfY3auBS745gImbZ', '016fa936bff0997a0a3c428548fee8c9', '016fa936-bff0-997a-0a3c-428548fee8c9']) {
      const d = decodeTimeflake(text);
      assert.equal(d.unixMs, 1579091935216);
      assert.equal(d.fields.random, '724773312193627487660233');
      assert.equal(bytesToHex(d.bytes!), '016fa936bff0997a0a3c428548fee8c9');
    }
    // README.md "Spec": 016fb4209023b444fd07590f81b7b0eb = 02i2XhN7hAuaFh3MwztcMd, 2020-01-17T15:30:30.563Z.
    const r = decodeTimeflake('02i2XhN7hAuaFh3MwztcMd');
    assert.equal(bytesToHex(r.bytes!), '016fb4209023b444fd07590f81b7b0eb');
    assert.equal(r.time, '2020-01-17T15:30:30.563Z');
    assert.equal(r.fields.random, '851298578153087956398315');
    assert.equal(encodeTimeflake(r.bytes!), '02i2XhN7hAuaFh3MwztcMd');
  });

  it('round-trips every 128-bit value and refuses more', () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (b) => {
      const s = encodeTimeflake(b);
      assert.equal(s.length, 22);
      assert.equal(bytesToHex(decodeTimeflake(s).bytes!), bytesToHex(b));
    }), { numRuns: 2000 });
    assert.equal(TIMEFLAKE_MAX, encodeTimeflake(new Uint8Array(16).fill(255)));
    assert.throws(() => decodeTimeflake('8' + '0'.repeat(21)), code('OVERFLOW'));
    assert.throws(() => decodeTimeflake('02i2XhN7hAuaFh3MwztcM-'), code('INVALID_CHARACTER'));
  });

  it('base62 text sorts like the time (bounds)', () => {
    const b = timeflake.bounds![0]!.codec({ prefix: '' });
    const lo = b.text(Date.UTC(2024, 0, 1), false), hi = b.text(Date.UTC(2024, 0, 1), true);
    const mid = encodeTimeflake(decodeTimeflake(lo).bytes!.map((x, i) => (i < 6 ? x : 0x55)));
    assert.ok(lo < mid && mid < hi);
    assert.equal(b.timeOf(hi), Date.UTC(2024, 0, 1));
  });

  it('is found in free text with a plausible time, and only as base62', () => {
    assert.deepEqual(scanWith(timeflake, 'flake 02i2XhN7hAuaFh3MwztcMd here'), ['02i2XhN7hAuaFh3MwztcMd']);
    assert.deepEqual(scanWith(timeflake, 'year 2800: 0Zi2XhN7hAuaFh3MwztcMd, token abcdefghijklmnopqrstuv'), []);
    assert.ok(timeflake.shapes[1]!.asked, 'hex and UUID spellings only when named');
  });
});

describe('Boundary Flake (boundary/flake @ 15c933a)', () => {
  it("reads readme.md's base62 ids and uuinfo's UUID spelling of one", () => {
    // readme.md: flake_harness:generate(10, 62) -> "8HFaR8qWtRlGDHnO57", …; uuinfo (Racum/uuinfo
    // src/id_format_tests.rs @ 1b2847f) names 00000134-d423-5a10-109a-dd5e0e8f0005 the same Flake.
    const a = decodeBoundaryFlake('8HFaR8qWtRlGDHnO57');
    const b = decodeBoundaryFlake('00000134-d423-5a10-109a-dd5e0e8f0005');
    assert.equal(a.time, '2012-01-12T22:56:53.776Z');
    assert.deepEqual(a.fields, { workerId: '10:9a:dd:5e:0e:8f', sequence: 5 });
    assert.deepEqual(b.fields, a.fields);
    assert.equal(decodeBoundaryFlake('8HFaR8qWtRlGDHnO56').fields.sequence, 4);
    // readme.md's binary id <<0,0,1,52,212,33,45,67,16,154,221,94,14,143,0,0>>: time, worker, sequence 0.
    const bin = new Uint8Array([0, 0, 1, 52, 212, 33, 45, 67, 16, 154, 221, 94, 14, 143, 0, 0]);
    const c = decodeBoundaryFlake(encodeBoundaryFlake(bin));
    assert.equal(c.unixMs, 0x134d4212d43);
    assert.deepEqual(c.fields, { workerId: '10:9a:dd:5e:0e:8f', sequence: 0 });
  });

  it('round-trips every 128-bit value', () => {
    fc.assert(fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (b) => {
      assert.equal(bytesToHex(decodeBoundaryFlake(encodeBoundaryFlake(b)).bytes!), bytesToHex(b));
    }), { numRuns: 2000 });
  });

  it('is guessed only with a plausible time and a small sequence; in free text only after a label', () => {
    assert.equal(boundaryflake.decode('8HFaR8qWtRlGDHnO57', { now: NOW }).plausible, true);
    const bigSeq = encodeBoundaryFlake(new Uint8Array([0, 0, 1, 52, 212, 33, 45, 67, 16, 154, 221, 94, 14, 143, 0xff, 0]));
    assert.equal(boundaryflake.decode(bigSeq, { now: NOW }).plausible, false);
    assert.deepEqual(scanWith(boundaryflake, 'id 8HFaR8qWtRlGDHnO57'), []);
    assert.deepEqual(scanWith(boundaryflake, '"flake_id": "8HFaR8qWtRlGDHnO57"'), ['8HFaR8qWtRlGDHnO57']);
    assert.deepEqual(scanWith(boundaryflake, '"snowflake": "8HFaR8qWtRlGDHnO57"'), []);
  });
});

describe('SCRU64 (scru64/javascript @ a2ce0e7, scru64/spec README.md v0.1.1)', () => {
  // test/id.test.js EXAMPLE_IDS (first rows): text, timestamp (256 ms units), nodeCtr.
  const VECTORS: [string, number, number][] = [
    ['000000000000', 0, 0],
    ['00000009zldr', 0, 16777215],
    ['zzzzzzzq0em8', 282429536480, 0],
    ['zzzzzzzzzzzz', 282429536480, 16777215],
    ['0u375nxqh5cq', 6557084606, 2777946],
    ['0u375nxqh5ct', 6557084606, 2777949],
    ['0u375ny0glr0', 6557084607, 2771484],
  ];

  it('reads the reference vectors in either case and writes them back', () => {
    for (const [text, ts, nodeCtr] of VECTORS) {
      for (const t of [text, text.toUpperCase()]) {
        const d = decodeScru64(t);
        assert.equal(d.fields.timestamp, ts, t);
        assert.equal(d.fields.nodeCtr, nodeCtr, t);
        assert.equal(d.unixMs, ts * 256, t);
        assert.equal(encodeScru64(d.bytes!), text);
      }
    }
    // The spec's encoding example: 109959589539758421 = "0u2pf62ji4b9".
    assert.equal(BigInt('0x' + bytesToHex(decodeScru64('0u2pf62ji4b9').bytes!)), 109959589539758421n);
  });

  it('refuses what the reference refuses (test/id.test.js "fails to parse")', () => {
    for (const bad of ['', ' 0u3wrp5g81jx', '0u3wrp5g81jy ', '+0u3wrp5g81k0', '-u3wrp5q7ta6', '0u3w_p5q7ta7', '0u3wrp5-7ta8', '0u3wrp5q7t 9']) {
      assert.equal(scru64.decode(bad).valid, false, JSON.stringify(bad));
    }
  });

  it('text order is time order (bounds) and free text finds only plausible ones', () => {
    const b = scru64.bounds![0]!.codec({ prefix: '' });
    const t = Date.UTC(2025, 0, 1);
    assert.ok(b.text(t, false) <= '0u375nxqh5cq' === t <= 6557084606 * 256);
    assert.equal(b.timeOf(b.text(t, true)), Math.floor(t / 256) * 256);
    assert.deepEqual(scanWith(scru64, 'ids 0u375nxqh5cq and 0u375ny0glr1, hash 0123456789ab, word 0verthinking, literal 0x12345abcde'), ['0u375nxqh5cq', '0u375ny0glr1']);
  });
});

describe('Hadoop/YARN ids (apache/hadoop ContainerId.java @ 13be7a8, TaskID.java @ 3f622a1)', () => {
  it("reads the javadoc examples with Hadoop's own field names", () => {
    // ContainerId#toString javadoc: container_e17_1410901177871_0001_01_000005 (epoch 17).
    const c = decodeHadoop('container_e17_1410901177871_0001_01_000005');
    assert.equal(c.time, '2014-09-16T20:59:37.871Z');
    assert.deepEqual(
      { ...c.fields },
      { type: 'container', epoch: 17, applicationId: 1, attemptId: 1, containerId: 5, clusterStart: 'ResourceManager start' },
    );
    assert.equal(decodeHadoop('container_1410901177871_0001_01_000005').fields.epoch, undefined);
    assert.equal(decodeHadoop('application_1410901177871_0001').fields.applicationId, 1);
    assert.equal(decodeHadoop('appattempt_1410901177871_0001_000002').fields.attemptId, 2);
    assert.equal(decodeHadoop('attempt_1410901177871_0003_r_000005_1').fields.taskType, 'reduce');
    // TaskID javadoc: task_200707121733_0003_m_000005, from a classic JobTracker (yyyyMMddHHmm, its own zone).
    const t = decodeHadoop('task_200707121733_0003_m_000005');
    assert.equal(t.unixMs, undefined);
    assert.equal(t.fields.jobTrackerStart, '2007-07-12 17:33 (JobTracker\'s time zone)');
    assert.equal(t.fields.taskId, 5);
  });

  it('says what a broken id should look like, and counts numbers as Java does', () => {
    assert.throws(() => decodeHadoop('container_e17_1410901177871_0001_01'), (e: Error) => code('INVALID_CHARACTER')(e) && /container_e17_/.test(e.message));
    assert.throws(() => decodeHadoop('application_1410901177871_99999999999'), code('OVERFLOW'));
    assert.equal(decodeHadoop('application_1410901177871_12345').fields.applicationId, 12345);
  });

  it('is found in logs and paths, whole, and not in other words', () => {
    const log = 'INFO Submitted application application_1700000000000_0042 to ResourceManager; '
      + 'logs in /tmp/logs/container_e03_1700000000000_0042_01_000002/stderr, attempt_1700000000000_0042_m_000001_0 done; my_var_1 task_1';
    assert.deepEqual(scanWith(hadoop, log), ['application_1700000000000_0042', 'container_e03_1700000000000_0042_01_000002', 'attempt_1700000000000_0042_m_000001_0']);
  });
});

describe('re-spelled UUID helpers', () => {
  it('formats bytes as the UUID text the cards show', () => {
    assert.equal(formatUuid(decodeTimeflake('02i1KoFfY3auBS745gImbZ').bytes!), '016fa936-bff0-997a-0a3c-428548fee8c9');
  });
});
