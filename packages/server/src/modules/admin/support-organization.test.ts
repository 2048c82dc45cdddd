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
import { auditEvents, supportIncidentGrants } from '../../db/schema/index.ts';

// The organization's side of support access (issue 32): the audit of one session, ending it early, and the grant of
// incidents to support access — off by default, the organization's administrators' alone, time-limited, audited.

let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let members: Record<'admin' | 'manager' | 'otherAdmin', TestMember>;
let platform: Awaited<ReturnType<typeof addTestUser>>;

type Session = { id: string; active: boolean; endedByOrganization: boolean; adminName: string };

beforeAll(async () => {
  ({ t, org, other, members } = await createTestSuite({
    admin: ['root', 'Admin', { firstName: 'Vera', lastName: 'Viewed' }],
    manager: ['team', 'Manager'],
    otherAdmin: ['root', 'Admin', { in: 'other' }],
  }));
  platform = await addTestUser(t, ['TouchlineAdmin']);
}, 120_000);

afterAll(() => t.close());

const reason = 'Ticket 5150: the settings page is blank';
const start = async (body: Record<string, unknown>) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/app/admin/support-sessions',
      headers: platform.auth,
      payload: { reason, profileId: members.admin.profileId, ...body },
    })
  ).json() as Session;
const as = (sessionId: string) => ({ ...platform.auth, [supportSessionHeader]: sessionId });
const sessionsUrl = (orgId: string) => `/api/app/organization/${orgId}/support-sessions`;
const grantUrl = (orgId: string) => `/api/app/organization/${orgId}/support-incident-access`;
const incidentSettings = '/api/app/incident/settings';

const trail = async (action: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.organizationId, org.id), eq(auditEvents.action, action)));

describe('GET /api/app/organization/:id/support-sessions/:sessionId/audit', () => {
  let session: Session;
  beforeAll(async () => {
    session = await start({});
    await t.app.inject({
      url: `/api/app/profile?AppUserId=${members.admin.userId}`,
      headers: as(session.id),
    });
  });
  const auditUrl = (orgId: string, id: string) => `${sessionsUrl(orgId)}/${id}/audit`;

  it('answers 401, 404 for another organization or session, 403 below admin level, 400 for bad ids', async () => {
    expect((await t.app.inject({ url: auditUrl(org.id, session.id) })).statusCode).toBe(401);
    const otherOrg = await t.app.inject({
      url: auditUrl(org.id, session.id),
      headers: members.otherAdmin.auth,
    });
    expect(otherOrg.statusCode).toBe(404);
    const theirs = await t.app.inject({
      url: auditUrl(other.id, session.id),
      headers: members.otherAdmin.auth,
    });
    expect(theirs.statusCode).toBe(404);
    const unknown = await t.app.inject({
      url: auditUrl(org.id, crypto.randomUUID()),
      headers: members.admin.auth,
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: auditUrl(org.id, session.id), headers: members.manager.auth })).statusCode,
    ).toBe(403);
    const bad = await t.app.inject({ url: auditUrl(org.id, 'nope'), headers: members.admin.auth });
    expect(bad.statusCode).toBe(400);
    expect(validationFields(bad)).toEqual(['sessionId']);
  });

  it('lists the start and every request made under the session, newest first', async () => {
    const res = await t.app.inject({ url: auditUrl(org.id, session.id), headers: members.admin.auth });
    expect(res.statusCode).toBe(200);
    const page = res.json() as {
      items: { action: string; data: Record<string, unknown> }[];
      totalCount: number;
    };
    expect(page.items.map((e) => e.action)).toEqual(['support_access.request', 'support_access.started']);
    expect(page.items[0]?.data).toMatchObject({ method: 'GET', route: '/api/app/profile', status: 200 });
    expect(page.totalCount).toBe(2);
  });
});

describe('POST /api/app/organization/:id/support-sessions/:sessionId/end', () => {
  const endUrl = (orgId: string, id: string) => `${sessionsUrl(orgId)}/${id}/end`;

  it('answers 401, 404 for another organization, 403 below admin level, 400 for a bad id; nothing ends', async () => {
    const session = await start({});
    expect((await t.app.inject({ method: 'POST', url: endUrl(org.id, session.id) })).statusCode).toBe(401);
    for (const [who, status] of [
      [members.otherAdmin, 404],
      [members.manager, 403],
    ] as const)
      expect(
        (await t.app.inject({ method: 'POST', url: endUrl(org.id, session.id), headers: who.auth }))
          .statusCode,
      ).toBe(status);
    const bad = await t.app.inject({ method: 'POST', url: endUrl(org.id, 'x'), headers: members.admin.auth });
    expect(bad.statusCode).toBe(400);
    const still = await t.app.inject({ url: '/api/app/profile?AppUserId=x', headers: as(session.id) });
    expect(still.statusCode).not.toBe(403);
  });

  it("ends the platform's session now, audited once as ended by the organization", async () => {
    const session = await start({});
    expect(session.adminName).not.toBe('');
    const res = await t.app.inject({
      method: 'POST',
      url: endUrl(org.id, session.id),
      headers: members.admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ active: false, endedByOrganization: true });
    await t.app.inject({ method: 'POST', url: endUrl(org.id, session.id), headers: members.admin.auth });
    const after = await t.app.inject({
      url: `/api/app/profile?AppUserId=${members.admin.userId}`,
      headers: as(session.id),
    });
    expect(after.statusCode).toBe(403);
    expect(after.json()).toMatchObject({ error: { details: 'support_session_ended' } });
    const endings = (await trail('support_access.ended')).filter((e) => e.entityId === session.id);
    expect(endings).toHaveLength(1);
    expect(endings[0]).toMatchObject({ actorUserId: members.admin.userId, data: { by: 'organization' } });
  });
});

describe('the grant of incidents to support access', () => {
  it('is off by default: an incident read under support access is refused, and audited as refused', async () => {
    const got = await t.app.inject({ url: grantUrl(org.id), headers: members.admin.auth });
    expect(got.json()).toEqual({ active: false, expiresAt: null, grantedByUserId: null, grantedAt: null });
    const session = await start({});
    const res = await t.app.inject({ url: incidentSettings, headers: as(session.id) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: { message: "Incidents' contents are not shown under support access" },
    });
    const lines = (await trail('support_access.request')).filter((e) => e.entityId === session.id);
    expect(lines.map((e) => e.data)).toContainEqual(
      expect.objectContaining({ route: incidentSettings, status: 403 }),
    );
  });

  it('answers 401, 404 for another organization, 403 below admin level, 400 for bad hours; nothing granted', async () => {
    const put = (who: TestMember | null, orgId: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: grantUrl(orgId), headers: who?.auth ?? {}, payload });
    expect((await put(null, org.id, { hours: 2 })).statusCode).toBe(401);
    expect((await put(members.otherAdmin, org.id, { hours: 2 })).statusCode).toBe(404);
    expect((await put(members.manager, org.id, { hours: 2 })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: grantUrl(org.id), headers: members.manager.auth }))
        .statusCode,
    ).toBe(403);
    for (const hours of [0, 73, 1.5, 'a']) {
      const res = await put(members.admin, org.id, { hours });
      expect(res.statusCode).toBe(400);
      expect(validationFields(res)).toEqual(['hours']);
    }
    const rows = await t.database.db.select().from(supportIncidentGrants);
    expect(rows).toHaveLength(0);
  });

  it('cannot be turned on under support access, even by a session as an administrator that allows writes', async () => {
    const session = await start({ allowWrites: true });
    const res = await t.app.inject({
      method: 'PUT',
      url: grantUrl(org.id),
      headers: as(session.id),
      payload: { hours: 2 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: { message: 'Support access cannot change what support access may read' },
    });
    expect(await t.database.db.select().from(supportIncidentGrants)).toHaveLength(0);
  });

  it('when granted, lets incidents be read (never changed) under support access, audited on behalf of', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: grantUrl(org.id),
      headers: members.admin.auth,
      payload: { hours: 2 },
    });
    expect(res.statusCode).toBe(200);
    const grant = res.json() as { active: boolean; expiresAt: string; grantedByUserId: string };
    expect(grant).toMatchObject({ active: true, grantedByUserId: members.admin.userId });
    expect(Date.parse(grant.expiresAt) - Date.now()).toBeGreaterThan(7_100_000);
    const [granted] = await trail('support_access.incidents_granted');
    expect(granted).toMatchObject({ actorUserId: members.admin.userId, data: { hours: 2 } });
    // Other organizations' grants are theirs: it reads as off there.
    const theirs = await t.app.inject({ url: grantUrl(other.id), headers: members.otherAdmin.auth });
    expect(theirs.json()).toMatchObject({ active: false });

    const session = await start({ allowWrites: true });
    const read = await t.app.inject({ url: incidentSettings, headers: as(session.id) });
    expect(read.statusCode).toBe(200);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/app/incident/incident-types',
      headers: as(session.id),
      payload: { name: 'Support made this' },
    });
    expect(write.statusCode).toBe(403);
    const [line] = (await trail('support_access.incident_read')).filter((e) => e.entityId === session.id);
    expect(line).toMatchObject({
      actorUserId: platform.userId,
      data: {
        method: 'GET',
        route: incidentSettings,
        status: 200,
        onBehalfOfUserId: members.admin.userId,
        onBehalfOfProfileId: members.admin.profileId,
      },
    });
  });

  it('expires on its own, and is withdrawn by an administrator at once, audited', async () => {
    const session = await start({});
    await t.database.db
      .update(supportIncidentGrants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(supportIncidentGrants.organizationId, org.id));
    expect((await t.app.inject({ url: incidentSettings, headers: as(session.id) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: grantUrl(org.id), headers: members.admin.auth })).json()).toMatchObject(
      {
        active: false,
      },
    );

    await t.app.inject({
      method: 'PUT',
      url: grantUrl(org.id),
      headers: members.admin.auth,
      payload: { hours: 1 },
    });
    expect((await t.app.inject({ url: incidentSettings, headers: as(session.id) })).statusCode).toBe(200);
    const off = await t.app.inject({ method: 'DELETE', url: grantUrl(org.id), headers: members.admin.auth });
    expect(off.json()).toMatchObject({ active: false });
    expect((await t.app.inject({ url: incidentSettings, headers: as(session.id) })).statusCode).toBe(403);
    expect(await trail('support_access.incidents_withdrawn')).toHaveLength(1);
  });
});
