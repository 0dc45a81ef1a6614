import { optionsOf, requireText, shown } from './args';
import { bounds, boundsSql, type Bounds, type BoundsKind, type BoundsOptions } from './bounds';
import { boundsSpec } from './formats/registry';
import { formatIso } from './time';
import { IdError } from './types';

// Range queries over a time window from the same bounds as object-key listings: a DynamoDB
// Query's KeyConditionExpression (sort key BETWEEN the window's lowest and highest ID) and a SQL
// WHERE clause. DynamoDB compares string sort keys by UTF-8 bytes and number sort keys by value,
// so text IDs go in as S and decimal snowflakes as N.

export interface PartitionKey {
  name: string;
  value: string;
  /** DynamoDB attribute type; default S. */
  type?: 'S' | 'N';
}

export interface QueryOptions extends BoundsOptions {
  sortKey: string;
  partitionKey?: PartitionKey;
  /** Type of the sort key: S (default), or N for snowflakes stored as numbers. */
  sortKeyType?: 'S' | 'N';
  /** Text before the ID in the sort key (`ORDER#`), as in single-table designs. */
  sortKeyPrefix?: string;
}

type AttributeValue = { S: string } | { N: string };

export interface DynamoQuery {
  KeyConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, AttributeValue>;
}

export interface RangeQuery {
  kind: BoundsKind;
  /** The window covered (ISO 8601 UTC, inclusive, widened to the kind's unit). */
  from: string;
  to: string;
  min: string;
  max: string;
  note?: string;
}

const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const SQL_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?$/;

function check(opts: QueryOptions): QueryOptions {
  opts = optionsOf(opts, 'the query options') as QueryOptions;
  requireText(opts.sortKey, 'the sort key name');
  if (opts.sortKey === '') throw new IdError('INVALID_ARGUMENT', 'The sort key needs a name.');
  const pk = opts.partitionKey;
  if (pk !== undefined) {
    requireText(pk.name, 'the partition key name');
    requireText(pk.value, 'the partition key value');
    if (pk.name === '') throw new IdError('INVALID_ARGUMENT', 'The partition key needs a name: NAME=VALUE.');
    if (pk.type !== undefined && pk.type !== 'S' && pk.type !== 'N') throw new IdError('INVALID_ARGUMENT', `The partition key type must be S or N; got ${shown(pk.type)}.`);
    if (pk.type === 'N' && !NUMBER.test(pk.value)) throw new IdError('INVALID_ARGUMENT', `The partition key ${shown(pk.name)} is a number (N), but ${shown(pk.value)} is not one.`);
  }
  if (opts.sortKeyPrefix !== undefined) requireText(opts.sortKeyPrefix, 'the sort key prefix');
  return opts;
}

function window(kind: BoundsKind, fromMs: number, toMs: number, opts: QueryOptions): { b: Bounds; numeric: boolean } {
  const b = bounds(kind, fromMs, toMs, opts);
  // Decimal snowflakes are numbers unless said otherwise; every other kind is text.
  const numeric = (opts.sortKeyType ?? (/^\d+$/.test(b.min) ? 'N' : 'S')) === 'N';
  if (opts.sortKeyType !== undefined && opts.sortKeyType !== 'S' && opts.sortKeyType !== 'N') {
    throw new IdError('INVALID_ARGUMENT', `The sort key type must be S or N; got ${shown(opts.sortKeyType)}.`);
  }
  if (numeric && !/^\d+$/.test(b.min)) {
    throw new IdError('INVALID_ARGUMENT', `${kind} IDs are text, so their sort key is a string (S); only decimal snowflakes can be a number (N) sort key.`);
  }
  if (numeric && opts.sortKeyPrefix) throw new IdError('INVALID_ARGUMENT', 'A number (N) sort key has no text prefix.');
  if (!numeric && b.min.length !== b.max.length) {
    throw new IdError('INVALID_ARGUMENT',
      `${kind} IDs in this window have ${b.min.length} to ${b.max.length} digits: as strings they do not sort by number. Store them as a number (N) sort key, or query each side of the change separately.`);
  }
  return { b, numeric };
}

function describe(kind: BoundsKind, b: Bounds, note: string | undefined): RangeQuery {
  const out: RangeQuery = { kind, from: b.window.from, to: b.window.to, min: b.min, max: b.max };
  if (note) out.note = note;
  return out;
}

/** Says when the window was widened to the kind's unit (whole seconds, 10 ms units). */
function widened(fromMs: number, toMs: number, b: Bounds): string | undefined {
  if (b.window.from === formatIso(fromMs) && b.window.to === formatIso(toMs)) return undefined;
  return `The window is widened to the IDs' time resolution: ${b.window.from} .. ${b.window.to}.`;
}

/** A DynamoDB Query for the items of one partition whose sort key holds a `kind` ID made in [fromMs, toMs]. */
export function dynamoQuery(kind: BoundsKind, fromMs: number, toMs: number, opts: QueryOptions): DynamoQuery & { window: RangeQuery } {
  opts = check(opts);
  const { b, numeric } = window(kind, fromMs, toMs, opts);
  const prefix = opts.sortKeyPrefix ?? '';
  const value = (v: string): AttributeValue => (numeric ? { N: v } : { S: prefix + v });
  const names: Record<string, string> = {};
  const values: Record<string, AttributeValue> = {};
  const conditions: string[] = [];
  const pk = opts.partitionKey;
  if (!pk) {
    throw new IdError('INVALID_ARGUMENT', 'A DynamoDB Query reads one partition: it needs the partition key and its value (NAME=VALUE) beside the sort key.');
  }
  names['#pk'] = pk.name;
  values[':pk'] = pk.type === 'N' ? { N: pk.value } : { S: pk.value };
  conditions.push('#pk = :pk');
  names['#sk'] = opts.sortKey;
  values[':lo'] = value(b.min);
  values[':hi'] = value(b.max);
  conditions.push('#sk BETWEEN :lo AND :hi');
  return {
    KeyConditionExpression: conditions.join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    window: describe(kind, b, widened(fromMs, toMs, b)),
  };
}

function sqlIdentifier(name: string, what: string): string {
  if (!SQL_IDENTIFIER.test(name)) {
    throw new IdError('INVALID_ARGUMENT',
      `${what} ${shown(name)} is not a plain SQL name (letters, digits and _, optionally table.column): PostgreSQL quotes other names with "…" and MySQL with \`…\`, so Idsmith leaves that quoting to you.`);
  }
  return name;
}

const sqlString = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** `WHERE [pk = …] AND sort_key BETWEEN min AND max` for the same window. */
export function sqlQuery(kind: BoundsKind, fromMs: number, toMs: number, opts: QueryOptions): { where: string; window: RangeQuery } {
  opts = check(opts);
  const { b, numeric } = window(kind, fromMs, toMs, opts);
  const column = sqlIdentifier(opts.sortKey, 'The sort key');
  const conditions: string[] = [];
  const pk = opts.partitionKey;
  if (pk) conditions.push(`${sqlIdentifier(pk.name, 'The partition key')} = ${pk.type === 'N' ? pk.value : sqlString(pk.value)}`);
  const prefix = opts.sortKeyPrefix ?? '';
  // Snowflakes as numbers compare by value; as text (S) they are quoted like every other kind.
  const range = numeric ? boundsSql(kind, b) : `BETWEEN ${sqlString(prefix + b.min)} AND ${sqlString(prefix + b.max)}`;
  conditions.push(`${column} ${range}`);
  // Databases compare text by collation: the kind's advice on that (KSUID) applies here.
  const note = [widened(fromMs, toMs, b), boundsSpec(kind)?.note].filter(Boolean).join(' ');
  return { where: `WHERE ${conditions.join(' AND ')}`, window: describe(kind, b, note || undefined) };
}
