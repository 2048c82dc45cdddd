import { and, eq, isNull } from 'drizzle-orm';
import { createYardstikSandbox, type YardstikSandbox } from '@touchline/sandbox/yardstik/yardstik-sandbox';
import { afterAll, beforeAll, expect } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { monitoringConsentText } from '@touchline/contracts/sex-offender-search';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { eventually } from '../../../test/mail.ts';
import {
  memberRequirements,
  profiles,
  requirementSubmissions,
  screeningMonitors,
  screeningOrders,
} from '../../db/schema/index.ts';
import { buildIntegrations, type Integrations } from '../../integrations-wiring.ts';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { addDefinition, assign } from '../requirements/requirements-engine.test-kit.ts';
import { refreshMemberRequirements } from '../requirements/requirements.service.ts';

// The monitoring tests' world (ADR 032): a Yardstik sandbox over real HTTP, the app listening for its webhooks with
// its job workers, an organization whose team is assigned a sex offender search that monitors continuously, and the
// members the cases follow, with the reads and acts the cases share.

export const secret = 'sandbox-webhook-secret';
export const base = '/api/app/requirement';
export let sandbox: YardstikSandbox;
export let integrations: Integrations;
export let t: TestApp;
export let org: TestOrganization;
let other: TestOrganization;
export let definitionId = '';
export let assignmentId = '';
export let appUrl = '';
export let people: Record<
  | 'monitored'
  | 'swept'
  | 'decliner'
  | 'leaver'
  | 'ended'
  | 'disqualified'
  | 'noticed'
  | 'peer'
  | 'manager'
  | 'director'
  | 'otherAdmin',
  TestMember
>;

export const send = (
  who: TestMember | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
export const at = (path: string, who: TestMember, definition = definitionId) =>
  `${base}/${definition}/${path}?plaId=${who.profileLevelAccessId}`;
export const consentBody = (who: TestMember, name: string) => ({
  textVersion: monitoringConsentText.version,
  acceptDisclosure: true,
  acceptAuthorization: true,
  typedName: name,
  address: { line1: '1 Pitch Lane', city: 'Portland', state: 'or', postalCode: '97201' },
});
export const names: Record<string, string> = {};

export async function requirementOf(who: TestMember) {
  const [row] = await t.database.db
    .select()
    .from(memberRequirements)
    .where(
      and(eq(memberRequirements.profileId, who.profileId), eq(memberRequirements.definitionId, definitionId)),
    );
  return row!;
}
export const ordersOf = async (who: TestMember) =>
  t.database.db
    .select()
    .from(screeningOrders)
    .where(eq(screeningOrders.memberRequirementId, (await requirementOf(who)).id));
export async function monitorOf(who: TestMember) {
  const [row] = await t.database.db
    .select()
    .from(screeningMonitors)
    .where(eq(screeningMonitors.memberRequirementId, (await requirementOf(who)).id));
  return row;
}
export const candidateOf = (who: TestMember) =>
  [...sandbox.store.candidates.values()].find((c) => c.external_id === who.profileId);
export const consentsOf = async (who: TestMember) =>
  t.database.db
    .select()
    .from(requirementSubmissions)
    .where(
      and(
        eq(requirementSubmissions.memberRequirementId, (await requirementOf(who)).id),
        eq(requirementSubmissions.kind, 'sex-offender-monitoring-consent'),
        isNull(requirementSubmissions.supersededAt),
      ),
    );

/** The member begins, authorizes on the vendor's page, and the sandbox researches: their search comes back clear. */
export async function clearSearchFor(who: TestMember) {
  expect((await send(who, 'POST', at('begin-sex-offender-search', who))).statusCode).toBe(200);
  await eventually(
    async () => (await requirementOf(who)).status === RequirementStatus.WaitingOnApplicant,
    'the order',
  );
  const view = (await send(who, 'GET', at('sex-offender-search-by-id', who))).json();
  const applied = await fetch(view.applyUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'disclosure=on&authorization=on',
  });
  expect(applied.status).toBe(200);
  await sandbox.clock.advance(2 * 86_400_000);
  sandbox.webhooks.flush();
  await sandbox.webhooks.idle();
  await eventually(async () => (await requirementOf(who)).status === RequirementStatus.Completed, 'clear');
}

/** The world every monitoring test runs in: registers its set-up and tear-down in the calling test file. */
export function useMonitoringWorld() {
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
    const member = async (first: string, last: string) => {
      names[`${first} ${last}`] = `${first} ${last}`;
      return addTestMember(t, org, org.team, 'member', { firstName: first, lastName: last });
    };
    people = {
      monitored: await member('Mo', 'Clear'),
      swept: await member('Sid', 'Clear'),
      decliner: await member('Dee', 'Clear'),
      leaver: await member('Lou', 'Clear'),
      ended: await member('Eli', 'Clear'),
      disqualified: await member('Dax', 'Clear'),
      noticed: await member('Nia', 'Clear'),
      peer: await member('Pia', 'Clear'),
      manager: await addTestMember(t, org, org.division, 'Manager'),
      director: await addTestMember(t, org, org.root, 'Director'),
      otherAdmin: await addTestMember(t, other, other.root, 'Admin'),
    };
    for (const who of Object.values(people))
      await t.database.db
        .update(profiles)
        .set({ dateOfBirth: '1988-07-09' })
        .where(eq(profiles.id, who.profileId));
    definitionId = await addDefinition(t, org, {
      type: RequirementType.SexOffenderSearch,
      name: 'Registry search, monitored',
      content: { packageId: null, rerunEveryDays: 365, monitorContinuously: true, monitorPackageId: null },
      validityMode: 'Duration',
      validityDays: 730,
    });
    assignmentId = await assign(t, org, definitionId, org.team, org.labelIds.member);
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
