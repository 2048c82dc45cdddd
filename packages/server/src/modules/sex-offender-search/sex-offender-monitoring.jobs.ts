import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { MonitoringConsentBody } from '@touchline/contracts/sex-offender-search';
import type { Executor } from '../../db/client.ts';
import { requirementSubmissions, screeningMonitors } from '../../db/schema/index.ts';
import { VendorHttpError } from '../../integrations/http/vendor-errors.ts';
import type { ScreeningPort } from '../../integrations/screening/port.ts';
import { orderTargetFor, screeningPortOf } from '../../integrations/screening/order-targets.ts';
import type { JobDeps } from '../../jobs/job-deps.ts';
import { defineJob, GiveUpError, type JobQueue } from '../../jobs/queue.ts';
import { recordChange } from '../../requirement-core/requirement-state.ts';
import {
  lockRequirementForSystem,
  type LoadedRequirement,
} from '../../requirement-core/requirement-target.ts';
import { screeningCandidateOf } from '../../requirement-core/screening-order-state.ts';
import { sexOffenderContentOf } from './sex-offender-content.ts';

/** The requirement submission kind of the member's evergreen consent (ongoing registry searches). */
export const monitoringConsentKind = 'sex-offender-monitoring-consent';

type MonitorRow = typeof screeningMonitors.$inferSelect;
type ConsentData = { address: MonitoringConsentBody['address']; recordedAt: string };

/** A requirement's monitor row, locked for the caller's transaction when asked. */
export async function monitorOf(tx: Executor, memberRequirementId: string, lock = false) {
  const query = tx
    .select()
    .from(screeningMonitors)
    .where(eq(screeningMonitors.memberRequirementId, memberRequirementId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The live evergreen consent of a requirement (null once withdrawn or never given). */
export async function liveMonitoringConsent(tx: Executor, memberRequirementId: string) {
  const [row] = await tx
    .select({ id: requirementSubmissions.id, data: requirementSubmissions.data })
    .from(requirementSubmissions)
    .where(
      and(
        eq(requirementSubmissions.memberRequirementId, memberRequirementId),
        eq(requirementSubmissions.kind, monitoringConsentKind),
        isNull(requirementSubmissions.supersededAt),
      ),
    )
    .orderBy(desc(requirementSubmissions.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Queues the member's enrolment, in the caller's transaction with the requirement locked, when the definition
 * monitors continuously and the member's evergreen consent is on file: the monitor row is (re)set to `enrolling`
 * with that consent and the job is keyed by the row, the consent and the time (the requirement's lock serializes
 * callers, and the second finds it enrolling). Nothing when a monitor is already enrolling or active, or the vendor
 * refused this consent's enrolment. Answers whether it queued.
 */
export async function queueMonitorEnrolment(
  jobs: JobQueue,
  tx: Executor,
  loaded: LoadedRequirement,
): Promise<boolean> {
  if (!sexOffenderContentOf(loaded.definition.content).monitorContinuously) return false;
  const consent = await liveMonitoringConsent(tx, loaded.requirement.id);
  if (!consent) return false;
  const existing = await monitorOf(tx, loaded.requirement.id, true);
  if (existing && existing.consentSubmissionId === consent.id && existing.status !== 'inactive') return false;
  if (existing && (existing.status === 'active' || existing.status === 'enrolling')) return false;
  const now = new Date();
  const values = {
    status: 'enrolling' as const,
    consentSubmissionId: consent.id,
    endReason: null,
    lastError: null,
    deactivatedAt: null,
    updatedAt: now,
  };
  const [row] = existing
    ? await tx.update(screeningMonitors).set(values).where(eq(screeningMonitors.id, existing.id)).returning()
    : await tx
        .insert(screeningMonitors)
        .values({
          ...values,
          organizationId: loaded.requirement.organizationId,
          memberRequirementId: loaded.requirement.id,
          vendor: 'yardstik',
        })
        .returning();
  await recordChange(tx, loaded, {
    action: 'sex-offender-monitoring-enrolment-requested',
    data: { monitorId: row!.id, consentSubmissionId: consent.id },
  });
  await jobs.enqueue(
    tx,
    enrollMonitorJob,
    {
      organizationId: loaded.requirement.organizationId,
      monitorId: row!.id,
      consentSubmissionId: consent.id,
    },
    // One enrolment per consent and request: the requirement's lock serializes callers, who find it enrolling.
    { key: `${row!.id}:${consent.id}:${now.getTime()}` },
  );
  return true;
}

/** Why a monitor ends. */
export type MonitorEndReason =
  'unassigned' | 'consent-withdrawn' | 'monitoring-off' | 'adverse-action' | 'disqualified' | 'vendor';

/**
 * Queues a monitor's unenrolment in the caller's transaction (the monitor row locked by the caller or here): an
 * enrolling or active monitor becomes `unenrolling` and the job is keyed by the row, its vendor monitor and its
 * last change, so a second call, a retried sweep or a concurrent withdrawal queue one job.
 */
export async function queueMonitorUnenrolment(
  jobs: JobQueue,
  tx: Executor,
  monitor: MonitorRow,
  reason: MonitorEndReason,
): Promise<boolean> {
  if (monitor.status !== 'active' && monitor.status !== 'enrolling') return false;
  await tx
    .update(screeningMonitors)
    .set({ status: 'unenrolling', endReason: reason, updatedAt: new Date() })
    .where(eq(screeningMonitors.id, monitor.id));
  await jobs.enqueue(
    tx,
    unenrollMonitorJob,
    { organizationId: monitor.organizationId, monitorId: monitor.id },
    // The row as it stood: callers hold its lock, so a second call finds it unenrolling.
    { key: `${monitor.id}:${monitor.vendorMonitorId ?? 'none'}:${monitor.updatedAt.getTime()}` },
  );
  return true;
}

/** The organization's Yardstik port (its own sub-account once active), and the account it speaks for. */
async function organizationPort(deps: Pick<JobDeps, 'db' | 'integrations'>, organizationId: string) {
  const target = await orderTargetFor(deps.db, organizationId, { vendor: 'yardstik', account: null });
  const port = target ? await screeningPortOf(deps.db, deps.integrations, target) : null;
  return { port, account: target?.account ?? null };
}

/** The monitor package a definition enrolls in: its own, or the account's sex offender registry monitor package. */
async function monitorPackageId(port: ScreeningPort, packageId: string | null, correlationId: string) {
  if (packageId) return packageId;
  const packages = await port.listPackages({ correlationId });
  const monitor = packages.find(
    (p) => p.kind === 'monitor' && p.searches.some((s) => /sex offender/i.test(s)),
  );
  if (!monitor) throw new GiveUpError('the screening account has no sex offender registry monitor package');
  return monitor.id;
}

/** Marks an enrolment the vendor refused (the cadence re-run goes on), recorded in the requirement's history. */
async function enrolmentFailed(deps: Pick<JobDeps, 'db'>, monitor: MonitorRow, reason: string) {
  await deps.db.transaction(async (tx) => {
    const row = await monitorOf(tx, monitor.memberRequirementId, true);
    if (row?.status !== 'enrolling') return;
    await tx
      .update(screeningMonitors)
      .set({ status: 'failed', lastError: reason.slice(0, 500), updatedAt: new Date() })
      .where(eq(screeningMonitors.id, row.id));
    const loaded = await lockRequirementForSystem(tx, row.organizationId, row.memberRequirementId);
    if (loaded)
      await recordChange(tx, loaded, {
        action: 'sex-offender-monitoring-failed',
        data: { monitorId: row.id, reason },
      });
  });
}

/**
 * Enrolls the member in the vendor's monitoring, from the outbox: the candidate found by our profile id (or created)
 * with the evergreen flag, birth date and address from the consent; then the enrolment (the adapter finds an active
 * monitor of the package before it enrolls, so a retried job is one monitor). The vendor's refusal (a 4xx: consent
 * or data missing there) marks the row failed instead of retrying; the cadence re-run then goes on.
 */
export const enrollMonitorJob = defineJob({
  name: 'screening.enroll-sex-offender-monitor',
  payload: z.object({ organizationId: z.uuid(), monitorId: z.uuid(), consentSubmissionId: z.uuid() }),
  retry: { limit: 8, delaySeconds: 30, maxDelaySeconds: 3600 },
  async run(deps, payload, ctx) {
    const [monitor] = await deps.db
      .select()
      .from(screeningMonitors)
      .where(eq(screeningMonitors.id, payload.monitorId));
    if (monitor?.status !== 'enrolling' || monitor.consentSubmissionId !== payload.consentSubmissionId)
      return { skipped: 'not enrolling on this consent' };
    const consent = await liveMonitoringConsent(deps.db, monitor.memberRequirementId);
    if (consent?.id !== payload.consentSubmissionId) return { skipped: 'consent withdrawn' };
    const member = await screeningCandidateOf(deps.db, payload.organizationId, monitor.memberRequirementId);
    if (!member?.email || !member.dateOfBirth) {
      await enrolmentFailed(deps, monitor, 'the member has no e-mail address or date of birth');
      return { failed: 'member data' };
    }
    const { port, account } = await organizationPort(deps, payload.organizationId);
    if (!port?.monitoring) {
      await enrolmentFailed(deps, monitor, 'the screening vendor offers no continuous monitoring here');
      return { failed: 'no monitoring' };
    }
    const { address } = consent.data as ConsentData;
    const content = sexOffenderContentOf(member.content);
    let enrolled;
    try {
      const packageId = await monitorPackageId(port, content.monitorPackageId, ctx.jobId);
      const { candidateId } = await port.monitoring.ensureEvergreenCandidate(
        {
          externalId: member.profileId,
          firstName: member.firstName,
          lastName: member.lastName,
          email: member.email,
          dateOfBirth: member.dateOfBirth,
          address,
        },
        { correlationId: ctx.jobId },
      );
      enrolled = await port.monitoring.enroll({ candidateId, packageId }, { correlationId: ctx.jobId });
    } catch (error) {
      if (
        error instanceof VendorHttpError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 429
      ) {
        await enrolmentFailed(deps, monitor, `${error.vendor} refused the enrolment (${error.status})`);
        return { failed: error.status };
      }
      if (error instanceof GiveUpError) await enrolmentFailed(deps, monitor, error.message);
      throw error;
    }
    return deps.db.transaction(async (tx) => {
      const row = await monitorOf(tx, monitor.memberRequirementId, true);
      if (!row) return { skipped: 'requirement gone' };
      const now = new Date();
      await tx
        .update(screeningMonitors)
        .set({
          vendorAccount: account,
          vendorCandidateId: enrolled.candidateId,
          vendorMonitorId: enrolled.id,
          packageId: enrolled.packageId,
          vendorStatus: enrolled.vendorStatus,
          vendorCheckedAt: now,
          updatedAt: now,
          ...(row.status === 'enrolling' ? { status: 'active' as const, enrolledAt: now } : {}),
        })
        .where(eq(screeningMonitors.id, row.id));
      if (row.status !== 'enrolling') {
        // Withdrawn or unassigned while the vendor enrolled: end the monitor it just made.
        const updated = { ...row, vendorMonitorId: enrolled.id, status: 'active' as const };
        await queueMonitorUnenrolment(
          deps.jobs,
          tx,
          updated,
          (row.endReason as MonitorEndReason) ?? 'unassigned',
        );
        return { monitorId: enrolled.id, endedAtOnce: true };
      }
      const loaded = await lockRequirementForSystem(tx, row.organizationId, row.memberRequirementId);
      if (loaded)
        await recordChange(tx, loaded, {
          action: 'sex-offender-monitoring-enrolled',
          data: { monitorId: row.id, vendorMonitorId: enrolled.id },
        });
      return { monitorId: enrolled.id };
    });
  },
});

/**
 * Ends the member's monitoring at the vendor, from the outbox (unassigned, left, consent withdrawn, monitoring turned
 * off): unenrolling an inactive monitor answers it as it is, and one the vendor no longer knows (404) is ended here.
 * The row becomes inactive with the vendor's deactivation time; the cadence re-run then applies again.
 */
export const unenrollMonitorJob = defineJob({
  name: 'screening.unenroll-sex-offender-monitor',
  payload: z.object({ organizationId: z.uuid(), monitorId: z.uuid() }),
  retry: { limit: 8, delaySeconds: 30, maxDelaySeconds: 3600 },
  async run(deps, payload, ctx) {
    const [monitor] = await deps.db
      .select()
      .from(screeningMonitors)
      .where(eq(screeningMonitors.id, payload.monitorId));
    if (monitor?.status !== 'unenrolling') return { skipped: 'not unenrolling' };
    let deactivatedAt = new Date();
    if (monitor.vendorMonitorId) {
      const port = await screeningPortOf(deps.db, deps.integrations, {
        vendor: 'yardstik',
        account: monitor.vendorAccount,
      });
      if (!port?.monitoring) throw new Error('the monitor’s screening account is not reachable from here');
      try {
        const ended = await port.monitoring.unenroll(monitor.vendorMonitorId, { correlationId: ctx.jobId });
        deactivatedAt = ended.deactivatedAt ?? deactivatedAt;
      } catch (error) {
        if (!(error instanceof VendorHttpError && error.status === 404)) throw error;
      }
    }
    return deps.db.transaction(async (tx) => {
      const row = await monitorOf(tx, monitor.memberRequirementId, true);
      if (row?.status !== 'unenrolling') return { skipped: 'changed meanwhile' };
      await tx
        .update(screeningMonitors)
        .set({ status: 'inactive', vendorStatus: 'inactive', deactivatedAt, updatedAt: new Date() })
        .where(eq(screeningMonitors.id, row.id));
      const loaded = await lockRequirementForSystem(tx, row.organizationId, row.memberRequirementId);
      if (loaded)
        await recordChange(tx, loaded, {
          action: 'sex-offender-monitoring-ended',
          data: { monitorId: row.id, reason: row.endReason, deactivatedAt: deactivatedAt.toISOString() },
        });
      return { ended: row.id };
    });
  },
});

/** Monitors that still run (or are about to) at the vendor. */
export const liveMonitorStatuses = ['enrolling', 'active'] as const;

/** Whether these requirements are monitored now (or being enrolled): the cadence re-run leaves them alone. */
export async function monitoredRequirementIds(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: screeningMonitors.memberRequirementId })
    .from(screeningMonitors)
    .where(
      and(
        inArray(screeningMonitors.memberRequirementId, ids),
        inArray(screeningMonitors.status, [...liveMonitorStatuses, 'unenrolling']),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
