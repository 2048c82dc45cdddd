import path from 'node:path';
import { demoAdmin, demoPlatformAdmin, ensureUser } from '@touchline/identity';
import { buildApp } from './app.ts';
import { version } from './version.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { trackConnections } from './connection-drain.ts';
import { openDatabase } from './db/client.ts';
import {
  identityKeyEncryptionSecret,
  inProcessIdentity,
  partnerClientsFrom,
  remoteIdentity,
  type IdentityWiring,
} from './identity-wiring.ts';
import { runMigrations } from './db/migrate.ts';
import { processLifecycle as lifecycle, StartInterrupted } from './lifecycle.ts';
import {
  grantDemoSandboxClients,
  isEmpty,
  linkDemoAdminProfile,
  seedDemoOrganization,
} from './seeds/seed-demo.ts';
import type { DemoAccountMaker } from './seeds/seed-demo-activity.ts';
import { findDemoVideo, seedDemoContent } from './seeds/seed-demo-content.ts';
import { markDemoSeedComplete, pendingDemoSeed } from './seeds/seed-demo-marks.ts';
import { demoSeedParts } from './seeds/seed-demo-parts.ts';
import { jobDepsOf } from './jobs/job-deps.ts';
import { createMailTransport } from './mail/mailer.ts';
import { startSandboxes } from './sandboxes-wiring.ts';
import { loadOrCreateSecret } from './session/secret-file.ts';

/** Boots the whole product in one process: config → database → migrations → demo seed → listen. */
async function main(configured: Config) {
  // First of all: a signal at any step of start-up lets that step finish, undoes the finished ones and exits 0 (ADR 018).
  lifecycle.setGraceMs(configured.shutdownGraceMs);
  const { step } = lifecycle;
  // In development our vendor sandboxes stand in for vendors nobody configured (ADR 027); production refuses them.
  const sandboxes =
    configured.sandboxes &&
    (!configured.yardstik ||
      !configured.stripe ||
      !configured.usSoccer ||
      !configured.talentLms ||
      !configured.tazworks ||
      !configured.leagueApps ||
      !configured.amilia)
      ? await step(() => startSandboxes())
      : null;
  if (sandboxes) lifecycle.onStop(() => sandboxes.close());
  const config: Config = sandboxes
    ? {
        ...configured,
        yardstik: configured.yardstik ?? sandboxes.yardstik,
        stripe: configured.stripe ?? sandboxes.stripe,
        usSoccer: configured.usSoccer ?? sandboxes.usSoccer,
        talentLms: configured.talentLms ?? sandboxes.talentLms,
        tazworks: configured.tazworks ?? sandboxes.tazworks,
        leagueApps: configured.leagueApps ?? sandboxes.leagueApps,
        sentryDsn: configured.sentryDsn ?? sandboxes.sentryDsn,
        amilia: configured.amilia ?? sandboxes.amilia,
      }
    : configured;
  // Traces (ADR 042): to the configured OTLP endpoint, else in development to our receiver sandbox; the SDK is loaded
  // only then. Stopped after the app (stops run last first), so the last spans are still sent.
  const tracesUrl = config.tracingRefused ? undefined : (config.otlpTracesUrl ?? sandboxes?.otlp.tracesUrl);
  if (tracesUrl) {
    const { startTracing } = await import('./tracing/start-tracing.ts');
    const tracing = startTracing({
      url: tracesUrl,
      serviceName: 'touchline-server',
      version,
      environment: config.env,
      ...(config.otlpTracesUrl ? {} : { recentTracesUrl: sandboxes?.otlp.recentTracesUrl }),
    });
    lifecycle.onStop(() => tracing.shutdown());
  }
  // A lost connection is logged, never fatal: the pool reconnects when the database returns (ADR 018).
  let onConnectionError = (err: Error) => console.error(`database connection lost: ${err.message}`);
  const database = await step(() =>
    openDatabase({ ...config, onConnectionError: (err) => onConnectionError(err) }),
  );
  // Closing the embedded database also releases its data-dir lock, so the next start finds it free.
  lifecycle.onStop(() => database.close());
  // All pending migrations run in one transaction: an interrupted start leaves them whole or absent.
  await step(() => runMigrations(database));
  if (config.seedDemo && (await step(() => isEmpty(database.db))))
    await step(async () => {
      const seeded = await seedDemoOrganization(database.db);
      console.warn(`Seeded the demo league: ${seeded.levels} levels, ${seeded.members} members.`);
    });
  const mailer = createMailTransport(config);
  lifecycle.onStop(() => mailer.close());
  const sessionPassword =
    config.sessionPassword ?? loadOrCreateSecret(path.join(config.dataDir, 'session-password'));
  const appUrl = config.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${config.port}`;

  // Identity runs in this process unless IDENTITY_URL names its own host (ARCHITECTURE §1).
  let wiring: IdentityWiring;
  let makeDemoAccount: DemoAccountMaker | null = null;
  let demoSignIn: string | null = null;
  if (config.identityUrl) {
    wiring = remoteIdentity(config.identityUrl, config.identityServiceSecret ?? '');
  } else {
    // The signing keys live in the database for every instance; only their sealing secret is configuration.
    const { identityDb, ...inProcess } = await step(() =>
      inProcessIdentity(database, {
        keyEncryptionSecret: identityKeyEncryptionSecret(config),
        appUrl,
        accessTokenTtlSeconds: config.accessTokenTtlSeconds,
        partnerClients: [...partnerClientsFrom(config), ...(sandboxes?.partnerClients ?? [])],
      }),
    );
    wiring = inProcess;
    if (config.seedDemo) {
      const profileId = await step(() =>
        linkDemoAdminProfile(database.db, async (currentProfileId) =>
          ensureUser(identityDb, demoAdmin, { currentProfileId }),
        ),
      );
      if (profileId) demoSignIn = `Demo sign-in: ${demoAdmin.email} / ${demoAdmin.password}`;
      if (demoSignIn) console.warn(demoSignIn);
      // A platform administrator beside the league's, for the platform's own screens (README).
      await step(() => ensureUser(identityDb, demoPlatformAdmin, { acceptedPolicies: true }));
      // Demo members who accepted their invitation sign in with the same password (README).
      makeDemoAccount = (member) =>
        ensureUser(
          identityDb,
          { ...member, password: demoAdmin.password, roles: [] },
          { currentProfileId: member.profileId, acceptedPolicies: true },
        );
    }
  }
  const app = await step(() => buildApp({ ...config, sessionPassword }, { database, mailer, ...wiring }));
  const connections = trackConnections(app.server);
  // Shutdown (ADR 018): readiness off and Connection: close on every response first; jobs stop after their current
  // run; the server stops accepting and its connections close after their next response; then app.close() ends
  // the idle ones and waits for in-flight requests. Past the grace, the lifecycle exits 1.
  lifecycle.onStop(async () => {
    app.beginShutdown();
    const jobs = app.jobs.stop(config.shutdownGraceMs / 2);
    // A second: a busy client has sent on its connection by then; one still silent is idle and safe to cut.
    await connections.drain(Math.min(1000, config.shutdownGraceMs / 2));
    await Promise.all([jobs, app.close()]);
  });
  // The demo: its library (with a pending mark), then each remaining part as its own step, so a stop waits for one
  // part and the next start seeds the parts still pending — never into a demo someone has been using.
  if (config.seedDemo) await seedDemo();
  async function seedDemo() {
    // The TazWorks sandbox's clients belong to the demo league (issue 34); a real agency's are granted by a platform
    // administrator.
    const tazworks = app.deps.integrations.tazworks;
    if (tazworks?.sandbox) await step(() => grantDemoSandboxClients(database.db, tazworks));
    // Each part says what it seeded inside its step: a stop during the step lets it finish, and it is still told.
    await step(async () => {
      const added = await seedDemoContent(app.deps, findDemoVideo(config.webDistDir));
      if (added > 0) console.warn(`Seeded the demo content library: ${added} requirements.`);
    });
    const pending = await step(() => pendingDemoSeed(database.db));
    if (!pending) return;
    const parts = makeDemoAccount
      ? demoSeedParts({
          deps: app.deps,
          makeAccount: makeDemoAccount,
          yardstik: config.yardstik,
          usSoccer: config.usSoccer,
        })
      : [];
    for (const part of parts)
      await step(async () => {
        const seeded = await part.seed();
        if (seeded) console.warn(seeded);
      });
    await step(() => markDemoSeedComplete(database.db, pending));
  }
  onConnectionError = (err) =>
    app.log.warn({ err }, 'database connection lost; the pool reconnects on demand');

  const address = await step(() => app.listen({ port: config.port, host: config.host }));
  // Job workers start once the server serves (unless JOBS_MODE=web), and stop before it closes (ADR 021); a
  // signal during their registration lets it finish, so the stop never pulls pg-boss from under it.
  if (config.jobsMode !== 'web') await step(() => app.jobs.startWorkers(jobDepsOf(app)));
  const url = config.publicUrl ?? address.replace('://127.0.0.1', '://localhost');
  sandboxes?.sendWebhooksTo(address);
  sandboxes?.connectPartnerPortals(appUrl);
  for (const line of sandboxes?.describe() ?? []) console.warn(line);
  console.warn(
    `\nTouchline is running at ${url}  (${database.kind === 'embedded' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})\n`,
  );
  // Again beside the address: the demo seed's vendor calls log in between.
  if (demoSignIn) console.warn(`${demoSignIn}\n`);
}

try {
  await main(loadConfig());
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  // A shutdown began during start-up: the lifecycle runs the cleanups and exits 0.
  if (!(err instanceof StartInterrupted)) throw err;
}
