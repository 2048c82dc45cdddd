import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { screeningMonitors, screeningOrders } from '../../db/schema/index.ts';
import { VendorHttpError } from '../../integrations/http/vendor-errors.ts';
import type { ScreeningPort, ScreeningReport } from '../../integrations/screening/port.ts';
import { screeningPortOf } from '../../integrations/screening/order-targets.ts';
import type { WebhookOutcome } from '../../integrations/webhooks/webhook-inbox.ts';
import type { Integrations } from '../../deps.ts';
import type { JobDeps } from '../../jobs/job-deps.ts';
import { defineJob, jobIdFor } from '../../jobs/queue.ts';
import { recordChange } from '../../requirement-core/requirement-state.ts';
import { lockRequirementForSystem } from '../../requirement-core/requirement-target.ts';
import { applyToRequirement } from '../background-checks/background-check-orders.ts';

type MonitorRow = typeof screeningMonitors.$inferSelect;

/** The monitor a report came from: by the vendor's monitor id, else the member's latest monitor by candidate. */
async function monitorOfReport(db: Database, vendor: string, report: ScreeningReport) {
  if (report.monitorId) {
    const [byMonitor] = await db
      .select()
      .from(screeningMonitors)
      .where(
        and(eq(screeningMonitors.vendor, vendor), eq(screeningMonitors.vendorMonitorId, report.monitorId)),
      );
    if (byMonitor) return byMonitor;
  }
  if (!report.monitorId || !report.candidateId) return undefined;
  const [byCandidate] = await db
    .select()
    .from(screeningMonitors)
    .where(
      and(eq(screeningMonitors.vendor, vendor), eq(screeningMonitors.vendorCandidateId, report.candidateId)),
    )
    .orderBy(desc(screeningMonitors.updatedAt))
    .limit(1);
  return byCandidate;
}

/**
 * A report the vendor's monitoring generated (a registry hit), unknown to our orders: stored as an order of the
 * requirement its monitor belongs to (id derived from the vendor's report id, so a webhook and the sweep store it
 * once) and mapped by the same function as ordered searches: `consider` → PendingReview with review source
 * SexOffenderSearch, with its registry records read for the reviewer; `clear` → Completed. Ignored when no monitor
 * of ours names it; kept without effect when the requirement was unassigned meanwhile.
 */
export async function adoptMonitorReport(
  deps: { db: Database; screening: ScreeningPort },
  ctx: { correlationId?: string },
  report: ScreeningReport,
): Promise<WebhookOutcome & { adopted?: boolean }> {
  const vendor = deps.screening.vendor;
  const monitor = await monitorOfReport(deps.db, vendor, report);
  if (!monitor) return { outcome: 'ignored' };
  const registryRecords =
    report.status === 'needs_review' && deps.screening.getRegistryRecords
      ? await deps.screening.getRegistryRecords(report.id, ctx)
      : undefined;
  return deps.db.transaction(async (tx) => {
    const loaded = await lockRequirementForSystem(tx, monitor.organizationId, monitor.memberRequirementId);
    if (!loaded) return { outcome: 'ignored' as const };
    const [order] = await tx
      .insert(screeningOrders)
      .values({
        id: jobIdFor('screening.monitor-report', `${vendor}:${report.id}`),
        organizationId: monitor.organizationId,
        profileLevelAccessId: loaded.requirement.profileLevelAccessId,
        memberRequirementId: monitor.memberRequirementId,
        vendor,
        vendorAccount: monitor.vendorAccount,
        vendorCandidateId: report.candidateId ?? monitor.vendorCandidateId ?? '',
        vendorReportId: report.id,
        packageId: monitor.packageId ?? '',
        status: report.status,
        vendorStatus: report.vendorStatus,
        applyUrl: null,
        reportUrl: report.reportUrl,
        completedAt: report.completedAt,
        monitorId: monitor.id,
        ...(registryRecords ? { registryRecords } : {}),
      })
      .onConflictDoNothing()
      .returning();
    if (!order)
      return { outcome: 'processed' as const, organizationId: monitor.organizationId, adopted: false };
    // Unassigned since (the member left, the requirement or its definition was removed) and not yet unenrolled by
    // the reconciliation: the report is kept as the vendor sent it, but no longer decides anything or enters review.
    const applied = loaded.requirement.active && loaded.definition.deletedAt === null;
    await recordChange(tx, loaded, {
      action: 'sex-offender-monitoring-report',
      data: { orderId: order.id, monitorId: monitor.id, screeningStatus: report.status, applied },
    });
    if (applied) await applyToRequirement(tx, order, report);
    return { outcome: 'processed' as const, organizationId: monitor.organizationId, adopted: true };
  });
}

/** The ports of every account that has a monitor of ours (the deployment's and the sub-accounts'). */
async function monitorPorts(
  db: Database,
  integrations: Pick<Integrations, 'screening' | 'tazworks' | 'yardstikAccounts'>,
): Promise<ScreeningPort[]> {
  const accounts = await db
    .selectDistinct({ account: screeningMonitors.vendorAccount })
    .from(screeningMonitors)
    .where(and(eq(screeningMonitors.vendor, 'yardstik'), isNotNull(screeningMonitors.vendorMonitorId)));
  const ports: ScreeningPort[] = [];
  for (const { account } of accounts) {
    const port = await screeningPortOf(db, integrations, { vendor: 'yardstik', account });
    if (port) ports.push(port);
  }
  return ports;
}

/**
 * A webhook about a Yardstik report none of our orders names: a monitor's hit, read on the account of one of our
 * monitors (the event names no account we store, so each account that has monitors is asked; a 404 means another).
 */
export async function adoptUnknownYardstikReport(
  deps: Pick<JobDeps, 'db' | 'integrations'>,
  ctx: { correlationId?: string },
  vendorReportId: string,
): Promise<WebhookOutcome> {
  for (const port of await monitorPorts(deps.db, deps.integrations)) {
    let report: ScreeningReport;
    try {
      report = await port.getReport(vendorReportId, ctx);
    } catch (error) {
      if (error instanceof VendorHttpError && error.status === 404) continue;
      throw error;
    }
    return adoptMonitorReport({ db: deps.db, screening: port }, ctx, report);
  }
  return { outcome: 'ignored' };
}

/** How many monitors one sweep inspects (the oldest-checked first). */
const sweepLimit = 2000;

/**
 * The poll behind the webhooks (they are hints, and whether a monitor's report fires them is not confirmed): every
 * active monitor is inspected; a report it lists that our orders do not know is adopted, and a monitor the vendor
 * deactivated is ended here (the cadence re-run then applies again).
 */
export async function sweepSexOffenderMonitors(
  deps: Pick<JobDeps, 'db' | 'integrations' | 'log'>,
): Promise<{ checked: number; adopted: number; ended: number; failed: number }> {
  const totals = { checked: 0, adopted: 0, ended: 0, failed: 0 };
  const active = await deps.db
    .select()
    .from(screeningMonitors)
    .where(and(eq(screeningMonitors.status, 'active'), isNotNull(screeningMonitors.vendorMonitorId)))
    .orderBy(asc(screeningMonitors.vendorCheckedAt))
    .limit(sweepLimit);
  // One port (and, for a sub-account, one key lookup) per account, however many of its monitors are inspected.
  const ports = new Map<string | null, Promise<ScreeningPort | null>>();
  const portOf = (account: string | null) => {
    let port = ports.get(account);
    if (!port) {
      port = screeningPortOf(deps.db, deps.integrations, { vendor: 'yardstik', account });
      ports.set(account, port);
    }
    return port;
  };
  for (const monitor of active) {
    try {
      const result = await sweepOne(deps, await portOf(monitor.vendorAccount), monitor);
      totals.checked += 1;
      totals.adopted += result.adopted;
      if (result.ended) totals.ended += 1;
    } catch (err) {
      totals.failed += 1;
      deps.log.error({ err, monitorId: monitor.id }, 'a sex offender monitor could not be inspected');
    }
  }
  return totals;
}

async function sweepOne(deps: Pick<JobDeps, 'db'>, port: ScreeningPort | null, monitor: MonitorRow) {
  if (!port?.monitoring) return { adopted: 0, ended: false };
  const ctx = { correlationId: `monitor-sweep:${monitor.id}` };
  const atVendor = await port.monitoring.getMonitor(monitor.vendorMonitorId!, ctx);
  const known = atVendor.reportIds.length
    ? await deps.db
        .select({ id: screeningOrders.vendorReportId })
        .from(screeningOrders)
        .where(
          and(
            eq(screeningOrders.vendor, 'yardstik'),
            inArray(screeningOrders.vendorReportId, atVendor.reportIds),
          ),
        )
    : [];
  let adopted = 0;
  for (const reportId of atVendor.reportIds.filter((id) => !known.some((k) => k.id === id))) {
    const result = await adoptMonitorReport({ db: deps.db, screening: port }, ctx, {
      ...(await port.getReport(reportId, ctx)),
      monitorId: atVendor.id,
    });
    if ('adopted' in result && result.adopted) adopted += 1;
  }
  const ended = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(screeningMonitors)
      .where(eq(screeningMonitors.id, monitor.id))
      .for('update');
    const now = new Date();
    const gone = row?.status === 'active' && !atVendor.active;
    await tx
      .update(screeningMonitors)
      .set({
        vendorStatus: atVendor.vendorStatus,
        vendorCheckedAt: now,
        ...(gone
          ? { status: 'inactive' as const, endReason: 'vendor', deactivatedAt: atVendor.deactivatedAt ?? now }
          : {}),
      })
      .where(eq(screeningMonitors.id, monitor.id));
    if (!gone) return false;
    const loaded = await lockRequirementForSystem(tx, monitor.organizationId, monitor.memberRequirementId);
    if (loaded)
      await recordChange(tx, loaded, {
        action: 'sex-offender-monitoring-ended',
        data: { monitorId: monitor.id, reason: 'vendor', vendorStatus: atVendor.vendorStatus },
      });
    return true;
  });
  return { adopted, ended };
}

/** The daily monitor sweep (UTC, before the cadence re-run, which it may hand a deactivated monitor's member back to). */
export const sexOffenderMonitorSweepJob = defineJob({
  name: 'screening.sweep-sex-offender-monitors',
  payload: z.object({}),
  cron: '5 2 * * *',
  retry: { limit: 2, delaySeconds: 300 },
  expireInSeconds: 3600,
  run: (deps) => sweepSexOffenderMonitors(deps),
});
