import { and, eq } from 'drizzle-orm';
import { supportSessionHeader } from '@touchline/contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import {
  addTestUser,
  createTestSuite,
  type TestMember,
  type TestOrganization,
  validationFields,
} from '../../../test/factories.ts';
import { auditEvents, profiles, supportSessions } from '../../db/schema/index.ts';
import { supportActorFor } from './support-access.service.ts';

let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let members: Record<'admin' | 'manager' | 'invited' | 'otherAdmin', TestMember>;
let platform: Awaited<ReturnType<typeof addTestUser>>;

type Session = { id: string; active: boolean; expiresAt: string; allowWrites: boolean; viewedName: string };

beforeAll(async () => {
  ({ t, org, other, members } = await createTestSuite({
    admin: ['root', 'Admin', { firstName: 'Vera', lastName: 'Viewed' }],
    manager: ['team', 'Manager'],
    invited: ['team', 'member', { signedUp: false }],
    otherAdmin: ['root', 'Admin', { in: 'other' }],
  }));
  platform = await addTestUser(t, ['TouchlineAdmin']);
}, 120_000);

afterAll(() => t.close());

const url = '/api/app/admin/support-sessions';
const reason = 'Ticket 4711: the dashboard shows no members';
const start = async (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: platform.auth, payload: { reason, ...body } });
const as = (sessionId: string) => ({ ...platform.auth, [supportSessionHeader]: sessionId });
const profileUrl = (userId: string | null) => `/api/app/profile?AppUserId=${userId}`;

describe('POST /api/app/admin/support-sessions', () => {
  it('answers 401 anonymous and 404 to anyone but a platform administrator', async () => {
    const payload = { profileId: members.admin.profileId, reason };
    expect((await t.app.inject({ method: 'POST', url, payload })).statusCode).toBe(401);
    for (const who of [members.admin, members.otherAdmin])
      expect((await t.app.inject({ method: 'POST', url, headers: who.auth, payload })).statusCode).toBe(404);
  });

  it('requires a reason, a time box of at most an hour and a profile id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: platform.auth,
      payload: { profileId: 'x', reason: 'because', minutes: 120 },
    });
    expect(res.statusCode).toBe(400);
    expect(validationFields(res)).toEqual(['minutes', 'profileId', 'reason']);
  });

  it('refuses an unknown profile (404) and a person with no account (409)', async () => {
    expect((await start({ profileId: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await start({ profileId: members.invited.profileId })).statusCode).toBe(409);
  });

  it('starts a read-only, 30-minute session by default, audited in the organization with the reason', async () => {
    const res = await start({ profileId: members.admin.profileId });
    expect(res.statusCode).toBe(201);
    const session = res.json() as Session & { startedAt: string };
    expect(session).toMatchObject({
      allowWrites: false,
      active: true,
      viewedName: 'Vera Viewed',
      viewedUserId: members.admin.userId,
      viewedRoles: ['Admin'],
    });
    expect(Date.parse(session.expiresAt) - Date.parse(session.startedAt)).toBe(30 * 60_000);
    const [started] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'support_access.started'), eq(auditEvents.entityId, session.id)));
    expect(started).toMatchObject({ organizationId: org.id, actorUserId: platform.userId });
    expect(started?.data).toMatchObject({ reason, minutes: 30, viewedProfileId: members.admin.profileId });
  });
});

describe('requests under a support session', () => {
  let session: Session;

  beforeAll(async () => {
    session = (await start({ profileId: members.admin.profileId, minutes: 15 })).json() as Session;
  });

  it('run as the viewed person: their active profile, their organization', async () => {
    const res = await t.app.inject({ url: profileUrl(members.admin.userId), headers: as(session.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      profileId: members.admin.profileId,
      organizationId: org.id,
      firstName: 'Vera',
      lastName: 'Viewed',
    });
    // The viewed organization's own pages open; another organization stays another organization's.
    const sessions = await t.app.inject({
      url: `/api/app/organization/${org.id}/support-sessions`,
      headers: as(session.id),
    });
    expect(sessions.statusCode).toBe(200);
    const elsewhere = await t.app.inject({
      url: `/api/app/organization/${other.id}/support-sessions`,
      headers: as(session.id),
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('are read-only: a write is refused before it is read, and nothing changes', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/app/profile/name-last-name-dob',
      headers: as(session.id),
      payload: { firstName: 'Changed', lastName: 'ByAdmin', dateOfBirth: '1990-01-01' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: { message: 'Support access is read-only: nothing can be changed' },
    });
    const [profile] = await t.database.db
      .select({ firstName: profiles.firstName })
      .from(profiles)
      .where(eq(profiles.id, members.admin.profileId));
    expect(profile?.firstName).toBe('Vera');
  });

  it("are audited in the organization's trail as on behalf of the viewed person", async () => {
    const trail = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'support_access.request'), eq(auditEvents.entityId, session.id)));
    expect(trail.length).toBeGreaterThanOrEqual(3);
    expect(trail.every((e) => e.organizationId === org.id && e.actorUserId === platform.userId)).toBe(true);
    expect(trail.map((e) => e.data)).toContainEqual({
      method: 'GET',
      route: '/api/app/profile',
      status: 200,
      onBehalfOfUserId: members.admin.userId,
      onBehalfOfProfileId: members.admin.profileId,
    });
    expect(trail.map((e) => e.data)).toContainEqual(
      expect.objectContaining({ method: 'PUT', route: '/api/app/profile/name-last-name-dob', status: 403 }),
    );
  });

  it('leave the /admin API as the administrator, and mean nothing on anyone else’s request', async () => {
    const admin = await t.app.inject({ url: '/api/app/admin/health', headers: as(session.id) });
    expect(admin.statusCode).toBe(200);
    const own = await t.app.inject({
      url: profileUrl(members.manager.userId),
      headers: { ...members.manager.auth, [supportSessionHeader]: session.id },
    });
    expect(own.json()).toMatchObject({ profileId: members.manager.profileId });
  });

  it("are refused for incidents' contents", async () => {
    const { refusal } = await supportActorFor(
      t.app.deps,
      { userId: platform.userId, profileId: null, roles: ['TouchlineAdmin'], claims: {} },
      session.id,
      { write: false, incident: true },
    );
    expect(refusal?.message).toBe("Incidents' contents are not shown under support access");
  });

  it("refuse another administrator's session and an unknown one", async () => {
    const second = await addTestUser(t, ['TouchlineAdmin']);
    const res = await t.app.inject({
      url: profileUrl(members.admin.userId),
      headers: { ...second.auth, [supportSessionHeader]: session.id },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { details: 'support_session_ended' } });
    const unknown = await t.app.inject({ url: profileUrl(members.admin.userId), headers: as('nonsense') });
    expect(unknown.statusCode).toBe(403);
  });
});

describe('a session ends', () => {
  it('when its time is up', async () => {
    const session = (await start({ profileId: members.admin.profileId, minutes: 5 })).json() as Session;
    expect(
      (await t.app.inject({ url: profileUrl(members.admin.userId), headers: as(session.id) })).statusCode,
    ).toBe(200);
    await t.database.db
      .update(supportSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(supportSessions.id, session.id));
    const after = await t.app.inject({ url: profileUrl(members.admin.userId), headers: as(session.id) });
    expect(after.statusCode).toBe(403);
    const read = await t.app.inject({ url: `${url}/${session.id}`, headers: platform.auth });
    expect(read.json()).toMatchObject({ active: false });
  });

  it('when the administrator ends it, audited once', async () => {
    const session = (await start({ profileId: members.admin.profileId })).json() as Session;
    expect(
      (await t.app.inject({ method: 'POST', url: `${url}/${session.id}/end`, headers: members.admin.auth }))
        .statusCode,
    ).toBe(404);
    const ended = await t.app.inject({
      method: 'POST',
      url: `${url}/${session.id}/end`,
      headers: platform.auth,
    });
    expect(ended.json()).toMatchObject({ active: false });
    await t.app.inject({ method: 'POST', url: `${url}/${session.id}/end`, headers: platform.auth });
    expect(
      (await t.app.inject({ url: profileUrl(members.admin.userId), headers: as(session.id) })).statusCode,
    ).toBe(403);
    const endings = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'support_access.ended'), eq(auditEvents.entityId, session.id)));
    expect(endings).toHaveLength(1);
  });
});

describe('a session that allows writes', () => {
  it('lets a change through, audited as on behalf of the viewed person', async () => {
    const session = (
      await start({ profileId: members.manager.profileId, allowWrites: true })
    ).json() as Session;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/app/profile/name-last-name-dob',
      headers: as(session.id),
      payload: { firstName: 'Fixed', lastName: 'Name', dateOfBirth: '1990-01-01' },
    });
    expect(res.statusCode).toBeLessThan(300);
    const [request] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'support_access.request'), eq(auditEvents.entityId, session.id)));
    expect(request?.data).toMatchObject({ method: 'PUT', onBehalfOfUserId: members.manager.userId });
  });
});

describe('GET /api/app/organization/:id/support-sessions', () => {
  const list = (orgId: string) => `/api/app/organization/${orgId}/support-sessions`;

  it('answers 401, 404 for another organization, 403 below admin level, 400 for a bad page', async () => {
    expect((await t.app.inject({ url: list(org.id) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: list(org.id), headers: members.otherAdmin.auth })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: list(org.id), headers: members.manager.auth })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: `${list(org.id)}?page=0`, headers: members.admin.auth })).statusCode,
    ).toBe(400);
  });

  it("shows the organization's administrators every session, newest first, with its reason", async () => {
    const res = await t.app.inject({ url: `${list(org.id)}?perPage=100`, headers: members.admin.auth });
    expect(res.statusCode).toBe(200);
    const page = res.json() as {
      items: (Session & { reason: string; startedAt: string })[];
      totalCount: number;
    };
    expect(page.totalCount).toBeGreaterThanOrEqual(5);
    expect(page.items.every((s) => s.reason === reason)).toBe(true);
    const started = page.items.map((s) => s.startedAt);
    expect([...started].sort().reverse()).toEqual(started);
    const theirs = (await t.app.inject({ url: list(other.id), headers: members.otherAdmin.auth })).json() as {
      totalCount: number;
    };
    expect(theirs.totalCount).toBe(0);
  });
});
