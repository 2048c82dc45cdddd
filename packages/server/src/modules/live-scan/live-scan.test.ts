import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { ReviewSource } from '@touchline/contracts/reviews';
import type { TestMember } from '../../../test/factories.ts';
import { addTestMember } from '../../../test/factories.ts';
import { memberRequirements, requirementSubmissions } from '../../db/schema/index.ts';
import {
  addRequirement,
  closeWorld,
  createWorld,
  multipart,
  pngBytes,
  statusOf,
  type World,
} from '../requirements/requirement-actions.test-support.ts';

let w: World;
let admin: TestMember;
beforeAll(async () => {
  w = await createWorld();
  admin = await addTestMember(w.t, w.org, w.org.root, 'Admin');
});
afterAll(async () => closeWorld(w));

const send = (
  who: TestMember | null,
  method: 'POST' | 'GET' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => w.t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
const urlsOf = (orgId: string) => `/api/app/organization/${orgId}/live-scan-urls`;
const location = {
  state: 'CA',
  name: 'California DOJ applicant fingerprinting',
  requestFormUrl: 'https://oag.ca.gov/fingerprints/forms',
  locationsUrl: 'https://oag.ca.gov/fingerprints/locations',
  ori: 'a1234567',
  agencyName: 'Touchline Youth League',
  agencyAddress: '1 Pitch Lane, Sacramento CA 95814',
  mailCode: '12345',
  levelOfService: 'DOJ and FBI',
  typeOfApplicant: 'Volunteer',
};

describe('live-scan-urls', () => {
  it('401, 404 another organization, 403 a non-admin adding, 400 bad fields', async () => {
    expect((await send(null, 'GET', urlsOf(w.org.id))).statusCode).toBe(401);
    expect((await send(w.otherAdmin, 'GET', urlsOf(w.org.id))).statusCode).toBe(404);
    expect((await send(w.otherAdmin, 'POST', urlsOf(w.org.id), location)).statusCode).toBe(404);
    expect((await send(w.director, 'POST', urlsOf(w.org.id), location)).statusCode).toBe(403);
    const bad = await send(admin, 'POST', urlsOf(w.org.id), { ...location, state: 'XX', ori: '12' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.validationErrors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['ori', 'state']);
    expect((await send(admin, 'GET', `${urlsOf(w.org.id)}/../nope`)).statusCode).not.toBe(500);
  });

  it('an admin adds and removes locations; every member of the organization reads them', async () => {
    const added = await send(admin, 'POST', urlsOf(w.org.id), location);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ state: 'CA', ori: 'A1234567' });
    const extra = await send(admin, 'POST', urlsOf(w.org.id), { ...location, state: 'NV', name: 'Nevada' });
    const list = await send(w.player, 'GET', urlsOf(w.org.id));
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((l: { state: string }) => l.state)).toEqual(['CA', 'NV']);
    expect((await send(w.player, 'DELETE', `${urlsOf(w.org.id)}/${extra.json().id}`)).statusCode).toBe(403);
    expect((await send(admin, 'DELETE', `${urlsOf(w.org.id)}/${extra.json().id}`)).statusCode).toBe(204);
    expect((await send(admin, 'DELETE', `${urlsOf(w.org.id)}/${extra.json().id}`)).statusCode).toBe(404);
    expect((await send(w.player, 'GET', urlsOf(w.org.id))).json().items).toHaveLength(1);
  });

  it('PUT a location: 401, 404 another organization or a removed one, 403 a non-admin, 400 bad fields, 200 corrected', async () => {
    const [first] = (await send(w.player, 'GET', urlsOf(w.org.id))).json().items;
    const url = `${urlsOf(w.org.id)}/${first.id}`;
    const body = { ...location, name: 'California DOJ (corrected)', ori: 'b7654321' };
    expect((await send(null, 'PUT', url, body)).statusCode).toBe(401);
    expect((await send(w.otherAdmin, 'PUT', url, body)).statusCode).toBe(404);
    expect((await send(w.director, 'PUT', url, body)).statusCode).toBe(403);
    const bad = await send(admin, 'PUT', url, { ...body, requestFormUrl: 'http://plain.example', name: '' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.validationErrors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['name', 'requestFormUrl']);
    const removed = (await send(admin, 'POST', urlsOf(w.org.id), { ...location, state: 'WA' })).json();
    await send(admin, 'DELETE', `${urlsOf(w.org.id)}/${removed.id}`);
    expect((await send(admin, 'PUT', `${urlsOf(w.org.id)}/${removed.id}`, body)).statusCode).toBe(404);
    const saved = await send(admin, 'PUT', url, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: first.id, name: 'California DOJ (corrected)', ori: 'B7654321' });
    expect((await send(w.player, 'GET', urlsOf(w.org.id))).json().items[0].name).toBe(
      'California DOJ (corrected)',
    );
  });
});

describe('a LiveScan requirement', () => {
  let definitionId = '';
  let requirementId = '';
  let locationId = '';
  beforeAll(async () => {
    ({ definitionId, requirementId } = await addRequirement(w, RequirementType.LiveScan, {}, 'LiveScan'));
    locationId = (await send(w.player, 'GET', urlsOf(w.org.id))).json().items[0].id;
  });
  const formUrl = (plaId = w.player.profileLevelAccessId, loc = locationId) =>
    `/api/app/requirement/${definitionId}/live-scan-request-form?plaId=${plaId}&locationId=${loc}`;
  const submitUrl = (ati: string) =>
    `/api/app/requirement/${definitionId}/submit-live-scan?plaId=${w.player.profileLevelAccessId}&atiNumber=${ati}`;
  const receipt = () =>
    multipart([{ name: 'file', filename: 'receipt.png', contentType: 'image/png', data: pngBytes }]);
  const submit = (who: TestMember | null, ati: string) => {
    const body = receipt();
    return w.t.app.inject({
      method: 'POST',
      url: submitUrl(ati),
      headers: { ...body.headers, ...(who ? who.auth : {}) },
      payload: body.payload,
    });
  };

  it('the pre-filled request form: 401, 404 other organization, 403 a teammate, 400, a PDF for the member', async () => {
    expect((await send(null, 'GET', formUrl())).statusCode).toBe(401);
    expect((await send(w.otherAdmin, 'GET', formUrl())).statusCode).toBe(404);
    expect((await send(w.teammate, 'GET', formUrl())).statusCode).toBe(403);
    expect((await send(w.player, 'GET', formUrl(undefined, 'nope'))).statusCode).toBe(400);
    expect(
      (await send(w.player, 'GET', formUrl(undefined, '00000000-0000-4000-8000-000000000000'))).statusCode,
    ).toBe(404);
    const pdf = await send(w.player, 'GET', formUrl());
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await send(w.manager, 'GET', formUrl())).statusCode).toBe(200);
  });

  it('submit: 401, 404 other organization, 403 a manager (it is the member’s act), 400 a bad ATI number', async () => {
    expect((await submit(null, 'A1B2C3D4E5')).statusCode).toBe(401);
    expect((await submit(w.otherAdmin, 'A1B2C3D4E5')).statusCode).toBe(404);
    expect((await submit(w.manager, 'A1B2C3D4E5')).statusCode).toBe(403);
    const bad = await submit(w.player, 'x!');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors[0].field).toBe('atiNumber');
    expect(await statusOf(w, requirementId)).toBe(RequirementStatus.Incomplete);
  });

  it('the member submits the ATI number and receipt: PendingReview from LiveScan; the reviewer confirms it', async () => {
    const res = await submit(w.player, 'a1b2c3d4e5');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: RequirementStatus.PendingReview, files: [expect.anything()] });
    const [row] = await w.t.database.db
      .select()
      .from(memberRequirements)
      .where(eq(memberRequirements.id, requirementId));
    expect(row?.reviewSource).toBe(ReviewSource.LiveScan);
    const [submission] = await w.t.database.db
      .select()
      .from(requirementSubmissions)
      .where(eq(requirementSubmissions.memberRequirementId, requirementId));
    expect(submission?.data).toMatchObject({ atiNumber: 'A1B2C3D4E5' });
    const queue = await send(w.director, 'GET', `/api/app/requirement/review-requirements/${w.org.id}`);
    expect(queue.json().items).toEqual(
      expect.arrayContaining([expect.objectContaining({ reviewSource: ReviewSource.LiveScan })]),
    );
    // The reviewer (the custodian of records) reads the ATI number on the review page.
    const detail = await send(
      w.director,
      'GET',
      `/api/app/requirement/${definitionId}/review?plaId=${w.player.profileLevelAccessId}`,
    );
    expect(detail.json().liveScan).toEqual({ atiNumber: 'A1B2C3D4E5', submittedAt: expect.any(String) });
    const decided = await send(
      w.director,
      'POST',
      `/api/app/requirement/${definitionId}/review/${w.player.profileLevelAccessId}`,
      { reviewDecision: 1, reviewNotes: 'DOJ response received: no record' },
    );
    expect(decided.statusCode).toBe(200);
    expect(await statusOf(w, requirementId)).toBe(RequirementStatus.Completed);
  });
});
