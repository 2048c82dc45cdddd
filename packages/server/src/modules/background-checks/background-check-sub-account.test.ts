import { and, eq } from 'drizzle-orm';
import { createYardstikSandbox, type YardstikSandbox } from '@touchline/sandbox/yardstik/yardstik-sandbox';
import { accountReviewMs } from '@touchline/sandbox/yardstik/yardstik-accounts';
import { sandboxPackages } from '@touchline/sandbox/yardstik/yardstik-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { eventually } from '../../../test/mail.ts';
import { memberRequirements, screeningOrders, yardstikOnboardings } from '../../db/schema/index.ts';
import { buildIntegrations, type Integrations } from '../../integrations-wiring.ts';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { sweepOpenScreeningOrders } from './background-check.jobs.ts';
import { consentBody } from './background-check.test-support.ts';
import { addDefinition, assign } from '../requirements/requirements-engine.test-kit.ts';
import { refreshMemberRequirements } from '../requirements/requirements.service.ts';

// An organization's own Yardstik sub-account (issue 20, ADR 030): once Yardstik has activated the account opened in
// onboarding, Touchline mints the account's API key (POST /accounts/{id}/api_token), keeps it sealed, and places
// that organization's orders (and re-reads them) with it; another organization still orders on the platform account.

const apiKey = 'sandbox-api-key';
const pkg = sandboxPackages[0]!;
let sandbox: YardstikSandbox;
let integrations: Integrations;
let t: TestApp;
let own: TestOrganization;
let plain: TestOrganization;
let admin: TestMember;
let ownMember: TestMember;
let plainMember: TestMember;
const definitions = new Map<string, string>();

const info = {
  name: 'Riverside Youth Soccer',
  legalName: 'Riverside Youth Soccer Association, Inc.',
  ein: '123456789',
  address: { line1: '1 Field Way', city: 'Austin', state: 'tx', postalCode: '78701' },
  owner: { firstName: 'Pat', lastName: 'Lee', email: 'pat@example.org' },
  permissiblePurpose: 'employment',
};
const call = (who: TestMember, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
const at = (who: TestMember, org: TestOrganization, path: string) =>
  `/api/app/requirement/${definitions.get(org.id)}/${path}?plaId=${who.profileLevelAccessId}`;
async function requirementOf(who: TestMember, org: TestOrganization) {
  const [row] = await t.database.db
    .select()
    .from(memberRequirements)
    .where(
      and(
        eq(memberRequirements.profileId, who.profileId),
        eq(memberRequirements.definitionId, definitions.get(org.id)!),
      ),
    );
  return row!;
}

beforeAll(async () => {
  sandbox = createYardstikSandbox({ apiKey, webhookSecret: 's' });
  const apiUrl = await sandbox.listen();
  integrations = buildIntegrations(
    { yardstik: { apiUrl, apiKey, webhookSecret: 's', sandbox: true } },
    { info() {}, warn() {} },
  );
  t = await createTestApp({}, { integrations });
  own = await createTestOrganization(t);
  plain = await createTestOrganization(t);
  admin = await addTestMember(t, own, own.root, 'Admin');
  ownMember = await addTestMember(t, own, own.team, 'member', { firstName: 'Casey', lastName: 'Clear' });
  plainMember = await addTestMember(t, plain, plain.team, 'member', { firstName: 'Sam', lastName: 'Clear' });
  for (const [org, who] of [
    [own, ownMember],
    [plain, plainMember],
  ] as const) {
    const id = await addDefinition(t, org, {
      type: RequirementType.BackgroundCheck,
      name: 'Background check',
      content: { vendor: 'Yardstik', packageId: pkg.id, packageName: pkg.name, payer: 'organization' },
      validityMode: 'Duration',
      validityDays: 730,
    });
    definitions.set(org.id, id);
    await assign(t, org, id, org.team, org.labelIds.member);
    await refreshMemberRequirements(t.database.db, org.id, { profileIds: [who.profileId] });
  }
  const appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  sandbox.webhooks.addEndpoint(`${appUrl}/api/webhooks/yardstik`);
  await t.app.jobs.startWorkers(jobDepsOf(t.app), { pollingIntervalSeconds: 0.5 });
});

afterAll(async () => {
  await t.close();
  await integrations.close();
  await sandbox.close();
});

async function order(who: TestMember, org: TestOrganization, first: string) {
  const consent = consentBody({ first, last: 'Clear' });
  expect((await call(who, 'POST', at(who, org, 'record-consent'), consent)).statusCode).toBe(200);
  expect((await call(who, 'POST', at(who, org, 'run-background-check'))).statusCode).toBe(200);
  await eventually(
    async () => (await requirementOf(who, org)).status === RequirementStatus.WaitingOnApplicant,
    'the order',
  );
  const [row] = await t.database.db
    .select()
    .from(screeningOrders)
    .where(eq(screeningOrders.memberRequirementId, (await requirementOf(who, org)).id));
  return row!;
}

describe('orders on the organization’s own Yardstik sub-account', () => {
  it('mints the account’s key at activation, orders and re-reads there; other organizations use the platform account', async () => {
    const url = `/api/app/organization/${own.id}`;
    expect((await call(admin, 'PUT', `${url}/yardstik-onboarding-info`, info)).statusCode).toBe(200);
    const opened = await call(admin, 'POST', `${url}/yardstik-account`);
    expect(opened.statusCode).toBe(200);
    const accountId = opened.json<{ accountId: string }>().accountId;

    // Submitted, not active yet: no key, and the organization still orders on the platform account.
    const [submitted] = await t.database.db
      .select()
      .from(yardstikOnboardings)
      .where(eq(yardstikOnboardings.organizationId, own.id));
    expect(submitted!.vendorAccountKey).toBeNull();

    await sandbox.clock.advance(accountReviewMs + 1000);
    const status = await call(admin, 'GET', `${url}/yardstik-onboarding-status`);
    expect(status.json()).toEqual({ status: 'Activated' });
    const [activated] = await t.database.db
      .select()
      .from(yardstikOnboardings)
      .where(eq(yardstikOnboardings.organizationId, own.id));
    // Kept sealed: the stored value is not the header the sandbox answered.
    expect(activated!.vendorAccountKey).toMatch(/^v1\./);
    expect(activated!.vendorAccountKey).not.toContain('User ');
    // A second status read does not mint another key.
    await call(admin, 'GET', `${url}/yardstik-onboarding-status`);
    const [again] = await t.database.db
      .select()
      .from(yardstikOnboardings)
      .where(eq(yardstikOnboardings.organizationId, own.id));
    expect(again!.vendorAccountKey).toBe(activated!.vendorAccountKey);

    const ownOrder = await order(ownMember, own, 'Casey');
    const plainOrder = await order(plainMember, plain, 'Sam');
    expect(ownOrder.vendorAccount).toBe(accountId);
    expect(plainOrder.vendorAccount).toBeNull();
    expect(sandbox.store.reports.get(ownOrder.vendorReportId)!.account_id).toBe(accountId);
    expect(sandbox.store.reports.get(plainOrder.vendorReportId)!.account_id).not.toBe(accountId);
    expect(sandbox.store.candidates.get(ownOrder.vendorCandidateId)!.account_id).toBe(accountId);

    // The platform key cannot read the sub-account's report: only the sub-account's own key re-reads it.
    const platformRead = await fetch(`${sandbox.baseUrl()}/reports/${ownOrder.vendorReportId}`, {
      headers: { authorization: `Account ${apiKey}` },
    });
    expect(platformRead.status).toBe(404);

    // Both members apply; after the research the webhooks (hints) make each order be re-read on its own account —
    // the sub-account's with its own key — and both clear; the sweep afterwards finds nothing left to change.
    for (const row of [ownOrder, plainOrder]) {
      const applied = await fetch(row.applyUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'disclosure=on&authorization=on',
      });
      expect(applied.status).toBe(200);
    }
    await sandbox.clock.advance(2 * 86_400_000);
    await eventually(
      async () =>
        (await requirementOf(ownMember, own)).status === RequirementStatus.Completed &&
        (await requirementOf(plainMember, plain)).status === RequirementStatus.Completed,
      'both cleared by their webhooks',
    );
    const swept = await sweepOpenScreeningOrders(jobDepsOf(t.app));
    expect(swept).toMatchObject({ changed: 0, failed: 0 });
  });
});
