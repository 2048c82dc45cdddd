import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildIdentityApp,
  ensureUser,
  identitySchema,
  keyEncryptionKeyFrom,
  openSigningKeyRing,
  type IdentityMail,
} from '@touchline/identity';
import { webClientId } from '@touchline/contracts/accounts';
import { createTestApp, testKeyEncryptionSecret, testPassword, type TestApp } from '../../../test/app.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { drizzleOver, type DatabaseHandle } from '../../db/client.ts';
import { createAccessTokenVerifier } from '../../plugins/access-token-verifier.ts';
import { httpIdentityDirectory } from '../../plugins/identity-directory.ts';
import { httpIdentityClient } from '../../session/identity-client.ts';
import { identityProxy } from '../../session/identity-proxy.ts';

const directorySecret = 'admin-directory-secret-0123456789abcdef';

/** The /admin area's people calls when identity runs on its own host: the directory over HTTP (ADR 042). */
describe('the /admin people calls with identity on its own host', () => {
  let identity: FastifyInstance;
  let identityDb: DatabaseHandle;
  let t: TestApp;
  let bearer: { authorization: string };
  let memberId: string;
  const mail: IdentityMail[] = [];

  beforeAll(async () => {
    identityDb = await openTestDatabase();
    const db = drizzleOver(identityDb, identitySchema);
    identity = Fastify({ trustProxy: true });
    await buildIdentityApp(identity, {
      issuer: 'http://127.0.0.1',
      keys: await openSigningKeyRing(db, {
        kek: keyEncryptionKeyFrom(testKeyEncryptionSecret),
        accessTokenTtlSeconds: 600,
      }),
      db,
      mailer: { send: async (m) => void mail.push(m) },
      appUrl: 'http://app.test',
      directorySecret,
    });
    const identityUrl = await identity.listen({ port: 0, host: '127.0.0.1' });
    await ensureUser(db, {
      email: 'operator@example.org',
      password: testPassword,
      firstName: 'Opal',
      lastName: 'Operator',
      roles: ['TouchlineAdmin'],
    });
    memberId = await ensureUser(db, {
      email: 'far.member@example.org',
      password: testPassword,
      firstName: 'Farah',
      lastName: 'Member',
      roles: [],
    });
    t = await createTestApp(
      {},
      {
        verifyAccessToken: createAccessTokenVerifier({ jwksUrl: `${identityUrl}/.well-known/jwks.json` }),
        identityClient: () => httpIdentityClient(identityUrl),
        identityDirectory: httpIdentityDirectory(identityUrl, directorySecret),
        mount: async (instance) => {
          await instance.register(identityProxy, { identityUrl });
        },
      },
    );
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        client_id: webClientId,
        scope: 'openid',
        username: 'operator@example.org',
        password: testPassword,
      }).toString(),
    });
    bearer = { authorization: `Bearer ${(signIn.json() as { access_token: string }).access_token}` };
  }, 120_000);

  afterAll(async () => {
    await t.close();
    await identity.close();
    await identityDb.close();
  });

  it("refuses the identity's admin directory calls without the service secret", async () => {
    for (const [method, url] of [
      ['GET', '/internal/directory/admin/users?limit=1&offset=0'],
      ['GET', `/internal/directory/admin/users/${memberId}`],
      ['POST', `/internal/directory/admin/users/${memberId}/unlock`],
      ['POST', '/internal/directory/admin/platform-admin'],
    ] as const)
      expect((await identity.inject({ method, url, payload: {} })).statusCode).toBe(401);
  });

  it('searches, reads, unlocks, e-mails a reset and grants the platform role over HTTP', async () => {
    const search = await t.app.inject({ url: '/api/app/admin/people?search=farah', headers: bearer });
    expect(search.statusCode).toBe(200);
    expect(search.json()).toMatchObject({
      totalCount: 1,
      items: [{ id: memberId, email: 'far.member@example.org', platformAdmin: false, lockedUntil: null }],
    });
    const person = await t.app.inject({ url: `/api/app/admin/people/${memberId}`, headers: bearer });
    expect(person.json()).toMatchObject({ id: memberId, memberships: [] });
    const missing = await t.app.inject({
      url: `/api/app/admin/people/${crypto.randomUUID()}`,
      headers: bearer,
    });
    expect(missing.statusCode).toBe(404);
    const unlock = await t.app.inject({
      method: 'POST',
      url: `/api/app/admin/people/${memberId}/unlock`,
      headers: bearer,
    });
    expect(unlock.statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/app/admin/people/${memberId}/password-reset`,
      headers: bearer,
    });
    expect(reset.statusCode).toBe(200);
    expect(mail.filter((m) => m.to === 'far.member@example.org')).toHaveLength(1);
    const grant = await t.app.inject({
      method: 'PUT',
      url: `/api/app/admin/people/${memberId}/platform-admin`,
      headers: bearer,
      payload: { grant: true },
    });
    expect(grant.statusCode).toBe(200);
    const after = await t.app.inject({ url: `/api/app/admin/people/${memberId}`, headers: bearer });
    expect(after.json()).toMatchObject({ platformAdmin: true });
  });
});
