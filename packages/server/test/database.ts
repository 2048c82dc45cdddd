import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { fromPglite, fromPool, pgliteExtensions, type DatabaseHandle } from '../src/db/client.ts';

/**
 * A fresh, migrated database for one test file: a PGlite loaded from the run's template, or a new
 * PostgreSQL database cloned from the template database when TEST_DATABASE_URL is set.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const target = inject('testDatabase');
  if (target.kind === 'embedded') {
    const blob = new Blob([fs.readFileSync(target.templateFile)]);
    const client = await PGlite.create({ loadDataDir: blob, extensions: pgliteExtensions });
    return fromPglite(client);
  }
  const name = `${target.template}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${target.template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(target.adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  // DROP DATABASE … WITH (FORCE) at close ends any connection still closing; the pool reports that as an error.
  pool.on('error', () => undefined);
  const handle = fromPool(pool);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: target.adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * Another connection to the same test database, as a second instance would open: its own pool on PostgreSQL; on
 * PGlite (one connection per process) the same handle, whose close is left to its owner.
 */
export function openSecondConnection(database: DatabaseHandle): DatabaseHandle {
  if (!database.pool) return { ...database, close: async () => undefined };
  const pool = new pg.Pool({ connectionString: database.pool.options.connectionString, max: 4 });
  pool.on('error', () => undefined);
  return fromPool(pool);
}
