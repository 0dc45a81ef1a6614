import { strict as assert } from 'node:assert';
import { bounds, dynamoQuery, IdError, sqlQuery } from '../../src/core';

const FROM = Date.UTC(2024, 4, 1);
const TO = Date.UTC(2024, 4, 2) - 1;

describe('keys query', () => {
  it('DynamoDB: the partition key equals, the sort key is BETWEEN the window\'s lowest and highest ID', () => {
    const b = bounds('ulid', FROM, TO);
    const q = dynamoQuery('ulid', FROM, TO, { sortKey: 'id', partitionKey: { name: 'tenant', value: 'acme' } });
    assert.deepEqual({ ...q, window: undefined }, {
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :lo AND :hi',
      ExpressionAttributeNames: { '#pk': 'tenant', '#sk': 'id' },
      ExpressionAttributeValues: { ':pk': { S: 'acme' }, ':lo': { S: b.min }, ':hi': { S: b.max } },
      window: undefined,
    });
    assert.equal(q.window.from, '2024-05-01T00:00:00.000Z');
  });

  it('snowflakes are a number (N) sort key by default, text when asked; other kinds are text only', () => {
    const n = dynamoQuery('snowflake', FROM, TO, { sortKey: 'id', partitionKey: { name: 'pk', value: '7', type: 'N' }, epoch: 'discord' });
    assert.deepEqual(Object.keys(n.ExpressionAttributeValues[':lo']!), ['N']);
    assert.deepEqual(n.ExpressionAttributeValues[':pk'], { N: '7' });
    const s = dynamoQuery('snowflake', FROM, TO, { sortKey: 'id', partitionKey: { name: 'pk', value: 'x' }, epoch: 'discord', sortKeyType: 'S' });
    assert.deepEqual(Object.keys(s.ExpressionAttributeValues[':lo']!), ['S']);
    assert.throws(() => dynamoQuery('ulid', FROM, TO, { sortKey: 'id', partitionKey: { name: 'pk', value: 'x' }, sortKeyType: 'N' }), /only decimal snowflakes/);
  });

  it('a sort key prefix (single-table designs) goes in front of both bounds', () => {
    const q = dynamoQuery('ksuid', FROM, TO, { sortKey: 'sk', partitionKey: { name: 'pk', value: 'USER#1' }, sortKeyPrefix: 'ORDER#' });
    assert.match((q.ExpressionAttributeValues[':lo'] as { S: string }).S, /^ORDER#[0-9A-Za-z]{27}$/);
    assert.equal(q.window.note, undefined, 'a whole-second window is not widened, and DynamoDB needs no collation advice');
    const w = dynamoQuery('ksuid', FROM + 500, TO, { sortKey: 'sk', partitionKey: { name: 'pk', value: 'x' } });
    assert.equal(w.window.note, 'The window is widened to the IDs\' time resolution: 2024-05-01T00:00:00.000Z .. 2024-05-01T23:59:59.999Z.');
  });

  it('refuses a Query without the partition key, a non-number N partition key and digit-count changes', () => {
    assert.throws(() => dynamoQuery('ulid', FROM, TO, { sortKey: 'id' }), /needs the partition key/);
    assert.throws(() => dynamoQuery('ulid', FROM, TO, { sortKey: 'id', partitionKey: { name: 'p', value: 'x', type: 'N' } }), /not one/);
    assert.throws(() => dynamoQuery('snowflake', Date.UTC(2016, 0, 1), Date.UTC(2020, 0, 1), { sortKey: 'id', partitionKey: { name: 'p', value: 'x' }, epoch: 'twitter', sortKeyType: 'S' }), /do not sort by number/);
    assert.throws(() => dynamoQuery('ulid', FROM, TO, { sortKey: '', partitionKey: { name: 'p', value: 'x' } }), IdError);
  });

  it('SQL: a WHERE clause with quoted literals; snowflakes as bare numbers', () => {
    const b = bounds('uuidv7', FROM, TO);
    assert.equal(sqlQuery('uuidv7', FROM, TO, { sortKey: 'events.id', partitionKey: { name: 'tenant', value: "O'Hare" } }).where,
      `WHERE tenant = 'O''Hare' AND events.id BETWEEN '${b.min}' AND '${b.max}'`);
    const s = bounds('snowflake', FROM, TO, { epoch: 'twitter' });
    assert.equal(sqlQuery('snowflake', FROM, TO, { sortKey: 'id', epoch: 'twitter' }).where, `WHERE id BETWEEN ${s.min} AND ${s.max}`);
    assert.match(sqlQuery('ksuid', FROM, TO, { sortKey: 'id' }).window.note ?? '', /COLLATE "C"/, 'SQL keeps the collation advice');
  });

  it('SQL refuses names it would have to quote (PostgreSQL and MySQL quote differently)', () => {
    assert.throws(() => sqlQuery('ulid', FROM, TO, { sortKey: 'order id' }), /not a plain SQL name/);
    assert.throws(() => sqlQuery('ulid', FROM, TO, { sortKey: 'id; DROP TABLE x' }), /not a plain SQL name/);
    assert.throws(() => sqlQuery('ulid', FROM, TO, { sortKey: 'id', partitionKey: { name: 'a"b', value: '1' } }), /not a plain SQL name/);
  });
});
