import { and, eq } from 'drizzle-orm';
import { createYardstikSandbox, type YardstikSandbox } from '@touchline/sandbox/yardstik/yardstik-sandbox';
import { sandboxPackages } from '@touchline/sandbox/yardstik/yardstik-store';
import { afterAll, beforeAll, expect } from 'vitest';
import { fcraConsentText } from '@touchline/contracts/background-checks';
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
import { memberRequirements, screeningOrders } from '../../db/schema/index.ts';
import { buildIntegrations, type Integrations } from '../../integrations-wiring.ts';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { sweepOpenScreeningOrders } from './background-check.jobs.ts';
/** The open-order sweep, for a sibling screening's tests that drive an order to its answer. */
export { sweepOpenScreeningOrders };
import { addDefinition, assign } from '../requirements/requirements-engine.test-kit.ts';
import { refreshMemberRequirements } from '../requirements/requirements.service.ts';

export const secret = 'sandbox-webhook-secret';
export const base = '/api/app/requirement';
export let sandbox: YardstikSandbox;
export let integrations: Integrations;
export let t: TestApp;
export let org: TestOrganization;
export let other: TestOrganization;
export let appUrl = '';
export let people: Record<
  'clear' | 'flagged' | 'swept' | 'disputer' | 'silent' | 'teammate' | 'manager' | 'director' | 'otherAdmin',
  TestMember
>;
export let definitionId = '';
export let memberPaysId = '';
export let genericId = '';
export const pkg = sandboxPackages[0]!;

export const send = (who: TestMember | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
export const at = (definition: string, path: string, who: TestMember) =>
  `${base}/${definition}/${path}?plaId=${who.profileLevelAccessId}`;
export const consentBody = (who: { first: string; last: string }) => ({
  textVersion: fcraConsentText.version,
  acceptDisclosure: true,
  acceptAuthorization: true,
  typedName: `${who.first} ${who.last}`,
  address: { line1: '1 Pitch Lane', city: 'Portland', state: 'OR', postalCode: '97201' },
});
export const names = {
  clear: { first: 'Casey', last: 'Clear' },
  flagged: { first: 'Jamie', last: 'Consider' },
  swept: { first: 'Sam', last: 'Clear' },
  disputer: { first: 'Pat', last: 'Adverse' },
  silent: { first: 'Lee', last: 'Sor' },
};

export async function requirementOf(who: TestMember, definition = definitionId) {
  const [row] = await t.database.db
    .select()
    .from(memberRequirements)
    .where(
      and(eq(memberRequirements.profileId, who.profileId), eq(memberRequirements.definitionId, definition)),
    );
  return row!;
}
export const ordersOf = async (who: TestMember) =>
  t.database.db
    .select()
    .from(screeningOrders)
    .where(eq(screeningOrders.memberRequirementId, (await requirementOf(who)).id));

export async function applyAtSandbox(who: TestMember) {
  const link = await send(who, 'GET', at(definitionId, 'get-background-check-link', who));
  expect(link.statusCode).toBe(200);
  const { url, sandbox: isSandbox } = link.json<{ url: string; sandbox: boolean }>();
  expect(isSandbox).toBe(true);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'disclosure=on&authorization=on',
  });
  expect(response.status).toBe(200);
}

export async function consentAndRun(who: TestMember, name: { first: string; last: string }) {
  expect(
    (await send(who, 'POST', at(definitionId, 'record-consent', who), consentBody(name))).statusCode,
  ).toBe(200);
  const run = await send(who, 'POST', at(definitionId, 'run-background-check', who));
  expect(run.statusCode).toBe(200);
  return run;
}

/**
 * The world every background-check test file runs in, its own per file: a Yardstik sandbox sending duplicated and
 * reordered webhooks to a listening app, two organizations, the members named for their outcomes, three definitions
 * (organization pays, member pays, Generic) and the job workers. The bindings above are live: set here, read there.
 */
export function useBackgroundCheckWorld() {
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
      flagged: await addTestMember(t, org, org.team, 'member', { firstName: 'Jamie', lastName: 'Consider' }),
      swept: await addTestMember(t, org, org.team, 'member', { firstName: 'Sam', lastName: 'Clear' }),
      disputer: await addTestMember(t, org, org.team, 'member', { firstName: 'Pat', lastName: 'Adverse' }),
      silent: await addTestMember(t, org, org.team, 'member', { firstName: 'Lee', lastName: 'Sor' }),
      teammate: await addTestMember(t, org, org.team, 'member'),
      manager: await addTestMember(t, org, org.division, 'Manager'),
      director: await addTestMember(t, org, org.root, 'Director'),
      otherAdmin: await addTestMember(t, other, other.root, 'Admin'),
    };
    const content = { vendor: 'Yardstik', packageId: pkg.id, packageName: pkg.name, payer: 'organization' };
    definitionId = await addDefinition(t, org, {
      type: RequirementType.BackgroundCheck,
      name: 'Background check',
      content,
      validityMode: 'Duration',
      validityDays: 730,
    });
    memberPaysId = await addDefinition(t, org, {
      type: RequirementType.BackgroundCheck,
      name: 'Background check (member pays)',
      content: { ...content, payer: 'member' },
    });
    genericId = await addDefinition(t, org, {
      type: RequirementType.BackgroundCheck,
      name: 'Background check (own vendor)',
      content: { vendor: 'Generic' },
    });
    for (const id of [definitionId, memberPaysId, genericId])
      await assign(t, org, id, org.team, org.labelIds.member);
    await refreshMemberRequirements(t.database.db, org.id, {
      profileIds: Object.values(people).map((p) => p.profileId),
    });
    appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    sandbox.webhooks.addEndpoint(`${appUrl}/api/webhooks/yardstik`);
    sandbox.webhooks.configure({ duplicates: 1, reorder: true, reorderWindowMs: 100 });
    await t.app.jobs.startWorkers(jobDepsOf(t.app), { pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await t.close();
    await integrations.close();
    await sandbox.close();
  });
}

export async function flaggedAndInReview(who: TestMember, name: { first: string; last: string }) {
  await consentAndRun(who, name);
  await eventually(
    async () => (await requirementOf(who)).status === RequirementStatus.WaitingOnApplicant,
    'the order',
  );
  await applyAtSandbox(who);
  await sandbox.clock.advance(2 * 86_400_000);
  await sweepOpenScreeningOrders(jobDepsOf(t.app));
  expect((await requirementOf(who)).status).toBe(RequirementStatus.PendingReview);
}
