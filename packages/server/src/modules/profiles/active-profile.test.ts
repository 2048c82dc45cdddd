import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeProfileSchema } from '@touchline/contracts/profiles';
import { profileContactInformations, profileLevelAccesses } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { addProfileInOtherOrganization } from './profiles.test-helpers.ts';

const userIdOf = (m: TestMember) => m.userId ?? '';
const url = (appUserId: string) => `/api/app/profile?AppUserId=${appUserId}`;

describe('GET /api/app/profile?AppUserId (spec §3 active profile)', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let admin: TestMember;
  let director: TestMember;
  let manager: TestMember;
  let player: TestMember;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t, 'Active Profile League');
    other = await createTestOrganization(t, 'Second League');
    admin = await addTestMember(t, org, org.root, 'Admin', { firstName: 'Ada', lastName: 'Admin' });
    director = await addTestMember(t, org, org.division, 'Director');
    manager = await addTestMember(t, org, org.team, 'Manager');
    player = await addTestMember(t, org, org.team, 'member');
    await addProfileInOtherOrganization(t, player, other, other.division);
    await t.database.db.insert(profileContactInformations).values({
      organizationId: org.id,
      profileId: player.profileId,
      city: 'Testville',
    });
  });
  afterAll(() => t.close());

  it('answers 401 without a token', async () => {
    expect((await t.app.inject(url(userIdOf(player)))).statusCode).toBe(401);
  });

  it("answers 404 for another user's id, even to a platform admin, and 400 for a malformed one", async () => {
    const res = await t.app.inject({ url: url(userIdOf(director)), headers: player.auth });
    expect(res.statusCode).toBe(404);
    await t.createUser({ email: 'platform@example.org', roles: ['TouchlineAdmin'], currentProfileId: null });
    const platform = await t.signIn('platform@example.org');
    const asPlatform = await t.app.inject({
      url: url(userIdOf(director)),
      headers: { authorization: `Bearer ${platform.access_token}` },
    });
    expect(asPlatform.statusCode).toBe(404);
    const malformed = await t.app.inject({ url: url('not-a-uuid'), headers: player.auth });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.validationErrors[0].field).toBe('AppUserId');
  });

  it('answers 204 with no body for a user without a current profile (none, not an error)', async () => {
    const userId = await t.createUser({ email: 'newcomer@example.org' });
    const tokens = await t.signIn('newcomer@example.org');
    const res = await t.app.inject({
      url: url(userId),
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const other = await t.app.inject({
      url: url(userIdOf(player)),
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(other.statusCode).toBe(404);
  });

  it('gives a member every field: token names, topmost level, own accesses and profiles across organizations', async () => {
    const res = await t.app.inject({ url: url(userIdOf(player)), headers: player.auth });
    expect(res.statusCode).toBe(200);
    const profile = activeProfileSchema.parse(res.json());
    expect(profile).toMatchObject({
      id: player.profileId,
      profileId: player.profileId,
      userId: player.userId,
      organizationId: org.id,
      organizationName: 'Active Profile League',
      organizationPhoto: null,
      organizationPaymentMethodProvided: false,
      organizationContent: [],
      userAwaitingIndividualPaymentContent: [],
      backgroundCheckPaymentInfo: [],
      aptPaymentInfo: [],
      hierarchyLevelId: org.team.id,
      currentLevelId: org.team.id,
      currentLevelName: 'Team',
      currentLevelRole: 'Player',
      email: player.email,
      tabs: [],
      roles: [],
      remember: false,
      pendingReviewCount: null,
      yardstikOnboardingStatus: null,
      profilePicture: null,
      partner: null,
    });
    expect(profile.firstName).toBe(player.email.split('@')[0]);
    expect(profile.profileContactInformationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(profile.levelRoles).toEqual([
      expect.objectContaining({ profileLevelAccessId: player.profileLevelAccessId, roleLabel: 'Player' }),
    ]);
    expect(profile.profileLevelAccesses.map((a) => a.id)).toEqual([player.profileLevelAccessId]);
    expect(profile.profilesWithPlas.map((p) => p.organizationName)).toEqual([
      'Active Profile League',
      'Second League',
    ]);
    const second = profile.profilesWithPlas[1];
    expect(second?.profileLevelAccesses).toEqual([
      expect.objectContaining({ organizationId: other.id, levelName: 'Division' }),
    ]);
  });

  it('gives an admin the review count and the onboarding status, and their organization roles', async () => {
    const profile = activeProfileSchema.parse(
      (await t.app.inject({ url: url(userIdOf(admin)), headers: admin.auth })).json(),
    );
    expect(profile).toMatchObject({
      roles: ['Admin'],
      pendingReviewCount: 0,
      yardstikOnboardingStatus: 'NotStarted',
      currentLevelName: 'Active Profile League',
      currentLevelRole: 'Admin',
      firstName: admin.email.split('@')[0],
    });
  });

  it('gives a director the review count but no onboarding status, and a manager neither', async () => {
    const asDirector = activeProfileSchema.parse(
      (await t.app.inject({ url: url(userIdOf(director)), headers: director.auth })).json(),
    );
    expect(asDirector).toMatchObject({
      roles: ['Director'],
      pendingReviewCount: 0,
      yardstikOnboardingStatus: null,
    });
    const asManager = activeProfileSchema.parse(
      (await t.app.inject({ url: url(userIdOf(manager)), headers: manager.auth })).json(),
    );
    expect(asManager).toMatchObject({
      roles: ['Manager'],
      pendingReviewCount: null,
      yardstikOnboardingStatus: null,
    });
  });

  it('reads live grants: an archived access no longer counts', async () => {
    const extra = await addTestMember(t, org, org.division, 'Director');
    await t.database.db
      .update(profileLevelAccesses)
      .set({ deletedAt: new Date() })
      .where(eq(profileLevelAccesses.id, extra.profileLevelAccessId));
    const profile = activeProfileSchema.parse(
      (await t.app.inject({ url: url(userIdOf(extra)), headers: extra.auth })).json(),
    );
    expect(profile).toMatchObject({
      roles: [],
      pendingReviewCount: null,
      hierarchyLevelId: null,
      currentLevelName: null,
      profileLevelAccesses: [],
    });
  });
});
