import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { createTalentSandbox, type TalentSandbox } from '@touchline/sandbox/talentlms/talentlms-sandbox';
import { addTestMember, type TestMember } from '../../../test/factories.ts';
import { eventually } from '../../../test/mail.ts';
import {
  memberRequirements,
  requirementEvents,
  trainingEnrollments,
  webhookEvents,
} from '../../db/schema/index.ts';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { addDays, dayOf } from '../../requirement-core/engine/calendar.ts';
import {
  addRequirement,
  closeWorld,
  createWorld,
  statusOf,
  type World,
} from '../requirements/requirement-actions.test-support.ts';

const apiKey = 'talent-test-key';
const webhookSecret = 'talent-test-webhook-secret';
let w: World;
let sandbox: TalentSandbox;
let definitionId = '';
let requirementId = '';
beforeAll(async () => {
  sandbox = createTalentSandbox({ apiKey, webhookSecret });
  const apiUrl = await sandbox.listen();
  w = await createWorld({
    TALENTLMS_URL: apiUrl,
    TALENTLMS_API_KEY: apiKey,
    TALENTLMS_WEBHOOK_SECRET: webhookSecret,
    TALENTLMS_COURSE_ID: '101',
  });
  const appUrl = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  sandbox.webhooks.addEndpoint(`${appUrl}/api/webhooks/talentlms`);
  await w.t.app.jobs.startWorkers(jobDepsOf(w.t.app), { pollingIntervalSeconds: 0.5 });
  ({ definitionId, requirementId } = await addRequirement(
    w,
    RequirementType.AbusePreventionTraining,
    {},
    'Abuse prevention',
  ));
});
afterAll(async () => {
  await closeWorld(w);
  await sandbox.close();
});

const base = '/api/app/requirement';
const send = (who: TestMember | null, method: 'GET' | 'POST', url: string) =>
  w.t.app.inject({ method, url, headers: who ? who.auth : {} });
const byId = (who: TestMember | null, target: TestMember = w.player, plaId = target.profileLevelAccessId) =>
  send(who, 'GET', `${base}/${definitionId}/abuse-prevention-training-by-id?plaId=${plaId}`);
const take = (who: TestMember | null, target: TestMember = w.player, plaId = target.profileLevelAccessId) =>
  send(who, 'POST', `${base}/${definitionId}/abuse-prevention-take-training?plaId=${plaId}`);
const launch = (who: TestMember | null, target: TestMember = w.player, extra = '') =>
  send(who, 'GET', `${base}/${definitionId}/get-training-url?plaId=${target.profileLevelAccessId}${extra}`);
const enrollmentOf = async (id: string) =>
  (
    await w.t.database.db
      .select()
      .from(trainingEnrollments)
      .where(eq(trainingEnrollments.memberRequirementId, id))
  )[0];
const queued = async (name: string) => {
  const result = (await w.t.database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${name}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n);
};
/** The learner in the sandbox's course player: opens the launch link, then finishes the course. */
async function takeCourse(url: string) {
  expect((await fetch(url)).status).toBe(200);
  const done = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'acknowledge=on',
  });
  expect(done.status).toBe(200);
  return done.text();
}

describe('GET {id}/abuse-prevention-training-by-id', () => {
  it('401, 404 another organization, 403 a teammate, 400 a bad member id; the member and a manager see it', async () => {
    expect((await byId(null)).statusCode).toBe(401);
    expect((await byId(w.otherAdmin)).statusCode).toBe(404);
    expect((await byId(w.teammate)).statusCode).toBe(403);
    const bad = await byId(w.player, w.player, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors[0]).toMatchObject({ field: 'plaId' });
    const mine = await byId(w.player);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      memberRequirementId: requirementId,
      name: 'Abuse prevention',
      status: RequirementStatus.Incomplete,
      provider: 'talentlms',
      // Configured by TALENTLMS_* as a real account would be: only the sandboxes `npm start` runs say sandbox.
      sandbox: false,
      state: 'not_enrolled',
      certificate: null,
      mayTake: true,
    });
    expect((await byId(w.manager)).statusCode).toBe(200);
  });
});

describe('POST {id}/abuse-prevention-take-training and GET {id}/get-training-url', () => {
  it('401, 404 another organization, 403 a teammate or a manager (the member takes it), 400 a bad member id', async () => {
    for (const call of [take, launch] as const) {
      expect((await call(null)).statusCode).toBe(401);
      expect((await call(w.otherAdmin)).statusCode).toBe(404);
      expect((await call(w.teammate)).statusCode).toBe(403);
      expect((await call(w.manager)).statusCode).toBe(403);
    }
    expect((await take(w.player, w.player, 'nope')).statusCode).toBe(400);
    expect((await launch(w.player, w.player, '&returnPath=//evil.test')).statusCode).toBe(400);
    const early = await launch(w.teammate, w.teammate);
    expect([early.statusCode, early.json().error.message]).toEqual([409, 'Take the training first']);
    expect(await enrollmentOf(requirementId)).toBeUndefined();
  });

  it('enrols once through the outbox, shows the course in progress, completes with the certificate from repeated, reordered webhooks', async () => {
    sandbox.webhooks.configure({ duplicates: 2, reorder: true, reorderWindowMs: 300 });
    const first = await take(w.player);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ state: 'enrolling', status: RequirementStatus.WaitingOnApplicant });
    expect((await take(w.player)).json().state).not.toBe('not_enrolled');
    expect(await queued('training.enroll')).toBe(1);
    await eventually(async () => (await enrollmentOf(requirementId))?.learnerId != null, 'the enrolment job');
    expect(sandbox.store.users.size).toBe(1);

    const back = `/requirements/${definitionId}?plaId=${w.player.profileLevelAccessId}&x=1`;
    const launched = await launch(w.player, w.player, `&returnPath=${encodeURIComponent(back)}`);
    expect(launched.statusCode, launched.body).toBe(200);
    expect(launched.json()).toMatchObject({
      url: expect.stringContaining('/sandbox-course/'),
      sandbox: false,
    });
    const page = await takeCourse(launched.json().url);
    expect(page).toContain(`${w.t.app.appUrl}${back}`.replace('&', '&amp;'));

    await eventually(
      async () => (await statusOf(w, requirementId)) === RequirementStatus.Completed,
      'completion',
    );
    await sandbox.webhooks.idle();
    // Both events, each delivered three times, stored once each and processed once each.
    await eventually(async () => {
      const events = await w.t.database.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.provider, 'talentlms'));
      return events.length === 2 && events.every((e) => e.state === 'processed');
    }, 'every event processed');
    const view = (await byId(w.player)).json();
    const today = dayOf(new Date());
    expect(view).toMatchObject({
      status: RequirementStatus.Completed,
      state: 'completed',
      percent: 100,
      expiresAt: addDays(today, 365),
      mayTake: false,
      certificate: { role: 'certificate', contentType: 'application/pdf' },
    });
    const completions = await w.t.database.db
      .select()
      .from(requirementEvents)
      .where(
        and(
          eq(requirementEvents.memberRequirementId, requirementId),
          eq(requirementEvents.action, 'abuse-prevention-training-completed'),
        ),
      );
    expect(completions).toHaveLength(1);
    const [row] = await w.t.database.db
      .select()
      .from(memberRequirements)
      .where(eq(memberRequirements.id, requirementId));
    expect(row?.pendingReview).toBe(false);

    // The certificate is the member's evidence: downloadable like an upload.
    const link = await send(
      w.player,
      'GET',
      `${base}/${definitionId}/download-file/${view.certificate.id}?plaId=${w.player.profileLevelAccessId}`,
    );
    expect(link.statusCode).toBe(200);
    const at = new URL(link.json().url, w.t.app.appUrl);
    const file = await send(w.player, 'GET', at.pathname + at.search);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.rawPayload.toString('latin1')).toContain('Keeper');

    const again = await take(w.player);
    expect(again.statusCode).toBe(409);
    sandbox.webhooks.configure({ duplicates: 0, reorder: false });
  });

  it('completes from the poll when the provider’s webhooks never arrive', async () => {
    const [teammateRequirement] = await w.t.database.db
      .select({ id: memberRequirements.id })
      .from(memberRequirements)
      .where(
        and(
          eq(memberRequirements.profileId, w.teammate.profileId),
          eq(memberRequirements.definitionId, definitionId),
        ),
      );
    expect((await take(w.teammate, w.teammate)).statusCode).toBe(200);
    await eventually(
      async () => (await enrollmentOf(teammateRequirement!.id))?.learnerId != null,
      'enrolment',
    );
    // A manager reopens it while the course is open; taking it again resumes the same course, in progress.
    const reopened = await w.t.app.inject({
      method: 'POST',
      url: `${base}/${definitionId}/mark-incomplete/${w.teammate.profileLevelAccessId}`,
      headers: w.manager.auth,
      payload: {},
    });
    expect(reopened.statusCode).toBe(200);
    expect(await statusOf(w, teammateRequirement!.id)).toBe(RequirementStatus.Incomplete);
    expect((await take(w.teammate, w.teammate)).json()).toMatchObject({
      state: 'not_started',
      status: RequirementStatus.WaitingOnApplicant,
    });
    expect(await queued('training.enroll')).toBe(2);
    sandbox.faults.arm({ mode: 'drop-webhooks' });
    await takeCourse((await launch(w.teammate, w.teammate)).json().url);
    expect(await statusOf(w, teammateRequirement!.id)).toBe(RequirementStatus.WaitingOnApplicant);
    // The requirement page's read queues a re-read of the open course.
    expect((await byId(w.teammate, w.teammate)).statusCode).toBe(200);
    await eventually(
      async () => (await statusOf(w, teammateRequirement!.id)) === RequirementStatus.Completed,
      'the poll to complete it',
    );
    sandbox.faults.clear();
  });

  it('answers 503 with a plain message when the provider cannot open the course', async () => {
    sandbox.faults.arm({ mode: 'error', remaining: 3, pathPrefix: '/api/v1/gotocourse' });
    const res = await launch(w.teammate, w.teammate);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(
      'The course provider could not open the course right now. Try again in a minute.',
    );
    sandbox.faults.clear();
  });
});

describe('GET /api/app/organization/{id}/training-courses (the content editor’s course picker)', () => {
  it('401, 404 another organization, 403 below administrator, 400 a bad id, 503 a failing provider; the courses', async () => {
    const url = (id: string) => `/api/app/organization/${id}/training-courses`;
    const admin = await addTestMember(w.t, w.org, w.org.root, 'Admin');
    expect((await send(null, 'GET', url(w.org.id))).statusCode).toBe(401);
    expect((await send(w.otherAdmin, 'GET', url(w.org.id))).statusCode).toBe(404);
    expect((await send(w.manager, 'GET', url(w.org.id))).statusCode).toBe(403);
    expect((await send(w.player, 'GET', url(w.org.id))).statusCode).toBe(403);
    const bad = await send(admin, 'GET', url('not-an-id'));
    expect(bad.statusCode).toBe(400);
    const res = await send(admin, 'GET', url(w.org.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      provider: 'talentlms',
      sandbox: false,
      defaultCourseId: '101',
      courses: [
        { id: '101', name: 'Abuse Prevention Training (sandbox course)' },
        { id: '102', name: 'Abuse Prevention Refresher (sandbox course)' },
      ],
    });
    // The provider failing (every retry) is a plain 503, never an internal error.
    sandbox.faults.arm({ mode: 'error', remaining: 3, pathPrefix: '/api/v1/courses' });
    const failing = await send(admin, 'GET', url(w.org.id));
    expect(failing.statusCode).toBe(503);
    sandbox.faults.clear();
  });
});

describe('the annual refresher through the provider', () => {
  it('after expiry the member takes the course again: the provider resets it and only a new completion counts', async () => {
    // The member completed the course in the first test; a year and a day passes, on the sandbox clock and ours.
    const yearAgo = new Date(Date.now() - 366 * 86_400_000);
    await w.t.database.db
      .update(memberRequirements)
      .set({ completedAt: yearAgo, expiresAt: addDays(dayOf(new Date()), -1) })
      .where(eq(memberRequirements.id, requirementId));
    await sandbox.clock.advance(366 * 86_400_000);
    const before = await enrollmentOf(requirementId);
    const oldCertificateFile = before!.certificateFileId;
    expect((await byId(w.player)).json()).toMatchObject({ status: RequirementStatus.Expired, mayTake: true });

    const enrolls = await queued('training.enroll');
    const retake = await take(w.player);
    expect(retake.statusCode).toBe(200);
    expect(retake.json()).toMatchObject({ state: 'enrolling', status: RequirementStatus.WaitingOnApplicant });
    expect((await take(w.player)).statusCode).toBe(200);
    expect(await queued('training.enroll')).toBe(enrolls + 1);

    // The job resets the course at the provider: the learner starts from nothing there, and the old completion
    // (still on record as a certificate) never completes the requirement again.
    await eventually(async () => (await enrollmentOf(requirementId))?.state === 'not_started', 'the reset');
    const row = await enrollmentOf(requirementId);
    expect(row).toMatchObject({
      attempt: 2,
      retakeAfter: before!.completedAt,
      certificateId: before!.certificateId,
      certificateFileId: null,
    });
    expect(sandbox.store.enrollment(row!.learnerId!, row!.courseId).status).toBe('not_attempted');
    expect((await byId(w.player)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await statusOf(w, requirementId)).toBe(RequirementStatus.WaitingOnApplicant);

    await takeCourse((await launch(w.player)).json().url);
    await eventually(
      async () => (await statusOf(w, requirementId)) === RequirementStatus.Completed,
      'the new completion',
    );
    const view = (await byId(w.player)).json();
    expect(view).toMatchObject({
      status: RequirementStatus.Completed,
      state: 'completed',
      expiresAt: addDays(dayOf(new Date()), 365),
      mayTake: false,
    });
    expect(view.certificate.id).not.toBe(oldCertificateFile);
    const user = sandbox.store.user(row!.learnerId!);
    expect(user.certifications).toHaveLength(2);
    const completions = await w.t.database.db
      .select()
      .from(requirementEvents)
      .where(
        and(
          eq(requirementEvents.memberRequirementId, requirementId),
          eq(requirementEvents.action, 'abuse-prevention-training-completed'),
        ),
      );
    expect(completions).toHaveLength(2);
  });
});
