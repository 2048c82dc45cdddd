import path from 'node:path';
import Fastify from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { z } from 'zod';
import { buildIdentityApp } from './build-identity-app.ts';
import type { IdentityMailer } from './config.ts';
import { identitySchema, runIdentityMigrations, type IdentityDatabase } from './db/database.ts';
import { loadOrCreateSigningKey } from './signing-keys.ts';

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
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(600),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  IDENTITY_SERVICE_SECRET: z.string().min(32).optional(),
});

/**
 * The identity service as its own process (ARCHITECTURE §1): the same plugin the product server mounts, on its own
 * origin, with CORS for the web app's origin. Mail must go over SMTP here; without SMTP_URL, development only, each
 * message is printed to the log instead (there is no product outbox in this process).
 */
async function main() {
  const env = envSchema.parse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));
  if (env.NODE_ENV === 'production' && (!env.DATABASE_URL || !env.SMTP_URL)) {
    throw new Error('DATABASE_URL and SMTP_URL are required when NODE_ENV=production');
  }
  let db: IdentityDatabase;
  let close: () => Promise<void>;
  if (env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: env.DATABASE_URL });
    db = drizzlePg(pool, { schema: identitySchema }) as unknown as IdentityDatabase;
    close = () => pool.end();
  } else {
    const client = await PGlite.create(path.join(env.DATA_DIR, 'db'));
    db = drizzlePglite(client, { schema: identitySchema }) as unknown as IdentityDatabase;
    close = () => client.close();
  }
  await runIdentityMigrations(db);
  const transport = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : null;
  const app = Fastify({ logger: { level: 'info' }, trustProxy: env.TRUST_PROXY === 'true' });
  const mailer: IdentityMailer = {
    send: async (mail) => {
      if (transport) await transport.sendMail({ from: env.MAIL_FROM, ...mail });
      else
        app.log.warn(
          { to: mail.to, subject: mail.subject, text: mail.text },
          'no SMTP_URL: e-mail logged, not sent',
        );
    },
  };
  const appUrl = new URL(env.APP_URL).origin;
  await buildIdentityApp(app, {
    issuer: env.IDENTITY_PUBLIC_URL,
    signingKey: await loadOrCreateSigningKey(path.join(env.DATA_DIR, 'keys')),
    db,
    mailer,
    appUrl,
    corsOrigins: [appUrl],
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    ...(env.IDENTITY_SERVICE_SECRET ? { directorySecret: env.IDENTITY_SERVICE_SECRET } : {}),
  });
  app.addHook('onClose', async () => {
    transport?.close();
    await close();
  });
  const shutdown = () => void app.close().then(() => process.exit(0));
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  await app.listen({ port: env.IDENTITY_PORT, host: env.HOST });
}

await main();
