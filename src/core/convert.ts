import { optionsOf, requireText, shown } from './args';
import { bytesToHex } from './bytes';
import { parse128, to128, toMysqlBin, type Form128 } from './represent';
import { IdError } from './types';
import { formatUuid, uuidVariant, uuidVersion, v1ToV6, v6ToV1 } from './uuid';

/** Every target `convert` understands; `typeid:PREFIX` also takes any valid prefix. */
export const CONVERT_TARGETS = [
  'ulid', 'uuid', 'hex', 'int', 'base64', 'base64url', 'typeid',
  'uuidv6', 'uuidv1', 'uuid-upper', 'uuid-braces', 'uuid-urn', 'mysql-bin',
] as const;

export type ConvertTarget = (typeof CONVERT_TARGETS)[number];

const LABELS: Record<ConvertTarget, string> = {
  ulid: 'ULID',
  uuid: 'UUID',
  hex: '32 hex digits',
  int: 'Decimal integer',
  base64: 'Base64',
  base64url: 'Base64url',
  typeid: 'TypeID',
  uuidv6: 'UUIDv6 (from v1)',
  uuidv1: 'UUIDv1 (from v6)',
  'uuid-upper': 'UUID, upper case',
  'uuid-braces': 'UUID in braces',
  'uuid-urn': 'UUID as URN',
  'mysql-bin': 'MySQL UUID_TO_BIN(u, 1) hex literal',
};

const FORMS_128: ReadonlySet<string> = new Set<Form128>(['ulid', 'uuid', 'hex', 'int', 'base64', 'base64url']);

/**
 * Rewrites one 128-bit ID. Targets: the plain forms, `typeid` / `typeid:PREFIX` (a TypeID
 * input keeps its prefix under plain `typeid`), `uuidv6` / `uuidv1` (lossless timestamp
 * reorder, refusing other versions), the UUID spellings, and `mysql-bin`: `0x` + the hex of
 * the `UUID_TO_BIN(u, 1)` bytes, ready for a MySQL query (output only). `from` names the
 * input's form where its shape is ambiguous (a 26-digit integer is otherwise read as a ULID).
 */
export function convert(text: string, target: string, opts: { from?: Form128 } = {}): string {
  requireText(text, 'the ID to convert');
  requireText(target, 'the conversion target');
  opts = optionsOf(opts, 'the convert options');
  const parsed = parse128(text, opts.from);
  const b = parsed.bytes;
  if (FORMS_128.has(target)) return to128(b, target as Form128);
  if (target === 'typeid' || target.startsWith('typeid:')) {
    const prefix = target === 'typeid' ? (parsed.prefix ?? '') : target.slice('typeid:'.length);
    return to128(b, 'typeid', prefix);
  }
  switch (target) {
    case 'uuidv6': return formatUuid(v1ToV6(b));
    case 'uuidv1': return formatUuid(v6ToV1(b));
    case 'uuid-upper': return formatUuid(b).toUpperCase();
    case 'uuid-braces': return `{${formatUuid(b)}}`;
    case 'uuid-urn': return `urn:uuid:${formatUuid(b)}`;
    case 'mysql-bin': return '0x' + bytesToHex(toMysqlBin(b));
  }
  throw new IdError('INVALID_ARGUMENT', `Unknown conversion target ${shown(target)}; use one of ${CONVERT_TARGETS.join(', ')} or typeid:PREFIX.`);
}

export interface ConvertChoice {
  target: string;
  label: string;
  enabled: boolean;
  /** Why a target is disabled, for the editor's code action. */
  reason?: string;
}

/**
 * The conversions offered for `text` (empty when it is no 128-bit ID). Targets that would give
 * back the same text, and v1/v6 reorders of other versions, are listed disabled with a reason.
 * `typeidPrefix` (the setting) names the TypeID target when the input has no prefix of its own.
 */
export function convertTargetsFor(text: string, opts: { typeidPrefix?: string } = {}): ConvertChoice[] {
  requireText(text, 'the ID');
  opts = optionsOf(opts, 'the options');
  let parsed;
  try {
    parsed = parse128(text);
  } catch {
    return [];
  }
  const b = parsed.bytes;
  const version = uuidVariant(b) === 'rfc9562' ? uuidVersion(b) : undefined;
  const prefix = parsed.prefix ?? opts.typeidPrefix ?? '';
  const choices: ConvertChoice[] = [];
  for (const t of CONVERT_TARGETS) {
    const target = t === 'typeid' ? `typeid:${prefix}` : t;
    const label = t === 'typeid' && prefix ? `TypeID (${prefix}_…)` : LABELS[t];
    let reason: string | undefined;
    if (t === 'uuidv6' && version !== 1) reason = 'Only a version 1 UUID can be reordered into version 6.';
    else if (t === 'uuidv1' && version !== 6) reason = 'Only a version 6 UUID can be reordered into version 1.';
    else {
      try {
        if (convert(text, target) === text.trim()) reason = 'The ID is already written this way.';
      } catch (e) {
        reason = e instanceof IdError ? e.message : String(e);
      }
    }
    choices.push(reason ? { target, label, enabled: false, reason } : { target, label, enabled: true });
  }
  return choices;
}
