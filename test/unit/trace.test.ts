// AWS X-Ray trace IDs and W3C traceparent: the OpenTelemetry X-Ray ID generator's trace ids,
// the vectors in the AWS and W3C documents, conversions (32 hex, X-Ray, Datadog's decimal low
// 64 bits), the Datadog 128-bit time rule, and the scanner.
import assert from 'node:assert/strict';
import { AWSXRayIdGenerator } from '@opentelemetry/id-generator-aws-xray';
import { convert, convertTargetsFor, decodeTraceparent, decodeXray, inspect, represent, scan, inspectId } from '../../src/core';
import { code } from './helpers';
import { XRAY_SPEC } from '../shared/vectors';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('AWS X-Ray trace ID', () => {
  it('decodes the AWS documentation examples', () => {
    // "10:00AM December 1st, 2016 PST in epoch time is 1480615200 seconds, or 58406520 in hex".
    const d = decodeXray('1-58406520-a006649127e371903a2de979');
    assert.equal(d.kind, 'xray');
    assert.equal(d.unixMs, 1480615200 * 1000);
    assert.equal(d.time, '2016-12-01T18:00:00.000Z');
    assert.deepEqual(d.fields, { random: 'a006649127e371903a2de979' });
    // The ELB example header: X-Amzn-Trace-Id: Root=1-5759e988-bd862e3fe1be46a994272793
    assert.equal(decodeXray(XRAY_SPEC).unixMs, 0x5759e988 * 1000);
  });

  it('reads the time the OpenTelemetry X-Ray generator wrote, at random clock times 2016-2100 (5,000 ids)', () => {
    const gen = new AWSXRayIdGenerator();
    const RealNow = Date.now;
    const bad: string[] = [];
    try {
      for (let i = 0; i < 5000; i++) {
        const ms = Date.UTC(2016, 0, 1) + Math.floor(Math.random() * (Date.UTC(2100, 0, 1) - Date.UTC(2016, 0, 1)));
        Date.now = () => ms;
        const hex = gen.generateTraceId();
        Date.now = RealNow;
        const xray = convert(hex, 'xray');
        const d = decodeXray(xray);
        if (xray !== `1-${hex.slice(0, 8)}-${hex.slice(8)}` || convert(xray, 'hex') !== hex || d.unixMs !== Math.floor(ms / 1000) * 1000) {
          bad.push(`${hex} -> ${xray} (${d.unixMs}, generated at ${ms})`);
        }
      }
    } finally {
      Date.now = RealNow;
    }
    assert.deepEqual(bad.slice(0, 3), []);
  });

  it("writes Datadog's decimal trace id: the low 64 bits", () => {
    // 0xa994272793... low 64 bits of 5759e988bd862e3fe1be46a994272793 = 0xe1be46a994272793.
    assert.equal(convert(XRAY_SPEC, 'datadog'), BigInt('0xe1be46a994272793').toString());
    assert.equal(convert(XRAY_SPEC, 'datadog'), '16266516598257821587');
    assert.equal(convert('00000000000000000000000000000001', 'datadog'), '1');
    const hover = represent(inspectId(XRAY_SPEC)!, { hoverOnly: true });
    assert.deepEqual(hover.map((w) => [w.target, w.value]), [['hex', '5759e988bd862e3fe1be46a994272793'], ['datadog', '16266516598257821587']]);
    assert.ok(convertTargetsFor(XRAY_SPEC).find((c) => c.target === 'datadog')?.enabled);
  });

  it('says what is wrong', () => {
    assert.throws(() => decodeXray('2-5759e988-bd862e3fe1be46a994272793'), code('INVALID_CHARACTER'));
    assert.throws(() => decodeXray('1-5759e98g-bd862e3fe1be46a994272793'), code('INVALID_CHARACTER'));
    assert.equal(inspect('1-5759e988-bd862e3fe1be46a99427279z').kind, 'xray');
    assert.equal(inspect('1-5759e988-bd862e3fe1be46a99427279z').valid, false);
  });

  it('is found in headers and logs with a plausible time, not in longer dashed tokens', () => {
    const id = XRAY_SPEC;
    const found = (text: string) => scan(text, { now: NOW }).map((m) => [m.kind, m.text]);
    assert.deepEqual(found(`X-Amzn-Trace-Id: Root=${id};Parent=53995c3f42cd8ad8;Sampled=1`), [['xray', id]]);
    assert.deepEqual(found(`"traceId":"${id}"`), [['xray', id]]);
    assert.deepEqual(found(`x-${id}`), []);
    assert.deepEqual(found(`${id}-ab`), []);
    assert.deepEqual(found(`${id}0`), []);
    assert.deepEqual(found('1-00000001-bd862e3fe1be46a994272793'), []); // 1970
    assert.deepEqual(found('1-fd59e988-bd862e3fe1be46a994272793'), []); // 2104
    assert.deepEqual(found('1-5759E988-BD862E3FE1BE46A994272793'), []); // X-Ray writes lower case
  });
});

describe('W3C traceparent', () => {
  const W3C = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

  it('decodes the W3C Trace Context example without a time', () => {
    const d = decodeTraceparent(W3C);
    assert.equal(d.kind, 'traceparent');
    assert.equal(d.unixMs, undefined);
    assert.deepEqual(d.fields, { version: '00', traceId: '0af7651916cd43dd8448eb211c80319c', parentId: 'b7ad6b7169203331', flags: '01', sampled: true });
    assert.equal(decodeTraceparent('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00').fields.sampled, false);
  });

  it('reads the time of a Datadog 128-bit trace id (seconds, then 32 zero bits) and of no other', () => {
    const dd = '00-6745a1b200000000a1b2c3d4e5f60718-b7ad6b7169203331-01';
    const d = decodeTraceparent(dd);
    assert.equal(d.unixMs, 0x6745a1b2 * 1000);
    assert.equal(d.fields.traceIdStyle, 'datadog');
    // X-Ray-style (seconds, then random): indistinguishable from random, so no time.
    assert.equal(decodeTraceparent('00-5759e988bd862e3fe1be46a994272793-b7ad6b7169203331-01').unixMs, undefined);
    // Zero bits but a time before 2020, or 64-bit ids padded with zeros: no time.
    assert.equal(decodeTraceparent('00-1745a1b200000000a1b2c3d4e5f60718-b7ad6b7169203331-01').unixMs, undefined);
    assert.equal(decodeTraceparent('00-0000000000000000a1b2c3d4e5f60718-b7ad6b7169203331-01').unixMs, undefined);
  });

  it('converts its trace id: 32 hex, X-Ray, Datadog decimal', () => {
    assert.equal(convert(W3C, 'hex'), '0af7651916cd43dd8448eb211c80319c');
    assert.equal(convert(W3C, 'xray'), '1-0af76519-16cd43dd8448eb211c80319c');
    assert.equal(convert(W3C, 'datadog'), BigInt('0x8448eb211c80319c').toString());
    const hover = represent(inspectId(W3C)!, { hoverOnly: true });
    assert.deepEqual(hover.map((w) => w.target), ['xray', 'hex', 'datadog']);
  });

  it('refuses what the spec forbids', () => {
    assert.throws(() => decodeTraceparent('00-00000000000000000000000000000000-b7ad6b7169203331-01'), code('INVALID_CHARACTER'));
    assert.throws(() => decodeTraceparent('00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01'), code('INVALID_CHARACTER'));
    assert.throws(() => decodeTraceparent('ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'), code('INVALID_CHARACTER'));
    assert.throws(() => decodeTraceparent('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-1'), code('INVALID_LENGTH'));
  });

  it('is found in headers, alone, in one case', () => {
    const found = (text: string) => scan(text, { now: NOW }).map((m) => [m.kind, m.text]);
    assert.deepEqual(found(`traceparent: ${W3C}`), [['traceparent', W3C]]);
    // Joined to more dashed text it is no traceparent (its 32 hex may still read as a UUID).
    assert.deepEqual(found(`x-${W3C}`).filter((m) => m[0] === 'traceparent'), []);
    assert.deepEqual(found(`${W3C}-x`).filter((m) => m[0] === 'traceparent'), []);
    assert.deepEqual(found(W3C.toUpperCase()), [['traceparent', W3C.toUpperCase()]]);
    assert.deepEqual(found(W3C.replace('0af7', '0AF7')), []); // mixed case: nothing
  });
});
