import { and, asc, eq, exists, inArray, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { backgroundCheckContentSchema, tazworksAgencyIds } from '@touchline/contracts/background-checks';
import { backgroundCheckClientGrants, screeningOrders } from '../../db/schema/index.ts';
import type { JobDeps } from '../../jobs/job-deps.ts';
import { VendorHttpError } from '../../integrations/http/vendor-errors.ts';
import { defineJob, GiveUpError } from '../../jobs/queue.ts';
import { screeningOrderAbandoned } from './background-check-order-failure.ts';
import { openScreeningStatuses } from './background-check-status.ts';
import { placeScreeningOrder, refreshScreeningReport } from './background-check-orders.ts';
import { screeningCandidateOf } from '../../requirement-core/screening-order-state.ts';
import {
  orderTargetFor,
  screeningPortOf,
  screeningTargetOfContent,
  type ScreeningTarget,
} from '../../integrations/screening/order-targets.ts';
import type { ScreeningPort } from '../../integrations/screening/port.ts';

/** The searches a vendor lists for a package (null: it lists none, or no such package). */
async function searchesOfPackage(
  port: ScreeningPort,
  packageId: string,
  correlationId: string,
): Promise<string[] | null> {
  const listed = (await port.listPackages({ correlationId })).find((p) => p.id === packageId);
  return listed && listed.searches.length > 0 ? listed.searches : null;
}

/** A vendor answer that retrying the same order cannot change. */
const refusal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

async function screeningPort(deps: Pick<JobDeps, 'db' | 'integrations'>, target: ScreeningTarget | null) {
  const port = target ? await screeningPortOf(deps.db, deps.integrations, target) : null;
  if (!port) throw new Error(`the screening vendor ${target?.vendor ?? '(none)'} is not configured here`);
  return port;
}

/**
 * Orders a member's background check at the vendor, from the outbox: run-background-check enqueues it in the
 * transaction that records the request, keyed by the order id (derived from the member's consent), so a double
 * submit is one job and a job run twice is one order at the vendor (placeScreeningOrder looks before it creates).
 */
export const orderBackgroundCheckJob = defineJob({
  name: 'screening.order-background-check',
  payload: z.object({ orderId: z.uuid(), organizationId: z.uuid(), memberRequirementId: z.uuid() }),
  retry: { limit: 8, delaySeconds: 30, maxDelaySeconds: 3600 },
  async run(deps, payload, ctx) {
    if (await screeningOrderAbandoned(deps.db, payload.orderId)) return { skipped: 'order given up' };
    const row = await screeningCandidateOf(deps.db, payload.organizationId, payload.memberRequirementId);
    if (!row) return { skipped: 'requirement gone' };
    const content = backgroundCheckContentSchema.parse(row.content);
    if (!content.packageId) throw new Error('the background-check definition names no package');
    if (!row.email) throw new Error('the member has no e-mail address for the vendor invitation');
    const target = await orderTargetFor(deps.db, payload.organizationId, screeningTargetOfContent(content));
    // A TazWorks client not granted to this organization (issue 34): never ordered on, and retrying cannot mend it.
    if (content.vendor === 'TazWorks' && target === null)
      throw new GiveUpError('the definition names an agency client that is not this organization’s');
    const port = await screeningPort(deps, target);
    // The package's searches as the vendor lists them now, kept on the order: what a shared check is compared by
    // (ADR 049). Not knowing them never stops the order: the order then matches only its own package.
    const packageSearches = await searchesOfPackage(port, content.packageId, ctx.jobId).catch(
      (error: unknown) => {
        deps.log.warn({ err: error, orderId: payload.orderId }, 'the package searches could not be read');
        return null;
      },
    );
    const order = await placeScreeningOrder(
      { db: deps.db, screening: port },
      { correlationId: ctx.jobId },
      {
        orderId: payload.orderId,
        organizationId: payload.organizationId,
        profileLevelAccessId: row.profileLevelAccessId,
        memberRequirementId: payload.memberRequirementId,
        packageId: content.packageId,
        packageSearches,
        vendorAccount: target?.account ?? null,
        candidate: {
          externalId: row.profileId,
          firstName: row.firstName,
          lastName: row.lastName,
          email: row.email,
          ...(row.dateOfBirth ? { dateOfBirth: row.dateOfBirth } : {}),
        },
      },
    ).catch((error: unknown) => {
      // The vendor refused the order (a 4xx other than timeout or rate limit): retrying cannot mend it.
      if (error instanceof VendorHttpError && refusal(error.status))
        throw new GiveUpError(`${error.vendor} refused the order (${error.status})`, { cause: error });
      throw error;
    });
    return { orderId: order.id, status: order.status };
  },
});

/** How many open orders one sweep re-reads (the oldest-checked first; the next day takes the rest). */
const sweepLimit = 2000;

/**
 * Re-reads every open order from the vendor, so a webhook that never arrived is found within a day (webhooks are
 * only hints). One order failing is logged and the others still run. Idempotent: a re-read changes a requirement
 * only when the vendor's state changed.
 */
export async function sweepOpenScreeningOrders(
  deps: Pick<JobDeps, 'db' | 'integrations' | 'log'> & Partial<Pick<JobDeps, 'jobs'>>,
  only?: ScreeningTarget['vendor'],
): Promise<{ checked: number; changed: number; failed: number }> {
  const totals = { checked: 0, changed: 0, failed: 0 };
  // Only vendors this deployment reaches: another's open orders would fill the batch and never be re-read.
  const reachable = (['yardstik', 'tazworks'] as const).filter(
    (v) =>
      (only === undefined || v === only) &&
      (v === 'yardstik' ? deps.integrations.screening : deps.integrations.tazworks),
  );
  if (reachable.length === 0) return totals;
  const openStatus = and(
    inArray(screeningOrders.status, [...openScreeningStatuses]),
    inArray(screeningOrders.vendor, reachable),
  );
  const grantedAccount = exists(
    deps.db
      .select({ one: sql`1` })
      .from(backgroundCheckClientGrants)
      .where(
        and(
          inArray(backgroundCheckClientGrants.agencyId, [...tazworksAgencyIds]),
          eq(backgroundCheckClientGrants.clientId, screeningOrders.vendorAccount),
          eq(backgroundCheckClientGrants.organizationId, screeningOrders.organizationId),
        ),
      ),
  );
  const open = await deps.db
    .select({
      vendor: screeningOrders.vendor,
      vendorAccount: screeningOrders.vendorAccount,
      vendorReportId: screeningOrders.vendorReportId,
    })
    .from(screeningOrders)
    // A TazWorks order is re-read only on a client granted to the order's organization (issue 34).
    .where(and(openStatus, or(ne(screeningOrders.vendor, 'tazworks'), grantedAccount)))
    .orderBy(asc(screeningOrders.vendorCheckedAt))
    .limit(sweepLimit);
  for (const { vendor, vendorAccount, vendorReportId } of open) {
    // Each order is re-read where it was placed: its vendor and its account there (TazWorks has no webhooks, so
    // this sweep and the on-demand re-reads are how its results arrive at all).
    const port = await screeningPortOf(deps.db, deps.integrations, {
      vendor: vendor as ScreeningTarget['vendor'],
      account: vendorAccount,
    });
    if (!port) continue;
    try {
      const result = await refreshScreeningReport(
        { db: deps.db, screening: port, jobs: deps.jobs },
        { correlationId: `sweep:${vendorReportId}` },
        vendorReportId,
      );
      totals.checked += 1;
      if (result.changed) totals.changed += 1;
    } catch (err) {
      totals.failed += 1;
      deps.log.error({ err, vendorReportId }, 'a screening order could not be re-read');
    }
  }
  return totals;
}

/** The daily sweep as a cron job (UTC, after the status sweep), one run at a time across instances. */
export const screeningSweepJob = defineJob({
  name: 'screening.sweep-open-orders',
  payload: z.object({}),
  cron: '30 1 * * *',
  retry: { limit: 2, delaySeconds: 300 },
  expireInSeconds: 3600,
  async run(deps) {
    return sweepOpenScreeningOrders(deps);
  },
});

/**
 * Polls the open orders of vendors that send no webhooks (the TazWorks platform: TazAPI documents none, ADR 034)
 * every half hour, so a cleared or flagged TazWorks order moves its requirement within the half hour rather than
 * at the next daily sweep. The same re-read and the same pure mapping as webhooks and the sweep.
 */
export const screeningPollJob = defineJob({
  name: 'screening.poll-unhooked-orders',
  payload: z.object({}),
  cron: '*/30 * * * *',
  retry: { limit: 1, delaySeconds: 60 },
  expireInSeconds: 1500,
  async run(deps) {
    return sweepOpenScreeningOrders(deps, 'tazworks');
  },
});
