import type { FieldValue } from '../../types';
import type { Id } from '../decoded';
import { nodeText, ticksToMs, v1Ticks } from './codec';

// UUID version 2, "DCE Security" (DCE 1.1 Authentication and Security Services, and RFC 4122
// section 4.1.3, which names it without a layout): a version 1 UUID whose time_low (32 bits)
// holds a local identifier, a POSIX UID or GID, and whose clock_seq_low (8 bits) holds the
// local domain it belongs to. Only the top 28 bits of the 60-bit time survive, so the time is
// known to a window of 2^32 ticks of 100 ns, 429.4967296 s: `unixMs` is the window's start, and
// `timeWindowMs` tells the surfaces to show the time as approximate.

const DOMAINS: Readonly<Record<number, string>> = { 0: 'person (POSIX UID)', 1: 'group (POSIX GID)', 2: 'organization' };
/** 2^32 ticks of 100 ns, in ms: how long the window of a v2 time is. */
export const DCE_TIME_WINDOW_MS = 429496.7296;

/** Reads a version 2 UUID's fields and the start of its time window into `id`. */
export function readDceSecurity(id: Id, b: Uint8Array): void {
  const { hi28 } = v1Ticks(b);
  id.unixMs = ticksToMs(hi28, 0).ms;
  id.timeWindowMs = DCE_TIME_WINDOW_MS;
  const fields: Record<string, FieldValue> = id.fields;
  const local = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
  fields.localId = local;
  fields.localDomain = DOMAINS[b[9]!] ?? `${b[9]} (site-defined)`;
  fields.clockSeq = b[8]! & 0x3f;
  fields.node = nodeText(b);
  // The low 32 bits of the time hold the local id: the time is this window's start.
  fields.timeWindow = '429.4967296 s';
}
