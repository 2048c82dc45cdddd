import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import { storedFiles, verifications } from '../../db/schema/index.ts';
import type { TestMember } from '../../../test/factories.ts';
import { birthCertificate } from './verification.samples.ts';
import { sweepVerificationImages } from './verification-retention.ts';
import {
  addAgeVerification,
  closeWorld,
  createWorld,
  filesOnDisk,
  multipartFile,
  type World,
} from './verification.test-support.ts';

let w: World;
let ageId = '';
beforeAll(async () => {
  w = await createWorld();
  ageId = await addAgeVerification(w, 'Age');
});
afterAll(async () => closeWorld(w));

const config = { blurThreshold: 100, imageRetentionDays: 30, identitySweepAfterMinutes: 30 };
const day = 86_400_000;
const submit = async (member: TestMember, name: { firstName: string; lastName: string }) => {
  const image = await birthCertificate({ ...name, dateOfBirth: '2013-05-14' });
  const body = multipartFile('file', 'proof.png', 'image/png', image);
  const res = await w.t.app.inject({
    method: 'POST',
    url: `/api/app/requirement/${ageId}/age-verification?plaId=${member.profileLevelAccessId}&proofType=BirthCertificate&dateOfBirth=2013-05-14`,
    headers: { ...body.headers, ...member.auth },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const deps = () => ({ db: w.t.database.db, storage: w.t.app.deps.storage, log: w.t.app.log });

describe('proof image retention', () => {
  it('deletes a cleared proof 30 days after the decision, keeping the decision and what was read', async () => {
    const jane = w.members[0]!;
    const cleared = await submit(jane, { firstName: 'Jane', lastName: 'Smith' });
    expect(cleared.status).toBe('ClearedVerification');
    expect(filesOnDisk(w)).toHaveLength(1);
    expect(await sweepVerificationImages(deps(), config, new Date(Date.now() + 29 * day))).toBe(0);
    expect(filesOnDisk(w)).toHaveLength(1);
    expect(await sweepVerificationImages(deps(), config, new Date(Date.now() + 31 * day))).toBe(1);
    expect(filesOnDisk(w)).toHaveLength(0);
    const after = await w.t.app.inject({
      method: 'GET',
      url: `/api/app/requirement/${ageId}/age-verification?plaId=${jane.profileLevelAccessId}`,
      headers: jane.auth,
    });
    expect(after.json()).toMatchObject({
      status: 'ClearedVerification',
      latest: { imageKept: false, read: { dateOfBirth: '2013-05-14' } },
    });
    const [row] = await w.t.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.id, cleared.latest.id));
    const [file] = await w.t.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.id, row!.proofFileId!));
    expect(file?.deletedAt).not.toBeNull();
    const link = await w.t.app.inject({
      method: 'GET',
      url: `/api/app/requirement/${ageId}/age-verification-proof?plaId=${jane.profileLevelAccessId}`,
      headers: jane.auth,
    });
    expect(link.statusCode).toBe(404);
  });

  it('keeps a proof in review; its 30 days start when the reviewer decides', async () => {
    const sam = w.members[1]!;
    const pending = await submit(sam, { firstName: 'Someone', lastName: 'Else' });
    expect(pending.status).toBe('PendingReview');
    expect(await sweepVerificationImages(deps(), config, new Date(Date.now() + 400 * day))).toBe(0);
    const review = await w.t.app.inject({
      method: 'POST',
      url: `/api/app/requirement/${ageId}/review/${sam.profileLevelAccessId}`,
      headers: w.director.auth,
      payload: { reviewDecision: ReviewOutcome.RejectedReset, reviewNotes: 'Not this member' },
    });
    expect(review.statusCode).toBe(200);
    expect(await sweepVerificationImages(deps(), config, new Date(Date.now() + 29 * day))).toBe(0);
    const [row] = await w.t.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.id, pending.latest.id));
    expect(row?.decidedAt).not.toBeNull();
    expect(await sweepVerificationImages(deps(), config, new Date(Date.now() + 31 * day))).toBe(1);
  });
});
