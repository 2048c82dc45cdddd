import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { DatabaseHandle } from './client.ts';

/** Where drizzle-kit writes the SQL migrations; the same files run on PGlite and PostgreSQL. */
export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../migrations',
);

/**
 * The advisory lock every Touchline migration run takes, product and identity alike (identity's database.ts uses
 * the same number), so instances started together on one database migrate one after another (ADR 018).
 */
export const migrationLockKey = 720_260_018;

/**
 * Runs `fn` on one dedicated connection holding the migration lock: a session-level advisory lock belongs to a
 * connection, so the lock, the migration and the unlock must share it. A dropped connection releases it.
 */
export async function withMigrationLock<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
    try {
      return await fn(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]);
    }
  } finally {
    client.release();
  }
}

/** Applies pending migrations; idempotent, so every start (of any number of instances at once) may call it. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.pool) {
    await withMigrationLock(handle.pool, (client) =>
      migratePg(drizzlePg(client) as unknown as NodePgDatabase, { migrationsFolder }),
    );
  } else {
    // One process owns an embedded database (its lock file), so nothing can race here.
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  }
}
