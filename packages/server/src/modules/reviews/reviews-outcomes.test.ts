import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirementSummaryDrift } from '../../../test/requirement-summary.ts';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import { auditEvents, mailOutbox, requirementReviews } from '../../db/schema/index.ts';
import {
  call,
  createReviewWorld,
  overallOf,
  requirementOf,
  submitForReview,
  type ReviewWorld,
} from './reviews.test-support.ts';

let w: ReviewWorld;
beforeAll(async () => {
  w = await createReviewWorld(3);
  for (const p of w.players) await submitForReview(w, p);
});
afterAll(async () => w.t.close());

const base = '/api/app/requirement';
const decide = (i: number, reviewDecision: number, reviewNotes = '') =>
  call(
    w,
    w.members.director,
    'POST',
    `${base}/${w.definitionId}/review/${w.players[i]!.profileLevelAccessId}`,
    {
      reviewDecision,
      reviewNotes,
    },
  );

describe('review outcomes drive the requirement statuses (ADR 012)', () => {
  it('Approved completes the requirement and clears the member', async () => {
    expect((await decide(0, ReviewOutcome.Approved)).statusCode).toBe(200);
    const row = await requirementOf(w, w.players[0]!);
    expect(row).toMatchObject({
      status: RequirementStatus.Completed,
      pendingReview: false,
      reviewOutcome: 1,
    });
    expect(await overallOf(w, w.players[0]!)).toBe(MemberOverallStatus.Cleared);
  });

  it('RejectedReset returns it to the member (Rejected, then resubmittable) and e-mails the reason', async () => {
    const reason = 'The scan is cut off; upload the whole page.';
    expect((await decide(1, ReviewOutcome.RejectedReset, reason)).statusCode).toBe(200);
    const row = await requirementOf(w, w.players[1]!);
    expect(row).toMatchObject({
      status: RequirementStatus.Rejected,
      completedAt: null,
      pendingReview: false,
    });
    const mails = await w.t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, w.players[1]!.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(reason);
    expect(await overallOf(w, w.players[1]!)).toBe(MemberOverallStatus.Incomplete);
  });

  it('RejectedDisqualified disqualifies the member and tells them nothing of the reason', async () => {
    const reason = 'Document appears altered.';
    expect((await decide(2, ReviewOutcome.RejectedDisqualified, reason)).statusCode).toBe(200);
    expect((await requirementOf(w, w.players[2]!)).status).toBe(RequirementStatus.Rejected);
    expect(await overallOf(w, w.players[2]!)).toBe(MemberOverallStatus.Disqualified);
    const mails = await w.t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, w.players[2]!.email));
    expect(mails).toHaveLength(0);
    const mine = await call(w, w.players[2]!, 'GET', '/api/app/requirement/my-requirements');
    expect(mine.statusCode).toBe(200);
    expect(mine.body).not.toContain(reason);
  });

  it('keeps every decision with its reviewer, audits it, and lists it on the Historical tab', async () => {
    const rows = await w.t.database.db
      .select()
      .from(requirementReviews)
      .where(eq(requirementReviews.organizationId, w.org.id));
    expect(rows.map((r) => r.outcome).sort()).toEqual([1, 2, 3]);
    expect(rows.every((r) => r.reviewerUserId === w.members.director.userId)).toBe(true);
    const audits = await w.t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, w.org.id), eq(auditEvents.action, 'requirement.review')));
    expect(audits).toHaveLength(3);
    const history = (
      await call(w, w.members.director, 'GET', `${base}/review-requirements/${w.org.id}?type=Historical`)
    ).json();
    expect(history.items[0].decision).toMatchObject({ outcome: 3, notes: 'Document appears altered.' });
    expect(history.items[0].decision.reviewerName).toContain('Director');
  });

  it('a reset member resubmits and the requirement is pending again', async () => {
    await submitForReview(w, w.players[1]!);
    const list = (await call(w, w.members.director, 'GET', `${base}/review-requirements/${w.org.id}`)).json();
    expect(list.items.map((i: { plaId: string }) => i.plaId)).toEqual([w.players[1]!.profileLevelAccessId]);
  });

  it('bulk RejectedDisqualified needs notes and disqualifies set-based', async () => {
    const items = [{ id: w.definitionId, plaId: w.players[1]!.profileLevelAccessId }];
    const noNotes = { requirements: items, review: { reviewDecision: 3, reviewNotes: '' } };
    expect((await call(w, w.members.director, 'POST', `${base}/bulk-review`, noNotes)).statusCode).toBe(400);
    const body = { requirements: items, review: { reviewDecision: 3, reviewNotes: 'Altered' } };
    expect((await call(w, w.members.director, 'POST', `${base}/bulk-review`, body)).statusCode).toBe(200);
    expect(await overallOf(w, w.players[1]!)).toBe(MemberOverallStatus.Disqualified);
  });

  it('keeps the dashboard’s stored requirement summary in step with every decision, single and bulk', async () => {
    expect(await requirementSummaryDrift(w.t.database.db, w.org.id)).toBe(0);
  });
});
