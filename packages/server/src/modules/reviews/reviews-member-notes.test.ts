import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myRequirementsPath, myRequirementsResponseSchema } from '@touchline/contracts/member-requirements';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import type { TestMember } from '../../../test/factories.ts';
import { call, createReviewWorld, submitForReview, type ReviewWorld } from './reviews.test-support.ts';

let w: ReviewWorld;
beforeAll(async () => {
  w = await createReviewWorld(2);
  for (const p of w.players) await submitForReview(w, p);
});
afterAll(async () => w.t.close());

const decide = (player: TestMember, reviewDecision: number, reviewNotes: string) =>
  call(
    w,
    w.members.director,
    'POST',
    `/api/app/requirement/${w.definitionId}/review/${player.profileLevelAccessId}`,
    { reviewDecision, reviewNotes },
  );

async function mine(player: TestMember) {
  const res = await call(w, player, 'GET', myRequirementsPath);
  expect(res.statusCode).toBe(200);
  const item = myRequirementsResponseSchema.parse(res.json()).items[0];
  return { raw: res.body, item };
}

describe('the member sees why a requirement was returned, never why they were disqualified (ADR 015)', () => {
  it('a RejectedReset shows its notes to the member, the latest reset winning, until resubmitted', async () => {
    const player = w.players[0]!;
    expect((await decide(player, ReviewOutcome.RejectedReset, 'The scan is blurry')).statusCode).toBe(200);
    let { item } = await mine(player);
    expect(item).toMatchObject({
      status: RequirementStatus.Rejected,
      returnedNotes: 'The scan is blurry',
      nextAction: 'complete',
    });

    await submitForReview(w, player);
    ({ item } = await mine(player));
    expect(item?.returnedNotes).toBeNull();

    expect((await decide(player, ReviewOutcome.RejectedReset, 'Wrong document')).statusCode).toBe(200);
    ({ item } = await mine(player));
    expect(item?.returnedNotes).toBe('Wrong document');
  });

  it('a RejectedDisqualified never carries its notes, nor an earlier reset’s', async () => {
    const returned = w.players[0]!;
    await submitForReview(w, returned);
    expect((await decide(returned, ReviewOutcome.RejectedDisqualified, 'Secret reason A')).statusCode).toBe(
      200,
    );
    const after = await mine(returned);
    expect(after.item?.status).toBe(RequirementStatus.Rejected);
    expect(after.item?.returnedNotes).toBeNull();
    expect(after.raw).not.toContain('Secret reason A');
    expect(after.raw).not.toContain('Wrong document');

    const straight = w.players[1]!;
    expect((await decide(straight, ReviewOutcome.RejectedDisqualified, 'Secret reason B')).statusCode).toBe(
      200,
    );
    const direct = await mine(straight);
    expect(direct.item?.returnedNotes).toBeNull();
    expect(direct.raw).not.toContain('Secret reason B');
  });
});
