import path from 'node:path';
import Fastify from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { z } from 'zod';
import { buildIdentityApp } from './build-identity-app.ts';
import { parsePartnerClients } from './config.ts';
import { outboxMailer } from './mail/outbox.ts';
import { smtpTransport } from './mail/smtp.ts';
import { startMailWorker } from './mail/worker.ts';
import { identitySchema, runIdentityMigrations, type IdentityDatabase } from './db/database.ts';
import { keyEncryptionKeyFrom, loadOrCreateKeyEncryptionSecret } from './key-encryption.ts';
import { openSigningKeyRing } from './signing-keys.ts';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  IDENTITY_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  HOST: z.string().default('127.0.0.1'),
  IDENTITY_PUBLIC_URL: z.url(),
  APP_URL: z.url(),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().default('./.data-identity'),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Touchline <no-reply@touchline.test>'),
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(600),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  IDENTITY_SERVICE_SECRET: z.string().min(32).optional(),
  IDENTITY_KEY_ENCRYPTION_KEY: z.string().min(32).optional(),
  PARTNER_OAUTH_CLIENTS: z.string().optional(),
});

/**
 * The identity service as its own process (ARCHITECTURE §1): the same plugin the product server mounts, on its own
 * origin, with CORS for the web app's origin. Mail goes through identity's own outbox and mail worker; without
 * SMTP_URL, development only, the worker prints each message to the log instead.
 */
async function main() {
  const env = envSchema.parse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));
  if (
    env.NODE_ENV === 'production' &&
    (!env.DATABASE_URL || !env.SMTP_URL || !env.IDENTITY_KEY_ENCRYPTION_KEY)
  ) {
    throw new Error(
      'DATABASE_URL, SMTP_URL and IDENTITY_KEY_ENCRYPTION_KEY are required when NODE_ENV=production',
    );
  }
  let db: IdentityDatabase;
  let close: () => Promise<void>;
  if (env.DATABASE_URL) {
    // A lost connection is logged and the pool reconnects on demand; unhandled, its `error` event ends the process.
    const pool = new pg.Pool({ connectionString: env.DATABASE_URL, connectionTimeoutMillis: 5000 });
    const onError = (err: Error) => console.error(`database connection lost: ${err.message}`);
    pool.on('error', onError);
    pool.on('connect', (client) => client.on('error', onError));
    db = drizzlePg(pool, { schema: identitySchema }) as unknown as IdentityDatabase;
    close = () => pool.end();
  } else {
    const client = await PGlite.create(path.join(env.DATA_DIR, 'db'));
    db = drizzlePglite(client, { schema: identitySchema }) as unknown as IdentityDatabase;
    close = () => client.close();
  }
  await runIdentityMigrations(db);
  const app = Fastify({ logger: { level: 'info' }, trustProxy: env.TRUST_PROXY === 'true' });
  // Account mail is durable here too (ADR 022): written to identity's own outbox in the change's transaction, sent
  // after commit by this process's mail worker over the same transport as the product's, timeouts from
  // SMTP_TIMEOUT_MS. Instances on one database share the outbox; the worker's lease keeps each message to one.
  const transport = env.SMTP_URL ? smtpTransport(env.SMTP_URL, env.MAIL_FROM, env.SMTP_TIMEOUT_MS) : null;
  const mailWorker = startMailWorker({
    db,
    deliver: async (mail) => {
      if (transport) await transport.deliver(mail);
      else
        app.log.warn(
          { to: mail.to, subject: mail.subject, text: mail.text },
          'no SMTP_URL: e-mail logged, not sent',
        );
    },
    log: app.log,
  });
  const appUrl = new URL(env.APP_URL).origin;
  await buildIdentityApp(app, {
    issuer: env.IDENTITY_PUBLIC_URL,
    keys: await openSigningKeyRing(db, {
      // Development keeps a generated secret under DATA_DIR; every instance on one database needs the same one.
      kek: keyEncryptionKeyFrom(
        env.IDENTITY_KEY_ENCRYPTION_KEY ?? loadOrCreateKeyEncryptionSecret(path.join(env.DATA_DIR, 'keys')),
      ),
      accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    }),
    db,
    mailer: outboxMailer(),
    appUrl,
    corsOrigins: [appUrl],
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    partnerClients: parsePartnerClients(env.PARTNER_OAUTH_CLIENTS),
    ...(env.IDENTITY_SERVICE_SECRET ? { directorySecret: env.IDENTITY_SERVICE_SECRET } : {}),
  });
  app.addHook('onClose', async () => {
    // The message being sent finishes (or times out) before the database closes; the rest wait in the outbox.
    await mailWorker.stop();
    transport?.close();
    await close();
  });
  const shutdown = () => void app.close().then(() => process.exit(0));
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  await app.listen({ port: env.IDENTITY_PORT, host: env.HOST });
}

await main();
