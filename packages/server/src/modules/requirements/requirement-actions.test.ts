import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import type { TestMember } from '../../../test/factories.ts';
import { formVersions, requirementSubmissions } from '../../db/schema/index.ts';
import {
  addRequirement,
  closeWorld,
  countsOf,
  createWorld,
  multipart,
  pdfBytes,
  statusOf,
  type World,
} from './requirement-actions.test-support.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(async () => closeWorld(w));

const base = '/api/app/requirement';
const send = (who: TestMember | null, method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
  w.t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
const pla = () => w.player.profileLevelAccessId;

describe('POST {id}/complete-form?plaId', () => {
  const fields = [
    { id: 'plays', label: 'Plays this season', kind: 'radio', required: true, options: ['yes', 'no'] },
    {
      id: 'position',
      label: 'Position',
      kind: 'select',
      required: true,
      options: ['keeper', 'field'],
      visibleWhen: { fieldId: 'plays', equals: 'yes' },
    },
    { id: 'note', label: 'Note', kind: 'text' },
    { id: 'proof', label: 'Proof', kind: 'file', required: true },
  ];
  let definitionId = '';
  let requirementId = '';
  let versionId = '';
  beforeAll(async () => {
    ({ definitionId, requirementId } = await addRequirement(w, RequirementType.Form, { fields }));
    const [row] = await w.t.database.db
      .insert(formVersions)
      .values({ organizationId: w.org.id, definitionId, version: 1, fields })
      .returning();
    versionId = row?.id ?? '';
  });
  const url = () => `${base}/${definitionId}/complete-form?plaId=${pla()}`;

  it('401, 404 other organization, 403 another member or a manager', async () => {
    const body = { formVersionId: versionId, answers: {} };
    expect((await send(null, 'POST', url(), body)).statusCode).toBe(401);
    expect((await send(w.otherAdmin, 'POST', url(), body)).statusCode).toBe(404);
    expect((await send(w.teammate, 'POST', url(), body)).statusCode).toBe(403);
    expect((await send(w.manager, 'POST', url(), body)).statusCode).toBe(403);
  });

  it('400 for missing required answers, options not offered, hidden fields filled or unknown fields', async () => {
    const before = await countsOf(w, requirementId);
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'answers.plays'],
      [{ plays: 'maybe' }, 'answers.plays'],
      [{ plays: 'no', position: 'keeper' }, 'answers.position'],
      [{ plays: 'yes', position: 'striker' }, 'answers.position'],
      [{ plays: 'no', shoeSize: 'x' }, 'answers.shoeSize'],
      [{ plays: 'no', proof: crypto.randomUUID() }, 'answers.proof'],
    ];
    for (const [answers, field] of cases) {
      const res = await send(w.player, 'POST', url(), { formVersionId: versionId, answers });
      expect(res.statusCode, JSON.stringify(answers)).toBe(400);
      expect(res.json().error.validationErrors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const otherVersion = await send(w.player, 'POST', url(), {
      formVersionId: crypto.randomUUID(),
      answers: {},
    });
    expect(otherVersion.statusCode).toBe(400);
    expect(await countsOf(w, requirementId)).toEqual(before);
  });

  it('takes an attachment for a file field, then completes; a second completion is a 409', async () => {
    const body = multipart([{ name: 'file', filename: 'proof.pdf', data: pdfBytes }]);
    const badField = await w.t.app.inject({
      method: 'POST',
      url: `${base}/${definitionId}/content-form-file?plaId=${pla()}&fieldId=note`,
      headers: { ...body.headers, ...w.player.auth },
      payload: body.payload,
    });
    expect(badField.statusCode).toBe(400);
    const upload = await w.t.app.inject({
      method: 'POST',
      url: `${base}/${definitionId}/content-form-file?plaId=${pla()}&fieldId=proof`,
      headers: { ...body.headers, ...w.player.auth },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const answers = { plays: 'yes', position: 'keeper', note: '', proof: upload.json().id };
    const res = await send(w.player, 'POST', url(), { formVersionId: versionId, answers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe(RequirementStatus.Completed);
    expect((await send(w.player, 'POST', url(), { formVersionId: versionId, answers })).statusCode).toBe(409);
    const read = await send(w.player, 'GET', `/api/app/content/content-form/${definitionId}?plaId=${pla()}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().submission).toMatchObject({ formVersion: { id: versionId, version: 1 }, answers });
    expect(read.json().submission.attachments.map((f: { id: string }) => f.id)).toEqual([answers.proof]);
  });
});

describe('POST {id}/complete-waiver?plaId and waiver/{view,download}', () => {
  it('refuses another name, signs with the member name whatever its case, and gives JSON and a PDF', async () => {
    const { definitionId, requirementId } = await addRequirement(
      w,
      RequirementType.Waiver,
      { text: 'I accept the risks of play.' },
      'Liability waiver',
    );
    const url = `${base}/${definitionId}/complete-waiver?plaId=${pla()}`;
    expect((await send(w.manager, 'POST', url, { typedName: 'Robin Keeper', agreed: true })).statusCode).toBe(
      403,
    );
    expect((await send(w.player, 'POST', url, { typedName: 'Robin Keeper', agreed: false })).statusCode).toBe(
      400,
    );
    const wrong = await send(w.player, 'POST', url, { typedName: 'Someone Else', agreed: true });
    expect(wrong.statusCode).toBe(400);
    expect(await statusOf(w, requirementId)).toBe(RequirementStatus.Incomplete);
    expect(
      (await send(w.player, 'GET', `${base}/${definitionId}/waiver/view?plaId=${pla()}`)).statusCode,
    ).toBe(404);
    const signed = await send(w.player, 'POST', url, { typedName: '  robin   KEEPER ', agreed: true });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().status).toBe(RequirementStatus.Completed);
    const view = await send(w.manager, 'GET', `${base}/${definitionId}/waiver/view?plaId=${pla()}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      waiverText: 'I accept the risks of play.',
      typedName: 'robin KEEPER',
      memberName: 'Robin Keeper',
    });
    expect(view.json().ipAddress).toBeTruthy();
    expect(view.json().events.map((e: { action: string }) => e.action)).toContain('complete-waiver');
    const pdf = await send(w.player, 'GET', `${base}/${definitionId}/waiver/download?plaId=${pla()}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await send(w.teammate, 'GET', `${base}/${definitionId}/waiver/download?plaId=${pla()}`)).statusCode,
    ).toBe(403);
    expect((await send(w.player, 'POST', url, { typedName: 'Robin Keeper', agreed: true })).statusCode).toBe(
      409,
    );
    const markComplete = `${base}/${definitionId}/complete-without-upload/${pla()}`;
    expect((await send(w.manager, 'POST', markComplete, { date: '2026-01-02' })).statusCode).toBe(403);
  });
});

describe('POST {id}/complete-video?plaId', () => {
  it('seeking ahead does not count, a whole video in one post is capped by the clock, playing in order completes', async () => {
    const { definitionId, requirementId } = await addRequirement(w, RequirementType.Video, {
      url: 'https://video.example.org/a.mp4',
      requiredWatchedPercent: 90,
    });
    const url = `${base}/${definitionId}/complete-video?plaId=${pla()}`;
    expect((await send(w.manager, 'POST', url, { intervals: [[0, 10]], duration: 100 })).statusCode).toBe(
      403,
    );
    expect((await send(w.player, 'POST', url, { intervals: [[10, 5]], duration: 100 })).statusCode).toBe(400);
    const seek = await send(w.player, 'POST', url, {
      intervals: [
        [0, 3],
        [90, 100],
      ],
      duration: 100,
    });
    expect(seek.statusCode, seek.body).toBe(200);
    expect(seek.json().watchedPercent).toBe(2);
    expect(seek.json().status).toBe(RequirementStatus.Incomplete);
    const greedy = await send(w.player, 'POST', url, { intervals: [[0, 100]], duration: 100 });
    expect(greedy.json().watchedPercent).toBeLessThan(90);
    expect(await statusOf(w, requirementId)).toBe(RequirementStatus.Incomplete);
    await w.t.database.db
      .update(requirementSubmissions)
      .set({
        data: {
          intervals: greedy.json().intervals,
          duration: 100,
          lastReportAt: new Date(Date.now() - 120_000).toISOString(),
        },
      })
      .where(eq(requirementSubmissions.memberRequirementId, requirementId));
    const done = await send(w.player, 'POST', url, { intervals: [[0, 100]], duration: 100 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().watchedPercent).toBe(100);
    expect(done.json().status).toBe(RequirementStatus.Completed);
    expect((await send(w.player, 'POST', url, { intervals: [[0, 1]], duration: 100 })).statusCode).toBe(409);
  });
});

describe('take-custom-training and the manager actions', () => {
  it('take-custom-training returns the link and completes only a training without certificate', async () => {
    const needsCert = await addRequirement(w, RequirementType.CustomTraining, {
      trainingUrl: 'https://t.example.org/1',
      certificateRequired: true,
    });
    const res = await send(
      w.player,
      'POST',
      `${base}/${needsCert.definitionId}/take-custom-training?plaId=${pla()}`,
    );
    expect(res.json()).toEqual({ url: 'https://t.example.org/1' });
    expect(await statusOf(w, needsCert.requirementId)).toBe(RequirementStatus.Incomplete);
    const noCert = await addRequirement(w, RequirementType.CustomTraining, {
      trainingUrl: 'https://t.example.org/2',
      certificateRequired: false,
    });
    await send(w.player, 'POST', `${base}/${noCert.definitionId}/take-custom-training?plaId=${pla()}`);
    expect(await statusOf(w, noCert.requirementId)).toBe(RequirementStatus.Completed);
    expect(
      (await send(w.manager, 'POST', `${base}/${noCert.definitionId}/take-custom-training?plaId=${pla()}`))
        .statusCode,
    ).toBe(403);
  });

  it('complete-without-upload, completed-date-time and mark-incomplete: managers only, guarded by status', async () => {
    const { definitionId, requirementId } = await addRequirement(w, RequirementType.Document);
    const complete = `${base}/${definitionId}/complete-without-upload/${pla()}`;
    const date = `${base}/${definitionId}/completed-date-time/${pla()}`;
    const reset = `${base}/${definitionId}/mark-incomplete/${pla()}`;
    expect((await send(null, 'POST', complete, { date: '2026-01-02' })).statusCode).toBe(401);
    expect((await send(w.otherAdmin, 'POST', complete, { date: '2026-01-02' })).statusCode).toBe(404);
    expect((await send(w.player, 'POST', complete, { date: '2026-01-02' })).statusCode).toBe(403);
    expect((await send(w.manager, 'POST', complete, { date: '2999-01-02' })).statusCode).toBe(400);
    expect((await send(w.manager, 'POST', reset)).statusCode).toBe(409);
    expect(
      (await send(w.manager, 'PATCH', date, { completedDateTime: '2026-01-05T10:00:00Z' })).statusCode,
    ).toBe(409);
    const done = await send(w.manager, 'POST', complete, { date: '2026-01-02' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: RequirementStatus.Completed,
      completedAt: '2026-01-02T00:00:00.000Z',
    });
    expect((await send(w.manager, 'POST', complete, { date: '2026-01-03' })).statusCode).toBe(409);
    expect(
      (await send(w.player, 'PATCH', date, { completedDateTime: '2026-01-05T10:00:00Z' })).statusCode,
    ).toBe(403);
    expect((await send(w.manager, 'PATCH', date, { completedDateTime: 'yesterday' })).statusCode).toBe(400);
    const moved = await send(w.manager, 'PATCH', date, { completedDateTime: '2026-01-05T10:00:00Z' });
    expect(moved.json().completedAt).toBe('2026-01-05T10:00:00.000Z');
    expect((await send(w.player, 'POST', reset)).statusCode).toBe(403);
    const cleared = await send(w.manager, 'POST', reset);
    expect(cleared.json()).toMatchObject({ status: RequirementStatus.Incomplete, completedAt: null });
    expect(await statusOf(w, requirementId)).toBe(RequirementStatus.Incomplete);
  });
});
