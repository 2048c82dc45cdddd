import { eq } from 'drizzle-orm';
import {
  cardBrandLabel,
  invoicePageLimit,
  pastDueGraceDays,
  type BillingInformation,
  type BillingSummary,
  type CardSetupResponse,
  type InvoicesPage,
} from '@touchline/contracts/billing';
import type { ActorContext } from '../../authz/actor-context.ts';
import { liveRootLevel } from '../../authz/live-queries.ts';
import { authorize } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Transaction } from '../../db/client.ts';
import { billingAccounts, billingInformation, organizations } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { AppError, conflict, invalid, notFound } from '../../errors.ts';
import { ErrorCode } from '@touchline/contracts/errors';
import { CardDeclined } from '../../integrations/billing/port.ts';
import { VendorHttpError } from '../../integrations/http/vendor-errors.ts';
import { billingPolicy, type BillingOrganization } from './billing.policy.ts';
import { ensureCustomer, mirrorCustomerJob, startSubscriptionJob, syncCardSetup } from './billing-sync.ts';

type Ctx = RequestContext<ActorContext>;

/** The actor's current organization, if they administer it: another organization reads as not found (ADR 007). */
export async function managedOrganization(
  deps: Pick<Deps, 'db'>,
  ctx: Ctx,
  organizationId: string,
): Promise<BillingOrganization> {
  const root =
    organizationId === ctx.organizationId ? await liveRootLevel(deps.db, organizationId) : undefined;
  if (!root) throw notFound('Organization');
  const org = { id: organizationId, rootPath: root.path };
  authorize(billingPolicy.manage(ctx, org), 'Only the organization’s administrators manage its billing');
  return org;
}

function providerOf(deps: Deps) {
  const billing = deps.integrations.billing;
  if (!billing) throw new AppError(ErrorCode.Conflict, 'Billing is not configured on this server');
  return billing.port;
}

const audit = (ctx: Ctx) => ({ userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId });

/** POST {id}/billing-information-exists: whether the organization has billing information yet. */
export async function billingInformationExists(
  deps: Deps,
  ctx: Ctx,
  input: { organizationId: string },
): Promise<boolean> {
  const { organizationId } = input;
  await managedOrganization(deps, ctx, organizationId);
  return (await getBillingInformation(deps, ctx, { organizationId })) !== null;
}

/** GET {id}/billing-information: the organization's billing information, or null (the route answers 204). */
export async function getBillingInformation(
  deps: Deps,
  ctx: Ctx,
  input: { organizationId: string },
): Promise<BillingInformation | null> {
  const { organizationId } = input;
  await managedOrganization(deps, ctx, organizationId);
  const [row] = await deps.db
    .select()
    .from(billingInformation)
    .where(eq(billingInformation.organizationId, organizationId));
  if (!row) return null;
  const { organizationId: _org, createdAt: _c, updatedAt: _u, ...info } = row;
  return info as BillingInformation;
}

/**
 * POST (create) and PUT (replace) {id}/billing-information: stored in one transaction with its audit event and
 * the job that mirrors it onto the provider's customer (the outbox: the provider is called after commit).
 */
export async function saveBillingInformation(
  deps: Deps,
  ctx: Ctx,
  input: { organizationId: string; info: BillingInformation; mode: 'create' | 'replace' },
): Promise<BillingInformation> {
  const { organizationId, info, mode } = input;
  await managedOrganization(deps, ctx, organizationId);
  await deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: billingInformation.organizationId })
      .from(billingInformation)
      .where(eq(billingInformation.organizationId, organizationId))
      .for('update');
    if (mode === 'create' && existing)
      throw conflict('Billing information already exists; change it instead');
    if (mode === 'replace' && !existing) throw notFound('Billing information');
    const now = new Date();
    if (existing)
      await tx
        .update(billingInformation)
        .set({ ...info, updatedAt: now })
        .where(eq(billingInformation.organizationId, organizationId));
    else
      await tx
        .insert(billingInformation)
        .values({ organizationId, ...info })
        .onConflictDoNothing();
    await recordAuditEvent(tx, audit(ctx), {
      organizationId,
      action: existing ? 'billing.information_changed' : 'billing.information_added',
      entityType: 'organization',
      entityId: organizationId,
      data: { companyType: info.companyType },
    });
    if (deps.integrations.billing)
      await deps.jobs.enqueue(
        tx,
        mirrorCustomerJob,
        { organizationId },
        { key: `${organizationId}-${now.getTime()}` },
      );
  });
  return info;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** GET {id}/billing: the subscription's state, the grace period when past due, the card, and which provider. */
export async function getBillingSummary(
  deps: Deps,
  ctx: Ctx,
  input: { organizationId: string },
): Promise<BillingSummary> {
  const { organizationId } = input;
  await managedOrganization(deps, ctx, organizationId);
  const [row] = await deps.db
    .select({
      account: billingAccounts,
      plan: organizations.planProductName,
      month: organizations.planMonthUnitAmount,
    })
    .from(organizations)
    .leftJoin(billingAccounts, eq(billingAccounts.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId));
  const account = row?.account;
  const port = deps.integrations.billing?.port;
  const grace = account?.pastDueSince
    ? new Date(account.pastDueSince.getTime() + pastDueGraceDays * 86_400_000)
    : null;
  return {
    status: (account?.subscriptionStatus ?? 'none') as BillingSummary['status'],
    planName: row?.plan ?? null,
    monthUnitAmount: row?.month ?? null,
    trialEndsAt: iso(account?.trialEndsAt ?? null),
    currentPeriodEndsAt: iso(account?.currentPeriodEndsAt ?? null),
    pastDueSince: iso(account?.pastDueSince ?? null),
    graceEndsAt: iso(grace),
    card:
      account?.cardBrand && account.cardLast4
        ? {
            brand: account.cardBrand,
            brandName: cardBrandLabel(account.cardBrand),
            last4: account.cardLast4,
            expMonth: account.cardExpMonth ?? 0,
            expYear: account.cardExpYear ?? 0,
          }
        : null,
    provider: {
      name: port?.sandbox ? 'Stripe sandbox' : 'Stripe',
      sandbox: port?.sandbox ?? false,
      publishableKey: port?.clientConfig().publishableKey ?? '',
      sandboxApiUrl: port?.clientConfig().sandboxApiUrl ?? null,
    },
  };
}

/** POST {id}/payment-method/setup: starts collecting a card (a SetupIntent the browser confirms). */
export async function startCardSetup(
  deps: Deps,
  ctx: Ctx,
  input: { organizationId: string },
): Promise<CardSetupResponse> {
  const { organizationId } = input;
  await managedOrganization(deps, ctx, organizationId);
  const port = providerOf(deps);
  const customerId = await ensureCustomer(deps, { correlationId: ctx.requestId }, organizationId);
  const setup = await port.createCardSetup(
    { customerId, key: `${organizationId}-${ctx.requestId}` },
    {
      correlationId: ctx.requestId,
    },
  );
  return { ...setup, ...port.clientConfig() };
}

/**
 * POST {id}/payment-method: the card of a confirmed setup becomes the organization's (re-read from the provider,
 * never taken from the browser); open invoices are paid with it, so a past-due organization recovers at once.
 */
export async function savePaymentMethod(
  deps: Deps,
  ctx: Ctx,
  input: { organizationId: string; setupId: string },
): Promise<BillingSummary> {
  const { organizationId, setupId } = input;
  await managedOrganization(deps, ctx, organizationId);
  providerOf(deps);
  const field = (message: string) => invalid([{ field: 'setupId', in: 'body', message }], message);
  let result;
  try {
    result = await syncCardSetup(deps, { correlationId: ctx.requestId }, setupId, organizationId);
  } catch (error) {
    if (error instanceof CardDeclined) throw field(error.message);
    if (error instanceof VendorHttpError && error.status === 404)
      throw field('That card setup does not exist');
    throw error;
  }
  if (result.organizationId !== organizationId) throw field('That card setup is not this organization’s');
  if (result.status !== 'succeeded')
    throw field(
      result.status === 'needs_authentication'
        ? 'The card still needs authentication'
        : (result.lastError ?? 'The card was not confirmed'),
    );
  await deps.db.transaction((tx) =>
    recordAuditEvent(tx, audit(ctx), {
      organizationId,
      action: 'billing.payment_method_provided',
      entityType: 'organization',
      entityId: organizationId,
      data: { setupId },
    }),
  );
  return getBillingSummary(deps, ctx, { organizationId });
}

/** GET {id}/invoices/{startingAfterId}: 20 invoices a page, newest first, from the provider. */
export async function listInvoices(
  deps: Deps,
  ctx: Ctx,
  input: { organizationId: string; startingAfter: string | null },
): Promise<InvoicesPage> {
  const { organizationId, startingAfter } = input;
  await managedOrganization(deps, ctx, organizationId);
  const [account] = await deps.db
    .select({ customerId: billingAccounts.customerId })
    .from(billingAccounts)
    .where(eq(billingAccounts.organizationId, organizationId));
  if (!account?.customerId) return { items: [], hasMore: false };
  let page;
  try {
    page = await providerOf(deps).listInvoices(
      account.customerId,
      { startingAfter, limit: invoicePageLimit },
      { correlationId: ctx.requestId },
    );
  } catch (error) {
    if (error instanceof VendorHttpError && error.status === 404)
      throw invalid(
        [{ field: 'startingAfterId', in: 'params', message: 'No such invoice' }],
        'No such invoice',
      );
    throw error;
  }
  return {
    hasMore: page.hasMore,
    items: page.items.map((invoice) => ({
      ...invoice,
      createdAt: invoice.createdAt.toISOString(),
      periodStart: invoice.periodStart.toISOString(),
      periodEnd: invoice.periodEnd.toISOString(),
    })),
  };
}

/** Whether the organization has a saved card (the active profile's organizationPaymentMethodProvided). */
export async function organizationPaymentMethodProvided(deps: Pick<Deps, 'db'>, organizationId: string) {
  const [row] = await deps.db
    .select({ card: billingAccounts.cardPaymentMethodId })
    .from(billingAccounts)
    .where(eq(billingAccounts.organizationId, organizationId));
  return Boolean(row?.card);
}

/**
 * Opens a new organization's billing account in its creation transaction and enqueues the start of its
 * subscription there too (the outbox): customer, prices and trial are created at the provider after commit.
 */
export async function openBillingAccount(
  deps: Pick<Deps, 'jobs' | 'integrations'>,
  tx: Transaction,
  organizationId: string,
  requestedPriceId: string | null,
): Promise<void> {
  await tx.insert(billingAccounts).values({ organizationId, requestedPriceId });
  if (deps.integrations.billing)
    await deps.jobs.enqueue(tx, startSubscriptionJob, { organizationId }, { key: organizationId });
}

// Member pays (ADR 031), for the requirement calls that charge the member then start the work.
export {
  awaitingIndividualPaymentContent,
  memberPaymentInfo,
  payForRequirements,
  startWithCredit,
} from './member-payments.service.ts';
export { mustPayFirst } from './member-payments.owed.ts';
