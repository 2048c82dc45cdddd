import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { VerificationStatus } from '@touchline/contracts/verification';
import { memberRequirements, storedFiles, verifications } from '../../db/schema/index.ts';
import type { Deps, JobDeps } from '../../deps.ts';
import { defineJob } from '../../jobs/queue.ts';
import { verificationConfig, type VerificationConfig } from './verification.config.ts';

const batch = 100;

/**
 * Gives a reviewed attempt its deletion date: an attempt sent to review is decided when its requirement left the
 * review (approved, reset, disqualified, or marked incomplete), and its image is kept `imageRetentionDays` after.
 */
async function stampReviewed(db: Deps['db'], config: VerificationConfig): Promise<void> {
  await db.execute(sql`
    update ${verifications} v
       set decided_at = mr.updated_at,
           images_delete_after = mr.updated_at + make_interval(days => ${config.imageRetentionDays}),
           updated_at = now()
      from ${memberRequirements} mr
     where mr.id = v.member_requirement_id
       and mr.organization_id = v.organization_id
       and v.status = ${VerificationStatus.PendingReview}
       and v.decided_at is null
       and mr.pending_review = false`);
}

/**
 * The retention sweep (issue 29 privacy, ADR 039): proof images whose time is up are deleted from storage and their
 * stored-file rows marked deleted; the attempt keeps the decision and what was read. Superseded attempts count as
 * decided when superseded. Returns how many images were deleted.
 */
export async function sweepVerificationImages(
  deps: Pick<Deps, 'db' | 'storage' | 'log'>,
  config: VerificationConfig,
  now = new Date(),
): Promise<number> {
  await stampReviewed(deps.db, config);
  let deleted = 0;
  for (;;) {
    const due = await deps.db
      .select({
        id: verifications.id,
        organizationId: verifications.organizationId,
        fileId: storedFiles.id,
        key: storedFiles.storageKey,
      })
      .from(verifications)
      .innerJoin(storedFiles, eq(storedFiles.id, verifications.proofFileId))
      .where(
        and(
          isNull(verifications.imagesDeletedAt),
          isNotNull(verifications.proofFileId),
          lte(verifications.imagesDeleteAfter, now),
        ),
      )
      .orderBy(asc(verifications.imagesDeleteAfter))
      .limit(batch);
    for (const row of due) {
      await deps.storage.delete(row.key).catch((err: unknown) => {
        deps.log.warn({ err, verificationId: row.id }, 'could not delete a proof image from storage');
      });
      await deps.db.transaction(async (tx) => {
        await tx
          .update(storedFiles)
          .set({ deletedAt: now })
          .where(and(eq(storedFiles.organizationId, row.organizationId), eq(storedFiles.id, row.fileId)));
        await tx
          .update(verifications)
          .set({ imagesDeletedAt: now, updatedAt: now })
          .where(and(eq(verifications.organizationId, row.organizationId), eq(verifications.id, row.id)));
      });
      deleted += 1;
    }
    if (due.length < batch) return deleted;
  }
}

/** The daily retention sweep as a cron job (the workers run with the full deps, storage included). */
export const verificationRetentionJob = defineJob({
  name: 'verification-image-retention',
  payload: z.object({}),
  cron: '40 2 * * *',
  retry: { limit: 2, delaySeconds: 300 },
  run: async (deps: JobDeps) => {
    const storage = (deps as JobDeps & Partial<Pick<Deps, 'storage'>>).storage;
    if (!storage) throw new Error('the retention sweep needs storage');
    return sweepVerificationImages({ db: deps.db, log: deps.log, storage }, verificationConfig());
  },
});
