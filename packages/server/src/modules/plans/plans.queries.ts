import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paymentPlans } from '../../db/schema/index.ts';

const planColumns = {
  id: paymentPlans.id,
  productName: paymentPlans.productName,
  monthUnitAmount: paymentPlans.monthUnitAmount,
  yearUnitAmount: paymentPlans.yearUnitAmount,
  currency: paymentPlans.currency,
  isDefault: paymentPlans.isDefault,
};

/** The live catalog plans (organization_id null), in display order. */
export function catalogPlans(db: Executor) {
  return db
    .select(planColumns)
    .from(paymentPlans)
    .where(and(isNull(paymentPlans.organizationId), isNull(paymentPlans.deletedAt)))
    .orderBy(asc(paymentPlans.sortOrder), asc(paymentPlans.productName));
}

/** The live catalog plans plus those offered to one organization only; catalog first, then by display order. */
export function plansOfOrganization(db: Executor, organizationId: string) {
  return db
    .select(planColumns)
    .from(paymentPlans)
    .where(
      and(
        or(isNull(paymentPlans.organizationId), eq(paymentPlans.organizationId, organizationId)),
        isNull(paymentPlans.deletedAt),
      ),
    )
    .orderBy(
      sql`${paymentPlans.organizationId} asc nulls first`,
      asc(paymentPlans.sortOrder),
      asc(paymentPlans.productName),
    );
}
