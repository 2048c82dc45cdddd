import type { FastifyInstance } from 'fastify';
import { createSigningKey } from '@touchline/identity';
import { webClientId } from '@touchline/contracts/accounts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { inProcessIdentity } from '../src/identity-wiring.ts';
import { outboxMailer } from '../src/mail/mailer.ts';

/**
 * The whole server with identity mounted in process, as benches sign in through it: silent, no rate limit, the
 * outbox mailer. Returns the identity's database for seeding accounts.
 */
export async function benchAppWithIdentity(database: DatabaseHandle, accessTokenTtlSeconds?: number) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    SESSION_PASSWORD: 'bench-session-password-0123456789abcdef',
  });
  const mailer = outboxMailer(database.db);
  const { identityDb, ...identity } = await inProcessIdentity(database, {
    signingKey: await createSigningKey(),
    mailer,
    appUrl: 'http://bench.test',
    accessTokenTtlSeconds: accessTokenTtlSeconds ?? config.accessTokenTtlSeconds,
  });
  const app = await buildApp(config, { database, mailer, ...identity });
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
