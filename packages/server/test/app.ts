import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { openTestDatabase } from './database.ts';

/** A built app on its own database, for `app.inject` tests; close() releases both. */
export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close: () => Promise<void>;
};

/** Builds the app the way main does, on a fresh test database, with quiet logs and no SPA unless asked. */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Omit<AppDependencies, 'database'> = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...env,
  });
  const database = await openTestDatabase();
  const app = await buildApp(config, { database, ...deps });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
