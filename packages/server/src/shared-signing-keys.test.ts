import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureUser,
  keyEncryptionKeyFrom,
  rotateSigningKey,
  type IdentityDatabase,
} from '@touchline/identity';
import { webClientId } from '@touchline/contracts/accounts';
import { testPassword } from '../test/app.ts';
import { openSecondConnection, openTestDatabase } from '../test/database.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { inProcessIdentity } from './identity-wiring.ts';

const keyEncryptionSecret = 'shared-key-encryption-secret-0123456789abcdef';

/** One server instance as main builds it: its own DATA_DIR, identity mounted in process, on the shared database. */
async function startInstance(database: DatabaseHandle, now: () => Date) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-instance-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    DATA_DIR: dataDir,
    SESSION_PASSWORD: 'instance-session-password-0123456789abcdef',
    IDENTITY_KEY_ENCRYPTION_KEY: keyEncryptionSecret,
    JOBS_MODE: 'web',
  });
  const { identityDb, ...identity } = await inProcessIdentity(database, {
    keyEncryptionSecret: config.identityKeyEncryptionKey ?? '',
    appUrl: 'http://localhost:3000',
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    now,
  });
  const app = await buildApp(config, { database, ...identity });
  // This test moves the identity's clock, not the real one: the verified-token cache (ADR 026) keeps a token until
  // its own expiry in real time, which in production is exactly when its retired key leaves the JWKS. Verifying
  // every request here tests which keys verify, at the injected time.
  app.requestCaches.enabled = false;
  await app.ready();
  return {
    app,
    identityDb,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Instance = Awaited<ReturnType<typeof startInstance>>;

async function signIn(instance: Instance, email: string): Promise<string> {
  const res = await instance.app.inject({
    method: 'POST',
    url: '/connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'password',
      client_id: webClientId,
      scope: 'openid offline_access',
      username: email,
      password: testPassword,
    }).toString(),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ access_token: string }>().access_token;
}

const organizationsWith = (instance: Instance, token: string) =>
  instance.app
    .inject({ url: '/api/app/organization/organization-list', headers: { authorization: `Bearer ${token}` } })
    .then((res) => res.statusCode);

const kidOf = (token: string) => decodeProtectedHeader(token).kid;

/** ADR 019: every instance signs with and accepts the keys in the shared identity database. */
describe('two instances on one database share the token signing keys', () => {
  let database: DatabaseHandle;
  let other: DatabaseHandle;
  let a: Instance;
  let b: Instance;
  let identityDb: IdentityDatabase;
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  beforeAll(async () => {
    database = await openTestDatabase();
    other = openSecondConnection(database);
    a = await startInstance(database, now);
    b = await startInstance(other, now);
    identityDb = a.identityDb;
    await ensureUser(
      identityDb,
      { email: 'shared@example.org', password: testPassword, firstName: 'Sha', lastName: 'Red', roles: [] },
      { currentProfileId: null, acceptedPolicies: true },
    );
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await other.close();
    await database.close();
  });

  it('accepts a token from A on B and the reverse; after rotation old tokens verify until expiry, new ones use the new kid', async () => {
    const fromA = await signIn(a, 'shared@example.org');
    const fromB = await signIn(b, 'shared@example.org');
    expect(kidOf(fromA)).toBe(kidOf(fromB));
    expect(await organizationsWith(b, fromA)).toBe(200);
    expect(await organizationsWith(a, fromB)).toBe(200);

    const rotated = await rotateSigningKey(identityDb, keyEncryptionKeyFrom(keyEncryptionSecret), {
      now: now(),
      activateInSeconds: 300,
    });
    offsetMs += 301_000;
    const newFromA = await signIn(a, 'shared@example.org');
    expect(kidOf(newFromA)).toBe(rotated.kid);
    expect(kidOf(newFromA)).not.toBe(kidOf(fromA));
    expect(await organizationsWith(b, newFromA)).toBe(200);
    expect(kidOf(await signIn(b, 'shared@example.org'))).toBe(rotated.kid);
    expect(await organizationsWith(b, fromA)).toBe(200);

    // Past the old key's retirement plus the access-token lifetime, it leaves the JWKS and its tokens fail.
    offsetMs += 600_000;
    const jwks = (await a.app.inject('/.well-known/jwks.json')).json<{ keys: { kid: string }[] }>();
    expect(jwks.keys.map((key) => key.kid)).toEqual([rotated.kid]);
    expect(await organizationsWith(b, fromA)).toBe(401);
    expect(await organizationsWith(a, newFromA)).toBe(200);
  });
});
