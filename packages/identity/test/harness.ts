import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { webClientId } from '@touchline/contracts/accounts';
import { buildIdentityApp } from '../src/build-identity-app.ts';
import type { IdentityConfig, IdentityMail } from '../src/config.ts';
import { identitySchema, runIdentityMigrations, type IdentityDatabase } from '../src/db/database.ts';
import { keyEncryptionKeyFrom } from '../src/key-encryption.ts';
import { openSigningKeyRing, type SigningKey, type SigningKeyRing } from '../src/signing-keys.ts';

/** The key-encryption secret test rings seal their private keys with. */
export const testKeyEncryptionSecret = 'test-key-encryption-secret-0123456789abcdef';

/** A running identity service on its own fresh database, with its sent mail captured in `mail`. */
export type IdentityHarness = {
  app: FastifyInstance;
  db: IdentityDatabase;
  /** The current signing key of the ring, for tests that sign their own tokens. */
  key: SigningKey;
  keys: SigningKeyRing;
  mail: IdentityMail[];
  /** Moves the service's clock (token expiry, link expiry, throttling windows). */
  advance: (seconds: number) => void;
  close: () => Promise<void>;
};

/**
 * A fresh identity database, already migrated: a copy of the run's template (test/global-setup.ts) on PGlite, or a
 * new database cloned from the template database on TEST_DATABASE_URL. Migrating it again is a no-op.
 */
export async function openDatabase(): Promise<{
  db: IdentityDatabase;
  /** The PostgreSQL database's URL, for a second pool on it (a second instance); unset on PGlite. */
  url?: string;
  close: () => Promise<void>;
}> {
  const target = inject('identityTemplate');
  if (target.kind === 'embedded') {
    const client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(target.templateFile)]) });
    return {
      db: drizzlePglite(client, { schema: identitySchema }) as unknown as IdentityDatabase,
      close: () => client.close(),
    };
  }
  const name = `${target.template}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: target.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${target.template}`);
  const dbUrl = new URL(target.adminUrl);
  dbUrl.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 4 });
  // DROP DATABASE … WITH (FORCE) below ends any connection still closing; the pool reports that as an error.
  pool.on('error', () => undefined);
  return {
    db: drizzlePg(pool, { schema: identitySchema }) as unknown as IdentityDatabase,
    url: dbUrl.toString(),
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
  const mail: IdentityMail[] = [];
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const keys = await openSigningKeyRing(database.db, {
    kek: keyEncryptionKeyFrom(testKeyEncryptionSecret),
    accessTokenTtlSeconds: overrides.accessTokenTtlSeconds ?? 600,
    now,
  });
  const key = await keys.signingKey();
  const app = Fastify({ trustProxy: true });
  await buildIdentityApp(app, {
    issuer: 'http://id.test',
    keys,
    db: database.db,
    appUrl: 'http://app.test',
    mailer: { send: async (message) => void mail.push(message) },
    now,
    ...overrides,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    key,
    keys,
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

/** The web client's password grant for `app.inject`: how a test signs in as the SPA does. */
export function passwordGrant(username: string, password: string) {
  return {
    method: 'POST' as const,
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'password',
      client_id: webClientId,
      scope: 'openid',
      username,
      password,
    }).toString(),
  };
}
