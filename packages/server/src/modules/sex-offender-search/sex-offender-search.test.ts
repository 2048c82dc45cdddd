import { and, eq } from 'drizzle-orm';
import { createYardstikSandbox, type YardstikSandbox } from '@touchline/sandbox/yardstik/yardstik-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { ReviewSource } from '@touchline/contracts/reviews';
import { nsopwUrl } from '@touchline/contracts/sex-offender-search';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  validationFields,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { eventually, mailTo } from '../../../test/mail.ts';
import { auditEvents, memberRequirements, profiles, screeningOrders } from '../../db/schema/index.ts';
import { buildIntegrations, type Integrations } from '../../integrations-wiring.ts';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { finalizeAdverseAction } from '../background-checks/background-check-adverse.ts';
import { sweepOpenScreeningOrders } from '../background-checks/background-check.test-support.ts';
import { addDefinition, assign } from '../requirements/requirements-engine.test-kit.ts';
import { refreshMemberRequirements } from '../requirements/requirements.service.ts';
import { rerunDueSexOffenderSearches } from './sex-offender-search.jobs.ts';

const secret = 'sandbox-webhook-secret';
const base = '/api/app/requirement';
let sandbox: YardstikSandbox;
let integrations: Integrations;
let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let definitionId = '';
let people: Record<
  'clear' | 'match' | 'confirmed' | 'disputer' | 'noDob' | 'manager' | 'director' | 'otherAdmin',
  TestMember
>;

const send = (who: TestMember | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
const at = (path: string, who: TestMember) =>
  `${base}/${definitionId}/${path}?plaId=${who.profileLevelAccessId}`;
const matchUrl = (who: TestMember) =>
  `${base}/${definitionId}/sex-offender-search-match/${who.profileLevelAccessId}`;

async function requirementOf(who: TestMember) {
  const [row] = await t.database.db
    .select()
    .from(memberRequirements)
    .where(
      and(eq(memberRequirements.profileId, who.profileId), eq(memberRequirements.definitionId, definitionId)),
    );
  return row!;
}
const ordersOf = async (who: TestMember) =>
  t.database.db
    .select()
    .from(screeningOrders)
    .where(eq(screeningOrders.memberRequirementId, (await requirementOf(who)).id));

/** The member begins, consents on the vendor's hosted page, and the sandbox researches for two days. */
async function searchFor(who: TestMember) {
  const begin = await send(who, 'POST', at('begin-sex-offender-search', who));
  expect(begin.statusCode).toBe(200);
  await eventually(
    async () => (await requirementOf(who)).status === RequirementStatus.WaitingOnApplicant,
    'the order',
  );
  const view = (await send(who, 'GET', at('sex-offender-search-by-id', who))).json();
  expect(view).toMatchObject({ next: 'continue-at-vendor', sandbox: true, applyUrl: expect.any(String) });
  const applied = await fetch(view.applyUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'disclosure=on&authorization=on',
  });
  expect(applied.status).toBe(200);
  await sandbox.clock.advance(2 * 86_400_000);
  sandbox.webhooks.flush();
  await sandbox.webhooks.idle();
}

beforeAll(async () => {
  sandbox = createYardstikSandbox({ apiKey: 'sandbox-api-key', webhookSecret: secret });
  const apiUrl = await sandbox.listen();
  integrations = buildIntegrations(
    { yardstik: { apiUrl, apiKey: 'sandbox-api-key', webhookSecret: secret, sandbox: true } },
    { info() {}, warn() {} },
  );
  t = await createTestApp({}, { integrations });
  org = await createTestOrganization(t);
  other = await createTestOrganization(t);
  people = {
    clear: await addTestMember(t, org, org.team, 'member', { firstName: 'Casey', lastName: 'Clear' }),
    match: await addTestMember(t, org, org.team, 'member', { firstName: 'Lee', lastName: 'Sor' }),
    confirmed: await addTestMember(t, org, org.team, 'member', { firstName: 'Pat', lastName: 'Sor' }),
    disputer: await addTestMember(t, org, org.team, 'member', { firstName: 'Kim', lastName: 'Adverse' }),
    noDob: await addTestMember(t, org, org.team, 'member', { firstName: 'Noa', lastName: 'Clear' }),
    manager: await addTestMember(t, org, org.division, 'Manager'),
    director: await addTestMember(t, org, org.root, 'Director'),
    otherAdmin: await addTestMember(t, other, other.root, 'Admin'),
  };
  for (const who of [people.clear, people.match, people.confirmed, people.disputer])
    await t.database.db
      .update(profiles)
      .set({ dateOfBirth: '1988-07-09' })
      .where(eq(profiles.id, who.profileId));
  definitionId = await addDefinition(t, org, {
    type: RequirementType.SexOffenderSearch,
    name: 'Registry search',
    content: { packageId: null, rerunEveryDays: 365 },
    validityMode: 'Duration',
    validityDays: 730,
  });
  await assign(t, org, definitionId, org.team, org.labelIds.member);
  await refreshMemberRequirements(t.database.db, org.id, {
    profileIds: Object.values(people).map((p) => p.profileId),
  });
  const appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  sandbox.webhooks.addEndpoint(`${appUrl}/api/webhooks/yardstik`);
  sandbox.webhooks.configure({ duplicates: 1, reorder: true, reorderWindowMs: 100 });
  await t.app.jobs.startWorkers(jobDepsOf(t.app), { pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await t.close();
  await integrations.close();
  await sandbox.close();
});

describe('sex offender search routes: who may call them', () => {
  it('GET sex-offender-search-by-id: 401, 404 other organization, 403 another member, 400 bad plaId, 200 member and manager', async () => {
    const who = people.noDob;
    const url = at('sex-offender-search-by-id', who);
    expect((await send(null, 'GET', url)).statusCode).toBe(401);
    expect((await send(people.otherAdmin, 'GET', url)).statusCode).toBe(404);
    expect((await send(people.clear, 'GET', url)).statusCode).toBe(403);
    expect(
      (await send(who, 'GET', `${base}/${definitionId}/sex-offender-search-by-id?plaId=x`)).statusCode,
    ).toBe(400);
    const own = await send(who, 'GET', url);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      status: RequirementStatus.Incomplete,
      dateOfBirth: null,
      profileId: who.profileId,
      sandbox: true,
      order: null,
      next: 'set-birth-date',
      rerunEveryDays: 365,
    });
    expect((await send(people.manager, 'GET', url)).statusCode).toBe(200);
  });

  it('POST begin-sex-offender-search: 401, 404, 403 manager, 400 bad plaId, 409 without a birth date; set-date-of-birth then lets it begin', async () => {
    const who = people.noDob;
    const url = at('begin-sex-offender-search', who);
    expect((await send(null, 'POST', url)).statusCode).toBe(401);
    expect((await send(people.otherAdmin, 'POST', url)).statusCode).toBe(404);
    expect((await send(people.manager, 'POST', url)).statusCode).toBe(403);
    expect((await send(people.clear, 'POST', url)).statusCode).toBe(403);
    expect(
      (await send(who, 'POST', `${base}/${definitionId}/begin-sex-offender-search?plaId=x`)).statusCode,
    ).toBe(400);
    const early = await send(who, 'POST', url);
    expect([early.statusCode, early.json().error.message]).toEqual([
      409,
      'Enter the date of birth first: the registry search needs it',
    ]);
    const dobUrl = `/api/app/profile/${who.profileId}/set-date-of-birth`;
    const future = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const bad = await send(who, 'POST', dobUrl, {
      dateOfBirth: future,
      profileLevelAccessId: who.profileLevelAccessId,
    });
    expect([bad.statusCode, validationFields(bad)]).toEqual([400, ['dateOfBirth']]);
    const set = await send(who, 'POST', dobUrl, {
      dateOfBirth: '1990-01-02',
      profileLevelAccessId: who.profileLevelAccessId,
    });
    expect(set.statusCode).toBe(204);
    expect((await send(who, 'GET', at('sex-offender-search-by-id', who))).json()).toMatchObject({
      dateOfBirth: '1990-01-02',
      next: 'begin',
    });
  });
});

describe('sex offender search: ordered through the outbox, results onto the requirement', () => {
  it('a double submit orders once; no hit completes it', async () => {
    const who = people.clear;
    const [a, b] = await Promise.all([
      send(who, 'POST', at('begin-sex-offender-search', who)),
      send(who, 'POST', at('begin-sex-offender-search', who)),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    await searchFor(who);
    await eventually(async () => (await requirementOf(who)).status === RequirementStatus.Completed, 'no hit');
    const orders = await ordersOf(who);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'clear', registryRecords: null });
    expect(sandbox.store.reports.size).toBe(1);
  });

  it('a possible match goes to review as SexOffenderSearch, with the record in the queue', async () => {
    const who = people.match;
    await searchFor(who);
    await eventually(
      async () => (await requirementOf(who)).status === RequirementStatus.PendingReview,
      'review',
    );
    expect(await requirementOf(who)).toMatchObject({ reviewSource: ReviewSource.SexOffenderSearch });
    const queue = await send(
      people.director,
      'GET',
      `${base}/review-requirements/${org.id}?reviewSource=SexOffenderSearch`,
    );
    expect(queue.statusCode).toBe(200);
    expect(queue.json().items).toEqual([
      expect.objectContaining({ plaId: who.profileLevelAccessId, reviewSource: 'SexOffenderSearch' }),
    ]);
  });

  it('GET sex-offender-search-match/{plaId}: reviewers only (401, 404, 403 member and manager, 400), the record and the registry, audited', async () => {
    const who = people.match;
    const url = matchUrl(who);
    expect((await send(null, 'GET', url)).statusCode).toBe(401);
    expect((await send(people.otherAdmin, 'GET', url)).statusCode).toBe(404);
    expect((await send(who, 'GET', url)).statusCode).toBe(403);
    expect((await send(people.manager, 'GET', url)).statusCode).toBe(403);
    expect(
      (await send(people.director, 'GET', `${base}/${definitionId}/sex-offender-search-match/x`)).statusCode,
    ).toBe(400);
    const match = await send(people.director, 'GET', url);
    expect(match.statusCode).toBe(200);
    expect(match.json()).toMatchObject({
      member: { fullName: 'Lee Sor', dateOfBirth: '1988-07-09' },
      records: [
        {
          fullName: 'Lee Sor',
          dateOfBirth: '1988-07-09',
          jurisdiction: 'OR',
          photoUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
        },
      ],
      nsopwUrl,
      consumerReport: true,
      sandbox: true,
    });
    const viewed = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'sex_offender_search.match_viewed'));
    expect(viewed).toHaveLength(1);
  });

  it('a possible match takes no bulk decision: 409 naming it, nothing changed', async () => {
    const who = people.match;
    expect((await requirementOf(who)).status).toBe(RequirementStatus.PendingReview);
    const bulk = await send(people.director, 'POST', `${base}/bulk-review`, {
      requirements: [{ id: definitionId, plaId: who.profileLevelAccessId }],
      review: { reviewDecision: 1, reviewNotes: '' },
    });
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().error.validationErrors).toEqual([
      expect.objectContaining({
        field: 'requirements.0',
        message: expect.stringContaining('registry match'),
      }),
    ]);
    expect((await requirementOf(who)).status).toBe(RequirementStatus.PendingReview);
  });

  it('"not the same person" completes it, and a re-read of the unchanged result leaves it so', async () => {
    const who = people.match;
    const approve = await send(
      people.director,
      'POST',
      `${base}/${definitionId}/review/${who.profileLevelAccessId}`,
      {
        reviewDecision: 1,
        reviewNotes: 'Not the same person: the registry photo differs',
      },
    );
    expect(approve.statusCode).toBe(200);
    expect((await requirementOf(who)).status).toBe(RequirementStatus.Completed);
    await sweepOpenScreeningOrders(jobDepsOf(t.app));
    expect((await requirementOf(who)).status).toBe(RequirementStatus.Completed);
  });

  it('a confirmed match goes through the FCRA notices to Rejected', async () => {
    const who = people.confirmed;
    await searchFor(who);
    await eventually(
      async () => (await requirementOf(who)).status === RequirementStatus.PendingReview,
      'review',
    );
    const url = `${base}/${definitionId}/background-check-adverse-action/${who.profileLevelAccessId}`;
    expect((await send(people.manager, 'POST', url, { reason: 'Registered in OR' })).statusCode).toBe(403);
    const started = await send(people.director, 'POST', url, { reason: 'The registry record is the member' });
    expect(started.statusCode).toBe(200);
    const { disputeUntil } = started.json();
    const requirement = await requirementOf(who);
    expect(requirement.status).toBe(RequirementStatus.PendingReview);
    const outcome = await finalizeAdverseAction(
      jobDepsOf(t.app),
      { organizationId: org.id, memberRequirementId: requirement.id },
      new Date(new Date(disputeUntil).getTime() + 1000),
    );
    expect(outcome).toBe('sent');
    expect(await requirementOf(who)).toMatchObject({
      status: RequirementStatus.Rejected,
      reviewSource: ReviewSource.SexOffenderSearch,
    });
  });

  it('the member may answer the pre-adverse notice (their own act): the answer holds the final notice', async () => {
    const who = people.disputer;
    await searchFor(who);
    await eventually(
      async () => (await requirementOf(who)).status === RequirementStatus.PendingReview,
      'review',
    );
    const adverse = `${base}/${definitionId}/background-check-adverse-action/${who.profileLevelAccessId}`;
    const { disputeUntil } = (await send(people.director, 'POST', adverse, { reason: 'Same person' })).json();
    const dispute = at('background-check-dispute', who);
    const message = { message: 'That record is my uncle, born the same day: see my licence.' };
    expect((await send(people.manager, 'POST', dispute, message)).statusCode).toBe(403);
    expect((await send(people.otherAdmin, 'POST', dispute, message)).statusCode).toBe(404);
    const answered = await send(who, 'POST', dispute, message);
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ stage: 'pre-adverse', disputes: 1 });
    expect((await send(who, 'GET', at('sex-offender-search-by-id', who))).json()).toMatchObject({
      adverseAction: {
        stage: 'pre-adverse',
        reason: 'Same person',
        disputes: [{ message: message.message }],
      },
    });
    // The reviewer follows the thread in the comparison and replies (a registry match is a consumer report too).
    expect((await send(people.director, 'GET', matchUrl(who))).json().adverseAction).toMatchObject({
      stage: 'pre-adverse',
      disputes: [{ from: 'member', message: message.message }],
    });
    const replyUrl = `${base}/${definitionId}/background-check-dispute-reply/${who.profileLevelAccessId}`;
    const reply = { message: 'Please send a photo ID', from: 'organization' };
    expect((await send(people.manager, 'POST', replyUrl, reply)).statusCode).toBe(403);
    const replied = await send(people.director, 'POST', replyUrl, reply);
    expect(replied.statusCode).toBe(200);
    expect(replied.json()).toMatchObject({ stage: 'pre-adverse', disputes: 2 });
    const outcome = await finalizeAdverseAction(
      jobDepsOf(t.app),
      { organizationId: org.id, memberRequirementId: (await requirementOf(who)).id },
      new Date(new Date(disputeUntil).getTime() + 1000),
    );
    expect(outcome).toBe('skipped');
    expect((await requirementOf(who)).status).toBe(RequirementStatus.PendingReview);
  });

  it('re-runs on the definition’s cadence: once per day, keeping the completion while the new search waits', async () => {
    const who = people.clear;
    const deps = jobDepsOf(t.app);
    expect((await rerunDueSexOffenderSearches(deps, new Date())).due).toBe(0);
    const later = new Date(Date.now() + 366 * 86_400_000);
    expect((await rerunDueSexOffenderSearches(deps, later)).due).toBeGreaterThanOrEqual(1);
    await rerunDueSexOffenderSearches(deps, later);
    await eventually(async () => (await ordersOf(who)).length === 2, 'the re-run order');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await ordersOf(who)).toHaveLength(2);
    expect((await requirementOf(who)).status).toBe(RequirementStatus.Completed);
    // The new search waits for the member's authorization on the provider's page: they are asked by e-mail, once.
    await eventually(
      async () => (await mailTo(t, who.email)).some((m) => /authorize your new/.test(m.subject)),
      'the e-mail',
    );
    const asks = (await mailTo(t, who.email)).filter((m) => /authorize your new/.test(m.subject));
    expect(asks).toHaveLength(1);
    expect(asks[0]!.text).toContain(`/requirements/${definitionId}?plaId=${who.profileLevelAccessId}`);
    expect(asks[0]!.text).toContain('Continue at the provider');
  });
});
