// XID (rs/xid): the README vector, a differential run against xid-ts in both directions,
// round-trips, ObjectId <-> XID conversion, the scanner's rules and generator sequences.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Xid, newState } from 'xid-ts';
import {
  XidGenerator, boundsSpec, bytesToHex, decodeObjectId, decodeXid, encodeXid, inspect, inspectId, represent,
  representationsFor, scan,
} from '../../src/core';
import { code } from './helpers';
import { OBJECTID_SPEC, XID_SPEC } from '../shared/vectors';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const N = 3000;

describe('XID', () => {
  it("reads rs/xid's README example with its fields", () => {
    // github.com/rs/xid README: 9m4e2mr0ui3e8a215n4g; its parts as xid-ts reads them.
    const d = decodeXid(XID_SPEC);
    const ref = Xid.parse(XID_SPEC);
    assert.equal(d.unixMs, ref.timestamp() * 1000);
    assert.equal(d.fields.machine, bytesToHex(ref.machine()));
    assert.equal(d.fields.pid, ref.pid());
    assert.equal(d.fields.counter, ref.counter());
    assert.equal(d.time, '2011-03-22T17:50:19.000Z');
  });

  it('refuses what is not an XID, with the reason', () => {
    assert.throws(() => decodeXid('9m4e2mr0ui3e8a215n4'), code('INVALID_LENGTH'));
    assert.throws(() => decodeXid('9M4E2MR0UI3E8A215N4G'), code('INVALID_CASE'));
    assert.throws(() => decodeXid('9m4e2mr0ui3e8a215n4w'), code('INVALID_CHARACTER'));
    // The last char holds one bit: 0 or g; xid-ts refuses the rest too.
    assert.throws(() => decodeXid('9m4e2mr0ui3e8a215n4h'), code('OVERFLOW'));
    assert.throws(() => Xid.parse('9m4e2mr0ui3e8a215n4h'));
  });

  it('agrees with xid-ts on thousands of its XIDs (time, machine, pid, counter, bytes)', () => {
    const ids: Xid[] = [];
    for (let i = 0; i < N; i++) ids.push(i % 2 ? new Xid() : Xid.newWithTime(Math.floor(Math.random() * 2 ** 32), newState()));
    let bad = 0;
    for (const x of ids) {
      const s = x.toString();
      const d = decodeXid(s);
      if (d.unixMs !== x.timestamp() * 1000 || d.fields.machine !== bytesToHex(x.machine()) || d.fields.pid !== x.pid()
        || d.fields.counter !== x.counter() || bytesToHex(d.bytes!) !== bytesToHex(x.toBytes()) || encodeXid(d.bytes!) !== s) bad++;
    }
    assert.equal(bad, 0);
  });

  it('writes XIDs xid-ts reads back, and agrees with it on every 12 bytes', () => {
    const ours = new XidGenerator().batch(N);
    let bad = 0;
    for (const s of ours) if (Xid.parse(s).timestamp() * 1000 !== decodeXid(s).unixMs || Xid.parse(s).toString() !== s) bad++;
    assert.equal(bad, 0);
    fc.assert(fc.property(fc.uint8Array({ minLength: 12, maxLength: 12 }), (b) => {
      const s = encodeXid(b);
      assert.equal(s, new Xid(b).toString());
      assert.deepEqual(decodeXid(s).bytes, b);
    }), { numRuns: 2000 });
  });

  it('decodes arbitrary 20-char text as xid-ts does: same validity, same bytes', () => {
    const text = fc.string({ unit: fc.constantFrom(...'0123456789abcdefghijklmnopqrstuvwxyzG'), minLength: 20, maxLength: 20 });
    fc.assert(fc.property(text, (s) => {
      let theirs: string | undefined;
      try {
        theirs = bytesToHex(Xid.parse(s).toBytes());
      } catch {
        theirs = undefined;
      }
      const d = inspectId(s);
      const ours = d?.kind === 'xid' && d.valid ? bytesToHex(d.bytes!) : undefined;
      // 20 digits read as a snowflake first; compare the XID reading itself there.
      const direct = (() => { try { return bytesToHex(decodeXid(s).bytes!); } catch { return undefined; } })();
      assert.equal(direct, theirs, s);
      if (/[a-v]/.test(s)) assert.equal(ours, theirs, s);
    }), { numRuns: 3000 });
  });

  it('converts to hex and to the ObjectId of the same 12 bytes, and back', () => {
    const s = XID_SPEC;
    const forms = Object.fromEntries(represent(inspectId(s)!).map((r) => [r.target, r.value]));
    assert.equal(forms.hex, '4d88e15b60f486e428412dc9');
    assert.equal(forms.objectid, '4d88e15b60f486e428412dc9');
    assert.equal(decodeObjectId(forms.objectid!).unixMs, decodeXid(s).unixMs);
    const back = Object.fromEntries(represent(inspectId(forms.objectid!)!).map((r) => [r.target, r.value]));
    assert.equal(back.xid, s);
    // The 96-bit targets: the two formats, then XID's hex (an ObjectId's hex is its own text).
    assert.deepEqual(representationsFor(96).map((r) => r.target), ['objectid', 'xid', 'hex']);
    assert.deepEqual(represent(inspectId(OBJECTID_SPEC)!).map((r) => r.target), ['xid']);
  });

  it('is found in free text only with a plausible time and a last char of 0 or g', () => {
    const id = new XidGenerator({ clock: () => NOW }).next();
    assert.deepEqual(scan(`req ${id} done`, { now: NOW }).map((m) => m.kind), ['xid']);
    assert.deepEqual(scan(`req ${id.toUpperCase()} done`, { now: NOW }), []);
    assert.deepEqual(scan(`req ${id.slice(0, 19)}h done`, { now: NOW }), []);
    assert.deepEqual(scan(`"xid": "${id.slice(0, 19)}h"`, { now: NOW }).map((m) => [m.kind, m.decoded.valid]), [['xid', false]]);
    assert.deepEqual(scan(`a ${new XidGenerator().next(Date.UTC(2012, 0, 1))} b`, { now: NOW }), []);
    assert.deepEqual(scan('abcdefghijklmnopqrs0 internationalization 12345678901234567890', { now: NOW }), []);
  });

  it('is named xid by inspect', () => {
    assert.equal(inspect(XID_SPEC).kind, 'xid');
    assert.equal(inspect('12345678901234567890').kind, 'snowflake');
  });

  it('bounds: lowest and highest XID of a second', () => {
    const codec = boundsSpec('xid')!.codec({ prefix: '' });
    const ms = Date.UTC(2024, 4, 1, 0, 0, 0, 700);
    const lo = codec.text(ms, false), hi = codec.text(ms, true);
    assert.ok(lo < hi);
    assert.equal(codec.timeOf(lo), Date.UTC(2024, 4, 1));
    assert.equal(decodeXid(hi).fields.counter, 0xffffff);
    assert.deepEqual(codec.span('c', 20).map((s) => decodeXid(s).valid), [true, true]);
  });
});
