import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationMessages } from '@touchline/contracts/invitations';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { invitee, latestToken } from './invitations.test-support.ts';

// Issue 18 item 6, ADR 033: the invitation link proves the address, so the account registered from it is confirmed
// without a second e-mail — only the account whose password is given.

describe('POST /api/app/invitation/confirm-address', () => {
  let t: TestApp;
  let org: TestOrganization;
  let admin: TestMember;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t);
    admin = await addTestMember(t, org, org.root, 'Admin');
  });
  afterAll(() => t.close());

  const inviteNew = async () => {
    const body = invitee(org.team.id, org.labelIds.member);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/invitation',
      headers: admin.auth,
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    return { ...body, token: await latestToken(t, body.email) };
  };
  const register = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/app/app-users/register-account',
      payload: { email, password, firstName: 'Ivy', lastName: 'Invitee', acceptedPolicies: true },
    });
  const confirm = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/app/invitation/confirm-address', payload });
  const confirmed = async (email: string) =>
    (await t.app.deps.identityDirectory.findUserByEmail(email))?.emailConfirmed;

  it('is public; 400 bad input, 404 a link that is no invitation, 409 a password that is not the account’s', async () => {
    const invited = await inviteNew();
    expect((await confirm({ token: invited.token })).statusCode).toBe(400);
    expect((await confirm({ token: 'x', password: 'p' })).statusCode).toBe(400);
    expect((await confirm({ token: 'A'.repeat(43), password: 'whatever-password' })).statusCode).toBe(404);
    // No account for the address yet: nothing to confirm.
    const none = await confirm({ token: invited.token, password: 'a-long-enough-password' });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(invitationMessages.passwordMismatch);
  });

  it('an account someone else registered for the address beforehand is never confirmed by the link', async () => {
    const invited = await inviteNew();
    expect((await register(invited.email, 'the-squatters-password')).statusCode).toBe(200);
    const res = await confirm({ token: invited.token, password: 'the-invitees-own-password' });
    expect(res.statusCode).toBe(409);
    expect(await confirmed(invited.email)).toBe(false);
  });

  it('register from the link, confirm with the link, sign in and accept: no second e-mail needed', async () => {
    const invited = await inviteNew();
    const password = 'a-long-enough-password';
    expect((await register(invited.email, password)).statusCode).toBe(200);
    expect(await confirmed(invited.email)).toBe(false);
    expect((await confirm({ token: invited.token, password })).statusCode).toBe(204);
    expect(await confirmed(invited.email)).toBe(true);
    // Again: already confirmed, same answer.
    expect((await confirm({ token: invited.token, password })).statusCode).toBe(204);
    const tokens = await t.signIn(invited.email, password);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/app/invitation/accept',
      headers: { authorization: `Bearer ${tokens.access_token}` },
      payload: { token: invited.token },
    });
    expect(accepted.statusCode).toBe(200);
    // An accepted invitation confirms nothing more.
    expect((await confirm({ token: invited.token, password })).statusCode).toBe(409);
  });
});
