import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import type { TestMember, TestOrganization } from '../../../test/factories.ts';
import { auditEvents, labels, partnerConnections, profileLevelAccesses } from '../../db/schema/index.ts';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { syncPartnerConnection } from './partners-sync.ts';
import {
  startPartnersTestBed,
  stopPartnersTestBed,
  type PartnersTestBed,
  type Who,
} from './partners.test-kit.ts';

// Issue 31: per-role labels — a partner program's registration roles (PLAYER, COACH…) each land as a label of ours,
// set by an admin with the program's mapping (PUT mappings/{programId} `roleLabels`) and used by the sync. Through
// the Test partner (ours), whose U10 program has a player and a coach.

let bed: PartnersTestBed;
let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let admin: TestMember;
let manager: TestMember;
let otherAdmin: TestMember;
let connectionId = '';
let coachLabelId = '';
let otherLabelId = '';
const base = () => `/api/app/organization/${org.id}/partners`;
const url = () => `${base()}/${connectionId}/mappings/test-u10`;
const call = (who: Who, method: 'GET' | 'PUT', path: string, payload?: object) =>
  t.app.inject({ method, url: path, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

async function accessOf(memberId: string) {
  return t.database.db
    .select({ labelId: profileLevelAccesses.labelId, levelId: profileLevelAccesses.hierarchyLevelId })
    .from(profileLevelAccesses)
    .where(
      and(eq(profileLevelAccesses.organizationId, org.id), eq(profileLevelAccesses.externalId, memberId)),
    );
}

beforeAll(async () => {
  bed = await startPartnersTestBed();
  ({ t, org, other, admin, manager, otherAdmin } = bed);
  const [coach] = await t.database.db
    .insert(labels)
    .values({ organizationId: org.id, name: 'Coach' })
    .returning({ id: labels.id });
  coachLabelId = coach!.id;
  const [foreign] = await t.database.db
    .insert(labels)
    .values({ organizationId: other.id, name: 'Coach' })
    .returning({ id: labels.id });
  otherLabelId = foreign!.id;
  const connected = await t.app.inject({
    method: 'POST',
    url: base(),
    headers: admin.auth,
    payload: { providerType: 'Test', siteId: 'Role trial' },
  });
  expect(connected.statusCode).toBe(201);
  connectionId = connected.json().id as string;
  expect(await syncPartnerConnection(jobDepsOf(t.app), connectionId)).toEqual({ applied: 3, pages: 2 });
});
afterAll(() => stopPartnersTestBed(bed));

describe('per-role labels of a partner program', () => {
  it('GET programs previews each role seen and how many registered, none labelled yet', async () => {
    const res = await call(admin, 'GET', `${base()}/${connectionId}/programs`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        programId: 'test-u10',
        name: 'Test U10 Soccer',
        registrations: 2,
        mapping: null,
        roles: [
          { role: 'COACH', registrations: 1, labelId: null, labelName: null },
          // The Test partner's player is a child: her registration brings a guardian (ADR 041 part five).
          { role: 'PARENT', registrations: 1, labelId: null, labelName: null },
          { role: 'PLAYER', registrations: 1, labelId: null, labelName: null },
        ],
      },
      {
        programId: 'test-u12',
        name: 'Test U12 Soccer',
        registrations: 1,
        mapping: null,
        roles: [{ role: 'PLAYER', registrations: 1, labelId: null, labelName: null }],
      },
    ]);
  });

  it('PUT mappings/{program} with roleLabels: 401, 404 another organization, 403 a manager, 400, 404 another’s label', async () => {
    const body = {
      hierarchyLevelId: org.team.id,
      labelId: org.labelIds.member,
      roleLabels: { COACH: coachLabelId },
    };
    expect((await call(null, 'PUT', url(), body)).statusCode).toBe(401);
    expect((await call(otherAdmin, 'PUT', url(), body)).statusCode).toBe(404);
    expect(
      (
        await call(
          otherAdmin,
          'PUT',
          `/api/app/organization/${other.id}/partners/${connectionId}/mappings/test-u10`,
          body,
        )
      ).statusCode,
    ).toBe(404);
    expect((await call(manager, 'PUT', url(), body)).statusCode).toBe(403);
    const lower = await call(admin, 'PUT', url(), { ...body, roleLabels: { coach: coachLabelId } });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().error.validationErrors[0].field).toMatch(/^roleLabels/);
    const notId = await call(admin, 'PUT', url(), { ...body, roleLabels: { COACH: 'coach' } });
    expect([notId.statusCode, notId.json().error.validationErrors[0].field]).toEqual([
      400,
      'roleLabels.COACH',
    ]);
    const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`ROLE_${i}`, null]));
    expect((await call(admin, 'PUT', url(), { ...body, roleLabels: tooMany })).statusCode).toBe(400);
    // Another organization's label: 404 like the program's label, and nothing mapped or admitted.
    const foreign = await call(admin, 'PUT', url(), { ...body, roleLabels: { COACH: otherLabelId } });
    expect([foreign.statusCode, foreign.json().error.message]).toEqual([404, 'Label not found']);
    expect(await accessOf('test-member-2')).toEqual([]);
  });

  it('200: the coach lands as Coach and the player as the program’s label; the sync keeps to it', async () => {
    const res = await call(admin, 'PUT', url(), {
      hierarchyLevelId: org.team.id,
      labelId: org.labelIds.member,
      roleLabels: { COACH: coachLabelId, PLAYER: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual([
      { role: 'COACH', registrations: 1, labelId: coachLabelId, labelName: 'Coach' },
      { role: 'PARENT', registrations: 1, labelId: null, labelName: null },
      { role: 'PLAYER', registrations: 1, labelId: null, labelName: null },
    ]);
    expect(await accessOf('test-member-2')).toEqual([{ labelId: coachLabelId, levelId: org.team.id }]);
    expect(await accessOf('test-member-1')).toEqual([{ labelId: org.labelIds.member, levelId: org.team.id }]);
    const [audit] = await t.database.db
      .select({ data: auditEvents.data })
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, org.id), eq(auditEvents.action, 'partner.program-mapped')));
    expect(audit!.data).toMatchObject({ roleLabels: { COACH: coachLabelId } });
    // A replay of the whole export changes nothing: one access each, the labels as mapped.
    await t.database.db
      .update(partnerConnections)
      .set({ cursor: null })
      .where(eq(partnerConnections.id, connectionId));
    expect(await syncPartnerConnection(jobDepsOf(t.app), connectionId)).toMatchObject({ applied: 3 });
    await syncPartnerConnection(jobDepsOf(t.app), connectionId);
    expect(await accessOf('test-member-2')).toEqual([{ labelId: coachLabelId, levelId: org.team.id }]);
  });

  it('a mapping sent again without roleLabels keeps them; an empty set clears them', async () => {
    const body = { hierarchyLevelId: org.team.id, labelId: org.labelIds.member };
    const kept = await call(admin, 'PUT', url(), body);
    expect(kept.json().roles[0]).toMatchObject({ role: 'COACH', labelId: coachLabelId });
    const cleared = await call(admin, 'PUT', url(), { ...body, roleLabels: {} });
    expect(cleared.json().roles[0]).toMatchObject({ role: 'COACH', labelId: null, labelName: null });
  });
});
