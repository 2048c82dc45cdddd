import { and, eq } from 'drizzle-orm';
import { createStripeSandbox, type StripeSandbox } from '@touchline/sandbox/stripe/stripe-sandbox';
import { createYardstikSandbox, type YardstikSandbox } from '@touchline/sandbox/yardstik/yardstik-sandbox';
import { sandboxPackages } from '@touchline/sandbox/yardstik/yardstik-store';
import { afterAll, beforeAll } from 'vitest';
import { fcraConsentText } from '@touchline/contracts/background-checks';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import {
  contentAssignments,
  requirementDefinitions,
  memberPaymentItems,
  memberPayments,
  memberRequirements,
  organizations,
} from '../../db/schema/index.ts';
import { buildIntegrations, type Integrations } from '../../integrations-wiring.ts';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { refreshMemberRequirements } from '../requirements/requirements.service.ts';

export const keys = {
  secretKey: 'sk_test_member_pays',
  publishableKey: 'pk_test_member_pays',
  webhookSecret: 'whsec_member_pays',
};
export const base = '/api/app/requirement';
export let stripe: StripeSandbox;
export let yardstik: YardstikSandbox;
export let stripeUrl = '';
export let integrations: Integrations;
export let t: TestApp;
export let org: TestOrganization;
export let other: TestOrganization;
/** The definitions: a check the member pays (2500), one the organization pays, a document the role pays (1000). */
export const defs = { check: '', orgCheck: '', document: '', unpriced: '' };
export let manager: TestMember;
export let otherAdmin: TestMember;
export let otherMember: TestMember;

async function addDefinition(
  _t: TestApp,
  o: TestOrganization,
  values: Partial<typeof requirementDefinitions.$inferInsert>,
): Promise<string> {
  const [row] = await t.database.db
    .insert(requirementDefinitions)
    .values({ organizationId: o.id, type: 0, name: 'Document', ...values })
    .returning({ id: requirementDefinitions.id });
  return row!.id;
}

async function assign(
  _t: TestApp,
  o: TestOrganization,
  definitionId: string,
  level: { id: string },
  labelId: string,
) {
  await t.database.db
    .insert(contentAssignments)
    .values({ organizationId: o.id, definitionId, hierarchyLevelId: level.id, labelId });
}

export const send = (who: TestMember | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

/** A new member of the team with the world's requirements, so each test starts owing both. */
export async function newMember(first = 'Robin', last = 'Payer'): Promise<TestMember> {
  const member = await addTestMember(t, org, org.team, 'member', { firstName: first, lastName: last });
  await refreshMemberRequirements(t.database.db, org.id, { profileIds: [member.profileId] });
  return member;
}

/** What the sandbox card form does in the browser: the card number becomes a PaymentMethod (publishable key). */
export async function cardFromBrowser(number: string): Promise<string> {
  const response = await fetch(`${stripeUrl}/v1/payment_methods`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      key: keys.publishableKey,
      type: 'card',
      'card[number]': number,
      'card[exp_month]': '4',
      'card[exp_year]': '2031',
    }).toString(),
  });
  return ((await response.json()) as { id: string }).id;
}

export const pay = async (who: TestMember, definitionIds: string[], card = '4242424242424242') =>
  send(who, 'POST', `${base}/bulk-payment`, {
    plaId: who.profileLevelAccessId,
    definitionIds,
    paymentMethodId: await cardFromBrowser(card),
  });

export const consent = (who: TestMember, first: string, last: string) =>
  send(who, 'POST', `${base}/${defs.check}/record-consent?plaId=${who.profileLevelAccessId}`, {
    textVersion: fcraConsentText.version,
    acceptDisclosure: true,
    acceptAuthorization: true,
    typedName: `${first} ${last}`,
    address: { line1: '1 Pitch Lane', city: 'Portland', state: 'OR', postalCode: '97201' },
  });

/** The PaymentIntents the sandbox holds for one member's payments (by our metadata). */
export async function intentsOf(who: TestMember) {
  const ours = await t.database.db
    .select({ id: memberPayments.id })
    .from(memberPayments)
    .where(eq(memberPayments.profileId, who.profileId));
  const ids = new Set(ours.map((p) => p.id));
  return [...stripe.store.paymentIntents.values()].filter((pi) =>
    ids.has(pi.metadata.touchline_member_payment_id ?? ''),
  );
}

export async function itemsOf(who: TestMember) {
  return t.database.db
    .select({ item: memberPaymentItems })
    .from(memberPaymentItems)
    .innerJoin(memberRequirements, eq(memberRequirements.id, memberPaymentItems.memberRequirementId))
    .where(and(eq(memberRequirements.profileId, who.profileId)));
}

/**
 * The world of each member-payment test file, its own per file: the Stripe and Yardstik sandboxes behind their
 * real adapters, the app listening for both vendors' signed webhooks with its job workers, two organizations, and
 * four definitions assigned to the team's players: a Yardstik check the member pays, one the organization pays, a
 * document the Player role pays (roleRequirements.paidRoleRequirementsIds), and a member-paid check with no price.
 */
export function useMemberPaymentWorld(options: { webhooks?: boolean } = {}) {
  beforeAll(async () => {
    stripe = createStripeSandbox(keys);
    stripeUrl = await stripe.listen();
    yardstik = createYardstikSandbox({ apiKey: 'ys-key', webhookSecret: 'ys-secret' });
    const yardstikUrl = await yardstik.listen();
    integrations = buildIntegrations(
      {
        yardstik: { apiUrl: yardstikUrl, apiKey: 'ys-key', webhookSecret: 'ys-secret', sandbox: true },
        stripe: { apiUrl: stripeUrl, ...keys, sandbox: true },
        billingTrialDays: 30,
      },
      { info() {}, warn() {} },
    );
    t = await createTestApp({}, { integrations });
    org = await createTestOrganization(t);
    other = await createTestOrganization(t);
    manager = await addTestMember(t, org, org.division, 'Manager');
    otherAdmin = await addTestMember(t, other, other.root, 'Admin');
    otherMember = await addTestMember(t, other, other.team, 'member');
    const pkg = sandboxPackages[0]!;
    const check = { vendor: 'Yardstik', packageId: pkg.id, packageName: pkg.name };
    defs.check = await addDefinition(t, org, {
      type: RequirementType.BackgroundCheck,
      name: 'Background check',
      content: { ...check, payer: 'member' },
      memberPrice: 2500,
    });
    defs.orgCheck = await addDefinition(t, org, {
      type: RequirementType.BackgroundCheck,
      name: 'Background check (league pays)',
      content: { ...check, payer: 'organization' },
      memberPrice: 2500,
    });
    defs.document = await addDefinition(t, org, { type: 0, name: 'Coaching licence', memberPrice: 1000 });
    defs.unpriced = await addDefinition(t, org, {
      type: RequirementType.BackgroundCheck,
      name: 'Background check (no price)',
      content: { ...check, payer: 'member' },
    });
    for (const id of Object.values(defs)) await assign(t, org, id, org.team, org.labelIds.member);
    await t.database.db
      .update(organizations)
      .set({
        roleRequirements: [
          {
            roleLabel: 'player',
            roleRequirementsIds: [defs.document],
            paidRoleRequirementsIds: [defs.document],
            requirementsDueDate: null,
            isDefault: true,
          },
        ],
      })
      .where(eq(organizations.id, org.id));
    if (options.webhooks) {
      const appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
      stripe.webhooks.addEndpoint(`${appUrl}/api/webhooks/stripe`);
      stripe.webhooks.configure({ duplicates: 1, reorder: true, reorderWindowMs: 100 });
      yardstik.webhooks.addEndpoint(`${appUrl}/api/webhooks/yardstik`);
    }
    await t.app.jobs.startWorkers(jobDepsOf(t.app), { pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await t.close();
    await integrations.close();
    await stripe.close();
    await yardstik.close();
  });
}
