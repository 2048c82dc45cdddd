import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { backgroundCheckContentSchema } from '@touchline/contracts/background-checks';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { memberRequirements, requirementDefinitions, screeningOrders } from '../../db/schema/index.ts';
import type { JobDeps } from '../../jobs/job-deps.ts';
import { defineJob, jobIdFor } from '../../jobs/queue.ts';
import { recordChange } from '../../requirement-core/requirement-state.ts';
import { lockRequirementForSystem } from '../../requirement-core/requirement-target.ts';
import {
  orderTargetFor,
  screeningPortFor,
  screeningTargetOfContent,
} from '../../integrations/screening/order-targets.ts';
import { orderBackgroundCheckJob } from './background-check.jobs.ts';

/** The job the renewal order ids are derived under (one id per requirement and renewal period). */
const renewalKeyName = 'screening.renew-background-check';

/**
 * The order id of a requirement's renewal for the validity that ends on `expiresOn`: the same requirement and
 * period always give the same id, so a sweep run twice (or on two instances) orders one renewal.
 */
export function renewalOrderId(memberRequirementId: string, expiresOn: string): string {
  return jobIdFor(renewalKeyName, `${memberRequirementId}:${expiresOn}`);
}

/** How many renewals one sweep orders (the next day takes the rest). */
const renewalLimit = 500;

/**
 * Orders a new check for every cleared background check whose validity ends within its definition's
 * expiring-soon window (the renewal cadence): the definition's vendor orders it (Yardstik; the member is invited
 * to the vendor's hosted page, which collects the disclosure and authorization again), organization-paid only (a
 * member-paid renewal waits for the member, as the expiring-soon reminders ask). The current clearance stays until
 * the new result arrives (background-check-orders.ts never lets a renewal's progress take it away).
 */
export async function renewBackgroundChecks(
  deps: Pick<JobDeps, 'db' | 'jobs' | 'integrations' | 'log'>,
  now: Date = new Date(),
): Promise<{ due: number; ordered: number }> {
  const totals = { due: 0, ordered: 0 };
  const due = await deps.db
    .select({
      id: memberRequirements.id,
      organizationId: memberRequirements.organizationId,
      expiresAt: memberRequirements.expiresAt,
      content: requirementDefinitions.content,
    })
    .from(memberRequirements)
    .innerJoin(requirementDefinitions, eq(requirementDefinitions.id, memberRequirements.definitionId))
    .where(
      and(
        eq(requirementDefinitions.type, RequirementType.BackgroundCheck),
        eq(memberRequirements.active, true),
        inArray(memberRequirements.status, [RequirementStatus.Completed, RequirementStatus.ExpiringSoon]),
        eq(memberRequirements.pendingReview, false),
        isNull(memberRequirements.rejectedAt),
        isNotNull(memberRequirements.expiresAt),
        lte(
          memberRequirements.expiresAt,
          sql`(${now.toISOString()}::timestamptz at time zone 'UTC')::date + ${requirementDefinitions.expiringSoonDays}`,
        ),
      ),
    )
    .limit(renewalLimit);
  for (const row of due) {
    const content = backgroundCheckContentSchema.safeParse(row.content);
    if (!content.success || content.data.vendor === 'Generic' || content.data.payer !== 'organization')
      continue;
    // The client is checked against the organization at use time (issue 34): another's is never ordered on.
    const target = await orderTargetFor(deps.db, row.organizationId, screeningTargetOfContent(content.data));
    if (!target || !screeningPortFor(deps.integrations, target)) continue;
    totals.due += 1;
    const orderId = renewalOrderId(row.id, row.expiresAt!);
    const ordered = await deps.db.transaction(async (tx) => {
      const loaded = await lockRequirementForSystem(tx, row.organizationId, row.id);
      if (!loaded) return false;
      const [existing] = await tx
        .select({ id: screeningOrders.id })
        .from(screeningOrders)
        .where(eq(screeningOrders.id, orderId));
      if (existing) return false;
      const job = await deps.jobs.enqueue(
        tx,
        orderBackgroundCheckJob,
        { orderId, organizationId: row.organizationId, memberRequirementId: row.id },
        { key: orderId },
      );
      if (job === null) return false;
      await recordChange(tx, loaded, {
        action: 'background-check-renewal',
        data: { orderId, renews: row.expiresAt, packageId: content.data.packageId },
      });
      return true;
    });
    if (ordered) totals.ordered += 1;
  }
  return totals;
}

/** The renewal sweep as a daily cron job (UTC, after the status sweep has moved checks to ExpiringSoon). */
export const backgroundCheckRenewalJob = defineJob({
  name: 'screening.renew-background-checks',
  payload: z.object({}),
  cron: '0 2 * * *',
  retry: { limit: 2, delaySeconds: 300 },
  expireInSeconds: 3600,
  async run(deps) {
    return renewBackgroundChecks(deps);
  },
});
