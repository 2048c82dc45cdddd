import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pgliteWithStatementCache, type PgliteClient } from './pglite-statements.ts';

let pg: PGlite;
let client: PgliteClient;

// initdb once for the file (seconds each); every test gets a new database loaded from it, so its session holds no
// prepared statement and its cache starts empty.
let fresh: Blob;
beforeAll(async () => {
  const first = await PGlite.create();
  await first.exec(`create table t (id int primary key, name text not null, doc jsonb, at timestamptz)`);
  fresh = await first.dumpDataDir('none');
  await first.close();
});
beforeEach(async () => {
  pg = await PGlite.create({ loadDataDir: fresh });
  client = pgliteWithStatementCache(pg, 3);
});
afterEach(async () => {
  await pg.close();
});

const prepared = async () =>
  (await pg.query<{ name: string }>(`select name from pg_prepared_statements order by name`)).rows.map(
    (r) => r.name,
  );

describe('the embedded database’s prepared-statement cache', () => {
  it('parses a text once and answers as PGlite’s own query does, in both row modes', async () => {
    await client.query(`insert into t (id, name, doc, at) values ($1, $2, $3, $4)`, [
      1,
      'Ada',
      { a: [1, 2] },
      new Date('2026-01-02T03:04:05Z'),
    ]);
    await client.query(`insert into t (id, name, doc, at) values ($1, $2, $3, $4)`, [2, 'Bo', null, null]);
    expect(await prepared()).toHaveLength(1);
    const text = `select id, name, doc, at from t where id >= $1 order by id`;
    const ours = await client.query(text, [1]);
    const theirs = await pg.query(text, [1]);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours.rows[0]).toEqual({
      id: 1,
      name: 'Ada',
      doc: { a: [1, 2] },
      at: new Date('2026-01-02T03:04:05Z'),
    });
    const arrays = await client.query(text, [2], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[2, 'Bo', null, null]]);
    const updated = await client.query(`update t set name = $1 where id = $2`, ['Cy', 2]);
    expect(updated.affectedRows).toBe(1);
  });

  it('raises the engine’s own errors with their codes, and keeps working after one', async () => {
    await client.query(`insert into t (id, name) values ($1, $2)`, [1, 'Ada']);
    await expect(client.query(`insert into t (id, name) values ($1, $2)`, [1, 'Ada'])).rejects.toMatchObject({
      code: '23505',
      query: `insert into t (id, name) values ($1, $2)`,
    });
    await expect(client.query(`select * from t where id = $1`, ['not a number'])).rejects.toMatchObject({
      code: '22P02',
    });
    await expect(client.query(`select * from nowhere`)).rejects.toMatchObject({ code: '42P01' });
    expect((await client.query(`select count(*)::int as n from t`)).rows).toEqual([{ n: 1 }]);
  });

  it('keeps at most its limit of statements, closing the least recently used', async () => {
    for (const n of [1, 2, 3, 4, 5]) await client.query(`select ${n} as n`);
    await client.query(`select 1 as n`);
    // Each text past the third closed the least recently used one; the last closed `select 3`.
    expect(await prepared()).toHaveLength(3);
    expect((await client.query(`select 5 as n`)).rows).toEqual([{ n: 5 }]);
  });

  it('runs a statement again after a migration changed its result type', async () => {
    const text = `select * from t where id = $1`;
    await client.query(`insert into t (id, name) values ($1, $2)`, [1, 'Ada']);
    await client.query(text, [1]);
    await pg.exec(`alter table t add column extra text default 'x'`);
    expect((await client.query<{ extra: string }>(text, [1])).rows[0]?.extra).toBe('x');
  });

  it('leaves transactions to PGlite, and waits for one that is open', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = client.transaction(async (t) => {
      await t.query(`insert into t (id, name) values (1, 'inside')`);
      await held;
      await t.query(`update t set name = 'committed' where id = 1`);
    });
    const outside = client.query<{ name: string }>(`select name from t where id = $1`, [1]);
    release();
    await tx;
    expect((await outside).rows).toEqual([{ name: 'committed' }]);
  });
});
