import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import type { Executor } from '../../db/client.ts';
import {
  profiles,
  requirementFiles,
  storedFiles,
  trainingEnrollments,
  memberRequirements,
} from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import {
  enrollmentObjectType,
  type CourseProgress,
  type TrainingProviderPort,
} from '../../integrations/training/port.ts';
import type { WebhookOutcome } from '../../integrations/webhooks/webhook-inbox.ts';
import type { JobDeps } from '../../jobs/job-deps.ts';
import { VendorHttpError } from '../../integrations/http/vendor-errors.ts';
import { defineJob, GiveUpError } from '../../jobs/queue.ts';
import { newStorageKey, type Storage } from '../../storage/storage.ts';
import { certificateValidUntil } from './abuse-prevention.service.ts';
import { dayOf } from '../../requirement-core/engine/calendar.ts';
import { completedFacts, recordChange } from '../../requirement-core/requirement-state.ts';
import { lockRequirementForSystem } from '../../requirement-core/requirement-target.ts';

type EnrollmentRow = typeof trainingEnrollments.$inferSelect;

/** What syncing a course needs: the database, file storage and the course provider. */
export type TrainingSyncDeps = { db: Deps['db']; storage: Storage; training: TrainingProviderPort };

/** The sync deps of a job run (the workers run with the full deps, storage included). */
function syncDeps(deps: JobDeps): TrainingSyncDeps {
  const training = deps.integrations.training;
  if (!training) throw new Error('no training provider is configured in this deployment');
  const storage = (deps as JobDeps & Partial<Pick<Deps, 'storage'>>).storage;
  if (!storage) throw new Error('this process has no file storage to keep the certificate in');
  return { db: deps.db, storage, training };
}

/**
 * On a retake, whether the provider still shows the completion the retake follows: the same certificate as before,
 * or a completion no later than it (our stored time may be clamped, so the certificate decides first).
 */
function isEarlierCompletion(
  row: Pick<EnrollmentRow, 'retakeAfter' | 'certificateId'>,
  progress: CourseProgress,
): boolean {
  if (row.retakeAfter === null || progress.state !== 'completed') return false;
  if (!progress.certificate) return true;
  if (row.certificateId !== null) return progress.certificate.id === row.certificateId;
  const doneAt = progress.completedAt ?? progress.certificate.issuedAt;
  return doneAt === null || doneAt <= row.retakeAfter;
}

/** The certificate's file name, from the member's name and the completion day. */
const certificateName = (lastName: string, day: string) =>
  `abuse-prevention-certificate-${lastName}-${day}.pdf`.replace(/[^A-Za-z0-9.-]+/g, '_');

/**
 * Re-reads one enrolment from the provider and applies it (ADR 032): a webhook or a poll only prompts this, so
 * repeated and reordered events all end in the provider's current state. On completion the certificate PDF is
 * fetched outside any transaction, then under the enrolment's row lock it is stored once as the requirement's
 * evidence and the requirement Completed from the completion day, valid for the definition's validity (a year by
 * default). A completion already applied, or a requirement a reviewer disqualified, is left alone.
 */
export async function refreshTrainingEnrollment(
  deps: TrainingSyncDeps,
  ctx: { correlationId?: string },
  enrollmentId: string,
): Promise<WebhookOutcome & { changed: boolean }> {
  const [before] = await deps.db
    .select()
    .from(trainingEnrollments)
    .where(eq(trainingEnrollments.id, enrollmentId));
  if (!before?.learnerId || before.provider !== deps.training.provider)
    return { outcome: 'ignored', changed: false };
  if (before.state === 'completed')
    return { outcome: 'processed', organizationId: before.organizationId, changed: false };
  const enrollment = { learnerId: before.learnerId, courseId: before.courseId };
  const progress = await deps.training.progress(enrollment, ctx);
  // On a retake only a completion after the earlier one counts (the provider may not have reset the course yet).
  const stale = isEarlierCompletion(before, progress);
  const complete = progress.state === 'completed' && progress.certificate !== null && !stale;
  let storageKey: string | null = null;
  let pdf: Buffer | null = null;
  if (complete) {
    pdf = await deps.training.certificatePdf(progress.certificate!, ctx);
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
      throw new Error('the provider answered something other than a PDF for the certificate');
    storageKey = newStorageKey();
    await deps.storage.put(storageKey, pdf, 'application/pdf');
  }
  try {
    const result = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(trainingEnrollments)
        .where(eq(trainingEnrollments.id, enrollmentId))
        .for('update');
      if (!row || row.state === 'completed')
        return { outcome: 'processed' as const, organizationId: before.organizationId, changed: false };
      const now = new Date();
      const state = stale
        ? row.state
        : complete
          ? 'completed'
          : progress.state === 'completed'
            ? 'in_progress'
            : progress.state;
      const changed = state !== row.state || progress.percent !== row.percent;
      if (!complete) {
        await tx
          .update(trainingEnrollments)
          .set({ state, percent: progress.percent, checkedAt: now, updatedAt: now })
          .where(eq(trainingEnrollments.id, row.id));
        return { outcome: 'processed' as const, organizationId: row.organizationId, changed };
      }
      await applyCompletion(tx, row, {
        at: progress.completedAt ?? progress.certificate?.issuedAt ?? now,
        certificateId: progress.certificate!.id,
        storageKey: storageKey!,
        byteSize: pdf!.length,
        now,
      });
      storageKey = null;
      return { outcome: 'processed' as const, organizationId: row.organizationId, changed: true };
    });
    return result;
  } finally {
    // Bytes stored for a completion another run applied first (or a failed transaction) are not kept.
    if (storageKey) await deps.storage.delete(storageKey).catch(() => undefined);
  }
}

async function applyCompletion(
  tx: Executor,
  row: EnrollmentRow,
  done: { at: Date; certificateId: string; storageKey: string; byteSize: number; now: Date },
): Promise<void> {
  const loaded = await lockRequirementForSystem(tx, row.organizationId, row.memberRequirementId);
  const [member] = loaded
    ? await tx
        .select({ lastName: profiles.lastName })
        .from(profiles)
        .where(eq(profiles.id, loaded.target.profileId))
    : [];
  const at = done.at < done.now ? done.at : done.now;
  const [stored] = await tx
    .insert(storedFiles)
    .values({
      organizationId: row.organizationId,
      purpose: 'requirement-certificate',
      storageKey: done.storageKey,
      contentType: 'application/pdf',
      byteSize: done.byteSize,
      originalName: certificateName(member?.lastName ?? 'member', dayOf(at)),
      createdByUserId: null,
    })
    .returning({ id: storedFiles.id });
  const [file] = await tx
    .insert(requirementFiles)
    .values({
      organizationId: row.organizationId,
      memberRequirementId: row.memberRequirementId,
      storedFileId: stored!.id,
      role: 'certificate',
    })
    .returning({ id: requirementFiles.id });
  await tx
    .update(trainingEnrollments)
    .set({
      state: 'completed',
      percent: 100,
      completedAt: at,
      certificateId: done.certificateId,
      certificateFileId: file!.id,
      checkedAt: done.now,
      updatedAt: done.now,
    })
    .where(eq(trainingEnrollments.id, row.id));
  if (!loaded || loaded.requirement.reviewOutcome === ReviewOutcome.RejectedDisqualified) return;
  await recordChange(tx, loaded, {
    action: 'abuse-prevention-training-completed',
    facts: { ...completedFacts(loaded, at), expiresAt: certificateValidUntil(loaded.definition, dayOf(at)) },
    data: {
      provider: row.provider,
      sandbox: row.sandbox,
      courseId: row.courseId,
      certificateId: done.certificateId,
      fileId: file!.id,
    },
  });
}

/**
 * Enrols the member at the provider, from the outbox: abuse-prevention-take-training enqueues it keyed by the
 * enrolment row, so a double click is one job, and the provider's enrolment is idempotent (an existing learner and
 * enrolment are found), so a job run twice enrols once. A course the learner already finished is applied at once.
 */
export const enrollTrainingJob = defineJob({
  name: 'training.enroll',
  payload: z.object({ enrollmentId: z.uuid() }),
  retry: { limit: 8, delaySeconds: 30, maxDelaySeconds: 3600 },
  async run(deps, { enrollmentId }, ctx) {
    const sync = syncDeps(deps);
    const [row] = await deps.db
      .select({
        enrollment: trainingEnrollments,
        profile: {
          id: profiles.id,
          firstName: profiles.firstName,
          lastName: profiles.lastName,
          email: profiles.email,
        },
      })
      .from(trainingEnrollments)
      .innerJoin(memberRequirements, eq(memberRequirements.id, trainingEnrollments.memberRequirementId))
      .innerJoin(profiles, eq(profiles.id, memberRequirements.profileId))
      .where(eq(trainingEnrollments.id, enrollmentId));
    if (!row) return { skipped: 'enrolment gone' };
    if (!row.profile.email) throw new Error('the member has no e-mail address for the course provider');
    const enrolled = await sync.training
      .enroll(
        {
          externalId: row.profile.id,
          firstName: row.profile.firstName,
          lastName: row.profile.lastName,
          email: row.profile.email,
        },
        row.enrollment.courseId,
        { correlationId: ctx.jobId },
      )
      .catch((error: unknown) => {
        // The provider refused the enrolment (a 4xx other than timeout or rate limit): retrying cannot mend it.
        if (
          error instanceof VendorHttpError &&
          error.status >= 400 &&
          error.status < 500 &&
          ![408, 429].includes(error.status)
        )
          throw new GiveUpError(`${error.vendor} refused the enrolment (${error.status})`, { cause: error });
        throw error;
      });
    // A retake: reset the course at the provider while it still shows the earlier completion (a job run again
    // after the reset, or after the member has begun again, finds no such completion and resets nothing).
    if (row.enrollment.retakeAfter && row.enrollment.state === 'enrolling') {
      const progress = await sync.training.progress(enrolled, { correlationId: ctx.jobId });
      if (isEarlierCompletion(row.enrollment, progress))
        await sync.training.restart(enrolled, { correlationId: ctx.jobId });
    }
    const now = new Date();
    await deps.db
      .update(trainingEnrollments)
      .set({
        learnerId: enrolled.learnerId,
        enrolledAt: enrolled.enrolledAt ?? now,
        state: 'not_started',
        updatedAt: now,
      })
      .where(and(eq(trainingEnrollments.id, enrollmentId), eq(trainingEnrollments.state, 'enrolling')));
    return refreshTrainingEnrollment(sync, { correlationId: ctx.jobId }, enrollmentId);
  },
});

/** One re-read of an open enrolment (the requirement page's poll while the course is open). */
export const refreshTrainingJob = defineJob({
  name: 'training.refresh-enrollment',
  payload: z.object({ enrollmentId: z.uuid() }),
  retry: { limit: 3, delaySeconds: 30, maxDelaySeconds: 600 },
  run: (deps, { enrollmentId }, ctx) =>
    refreshTrainingEnrollment(syncDeps(deps), { correlationId: ctx.jobId }, enrollmentId),
});

/** A provider's webhook about an enrolment: re-read every enrolment of that learner in that course. */
export async function processTrainingWebhook(
  deps: JobDeps,
  event: { objectType: string; objectId: string; eventRowId: string },
): Promise<WebhookOutcome> {
  if (event.objectType !== enrollmentObjectType) return { outcome: 'ignored' };
  const sync = syncDeps(deps);
  const at = event.objectId.lastIndexOf(':');
  const learnerId = event.objectId.slice(0, at);
  const courseId = event.objectId.slice(at + 1);
  const rows = await deps.db
    .select({ id: trainingEnrollments.id })
    .from(trainingEnrollments)
    .where(
      and(
        eq(trainingEnrollments.provider, sync.training.provider),
        eq(trainingEnrollments.learnerId, learnerId),
        eq(trainingEnrollments.courseId, courseId),
      ),
    );
  let outcome: WebhookOutcome = { outcome: 'ignored' };
  for (const { id } of rows) {
    const result = await refreshTrainingEnrollment(sync, { correlationId: event.eventRowId }, id);
    if (result.outcome === 'processed')
      outcome = { outcome: 'processed', organizationId: result.organizationId };
  }
  return outcome;
}

/** How many open enrolments one sweep re-reads (the least recently checked first). */
const sweepLimit = 1000;

/** The fallback when webhooks are lost: every half hour, re-read the open enrolments. One failing never stops the rest. */
export const trainingSweepJob = defineJob({
  name: 'training.sweep-open-enrollments',
  payload: z.object({}),
  cron: '*/30 * * * *',
  retry: { limit: 1, delaySeconds: 300 },
  expireInSeconds: 1800,
  async run(deps) {
    if (!deps.integrations.training) return { checked: 0 };
    const sync = syncDeps(deps);
    const open = await deps.db
      .select({ id: trainingEnrollments.id })
      .from(trainingEnrollments)
      .where(
        and(
          eq(trainingEnrollments.provider, sync.training.provider),
          ne(trainingEnrollments.state, 'completed'),
          isNotNull(trainingEnrollments.learnerId),
        ),
      )
      .orderBy(asc(trainingEnrollments.checkedAt))
      .limit(sweepLimit);
    const totals = { checked: 0, failed: 0 };
    for (const { id } of open) {
      try {
        await refreshTrainingEnrollment(sync, { correlationId: `sweep:${id}` }, id);
        totals.checked += 1;
      } catch (err) {
        totals.failed += 1;
        deps.log.error({ err, enrollmentId: id }, 'a training enrolment could not be re-read');
      }
    }
    return totals;
  },
});
