import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestOrganization,
  addTestUser,
  refreshTestToken,
} from '../../../test/factories.ts';
import { auditEvents, organizations, profileLevelAccesses, profiles } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = (roles: string[] = []) => addTestUser(t, roles);

describe('GET /api/app/organization/organization-list', () => {
  let a: TestOrganization;
  let b: TestOrganization;
  beforeAll(async () => {
    a = await createTestOrganization(t, 'Alpha Rovers');
    b = await createTestOrganization(t, 'bravo');
  });

  it('401 without a token; 400 for a page size out of range', async () => {
    expect((await t.app.inject('/api/app/organization/organization-list')).statusCode).toBe(401);
    const member = await addTestMember(t, a, a.team, 'member');
    for (const query of ['PerPage=0', 'PerPage=1001', 'PerPage=many', 'Page=0']) {
      const res = await t.app.inject({
        url: `/api/app/organization/organization-list?${query}`,
        headers: member.auth,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.validationErrors[0].in).toBe('query');
    }
  });

  it('lists only the organizations where the user has a live profile, never another one', async () => {
    const member = await addTestMember(t, a, a.team, 'member');
    // How to reach the organization comes with it (a disqualified member is told whom to contact).
    await t.database.db
      .update(organizations)
      .set({ phone: '+1 555 0100', website: 'https://alpha.example.org' })
      .where(eq(organizations.id, a.id));
    const res = await t.app.inject({
      url: '/api/app/organization/organization-list?PerPage=1000',
      headers: member.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          id: a.id,
          initials: 'AR',
          name: 'Alpha Rovers',
          image: null,
          showCustomerConfiguredBackgroundCheckNotice: false,
          isDemo: false,
          reviewBackgroundChecksExternally: false,
          isPartner: false,
          profileId: member.profileId,
          phone: '+1 555 0100',
          website: 'https://alpha.example.org',
        },
      ],
      totalCount: 1,
    });
    await t.database.db
      .update(profiles)
      .set({ deletedAt: new Date() })
      .where(eq(profiles.id, member.profileId));
    const after = await t.app.inject({
      url: '/api/app/organization/organization-list',
      headers: member.auth,
    });
    expect(after.json()).toEqual({ items: [], totalCount: 0 });
  });

  it('gives a platform admin every organization, paged by name', async () => {
    const platform = await newUser(['TouchlineAdmin']);
    const all = (
      await t.app.inject({ url: '/api/app/organization/organization-list', headers: platform.auth })
    ).json();
    const names = all.items.map((i: { name: string }) => i.name);
    expect(names).toEqual([...names].sort((x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)));
    expect(names).toEqual(expect.arrayContaining(['Alpha Rovers', 'bravo']));
    expect(all.items.every((i: { profileId: string | null }) => i.profileId === null)).toBe(true);
    const second = (
      await t.app.inject({
        url: '/api/app/organization/organization-list?PerPage=1&Page=2',
        headers: platform.auth,
      })
    ).json();
    expect(second).toEqual({ items: [all.items[1]], totalCount: all.totalCount });
    expect(b.id).toBeTruthy();
  });
});

describe('GET /api/app/organization/{id}/select-organization', () => {
  it('401 without a token; 400 for an id that is not one', async () => {
    const org = await createTestOrganization(t);
    expect((await t.app.inject(`/api/app/organization/${org.id}/select-organization`)).statusCode).toBe(401);
    const member = await addTestMember(t, org, org.team, 'member');
    const res = await t.app.inject({
      url: '/api/app/organization/nope/select-organization',
      headers: member.auth,
    });
    expect(res.statusCode).toBe(400);
  });

  it('404 for an organization where the user has no profile, or an unknown one', async () => {
    const mine = await createTestOrganization(t);
    const other = await createTestOrganization(t);
    const admin = await addTestMember(t, mine, mine.root, 'Admin');
    for (const id of [other.id, crypto.randomUUID()]) {
      const res = await t.app.inject({
        url: `/api/app/organization/${id}/select-organization`,
        headers: admin.auth,
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('switches the current profile and roles, which the next refreshed token carries', async () => {
    const first = await createTestOrganization(t);
    const second = await createTestOrganization(t);
    const member = await addTestMember(t, first, first.team, 'member');
    const [profile] = await t.database.db
      .insert(profiles)
      .values({ organizationId: second.id, firstName: 'Sam', lastName: 'Two', appUserId: member.userId })
      .returning({ id: profiles.id });
    await t.database.db.insert(profileLevelAccesses).values({
      organizationId: second.id,
      profileId: profile?.id ?? '',
      hierarchyLevelId: second.division.id,
      labelId: second.labelIds.Director,
    });
    const tokens = await t.signIn(member.email);
    const res = await t.app.inject({
      url: `/api/app/organization/${second.id}/select-organization`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ organizationId: second.id, profileId: profile?.id, roles: ['Director'] });

    const refreshed = await refreshTestToken(t, tokens.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    const claims = JSON.parse(
      Buffer.from(refreshed.json().access_token.split('.')[1], 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(claims.CurrentProfileId).toBe(profile?.id);
    expect([claims['User/Role']].flat()).toEqual(['Director']);
    const [event] = await t.database.db
      .select({ actorUserId: auditEvents.actorUserId, entityId: auditEvents.entityId })
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, second.id), eq(auditEvents.action, 'organization.selected')));
    expect(event).toEqual({ actorUserId: member.userId, entityId: profile?.id });
  });
});
