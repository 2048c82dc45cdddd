import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** One Drizzle type for both drivers, so services never know which database runs underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; helpers that must join the caller's transaction take this. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either a database or an open transaction: what a query helper can run on. */
export type Executor = Database | Transaction;

/** An open database plus how to close it; `kind` tells logs and /api/system/info which engine runs. */
export type DatabaseHandle = {
  db: Database;
  kind: 'embedded' | 'postgres';
  close: () => Promise<void>;
  /** Runs raw SQL statements (migrations, seeding, benchmarks). */
  exec: (sql: string) => Promise<void>;
  pglite?: PGlite;
  pool?: pg.Pool;
};

/** The PGlite extensions our migrations create; PGlite must load them before CREATE EXTENSION. */
export const pgliteExtensions = { citext, pg_trgm, unaccent };

/** Wraps an open PGlite instance; used by main (file-backed) and by tests (loaded from a template). */
export function fromPglite(client: PGlite, onClose?: () => void): DatabaseHandle {
  return {
    db: drizzlePglite(client, { schema }) as unknown as Database,
    kind: 'embedded',
    pglite: client,
    exec: async (sql) => {
      await client.exec(sql);
    },
    close: async () => {
      await client.close();
      onClose?.();
    },
  };
}

/**
 * A Drizzle client for another schema over the same connection: how main gives the identity service its own
 * tables in the one embedded database (PGlite allows one connection per directory).
 */
export function drizzleOver<S extends Record<string, unknown>>(
  handle: DatabaseHandle,
  otherSchema: S,
): PgDatabase<PgQueryResultHKT, S> {
  if (handle.pglite)
    return drizzlePglite(handle.pglite, { schema: otherSchema }) as unknown as PgDatabase<
      PgQueryResultHKT,
      S
    >;
  if (handle.pool)
    return drizzlePg(handle.pool, { schema: otherSchema }) as unknown as PgDatabase<PgQueryResultHKT, S>;
  throw new Error('the database handle has no connection');
}

/** Wraps a node-postgres pool for a real PostgreSQL server. */
export function fromPool(pool: pg.Pool): DatabaseHandle {
  return {
    db: drizzlePg(pool, { schema }) as unknown as Database,
    kind: 'postgres',
    pool,
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}

/**
 * Opens the embedded database under dataDir/db. PGlite does not stop a second open of the same
 * directory, which would corrupt it, so a pid lock file guards it across processes.
 */
export async function openEmbedded(dataDir: string): Promise<DatabaseHandle> {
  const dir = path.join(dataDir, 'db');
  fs.mkdirSync(dir, { recursive: true });
  const lock = path.join(dataDir, 'db.lock');
  acquireLock(lock);
  try {
    const client = await PGlite.create(dir, { extensions: pgliteExtensions });
    return fromPglite(client, () => fs.rmSync(lock, { force: true }));
  } catch (err) {
    fs.rmSync(lock, { force: true });
    throw err;
  }
}

function acquireLock(lock: string): void {
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
    return;
  } catch {
    const holder = Number(fs.readFileSync(lock, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `The embedded database in ${path.dirname(lock)} is in use by process ${holder}. Stop it first, or set DATA_DIR to another folder.`,
      );
    }
    fs.writeFileSync(lock, String(process.pid));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Opens the database the configuration names: PostgreSQL when a URL is given, else embedded. */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    return fromPool(pool);
  }
  return openEmbedded(opts.dataDir);
}
