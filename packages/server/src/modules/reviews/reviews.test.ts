import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import {
  call,
  createReviewWorld,
  requirementOf,
  submitForReview,
  type ReviewWorld,
} from './reviews.test-support.ts';

let w: ReviewWorld;
beforeAll(async () => {
  w = await createReviewWorld(4);
  for (const [i, p] of w.players.entries())
    await submitForReview(w, p, new Date(Date.now() - (10 - i) * 60_000));
});
afterAll(async () => w.t.close());

const base = '/api/app/requirement';
const p = (i: number) => w.players[i]!;

describe('GET pending-review-count/{orgId}', () => {
  const url = () => `${base}/pending-review-count/${w.org.id}`;
  it('401 anonymous, 404 another organization, 403 role too low, 400 bad id', async () => {
    expect((await call(w, null, 'GET', url())).statusCode).toBe(401);
    expect((await call(w, w.members.otherAdmin, 'GET', url())).statusCode).toBe(404);
    expect((await call(w, w.members.manager, 'GET', url())).statusCode).toBe(403);
    expect((await call(w, w.members.teammate, 'GET', url())).statusCode).toBe(403);
    expect((await call(w, w.members.director, 'GET', `${base}/pending-review-count/x`)).statusCode).toBe(400);
  });
  it('counts the pending completions in the levels the reviewer reviews', async () => {
    expect((await call(w, w.members.director, 'GET', url())).json()).toEqual({ count: 4 });
    expect((await call(w, w.sideDirector, 'GET', url())).json()).toEqual({ count: 0 });
  });
  it('is the active profile pendingReviewCount', async () => {
    const url = `/api/app/profile?AppUserId=${w.members.director.userId}`;
    const res = await call(w, w.members.director, 'GET', url);
    expect(res.json()).toMatchObject({ pendingReviewCount: 4 });
  });
});

describe('GET review-requirements/{orgId}', () => {
  const url = (q = '') => `${base}/review-requirements/${w.org.id}${q}`;
  it('401, 404 another organization, 403 role too low, 400 bad input', async () => {
    expect((await call(w, null, 'GET', url())).statusCode).toBe(401);
    expect((await call(w, w.members.otherAdmin, 'GET', url())).statusCode).toBe(404);
    expect((await call(w, w.members.manager, 'GET', url())).statusCode).toBe(403);
    expect((await call(w, w.members.director, 'GET', url('?type=Nope'))).statusCode).toBe(400);
    expect((await call(w, w.members.director, 'GET', url('?perPage=0'))).statusCode).toBe(400);
    expect((await call(w, w.members.director, 'GET', url('?reviewSource=Fax'))).statusCode).toBe(400);
  });
  it('lists the Pending tab oldest first, paged (defaults 1 and 25), filtered and scoped', async () => {
    const all = (await call(w, w.members.director, 'GET', url())).json();
    expect(all.totalCount).toBe(4);
    expect(all.items.map((i: { plaId: string }) => i.plaId)).toEqual(
      w.players.map((x) => x.profileLevelAccessId),
    );
    expect(all.items[0]).toMatchObject({
      reviewSource: 'ManualUpload',
      requirementName: 'Birth certificate',
      decision: null,
    });
    const page2 = (await call(w, w.members.director, 'GET', url('?page=2&perPage=3'))).json();
    expect(page2).toMatchObject({ totalCount: 4 });
    expect(page2.items).toHaveLength(1);
    expect((await call(w, w.members.director, 'GET', url('?requirementType=2'))).json().totalCount).toBe(0);
    expect((await call(w, w.members.director, 'GET', url('?reviewSource=LiveScan'))).json().totalCount).toBe(
      0,
    );
    expect(
      (await call(w, w.members.director, 'GET', url(`?levelId=${w.org.team.id}`))).json().totalCount,
    ).toBe(4);
    expect(
      (await call(w, w.members.director, 'GET', url(`?levelId=${w.other.team.id}`))).json().totalCount,
    ).toBe(0);
    expect((await call(w, w.sideDirector, 'GET', url())).json()).toEqual({ items: [], totalCount: 0 });
  });
});

describe('GET {id}/review?plaId', () => {
  const url = (i = 0) => `${base}/${w.definitionId}/review?plaId=${p(i).profileLevelAccessId}`;
  it('401, 404 another organization or an unreachable level, 403 role too low, 400 bad input', async () => {
    expect((await call(w, null, 'GET', url())).statusCode).toBe(401);
    expect((await call(w, w.members.otherAdmin, 'GET', url())).statusCode).toBe(404);
    expect((await call(w, w.sideDirector, 'GET', url())).statusCode).toBe(404);
    expect((await call(w, w.members.manager, 'GET', url())).statusCode).toBe(403);
    expect((await call(w, p(1), 'GET', url())).statusCode).toBe(403);
    expect((await call(w, w.members.director, 'GET', `${base}/${w.definitionId}/review`)).statusCode).toBe(
      400,
    );
  });
  it('gives the member, the requirement, files, answers and history', async () => {
    const res = await call(w, w.members.director, 'GET', url());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      member: { firstName: 'Player0', lastName: 'Keeper' },
      requirement: {
        name: 'Birth certificate',
        status: RequirementStatus.PendingReview,
        pendingReview: true,
      },
      files: [],
      formSubmission: null,
      decisions: [],
    });
  });
});

describe('GET adjacent-review-requirement', () => {
  const url = (current: string, dir: string) =>
    `${base}/adjacent-review-requirement?type=Pending&dir=${dir}&currentId=${current}`;
  it('401, 404 another organization, 403 role too low, 400 bad input', async () => {
    const current = (await requirementOf(w, p(1))).id;
    expect((await call(w, null, 'GET', url(current, 'Next'))).statusCode).toBe(401);
    expect((await call(w, w.members.otherAdmin, 'GET', url(current, 'Next'))).statusCode).toBe(404);
    expect((await call(w, w.members.manager, 'GET', url(current, 'Next'))).statusCode).toBe(403);
    expect((await call(w, w.members.director, 'GET', url(current, 'Sideways'))).statusCode).toBe(400);
  });
  it('walks the queue with Next and Previous, and ends with null', async () => {
    const ids = await Promise.all(w.players.map(async (x) => (await requirementOf(w, x)).id));
    const next = (await call(w, w.members.director, 'GET', url(ids[1]!, 'Next'))).json();
    expect(next.item.memberRequirementId).toBe(ids[2]);
    const prev = (await call(w, w.members.director, 'GET', url(ids[1]!, 'Previous'))).json();
    expect(prev.item.memberRequirementId).toBe(ids[0]);
    expect((await call(w, w.members.director, 'GET', url(ids[3]!, 'Next'))).json()).toEqual({ item: null });
    expect((await call(w, w.sideDirector, 'GET', url(ids[1]!, 'Next'))).json()).toEqual({ item: null });
  });
});

describe('POST {id}/review/{plaId}', () => {
  const url = (i: number) => `${base}/${w.definitionId}/review/${p(i).profileLevelAccessId}`;
  const approve = { reviewDecision: ReviewOutcome.Approved, reviewNotes: '' };
  it('401, 404 another organization or an unreachable level, 403 role too low, 400 bad input: nothing changes', async () => {
    expect((await call(w, null, 'POST', url(0), approve)).statusCode).toBe(401);
    expect((await call(w, w.members.otherAdmin, 'POST', url(0), approve)).statusCode).toBe(404);
    expect((await call(w, w.sideDirector, 'POST', url(0), approve)).statusCode).toBe(404);
    expect((await call(w, w.members.manager, 'POST', url(0), approve)).statusCode).toBe(403);
    const bad = [
      { reviewDecision: ReviewOutcome.Pending, reviewNotes: '' },
      { reviewDecision: 9, reviewNotes: '' },
      { reviewDecision: ReviewOutcome.RejectedReset, reviewNotes: '  ' },
      { ...approve, completedDateTime: '2999-01-01T00:00:00Z' },
    ];
    for (const body of bad)
      expect((await call(w, w.members.director, 'POST', url(0), body)).statusCode).toBe(400);
    expect((await requirementOf(w, p(0))).status).toBe(RequirementStatus.PendingReview);
  });
  it('approves, then refuses a second decision with 409', async () => {
    const res = await call(w, w.members.director, 'POST', url(0), approve);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reviewed: 1, pendingReviewCount: 3 });
    expect((await requirementOf(w, p(0))).status).toBe(RequirementStatus.Completed);
    expect((await call(w, w.members.director, 'POST', url(0), approve)).statusCode).toBe(409);
  });
});

describe('PATCH {id}/completed-date-time/{plaId} during review', () => {
  it('lets the reviewer correct the completion date of a pending requirement', async () => {
    const url = `${base}/${w.definitionId}/completed-date-time/${p(3).profileLevelAccessId}`;
    const res = await call(w, w.members.director, 'PATCH', url, {
      completedDateTime: '2026-01-02T03:04:05.000Z',
    });
    expect(res.statusCode).toBe(200);
    const row = await requirementOf(w, p(3));
    expect(row.completedAt?.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(row.status).toBe(RequirementStatus.PendingReview);
  });
});

describe('POST bulk-review', () => {
  const url = `${base}/bulk-review`;
  const items = (...i: number[]) => i.map((n) => ({ id: w.definitionId, plaId: p(n).profileLevelAccessId }));
  const review = { reviewDecision: ReviewOutcome.Approved, reviewNotes: 'Looks right' };
  it('401, 404 another organization or unreachable, 403 role too low, 400 bad input: nothing changes', async () => {
    expect((await call(w, null, 'POST', url, { requirements: items(1), review })).statusCode).toBe(401);
    const foreign = await call(w, w.members.otherAdmin, 'POST', url, { requirements: items(1), review });
    expect(foreign.statusCode).toBe(404);
    expect((await call(w, w.sideDirector, 'POST', url, { requirements: items(1), review })).statusCode).toBe(
      404,
    );
    expect(
      (await call(w, w.members.manager, 'POST', url, { requirements: items(1), review })).statusCode,
    ).toBe(403);
    expect((await call(w, w.members.director, 'POST', url, { requirements: [], review })).statusCode).toBe(
      400,
    );
    expect(
      (await call(w, w.members.director, 'POST', url, { requirements: items(1, 1), review })).statusCode,
    ).toBe(400);
    expect((await requirementOf(w, p(1))).status).toBe(RequirementStatus.PendingReview);
  });
  it('is all or nothing: 409 names the items that cannot be reviewed and why', async () => {
    const res = await call(w, w.members.director, 'POST', url, { requirements: items(1, 0, 2), review });
    expect(res.statusCode).toBe(409);
    const errors = res.json().error.validationErrors as { field: string; message: string }[];
    expect(errors).toEqual([
      {
        field: 'requirements.1',
        in: 'body',
        message: 'Player0 Keeper — Birth certificate is Completed, not awaiting review',
      },
    ]);
    expect((await requirementOf(w, p(1))).status).toBe(RequirementStatus.PendingReview);
  });
  it('approves every item in one call', async () => {
    const res = await call(w, w.members.director, 'POST', url, { requirements: items(1, 2, 3), review });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reviewed: 3, pendingReviewCount: 0 });
    for (const i of [1, 2, 3])
      expect((await requirementOf(w, p(i))).status).toBe(RequirementStatus.Completed);
    const history = (
      await call(w, w.members.director, 'GET', `${base}/review-requirements/${w.org.id}?type=Historical`)
    ).json();
    expect(history.totalCount).toBe(4);
    expect(history.items[0].decision).toMatchObject({
      outcome: ReviewOutcome.Approved,
      notes: 'Looks right',
    });
  });
});
