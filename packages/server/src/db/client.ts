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
import { acquireEmbeddedLock } from './embedded-lock.ts';
import { pgliteWithStatementCache } from './pglite-statements.ts';
import { poolWithNamedStatements } from './pg-statements.ts';
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

/**
 * Drizzle over PGlite through the prepared-statement cache (pglite-statements.ts): every Drizzle client of one PGlite
 * shares it, since statement names belong to the one session.
 */
function drizzleOnPglite<S extends Record<string, unknown>>(client: PGlite, ofSchema: S) {
  return drizzlePglite({ client: pgliteWithStatementCache(client) as unknown as PGlite, schema: ofSchema });
}

/** Wraps an open PGlite instance; used by main (file-backed) and by tests (loaded from a template). */
export function fromPglite(client: PGlite, onClose?: () => void): DatabaseHandle {
  return {
    db: drizzleOnPglite(client, schema) as unknown as Database,
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
    return drizzleOnPglite(handle.pglite, otherSchema) as unknown as PgDatabase<PgQueryResultHKT, S>;
  if (handle.pool)
    return drizzlePg(poolWithNamedStatements(handle.pool), { schema: otherSchema }) as unknown as PgDatabase<
      PgQueryResultHKT,
      S
    >;
  throw new Error('the database handle has no connection');
}

/** Wraps a node-postgres pool for a real PostgreSQL server. */
export function fromPool(pool: pg.Pool): DatabaseHandle {
  return {
    db: drizzlePg(poolWithNamedStatements(pool), { schema }) as unknown as Database,
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
 * directory, which would corrupt it, so a lock file guards it across processes (embedded-lock.ts).
 */
export async function openEmbedded(dataDir: string): Promise<DatabaseHandle> {
  const dir = path.join(dataDir, 'db');
  fs.mkdirSync(dir, { recursive: true });
  const lock = path.join(dataDir, 'db.lock');
  acquireEmbeddedLock(lock);
  try {
    const client = await PGlite.create(dir, { extensions: pgliteExtensions });
    return fromPglite(client, () => fs.rmSync(lock, { force: true }));
  } catch (err) {
    fs.rmSync(lock, { force: true });
    throw err;
  }
}

/**
 * A node-postgres pool that survives its server going away: a dropped connection is reported to `onError` (an
 * unhandled `error` event would end the process), a connection that cannot be made in time fails the request
 * instead of hanging it, and broken clients are discarded so the pool reconnects by itself (ADR 018).
 */
export function createPool(opts: {
  connectionString: string;
  max: number;
  connectTimeoutMs: number;
  onError: (err: Error) => void;
}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: opts.connectionString,
    max: opts.max,
    connectionTimeoutMillis: opts.connectTimeoutMs,
  });
  // Idle clients report through the pool; a checked-out client between two queries reports only on itself.
  pool.on('error', opts.onError);
  pool.on('connect', (client) => client.on('error', opts.onError));
  return pool;
}

/** Opens the database the configuration names: PostgreSQL when a URL is given, else embedded. */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  databasePoolSize?: number;
  databaseConnectTimeoutMs?: number;
  onConnectionError?: (err: Error) => void;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = createPool({
      connectionString: opts.databaseUrl,
      max: opts.databasePoolSize ?? 10,
      connectTimeoutMs: opts.databaseConnectTimeoutMs ?? 5000,
      onError: opts.onConnectionError ?? ((err) => console.error(`database connection lost: ${err.message}`)),
    });
    return fromPool(pool);
  }
  return openEmbedded(opts.dataDir);
}
