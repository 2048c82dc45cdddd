import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Condition, type ConditionList } from '@touchline/contracts/conditions';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import type { TestMember } from '../../../test/factories.ts';
import { memberRequirements } from '../../db/schema/index.ts';
import { clearanceApprovedNote, clearanceDefinitionOf } from './clearance-requirement.service.ts';
import {
  auditOf,
  closeIncidentWorld,
  createIncidentWorld,
  multipart,
  overallStatusOf,
  pdfBytes,
  report,
  type IncidentWorld,
} from './incidents.test-kit.ts';

// ADR 040: the return-to-play clearance is a requirement reviewed in the queue like any upload; approving it lifts
// the condition with a note, rejecting it returns the clearance; the conditions page's hand-in still works.

let w: IncidentWorld;
let definitionId: string;
const requirementApi = '/api/app/requirement';

const handIn = (who: TestMember, profileId: string, conditionId: string) => {
  const body = multipart([{ name: 'file', filename: 'clearance.pdf', data: pdfBytes }]);
  return w.t.app.inject({
    method: 'POST',
    url: `/api/app/profile/${profileId}/condition-clearance/${conditionId}`,
    payload: body.payload,
    headers: { ...body.headers, ...who.auth },
  });
};
const conditionsOf = async (who: TestMember, profileId: string) => {
  const res = await w.t.app.inject({ url: `/api/app/profile/conditions/${profileId}`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ConditionList).items as Condition[];
};
const clearanceRow = async (who: TestMember) => {
  const [row] = await w.t.database.db
    .select()
    .from(memberRequirements)
    .where(
      and(
        eq(memberRequirements.organizationId, w.org.id),
        eq(memberRequirements.profileId, who.profileId),
        eq(memberRequirements.definitionId, definitionId),
      ),
    );
  return row;
};
const pendingQueue = async (who: TestMember) => {
  const res = await w.t.app.inject({
    url: `${requirementApi}/review-requirements/${w.org.id}?type=Pending`,
    headers: who.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { definitionId: string; plaId: string; requirementName: string }[] }).items;
};
const review = (who: TestMember | null, member: TestMember, payload: object) =>
  w.t.app.inject({
    method: 'POST',
    url: `${requirementApi}/${definitionId}/review/${member.profileLevelAccessId}`,
    headers: who?.auth ?? {},
    payload,
  });

beforeAll(async () => {
  w = await createIncidentWorld();
  await report(w, w.coach, {
    type: 'concussion',
    involved: [
      { profileId: w.player.profileId, role: 'Injured' },
      { profileId: w.child.profileId, role: 'Injured' },
    ],
    whatHappened: 'Two players collided heading the ball.',
  });
  definitionId = (await clearanceDefinitionOf(w.t.database.db, w.org.id))!;
});
afterAll(() => closeIncidentWorld(w));

describe('the return-to-play clearance in the review queue', () => {
  it('a concussion gives each injured member the clearance requirement, and only them', async () => {
    expect(definitionId).toBeTruthy();
    expect(await clearanceRow(w.player)).toMatchObject({ active: true, pendingReview: false });
    expect(await clearanceRow(w.child)).toMatchObject({ active: true, pendingReview: false });
    expect(await clearanceRow(w.coach)).toBeUndefined();
    // Another organization has no such definition.
    expect(await clearanceDefinitionOf(w.t.database.db, w.other.id)).toBeNull();
  });

  it('a clearance handed in on the conditions page waits in the queue like any upload', async () => {
    const [condition] = await conditionsOf(w.player, w.player.profileId);
    const res = await handIn(w.player, w.player.profileId, condition!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Condition).status).toBe('ClearanceSubmitted');
    expect(await clearanceRow(w.player)).toMatchObject({ active: true, pendingReview: true });
    const queue = await pendingQueue(w.admin);
    expect(queue).toContainEqual(
      expect.objectContaining({
        definitionId,
        plaId: w.player.profileLevelAccessId,
        requirementName: 'Return-to-play clearance',
      }),
    );
  });

  it('the review call keeps its matrix: 401, 404 another organization, 403 too low, 400 without a reset note', async () => {
    expect((await review(null, w.player, { reviewDecision: ReviewOutcome.Approved })).statusCode).toBe(401);
    expect(
      (await review(w.otherAdmin, w.player, { reviewDecision: ReviewOutcome.Approved })).statusCode,
    ).toBe(404);
    expect((await review(w.player, w.player, { reviewDecision: ReviewOutcome.Approved })).statusCode).toBe(
      403,
    );
    expect(
      (await review(w.admin, w.player, { reviewDecision: ReviewOutcome.RejectedReset })).statusCode,
    ).toBe(400);
    // Nothing moved.
    expect((await conditionsOf(w.admin, w.player.profileId))[0]?.status).toBe('ClearanceSubmitted');
  });

  it('approving it in the queue lifts the condition with the reviewer’s note, and the member may be cleared again', async () => {
    expect(await overallStatusOf(w, w.player)).toBe(MemberOverallStatus.Incomplete);
    const res = await review(w.admin, w.player, {
      reviewDecision: ReviewOutcome.Approved,
      reviewNotes: 'Signed by Dr. Reyes, MD; graduated return completed.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [condition] = await conditionsOf(w.admin, w.player.profileId);
    expect(condition).toMatchObject({
      status: 'Lifted',
      lifted: { note: 'Signed by Dr. Reyes, MD; graduated return completed.' },
    });
    // The clearance requirement leaves the member (history kept), so the member is no longer held by it.
    expect(await clearanceRow(w.player)).toMatchObject({ active: false });
    expect(await overallStatusOf(w, w.player)).not.toBe(MemberOverallStatus.Incomplete);
    const lifted = await auditOf(w, 'condition.lifted');
    expect(lifted.map((e) => (e.data as { profileId: string }).profileId)).toContain(w.player.profileId);
  });

  it('a clearance uploaded on the requirement page waits in the queue too, flagged on the restricted list', async () => {
    const restricted = async () => {
      const res = await w.t.app.inject({
        url: '/api/app/incident/restricted-members',
        headers: w.admin.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { items: { profileId: string; clearanceWaiting: boolean }[] }).items;
    };
    expect((await restricted()).find((i) => i.profileId === w.child.profileId)?.clearanceWaiting).toBe(false);
    const body = multipart([{ name: 'file', filename: 'letter.pdf', data: pdfBytes }]);
    const res = await w.t.app.inject({
      method: 'POST',
      url: `${requirementApi}/${definitionId}/complete-document?plaId=${w.child.profileLevelAccessId}`,
      payload: body.payload,
      headers: { ...body.headers, ...w.parent.auth },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await clearanceRow(w.child)).toMatchObject({ pendingReview: true });
    expect((await restricted()).find((i) => i.profileId === w.child.profileId)?.clearanceWaiting).toBe(true);
    // Returned from the queue (the conditions-page hand-in below starts afresh).
    const reset = await review(w.admin, w.child, {
      reviewDecision: ReviewOutcome.RejectedReset,
      reviewNotes: 'Please use the provider’s letterhead.',
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('a reset returns the handed-in clearance; a later approval without notes lifts with the standard note', async () => {
    const [condition] = await conditionsOf(w.parent, w.child.profileId);
    expect((await handIn(w.parent, w.child.profileId, condition!.id)).statusCode).toBe(200);
    const reset = await review(w.admin, w.child, {
      reviewDecision: ReviewOutcome.RejectedReset,
      reviewNotes: 'The letter is not signed.',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await conditionsOf(w.admin, w.child.profileId))[0]?.status).toBe('Active');
    expect(await clearanceRow(w.child)).toMatchObject({ active: true, pendingReview: false });

    expect((await handIn(w.parent, w.child.profileId, condition!.id)).statusCode).toBe(200);
    const bulk = await w.t.app.inject({
      method: 'POST',
      url: `${requirementApi}/bulk-review`,
      headers: w.admin.auth,
      payload: {
        requirements: [{ id: definitionId, plaId: w.child.profileLevelAccessId }],
        review: { reviewDecision: ReviewOutcome.Approved },
      },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect((await conditionsOf(w.admin, w.child.profileId))[0]).toMatchObject({
      status: 'Lifted',
      lifted: { note: clearanceApprovedNote },
    });
  });
});
