import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import type { TestMember } from '../../../test/factories.ts';
import {
  auditEvents,
  credentialShares,
  memberRequirements,
  receivedCredentials,
  requirementEvents,
} from '../../db/schema/index.ts';
import { addDays, dayOf } from '../../requirement-core/engine/calendar.ts';
import { WaitingOn } from '../../requirement-core/engine/requirement-status.ts';
import { refreshMemberRequirementsNow } from '../../requirement-core/requirements-engine.service.ts';
import {
  accessOf,
  createSharingWorld,
  credentialAudit,
  historyOf,
  requirementOf,
  type SharingWorld,
} from './credential-sharing.test-support.ts';

// A renewal at the source carries over to a live share (ADR 049, 2026-11-29 "A renewal carries over"): the consent
// covers the member's credential until they stop sharing, not one completion of it. A renewal under way does not
// lapse a completion still in force; once the source holds the new completion, the receiver counts it at once and
// both histories say so. PGlite, and PostgreSQL with TEST_DATABASE_URL.

let w: SharingWorld;
let plaA = '';
let shareId = '';
const today = dayOf(new Date());
/** The coach's completion in A: 350 days ago, so it expires in 15 days (Expiring soon, within 30). */
const oldCompletion = addDays(today, -350);

const send = (who: TestMember, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  w.t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  w = await createSharingWorld();
  plaA = await accessOf(w, w.coachA.profileId);
  const accept = await send(w.adminB, 'PUT', `/api/app/content/${w.definitionB}/credential-acceptance`, {
    acceptsShared: true,
    maxAgeDays: null,
  });
  expect(accept.statusCode, accept.body).toBe(200);
  const moved = await send(
    w.managerA,
    'PATCH',
    `/api/app/requirement/${w.definitionA}/completed-date-time/${plaA}`,
    { completedDateTime: `${oldCompletion}T00:00:00.000Z` },
  );
  expect(moved.statusCode, moved.body).toBe(200);
  const shared = await send(w.coachA, 'POST', `/api/app/profile/${w.coachA.profileId}/credential-shares`, {
    memberRequirementId: (await requirementOf(w, w.coachA.profileId, w.definitionA)).id,
    targetProfileId: w.coachB.profileId,
    consent: true,
  });
  expect(shared.statusCode, shared.body).toBe(201);
  shareId = (shared.json() as { id: string }).id;
});
afterAll(async () => w.t.close());

async function copy() {
  const [row] = await w.t.database.db
    .select()
    .from(receivedCredentials)
    .where(eq(receivedCredentials.shareId, shareId));
  if (!row) throw new Error('no received copy');
  return row;
}

describe('a share of a credential about to expire', () => {
  it('counts as Expiring soon where it was shared, with the source’s dates', async () => {
    expect((await requirementOf(w, w.coachA.profileId, w.definitionA)).status).toBe(
      RequirementStatus.ExpiringSoon,
    );
    expect((await requirementOf(w, w.coachB.profileId, w.definitionB)).status).toBe(
      RequirementStatus.ExpiringSoon,
    );
    expect(await copy()).toMatchObject({
      completedOn: oldCompletion,
      validUntil: addDays(oldCompletion, 364),
      revokedAt: null,
    });
  });
});

describe('a renewal under way at the source', () => {
  it('does not lapse the share while the earlier completion is in force', async () => {
    // The member has started the renewal (as a new vendor order does: the requirement waits on the provider, the
    // earlier completion stays). The source re-derives.
    const row = await requirementOf(w, w.coachA.profileId, w.definitionA);
    await w.t.database.db
      .update(memberRequirements)
      .set({ waitingOn: WaitingOn.Provider })
      .where(eq(memberRequirements.id, row.id));
    await refreshMemberRequirementsNow(w.t.database.db, w.a.id, { profileIds: [w.coachA.profileId] });
    expect((await requirementOf(w, w.coachA.profileId, w.definitionA)).status).toBe(
      RequirementStatus.WaitingOnProvider,
    );
    expect((await copy()).revokedAt).toBeNull();
    expect((await requirementOf(w, w.coachB.profileId, w.definitionB)).status).toBe(
      RequirementStatus.ExpiringSoon,
    );
    expect(await historyOf(w, row.id)).toEqual(['credential-shared']);
  });
});

describe('the renewal completes at the source', () => {
  it('carries the new completion and validity to the receiver at once; both sides record it', async () => {
    const renewed = await send(
      w.managerA,
      'POST',
      `/api/app/requirement/${w.definitionA}/complete-without-upload/${plaA}`,
      { date: today },
    );
    expect(renewed.statusCode, renewed.body).toBe(200);
    const validUntil = addDays(today, 364);
    expect(await copy()).toMatchObject({ completedOn: today, validUntil, revokedAt: null });
    expect((await copy()).summary).toMatchObject({ completedOn: today, validUntil });
    const [share] = await w.t.database.db
      .select()
      .from(credentialShares)
      .where(eq(credentialShares.id, shareId));
    expect(share?.revokedAt).toBeNull();
    expect(share?.summary).toMatchObject({ completedOn: today, validUntil });

    // Where it was shared: Completed again, named with the new completion day.
    const inB = await requirementOf(w, w.coachB.profileId, w.definitionB);
    expect(inB.status).toBe(RequirementStatus.Completed);
    const mine = await send(w.coachB, 'GET', '/api/app/requirement/my-requirements');
    expect(mine.json().items[0]).toMatchObject({
      status: RequirementStatus.Completed,
      sharedCredential: { sourceOrganizationName: 'Riverside Youth Soccer', completedOn: today },
    });
    const statusEvents = await w.t.database.db
      .select({ data: requirementEvents.data })
      .from(requirementEvents)
      .where(and(eq(requirementEvents.memberRequirementId, inB.id), eq(requirementEvents.action, 'status')));
    expect(statusEvents.map((e) => e.data)).toContainEqual({ reason: 'credential-renewed' });

    // The histories and audit trails of both sides.
    const inA = await requirementOf(w, w.coachA.profileId, w.definitionA);
    expect(await historyOf(w, inA.id)).toEqual(['credential-shared', 'credential-share-renewed']);
    expect(await historyOf(w, inB.id)).toEqual(['credential-received', 'credential-renewed']);
    const [event] = await w.t.database.db
      .select({ data: requirementEvents.data })
      .from(requirementEvents)
      .where(
        and(
          eq(requirementEvents.memberRequirementId, inB.id),
          eq(requirementEvents.action, 'credential-renewed'),
        ),
      );
    expect(event?.data).toEqual({
      shareId,
      requirementName: 'Age verification',
      completedOn: today,
      validUntil,
      previousCompletedOn: oldCompletion,
      previousValidUntil: addDays(oldCompletion, 364),
      fromOrganization: 'Riverside Youth Soccer',
    });
    expect(await credentialAudit(w, w.a.id)).toEqual(['credential.shared', 'credential.share_renewed']);
    expect((await credentialAudit(w, w.b.id)).slice(-2)).toEqual([
      'credential.received',
      'credential.renewed',
    ]);
    const [audit] = await w.t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, w.b.id), eq(auditEvents.action, 'credential.renewed')));
    expect(audit?.actorUserId).toBeNull();

    // The member's sharing page shows the live share with the renewed dates.
    const page = await send(w.coachA, 'GET', `/api/app/profile/${w.coachA.profileId}/credential-sharing`);
    expect(page.json().shares[0]).toMatchObject({
      id: shareId,
      revokedAt: null,
      summary: { completedOn: today, validUntil },
    });
  });

  it('changes nothing when the source re-derives again', async () => {
    await refreshMemberRequirementsNow(w.t.database.db, w.a.id);
    const inA = await requirementOf(w, w.coachA.profileId, w.definitionA);
    expect(await historyOf(w, inA.id)).toEqual(['credential-shared', 'credential-share-renewed']);
    expect(await credentialAudit(w, w.b.id)).not.toContain('credential.lapsed');
  });

  it('a share the member stopped is not renewed', async () => {
    const stop = await send(
      w.coachA,
      'POST',
      `/api/app/profile/${w.coachA.profileId}/credential-shares/${shareId}/revoke`,
    );
    expect(stop.statusCode, stop.body).toBe(200);
    const corrected = await send(
      w.managerA,
      'PATCH',
      `/api/app/requirement/${w.definitionA}/completed-date-time/${plaA}`,
      { completedDateTime: `${addDays(today, -1)}T00:00:00.000Z` },
    );
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await copy()).toMatchObject({ completedOn: today, revokedReason: 'consent-withdrawn' });
    const inA = await requirementOf(w, w.coachA.profileId, w.definitionA);
    expect(await historyOf(w, inA.id)).toEqual([
      'credential-shared',
      'credential-share-renewed',
      'credential-share-revoked',
    ]);
  });
});
