import * as assert from 'node:assert/strict';
import { decodeSnowflake, inspect } from '../../src/core';
import { server, type Server } from './servers';
import { snippetSql } from './snippet';

// The PostgreSQL snippets, inserted with their defaults as a user would, run on a real server.

describe('PostgreSQL snippets', function () {
  let pg: Server;
  before(async function () {
    pg = await server('postgres');
    console.log(`      (PostgreSQL ${pg.version})`);
  });

  describe('Instagram next_id() (idsmith-instagram-next-id)', () => {
    const body = snippetSql('idsmith-instagram-next-id');
    // The snippet ends with the table to create, as a comment; the user fills in "...".
    const table = /^-- (CREATE TABLE .*)$/m.exec(body)![1]!.replace('...', 'n int');

    before(async () => {
      await pg.sql(body);
      await pg.sql(table);
    });

    it('shows the table default we run', () => {
      assert.equal(table, 'CREATE TABLE public.photos (id bigint NOT NULL DEFAULT public.next_id() PRIMARY KEY, n int);');
    });

    it('gives ids with shard 5, the time of clock_timestamp(), and a 10-bit sequence that wraps at 1024 without a duplicate', async () => {
      const count = 2100; // crosses the wrap of nextval % 1024 twice
      const rows = await pg.sql(`INSERT INTO public.photos (n) SELECT g FROM generate_series(1, ${count}) g
        RETURNING id, floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint;`);
      assert.equal(rows.length, count);
      const ids = rows.map((r) => r[0]!);
      assert.equal(new Set(ids).size, count, 'duplicate ids');
      let prevSeq: number | undefined;
      let wraps = 0;
      const perMs = new Map<number, number>();
      for (const [id, clock] of rows) {
        const d = decodeSnowflake(id!, 'instagram');
        assert.ok(d.valid, `${id}: ${d.error}`);
        assert.equal(d.fields.shardId, 5, `${id} shard`);
        assert.ok(Math.abs(d.unixMs! - Number(clock)) < 1000, `${id} is ${d.time}, clock_timestamp() ${new Date(Number(clock)).toISOString()}`);
        const seq = d.fields.sequence as number;
        if (prevSeq !== undefined) {
          assert.equal(seq, (prevSeq + 1) % 1024, `sequence after ${prevSeq}`);
          if (seq === 0) wraps++;
        }
        prevSeq = seq;
        perMs.set(d.unixMs!, (perMs.get(d.unixMs!) ?? 0) + 1);
      }
      assert.equal(wraps, 2);
      // 1024 ids per millisecond and shard is the scheme's limit; PL/pgSQL stays well below it.
      const busiest = Math.max(...perMs.values());
      assert.ok(busiest <= 1024, `${busiest} ids in one millisecond`);
      console.log(`      (${count} rows in ${perMs.size} ms, at most ${busiest} in one ms)`);
    });

    it('keeps ids unique and ascending across statements after the sequence wrapped', async () => {
      const before = await pg.sql('SELECT max(id) FROM public.photos;');
      const more = await pg.sql(`INSERT INTO public.photos (n) VALUES (1) RETURNING id;
        SELECT pg_sleep(0.002);
        INSERT INTO public.photos (n) VALUES (2) RETURNING id;`);
      const ids = [before[0]![0]!, ...more.map((r) => r[0]!).filter((v) => v !== '')].map(BigInt);
      assert.equal(ids.length, 3);
      assert.ok(ids[0]! < ids[1]! && ids[1]! < ids[2]!, ids.join(' < '));
    });
  });

  describe('UUIDv7 function and primary key (idsmith-pg-uuidv7-function, idsmith-pg-uuidv7)', () => {
    let major: number;
    before(async () => {
      major = Number(pg.version.split('.')[0]);
      await pg.sql(snippetSql('idsmith-pg-uuidv7-function'));
      // Before PostgreSQL 18 the user picks the second choice, the function created above.
      await pg.sql(snippetSql('idsmith-pg-uuidv7', major >= 18 ? {} : { 2: 'uuid_generate_v7()' }));
    });

    function check(rows: string[][]): string[] {
      return rows.map(([id, clock]) => {
        const d = inspect(id!);
        assert.equal(d.kind, 'uuid', id);
        assert.equal(d.version, 7, `${id} version`);
        assert.equal(d.variant, 'rfc9562', `${id} variant`);
        assert.ok(Math.abs(d.unixMs! - Number(clock)) < 1000, `${id} is ${d.time}, clock_timestamp() ${new Date(Number(clock)).toISOString()}`);
        return id!;
      });
    }

    it('gives version 7, variant RFC 9562, the server time, ascending across rows inserted one after another', async () => {
      const script = Array.from({ length: 30 }, () => `INSERT INTO events DEFAULT VALUES
        RETURNING id, floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint;
        SELECT pg_sleep(0.002);`).join('\n');
      const rows = (await pg.sql(script)).filter((r) => r.length === 2);
      assert.equal(rows.length, 30);
      const ids = check(rows);
      for (let i = 1; i < ids.length; i++) assert.ok(ids[i - 1]! < ids[i]!, `${ids[i - 1]} < ${ids[i]}`);
    });

    it('orders a bulk insert by millisecond (the function has no counter within one)', async () => {
      const rows = await pg.sql(`INSERT INTO events SELECT FROM generate_series(1, 1000)
        RETURNING id, floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint;`);
      const ms = check(rows).map((id) => inspect(id).unixMs!);
      for (let i = 1; i < ms.length; i++) assert.ok(ms[i - 1]! <= ms[i]!, `row ${i}: ${ms[i - 1]} <= ${ms[i]}`);
      const stored = await pg.sql('SELECT count(*), count(DISTINCT id) FROM events;');
      assert.deepEqual(stored, [['1030', '1030']]);
    });
  });
});
