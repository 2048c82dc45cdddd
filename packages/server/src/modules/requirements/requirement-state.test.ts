import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import type { TestMember } from '../../../test/factories.ts';
import { memberRequirements, requirementEvents } from '../../db/schema/index.ts';
import {
  addRequirement,
  closeWorld,
  createWorld,
  multipart,
  pdfBytes,
  type World,
} from './requirement-actions.test-support.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(async () => closeWorld(w));

const base = '/api/app/requirement';
const pla = () => w.player.profileLevelAccessId;
const send = (who: TestMember, method: 'POST' | 'PATCH', url: string, payload?: object) =>
  w.t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

/** The row's facts as stored. */
async function factsOf(requirementId: string) {
  const [row] = await w.t.database.db
    .select()
    .from(memberRequirements)
    .where(eq(memberRequirements.id, requirementId));
  if (!row) throw new Error('no such requirement');
  return row;
}

/** A reviewer's rejection written as ADR 012's facts (the review calls are another issue's). */
async function reject(requirementId: string, outcome: ReviewOutcome, extra: { completedAt?: Date } = {}) {
  await w.t.database.db
    .update(memberRequirements)
    .set({
      pendingReview: false,
      reviewOutcome: outcome,
      rejectedAt: new Date('2026-03-01T09:00:00Z'),
      completedAt: extra.completedAt ?? null,
      expiresAt: extra.completedAt ? '2099-01-01' : null,
      waitingOn: null,
      status: RequirementStatus.Rejected,
    })
    .where(eq(memberRequirements.id, requirementId));
}

/** The newest event of an action on a requirement. */
async function lastEvent(requirementId: string, action: string) {
  const [row] = await w.t.database.db
    .select()
    .from(requirementEvents)
    .where(
      and(eq(requirementEvents.memberRequirementId, requirementId), eq(requirementEvents.action, action)),
    )
    .orderBy(desc(requirementEvents.createdAt))
    .limit(1);
  return row;
}

describe('the resulting facts of ADR 012', () => {
  it('a resubmitted document after a reset goes to review with the rejection cleared', async () => {
    const { definitionId, requirementId } = await addRequirement(w, RequirementType.Document);
    await reject(requirementId, ReviewOutcome.RejectedReset);
    const body = multipart([{ name: 'file', filename: 'again.pdf', data: pdfBytes }]);
    const res = await w.t.app.inject({
      method: 'POST',
      url: `${base}/${definitionId}/complete-document?plaId=${pla()}`,
      headers: { ...body.headers, ...w.player.auth },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe(RequirementStatus.PendingReview);
    expect(await factsOf(requirementId)).toMatchObject({
      status: RequirementStatus.PendingReview,
      pendingReview: true,
      reviewOutcome: ReviewOutcome.Pending,
      rejectedAt: null,
    });
    expect(await lastEvent(requirementId, 'complete-document')).toMatchObject({
      fromStatus: RequirementStatus.Rejected,
      toStatus: RequirementStatus.PendingReview,
    });
  });

  it('a re-signed waiver after a reset is Completed, not Rejected, and rejected_at is null', async () => {
    const { definitionId, requirementId } = await addRequirement(w, RequirementType.Waiver, {
      text: 'Risks.',
    });
    await reject(requirementId, ReviewOutcome.RejectedReset);
    const url = `${base}/${definitionId}/complete-waiver?plaId=${pla()}`;
    const res = await send(w.player, 'POST', url, { typedName: 'Robin Keeper', agreed: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe(RequirementStatus.Completed);
    expect(await factsOf(requirementId)).toMatchObject({ reviewOutcome: null, rejectedAt: null });
  });

  it("a manager's complete-without-upload clears a rejection", async () => {
    const { definitionId, requirementId } = await addRequirement(w, RequirementType.Form, { fields: [] });
    await reject(requirementId, ReviewOutcome.RejectedReset);
    const url = `${base}/${definitionId}/complete-without-upload/${pla()}`;
    const res = await send(w.manager, 'POST', url, { date: '2026-03-02' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await factsOf(requirementId)).toMatchObject({
      status: RequirementStatus.Completed,
      reviewOutcome: null,
      pendingReview: false,
      rejectedAt: null,
    });
  });

  it('mark-incomplete clears every fact, a disqualification included', async () => {
    const { definitionId, requirementId } = await addRequirement(w, RequirementType.Document);
    await reject(requirementId, ReviewOutcome.RejectedDisqualified, {
      completedAt: new Date('2026-02-01T00:00:00Z'),
    });
    await w.t.database.db
      .update(memberRequirements)
      .set({ waitingOn: 1 })
      .where(eq(memberRequirements.id, requirementId));
    const res = await send(w.manager, 'POST', `${base}/${definitionId}/mark-incomplete/${pla()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await factsOf(requirementId)).toMatchObject({
      status: RequirementStatus.Incomplete,
      completedAt: null,
      expiresAt: null,
      pendingReview: false,
      reviewOutcome: null,
      waitingOn: null,
      rejectedAt: null,
    });
  });

  it("an event's from-status is the one derived today, not a stored status a day old", async () => {
    const { definitionId, requirementId } = await addRequirement(w, RequirementType.Document);
    await w.t.database.db
      .update(memberRequirements)
      .set({
        completedAt: new Date('2020-01-01T00:00:00Z'),
        expiresAt: '2021-01-01',
        status: RequirementStatus.Completed,
      })
      .where(eq(memberRequirements.id, requirementId));
    const res = await send(w.manager, 'POST', `${base}/${definitionId}/mark-incomplete/${pla()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastEvent(requirementId, 'mark-incomplete')).toMatchObject({
      fromStatus: RequirementStatus.Expired,
      toStatus: RequirementStatus.Incomplete,
    });
  });
});
