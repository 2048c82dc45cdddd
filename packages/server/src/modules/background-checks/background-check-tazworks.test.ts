import { and, eq } from 'drizzle-orm';
import { createTazworksSandbox, type TazworksSandbox } from '@touchline/sandbox/tazworks/tazworks-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { ReviewSource } from '@touchline/contracts/reviews';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  grantAgencyClient,
  tazworksContent,
  type TestMember,
} from '../../../test/factories.ts';
import { eventually } from '../../../test/mail.ts';
import { memberRequirements, screeningOrders } from '../../db/schema/index.ts';
import { buildIntegrations, type Integrations } from '../../integrations-wiring.ts';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { sweepOpenScreeningOrders } from './background-check.jobs.ts';
import { consentBody } from './background-check.test-support.ts';
import { addDefinition, assign } from '../requirements/requirements-engine.test-kit.ts';
import { refreshMemberRequirements } from '../requirements/requirements.service.ts';

// Ordering through a TazWorks-platform agency (issue 20, ADR 034): a definition naming the agency's client orders
// through the TazWorks adapter over real HTTP to its sandbox, the member continues at the QuickApp, and — TazAPI
// sending no webhooks — the poll re-reads the open orders and moves the requirements by the same pure mapping.

const clientGuid = '3f2a9c10-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
let sandbox: TazworksSandbox;
let integrations: Integrations;
let t: TestApp;
let definitionId = '';
let people: Record<'clear' | 'flagged', TestMember>;
let director: TestMember;
const names = { clear: { first: 'Casey', last: 'Clear' }, flagged: { first: 'Jamie', last: 'Consider' } };

const at = (path: string, who: TestMember) =>
  `/api/app/requirement/${definitionId}/${path}?plaId=${who.profileLevelAccessId}`;
const send = (who: TestMember, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
async function requirementOf(who: TestMember) {
  const [row] = await t.database.db
    .select()
    .from(memberRequirements)
    .where(
      and(eq(memberRequirements.profileId, who.profileId), eq(memberRequirements.definitionId, definitionId)),
    );
  return row!;
}

beforeAll(async () => {
  sandbox = createTazworksSandbox({ token: 'taz-token', clientGuid });
  const apiUrl = await sandbox.listen();
  integrations = buildIntegrations(
    { yardstik: undefined, tazworks: [{ id: 'jdp', apiUrl, token: 'taz-token', sandbox: true }] },
    { info() {}, warn() {} },
  );
  t = await createTestApp({}, { integrations });
  const org = await createTestOrganization(t);
  people = {
    clear: await addTestMember(t, org, org.team, 'member', { firstName: 'Casey', lastName: 'Clear' }),
    flagged: await addTestMember(t, org, org.team, 'member', { firstName: 'Jamie', lastName: 'Consider' }),
  };
  director = await addTestMember(t, org, org.root, 'Admin');
  await grantAgencyClient(t, org.id, clientGuid);
  const [product] = await integrations.tazworks!.portFor(clientGuid).listPackages({});
  definitionId = await addDefinition(t, org, {
    type: RequirementType.BackgroundCheck,
    name: 'Background check (JDP)',
    content: tazworksContent(clientGuid, product!),
    validityMode: 'Duration',
    validityDays: 730,
  });
  await assign(t, org, definitionId, org.team, org.labelIds.member);
  await refreshMemberRequirements(t.database.db, org.id, {
    profileIds: Object.values(people).map((p) => p.profileId),
  });
  await t.app.jobs.startWorkers(jobDepsOf(t.app), { pollingIntervalSeconds: 0.5 });
});

afterAll(async () => {
  await t.close();
  await integrations.close();
  await sandbox.close();
});

async function orderAndApply(who: TestMember, name: { first: string; last: string }) {
  expect((await send(who, 'POST', at('record-consent', who), consentBody(name))).statusCode).toBe(200);
  expect((await send(who, 'POST', at('run-background-check', who))).statusCode).toBe(200);
  await eventually(
    async () => (await requirementOf(who)).status === RequirementStatus.WaitingOnApplicant,
    'the TazWorks order',
  );
  const view = (await send(who, 'GET', at('background-check-by-id', who))).json<{
    vendor: string;
    sandbox: boolean;
    next: string;
  }>();
  expect(view).toMatchObject({ vendor: 'TazWorks', sandbox: true, next: 'continue-at-vendor' });
  const link = await send(who, 'GET', at('get-background-check-link', who));
  expect(link.statusCode).toBe(200);
  const { url, sandbox: isSandbox } = link.json<{ url: string; sandbox: boolean }>();
  expect(isSandbox).toBe(true);
  expect(url).toContain('/orderquickapp/index.taz');
  const submitted = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'disclosure=on&authorization=on',
  });
  expect(submitted.status).toBe(200);
}

describe('a background check ordered through a TazWorks-platform agency', () => {
  it('orders on the definition’s client, keeps it on the order, and the poll moves clear and flagged results', async () => {
    await orderAndApply(people.clear, names.clear);
    await orderAndApply(people.flagged, names.flagged);
    const orders = await t.database.db
      .select()
      .from(screeningOrders)
      .where(eq(screeningOrders.vendor, 'tazworks'));
    expect(orders).toHaveLength(2);
    expect(orders.every((o) => o.vendorAccount === clientGuid)).toBe(true);

    // Submitted, researching: the poll reads `pending` and the member waits on the provider.
    const first = await sweepOpenScreeningOrders(jobDepsOf(t.app), 'tazworks');
    expect(first).toMatchObject({ checked: 2, failed: 0 });
    expect((await requirementOf(people.clear)).status).toBe(RequirementStatus.WaitingOnProvider);

    // A research day on the sandbox clock: Clear completes, Consider is flagged for review.
    await sandbox.clock.advance(2 * 86_400_000);
    const second = await sweepOpenScreeningOrders(jobDepsOf(t.app), 'tazworks');
    expect(second).toMatchObject({ checked: 2, changed: 2, failed: 0 });
    expect((await requirementOf(people.clear)).status).toBe(RequirementStatus.Completed);
    const flagged = await requirementOf(people.flagged);
    expect(flagged.status).toBe(RequirementStatus.PendingReview);
    expect(flagged.reviewSource).toBe(ReviewSource.FlaggedBackgroundCheck);

    // The reviewer's report names the exact agency the order ran at (the client is granted at JDP).
    const report = await send(
      director,
      'GET',
      `/api/app/requirement/${definitionId}/background-check-report/${people.flagged.profileLevelAccessId}`,
    );
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({ vendor: 'tazworks', agency: { id: 'jdp', name: 'JDP' } });

    // Closed orders are not polled again; a third poll changes nothing.
    const third = await sweepOpenScreeningOrders(jobDepsOf(t.app), 'tazworks');
    expect(third.checked).toBeLessThanOrEqual(1);
    expect(third.changed).toBe(0);
  });

  it('never orders, renews or re-reads on a client granted to another organization (issue 34)', async () => {
    // Organization B's definition names A's client, as a definition saved before the ownership check could.
    const other = await createTestOrganization(t);
    const intruder = await addTestMember(t, other, other.team, 'member', {
      firstName: 'Ira',
      lastName: 'Intruder',
    });
    const [product] = await integrations.tazworks!.portFor(clientGuid).listPackages({});
    const foreignId = await addDefinition(t, other, {
      type: RequirementType.BackgroundCheck,
      name: 'Background check on A’s client',
      content: tazworksContent(clientGuid, product!),
    });
    await assign(t, other, foreignId, other.team, other.labelIds.member);
    await refreshMemberRequirements(t.database.db, other.id, { profileIds: [intruder.profileId] });
    const url = (path: string) =>
      `/api/app/requirement/${foreignId}/${path}?plaId=${intruder.profileLevelAccessId}`;
    const ordersAtAgency = () => sandbox.store.orders.size;
    const before = ordersAtAgency();
    expect(
      (await send(intruder, 'POST', url('record-consent'), consentBody({ first: 'Ira', last: 'Intruder' })))
        .statusCode,
    ).toBe(200);
    const run = await send(intruder, 'POST', url('run-background-check'));
    expect([run.statusCode, run.json().error.message]).toEqual([
      409,
      'Background checks are not set up in this deployment',
    ]);
    expect(ordersAtAgency()).toBe(before);

    // An order of B's already standing on A's client (placed before the fix) is not re-read by the poll.
    const [requirement] = await t.database.db
      .select({ id: memberRequirements.id })
      .from(memberRequirements)
      .where(eq(memberRequirements.definitionId, foreignId));
    await t.database.db.insert(screeningOrders).values({
      organizationId: other.id,
      memberRequirementId: requirement!.id,
      profileLevelAccessId: intruder.profileLevelAccessId,
      vendor: 'tazworks',
      vendorAccount: clientGuid,
      vendorCandidateId: 'legacy-candidate',
      vendorReportId: 'legacy-report-on-a-foreign-client',
      packageId: product!.id,
      status: 'in_progress',
      vendorStatus: 'pending',
      vendorCheckedAt: new Date('2026-01-01T00:00:00Z'),
    });
    // Were it re-read, the agency would answer 404 for a report it never had and the sweep would count a failure.
    const swept = await sweepOpenScreeningOrders(jobDepsOf(t.app), 'tazworks');
    expect(swept.failed).toBe(0);
    const [legacy] = await t.database.db
      .select({ checkedAt: screeningOrders.vendorCheckedAt })
      .from(screeningOrders)
      .where(eq(screeningOrders.vendorReportId, 'legacy-report-on-a-foreign-client'));
    expect(legacy!.checkedAt.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('refuses a TazWorks definition without its client in the content schema', async () => {
    const { backgroundCheckContentSchema } = await import('@touchline/contracts/background-checks');
    const parsed = backgroundCheckContentSchema.safeParse({ vendor: 'TazWorks', packageId: 'p' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['clientId']);
  });
});
