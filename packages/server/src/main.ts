import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildIdentityApp, loadOrCreateSigningKey } from '@touchline/identity';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { isEmpty, seedDemoOrganization } from './db/seed-demo.ts';

/** Boots the whole product in one process: config → database → migrations → demo seed → listen. */
async function main(config: Config) {
  const database = await openDatabase(config);
  await runMigrations(database);
  if (config.seedDemo && (await isEmpty(database.db))) {
    const seeded = await seedDemoOrganization(database.db);
    console.warn(`Seeded the demo league: ${seeded.levels} levels, ${seeded.members} members.`);
  }

  // Identity runs in this process by default (ARCHITECTURE §1): the one place the server meets the identity package.
  const signingKey = await loadOrCreateSigningKey(path.join(config.dataDir, 'identity'));
  const issuer = config.publicUrl ?? `http://localhost:${config.port}`;
  const app = await buildApp(config, {
    database,
    mount: (instance) => buildIdentityApp(instance, { issuer, signingKey }),
  });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  const address = await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl ?? address.replace('://127.0.0.1', '://localhost');
  console.warn(
    `\nTouchline is running at ${url}  (${database.kind === 'embedded' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})\n`,
  );
}

try {
  await main(loadConfig());
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
