import { and, desc, eq } from 'drizzle-orm';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewOutcome, ReviewSource } from '@touchline/contracts/reviews';
import type { Database, Executor } from '../../db/client.ts';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { memberRequirements, requirementDefinitions, screeningOrders } from '../../db/schema/index.ts';
import type {
  CandidateInput,
  RegistryRecord,
  ScreeningPort,
  ScreeningReport,
  ScreeningStatus,
} from '../../integrations/screening/port.ts';
import type { WebhookOutcome } from '../../integrations/webhooks/webhook-inbox.ts';
import { WaitingOn } from '../../requirement-core/engine/requirement-status.ts';
import {
  completedFacts,
  currentStatus,
  incompleteFacts,
  recordChange,
  type FactsPatch,
} from '../../requirement-core/requirement-state.ts';
import {
  lockRequirementForSystem,
  type LoadedRequirement,
} from '../../requirement-core/requirement-target.ts';
import { backgroundCheckResultOf } from './background-check-status.ts';
import type { Integrations } from '../../deps.ts';
import { screeningPortOf } from '../../integrations/screening/order-targets.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { queueMonitorEnrolment } from '../sex-offender-search/sex-offender-monitoring.jobs.ts';

/**
 * What the screening use cases need: the database and the organization's screening vendor; with the queue, a clear
 * sex offender search also queues the member's continuous monitoring (ADR 032).
 */
export type ScreeningDeps = { db: Database; screening: ScreeningPort; jobs?: JobQueue };

/** One order to place; `orderId` is ours, chosen before the first attempt, so every retry is the same order. */
export type PlaceOrderInput = {
  orderId: string;
  organizationId: string;
  profileLevelAccessId: string | null;
  /** The background-check requirement the order's results are applied to (null: an order outside one). */
  memberRequirementId?: string | null;
  candidate: CandidateInput;
  packageId: string;
  /** The package's searches as the vendor listed them when ordering (null: not known). */
  packageSearches?: string[] | null;
  /** The account at the vendor the port speaks for (a TazWorks client GUID, a Yardstik sub-account), stored. */
  vendorAccount?: string | null;
};

type OrderRow = typeof screeningOrders.$inferSelect;

/**
 * Places a screening order at the vendor and records it: the candidate and the report are keyed by our ids at the
 * vendor, and the row by our order id, so a job that runs twice (a crash after the vendor call) places one order.
 * The first time the row is stored, its state is applied to the requirement it belongs to.
 */
export async function placeScreeningOrder(
  deps: ScreeningDeps,
  ctx: { correlationId?: string },
  input: PlaceOrderInput,
): Promise<OrderRow> {
  const { candidateId } = await deps.screening.ensureCandidate(input.candidate, ctx);
  const report = await deps.screening.orderReport(
    { externalId: input.orderId, candidateId, packageId: input.packageId },
    ctx,
  );
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(screeningOrders)
      .values({
        id: input.orderId,
        organizationId: input.organizationId,
        profileLevelAccessId: input.profileLevelAccessId,
        memberRequirementId: input.memberRequirementId ?? null,
        vendor: deps.screening.vendor,
        vendorAccount: input.vendorAccount ?? null,
        vendorCandidateId: candidateId,
        vendorReportId: report.id,
        packageId: input.packageId,
        packageSearches: input.packageSearches ?? null,
        status: report.status,
        vendorStatus: report.vendorStatus,
        applyUrl: report.applyUrl,
        reportUrl: report.reportUrl,
        completedAt: report.completedAt,
      })
      .onConflictDoNothing({ target: screeningOrders.id })
      .returning();
    if (!row)
      return (await tx.select().from(screeningOrders).where(eq(screeningOrders.id, input.orderId)))[0]!;
    await applyToRequirement(tx, row, report, deps.jobs);
    return row;
  });
}

/**
 * A vendor said a report changed (or the daily sweep asks): re-read the report from the vendor and store what it
 * says now. The event's own data is never trusted or needed, so repeated and reordered events all end in the
 * vendor's current state; the requirement changes only when our status of the order changes, under the order's
 * row lock, so two re-reads at once apply a change once.
 */
export async function refreshScreeningReport(
  deps: ScreeningDeps,
  ctx: { correlationId?: string },
  vendorReportId: string,
): Promise<WebhookOutcome & { changed?: boolean }> {
  const byReport = and(
    eq(screeningOrders.vendor, deps.screening.vendor),
    eq(screeningOrders.vendorReportId, vendorReportId),
  );
  const [known] = await deps.db
    .select({ id: screeningOrders.id, type: requirementDefinitions.type })
    .from(screeningOrders)
    .leftJoin(memberRequirements, eq(memberRequirements.id, screeningOrders.memberRequirementId))
    .leftJoin(requirementDefinitions, eq(requirementDefinitions.id, memberRequirements.definitionId))
    .where(byReport);
  if (!known) return { outcome: 'ignored' };
  const report = await deps.screening.getReport(vendorReportId, ctx);
  // A flagged sex offender search: the possible matches are read now, for the reviewer to compare (ADR 032).
  const registryRecords: RegistryRecord[] | undefined =
    known.type === RequirementType.SexOffenderSearch &&
    report.status === 'needs_review' &&
    deps.screening.getRegistryRecords
      ? await deps.screening.getRegistryRecords(vendorReportId, ctx)
      : undefined;
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(screeningOrders).where(byReport).for('update');
    if (!order) return { outcome: 'ignored' as const };
    const now = new Date();
    const [updated] = await tx
      .update(screeningOrders)
      .set({
        status: report.status,
        vendorStatus: report.vendorStatus,
        applyUrl: report.applyUrl,
        reportUrl: report.reportUrl,
        completedAt: report.completedAt,
        ...(registryRecords ? { registryRecords } : {}),
        vendorCheckedAt: now,
        updatedAt: now,
      })
      .where(eq(screeningOrders.id, order.id))
      .returning();
    const changed = order.status !== report.status;
    if (changed && updated) await applyToRequirement(tx, updated, report, deps.jobs);
    return { outcome: 'processed' as const, organizationId: order.organizationId, changed };
  });
}

/** The requirement facts that make the engine derive a result's status (ADR 012's facts, ADR 030's mapping). */
function factsFor(loaded: LoadedRequirement, status: ScreeningStatus, report: ScreeningReport, now: Date) {
  const result = backgroundCheckResultOf(status);
  // The vendor's completion time, never later than ours (a completion dated in the future would not count yet).
  const at = report.completedAt && report.completedAt < now ? report.completedAt : now;
  const open = { pendingReview: false, reviewOutcome: null, rejectedAt: null, reviewSource: null };
  const source =
    loaded.target.type === RequirementType.SexOffenderSearch
      ? ReviewSource.SexOffenderSearch
      : ReviewSource.FlaggedBackgroundCheck;
  switch (result.status) {
    case RequirementStatus.WaitingOnApplicant:
      return { result, facts: { ...open, waitingOn: WaitingOn.Applicant } satisfies FactsPatch };
    case RequirementStatus.WaitingOnProvider:
      return { result, facts: { ...open, waitingOn: WaitingOn.Provider } satisfies FactsPatch };
    case RequirementStatus.Completed:
      return { result, facts: completedFacts(loaded, at) };
    case RequirementStatus.PendingReview:
      return { result, facts: completedFacts(loaded, at, true, source) };
    case RequirementStatus.Rejected:
      return {
        result,
        facts: {
          ...incompleteFacts,
          reviewOutcome: ReviewOutcome.RejectedDisqualified,
          reviewSource: source,
          rejectedAt: now,
        } satisfies FactsPatch,
      };
    case RequirementStatus.Incomplete:
      return { result, facts: { ...incompleteFacts } };
  }
}

/** Whether a waiting re-run leaves the requirement's earlier, still valid completion as it is. */
function keepsEarlierResult(loaded: LoadedRequirement, next: RequirementStatus): boolean {
  const waiting =
    next === RequirementStatus.WaitingOnApplicant ||
    next === RequirementStatus.WaitingOnProvider ||
    next === RequirementStatus.Incomplete;
  const { completedAt, expiresAt, pendingReview } = loaded.requirement;
  const inForce =
    completedAt !== null &&
    !pendingReview &&
    (expiresAt === null || expiresAt > new Date().toISOString().slice(0, 10));
  return waiting && inForce;
}

/**
 * Applies an order's state to its background-check requirement, as the system (no actor): only the requirement's
 * latest order counts, so a late event of an older order never overwrites a newer one. Recorded in the
 * requirement's history with the vendor's status. Also the path of a monitoring hit's report (adopted as an order).
 */
export async function applyToRequirement(
  tx: Executor,
  order: OrderRow,
  report: ScreeningReport,
  jobs?: JobQueue,
): Promise<void> {
  if (!order.memberRequirementId) return;
  const [latest] = await tx
    .select({ id: screeningOrders.id })
    .from(screeningOrders)
    .where(eq(screeningOrders.memberRequirementId, order.memberRequirementId))
    .orderBy(desc(screeningOrders.createdAt), desc(screeningOrders.id))
    .limit(1);
  if (latest?.id !== order.id) return;
  const loaded = await lockRequirementForSystem(tx, order.organizationId, order.memberRequirementId);
  if (!loaded) return;
  const { result, facts } = factsFor(loaded, order.status as ScreeningStatus, report, new Date());
  const sexOffender = loaded.target.type === RequirementType.SexOffenderSearch;
  // A re-run keeps a search that is still in force while the new one waits on the member or the vendor: only its
  // result (no hit, a possible match) replaces the earlier one.
  if (sexOffender && keepsEarlierResult(loaded, result.status)) {
    await recordChange(tx, loaded, {
      action: 'sex-offender-search-progress',
      data: { orderId: order.id, screeningStatus: order.status, vendorStatus: order.vendorStatus },
    });
    return;
  }
  // A renewal under way never takes away a clearance that is still valid: only its result replaces it.
  const standing = currentStatus(loaded.requirement, loaded.definition.expiringSoonDays);
  const stillValid = standing === RequirementStatus.Completed || standing === RequirementStatus.ExpiringSoon;
  const inProgress =
    result.status === RequirementStatus.WaitingOnApplicant ||
    result.status === RequirementStatus.WaitingOnProvider ||
    result.status === RequirementStatus.Incomplete;
  await recordChange(tx, loaded, {
    action: sexOffender ? 'sex-offender-search-result' : 'background-check-result',
    facts: stillValid && inProgress ? {} : facts,
    data: {
      orderId: order.id,
      screeningStatus: order.status,
      vendorStatus: order.vendorStatus,
      ...('reason' in result ? { reason: result.reason } : {}),
    },
  });
  // A clear search with the member's evergreen consent on file starts continuous monitoring (ADR 032).
  if (sexOffender && jobs && order.status === 'clear') await queueMonitorEnrolment(jobs, tx, loaded);
}

/**
 * The port a Yardstik report is re-read with: the one of the account its order was placed on (the deployment's, or
 * an organization's sub-account), or the deployment's for a report we do not know (then ignored by the re-read).
 */
export async function yardstikPortOfReport(
  db: Database,
  integrations: Pick<Integrations, 'screening' | 'tazworks' | 'yardstikAccounts'>,
  vendorReportId: string,
): Promise<ScreeningPort | null> {
  const [order] = await db
    .select({ account: screeningOrders.vendorAccount })
    .from(screeningOrders)
    .where(and(eq(screeningOrders.vendor, 'yardstik'), eq(screeningOrders.vendorReportId, vendorReportId)));
  return screeningPortOf(db, integrations, { vendor: 'yardstik', account: order?.account ?? null });
}
