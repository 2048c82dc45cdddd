import type { Deps, RequestContext } from '../../deps.ts';
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@touchline/contracts/errors';
import { RequirementStatus, requirementStatusLabel } from '@touchline/contracts/requirement-status';
import type { ValidationError } from '@touchline/contracts/errors';
import { ReviewSource, type ReviewResult, type bulkReviewBodySchema } from '@touchline/contracts/reviews';
import type { z } from 'zod';
import { holdsAt } from '../../authz/rules.ts';
import { AppError } from '../../errors.ts';
import { currentStatus } from '../../requirement-core/requirement-state.ts';
import { rederiveProfiles } from '../../requirement-core/requirements-engine.service.ts';
import { decisionFacts, reviewable, sourceOf, type Decision } from './reviews.decision.ts';
import { queueResetMails } from './reviews.mail.ts';
import { assertReviewer } from './reviews.policy.ts';
import { lockItems, writeBulkDecisions, type BulkItemRow, type BulkWrite } from './reviews.bulk-queries.ts';
import { externalReviewMessage, pendingReviewCount, resetMailsOf } from './reviews.service.ts';
import { reviewsBackgroundChecksExternally } from '../background-checks/background-checks.service.ts';
import { clearanceReviewed } from '../incidents/clearance-requirement.service.ts';

type Body = z.output<typeof bulkReviewBodySchema>;

/** All or nothing: 404 naming items not found (or beyond reach), 409 naming items not awaiting review and why. */
function checkItems(
  ctx: RequestContext,
  body: Body,
  rows: readonly BulkItemRow[],
  externally: boolean,
): BulkItemRow[] {
  const byIndex = new Map(rows.map((r) => [r.index, r]));
  const reachable = (r: BulkItemRow | undefined) => r && holdsAt(ctx, 'directorLevelOrHigher', r.levelPath);
  const missing = body.requirements.flatMap((_, index) => (reachable(byIndex.get(index)) ? [] : [index]));
  if (missing.length > 0)
    refuse(
      ErrorCode.NotFound,
      `${missing.length} of the requirements were not found; nothing was reviewed`,
      missing.map((i) => ({ field: `requirements.${i}`, in: 'body', message: 'Requirement not found' })),
    );
  const blocked = rows.flatMap((row) => {
    const status = currentStatus(row, row.expiringSoonDays);
    const why = whyNotInBulk(row, status, externally);
    return why ? [{ field: `requirements.${row.index}`, in: 'body' as const, message: why }] : [];
  });
  if (blocked.length > 0)
    refuse(
      ErrorCode.Conflict,
      `${blocked.length} of the requirements cannot be reviewed; nothing was reviewed`,
      blocked.sort((a, b) => a.field.localeCompare(b.field, 'en', { numeric: true })),
    );
  return [...rows];
}

/**
 * Why one item cannot take a bulk decision, or null: it must await review; a possible registry match is compared
 * record by record in its own panel (its rejection goes through the FCRA notices), and a flagged background check
 * of an organization that reviews them at the vendor is decided there — as the single review refuses them.
 */
function whyNotInBulk(row: BulkItemRow, status: RequirementStatus, externally: boolean): string | null {
  const who = `${row.memberName} — ${row.name}`;
  if (status !== RequirementStatus.PendingReview || !reviewable(row.type))
    return `${who} is ${requirementStatusLabel(status)}, not awaiting review`;
  const source = sourceOf(row);
  if (source === ReviewSource.SexOffenderSearch)
    return `${who} is a possible registry match: compare the records and decide it on its own`;
  if (source === ReviewSource.FlaggedBackgroundCheck && externally) return `${who}: ${externalReviewMessage}`;
  return null;
}

function refuse(code: ErrorCode, message: string, errors: ValidationError[]): never {
  throw new AppError(code, message, { validationErrors: errors });
}

/**
 * POST bulk-review {requirements, review}: one decision for every item in ONE transaction, set-based (ADR 015):
 * one locking read, one UPDATE … FROM unnest, bulk inserts of events, decisions and audit rows, then the members'
 * overall statuses re-derived once; reset e-mails are queued in the same transaction.
 */
export async function bulkReview(deps: Deps, ctx: RequestContext, body: Body): Promise<ReviewResult> {
  assertReviewer(ctx);
  const { reviewDecision, reviewNotes, completedDateTime } = body.review;
  const decision = reviewDecision as Decision;
  const now = new Date();
  const completedAt = completedDateTime ? new Date(completedDateTime) : undefined;
  const reviewed = await deps.db.transaction(async (tx) => {
    const externally = await reviewsBackgroundChecksExternally(tx, ctx.organizationId);
    const locked = await lockItems(tx, ctx.organizationId, body.requirements);
    const rows = checkItems(ctx, body, locked, externally);
    const writes: BulkWrite[] = rows.map((row) => {
      const facts = decisionFacts(row, row, decision, { now, completedAt });
      return {
        id: row.id,
        definitionId: row.definitionId,
        profileId: row.profileId,
        fromStatus: currentStatus(row, row.expiringSoonDays),
        toStatus: currentStatus({ ...row, ...facts }, row.expiringSoonDays),
        completedAt: facts.completedAt,
        expiresAt: facts.expiresAt,
        judged: completedAt ?? row.completedAt,
        source: sourceOf(row),
      };
    });
    const data = {
      reviewDecision,
      reviewNotes,
      batchId: randomUUID(),
      ...(completedAt ? { completedDateTime } : {}),
    };
    await writeBulkDecisions(
      tx,
      { ctx, requestId: ctx.requestId, decision, notes: reviewNotes, now, data },
      writes,
    );
    await rederiveProfiles(
      tx,
      ctx.organizationId,
      writes.map((w) => w.profileId),
      now,
    );
    await clearanceReviewed(tx, ctx, { rows: writes, decision, notes: reviewNotes, now });
    const named = rows.map((r) => ({
      requirement: { profileId: r.profileId },
      definition: { name: r.name },
    }));
    await queueResetMails(deps, tx, await resetMailsOf(tx, ctx.organizationId, decision, reviewNotes, named));
    return rows.length;
  });
  return { reviewed, pendingReviewCount: await pendingReviewCount(deps.db, ctx) };
}
