import type { PaymentPlan } from '@touchline/contracts/plans';
import type { Executor } from '../../db/client.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { catalogPlans, plansOfOrganization } from './plans.queries.ts';

/** The platform's plan catalog (GET payment-plans/): what the creation wizard offers. */
export function listCatalogPlans(deps: Deps): Promise<PaymentPlan[]> {
  return catalogPlans(deps.db);
}

/**
 * The plans an organization may choose (GET payment-plans-organization): the catalog plus its own. Only the
 * actor's current organization is visible; every other id reads as not found (ADR 007).
 */
export async function listOrganizationPlans(
  deps: Deps,
  ctx: RequestContext,
  input: { organizationId: string },
): Promise<PaymentPlan[]> {
  if (input.organizationId !== ctx.organizationId) throw notFound('Organization');
  return plansOfOrganization(deps.db, input.organizationId);
}

/** One catalog plan by its product name, or undefined: the creation wizard may only record a plan on offer. */
export async function findCatalogPlan(db: Executor, productName: string): Promise<PaymentPlan | undefined> {
  return (await catalogPlans(db)).find((plan) => plan.productName === productName);
}
