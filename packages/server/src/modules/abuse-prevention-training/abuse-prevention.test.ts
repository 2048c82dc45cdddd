import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { ReviewSource } from '@touchline/contracts/reviews';
import type { TestMember } from '../../../test/factories.ts';
import { memberRequirements } from '../../db/schema/index.ts';
import { dayOf, addDays } from '../../requirement-core/engine/calendar.ts';
import {
  addRequirement,
  closeWorld,
  countsOf,
  createWorld,
  multipart,
  pdfBytes,
  statusOf,
  type World,
} from '../requirements/requirement-actions.test-support.ts';

let w: World;
let definitionId = '';
let requirementId = '';
beforeAll(async () => {
  w = await createWorld();
  ({ definitionId, requirementId } = await addRequirement(
    w,
    RequirementType.AbusePreventionTraining,
    {},
    'Abuse prevention',
  ));
});
afterAll(async () => closeWorld(w));

const today = dayOf(new Date());
const upload = (who: TestMember | null, completedOn: string) => {
  const body = multipart([
    { name: 'file', filename: 'certificate.pdf', contentType: 'application/pdf', data: pdfBytes },
  ]);
  return w.t.app.inject({
    method: 'POST',
    url: `/api/app/requirement/${definitionId}/upload-abuse-prevention-training-certificate?plaId=${w.player.profileLevelAccessId}&completedOn=${completedOn}`,
    headers: { ...body.headers, ...(who ? who.auth : {}) },
    payload: body.payload,
  });
};

describe('POST {id}/upload-abuse-prevention-training-certificate', () => {
  it('401, 404 other organization, 403 a teammate or a manager, 400 a bad or stale completion date', async () => {
    const recent = addDays(today, -30);
    expect((await upload(null, recent)).statusCode).toBe(401);
    expect((await upload(w.otherAdmin, recent)).statusCode).toBe(404);
    expect((await upload(w.teammate, recent)).statusCode).toBe(403);
    expect((await upload(w.manager, recent)).statusCode).toBe(403);
    expect((await upload(w.player, 'yesterday')).statusCode).toBe(400);
    const future = await upload(w.player, addDays(today, 2));
    expect(future.statusCode).toBe(400);
    expect(future.json().error.validationErrors[0]).toMatchObject({
      field: 'completedOn',
      message: 'The completion date cannot be in the future',
    });
    const stale = await upload(w.player, addDays(today, -400));
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.message).toMatch(/was valid until .*take the training again/);
    expect(await countsOf(w, requirementId)).toMatchObject({ files: 0, stored: 0 });
  });

  it('a certificate within the year goes to review as a ManualUpload, valid a year from its date', async () => {
    const completedOn = addDays(today, -30);
    const res = await upload(w.player, completedOn);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: RequirementStatus.PendingReview, files: [expect.anything()] });
    const [row] = await w.t.database.db
      .select()
      .from(memberRequirements)
      .where(eq(memberRequirements.id, requirementId));
    expect(row).toMatchObject({
      reviewSource: ReviewSource.ManualUpload,
      expiresAt: addDays(completedOn, 365),
    });
    expect(row?.completedAt?.toISOString().slice(0, 10)).toBe(completedOn);
  });
});

describe('POST {id}/abuse-prevention-take-training-and-pay-user', () => {
  const pay = (who: TestMember | null) =>
    w.t.app.inject({
      method: 'POST',
      url: `/api/app/requirement/${definitionId}/abuse-prevention-take-training-and-pay-user?plaId=${w.player.profileLevelAccessId}`,
      headers: who ? who.auth : {},
    });
  it('401, 404 other organization, 403 a teammate; nothing is charged for a training awaiting review (409, said plainly)', async () => {
    expect((await pay(null)).statusCode).toBe(401);
    expect((await pay(w.otherAdmin)).statusCode).toBe(404);
    expect((await pay(w.teammate)).statusCode).toBe(403);
    const res = await pay(w.player);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/nothing to take now|not set up in this deployment/);
    expect(await statusOf(w, requirementId)).toBe(RequirementStatus.PendingReview);
  });
});
