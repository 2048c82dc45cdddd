import Fastify, { type FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
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
import { createTestApp, testKeyEncryptionSecret, testPassword, type TestApp } from '../../test/app.ts';
import { drizzleOver } from '../db/client.ts';
import { openTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createAccessTokenVerifier } from '../plugins/access-token-verifier.ts';
import { httpIdentityClient } from './identity-client.ts';
import { identityProxy } from './identity-proxy.ts';
import { httpIdentityDirectory } from '../plugins/identity-directory.ts';

const directorySecret = 'split-directory-secret-0123456789abcdef';

/** ARCHITECTURE §1: identity as its own process on its own origin; the server reaches it over HTTP only. */
describe('identity on its own host', () => {
  let identity: FastifyInstance;
  let identityDb: DatabaseHandle;
  let identityUrl: string;
  let t: TestApp;
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
      corsOrigins: ['http://app.test'],
      directorySecret,
    });
    identityUrl = await identity.listen({ port: 0, host: '127.0.0.1' });
    await ensureUser(db, {
      email: 'remote@example.org',
      password: testPassword,
      firstName: 'Re',
      lastName: 'Mote',
      roles: ['Director'],
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
  });
  afterAll(async () => {
    await t.close();
    await identity.close();
    await identityDb.close();
  });

  it('signs in through the proxied token endpoint, verifies from the remote JWKS, refreshes and signs out over HTTP', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        client_id: webClientId,
        scope: 'openid',
        username: 'remote@example.org',
        password: testPassword,
      }).toString(),
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    const tokens = signIn.json();
    const bearer = { authorization: `Bearer ${tokens.access_token}` };
    expect((await t.app.inject({ url: '/api/app/profile/level-roles', headers: bearer })).statusCode).toBe(
      200,
    );

    const set = await t.app.inject({
      method: 'POST',
      url: '/api/active-user-session-set',
      payload: {
        token: tokens.access_token,
        refresh_token: tokens.refresh_token,
        authTime: Date.now(),
        roles: ['Director'],
        remember: true,
      },
    });
    expect(set.statusCode).toBe(204);
    const cookie = String(set.headers['set-cookie']).split(';')[0] ?? '';
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/refresh-token',
      headers: { cookie },
      payload: { profileId: '' },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(decodeJwt(refreshed.json().token)['User/Role']).toBe('Director');

    const next = String(refreshed.headers['set-cookie']).split(';')[0] ?? '';
    const out = await t.app.inject({ url: '/api/logout-session-set', headers: { cookie: next } });
    expect(out.json().logoutUrl).toBe(
      `${identityUrl}/connect/endsession?post_logout_redirect_uri=${encodeURIComponent('/signin')}`,
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/refresh-token',
          headers: { cookie: next },
          payload: { profileId: '' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('passes RFC 6749 errors, Retry-After and field errors through unchanged', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        client_id: webClientId,
        scope: 'openid',
        username: 'remote@example.org',
        password: 'nope',
      }).toString(),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('invalid_grant');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/app/app-users/forgot-password',
      payload: { email: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors[0].field).toBe('email');
  });

  it('answers CORS preflights for the web origin only', async () => {
    const ok = await fetch(`${identityUrl}/connect/token`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.test', 'access-control-request-method': 'POST' },
    });
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://app.test');
    const evil = await fetch(`${identityUrl}/connect/token`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reaches the identity directory over HTTP with the service secret (ADR 007)', async () => {
    const directory = t.app.identityDirectory;
    const user = await directory.findUserByEmail('REMOTE@example.org');
    expect(user).toMatchObject({ email: 'remote@example.org', firstName: 'Re', emailConfirmed: true });
    if (!user) return;
    const profileId = crypto.randomUUID();
    await directory.setUserContext(user.id, { currentProfileId: profileId, roles: ['Manager'] });
    await directory.updateUserNames(user.id, { firstName: 'Remy', lastName: 'Mote' });
    expect(await directory.findUser(user.id)).toMatchObject({ firstName: 'Remy' });
    expect(await directory.findUser(crypto.randomUUID())).toBeNull();
    await expect(
      directory.setUserContext(crypto.randomUUID(), { currentProfileId: null, roles: [] }),
    ).rejects.toThrow(/no longer exists/);
    const tokens = await t.signIn('remote@example.org');
    const claims = decodeJwt(tokens.access_token);
    expect(claims.CurrentProfileId).toBe(profileId);
    expect(claims['User/Role']).toBe('Manager');
  });
});
