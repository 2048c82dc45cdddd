import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receivedCredentialListSchema } from '@touchline/contracts/credential-sharing';
import { addTestLevel, addTestMember, validationFields, type TestMember } from '../../../test/factories.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { receivedStateOf } from './received-credentials-list.service.ts';
import { createSharingWorld, requirementOf, type SharingWorld } from './credential-sharing.test-support.ts';

// GET /api/app/received-credentials/{orgId}: the receiving organization's page of credentials shared into it
// (ADR 049). PGlite, and PostgreSQL with TEST_DATABASE_URL.

let w: SharingWorld;
let directorB: TestMember;
let directorElsewhereB: TestMember;
beforeAll(async () => {
  w = await createSharingWorld();
  directorB = await addTestMember(w.t, w.b, w.b.division, 'Director');
  // A director of another division of B: the family plays in B's team under the first division.
  const otherDivision = await addTestLevel(w.t, w.b.id, 'North division', w.b.root);
  directorElsewhereB = await addTestMember(w.t, w.b, otherDivision, 'Director');
});
afterAll(async () => w.t.close());

const listUrl = (orgId: string, query = '') => `/api/app/received-credentials/${orgId}${query}`;
const get = (who: TestMember | null, url: string) =>
  w.t.app.inject({ method: 'GET', url, headers: who ? who.auth : {} });

async function share(who: TestMember, profileId: string, targetProfileId: string) {
  const res = await w.t.app.inject({
    method: 'POST',
    url: `/api/app/profile/${profileId}/credential-shares`,
    headers: who.auth,
    payload: {
      memberRequirementId: (await requirementOf(w, profileId, w.definitionA)).id,
      targetProfileId,
      consent: true,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

describe('GET /api/app/received-credentials/{orgId}', () => {
  it('401, 404 another organization, 403 below director, 400 bad input; empty before anything is shared', async () => {
    expect((await get(null, listUrl(w.b.id))).statusCode).toBe(401);
    expect((await get(w.adminA, listUrl(w.b.id))).statusCode).toBe(404);
    expect((await get(w.adminC, listUrl(w.b.id))).statusCode).toBe(404);
    expect((await get(w.managerB, listUrl(w.b.id))).statusCode).toBe(403);
    expect((await get(w.coachB, listUrl(w.b.id))).statusCode).toBe(403);
    expect((await get(w.adminB, listUrl('not-an-id'))).statusCode).toBe(400);
    const bad = await get(w.adminB, listUrl(w.b.id, '?page=0&perPage=500'));
    expect(bad.statusCode).toBe(400);
    expect(validationFields(bad)).toEqual(['page', 'perPage']);
    expect((await get(w.adminB, listUrl(w.b.id))).json()).toEqual({ items: [], totalCount: 0 });
  });

  it('lists who shared what from where, its state and day, newest first, paged, within the reader’s levels', async () => {
    const coachShare = await share(w.coachA, w.coachA.profileId, w.coachB.profileId);
    await share(w.guardianA, w.childA, w.childB);
    const res = await get(w.adminB, listUrl(w.b.id));
    expect(res.statusCode, res.body).toBe(200);
    const body = receivedCredentialListSchema.parse(res.json());
    expect(body.totalCount).toBe(2);
    expect(
      body.items.map((i) => [i.memberName, i.requirementName, i.sourceOrganizationName, i.state]),
    ).toEqual([
      ['Jamie Okafor', 'Age verification', 'Riverside Youth Soccer', 'Active'],
      ['Sam Okafor', 'Age verification', 'Riverside Youth Soccer', 'Active'],
    ]);
    expect(body.items[1]).toMatchObject({
      profileId: w.coachB.profileId,
      requirementType: 7,
      completedOn: w.completedOn,
      revokedAt: null,
    });
    // Only the summary's name crosses: no other organization's ids.
    expect(JSON.stringify(body)).not.toContain(w.coachA.profileId);

    const page2 = receivedCredentialListSchema.parse(
      (await get(w.adminB, listUrl(w.b.id, '?page=2&perPage=1'))).json(),
    );
    expect(page2).toMatchObject({ totalCount: 2, items: [{ memberName: 'Sam Okafor' }] });
    // A director of the family's division sees them; one of another division sees none.
    expect((await get(directorB, listUrl(w.b.id))).json().totalCount).toBe(2);
    expect((await get(directorElsewhereB, listUrl(w.b.id))).json()).toEqual({ items: [], totalCount: 0 });

    // The member stops sharing: Withdrawn. The read is audited in B only.
    const revoked = await w.t.app.inject({
      method: 'POST',
      url: `/api/app/profile/${w.coachA.profileId}/credential-shares/${coachShare}/revoke`,
      headers: w.coachA.auth,
    });
    expect(revoked.statusCode).toBe(200);
    const after = receivedCredentialListSchema.parse((await get(w.adminB, listUrl(w.b.id))).json());
    expect(after.items.map((i) => i.state)).toEqual(['Active', 'Withdrawn']);
    expect(after.items[1]?.revokedAt).not.toBeNull();
    const reads = await w.t.database.db
      .select({ organizationId: auditEvents.organizationId })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'credential.received_list_read')));
    expect(reads.length).toBeGreaterThan(0);
    expect(new Set(reads.map((r) => r.organizationId))).toEqual(new Set([w.b.id]));
  });

  it('words the state from the row: withdrawn, lapsed at the source, expired, active', () => {
    const live = { revokedAt: null, revokedReason: null, validUntil: '2026-12-31' };
    const at = new Date('2026-06-01T00:00:00Z');
    expect(receivedStateOf(live, '2026-12-31')).toBe('Active');
    expect(receivedStateOf(live, '2027-01-01')).toBe('Expired');
    expect(receivedStateOf({ ...live, validUntil: null }, '2099-01-01')).toBe('Active');
    expect(
      receivedStateOf({ ...live, revokedAt: at, revokedReason: 'consent-withdrawn' }, '2026-06-01'),
    ).toBe('Withdrawn');
    expect(receivedStateOf({ ...live, revokedAt: at }, '2026-06-01')).toBe('Withdrawn');
    for (const reason of ['source-expired', 'source-no-longer-valid'])
      expect(receivedStateOf({ ...live, revokedAt: at, revokedReason: reason }, '2026-06-01')).toBe('Lapsed');
  });
});
