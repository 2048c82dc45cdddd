import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { sexOffenderSearchContentSchema } from '@touchline/contracts/sex-offender-search';
import { memberRequirements, requirementDefinitions, screeningOrders } from '../../db/schema/index.ts';
import type { JobDeps } from '../../jobs/job-deps.ts';
import { defineJob, jobIdFor } from '../../jobs/queue.ts';
import type { ScreeningPort } from '../../integrations/screening/port.ts';
import { openScreeningStatuses } from './background-check-status.ts';
import { placeScreeningOrder } from './background-check-orders.ts';
import { screeningCandidateOf } from './screening-order-state.ts';
import { orderTargetFor, screeningPortOf } from './screening-ports.ts';

/** The organization's Yardstik port: its own sub-account once activated (ADR 030), else the deployment's account. */
async function screeningPort(deps: Pick<JobDeps, 'db' | 'integrations'>, organizationId: string) {
  const target = await orderTargetFor(deps.db, organizationId, { vendor: 'yardstik', account: null });
  const port = target ? await screeningPortOf(deps.db, deps.integrations, target) : null;
  if (!port) throw new Error('no screening vendor is configured in this deployment');
  return { port, account: target?.account ?? null };
}

/**
 * The package a definition orders: its own, or the account's sex offender search product (the one package whose
 * only search is the sex offender registry).
 */
export async function sexOffenderPackageId(
  port: ScreeningPort,
  packageId: string | null,
  correlationId: string,
): Promise<string> {
  if (packageId) return packageId;
  const packages = await port.listPackages({ correlationId });
  const only = packages.find((p) => p.searches.length === 1 && /sex offender/i.test(p.searches[0] ?? ''));
  if (!only) throw new Error('the screening account offers no sex offender search package');
  return only.id;
}

/**
 * Orders a member's sex offender search at the screening vendor, from the outbox: begin-sex-offender-search (or the
 * re-run sweep) enqueues it in the transaction that records the request, keyed by the order id, and the order is
 * placed by our order id (the adapter looks before it creates), so a job run twice is one order at the vendor.
 */
export const orderSexOffenderSearchJob = defineJob({
  name: 'screening.order-sex-offender-search',
  payload: z.object({ orderId: z.uuid(), organizationId: z.uuid(), memberRequirementId: z.uuid() }),
  retry: { limit: 8, delaySeconds: 30, maxDelaySeconds: 3600 },
  async run(deps, payload, ctx) {
    const row = await screeningCandidateOf(deps.db, payload.organizationId, payload.memberRequirementId);
    if (!row) return { skipped: 'requirement gone' };
    if (!row.email) throw new Error('the member has no e-mail address for the vendor invitation');
    if (!row.dateOfBirth) throw new Error('the member has no date of birth for the registry search');
    const { port, account } = await screeningPort(deps, payload.organizationId);
    const content = sexOffenderSearchContentSchema.parse(row.content ?? {});
    const packageId = await sexOffenderPackageId(port, content.packageId, ctx.jobId);
    const order = await placeScreeningOrder(
      { db: deps.db, screening: port },
      { correlationId: ctx.jobId },
      {
        orderId: payload.orderId,
        organizationId: payload.organizationId,
        profileLevelAccessId: row.profileLevelAccessId,
        memberRequirementId: payload.memberRequirementId,
        packageId,
        vendorAccount: account,
        candidate: {
          externalId: row.profileId,
          firstName: row.firstName,
          lastName: row.lastName,
          email: row.email,
          dateOfBirth: row.dateOfBirth,
        },
      },
    );
    return { orderId: order.id, status: order.status };
  },
});

/** How many searches one re-run sweep orders (the next day takes the rest). */
const rerunLimit = 500;

/**
 * Orders again every completed sex offender search whose last order is older than its definition's cadence
 * (`rerunEveryDays`; null never re-runs), one job per requirement and day, so a sweep run twice orders once. The
 * requirement keeps its completion while the new search waits on the member or the vendor; its result replaces it.
 */
export async function rerunDueSexOffenderSearches(
  deps: Pick<JobDeps, 'db' | 'integrations' | 'jobs'>,
  now: Date,
): Promise<{ due: number }> {
  if (!deps.integrations.screening) return { due: 0 };
  const completed = await deps.db
    .select({
      id: memberRequirements.id,
      organizationId: memberRequirements.organizationId,
      content: requirementDefinitions.content,
    })
    .from(memberRequirements)
    .innerJoin(requirementDefinitions, eq(requirementDefinitions.id, memberRequirements.definitionId))
    .where(
      and(
        eq(requirementDefinitions.type, RequirementType.SexOffenderSearch),
        inArray(memberRequirements.status, [RequirementStatus.Completed, RequirementStatus.ExpiringSoon]),
        isNotNull(memberRequirements.completedAt),
      ),
    );
  const day = now.toISOString().slice(0, 10);
  let due = 0;
  for (const requirement of completed) {
    if (due >= rerunLimit) break;
    const { rerunEveryDays } = sexOffenderSearchContentSchema.parse(requirement.content ?? {});
    if (rerunEveryDays === null) continue;
    const [last] = await deps.db
      .select({ createdAt: screeningOrders.createdAt, status: screeningOrders.status })
      .from(screeningOrders)
      .where(eq(screeningOrders.memberRequirementId, requirement.id))
      .orderBy(desc(screeningOrders.createdAt), desc(screeningOrders.id))
      .limit(1);
    if (!last || (openScreeningStatuses as readonly string[]).includes(last.status)) continue;
    if (now.getTime() - last.createdAt.getTime() < rerunEveryDays * 86_400_000) continue;
    const orderId = jobIdFor(orderSexOffenderSearchJob.name, `${requirement.id}:rerun:${day}`);
    await deps.jobs.enqueue(
      deps.db,
      orderSexOffenderSearchJob,
      { orderId, organizationId: requirement.organizationId, memberRequirementId: requirement.id },
      { key: orderId },
    );
    due += 1;
  }
  return { due };
}

/** The daily re-run as a cron job (UTC, after the screening sweep), one run at a time across instances. */
export const sexOffenderRerunJob = defineJob({
  name: 'screening.rerun-sex-offender-searches',
  payload: z.object({}),
  cron: '10 2 * * *',
  retry: { limit: 2, delaySeconds: 300 },
  expireInSeconds: 3600,
  run: (deps) => rerunDueSexOffenderSearches(deps, new Date()),
});
