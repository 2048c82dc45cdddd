import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import type { TestMember } from '../../../test/factories.ts';
import {
  auditEvents,
  credentialShares,
  receivedCredentials,
  requirementEvents,
} from '../../db/schema/index.ts';
import { addDays, dayOf } from '../../requirement-core/engine/calendar.ts';
import { rederiveDateDependentStatuses } from '../../requirement-core/requirements-engine.service.ts';
import { lapseOf, receivedReasonOf } from '../../requirement-core/shared-credential-lapse.ts';
import {
  accessOf,
  createSharingWorld,
  credentialAudit,
  historyOf,
  requirementOf,
  type SharingWorld,
} from './credential-sharing.test-support.ts';

// A share whose source stops holding in the sharing organization (ADR 049, "When the source changes"): reset,
// expired — the receiving organization stops counting it at once, and both histories say why. The member's
// requirement page names the credential while it counts. PGlite, and PostgreSQL with TEST_DATABASE_URL.

let w: SharingWorld;
beforeAll(async () => {
  w = await createSharingWorld();
  const accept = await send(w.adminB, 'PUT', `/api/app/content/${w.definitionB}/credential-acceptance`, {
    acceptsShared: true,
    maxAgeDays: null,
  });
  expect(accept.statusCode, accept.body).toBe(200);
});
afterAll(async () => w.t.close());

const send = (who: TestMember, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  w.t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
const statusInB = async (profileId: string) => (await requirementOf(w, profileId, w.definitionB)).status;

async function share(who: TestMember, profileId: string, targetProfileId: string): Promise<string> {
  const res = await send(who, 'POST', `/api/app/profile/${profileId}/credential-shares`, {
    memberRequirementId: (await requirementOf(w, profileId, w.definitionA)).id,
    targetProfileId,
    consent: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

async function reasons(shareId: string) {
  const [sent] = await w.t.database.db
    .select()
    .from(credentialShares)
    .where(eq(credentialShares.id, shareId));
  const [got] = await w.t.database.db
    .select()
    .from(receivedCredentials)
    .where(eq(receivedCredentials.shareId, shareId));
  return {
    share: sent?.revokedReason ?? null,
    received: got?.revokedReason ?? null,
    live: got?.revokedAt === null,
  };
}

/** The data of a requirement's last history event of an action. */
async function lastEventData(requirementId: string, action: string) {
  const rows = await w.t.database.db
    .select({ data: requirementEvents.data, at: requirementEvents.createdAt })
    .from(requirementEvents)
    .where(
      and(eq(requirementEvents.memberRequirementId, requirementId), eq(requirementEvents.action, action)),
    );
  return rows.sort((x, y) => x.at.getTime() - y.at.getTime()).at(-1)?.data;
}

describe('the member requirement page while a shared credential counts', () => {
  it('names the credential, where it came from and when; not once it is the member’s own', async () => {
    const shareId = await share(w.coachA, w.coachA.profileId, w.coachB.profileId);
    expect(await statusInB(w.coachB.profileId)).toBe(RequirementStatus.Completed);
    const mine = await send(w.coachB, 'GET', '/api/app/requirement/my-requirements');
    expect(mine.json().items[0]).toMatchObject({
      status: RequirementStatus.Completed,
      completedAt: null,
      sharedCredential: { sourceOrganizationName: 'Riverside Youth Soccer', completedOn: w.completedOn },
    });
    // In A the coach met it themself: nothing is named.
    const inA = await send(w.coachA, 'GET', '/api/app/requirement/my-requirements');
    expect(inA.json().items[0]).toMatchObject({
      status: RequirementStatus.Completed,
      sharedCredential: null,
    });
    expect((await reasons(shareId)).live).toBe(true);
  });
});

describe('when the source is reset in the sharing organization', () => {
  it('the receiver stops counting it at once; both histories and audit trails say why', async () => {
    const requirementA = await requirementOf(w, w.coachA.profileId, w.definitionA);
    const reset = await send(
      w.managerA,
      'POST',
      `/api/app/requirement/${w.definitionA}/mark-incomplete/${await accessOf(w, w.coachA.profileId)}`,
      { note: 'The proof was of someone else' },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await statusInB(w.coachB.profileId)).toBe(RequirementStatus.Incomplete);
    const mine = await send(w.coachB, 'GET', '/api/app/requirement/my-requirements');
    expect(mine.json().items[0]).toMatchObject({
      status: RequirementStatus.Incomplete,
      sharedCredential: null,
    });

    const [shareRow] = await w.t.database.db
      .select()
      .from(credentialShares)
      .where(eq(credentialShares.memberRequirementId, requirementA.id));
    if (!shareRow) throw new Error('no share');
    expect(shareRow.revokedAt).not.toBeNull();
    // The sharing side keeps the precise reason; the receiver learns only that the source no longer holds it.
    expect(await reasons(shareRow.id)).toEqual({
      share: 'reset',
      received: 'source-no-longer-valid',
      live: false,
    });
    expect(await historyOf(w, requirementA.id)).toEqual(['credential-shared', 'credential-share-lapsed']);
    expect(await lastEventData(requirementA.id, 'credential-share-lapsed')).toMatchObject({
      reason: 'reset',
      toOrganization: 'Hillcrest United',
    });
    const inB = await requirementOf(w, w.coachB.profileId, w.definitionB);
    expect(await historyOf(w, inB.id)).toEqual(['credential-received', 'credential-lapsed']);
    expect(await lastEventData(inB.id, 'credential-lapsed')).toEqual({
      shareId: shareRow.id,
      requirementName: 'Age verification',
      fromOrganization: 'Riverside Youth Soccer',
      reason: 'source-no-longer-valid',
    });
    const statusEvents = await w.t.database.db
      .select({ data: requirementEvents.data })
      .from(requirementEvents)
      .where(and(eq(requirementEvents.memberRequirementId, inB.id), eq(requirementEvents.action, 'status')));
    expect(statusEvents.map((e) => e.data)).toContainEqual({ reason: 'credential-lapsed' });
    expect(await credentialAudit(w, w.a.id)).toEqual(['credential.shared', 'credential.share_lapsed']);
    expect((await credentialAudit(w, w.b.id)).slice(-2)).toEqual([
      'credential.received',
      'credential.lapsed',
    ]);
    const [lapsedAudit] = await w.t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, w.b.id), eq(auditEvents.action, 'credential.lapsed')));
    expect(lapsedAudit?.actorUserId).toBeNull();

    // The member's sharing page shows it stopped; revoking it again changes nothing.
    const page = await send(w.coachA, 'GET', `/api/app/profile/${w.coachA.profileId}/credential-sharing`);
    expect(page.json().credentials).toEqual([]);
    expect(page.json().shares[0].revokedAt).not.toBeNull();
    const again = await send(
      w.coachA,
      'POST',
      `/api/app/profile/${w.coachA.profileId}/credential-shares/${shareRow.id}/revoke`,
    );
    expect(again.statusCode).toBe(200);
    expect((await reasons(shareRow.id)).share).toBe('reset');
  });
});

describe('when the source expires in the sharing organization', () => {
  it('the daily re-derivation there lapses the share, and the receiver records an expiry', async () => {
    const shareId = await share(w.guardianA, w.childA, w.childB);
    expect(await statusInB(w.childB)).toBe(RequirementStatus.Completed);
    // A year on (the verification is valid 365 days from ten days ago), A's daily run: Expired there.
    const later = new Date(Date.now() + 400 * 86_400_000);
    await rederiveDateDependentStatuses(w.t.database.db, w.a.id, later, dayOf(later));
    expect((await requirementOf(w, w.childA, w.definitionA)).status).toBe(RequirementStatus.Expired);
    expect(await reasons(shareId)).toEqual({ share: 'expired', received: 'source-expired', live: false });
    // Back to today: B's requirement no longer counts the lapsed share (not met), A's is met again today.
    await rederiveDateDependentStatuses(w.t.database.db, w.a.id, new Date());
    await rederiveDateDependentStatuses(w.t.database.db, w.b.id, new Date());
    const inB = await requirementOf(w, w.childB, w.definitionB);
    expect([RequirementStatus.Incomplete, RequirementStatus.Overdue]).toContain(inB.status);
    expect(await lastEventData(inB.id, 'credential-lapsed')).toMatchObject({ reason: 'source-expired' });
    // A lapsed share stays lapsed: a new consent is needed (the credential is shareable again today).
    expect((await reasons(shareId)).live).toBe(false);
    expect(addDays(w.completedOn, 365) <= dayOf(later)).toBe(true);
  });
});

describe('why a source no longer holds', () => {
  it('reads the row: removed, disqualified, rejected, expired, otherwise reset', () => {
    const row = { active: true, status: RequirementStatus.Incomplete, reviewOutcome: null };
    expect(lapseOf({ ...row, active: false })).toBe('removed');
    expect(lapseOf({ ...row, reviewOutcome: ReviewOutcome.RejectedDisqualified })).toBe('disqualified');
    expect(lapseOf({ ...row, reviewOutcome: ReviewOutcome.RejectedReset })).toBe('rejected');
    expect(lapseOf({ ...row, status: RequirementStatus.Rejected })).toBe('rejected');
    expect(lapseOf({ ...row, status: RequirementStatus.Expired })).toBe('expired');
    expect(lapseOf(row)).toBe('reset');
    // A renewal waiting on the provider past the earlier completion's expiry: expired, not reset.
    const waiting = { ...row, status: RequirementStatus.WaitingOnProvider, expiresAt: '2026-01-10' };
    expect(lapseOf(waiting, '2026-01-10')).toBe('expired');
    expect(lapseOf(waiting, '2026-01-09')).toBe('reset');
    expect(receivedReasonOf('expired')).toBe('source-expired');
    for (const lapse of ['removed', 'disqualified', 'rejected', 'reset'] as const)
      expect(receivedReasonOf(lapse)).toBe('source-no-longer-valid');
  });
});
