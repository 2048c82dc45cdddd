import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';

// `npm run db:migrate`: applies pending migrations to the configured database and exits.
const config = loadConfig();
const database = await openDatabase(config);
try {
  await runMigrations(database);
  console.warn(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
