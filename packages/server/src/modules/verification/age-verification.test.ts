import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import { documentImageErrorMessages, VerificationStatus } from '@touchline/contracts/verification';
import type { TestMember } from '../../../test/factories.ts';
import { auditEvents, profiles, storedFiles } from '../../db/schema/index.ts';
import { verifiedDateOfBirthMessage } from './verification.service.ts';
import { birthCertificate, blurred, driversLicence, reportCard } from './verification.samples.ts';
import {
  addAgeVerification,
  closeWorld,
  createWorld,
  filesOnDisk,
  multipartFile,
  requirementOf,
  type World,
} from './verification.test-support.ts';

let w: World;
let ageId = '';
let gradeId = '';
beforeAll(async () => {
  w = await createWorld();
  ageId = await addAgeVerification(w, 'Age');
  gradeId = await addAgeVerification(w, 'Grade');
});
afterAll(async () => closeWorld(w));

const url = (definitionId: string, member: TestMember, extra = '') =>
  `/api/app/requirement/${definitionId}/age-verification?plaId=${member.profileLevelAccessId}${extra}`;
const get = (who: TestMember | null, definitionId: string, member: TestMember) =>
  w.t.app.inject({ method: 'GET', url: url(definitionId, member), headers: who ? who.auth : {} });
const submit = (
  who: TestMember | null,
  definitionId: string,
  member: TestMember,
  query: string,
  image: Buffer,
  name = 'proof.png',
) => {
  const body = multipartFile('file', name, 'image/png', image);
  return w.t.app.inject({
    method: 'POST',
    url: url(definitionId, member, query),
    headers: { ...body.headers, ...(who ? who.auth : {}) },
    payload: body.payload,
  });
};
const proofsStored = async () =>
  (
    await w.t.database.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.organizationId, w.org.id), eq(storedFiles.purpose, 'verification-proof')))
  ).length;

describe('GET {id}/age-verification', () => {
  it('401 anonymous, 404 another organization, 403 a teammate, 400 a bad member id', async () => {
    const [jane, sam] = w.members as [TestMember, TestMember];
    expect((await get(null, ageId, jane)).statusCode).toBe(401);
    expect((await get(w.otherAdmin, ageId, jane)).statusCode).toBe(404);
    expect((await get(sam, ageId, jane)).statusCode).toBe(403);
    const bad = await w.t.app.inject({
      method: 'GET',
      url: `/api/app/requirement/${ageId}/age-verification?plaId=nope`,
      headers: jane.auth,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('the member and a manager read it: Incomplete, the kind, the proof types it accepts', async () => {
    const jane = w.members[0]!;
    const own = await get(jane, ageId, jane);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      kind: 'Age',
      status: VerificationStatus.Incomplete,
      acceptedProofTypes: ['BirthCertificate', 'GovernmentIssuedPassport', 'GovernmentIssuedId'],
      maySubmit: true,
      latest: null,
    });
    const managed = await get(w.manager, gradeId, jane);
    expect(managed.json()).toMatchObject({ kind: 'Grade', maySubmit: false });
    expect(managed.json().acceptedProofTypes).toEqual([
      'SchoolId',
      'ReportCard',
      'ProgressReport',
      'OnlineAccountScreenshot',
    ]);
  });
});

describe('POST {id}/age-verification', () => {
  const q = '&proofType=BirthCertificate&dateOfBirth=2013-05-14';

  it('401, 404 another organization, 403 a manager (only the member or guardian hands in a proof)', async () => {
    const jane = w.members[0]!;
    const image = await birthCertificate({ firstName: 'Jane', lastName: 'Smith', dateOfBirth: '2013-05-14' });
    expect((await submit(null, ageId, jane, q, image)).statusCode).toBe(401);
    expect((await submit(w.otherAdmin, ageId, jane, q, image)).statusCode).toBe(404);
    expect((await submit(w.manager, ageId, jane, q, image)).statusCode).toBe(403);
    expect(await proofsStored()).toBe(0);
  });

  it('400: a missing date of birth, a proof type that does not prove age, a future date, no file', async () => {
    const jane = w.members[0]!;
    const image = await birthCertificate({ firstName: 'Jane', lastName: 'Smith', dateOfBirth: '2013-05-14' });
    const missing = await submit(jane, ageId, jane, '&proofType=BirthCertificate', image);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.validationErrors[0].field).toBe('dateOfBirth');
    const wrongType = await submit(jane, ageId, jane, '&proofType=ReportCard&dateOfBirth=2013-05-14', image);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.validationErrors[0].field).toBe('proofType');
    const future = await submit(
      jane,
      ageId,
      jane,
      '&proofType=BirthCertificate&dateOfBirth=2999-01-01',
      image,
    );
    expect(future.statusCode).toBe(400);
    const unknownType = await submit(jane, ageId, jane, '&proofType=Selfie&dateOfBirth=2013-05-14', image);
    expect(unknownType.statusCode).toBe(400);
    const noFile = await w.t.app.inject({ method: 'POST', url: url(ageId, jane, q), headers: jane.auth });
    expect(noFile.statusCode).toBe(400);
    expect(await proofsStored()).toBe(0);
  });

  it('400 with the spec texts: too blurry, processing error (truncated), and a file that is not an image', async () => {
    const jane = w.members[0]!;
    const sharp = await birthCertificate({ firstName: 'Jane', lastName: 'Smith', dateOfBirth: '2013-05-14' });
    const blurry = await submit(jane, ageId, jane, q, await blurred(sharp, 3));
    expect(blurry.statusCode).toBe(400);
    expect(blurry.json().error).toMatchObject({
      message: documentImageErrorMessages.TooBlurry,
      details: 'TooBlurry',
      validationErrors: [{ field: 'file', message: documentImageErrorMessages.TooBlurry }],
    });
    const truncated = await submit(jane, ageId, jane, q, sharp.subarray(0, Math.floor(sharp.length / 2)));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().error).toMatchObject({
      message: documentImageErrorMessages.ProcessingError,
      details: 'ProcessingError',
    });
    const pdf = await submit(jane, ageId, jane, q, Buffer.from('%PDF-1.4\n%%EOF\n'), 'proof.pdf');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error.validationErrors[0].field).toBe('file');
    expect(await proofsStored()).toBe(0);
    expect(filesOnDisk(w)).toEqual([]);
  });

  it('a birth certificate naming the member with the stated date clears without a person', async () => {
    const jane = w.members[0]!;
    const image = await birthCertificate({ firstName: 'Jane', lastName: 'Smith', dateOfBirth: '2013-05-14' });
    const res = await submit(jane, ageId, jane, q, image);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: VerificationStatus.ClearedVerification,
      dateOfBirth: '2013-05-14',
      dateOfBirthVerified: true,
      maySubmit: false,
      latest: {
        proofType: 'BirthCertificate',
        statedDateOfBirth: '2013-05-14',
        reasons: [],
        imageKept: true,
      },
    });
    expect(body.latest.read).toMatchObject({ sources: ['ocr'], dateOfBirth: '2013-05-14' });
    expect(body.latest.decidedAt).not.toBeNull();
    expect((await requirementOf(w, jane, ageId)).status).toBe(RequirementStatus.Completed);
    const [profile] = await w.t.database.db
      .select({ dob: profiles.dateOfBirth })
      .from(profiles)
      .where(eq(profiles.id, jane.profileId));
    expect(profile?.dob).toBe('2013-05-14');
    expect(await proofsStored()).toBe(1);
    expect(filesOnDisk(w)).toHaveLength(1);
    // Cleared: a second proof is refused by the state machine.
    expect((await submit(jane, ageId, jane, q, image)).statusCode).toBe(409);
  });

  it('a verified date of birth is no longer editable by hand (409), the same date still saves', async () => {
    const jane = w.members[0]!;
    const set = (dateOfBirth: string) =>
      w.t.app.inject({
        method: 'POST',
        url: `/api/app/profile/${jane.profileId}/set-date-of-birth`,
        headers: jane.auth,
        payload: { dateOfBirth, profileLevelAccessId: jane.profileLevelAccessId },
      });
    const changed = await set('2012-01-01');
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.message).toBe(verifiedDateOfBirthMessage);
    expect((await set('2013-05-14')).statusCode).toBe(204);
  });

  it('a driver licence barcode whose birth date differs goes to review with what was read and why', async () => {
    const sam = w.members[1]!;
    const image = await driversLicence({
      firstName: 'Sam',
      lastName: 'Rivers',
      dateOfBirth: '2012-03-02',
      expiry: '2031-03-02',
    });
    const res = await submit(sam, ageId, sam, '&proofType=GovernmentIssuedId&dateOfBirth=2013-03-02', image);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: VerificationStatus.PendingReview,
      dateOfBirthVerified: false,
      latest: {
        read: {
          firstName: 'SAM',
          lastName: 'RIVERS',
          dateOfBirth: '2012-03-02',
          documentExpiry: '2031-03-02',
        },
        comparedWith: { firstName: 'Sam', lastName: 'Rivers', dateOfBirth: '2013-03-02' },
        reasons: ['The date of birth read (2012-03-02) differs from the one stated (2013-03-02)'],
      },
    });
    expect((await requirementOf(w, sam, ageId)).status).toBe(RequirementStatus.PendingReview);
  });

  it('the reviewer approves in the review queue: ClearedReview', async () => {
    const sam = w.members[1]!;
    const review = await w.t.app.inject({
      method: 'POST',
      url: `/api/app/requirement/${ageId}/review/${sam.profileLevelAccessId}`,
      headers: w.director.auth,
      payload: { reviewDecision: ReviewOutcome.Approved, reviewNotes: 'Typo in the stated year' },
    });
    expect(review.statusCode).toBe(200);
    expect((await get(sam, ageId, sam)).json().status).toBe(VerificationStatus.ClearedReview);
  });

  it('a proof of someone else is rejected by the reviewer: RejectedReview, and the member may try again', async () => {
    const alex = w.members[2]!;
    const image = await birthCertificate({ firstName: 'Chris', lastName: 'Doe', dateOfBirth: '2014-01-09' });
    const res = await submit(alex, ageId, alex, '&proofType=BirthCertificate&dateOfBirth=2014-01-09', image);
    expect(res.json().status).toBe(VerificationStatus.PendingReview);
    expect(res.json().latest.reasons).toEqual([
      "The member's name (Alex Jordan) was not found on the document",
    ]);
    const review = await w.t.app.inject({
      method: 'POST',
      url: `/api/app/requirement/${ageId}/review/${alex.profileLevelAccessId}`,
      headers: w.director.auth,
      payload: { reviewDecision: ReviewOutcome.RejectedReset, reviewNotes: 'This certificate is not yours' },
    });
    expect(review.statusCode).toBe(200);
    expect((await get(alex, ageId, alex)).json()).toMatchObject({
      status: VerificationStatus.RejectedReview,
      maySubmit: true,
    });
  });

  it('a report card showing the stated grade clears a Grade verification', async () => {
    const maya = w.members[3]!;
    const image = await reportCard({ firstName: 'Maya', lastName: 'Lopez', gradeText: 'Grade: 6th Grade' });
    const res = await submit(maya, gradeId, maya, '&proofType=ReportCard&grade=6', image);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: VerificationStatus.ClearedVerification,
      latest: { statedGrade: 6, read: { grade: 6 }, reasons: [] },
    });
    expect((await submit(maya, gradeId, maya, '&proofType=ReportCard', image)).statusCode).toBe(400);
    expect((await submit(maya, gradeId, maya, '&proofType=ReportCard&grade=6', image)).statusCode).toBe(409);
  });
});

describe('GET {id}/age-verification-proof', () => {
  const link = (who: TestMember | null, member: TestMember) =>
    w.t.app.inject({
      method: 'GET',
      url: `/api/app/requirement/${ageId}/age-verification-proof?plaId=${member.profileLevelAccessId}`,
      headers: who ? who.auth : {},
    });

  it('401, 404 another organization, 403 a manager without the review action, 404 with no proof', async () => {
    const [jane, , , , owen] = w.members as TestMember[];
    expect((await link(null, jane!)).statusCode).toBe(401);
    expect((await link(w.otherAdmin, jane!)).statusCode).toBe(404);
    expect((await link(w.manager, jane!)).statusCode).toBe(403);
    expect((await link(owen!, owen!)).statusCode).toBe(404);
  });

  it('the member and a reviewer get an expiring link; every view is audited', async () => {
    const jane = w.members[0]!;
    const own = await link(jane, jane);
    expect(own.statusCode).toBe(200);
    expect(own.json().url).toMatch(/^\/api\/files\//);
    const file = await w.t.app.inject({ method: 'GET', url: own.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect((await link(w.director, jane)).statusCode).toBe(200);
    const views = await w.t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.organizationId, w.org.id), eq(auditEvents.action, 'verification.image_viewed')),
      );
    expect(views).toHaveLength(2);
  });
});

describe('the content library', () => {
  it('an Age Verification definition is assignable (no longer coming soon)', async () => {
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/api/app/content/${ageId}/assign-content`,
      headers: w.admin.auth,
      payload: {
        contentAssignments: [{ hierarchyLevelId: w.org.division.id, labelId: w.org.labelIds.member }],
      },
    });
    expect(res.statusCode).toBe(200);
  });
});
