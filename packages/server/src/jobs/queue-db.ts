import { fromPglite, type Db } from 'pg-boss';
// pg-boss's own connection class: its `listen` holds one dedicated connection with TCP keepalive, a heartbeat that
// checks the LISTEN is still registered, and reconnects with capped backoff (then a fetch that closes the gap). The
// package has no exports map, so its file is reachable; pinned in package.json, checked by queue-db.test.ts.
import PgBossConnection from 'pg-boss/dist/db.js';
import type { DatabaseHandle } from '../db/client.ts';

/**
 * pg-boss over the database we already hold: the one PGlite connection, or statements on the pool. Both can LISTEN
 * (ADR 050): PGlite delivers its own NOTIFY in-process; on PostgreSQL the listener is one connection of its own
 * (never one of the pool's), opened when the queue starts and closed when it stops.
 */
export function bossDb(database: DatabaseHandle, onError: (err: Error) => void): Db {
  if (database.pglite) return fromPglite(database.pglite);
  const pool = database.pool;
  if (!pool) throw new Error('the database handle has no connection');
  return {
    executeSql: async (text, values) => {
      const result: unknown = await pool.query(text, values);
      // A multi-statement script (no parameters) answers one result per statement.
      return Array.isArray(result)
        ? { rows: result.flatMap((r: { rows?: unknown[] }) => r.rows ?? []) }
        : (result as { rows: unknown[] });
    },
    listen: async (channel, onNotification, onReconnect) => {
      const listener = new PgBossConnection({
        ...(pool.options as ConstructorParameters<typeof PgBossConnection>[0]),
        application_name: 'touchline-jobs-listen',
      });
      // A dropped listening connection is reported here and reconnected by pg-boss; polling covers the gap.
      listener.on('error', onError);
      await listener.open();
      try {
        const handle = await listener.listen(channel, onNotification, onReconnect);
        return {
          close: async () => {
            await handle.close();
            await listener.close();
          },
        };
      } catch (err) {
        await listener.close();
        throw err;
      }
    },
  };
}
