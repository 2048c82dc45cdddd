import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationMessages, invitationNextStepSchema } from '@touchline/contracts/invitations';
import { MemberOverallStatus } from '@touchline/contracts/members';
import type { TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  type TestMember,
  type TestOrganization,
  createTestSuite,
} from '../../../test/factories.ts';
import { auditEvents, invitations, profileLevelAccesses, profiles } from '../../db/schema/index.ts';
import { hashInvitationToken } from './invitations.mail.ts';
import { inviteAccess } from './invitations.service.ts';
import { invitee, latestToken } from './invitations.test-support.ts';
import { mailTo } from '../../../test/mail.ts';

describe('invitations', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let admin: TestMember;
  let divisionManager: TestMember;
  let player: TestMember;

  beforeAll(async () => {
    ({
      t,
      org,
      other,
      members: { admin, divisionManager, player },
    } = await createTestSuite({
      admin: ['root', 'Admin'],
      divisionManager: ['division', 'Manager'],
      player: ['team', 'member'],
    }));
  });
  afterAll(() => t.close());

  const invite = (auth: { authorization: string }, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/app/invitation', headers: auth, payload });
  const profileCount = async () =>
    (await t.database.db.select({ n: count() }).from(profiles).where(eq(profiles.organizationId, org.id)))[0]
      ?.n;

  describe('POST /api/app/invitation', () => {
    it('answers 401 without a token', async () => {
      const res = await invite({ authorization: '' }, invitee(org.team.id, org.labelIds.member));
      expect(res.statusCode).toBe(401);
    });

    it("answers 404 for another organization's level or label", async () => {
      const level = await invite(admin.auth, invitee(other.team.id, org.labelIds.member));
      expect(level.statusCode).toBe(404);
      const label = await invite(admin.auth, invitee(org.team.id, other.labelIds.member));
      expect(label.statusCode).toBe(404);
    });

    it('answers 403 to a plain member, and to a Manager giving a role-carrying label', async () => {
      expect((await invite(player.auth, invitee(org.team.id, org.labelIds.member))).statusCode).toBe(403);
      const res = await invite(divisionManager.auth, invitee(org.team.id, org.labelIds.Admin));
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(invitationMessages.roleNeedsAdmin);
      const above = await invite(divisionManager.auth, invitee(org.root.id, org.labelIds.member));
      expect(above.statusCode).toBe(403);
    });

    it('answers 400 for bad input and creates nothing', async () => {
      const before = await profileCount();
      const res = await invite(admin.auth, { ...invitee(org.team.id, org.labelIds.member), email: 'nope' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.validationErrors).toEqual([
        expect.objectContaining({ field: 'email', message: 'Enter a valid e-mail address' }),
      ]);
      expect(await profileCount()).toBe(before);
    });

    it('creates the profile, an Invite Pending access and a hashed invitation, and e-mails the link', async () => {
      const body = invitee(org.team.id, org.labelIds.member, { externalId: 'EXT-9' });
      const res = await invite(divisionManager.auth, body);
      expect(res.statusCode).toBe(201);
      const { profileId, profileLevelAccessId } = res.json();
      const [access] = await t.database.db
        .select()
        .from(profileLevelAccesses)
        .where(eq(profileLevelAccesses.id, profileLevelAccessId));
      expect(access).toMatchObject({
        profileId,
        hierarchyLevelId: org.team.id,
        overallStatus: MemberOverallStatus.NotActivated,
        externalId: 'EXT-9',
      });
      const [mail] = await mailTo(t, body.email);
      expect(mail?.subject).toBe(`You are invited to join ${org.name} on Touchline`);
      expect(mail?.text).toContain('http://localhost:3000/signup?token=');
      const token = await latestToken(t, body.email);
      const [row] = await t.database.db
        .select()
        .from(invitations)
        .where(eq(invitations.profileLevelAccessId, profileLevelAccessId));
      expect(row?.tokenHash).toBe(hashInvitationToken(token));
      expect(row?.tokenHash).not.toContain(token);
      expect(row).toMatchObject({ sentCount: 1, remindersSent: 1, invitedByUserId: divisionManager.userId });
      const events = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'member.invited'), eq(auditEvents.entityId, profileLevelAccessId)));
      expect(events).toHaveLength(1);
    });

    it('reuses the profile with that address at another level, and refuses a second access at the same level', async () => {
      const body = invitee(org.team.id, org.labelIds.member);
      const first = (await invite(admin.auth, body)).json();
      const again = await invite(admin.auth, { ...body, email: body.email.toUpperCase() });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(invitationMessages.alreadyMember);
      const elsewhere = await invite(admin.auth, { ...body, hierarchyLevelId: org.division.id });
      expect(elsewhere.statusCode).toBe(201);
      expect(elsewhere.json().profileId).toBe(first.profileId);
    });

    it('lets an Admin give a role-carrying label', async () => {
      const res = await invite(admin.auth, invitee(org.team.id, org.labelIds.Director));
      expect(res.statusCode).toBe(201);
    });
  });

  describe('GET /api/app/invitation/next-step-from-token', () => {
    const nextStep = async (token?: string) => {
      const res = await t.app.inject({
        url: `/api/app/invitation/next-step-from-token${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`,
      });
      expect(res.statusCode).toBe(200);
      return invitationNextStepSchema.parse(res.json());
    };

    it('is public, and says error for a missing, unknown or replaced token', async () => {
      expect(await nextStep()).toEqual({ step: 'error', message: invitationMessages.invalidLink });
      expect((await nextStep('x'.repeat(43))).step).toBe('error');
    });

    it('leads a new address to the full signup form with its names, and a known one to sign in', async () => {
      const body = invitee(org.team.id, org.labelIds.member);
      await invite(admin.auth, body);
      expect(await nextStep(await latestToken(t, body.email))).toEqual({
        step: 'full-signup-form',
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        organizationName: org.name,
        levelName: 'Team',
        roleName: 'Player',
      });
      await t.createUser({ email: body.email });
      expect(await nextStep(await latestToken(t, body.email))).toMatchObject({
        step: 'login',
        email: body.email,
      });
    });
  });

  describe('POST /api/app/invitation/{profileLevelAccessId}/resend', () => {
    const resend = (auth: { authorization: string }, id: string) =>
      t.app.inject({ method: 'POST', url: `/api/app/invitation/${id}/resend`, headers: auth });

    it('guards: 401, 404 another organization, 403 role too low, 400 bad id', async () => {
      const outsider = await addTestMember(t, other, other.team, 'member', { signedUp: false });
      const body = invitee(org.team.id, org.labelIds.member);
      const { profileLevelAccessId } = (await invite(admin.auth, body)).json();
      expect((await resend({ authorization: '' }, profileLevelAccessId)).statusCode).toBe(401);
      expect((await resend(admin.auth, outsider.profileLevelAccessId)).statusCode).toBe(404);
      expect((await resend(player.auth, profileLevelAccessId)).statusCode).toBe(403);
      expect((await resend(admin.auth, 'not-a-uuid')).statusCode).toBe(400);
      expect(await mailTo(t, body.email)).toHaveLength(1);
    });

    it('sends a new link, and the old one stops working', async () => {
      const body = invitee(org.team.id, org.labelIds.member);
      const { profileLevelAccessId } = (await invite(admin.auth, body)).json();
      const oldToken = await latestToken(t, body.email);
      expect((await resend(divisionManager.auth, profileLevelAccessId)).statusCode).toBe(204);
      const newToken = await latestToken(t, body.email);
      expect(newToken).not.toBe(oldToken);
      const step = (token: string) =>
        t.app
          .inject({ url: `/api/app/invitation/next-step-from-token?token=${token}` })
          .then((r) => r.json().step);
      expect(await step(oldToken)).toBe('error');
      expect(await step(newToken)).toBe('full-signup-form');
      const [row] = await t.database.db
        .select()
        .from(invitations)
        .where(eq(invitations.profileLevelAccessId, profileLevelAccessId));
      expect(row?.sentCount).toBe(2);
    });

    it('sends a first invitation to a member who never had one, but not to one with an account', async () => {
      const never = await addTestMember(t, org, org.team, 'member', { signedUp: false });
      expect((await resend(admin.auth, never.profileLevelAccessId)).statusCode).toBe(204);
      expect(await mailTo(t, never.email)).toHaveLength(1);
      const res = await resend(admin.auth, player.profileLevelAccessId);
      expect(res.statusCode).toBe(409);
    });
  });

  describe('inviteAccess (the organizations module invites a new organization’s first admin)', () => {
    it('e-mails the holder of an existing access', async () => {
      const first = await addTestMember(t, org, org.root, 'Admin', { signedUp: false });
      await inviteAccess(t.app.deps, {
        organizationId: org.id,
        profileLevelAccessId: first.profileLevelAccessId,
        invitedByUserId: admin.userId ?? '',
      });
      const [mail] = await mailTo(t, first.email);
      expect(mail?.text).toContain('as Admin');
      await expect(
        inviteAccess(t.app.deps, {
          organizationId: other.id,
          profileLevelAccessId: first.profileLevelAccessId,
          invitedByUserId: admin.userId ?? '',
        }),
      ).rejects.toThrow('Member not found');
    });
  });
});
