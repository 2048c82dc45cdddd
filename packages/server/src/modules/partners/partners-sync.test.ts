import {
  type LeagueAppsRegistration,
  type LeagueAppsSandbox,
} from '@touchline/sandbox/leagueapps/leagueapps-sandbox';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import type { TestMember, TestOrganization } from '../../../test/factories.ts';
import {
  auditEvents,
  invitations,
  partnerConnections,
  partnerRegistrations,
  profileLevelAccesses,
} from '../../db/schema/index.ts';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { applyRegistration, syncPartnerConnection } from './partners-sync.ts';
import {
  siteId,
  startPartnersTestBed,
  stopPartnersTestBed,
  type PartnersTestBed,
  type Who,
} from './partners.test-kit.ts';

// Issue 31: the sync through the queue from the LeagueApps sandbox over real HTTP, idempotent under replays,
// reordering, two workers and a fault mid-export; mappings; the member's reads (partner, prefill); removal.

let bed: PartnersTestBed;
let sandbox: LeagueAppsSandbox;
let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let admin: TestMember;
let manager: TestMember;
let otherAdmin: TestMember;
let existing: TestMember;
let connectionId = '';
const base = () => `/api/app/organization/${org.id}/partners`;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
const sync = () => syncPartnerConnection(jobDepsOf(t.app), connectionId);

let sequence = 0;
function registration(
  over: Partial<LeagueAppsRegistration> = {},
): Omit<LeagueAppsRegistration, 'lastUpdated'> {
  sequence += 1;
  return {
    id: String(1000 + sequence),
    userId: String(9000 + sequence),
    programId: '77',
    programName: 'U12 Spring League',
    role: 'PLAYER',
    registrationStatus: 'ACTIVE',
    paymentStatus: 'PAID',
    placed: true,
    firstName: `Kid${sequence}`,
    lastName: 'Partner',
    email: `kid${sequence}.partner@example.org`,
    ...over,
  };
}

async function accessesOf(memberId: string) {
  return t.database.db
    .select()
    .from(profileLevelAccesses)
    .where(
      and(eq(profileLevelAccesses.organizationId, org.id), eq(profileLevelAccesses.externalId, memberId)),
    );
}

beforeAll(async () => {
  bed = await startPartnersTestBed();
  ({ sandbox, t, org, other, admin, manager, otherAdmin, existing } = bed);
  // Connected as in partners.test.ts; the sync below runs against this connection.
  const connected = await call(admin, 'POST', base(), { providerType: 'LeagueApps', siteId, ...bed.key });
  expect(connected.statusCode).toBe(201);
  connectionId = connected.json().id as string;
});
afterAll(() => stopPartnersTestBed(bed));

describe('the roster sync from the LeagueApps sandbox', () => {
  let player: Omit<LeagueAppsRegistration, 'lastUpdated'>;
  let coach: Omit<LeagueAppsRegistration, 'lastUpdated'>;
  let unpaid: Omit<LeagueAppsRegistration, 'lastUpdated'>;
  let linked: Omit<LeagueAppsRegistration, 'lastUpdated'>;

  it('reads every page by cursor; registrations wait unmapped (or pending when unpaid)', async () => {
    player = registration({
      birthDate: '2014-05-01',
      parent: { firstName: 'Pat', email: 'pat@example.org' },
    });
    coach = registration({ role: 'COACH' });
    unpaid = registration({ paymentStatus: 'UNPAID', programId: '88', programName: 'U10 Fall' });
    linked = registration({ email: existing.email, firstName: 'Existing' });
    for (const r of [player, coach, unpaid, linked]) sandbox.putRegistration(siteId, r);
    const result = await sync();
    expect(result).toEqual({ applied: 4, pages: 2 });
    const rows = await t.database.db.select().from(partnerRegistrations);
    expect(rows.map((r) => [r.registrationId, r.status]).sort()).toEqual(
      [
        [player.id, 'unmapped'],
        [coach.id, 'unmapped'],
        [unpaid.id, 'pending'],
        [linked.id, 'unmapped'],
      ].sort(),
    );
    const programs = await call(admin, 'GET', `${base()}/${connectionId}/programs`);
    expect(programs.json()).toEqual([
      {
        programId: '77',
        name: 'U12 Spring League',
        registrations: 3,
        mapping: null,
        roles: [
          { role: 'COACH', registrations: 1, labelId: null, labelName: null },
          { role: 'PLAYER', registrations: 2, labelId: null, labelName: null },
        ],
      },
      {
        programId: '88',
        name: 'U10 Fall',
        registrations: 1,
        mapping: null,
        roles: [{ role: 'PLAYER', registrations: 1, labelId: null, labelName: null }],
      },
    ]);
  });

  it('GET mapping-targets: 401, 404, 403, 200 the levels and labels', async () => {
    const url = `${base()}/mapping-targets`;
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call(otherAdmin, 'GET', url)).statusCode).toBe(404);
    expect((await call(manager, 'GET', url)).statusCode).toBe(403);
    const res = await call(admin, 'GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.json().levels.map((l: { id: string }) => l.id)).toEqual([
      org.root.id,
      org.division.id,
      org.team.id,
    ]);
    expect(res.json().labels.map((l: { id: string }) => l.id)).toContain(org.labelIds.member);
  });

  it('PUT mappings/{program}: 401, 404, 403, 400, 404 another’s level; 200 admits those waiting', async () => {
    const url = `${base()}/${connectionId}/mappings/77`;
    const body = { hierarchyLevelId: org.team.id, labelId: org.labelIds.member };
    expect((await call(null, 'PUT', url, body)).statusCode).toBe(401);
    expect(
      (
        await call(
          otherAdmin,
          'PUT',
          `/api/app/organization/${other.id}/partners/${connectionId}/mappings/77`,
          body,
        )
      ).statusCode,
    ).toBe(404);
    expect((await call(otherAdmin, 'PUT', url, body)).statusCode).toBe(404);
    expect((await call(manager, 'PUT', url, body)).statusCode).toBe(403);
    const bad = await call(admin, 'PUT', url, { hierarchyLevelId: 'x', labelId: org.labelIds.member });
    expect([bad.statusCode, bad.json().error.validationErrors[0].field]).toEqual([400, 'hierarchyLevelId']);
    expect((await call(admin, 'PUT', url, { ...body, hierarchyLevelId: other.team.id })).statusCode).toBe(
      404,
    );
    const res = await call(admin, 'PUT', url, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      programId: '77',
      registrations: 3,
      mapping: { hierarchyLevelId: org.team.id },
    });

    // The player and coach: invitations at the team carrying the partner's member id; the existing member linked.
    const [playerAccess] = await accessesOf(player.userId);
    expect(playerAccess).toMatchObject({ hierarchyLevelId: org.team.id, labelId: org.labelIds.member });
    const sent = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.profileLevelAccessId, playerAccess!.id));
    expect(sent).toHaveLength(1);
    expect(await accessesOf(coach.userId)).toHaveLength(1);
    const [linkedAccess] = await accessesOf(linked.userId);
    expect(linkedAccess!.id).toBe(existing.profileLevelAccessId);
    const found = await call(admin, 'GET', `/api/app/profile/plas-by-external-id/${player.userId}`);
    expect([found.statusCode, found.json().map((a: { id: string }) => a.id)]).toEqual([
      200,
      [playerAccess!.id],
    ]);
    const blank = await call(admin, 'GET', '/api/app/profile/plas-by-external-id/%20');
    expect([blank.statusCode, blank.json().error.message]).toEqual([400, 'externalId is required']);
  });

  it('replays, reordering and two workers never make a second member; a fault mid-export loses nothing', async () => {
    // Replay: the whole export again from the start, twice at once (two workers).
    await t.database.db
      .update(partnerConnections)
      .set({ cursor: null })
      .where(eq(partnerConnections.id, connectionId));
    await Promise.all([sync(), sync()]);
    for (const r of [player, coach, linked]) expect(await accessesOf(r.userId)).toHaveLength(1);
    // Reordering: an older change of the player's registration arriving late is ignored.
    const [row] = await t.database.db
      .select()
      .from(partnerRegistrations)
      .where(eq(partnerRegistrations.registrationId, player.id));
    const [connection] = await t.database.db
      .select()
      .from(partnerConnections)
      .where(eq(partnerConnections.id, connectionId));
    await t.database.db.transaction((tx) =>
      applyRegistration(jobDepsOf(t.app), tx, connection!, {
        registrationId: player.id,
        memberId: player.userId,
        programId: '77',
        programName: 'U12 Spring League',
        role: 'PLAYER',
        withdrawn: true,
        ready: false,
        updatedAt: row!.partnerUpdatedAt - 1,
        person: {
          firstName: 'Old',
          lastName: 'Copy',
          email: 'old@example.org',
          dateOfBirth: null,
          phone: null,
          address: null,
          guardian: null,
          emergencyContact: null,
        },
      }),
    );
    const [afterStale] = await accessesOf(player.userId);
    expect(afterStale!.deletedAt).toBeNull();

    // A fault in the middle: three new registrations (two pages); the second page fails on every retry.
    const late = [registration(), registration(), registration()];
    for (const r of late) sandbox.putRegistration(siteId, r);
    sandbox.failExportAfter(1, 10);
    await expect(sync()).rejects.toThrow();
    const failing = (await call(admin, 'GET', base()))
      .json()
      .find((c: { id: string }) => c.id === connectionId);
    expect(failing.state).toBe('failing');
    expect(failing.sync.lastError).toMatch(/500/);
    expect(await accessesOf(late[0]!.userId)).toHaveLength(1);
    expect(await accessesOf(late[2]!.userId)).toHaveLength(0);
    // The queue's retry resumes from the stored cursor: the rest arrives, nothing twice.
    sandbox.failExportAfter(0, 0);
    await sync();
    for (const r of late) expect(await accessesOf(r.userId)).toHaveLength(1);
    const healthy = (await call(admin, 'GET', base()))
      .json()
      .find((c: { id: string }) => c.id === connectionId);
    expect(healthy).toMatchObject({ state: 'connected', sync: { lastError: null, invited: 6, unmapped: 0 } });
  });

  it('a withdrawn registration archives the access (never deletes it) and revokes the invitation', async () => {
    sandbox.putRegistration(siteId, { ...coach, registrationStatus: 'WITHDRAWN' });
    await sync();
    const [access] = await accessesOf(coach.userId);
    expect(access!.deletedAt).not.toBeNull();
    const open = await t.database.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.profileLevelAccessId, access!.id), isNotNull(invitations.revokedAt)));
    expect(open).toHaveLength(1);
    const found = await call(admin, 'GET', `/api/app/profile/plas-by-external-id/${coach.userId}`);
    expect(found.json()).toEqual([]);
  });

  it('partner-from-current-profile: the partner a membership came from, 204 for none', async () => {
    const url = '/api/app/profile/partner-from-current-profile';
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    const mine = await call(existing, 'GET', url);
    expect([mine.statusCode, mine.json()]).toEqual([
      200,
      {
        id: connectionId,
        providerType: 'LeagueApps',
        name: 'LeagueApps',
        logo: '/partners/leagueapps.svg',
        returnUrl: `https://manager.leagueapps.com/console/sites/${siteId}`,
        sandbox: true,
        profileLevelAccessId: existing.profileLevelAccessId,
      },
    ]);
    expect((await call(existing, 'GET', `${url}/${existing.profileLevelAccessId}`)).json().id).toBe(
      connectionId,
    );
    // The active profile's partner is the same (spec §3 `partner`).
    const active = await call(existing, 'GET', `/api/app/profile?AppUserId=${existing.userId}`);
    expect(active.json().partner).toEqual(mine.json());
    expect(
      (await call(admin, 'GET', `/api/app/profile?AppUserId=${admin.userId}`)).json().partner,
    ).toBeNull();
    expect((await call(admin, 'GET', url)).statusCode).toBe(204);
    expect((await call(existing, 'GET', `${url}/${otherAdmin.profileLevelAccessId}`)).statusCode).toBe(404);
  });

  it('GET prefill-data/{id}: 401, 400, 404 another organization, 403 a manager, 200 for the member, 204 none', async () => {
    const url = (id: string) => `/api/app/prefill-provider/prefill-data/${id}`;
    expect((await call(null, 'GET', url(existing.profileLevelAccessId))).statusCode).toBe(401);
    expect((await call(existing, 'GET', url('not-an-id'))).statusCode).toBe(400);
    expect((await call(existing, 'GET', url(otherAdmin.profileLevelAccessId))).statusCode).toBe(404);
    expect((await call(manager, 'GET', url(existing.profileLevelAccessId))).statusCode).toBe(403);
    const res = await call(existing, 'GET', url(existing.profileLevelAccessId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      source: { providerType: 'LeagueApps', name: 'LeagueApps' },
      firstName: 'Existing',
      email: existing.email,
    });
    expect((await call(admin, 'GET', url(admin.profileLevelAccessId))).statusCode).toBe(204);
    const reads = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'partner.prefill-read'));
    expect(reads).toHaveLength(1);
  });

  it('DELETE prefill-data/{id}: 401, 400, 404 another organization, 403 a manager, 204; then 204 on GET and a sync keeps it cleared', async () => {
    const url = (id: string) => `/api/app/prefill-provider/prefill-data/${id}`;
    expect((await call(null, 'DELETE', url(existing.profileLevelAccessId))).statusCode).toBe(401);
    expect((await call(existing, 'DELETE', url('not-an-id'))).statusCode).toBe(400);
    expect((await call(existing, 'DELETE', url(otherAdmin.profileLevelAccessId))).statusCode).toBe(404);
    expect((await call(manager, 'DELETE', url(existing.profileLevelAccessId))).statusCode).toBe(403);
    expect((await call(existing, 'GET', url(existing.profileLevelAccessId))).statusCode).toBe(200);
    expect((await call(existing, 'DELETE', url(existing.profileLevelAccessId))).statusCode).toBe(204);
    expect((await call(existing, 'GET', url(existing.profileLevelAccessId))).statusCode).toBe(204);
    // A replay of the whole export does not store it again.
    await t.database.db
      .update(partnerConnections)
      .set({ cursor: null })
      .where(eq(partnerConnections.id, connectionId));
    await sync();
    expect((await call(existing, 'GET', url(existing.profileLevelAccessId))).statusCode).toBe(204);
    const cleared = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'partner.prefill-cleared'));
    expect(cleared).toHaveLength(1);
  });

  it('POST sync queues a run; DELETE removes the connection: 401, 404, 403, 204, then 404', async () => {
    const url = `${base()}/${connectionId}`;
    expect((await call(null, 'POST', `${url}/sync`)).statusCode).toBe(401);
    expect((await call(manager, 'POST', `${url}/sync`)).statusCode).toBe(403);
    expect((await call(admin, 'POST', `${url}/sync`)).statusCode).toBe(202);
    expect((await call(null, 'DELETE', url)).statusCode).toBe(401);
    expect((await call(otherAdmin, 'DELETE', url)).statusCode).toBe(404);
    expect((await call(manager, 'DELETE', url)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `${base()}/not-a-uuid`)).statusCode).toBe(400);
    expect((await call(admin, 'DELETE', url)).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', url)).statusCode).toBe(404);
    // The members it made stay.
    expect(await accessesOf(player.userId)).toHaveLength(1);
  });
});
