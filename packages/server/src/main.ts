import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { demoAdmin, ensureUser, loadOrCreateSigningKey } from '@touchline/identity';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { inProcessIdentity, remoteIdentity, type IdentityWiring } from './identity-wiring.ts';
import { runMigrations } from './db/migrate.ts';
import { isEmpty, linkDemoAdminProfile, seedDemoOrganization } from './db/seed-demo.ts';
import { seedDemoActivity, type DemoAccountMaker } from './db/seed-demo-activity.ts';
import { findDemoVideo, seedDemoContent } from './db/seed-demo-content.ts';
import { invitationRemindersJob } from './jobs/invitation-reminders.ts';
import { requirementRemindersJob } from './jobs/requirement-reminders.ts';
import { requirementStatusesJob } from './jobs/requirement-statuses.ts';
import { startScheduler, type Scheduler } from './jobs/scheduler.ts';
import { createMailer } from './mail/mailer.ts';
import { loadOrCreateSecret } from './session/secret-file.ts';

/** Boots the whole product in one process: config → database → migrations → demo seed → listen. */
async function main(config: Config) {
  const database = await openDatabase(config);
  await runMigrations(database);
  if (config.seedDemo && (await isEmpty(database.db))) {
    const seeded = await seedDemoOrganization(database.db);
    console.warn(`Seeded the demo league: ${seeded.levels} levels, ${seeded.members} members.`);
  }
  const mailer = createMailer(config, database.db);
  const sessionPassword =
    config.sessionPassword ?? loadOrCreateSecret(path.join(config.dataDir, 'session-password'));
  const appUrl = config.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${config.port}`;

  // Identity runs in this process unless IDENTITY_URL names its own host (ARCHITECTURE §1).
  let wiring: IdentityWiring;
  let makeDemoAccount: DemoAccountMaker | null = null;
  if (config.identityUrl) {
    wiring = remoteIdentity(config.identityUrl, config.identityServiceSecret ?? '');
  } else {
    const signingKey = await loadOrCreateSigningKey(path.join(config.dataDir, 'identity'));
    const { identityDb, ...inProcess } = await inProcessIdentity(database, {
      signingKey,
      mailer,
      appUrl,
      accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    });
    wiring = inProcess;
    if (config.seedDemo) {
      const profileId = await linkDemoAdminProfile(database.db, async (currentProfileId) =>
        ensureUser(identityDb, demoAdmin, { currentProfileId }),
      );
      if (profileId) console.warn(`Demo sign-in: ${demoAdmin.email} / ${demoAdmin.password}`);
      // Demo members who accepted their invitation sign in with the same password (README).
      makeDemoAccount = (member) =>
        ensureUser(
          identityDb,
          { ...member, password: demoAdmin.password, roles: [] },
          { currentProfileId: member.profileId, acceptedPolicies: true },
        );
    }
  }
  const app = await buildApp({ ...config, sessionPassword }, { database, mailer, ...wiring });
  if (config.seedDemo) {
    const added = await seedDemoContent(database.db, app.storage, findDemoVideo(config.webDistDir));
    if (added > 0) console.warn(`Seeded the demo content library: ${added} requirements.`);
    // The history is seeded with the library it is about, never into a demo someone has been using.
    const history =
      added > 0 && makeDemoAccount && (await seedDemoActivity(database.db, app.storage, makeDemoAccount));
    if (history)
      console.warn(`Seeded the demo history: ${history.accounts} of ${history.members} members signed up.`);
  }
  const background: { scheduler?: Scheduler } = {};
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await background.scheduler?.stop();
    await app.close();
    mailer.close();
    await database.close();
  });

  const address = await app.listen({ port: config.port, host: config.host });
  // Background jobs start once the server serves, and stop before it closes (ADR 011).
  background.scheduler = startScheduler(
    [invitationRemindersJob(app), requirementStatusesJob(app), requirementRemindersJob(app)],
    app.log,
  );
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
