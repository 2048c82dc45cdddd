import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailNotConfirmedMessage,
  invalidCredentialsMessage,
  webClientId,
} from '@touchline/contracts/accounts';
import { startIdentity, type IdentityHarness } from '../../test/harness.ts';
import {
  identityAuditEvents,
  identityRefreshTokens,
  identityUserRoles,
  identityUsers,
} from '../db/schema.ts';
import { ensureUser } from '../demo.ts';
import { hashToken } from '../secrets.ts';

const form = (fields: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/connect/token',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});
const passwordForm = (username: string, password: string, extra: Record<string, string> = {}) =>
  form({
    grant_type: 'password',
    client_id: webClientId,
    scope: 'openid offline_access',
    username,
    password,
    ...extra,
  });

describe('/connect/token', () => {
  let id: IdentityHarness;
  const ann = {
    email: 'Ann.Lee@example.org',
    password: 'correct horse battery',
    firstName: 'Ann',
    lastName: 'Lee',
  };
  beforeAll(async () => {
    id = await startIdentity();
    await ensureUser(id.db, { ...ann, roles: ['Admin', 'Director'] }, { acceptedPolicies: false });
    await ensureUser(id.db, {
      email: 'solo@example.org',
      password: 'correct horse battery',
      firstName: 'Solo',
      lastName: 'Role',
      roles: ['Manager'],
    });
  });
  afterAll(() => id.close());

  it('grants a password sign-in with a verifiable access token carrying exactly the claims of spec §3', async () => {
    const res = await id.app.inject(passwordForm('ann.lee@EXAMPLE.org', ann.password));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 600 });
    expect(body.refresh_token).toMatch(/^[\w-]{43}$/);
    const jwks = createLocalJWKSet((await id.app.inject('/.well-known/jwks.json')).json());
    const { payload, protectedHeader } = await jwtVerify(body.access_token, jwks);
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'at+jwt', kid: id.key.kid });
    expect(Object.keys(payload).sort()).toEqual(
      [
        'sub',
        'exp',
        'auth_time',
        'User/Role',
        'User/Tabs',
        'User/UserName',
        'User/FirstName',
        'User/LastName',
        'User/Email',
        'CurrentProfileId',
      ].sort(),
    );
    expect(payload).toMatchObject({
      'User/Role': ['Admin', 'Director'],
      'User/Tabs': [],
      'User/UserName': 'Ann.Lee@example.org',
      'User/FirstName': 'Ann',
      'User/LastName': 'Lee',
      'User/Email': 'Ann.Lee@example.org',
      CurrentProfileId: null,
    });
    expect(Number(payload.exp) - Number(payload.auth_time)).toBe(600);
    const audit = await id.db
      .select()
      .from(identityAuditEvents)
      .where(eq(identityAuditEvents.userId, String(payload.sub)));
    expect(audit.map((a) => a.action)).toContain('sign-in');
  });

  it('carries a single role as one value, not a list', async () => {
    const res = await id.app.inject(passwordForm('solo@example.org', 'correct horse battery'));
    expect(decodeJwt(res.json().access_token)['User/Role']).toBe('Manager');
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const wrong = await id.app.inject(passwordForm(ann.email, 'not the password', { username: ann.email }));
    const unknown = await id.app.inject(passwordForm('nobody@example.org', 'not the password'));
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: invalidCredentialsMessage });
    expect(unknown.json()).toEqual(wrong.json());
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrong.headers).sort());
  });

  it('accepts the password grant only from the first-party web client', async () => {
    const res = await id.app.inject(passwordForm(ann.email, ann.password, { client_id: 'league-partner' }));
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_client');
  });

  it('refuses missing fields and unsupported grants in RFC 6749 form', async () => {
    expect(
      (await id.app.inject(form({ grant_type: 'password', client_id: webClientId }))).json(),
    ).toMatchObject({
      error: 'invalid_request',
    });
    expect((await id.app.inject(form({ client_id: webClientId }))).json().error).toBe('invalid_request');
    const cc = await id.app.inject(form({ grant_type: 'client_credentials', client_id: webClientId }));
    expect(cc.statusCode).toBe(400);
    expect(cc.json().error).toBe('unsupported_grant_type');
    expect((await id.app.inject(form({ grant_type: 'password' }))).json().error).toBe('invalid_request');
  });

  it('tells an unconfirmed account to confirm, but only after the right password', async () => {
    await ensureUser(id.db, {
      email: 'new@example.org',
      password: 'correct horse battery',
      firstName: 'N',
      lastName: 'U',
      roles: [],
    });
    await id.db
      .update(identityUsers)
      .set({ emailConfirmedAt: null })
      .where(eq(identityUsers.normalizedEmail, 'new@example.org'));
    const wrong = await id.app.inject(passwordForm('new@example.org', 'wrong password!'));
    expect(wrong.json().error_description).toBe(invalidCredentialsMessage);
    const right = await id.app.inject(passwordForm('new@example.org', 'correct horse battery'));
    expect(right.json()).toEqual({ error: 'invalid_grant', error_description: emailNotConfirmedMessage });
  });

  it('migrates legacy roles on sign-in and stores the migration', async () => {
    const userId = await ensureUser(id.db, {
      email: 'legacy@example.org',
      password: 'correct horse battery',
      firstName: 'Leg',
      lastName: 'Acy',
      roles: ['President', 'Operator'],
    });
    const res = await id.app.inject(passwordForm('legacy@example.org', 'correct horse battery'));
    expect(decodeJwt(res.json().access_token)['User/Role']).toEqual(['Admin', 'Manager']);
    const stored = await id.db.select().from(identityUserRoles).where(eq(identityUserRoles.userId, userId));
    expect(stored.map((r) => r.role).sort()).toEqual(['Admin', 'Manager']);
  });

  it('rotates refresh tokens on every use, stores only hashes, and revokes the family when a used one comes back', async () => {
    const first = (await id.app.inject(passwordForm('solo@example.org', 'correct horse battery'))).json();
    const rows = await id.db
      .select()
      .from(identityRefreshTokens)
      .where(eq(identityRefreshTokens.tokenHash, hashToken(first.refresh_token)));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(first.refresh_token);

    const refresh = (token: string) =>
      id.app.inject(form({ grant_type: 'refresh_token', client_id: webClientId, refresh_token: token }));
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const secondBody = second.json();
    expect(secondBody.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(secondBody.access_token).auth_time).toBe(decodeJwt(first.access_token).auth_time);

    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
    // The replay revoked the whole family: the newest token, never used, no longer works either.
    expect((await refresh(secondBody.refresh_token)).json().error).toBe('invalid_grant');
  });

  it('of two parallel uses of one refresh token exactly one succeeds', async () => {
    const signIn = (await id.app.inject(passwordForm('solo@example.org', 'correct horse battery'))).json();
    const refresh = () =>
      id.app.inject(
        form({ grant_type: 'refresh_token', client_id: webClientId, refresh_token: signIn.refresh_token }),
      );
    const results = await Promise.all([refresh(), refresh()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses an expired refresh token, one from another client, and revoked ones after /connect/revocation', async () => {
    const signIn = (await id.app.inject(passwordForm('solo@example.org', 'correct horse battery'))).json();
    const other = await id.app.inject(
      form({ grant_type: 'refresh_token', client_id: 'other', refresh_token: signIn.refresh_token }),
    );
    expect(other.json().error).toBe('invalid_grant');
    const revoke = await id.app.inject({
      ...form({ token: signIn.refresh_token }),
      url: '/connect/revocation',
    });
    expect(revoke.statusCode).toBe(200);
    const after = await id.app.inject(
      form({ grant_type: 'refresh_token', client_id: webClientId, refresh_token: signIn.refresh_token }),
    );
    expect(after.json().error).toBe('invalid_grant');

    const later = (await id.app.inject(passwordForm('solo@example.org', 'correct horse battery'))).json();
    id.advance(1_209_600 + 1);
    const expired = await id.app.inject(
      form({ grant_type: 'refresh_token', client_id: webClientId, refresh_token: later.refresh_token }),
    );
    expect(expired.json().error).toBe('invalid_grant');
  });
});
