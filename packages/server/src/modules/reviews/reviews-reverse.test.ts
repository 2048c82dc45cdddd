import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import { addTestMember } from '../../../test/factories.ts';
import { auditEvents } from '../../db/schema/index.ts';
import {
  call,
  createReviewWorld,
  overallOf,
  requirementOf,
  submitForReview,
  type ReviewWorld,
} from './reviews.test-support.ts';

let w: ReviewWorld;
let admin: Awaited<ReturnType<typeof addTestMember>>;
beforeAll(async () => {
  w = await createReviewWorld(2);
  admin = await addTestMember(w.t, w.org, w.org.root, 'Admin');
  for (const p of w.players) await submitForReview(w, p);
  const disqualify = await call(
    w,
    w.members.director,
    'POST',
    `${base}/${w.definitionId}/review/${w.players[0]!.profileLevelAccessId}`,
    { reviewDecision: ReviewOutcome.RejectedDisqualified, reviewNotes: 'Forged certificate' },
  );
  expect(disqualify.statusCode).toBe(200);
});
afterAll(async () => w.t.close());

const base = '/api/app/requirement';
const reverseUrl = (i: number) =>
  `${base}/${w.definitionId}/review/${w.players[i]!.profileLevelAccessId}/reverse-disqualification`;
const body = { reviewNotes: 'Wrong member: the certificate was fine' };

describe('POST {id}/review/{plaId}/reverse-disqualification (ADR 025)', () => {
  it('401 without a token', async () => {
    expect((await call(w, null, 'POST', reverseUrl(0), body)).statusCode).toBe(401);
  });

  it('404 for an administrator of another organization', async () => {
    expect((await call(w, w.members.otherAdmin, 'POST', reverseUrl(0), body)).statusCode).toBe(404);
  });

  it('403 for a director who reviews but does not administer, and for a manager', async () => {
    const director = await call(w, w.members.director, 'POST', reverseUrl(0), body);
    expect(director.statusCode).toBe(403);
    expect(director.json().error.message).toBe('Only administrators reverse a disqualification');
    expect((await call(w, w.members.manager, 'POST', reverseUrl(0), body)).statusCode).toBe(403);
  });

  it('400 without a reason', async () => {
    const res = await call(w, admin, 'POST', reverseUrl(0), { reviewNotes: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.validationErrors[0].field).toContain('reviewNotes');
  });

  it('409 on a requirement that is not disqualified', async () => {
    const res = await call(w, admin, 'POST', reverseUrl(1), body);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This requirement is not disqualified');
  });

  it('the review page offers the reversal to administrators only', async () => {
    const url = `${base}/${w.definitionId}/review?plaId=${w.players[0]!.profileLevelAccessId}`;
    expect((await call(w, admin, 'GET', url)).json().mayReverseDisqualification).toBe(true);
    expect((await call(w, w.members.director, 'GET', url)).json().mayReverseDisqualification).toBe(false);
  });

  it('an administrator returns it to the Pending queue, audited and shown in the history', async () => {
    expect(await overallOf(w, w.players[0]!)).toBe(MemberOverallStatus.Disqualified);
    const res = await call(w, admin, 'POST', reverseUrl(0), body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reviewed: 1, pendingReviewCount: 2 });
    const row = await requirementOf(w, w.players[0]!);
    expect(row).toMatchObject({
      status: RequirementStatus.PendingReview,
      pendingReview: true,
      reviewOutcome: ReviewOutcome.Pending,
      rejectedAt: null,
    });
    expect(row.completedAt).not.toBeNull();
    expect(await overallOf(w, w.players[0]!)).not.toBe(MemberOverallStatus.Disqualified);
    const audits = await w.t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'requirement.reverse_disqualification'), eq(auditEvents.entityId, row.id)),
      );
    expect(audits).toHaveLength(1);
    const detail = await call(
      w,
      admin,
      'GET',
      `${base}/${w.definitionId}/review?plaId=${w.players[0]!.profileLevelAccessId}`,
    );
    expect(detail.json().events[0]).toMatchObject({
      action: 'reverse-disqualification',
      notes: body.reviewNotes,
      toStatus: RequirementStatus.PendingReview,
    });
    expect(detail.json().mayReverseDisqualification).toBe(false);
    expect((await call(w, admin, 'POST', reverseUrl(0), body)).statusCode).toBe(409);
  });
});
