import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ensureUser } from '@touchline/identity';
import { webClientId } from '@touchline/contracts/accounts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { profiles } from '../src/db/schema/index.ts';
import type { ScaleSeed } from '../src/seeds/seed-scale.ts';
import { inProcessIdentity } from '../src/identity-wiring.ts';

/**
 * The whole server with identity mounted in process, as benches sign in through it: silent, no rate limit, the
 * development outbox (mail is queued, no worker runs). Returns the identity's database for seeding accounts.
 */
export async function benchAppWithIdentity(
  database: DatabaseHandle,
  accessTokenTtlSeconds?: number,
  extend?: (app: FastifyInstance) => void,
) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    SESSION_PASSWORD: 'bench-session-password-0123456789abcdef',
  });
  const { identityDb, ...identity } = await inProcessIdentity(database, {
    keyEncryptionSecret: 'bench-key-encryption-secret-0123456789abcdef',
    appUrl: 'http://bench.test',
    accessTokenTtlSeconds: accessTokenTtlSeconds ?? config.accessTokenTtlSeconds,
  });
  const app = await buildApp(config, { database, ...identity });
  extend?.(app);
  await app.ready();
  return { app, identityDb };
}

/** One password-grant sign-in of the first-party web client through /connect/token. */
export function passwordSignIn(app: FastifyInstance, username: string, password: string) {
  const form = new URLSearchParams({
    grant_type: 'password',
    client_id: webClientId,
    scope: 'openid',
    username,
    password,
  });
  return app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
}

/** Signs in an account whose current profile is a scale organization's Admin; returns the app and its token. */
export async function adminToken(
  database: DatabaseHandle,
  seed: ScaleSeed,
  extend?: (app: FastifyInstance) => void,
) {
  const { app, identityDb } = await benchAppWithIdentity(database, 3600, extend);
  const password = 'bench password 123';
  const user = { email: seed.adminEmail, password, firstName: 'Ada', lastName: 'Admin', roles: [] };
  const userId = await ensureUser(identityDb, user, {
    currentProfileId: seed.adminProfileId,
    acceptedPolicies: true,
  });
  await database.db.update(profiles).set({ appUserId: userId }).where(eq(profiles.id, seed.adminProfileId));
  const res = await passwordSignIn(app, seed.adminEmail, password);
  return { app, token: (res.json() as { access_token: string }).access_token };
}
