import * as assert from 'node:assert/strict';
import { BatchWriteItemCommand, CreateTableCommand, QueryCommand, waitUntilTableExists, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { KindCase } from '../shared/timedIds';
import { CASES, idsmith, inWindow, made, seed } from './fixtures';
import { dynamoClient } from './servers';

// `idsmith keys query --store dynamodb` against a real DynamoDB API server (dynalite): a table
// per kind with a string sort key holding the IDs (a number sort key for snowflakes too, and a
// single-table `ORDER#<ulid>` sort key), items in two partitions, IDs spread over March 2024
// plus the window's edges; the printed KeyConditionExpression, run as a Query page by page,
// must return exactly the items of the partition whose ID time is in the window.

interface Table {
  name: string;
  c: KindCase;
  type: 'S' | 'N';
  /** Text before the ID in the sort key. */
  prefix?: string;
}

const TABLES: Table[] = [
  ...CASES.map((c) => ({ name: `keys_${c.kind}`, c, type: 'S' as const })),
  { name: 'keys_snowflake_number', c: CASES.find((c) => c.kind === 'snowflake')!, type: 'N' },
  { name: 'keys_ulid_single_table', c: CASES.find((c) => c.kind === 'ulid')!, type: 'S', prefix: 'ORDER#' },
];

const PAGE = 5;

async function createTable(db: DynamoDBClient, t: Table): Promise<void> {
  await db.send(new CreateTableCommand({
    TableName: t.name,
    AttributeDefinitions: [{ AttributeName: 'tenant', AttributeType: 'S' }, { AttributeName: 'sk', AttributeType: t.type }],
    KeySchema: [{ AttributeName: 'tenant', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
    BillingMode: 'PAY_PER_REQUEST',
  }));
  // A new table is CREATING for a moment (as on DynamoDB): writes wait until it is ACTIVE.
  await waitUntilTableExists({ client: db, maxWaitTime: 30, minDelay: 1, maxDelay: 1 }, { TableName: t.name });
}

async function put(db: DynamoDBClient, table: string, items: Record<string, AttributeValue>[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let batch: Record<string, { PutRequest: { Item: Record<string, AttributeValue> } }[]> | undefined = {
      [table]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
    };
    while (batch && Object.keys(batch).length > 0) {
      const r = await db.send(new BatchWriteItemCommand({ RequestItems: batch }));
      batch = r.UnprocessedItems as typeof batch;
    }
  }
}

describe(`keys query against a DynamoDB API server (dynalite; seed ${seed}, IDSMITH_AWS_SEED=${seed} repeats it)`, function () {
  let db: DynamoDBClient;
  before(async () => {
    db = await dynamoClient();
  });

  for (const t of TABLES) {
    const what = `${t.c.kind} in a ${t.type === 'N' ? 'number' : 'string'} sort key${t.prefix ? ` after ${t.prefix}` : ''}`;
    it(what, async function () {
      const ids = made(t.c);
      await createTable(db, t);
      const value = (id: string): AttributeValue => (t.type === 'N' ? { N: id } : { S: (t.prefix ?? '') + id });
      // The same IDs in a second partition: the Query must read only the one it names.
      await put(db, t.name, ['acme', 'other'].flatMap((tenant) => ids.map((m) => ({ tenant: { S: tenant }, sk: value(m.id) }))));

      const args = ['--sort-key', 'sk', '--partition-key', 'tenant=acme', '--store', 'dynamodb',
        ...(t.type === 'N' ? ['--sort-key-type', 'N'] : t.c.kind === 'snowflake' ? ['--sort-key-type', 'S'] : []),
        ...(t.prefix ? ['--sort-key-prefix', t.prefix] : [])];
      const query = JSON.parse(await idsmith('query', t.c, args));
      const got: string[] = [];
      let ExclusiveStartKey: Record<string, AttributeValue> | undefined;
      let calls = 0;
      do {
        const page = await db.send(new QueryCommand({ TableName: t.name, ...query, Limit: PAGE, ...(ExclusiveStartKey ? { ExclusiveStartKey } : {}) }));
        calls++;
        for (const item of page.Items ?? []) {
          assert.equal(item.tenant?.S, 'acme');
          got.push(item.sk!.N ?? item.sk!.S!.slice((t.prefix ?? '').length));
        }
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);

      const want = ids.filter((m) => inWindow(t.c, m.ms)).map((m) => m.id);
      const missing = want.filter((id) => !got.includes(id)).sort();
      const extra = got.filter((id) => !want.includes(id)).sort();
      assert.deepEqual({ missing, extra }, { missing: [], extra: [] }, JSON.stringify(query));
      assert.equal(new Set(got).size, got.length);
      assert.ok(want.length > 0 && want.length < ids.length, 'the window splits the items');
      this.test!.title += ` (${ids.length * 2} items, ${want.length} in the window, ${calls} Query calls)`;
    });
  }
});
