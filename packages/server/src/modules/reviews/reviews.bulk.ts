import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@touchline/contracts/errors';
import { RequirementStatus, requirementStatusLabel } from '@touchline/contracts/requirement-status';
import type { ValidationError } from '@touchline/contracts/errors';
import type { ReviewResult, bulkReviewBodySchema } from '@touchline/contracts/reviews';
import type { z } from 'zod';
import type { ActorContext } from '../../authz/actor-context.ts';
import { holdsAt } from '../../authz/rules.ts';
import type { Transaction } from '../../db/client.ts';
import { memberRequirements, requirementDefinitions } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { currentStatus, rederiveProfiles } from '../requirements/requirements.service.ts';
import { decisionFacts, reviewable, sourceOf, type Decision } from './reviews.decision.ts';
import { sendResetMails } from './reviews.mail.ts';
import { assertReviewer } from './reviews.policy.ts';
import { resolveItems, writeBulkDecisions, type BulkWrite } from './reviews.bulk-queries.ts';
import { pendingReviewCount, resetMailsOf } from './reviews.service.ts';

type Body = z.output<typeof bulkReviewBodySchema>;
type Loaded = {
  requirement: typeof memberRequirements.$inferSelect;
  definition: typeof requirementDefinitions.$inferSelect;
};

/** Loads and locks the items' active requirements, in the order of the request; missing ones are undefined. */
async function loadItems(tx: Transaction, ctx: ActorContext, body: Body) {
  const resolved = await resolveItems(tx, ctx.organizationId, body.requirements);
  const rows = await tx
    .select({ requirement: memberRequirements, definition: requirementDefinitions })
    .from(memberRequirements)
    .innerJoin(
      requirementDefinitions,
      and(
        eq(requirementDefinitions.id, memberRequirements.definitionId),
        eq(requirementDefinitions.organizationId, ctx.organizationId),
        sql`${requirementDefinitions.deletedAt} is null`,
      ),
    )
    .where(
      and(
        eq(memberRequirements.organizationId, ctx.organizationId),
        eq(memberRequirements.active, true),
        sql`(${memberRequirements.definitionId}, ${memberRequirements.profileId}) in
          (select d, p from unnest(${`{${resolved.map((r) => r.definitionId).join(',')}}`}::uuid[],
            ${`{${resolved.map((r) => r.profileId).join(',')}}`}::uuid[]) as v(d, p))`,
      ),
    )
    .orderBy(memberRequirements.id)
    .for('update', { of: memberRequirements });
  const byKey = new Map(rows.map((r) => [`${r.requirement.definitionId}/${r.requirement.profileId}`, r]));
  const byIndex = new Map(resolved.map((r) => [r.index, r]));
  return body.requirements.map((item, index) => {
    const access = byIndex.get(index);
    const reachable = access && holdsAt(ctx, 'directorLevelOrHigher', access.levelPath);
    const row = reachable ? byKey.get(`${item.id}/${access.profileId}`) : undefined;
    return { index, row, memberName: access?.memberName ?? '' };
  });
}

function refuse(code: ErrorCode, message: string, errors: ValidationError[]): never {
  throw new AppError(code, message, { validationErrors: errors });
}

/** All or nothing: 404 naming items not found (or beyond reach), 409 naming items not awaiting review and why. */
function checkItems(items: Awaited<ReturnType<typeof loadItems>>): Loaded[] {
  const missing = items.filter((i) => !i.row);
  if (missing.length > 0)
    refuse(
      ErrorCode.NotFound,
      `${missing.length} of the requirements were not found; nothing was reviewed`,
      missing.map((i) => ({
        field: `requirements.${i.index}`,
        in: 'body',
        message: 'Requirement not found',
      })),
    );
  const found = items.flatMap((i) => (i.row ? [{ ...i, row: i.row }] : []));
  const blocked = found.flatMap(({ index, row, memberName }) => {
    const status = currentStatus(row.requirement, row.definition.expiringSoonDays);
    if (status === RequirementStatus.PendingReview && reviewable(row.definition.type)) return [];
    const why = `${memberName} — ${row.definition.name} is ${requirementStatusLabel(status)}, not awaiting review`;
    return [{ field: `requirements.${index}`, in: 'body' as const, message: why }];
  });
  if (blocked.length > 0)
    refuse(
      ErrorCode.Conflict,
      `${blocked.length} of the requirements cannot be reviewed; nothing was reviewed`,
      blocked,
    );
  return found.map((i) => i.row);
}

/**
 * POST bulk-review {requirements, review}: one decision for every item in ONE transaction, set-based (ADR 015):
 * one locking read, one UPDATE … FROM unnest, bulk inserts of events, decisions and audit rows, then the members'
 * overall statuses re-derived once; reset e-mails go out after commit.
 */
export async function bulkReview(
  app: FastifyInstance,
  ctx: ActorContext,
  input: { body: Body; requestId: string },
): Promise<ReviewResult> {
  assertReviewer(ctx);
  const { reviewDecision, reviewNotes, completedDateTime } = input.body.review;
  const decision = reviewDecision as Decision;
  const now = new Date();
  const completedAt = completedDateTime ? new Date(completedDateTime) : undefined;
  const { mails, reviewed } = await app.database.db.transaction(async (tx) => {
    const rows = checkItems(await loadItems(tx, ctx, input.body));
    const writes: BulkWrite[] = rows.map(({ requirement, definition }) => {
      const facts = decisionFacts(requirement, definition, decision, { now, completedAt });
      return {
        id: requirement.id,
        definitionId: definition.id,
        profileId: requirement.profileId,
        fromStatus: currentStatus(requirement, definition.expiringSoonDays),
        toStatus: currentStatus({ ...requirement, ...facts }, definition.expiringSoonDays),
        completedAt: facts.completedAt,
        expiresAt: facts.expiresAt,
        judged: completedAt ?? requirement.completedAt,
        source: sourceOf(requirement),
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
      { ctx, requestId: input.requestId, decision, notes: reviewNotes, now, data },
      writes,
    );
    await rederiveProfiles(
      tx,
      ctx.organizationId,
      writes.map((w) => w.profileId),
      now,
    );
    return {
      mails: await resetMailsOf(tx, ctx.organizationId, decision, reviewNotes, rows),
      reviewed: rows.length,
    };
  });
  await sendResetMails(app.mailer, app.appUrl, mails, app.log);
  return { reviewed, pendingReviewCount: await pendingReviewCount(app.database.db, ctx) };
}
