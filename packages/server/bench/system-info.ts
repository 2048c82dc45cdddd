import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { compare, report } from './measure.ts';

/**
 * The whole request path (auth hook, validation, service, response schema, error handler, headers) for a
 * small public endpoint that reads no table, against one trivial database round trip: the framework's overhead
 * per request, in units of the cheapest query a real endpoint makes.
 */
export async function benchSystemInfo(database: DatabaseHandle) {
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      RATE_LIMIT_PER_MINUTE: '1000000000',
    }),
    { database },
  );
  await app.ready();
  const result = await compare(
    {
      name: 'GET /api/system/info',
      run: async () => {
        const res = await app.inject('/api/system/info');
        if (res.statusCode !== 200) throw new Error(`system-info answered ${res.statusCode}`);
      },
    },
    { name: 'select 1', run: async () => void (await database.db.execute(sql`select 1`)) },
  );
  report(`system-info on ${database.kind}: endpoint vs one database round trip`, result, { max: 3 });
  await app.close();
}
