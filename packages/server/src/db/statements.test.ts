import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from './client.ts';
import { organizationAuthzVersions } from './schema/index.ts';

/**
 * Both databases run statements outside transactions as prepared statements (pglite-statements.ts, pg-statements.ts):
 * each text keeps its own statement, values bind per call, errors keep their codes, transactions are unchanged.
 */
describe('prepared statements on the database in use', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('answers each text with its own statement and each call with its own values', async () => {
    const { db } = database;
    const rows = async (query: Promise<unknown>) => ((await query) as { rows: unknown[] }).rows;
    for (let i = 0; i < 12; i++) {
      const [a] = await rows(db.execute(sql`select ${i}::int + 1 as n`));
      const [b] = await rows(db.execute(sql`select ${`v${i}`}::text || '!' as s`));
      const [c] = await rows(db.execute(sql`select ${i}::int * 2 as n, ${'x'}::text as s`));
      expect([a, b, c]).toEqual([{ n: i + 1 }, { s: `v${i}!` }, { n: 2 * i, s: 'x' }]);
    }
  });

  it('keeps the engine’s error codes and leaves transactions to the driver', async () => {
    const { db } = database;
    const organizationId = '00000000-0000-4000-8000-0000000000aa';
    const insert = () =>
      db.execute(
        sql`insert into organization_authz_versions (organization_id, version) values (${organizationId}, 1)`,
      );
    await expect(insert()).rejects.toMatchObject({ cause: { code: '23503' } }); // no such organization
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const rows = await db
      .select()
      .from(organizationAuthzVersions)
      .where(eq(organizationAuthzVersions.organizationId, organizationId));
    expect(rows).toEqual([]);
  });
});
