import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  childProfilesResponseSchema,
  profileLevelAccessesResponseSchema,
  profileOrganizationsResponseSchema,
  profileSchema,
} from '@touchline/contracts/profiles';
import type { TestApp } from '../../../test/app.ts';
import {
  addTestLevel,
  addTestMember,
  type TestMember,
  type TestOrganization,
  createTestSuite,
} from '../../../test/factories.ts';
import { addProfileInOtherOrganization, makeGuardian, setExternalId } from './profiles.test-helpers.ts';

describe('profile lookups (spec §7 Profile)', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let admin: TestMember;
  let teamManager: TestMember;
  let player: TestMember;
  let sibling: TestMember;
  let child: TestMember;
  let divisionPlayer: TestMember;
  let outsider: TestMember;
  let secondProfile: { profileId: string; profileLevelAccessId: string };

  beforeAll(async () => {
    ({
      t,
      org,
      other,
      members: { admin, teamManager, player, sibling, child, divisionPlayer, outsider },
    } = await createTestSuite(
      {
        admin: ['root', 'Admin'],
        teamManager: ['team', 'Manager'],
        player: ['team', 'member'],
        sibling: ['team', 'member'],
        child: ['team', 'member', { signedUp: false, firstName: 'Kid' }],
        divisionPlayer: ['division', 'member'],
        outsider: ['team', 'Admin', { in: 'other' }],
      },
      { org: 'Lookup League', other: 'Other League' },
    ));
    secondProfile = await addProfileInOtherOrganization(t, player, other, other.team);
    await makeGuardian(t, player, child);
    await setExternalId(t, player.profileLevelAccessId, 'LA-100');
    await setExternalId(t, divisionPlayer.profileLevelAccessId, 'LA-100');
    await setExternalId(t, outsider.profileLevelAccessId, 'LA-100');
  });
  afterAll(() => t.close());

  const get = (path: string, member?: TestMember) =>
    t.app.inject({ url: path, headers: member ? member.auth : {} });

  describe('GET /api/app/profile/organizations?AppUserId', () => {
    it('401 anonymous, 404 for another user, 400 malformed', async () => {
      expect((await get(`/api/app/profile/organizations?AppUserId=${player.userId}`)).statusCode).toBe(401);
      expect((await get(`/api/app/profile/organizations?AppUserId=${admin.userId}`, player)).statusCode).toBe(
        404,
      );
      expect((await get('/api/app/profile/organizations?AppUserId=x', player)).statusCode).toBe(400);
    });
    it("lists the user's organizations with their profile there", async () => {
      const res = await get(`/api/app/profile/organizations?AppUserId=${player.userId}`, player);
      expect(profileOrganizationsResponseSchema.parse(res.json())).toEqual([
        {
          organizationId: org.id,
          organizationName: 'Lookup League',
          profileId: player.profileId,
          isCurrent: true,
        },
        {
          organizationId: other.id,
          organizationName: 'Other League',
          profileId: secondProfile.profileId,
          isCurrent: false,
        },
      ]);
    });
  });

  describe('GET /api/app/profile/organization-profile-level-accesses', () => {
    const path = (m: TestMember, organizationId: string) =>
      `/api/app/profile/organization-profile-level-accesses?AppUserId=${m.userId}&OrganizationId=${organizationId}`;
    it('401 anonymous, 404 in an organization without a profile or for another user, 400 malformed', async () => {
      expect((await get(path(player, org.id))).statusCode).toBe(401);
      expect((await get(path(admin, other.id), admin)).statusCode).toBe(404);
      expect((await get(path(admin, org.id), player)).statusCode).toBe(404);
      const bad = await get(
        `/api/app/profile/organization-profile-level-accesses?AppUserId=${player.userId}`,
        player,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.validationErrors[0].field).toBe('OrganizationId');
    });
    it("lists the user's accesses in that organization, current or not", async () => {
      const res = await get(path(player, other.id), player);
      expect(profileLevelAccessesResponseSchema.parse(res.json()).map((a) => a.id)).toEqual([
        secondProfile.profileLevelAccessId,
      ]);
    });
  });

  describe('GET /api/app/profile/{profileId}/profile-level-accesses', () => {
    const path = (profileId: string) => `/api/app/profile/${profileId}/profile-level-accesses`;
    it('401 anonymous, 404 another organization, 403 a peer, 400 malformed', async () => {
      expect((await get(path(player.profileId))).statusCode).toBe(401);
      expect((await get(path(outsider.profileId), player)).statusCode).toBe(404);
      expect((await get(path(sibling.profileId), player)).statusCode).toBe(403);
      expect((await get(path(divisionPlayer.profileId), teamManager)).statusCode).toBe(403);
      expect((await get(path('nope'), player)).statusCode).toBe(400);
    });
    it('lets one read oneself, one’s child, and a manager read the members of their levels', async () => {
      for (const [reader, target] of [
        [player, player],
        [player, child],
        [teamManager, player],
        [admin, divisionPlayer],
      ] as const) {
        const res = await get(path(target.profileId), reader);
        expect(res.statusCode).toBe(200);
        expect(profileLevelAccessesResponseSchema.parse(res.json()).map((a) => a.id)).toEqual([
          target.profileLevelAccessId,
        ]);
      }
    });
  });

  describe('GET /api/app/profile/by-profile-level-access/{id}', () => {
    const path = (id: string) => `/api/app/profile/by-profile-level-access/${id}`;
    it('401 anonymous, 404 another organization, 403 a peer, 400 malformed', async () => {
      expect((await get(path(player.profileLevelAccessId))).statusCode).toBe(401);
      expect((await get(path(outsider.profileLevelAccessId), admin)).statusCode).toBe(404);
      expect((await get(path(sibling.profileLevelAccessId), player)).statusCode).toBe(403);
      expect((await get(path('123'), player)).statusCode).toBe(400);
    });
    it('gives the profile of the access', async () => {
      const res = await get(path(child.profileLevelAccessId), teamManager);
      expect(res.statusCode).toBe(200);
      expect(profileSchema.parse(res.json())).toMatchObject({
        id: child.profileId,
        organizationName: 'Lookup League',
        firstName: 'Kid',
        guardianProfileId: player.profileId,
        profilePicture: null,
      });
    });
  });

  describe('GET /api/app/profile/plas-by-external-id/{externalId}', () => {
    const path = (id: string) => `/api/app/profile/plas-by-external-id/${id}`;
    it('401 anonymous, 403 below manager level', async () => {
      expect((await get(path('LA-100'))).statusCode).toBe(401);
      expect((await get(path('LA-100'), player)).statusCode).toBe(403);
    });
    it("400 'externalId is required' for a blank id, with or without the trailing slash", async () => {
      for (const blank of [path(''), path('%20%20'), '/api/app/profile/plas-by-external-id']) {
        const res = await get(blank, admin);
        expect(res.statusCode, blank).toBe(400);
        expect(res.json().error.message).toBe('externalId is required');
        expect(res.json().error.validationErrors).toEqual([
          { field: 'externalId', in: 'params', message: 'externalId is required' },
        ]);
      }
    });
    it("lists the organization's accesses with that id within the actor's levels", async () => {
      const all = profileLevelAccessesResponseSchema.parse((await get(path('LA-100'), admin)).json());
      expect(all.map((a) => a.id).sort()).toEqual(
        [player.profileLevelAccessId, divisionPlayer.profileLevelAccessId].sort(),
      );
      const managed = profileLevelAccessesResponseSchema.parse(
        (await get(path('LA-100'), teamManager)).json(),
      );
      expect(managed.map((a) => a.id)).toEqual([player.profileLevelAccessId]);
      expect((await get(path('LA-404'), admin)).json()).toEqual([]);
    });
  });

  describe('GET /api/app/profile/child-profiles', () => {
    it('401 anonymous; lists the guardian’s children with their accesses; none for others', async () => {
      expect((await get('/api/app/profile/child-profiles')).statusCode).toBe(401);
      const children = childProfilesResponseSchema.parse(
        (await get('/api/app/profile/child-profiles', player)).json(),
      );
      expect(children.map((c) => [c.id, c.profileLevelAccesses.map((a) => a.id)])).toEqual([
        [child.profileId, [child.profileLevelAccessId]],
      ]);
      expect((await get('/api/app/profile/child-profiles', admin)).json()).toEqual([]);
    });
  });

  describe('GET /api/app/profile/partner-from-current-profile[/{profileLevelAccessId}]', () => {
    const base = '/api/app/profile/partner-from-current-profile';
    it('401 anonymous, 404 another organization, 403 a peer, 400 malformed', async () => {
      expect((await get(base)).statusCode).toBe(401);
      expect((await get(`${base}/${outsider.profileLevelAccessId}`, player)).statusCode).toBe(404);
      expect((await get(`${base}/${sibling.profileLevelAccessId}`, player)).statusCode).toBe(403);
      expect((await get(`${base}/x`, player)).statusCode).toBe(400);
    });
    it('answers 204 (no partner) for the current profile and for a readable access', async () => {
      const res = await get(base, player);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await get(`${base}/${player.profileLevelAccessId}`, player)).statusCode).toBe(204);
    });
  });

  it('keeps a manager’s reach to their own subtree when a level is added below', async () => {
    const squad = await addTestLevel(t, org.id, 'Squad', org.team);
    const squadPlayer = await addTestMember(t, org, squad, 'member');
    const res = await get(`/api/app/profile/${squadPlayer.profileId}/profile-level-accesses`, teamManager);
    expect(res.statusCode).toBe(200);
    expect(
      (await get(`/api/app/profile/${teamManager.profileId}/profile-level-accesses`, squadPlayer)).statusCode,
    ).toBe(403);
  });
});
