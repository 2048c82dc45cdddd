import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptInvitationResponseSchema, invitationMessages } from '@touchline/contracts/invitations';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
  refreshTestToken,
} from '../../../test/factories.ts';
import { invitations, profileLevelAccesses, profiles } from '../../db/schema/index.ts';
import { claimsOf, invitee, latestToken } from './invitations.test-support.ts';
import { mailTo } from '../../../test/mail.ts';

describe('accepting an invitation', () => {
  let t: TestApp;
  let org: TestOrganization;
  let admin: TestMember;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t);
    admin = await addTestMember(t, org, org.root, 'Admin');
  });
  afterAll(() => t.close());

  const inviteNew = async (labelId = org.labelIds.member) => {
    const body = invitee(org.team.id, labelId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/invitation',
      headers: admin.auth,
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    return { ...body, ...(res.json() as { profileId: string; profileLevelAccessId: string }) };
  };
  const accept = (token: string, accessToken?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/app/invitation/accept',
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
      payload: { token },
    });

  it('invite → next step → register → confirm → sign in → accept → the refreshed token names the invited profile', async () => {
    const invited = await inviteNew(org.labelIds.Director);
    const token = await latestToken(t, invited.email);
    const next = await t.app.inject({ url: `/api/app/invitation/next-step-from-token?token=${token}` });
    expect(next.json()).toMatchObject({ step: 'full-signup-form', email: invited.email });

    const password = 'a-long-enough-password';
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/app/app-users/register-account',
      payload: {
        email: invited.email,
        password,
        firstName: invited.firstName,
        lastName: invited.lastName,
        acceptedPolicies: true,
      },
    });
    expect(registered.statusCode).toBe(200);
    const confirmMail = (await mailTo(t, invited.email)).find((m) =>
      m.text.includes('/confirm-email?token='),
    );
    const confirmToken = /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(confirmMail?.text ?? '')?.[1] ?? '';
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/app/app-users/confirm-email',
      payload: { token: confirmToken },
    });
    expect(confirmed.statusCode).toBe(204);
    expect(
      (await t.app.inject({ url: `/api/app/invitation/next-step-from-token?token=${token}` })).json(),
    ).toMatchObject({ step: 'login', email: invited.email });

    const tokens = await t.signIn(invited.email, password);
    expect(claimsOf(tokens.access_token).CurrentProfileId).toBeNull();
    expect((await accept(token)).statusCode).toBe(401);
    const res = await accept(token, tokens.access_token);
    expect(res.statusCode).toBe(200);
    expect(acceptInvitationResponseSchema.parse(res.json())).toEqual({
      organizationId: org.id,
      profileId: invited.profileId,
      hierarchyLevelId: org.team.id,
    });

    const refreshed = await refreshTestToken(t, tokens.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    const claims = claimsOf(refreshed.json().access_token);
    expect(claims.CurrentProfileId).toBe(invited.profileId);
    expect(claims['User/Role']).toBe('Director');

    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, invited.profileId));
    expect(profile?.appUserId).toBe(claims.sub);
    const [access] = await t.database.db
      .select()
      .from(profileLevelAccesses)
      .where(eq(profileLevelAccesses.id, invited.profileLevelAccessId));
    expect(access?.overallStatus).toBe(MemberOverallStatus.NoRequirements);
    const [row] = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.profileLevelAccessId, invited.profileLevelAccessId));
    expect(row).toMatchObject({ acceptedByUserId: claims.sub, nextReminderAt: null });

    // Accepting again with the same account answers the same; the link now leads to sign-in.
    expect((await accept(token, tokens.access_token)).json()).toEqual(res.json());
    expect(
      (await t.app.inject({ url: `/api/app/invitation/next-step-from-token?token=${token}` })).json(),
    ).toMatchObject({ step: 'login', accepted: true });
  });

  it('refuses an account with another address (403), an unknown token (404) and a malformed one (400)', async () => {
    const invited = await inviteNew();
    const token = await latestToken(t, invited.email);
    const res = await accept(token, admin.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(invitationMessages.otherAddress);
    expect((await accept('y'.repeat(43), admin.token)).statusCode).toBe(404);
    expect((await accept('short', admin.token)).statusCode).toBe(400);
    const [row] = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.profileLevelAccessId, invited.profileLevelAccessId));
    expect(row?.acceptedAt).toBeNull();
  });

  it('refuses a link another account already accepted (409)', async () => {
    const invited = await inviteNew();
    const token = await latestToken(t, invited.email);
    await t.createUser({ email: invited.email });
    const first = await t.signIn(invited.email);
    expect((await accept(token, first.access_token)).statusCode).toBe(200);
    // The same address cannot hold two accounts, so another account can only meet the link after it was accepted.
    await t.database.db
      .update(invitations)
      .set({ acceptedByUserId: crypto.randomUUID() })
      .where(eq(invitations.profileLevelAccessId, invited.profileLevelAccessId));
    const res = await accept(token, first.access_token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(invitationMessages.acceptedByAnother);
  });

  it('no longer accepts the link of an archived member', async () => {
    const invited = await inviteNew();
    const token = await latestToken(t, invited.email);
    const archived = await t.app.inject({
      method: 'DELETE',
      url: `/api/app/profile/profile-level-access/${invited.profileLevelAccessId}`,
      headers: admin.auth,
    });
    expect(archived.statusCode).toBe(204);
    await t.createUser({ email: invited.email });
    const tokens = await t.signIn(invited.email);
    expect((await accept(token, tokens.access_token)).statusCode).toBe(404);
    const next = await t.app.inject({ url: `/api/app/invitation/next-step-from-token?token=${token}` });
    expect(next.json().step).toBe('error');
  });
});
