import Fastify, { type FastifyInstance } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildIdentityApp } from '../src/build-identity-app.ts';
import type { IdentityConfig, IdentityMail } from '../src/config.ts';
import { identitySchema, runIdentityMigrations, type IdentityDatabase } from '../src/db/database.ts';
import { createSigningKey, type SigningKey } from '../src/signing-keys.ts';

/** A running identity service on its own fresh database, with its sent mail captured in `mail`. */
export type IdentityHarness = {
  app: FastifyInstance;
  db: IdentityDatabase;
  key: SigningKey;
  mail: IdentityMail[];
  /** Moves the service's clock (token expiry, link expiry, throttling windows). */
  advance: (seconds: number) => void;
  close: () => Promise<void>;
};

async function openDatabase(): Promise<{ db: IdentityDatabase; close: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const client = await PGlite.create();
    return {
      db: drizzlePglite(client, { schema: identitySchema }) as unknown as IdentityDatabase,
      close: () => client.close(),
    };
  }
  const name = `identity_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 4 });
  // DROP DATABASE … WITH (FORCE) below ends any connection still closing; the pool reports that as an error.
  pool.on('error', () => undefined);
  return {
    db: drizzlePg(pool, { schema: identitySchema }) as unknown as IdentityDatabase,
    close: async () => {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Starts the identity service the way a separate deployment would, on PGlite or on TEST_DATABASE_URL. */
export async function startIdentity(overrides: Partial<IdentityConfig> = {}): Promise<IdentityHarness> {
  const database = await openDatabase();
  await runIdentityMigrations(database.db);
  const key = await createSigningKey();
  const mail: IdentityMail[] = [];
  let offsetMs = 0;
  const app = Fastify({ trustProxy: true });
  await buildIdentityApp(app, {
    issuer: 'http://id.test',
    signingKey: key,
    db: database.db,
    appUrl: 'http://app.test',
    mailer: { send: async (message) => void mail.push(message) },
    now: () => new Date(Date.now() + offsetMs),
    ...overrides,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    key,
    mail,
    advance: (seconds) => {
      offsetMs += seconds * 1000;
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The link of the newest e-mail to `to`, with its token, for following confirmation and reset links. */
export function lastLinkTo(mail: IdentityMail[], to: string): { url: URL; token: string } {
  const message = mail.filter((m) => m.to.toLowerCase() === to.toLowerCase()).at(-1);
  const match = message && /(https?:\/\/\S+)/.exec(message.text);
  if (!match?.[1]) throw new Error(`no link e-mailed to ${to}`);
  const url = new URL(match[1]);
  return { url, token: url.searchParams.get('token') ?? '' };
}
