import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webClientId } from '@touchline/contracts/accounts';
import { startIdentity, type IdentityHarness } from '../../test/harness.ts';
import { ensureUser } from '../demo.ts';

const secret = 'directory-secret-0123456789abcdef-xyz';
const bearer = { authorization: `Bearer ${secret}` };
const profileId = '7b0c7c8e-3c7a-4a53-9d55-0b8f8a0f1c11';

/** ADR 007: the directory calls a product server on another host makes, guarded by the shared service secret. */
describe('/internal/directory', () => {
  let id: IdentityHarness;
  let userId: string;
  beforeAll(async () => {
    id = await startIdentity({ directorySecret: secret });
    userId = await ensureUser(id.db, {
      email: 'Coach@Example.org',
      password: 'a long password',
      firstName: 'Casey',
      lastName: 'Coach',
      roles: ['TouchlineAdmin', 'Manager'],
    });
  });
  afterAll(() => id.close());

  const grant = async (form: Record<string, string>) =>
    id.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_id: webClientId,
        scope: 'openid offline_access',
        ...form,
      }).toString(),
    });

  it('refuses a missing or wrong secret, and a browser access token', async () => {
    expect((await id.app.inject({ url: `/internal/directory/users/${userId}` })).statusCode).toBe(401);
    const wrong = { authorization: `Bearer ${secret.replace('x', 'y')}` };
    expect(
      (await id.app.inject({ url: `/internal/directory/users/${userId}`, headers: wrong })).statusCode,
    ).toBe(401);
    const signIn = await grant({
      grant_type: 'password',
      username: 'coach@example.org',
      password: 'a long password',
    });
    const token = signIn.json().access_token as string;
    const res = await id.app.inject({
      url: `/internal/directory/users/${userId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('reads an account by id and by e-mail, never its password hash', async () => {
    const byId = await id.app.inject({ url: `/internal/directory/users/${userId}`, headers: bearer });
    expect(byId.json()).toEqual({
      id: userId,
      email: 'Coach@Example.org',
      firstName: 'Casey',
      lastName: 'Coach',
      emailConfirmed: true,
    });
    const byEmail = await id.app.inject({
      url: '/internal/directory/users?email=COACH%40example.org',
      headers: bearer,
    });
    expect(byEmail.json().id).toBe(userId);
    const missing = await id.app.inject({
      url: '/internal/directory/users?email=nobody%40example.org',
      headers: bearer,
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await id.app.inject({ url: '/internal/directory/users/not-a-uuid', headers: bearer })).statusCode,
    ).toBe(400);
  });

  it('switches the current profile and organization roles, keeping the platform role; the next token follows', async () => {
    const signIn = await grant({
      grant_type: 'password',
      username: 'coach@example.org',
      password: 'a long password',
    });
    const res = await id.app.inject({
      method: 'PUT',
      url: `/internal/directory/users/${userId}/context`,
      headers: bearer,
      payload: { currentProfileId: profileId, roles: ['Director', 'Director'] },
    });
    expect(res.statusCode).toBe(204);
    const refreshed = await grant({
      grant_type: 'refresh_token',
      refresh_token: signIn.json().refresh_token,
    });
    const claims = decodeJwt(refreshed.json().access_token as string);
    expect(claims.CurrentProfileId).toBe(profileId);
    expect([claims['User/Role']].flat().sort()).toEqual(['Director', 'TouchlineAdmin']);
  });

  it('renames an account, validates bodies, and answers 404 for an unknown account', async () => {
    const renamed = await id.app.inject({
      method: 'PUT',
      url: `/internal/directory/users/${userId}/names`,
      headers: bearer,
      payload: { firstName: 'Casey', lastName: 'Cole' },
    });
    expect(renamed.statusCode).toBe(204);
    const read = await id.app.inject({ url: `/internal/directory/users/${userId}`, headers: bearer });
    expect(read.json().lastName).toBe('Cole');
    const bad = await id.app.inject({
      method: 'PUT',
      url: `/internal/directory/users/${userId}/names`,
      headers: bearer,
      payload: { firstName: '' },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await id.app.inject({
      method: 'PUT',
      url: `/internal/directory/users/${profileId}/context`,
      headers: bearer,
      payload: { currentProfileId: null, roles: [] },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('is not served at all without a configured secret', async () => {
    const plain = await startIdentity();
    try {
      expect((await plain.app.inject({ url: `/internal/directory/users/${userId}` })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('confirms an unconfirmed address for the account with that password only (ADR 033)', async () => {
    const call = (body: object, headers: Record<string, string> = bearer) =>
      id.app.inject({
        method: 'POST',
        url: '/internal/directory/confirm-invited-address',
        headers,
        payload: body,
      });
    const registered = await id.app.inject({
      method: 'POST',
      url: '/api/app/app-users/register-account',
      payload: {
        email: 'invitee@example.org',
        password: 'the invitee password',
        firstName: 'Ivy',
        lastName: 'Invitee',
        acceptedPolicies: true,
      },
    });
    expect(registered.statusCode).toBe(200);
    expect((await call({ email: 'invitee@example.org', password: 'x' }, {})).statusCode).toBe(401);
    expect((await call({ email: 'invitee@example.org' })).statusCode).toBe(400);
    expect((await call({ email: 'invitee@example.org', password: 'not the password' })).json()).toEqual({
      result: 'mismatch',
    });
    expect((await call({ email: 'nobody@example.org', password: 'the invitee password' })).json()).toEqual({
      result: 'mismatch',
    });
    expect((await call({ email: 'INVITEE@example.org', password: 'the invitee password' })).json()).toEqual({
      result: 'confirmed',
    });
    expect((await call({ email: 'invitee@example.org', password: 'the invitee password' })).json()).toEqual({
      result: 'already-confirmed',
    });
    const byEmail = await id.app.inject({
      url: '/internal/directory/users?email=invitee%40example.org',
      headers: bearer,
    });
    expect(byEmail.json().emailConfirmed).toBe(true);
  });
});
