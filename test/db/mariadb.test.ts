import * as assert from 'node:assert/strict';
import { server, type Server } from './servers';
import { snippetSql } from './snippet';

// The Flickr ticket server snippets, inserted with their defaults as a user would, on real
// MariaDB servers: one for the single server, two more for the odd/even pair.

const DB = 'CREATE DATABASE IF NOT EXISTS tickets; USE tickets;\n';

/** Runs idsmith-flickr-next on one new connection, as the snippet says; returns the id. */
async function nextId(db: Server, table: string): Promise<bigint> {
  const rows = await db.sql(DB + snippetSql('idsmith-flickr-next', { 1: table }));
  assert.equal(rows.length, 1, `one row from SELECT LAST_INSERT_ID(): ${JSON.stringify(rows)}`);
  return BigInt(rows[0]![0]!);
}

describe('MariaDB: Flickr ticket server snippets', function () {
  let db: Server;
  before(async function () {
    db = await server('mariadb');
    console.log(`      (${db.version})`);
  });

  for (const engine of ['InnoDB', 'MyISAM']) {
    it(`REPLACE INTO + LAST_INSERT_ID() hands out increasing ids and the table stays one row (ENGINE=${engine})`, async () => {
      const table = `Tickets64_${engine}`;
      const create = snippetSql('idsmith-flickr-tickets', engine === 'InnoDB' ? { 1: table } : { 1: table, 2: engine });
      assert.match(create, new RegExp(`ENGINE=${engine};`));
      await db.sql(DB + create);
      const ids: bigint[] = [];
      for (let i = 0; i < 25; i++) ids.push(await nextId(db, table));
      for (let i = 1; i < ids.length; i++) assert.equal(ids[i], ids[i - 1]! + 1n, `ids ${ids.join(',')}`);
      const rows = await db.sql(`${DB}SELECT id, stub FROM ${table}; SELECT ENGINE FROM information_schema.TABLES WHERE TABLE_NAME = '${table}';`);
      assert.deepEqual(rows, [[String(ids.at(-1)), 'a'], [engine]]);
    });
  }

  it('the default table name and stub work as inserted', async () => {
    await db.sql(DB + snippetSql('idsmith-flickr-tickets'));
    const a = await nextId(db, 'Tickets64');
    const b = await nextId(db, 'Tickets64');
    assert.ok(b > a);
  });

  it('two servers set up as the odd/even pair hand out disjoint odd and even ids', async () => {
    const [odd, even] = await Promise.all([server('mariadb-odd'), server('mariadb-even')]);
    // The snippet's default choice is offset 1 (odd); on the second server the user picks 2.
    await odd.sql(snippetSql('idsmith-flickr-pair'));
    await even.sql(snippetSql('idsmith-flickr-pair', { 1: '2' }));
    for (const s of [odd, even]) await s.sql(DB + snippetSql('idsmith-flickr-tickets'));
    const got = { odd: [] as bigint[], even: [] as bigint[] };
    // Clients alternate between the servers, as they would behind a round robin.
    for (let i = 0; i < 20; i++) {
      got.odd.push(await nextId(odd, 'Tickets64'));
      got.even.push(await nextId(even, 'Tickets64'));
    }
    for (const [name, ids, parity] of [['odd', got.odd, 1n], ['even', got.even, 0n]] as const) {
      for (let i = 0; i < ids.length; i++) {
        assert.equal(ids[i]! % 2n, parity, `${name} server gave ${ids[i]}`);
        if (i > 0) assert.equal(ids[i], ids[i - 1]! + 2n, `${name} server: ${ids.join(',')}`);
      }
    }
    const all = [...got.odd, ...got.even];
    assert.equal(new Set(all).size, all.length, 'the two servers gave the same id');
    for (const s of [odd, even]) assert.deepEqual(await s.sql(`${DB}SELECT COUNT(*) FROM Tickets64;`), [['1']]);
  });

  it('has no UUID_TO_BIN: the MySQL-only snippets cannot run here (see test/unit/mysqlBin.test.ts)', async () => {
    await assert.rejects(db.sql("SELECT HEX(UUID_TO_BIN('6ccd780c-baba-1026-9564-5b8c656024db', 1));"), /UUID_TO_BIN does not exist/);
  });
});
