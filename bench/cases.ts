// What is compared: for each operation, our core beside the peer library a user would otherwise
// reach for, on the same inputs. Each function returns a value derived from its result so the
// timing loop can consume it. Peers are called the way their READMEs show.
import { randomUUID } from 'node:crypto';
import { DiscordSnowflake } from '@sapphire/snowflake';
import { ObjectId } from 'bson';
import KSUID from 'ksuid';
import { TypeID, typeid } from 'typeid-js';
import { decodeTime, isValid as ulidIsValid, monotonicFactory, ulidToUUID, uuidToULID } from 'ulid';
import * as uuid from 'uuid';
import * as atcuteTid from '@atcute/tid';
import { Scru128Id } from 'scru128';
import { TSID, TSIDGenerator } from 'tsid-ts';
import { Xid } from 'xid-ts';
import { parseTraceParent } from '@opentelemetry/core';
import { createId } from '@paralleldrive/cuid2';
import { core } from './core';
import { INPUTS, makeIds, withInvalid } from './ids';
import { nsPerOp } from './timing';
import { cuid2, decodeCuid, decodePushId, decodeTraceparent, decodeXray, handCuidTime, handPushIdTime, handXrayTime, makeTextIds } from './textIds';

const {
  KsuidGenerator, ObjectIdGenerator, SNOWFLAKE_PRESETS, SnowflakeGenerator, UlidGenerator, UuidGenerator,
  convert, decodeKsuid, decodeObjectId, decodeTypeId, decodeUlid, decodeUuid,
  generate, isObjectId, isUlid, isUuid, nanoid,
  TidGenerator, TsidGenerator, XidGenerator, decodeScru128, decodeTid, decodeTsid, decodeXid,
} = core;

export type Group = 'decode' | 'validate' | 'convert' | 'generate';

export interface Case {
  group: Group;
  name: string;
  ours?: (i: number) => unknown;
  peerName?: string;
  peer?: (i: number) => unknown;
}

/** A case measured: ns per call of ours and of the peer, timed in one interleaved run. */
export interface Row {
  c: Case;
  ours?: number;
  peer?: number;
}

export function measureCase(c: Case): Row {
  const row: Row = { c };
  const fns = [c.ours, c.peer].filter((f) => f !== undefined);
  const ns = nsPerOp(fns);
  if (c.ours) row.ours = ns[0];
  if (c.peer) row.peer = ns[fns.length - 1];
  return row;
}

/** ns per call as the tables print it. */
export const fmtNs = (ns: number | undefined): string => (ns === undefined ? '—' : ns < 100 ? ns.toFixed(1) : ns.toFixed(0));

/** Peer ÷ ours, as the tables print it. */
export const ratioOf = (r: Row): string => (r.ours !== undefined && r.peer !== undefined ? `${(r.peer / r.ours).toFixed(2)}×` : '—');

const M = INPUTS - 1;
const snowflake = core.formatById('snowflake')!;
const discord = { snowflake: SNOWFLAKE_PRESETS.discord };

const ulids = makeIds('ulid', 1);
const uuids = makeIds('uuid', 2);
const snowflakes = makeIds('snowflake', 3);
const ksuids = makeIds('ksuid', 4);
const objectIds = makeIds('objectid', 5);
const typeIds = makeIds('typeid', 6);
const tsids = makeIds('tsid', 7);
const xids = makeIds('xid', 8);
const tids = makeIds('tid', 9);
const scru128s = makeIds('scru128', 10);
const cuids = makeTextIds('cuid', 21);
const pushIds = makeTextIds('pushid', 22);
const xrays = makeTextIds('xray', 23);
const traceparents = makeTextIds('traceparent', 24);

/** Unix ms of a v7 UUID from uuid.parse() bytes: the manual step the uuid package leaves to users. */
function v7Ms(b: Uint8Array): number {
  return b[0]! * 2 ** 40 + b[1]! * 2 ** 32 + (((b[2]! << 24) | (b[3]! << 16) | (b[4]! << 8) | b[5]!) >>> 0);
}

export function decodeCases(): Case[] {
  return [
    { group: 'decode', name: 'ULID', ours: (i) => decodeUlid(ulids[i & M]!).unixMs,
      peerName: 'ulid decodeTime', peer: (i) => decodeTime(ulids[i & M]!) },
    { group: 'decode', name: 'UUIDv7', ours: (i) => decodeUuid(uuids[i & M]!).unixMs,
      peerName: 'uuid parse+version+v7 ms', peer: (i) => {
        const text = uuids[i & M]!;
        return uuid.version(text) === 7 ? v7Ms(uuid.parse(text)) : 0;
      } },
    { group: 'decode', name: 'ObjectId', ours: (i) => decodeObjectId(objectIds[i & M]!).unixMs,
      peerName: 'bson ObjectId getTimestamp', peer: (i) => new ObjectId(objectIds[i & M]!).getTimestamp().getTime() },
    { group: 'decode', name: 'TSID', ours: (i) => decodeTsid(tsids[i & M]!).unixMs,
      peerName: 'tsid-ts TSID.fromString().timestamp', peer: (i) => TSID.fromString(tsids[i & M]!).timestamp },
    { group: 'decode', name: 'XID', ours: (i) => decodeXid(xids[i & M]!).unixMs,
      peerName: 'xid-ts Xid.parse().timestamp()', peer: (i) => Xid.parse(xids[i & M]!).timestamp() },
    { group: 'decode', name: 'TID (atproto)', ours: (i) => decodeTid(tids[i & M]!).unixMs,
      peerName: '@atcute/tid parse().timestamp', peer: (i) => atcuteTid.parse(tids[i & M]!).timestamp },
    { group: 'decode', name: 'SCRU128', ours: (i) => decodeScru128(scru128s[i & M]!).unixMs,
      peerName: 'scru128 Scru128Id.fromString().timestamp', peer: (i) => Scru128Id.fromString(scru128s[i & M]!).timestamp },
    // The registry's decode, as the hover and the scanner call it: the layout parsed once (the
    // setting), fields and ISO text made when read. The next rows read those too, so each side
    // does the same work: time, then every field, then the ISO time.
    { group: 'decode', name: 'Snowflake (discord)', ours: (i) => snowflake.decode(snowflakes[i & M]!, discord).unixMs,
      peerName: '@sapphire/snowflake deconstruct', peer: (i) => DiscordSnowflake.deconstruct(snowflakes[i & M]!).timestamp },
    { group: 'decode', name: 'Snowflake (discord) + fields', ours: (i) => snowflake.decode(snowflakes[i & M]!, discord).fields['sequence'],
      peerName: 'sapphire deconstruct .increment', peer: (i) => DiscordSnowflake.deconstruct(snowflakes[i & M]!).increment },
    // deconstruct returns no time text and does not validate; this row gives the peer the ISO
    // time, so the two do the same work.
    { group: 'decode', name: 'Snowflake (discord) + ISO time', ours: (i) => snowflake.decode(snowflakes[i & M]!, discord).time,
      peerName: 'sapphire deconstruct + toISOString', peer: (i) => new Date(Number(DiscordSnowflake.deconstruct(snowflakes[i & M]!).timestamp)).toISOString() },
    { group: 'decode', name: 'KSUID', ours: (i) => decodeKsuid(ksuids[i & M]!).unixMs,
      peerName: 'ksuid parse+date', peer: (i) => KSUID.parse(ksuids[i & M]!).date.getTime() },
    { group: 'decode', name: 'TypeID', ours: (i) => decodeTypeId(typeIds[i & M]!).fields['uuid'],
      peerName: 'typeid-js TypeID.fromString+toUUID', peer: (i) => TypeID.fromString(typeIds[i & M]!).toUUID() },
    // cuid, pushid and the X-Ray generator have no decoder: the peer is the hand-written one.
    { group: 'decode', name: 'CUID', ours: (i) => decodeCuid(cuids[i & M]!).unixMs,
      peerName: 'by hand: parseInt(slice(1, 9), 36)', peer: (i) => parseInt(cuids[i & M]!.slice(1, 9), 36) },
    { group: 'decode', name: 'Firebase push ID', ours: (i) => decodePushId(pushIds[i & M]!).unixMs,
      peerName: 'by hand: PUSH_CHARS.indexOf x 8', peer: (i) => handPushIdTime(pushIds[i & M]!) },
    { group: 'decode', name: 'X-Ray trace ID', ours: (i) => decodeXray(xrays[i & M]!).unixMs,
      peerName: 'by hand: parseInt(slice(2, 10), 16)', peer: (i) => parseInt(xrays[i & M]!.slice(2, 10), 16) * 1000 },
    { group: 'decode', name: 'traceparent', ours: (i) => decodeTraceparent(traceparents[i & M]!).fields['parentId'],
      peerName: '@opentelemetry/core parseTraceParent', peer: (i) => parseTraceParent(traceparents[i & M]!)?.spanId },
    // The CUID and X-Ray rows above give the peer less work than ours: it reads 8 chars and
    // checks none, ours checks all 25 or 35 (and must: a decoder refuses a broken ID). These two
    // rows time the same call of ours beside a hand-written decode that checks the whole ID
    // too, with the regular expression a user would write; the rows above stay as they were.
    { group: 'decode', name: 'CUID (peer validates too)', ours: (i) => decodeCuid(cuids[i & M]!).unixMs,
      peerName: 'by hand: CUID regex test + parseInt(slice(1, 9), 36)', peer: (i) => handCuidTime(cuids[i & M]!) },
    { group: 'decode', name: 'X-Ray trace ID (peer validates too)', ours: (i) => decodeXray(xrays[i & M]!).unixMs,
      peerName: 'by hand: X-Ray regex test + parseInt(slice(2, 10), 16)', peer: (i) => handXrayTime(xrays[i & M]!) },
  ];
}

export function validateCases(): Case[] {
  const ulidIn = withInvalid(ulids, 11);
  const uuidIn = withInvalid(uuids, 12);
  const oidIn = withInvalid(objectIds, 13);
  return [
    { group: 'validate', name: 'ULID', ours: (i) => isUlid(ulidIn[i & M]!), peerName: 'ulid isValid', peer: (i) => ulidIsValid(ulidIn[i & M]!) },
    { group: 'validate', name: 'UUID', ours: (i) => isUuid(uuidIn[i & M]!), peerName: 'uuid validate', peer: (i) => uuid.validate(uuidIn[i & M]!) },
    { group: 'validate', name: 'ObjectId', ours: (i) => isObjectId(oidIn[i & M]!), peerName: 'bson ObjectId.isValid', peer: (i) => ObjectId.isValid(oidIn[i & M]!) },
  ];
}

export function convertCases(): Case[] {
  const ulidsAsUuid = ulids.map((u) => convert(u, 'uuid'));
  return [
    { group: 'convert', name: 'ULID -> UUID', ours: (i) => convert(ulids[i & M]!, 'uuid'),
      peerName: 'ulid ulidToUUID', peer: (i) => ulidToUUID(ulids[i & M]!) },
    { group: 'convert', name: 'UUID -> ULID', ours: (i) => convert(ulidsAsUuid[i & M]!, 'ulid'),
      peerName: 'ulid uuidToULID', peer: (i) => uuidToULID(ulidsAsUuid[i & M]!) },
    { group: 'convert', name: 'TypeID -> UUID', ours: (i) => convert(typeIds[i & M]!, 'uuid'),
      peerName: 'typeid-js TypeID.fromString+toUUID', peer: (i) => TypeID.fromString(typeIds[i & M]!).toUUID() },
  ];
}

/**
 * Our generators are the per-ID classes the `generate()` facade and the insert command use.
 * Peers that return objects are asked for the text, since text is what gets inserted.
 */
export function generateCases(): Case[] {
  const ulidGen = new UlidGenerator();
  const uuidGen = new UuidGenerator();
  const oidGen = new ObjectIdGenerator();
  const ksuidGen = new KsuidGenerator();
  const sfGen = new SnowflakeGenerator(SNOWFLAKE_PRESETS.discord, { workerId: 1 });
  const peerUlid = monotonicFactory();
  const peerSnowflake = DiscordSnowflake;
  const tsidGen = new TsidGenerator();
  const xidGen = new XidGenerator();
  const tidGen = new TidGenerator();
  const peerTsid = new TSIDGenerator();
  return [
    { group: 'generate', name: 'crypto.randomUUID (floor)', peerName: 'node:crypto randomUUID', peer: () => randomUUID() },
    { group: 'generate', name: 'ULID (monotonic)', ours: () => ulidGen.next(), peerName: 'ulid monotonicFactory()', peer: () => peerUlid() },
    { group: 'generate', name: 'UUIDv4', ours: () => uuidGen.v4(), peerName: 'uuid v4', peer: () => uuid.v4() },
    { group: 'generate', name: 'UUIDv7', ours: () => uuidGen.v7(), peerName: 'uuid v7', peer: () => uuid.v7() },
    { group: 'generate', name: 'UUIDv1', ours: () => uuidGen.v1(), peerName: 'uuid v1', peer: () => uuid.v1() },
    { group: 'generate', name: 'UUIDv6', ours: () => uuidGen.v6(), peerName: 'uuid v6', peer: () => uuid.v6() },
    { group: 'generate', name: 'ObjectId', ours: () => oidGen.next(), peerName: 'bson new ObjectId().toHexString()', peer: () => new ObjectId().toHexString() },
    { group: 'generate', name: 'KSUID', ours: () => ksuidGen.next(), peerName: 'ksuid randomSync().string', peer: () => KSUID.randomSync().string },
    { group: 'generate', name: 'Snowflake (discord)', ours: () => sfGen.next(), peerName: '@sapphire/snowflake generate()', peer: () => peerSnowflake.generate().toString() },
    { group: 'generate', name: 'TypeID', ours: () => generate('typeid', { prefix: 'user' })[0], peerName: 'typeid-js typeid().toString()', peer: () => typeid('user').toString() },
    { group: 'generate', name: 'TSID', ours: () => tsidGen.next(), peerName: 'tsid-ts TSIDGenerator create().toString()', peer: () => peerTsid.create().toString() },
    { group: 'generate', name: 'XID', ours: () => xidGen.next(), peerName: 'xid-ts new Xid().toString()', peer: () => new Xid().toString() },
    { group: 'generate', name: 'TID (atproto)', ours: () => tidGen.next(), peerName: '@atcute/tid now()', peer: () => atcuteTid.now() },
    { group: 'generate', name: 'NanoID (21)', ours: () => nanoid() },
    { group: 'generate', name: 'CUID2 (24)', ours: () => cuid2(), peerName: '@paralleldrive/cuid2 createId()', peer: () => createId() },
  ];
}
