import { createStripeSandbox, type StripeSandbox } from '@touchline/sandbox/stripe/stripe-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import { facePhotoFailureMessages } from '@touchline/contracts/verification';
import type { TestMember } from '../../../test/factories.ts';
import { buildIntegrations } from '../../integrations-wiring.ts';
import { emptyWall, facePhoto, withSunglasses } from './face.samples.ts';
import {
  addVerificationDefinition,
  closeWorld,
  createWorld,
  multipartFile,
  requirementOf,
  type World,
} from './verification.test-support.ts';

const keys = { secretKey: 'sk_test_idv', publishableKey: 'pk_test_idv', webhookSecret: 'whsec_idv' };
let stripe: StripeSandbox;
let w: World;
let idvId = '';
let stripeUrl = '';
beforeAll(async () => {
  stripe = createStripeSandbox(keys);
  const apiUrl = await stripe.listen();
  stripeUrl = apiUrl;
  const integrations = buildIntegrations(
    { yardstik: undefined, stripe: { apiUrl, ...keys, sandbox: true }, billingTrialDays: 30 },
    { info() {}, warn() {} },
  );
  w = await createWorld({ integrations });
  idvId = await addVerificationDefinition(
    w,
    RequirementType.IdentityVerification,
    {},
    'Identity verification',
  );
});
afterAll(async () => {
  await closeWorld(w);
  await stripe.close();
});

const base = (member: TestMember, action: string, extra = '') =>
  `/api/app/requirement/${idvId}/${action}?plaId=${member.profileLevelAccessId}${extra}`;
const startQuery = '&documentType=GovernmentIssuedPassport&dateOfBirth=2013-05-14&consent=accepted';
const read = (who: TestMember | null, member: TestMember) =>
  w.t.app.inject({ method: 'GET', url: base(member, 'identity-verification'), headers: who ? who.auth : {} });
const start = (who: TestMember | null, member: TestMember, query = startQuery) =>
  w.t.app.inject({
    method: 'POST',
    url: base(member, 'start-identity-verification', query),
    headers: who ? who.auth : {},
  });
const progress = (who: TestMember, member: TestMember, photo?: Buffer) => {
  if (!photo)
    return w.t.app.inject({
      method: 'POST',
      url: base(member, 'progress-identity-verification'),
      headers: who.auth,
    });
  const body = multipartFile('photo', 'selfie.png', 'image/png', photo);
  return w.t.app.inject({
    method: 'POST',
    url: base(member, 'progress-identity-verification'),
    headers: { ...body.headers, ...who.auth },
    payload: body.payload,
  });
};
/** The person finishes the vendor's flow (the sandbox's hosted page stands in for the document and selfie). */
const atVendor = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

describe('identity verification (type 9)', () => {
  it('GET: 401, 404 another organization, 403 a teammate, 400 a bad id; Incomplete asks for consent first', async () => {
    const [jane, sam] = w.members as [TestMember, TestMember];
    expect((await read(null, jane)).statusCode).toBe(401);
    expect((await read(w.otherAdmin, jane)).statusCode).toBe(404);
    expect((await read(sam, jane)).statusCode).toBe(403);
    const bad = await w.t.app.inject({
      method: 'GET',
      url: `/api/app/requirement/${idvId}/identity-verification?plaId=x`,
      headers: jane.auth,
    });
    expect(bad.statusCode).toBe(400);
    const own = await read(jane, jane);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      status: 'Incomplete',
      nextStep: 'consent',
      consent: { acceptedAt: null },
      vendorIsSandbox: true,
    });
  });

  it('start: 401, 404, 403 a manager, 400 without consent or with a birth certificate', async () => {
    const jane = w.members[0]!;
    expect((await start(null, jane)).statusCode).toBe(401);
    expect((await start(w.otherAdmin, jane)).statusCode).toBe(404);
    expect((await start(w.manager, jane)).statusCode).toBe(403);
    const noConsent = await start(
      jane,
      jane,
      '&documentType=GovernmentIssuedPassport&dateOfBirth=2013-05-14',
    );
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().error.validationErrors[0].field).toBe('consent');
    const birth = await start(
      jane,
      jane,
      '&documentType=BirthCertificate&dateOfBirth=2013-05-14&consent=accepted',
    );
    expect(birth.statusCode).toBe(400);
    expect(birth.json().error.validationErrors[0].field).toBe('documentType');
  });

  it('consent, face photo checks with the spec reasons, the vendor, then a match clears it', async () => {
    const jane = w.members[0]!;
    const started = await start(jane, jane);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      status: 'PendingVerification',
      nextStep: 'photo',
      vendorUrl: null,
    });
    expect(started.json().consent.acceptedAt).not.toBeNull();
    expect((await requirementOf(w, jane, idvId)).status).toBe(RequirementStatus.WaitingOnApplicant);

    const glasses = await progress(jane, jane, await withSunglasses());
    expect(glasses.statusCode).toBe(400);
    expect(glasses.json().error).toMatchObject({
      message: facePhotoFailureMessages.SunglassesDetected,
      details: 'SunglassesDetected',
    });
    const nobody = await progress(jane, jane, await emptyWall());
    expect(nobody.json().error.message).toBe('No face detected');
    expect((await progress(w.manager, jane, await facePhoto())).statusCode).toBe(403);

    const face = await progress(jane, jane, await facePhoto());
    expect(face.statusCode).toBe(200);
    expect(face.json()).toMatchObject({
      status: 'PendingVerification',
      nextStep: 'vendor',
      facePhotoChecked: true,
    });
    const vendorUrl = face.json().vendorUrl as string;
    expect(vendorUrl).toMatch(/\/hosted\/identity\/vs_/);

    expect((await progress(jane, jane)).json().status).toBe('PendingVerification');
    await atVendor(vendorUrl, {
      outcome: 'verified',
      first_name: 'Jane',
      last_name: 'Smith',
      dob: '2013-05-14',
    });
    const done = await progress(w.manager, jane);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'ClearedVerification',
      nextStep: 'done',
      read: { firstName: 'Jane', lastName: 'Smith', dateOfBirth: '2013-05-14' },
      reasons: [],
    });
    expect((await requirementOf(w, jane, idvId)).status).toBe(RequirementStatus.Completed);
    // The vendor's copy is redacted once we decided.
    const sessionId = vendorUrl.split('/').at(-1)!;
    const vendor = await fetch(
      `${stripeUrl}/v1/identity/verification_sessions/${sessionId}?expand[]=verified_outputs`,
      {
        headers: { authorization: `Bearer ${keys.secretKey}` },
      },
    );
    expect(((await vendor.json()) as { redaction: unknown }).redaction).toEqual({ status: 'redacted' });
  });

  it('a verified document of another date of birth goes to review; the reviewer clears it', async () => {
    const sam = w.members[1]!;
    await start(sam, sam);
    const url = (await progress(sam, sam, await facePhoto())).json().vendorUrl as string;
    await atVendor(url, { outcome: 'verified', first_name: 'Sam', last_name: 'Rivers', dob: '2012-05-14' });
    const res = await progress(sam, sam);
    expect(res.json()).toMatchObject({
      status: 'PendingReview',
      reasons: ['The date of birth read (2012-05-14) differs from the one stated (2013-05-14)'],
    });
    const review = await w.t.app.inject({
      method: 'POST',
      url: `/api/app/requirement/${idvId}/review/${sam.profileLevelAccessId}`,
      headers: w.director.auth,
      payload: { reviewDecision: ReviewOutcome.Approved, reviewNotes: '' },
    });
    expect(review.statusCode).toBe(200);
    expect((await read(sam, sam)).json().status).toBe('ClearedReview');
  });

  it('a selfie the vendor could not match goes to review with the vendor reason', async () => {
    const alex = w.members[2]!;
    await start(alex, alex);
    const url = (await progress(alex, alex, await facePhoto())).json().vendorUrl as string;
    await atVendor(url, { outcome: 'selfie_mismatch' });
    const res = await progress(alex, alex);
    expect(res.json().status).toBe('PendingReview');
    expect(res.json().reasons[0]).toMatch(/selfie_face_mismatch/);
  });
});
