import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedDemoOrganization } from '../src/db/seed-demo.ts';
import { compare, report } from './measure.ts';

/**
 * The whole request path (auth hook, validation, service, response schema, error handler, headers) for a
 * small public endpoint, against the raw SQL it runs: the framework's overhead per request.
 */
export async function benchSystemInfo(database: DatabaseHandle) {
  await seedDemoOrganization(database.db);
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
  const raw = async () => {
    const result = await database.db.execute(
      sql`select id, name from organizations where is_demo and deleted_at is null limit 1`,
    );
    const [org] = (result as unknown as { rows: { id: string }[] }).rows;
    await database.db.execute(
      sql`select count(*) from profiles where organization_id = ${org?.id} and deleted_at is null`,
    );
    await database.db.execute(
      sql`select count(*) from hierarchy_levels where organization_id = ${org?.id} and deleted_at is null`,
    );
  };
  const result = await compare(
    {
      name: 'GET /api/system/info',
      run: async () => {
        const res = await app.inject('/api/system/info');
        if (res.statusCode !== 200) throw new Error(`system-info answered ${res.statusCode}`);
      },
    },
    { name: 'raw SQL', run: raw },
  );
  report(`system-info on ${database.kind}: endpoint vs its raw SQL`, result, { max: 3 });
  await app.close();
}
