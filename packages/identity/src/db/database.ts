import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import * as schema from './schema.ts';

/** The identity schema, so a caller can open a Drizzle client over its own connection for the identity service. */
export const identitySchema = schema;

/** The identity service's database, a Drizzle PostgreSQL client (PGlite or node-postgres) over its tables. */
export type IdentityDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction within the identity database. */
export type IdentityTransaction = Parameters<Parameters<IdentityDatabase['transaction']>[0]>[0];

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** A node-postgres pool, told apart by shape: PGlite has no `totalCount`, and a second copy of pg fails instanceof. */
function isPool(client: unknown): client is pg.Pool {
  return typeof client === 'object' && client !== null && 'totalCount' in client && 'connect' in client;
}

/**
 * The advisory lock held while migrating: the same number as the product's (server src/db/migrate.ts), so product
 * and identity migrations of instances started together never run at once (both create extensions).
 */
const migrationLockKey = 720_260_018;

/**
 * Applies the identity service's own migrations, tracked in their own table so they never mix with the product's.
 * Drizzle's migrators for PGlite and node-postgres are the same function, so one serves both drivers; on
 * PostgreSQL they run on one connection holding the migration lock, so N instances may start together.
 */
export async function runIdentityMigrations(db: IdentityDatabase): Promise<void> {
  const options = { migrationsFolder, migrationsTable: '__identity_migrations' };
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!isPool(pool)) {
    await migrate(db as unknown as NodePgDatabase, options);
    return;
  }
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
    try {
      await migrate(drizzlePg(client) as unknown as NodePgDatabase, options);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } finally {
    client.release();
  }
}

/** What both drivers' underlying clients (PGlite and a node-postgres pool) answer a parameterized query with. */
type RawClient = { query: (text: string, params: unknown[]) => Promise<{ rows: unknown[] }> };

/**
 * Runs one parameterized statement on the driver's own client, skipping Drizzle's query building: used only on the
 * sign-in hot path, where the per-statement overhead shows against the password hash (bench: login).
 */
export async function rawQuery<Row>(db: IdentityDatabase, text: string, params: unknown[]): Promise<Row[]> {
  const client = (db as unknown as { $client?: RawClient }).$client;
  if (!client) throw new Error('the identity database has no driver client');
  const result = await client.query(text, params);
  return result.rows as Row[];
}
