import type { PaymentPlan } from '@touchline/contracts/plans';
import type { ActorContext } from '../../authz/actor-context.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { catalogPlans, plansOfOrganization } from './plans.queries.ts';

/** The platform's plan catalog (GET payment-plans/): what the creation wizard offers. */
export function listCatalogPlans(db: Executor): Promise<PaymentPlan[]> {
  return catalogPlans(db);
}

/**
 * The plans an organization may choose (GET payment-plans-organization): the catalog plus its own. Only the
 * actor's current organization is visible; every other id reads as not found (ADR 007).
 */
export async function listOrganizationPlans(
  db: Executor,
  ctx: ActorContext,
  organizationId: string,
): Promise<PaymentPlan[]> {
  if (organizationId !== ctx.organizationId) throw notFound('Organization');
  return plansOfOrganization(db, organizationId);
}

/** One catalog plan by its product name, or undefined: the creation wizard may only record a plan on offer. */
export async function findCatalogPlan(db: Executor, productName: string): Promise<PaymentPlan | undefined> {
  return (await catalogPlans(db)).find((plan) => plan.productName === productName);
}
