import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';
import { isEmpty, seedDemoOrganization } from './seed-demo.ts';

// `npm run db:seed`: seeds the demo league into an empty database; refuses in production.
const config = loadConfig();
if (config.env === 'production') {
  console.error('db:seed refuses to run with NODE_ENV=production: demo data never goes into production.');
  process.exit(1);
}
const database = await openDatabase(config);
try {
  await runMigrations(database);
  if (!(await isEmpty(database.db))) {
    console.warn(
      'The database already holds organizations; the demo league is seeded only into an empty database.',
    );
  } else {
    const seeded = await seedDemoOrganization(database.db);
    console.warn(`Seeded the demo league: ${seeded.levels} levels, ${seeded.members} members.`);
  }
} finally {
  await database.close();
}
