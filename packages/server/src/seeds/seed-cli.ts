import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { profiles } from '../db/schema/index.ts';
import { ensureSeededAccount } from '../identity-wiring.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedScaleOrganization } from './seed-scale.ts';
import { isEmpty, seedDemoOrganization } from './seed-demo.ts';

// `npm run db:seed`: seeds the demo league into an empty database; refuses in production.
// `npm run db:seed -- --members N`: adds a scale organization of N members (benchmarks, load tests; ADR 016).
// `... --members N --admin-password P`: also gives its administrator an account (the identity mounted in this server's
// database) that signs in with P, its policies accepted, so a browser can open the organization's dashboard
// (`npm run lighthouse -- --members N`, ADR 029).
const config = loadConfig();
if (config.env === 'production') {
  console.error('db:seed refuses to run with NODE_ENV=production: demo data never goes into production.');
  process.exit(1);
}
const membersArg = process.argv.findIndex((a) => a === '--members' || a.startsWith('--members='));
const scaleMembers =
  membersArg < 0
    ? null
    : Number((process.argv[membersArg]?.split('=')[1] ?? process.argv[membersArg + 1]) || Number.NaN);
if (scaleMembers !== null && !(Number.isInteger(scaleMembers) && scaleMembers > 0)) {
  console.error('--members needs a positive whole number, e.g. npm run db:seed -- --members 100000');
  process.exit(2);
}
const passwordArg = process.argv.findIndex(
  (a) => a === '--admin-password' || a.startsWith('--admin-password='),
);
const adminPassword =
  passwordArg < 0 ? null : (process.argv[passwordArg]?.split('=')[1] ?? process.argv[passwordArg + 1] ?? '');
if (adminPassword !== null && (scaleMembers === null || adminPassword.length < 8 || config.identityUrl)) {
  console.error(
    '--admin-password goes with --members, needs at least 8 characters, and the identity mounted in this server ' +
      '(no IDENTITY_URL).',
  );
  process.exit(2);
}
const database = await openDatabase(config);
try {
  await runMigrations(database);
  if (scaleMembers !== null) {
    const started = performance.now();
    const seeded = await seedScaleOrganization(database, scaleMembers);
    const seconds = (performance.now() - started) / 1000;
    console.warn(
      `Seeded ${seeded.members} members, ${seeded.requirements} requirements and ${seeded.levels} levels in ` +
        `${seconds.toFixed(1)} s (${Math.round(seeded.members / seconds)} members/s). Root level ${seeded.rootLevelId}.`,
    );
    if (adminPassword !== null) {
      const user = { email: seeded.adminEmail, password: adminPassword, firstName: 'Ada', lastName: 'Admin' };
      const userId = await ensureSeededAccount(database, user, seeded.adminProfileId);
      await database.db
        .update(profiles)
        .set({ appUserId: userId })
        .where(eq(profiles.id, seeded.adminProfileId));
      console.warn(`Administrator's sign-in: ${seeded.adminEmail}`);
    }
  } else if (!(await isEmpty(database.db))) {
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
