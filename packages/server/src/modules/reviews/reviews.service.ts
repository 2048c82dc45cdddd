import type { Deps, RequestContext } from '../../deps.ts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  ReviewOutcome,
  ReviewSource,
  type AdjacentReviewResponse,
  type ReviewDetail,
  type ReviewListResponse,
  type ReviewResult,
  type adjacentReviewQuerySchema,
  type reviewBodySchema,
  type reviewListQuerySchema,
} from '@touchline/contracts/reviews';
import type { z } from 'zod';
import { RequirementType } from '@touchline/contracts/requirement-types';
import type { ActorContext } from '../../authz/actor-context.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import {
  profiles,
  requirementEvents,
  requirementReviews,
  requirementSubmissions,
} from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { reviewsBackgroundChecksExternally } from '../background-checks/background-checks.service.ts';
import { memberFormSubmission } from '../requirements/requirements.service.ts';
import { currentStatus, recordChange } from '../../requirement-core/requirement-state.ts';
import { clearanceReviewed } from '../incidents/clearance-requirement.service.ts';
import {
  liveRequirementFiles,
  loadMemberAccess,
  loadRequirement,
  presentRequirementFile,
  type LoadedRequirement,
  type RequirementRef,
} from '../../requirement-core/requirement-target.ts';
import { decisionFacts, sourceOf, transitionOf, type Decision } from './reviews.decision.ts';
import { queueResetMails, type ResetMailInput } from './reviews.mail.ts';
import { isoOf, presentDecisions, presentReviewItem } from './reviews.presenter.ts';
import {
  assertOwnOrganization,
  assertReviewer,
  assertReviewsAt,
  isReviewer,
  mayReverseAt,
  reviewPaths,
} from './reviews.policy.ts';
import {
  adjacentRow,
  currentExists,
  decisionsOf,
  itemOf,
  pendingCount,
  resetRecipients,
  reviewPage,
} from './reviews.queries.ts';

/** The badge: completions awaiting the actor's review in the levels they review; 0 for anyone else. */
export async function pendingReviewCount(db: Executor, ctx: ActorContext): Promise<number> {
  if (!isReviewer(ctx)) return 0;
  return pendingCount(db, ctx.organizationId, reviewPaths(ctx));
}

/** Completions awaiting review at a level and below, whoever asks (the home summary's count; ADR 024). */
export function pendingReviewCountUnder(
  db: Executor,
  organizationId: string,
  levelPath: string,
): Promise<number> {
  return pendingCount(db, organizationId, [levelPath]);
}

/** GET pending-review-count/{orgId}. */
export async function pendingReviewCountOf(deps: Deps, ctx: RequestContext, { orgId }: { orgId: string }) {
  assertOwnOrganization(ctx, orgId);
  assertReviewer(ctx);
  return { count: await pendingReviewCount(deps.db, ctx) };
}

/** GET review-requirements/{orgId}: one page of the Pending or Historical tab, scoped to the reviewer's levels. */
export async function listReviews(
  deps: Deps,
  ctx: RequestContext,
  input: z.output<typeof reviewListQuerySchema> & { orgId: string },
): Promise<ReviewListResponse> {
  const { orgId, page, perPage, ...filter } = input;
  assertOwnOrganization(ctx, orgId);
  assertReviewer(ctx);
  const scope = { organizationId: ctx.organizationId, paths: reviewPaths(ctx), filter };
  const { rows, total } = await reviewPage(deps.db, scope, {
    offset: (page - 1) * perPage,
    limit: perPage,
  });
  return { items: rows.map(presentReviewItem), totalCount: total };
}

/** GET adjacent-review-requirement: the Next or Previous item of the filtered tab from the current one. */
export async function adjacentReview(
  deps: Deps,
  ctx: RequestContext,
  query: z.output<typeof adjacentReviewQuerySchema>,
): Promise<AdjacentReviewResponse> {
  assertReviewer(ctx);
  const { dir, currentId, ...filter } = query;
  const scope = { organizationId: ctx.organizationId, paths: reviewPaths(ctx), filter };
  if (!(await currentExists(deps.db, ctx.organizationId, filter.type, currentId)))
    throw notFound('Requirement');
  const row = await adjacentRow(deps.db, scope, currentId, dir);
  return { item: row ? presentReviewItem(row) : null };
}

/** Loads a member's requirement for review: 403 for non-reviewers, 404 beyond the reviewer's levels. */
export async function loadForReview(
  db: Executor,
  ctx: RequestContext,
  ref: RequirementRef,
  opts: { lock?: boolean } = {},
): Promise<LoadedRequirement> {
  assertReviewer(ctx);
  const access = await loadMemberAccess(db, ctx.organizationId, ref.plaId);
  if (!access) throw notFound('Member');
  assertReviewsAt(ctx, access.levelPath);
  return loadRequirement(db, ctx, ref, 'review', opts);
}

/** GET {id}/review?plaId: the member, the requirement, its files and answers, and its history. */
export async function reviewDetail(
  deps: Deps,
  ctx: RequestContext,
  ref: RequirementRef,
): Promise<ReviewDetail> {
  const db = deps.db;
  const loaded = await loadForReview(db, ctx, ref);
  const { requirement, definition, member } = loaded;
  const [item, [person], files, formSubmission, decisions, events] = await Promise.all([
    itemOf(db, ctx.organizationId, requirement.id),
    db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, requirement.profileId)),
    liveRequirementFiles(db, ctx.organizationId, requirement.id),
    memberFormSubmission(db, ctx, ref),
    decisionsOf(db, ctx.organizationId, requirement.id),
    eventsOf(db, ctx.organizationId, requirement.id),
  ]);
  if (!item) throw notFound('Requirement');
  const presented = presentReviewItem(item);
  const [liveScan] =
    definition.type === RequirementType.LiveScan
      ? await db
          .select({ data: requirementSubmissions.data, at: requirementSubmissions.createdAt })
          .from(requirementSubmissions)
          .where(
            and(
              eq(requirementSubmissions.memberRequirementId, requirement.id),
              eq(requirementSubmissions.kind, 'live-scan'),
              isNull(requirementSubmissions.supersededAt),
            ),
          )
      : [];
  const atiNumber = (liveScan?.data as { atiNumber?: unknown } | undefined)?.atiNumber;
  return {
    item: presented,
    member: {
      profileId: requirement.profileId,
      ...member,
      email: person?.email ?? null,
      levelName: presented.levelName,
    },
    requirement: {
      name: definition.name,
      type: definition.type,
      instructions: definition.instructions,
      status: currentStatus(requirement, definition.expiringSoonDays),
      pendingReview: requirement.pendingReview,
      completedAt: isoOf(requirement.completedAt),
      expiresAt: requirement.expiresAt,
    },
    files: files.map(presentRequirementFile),
    formSubmission,
    liveScan:
      liveScan && typeof atiNumber === 'string'
        ? { atiNumber, submittedAt: liveScan.at.toISOString() }
        : null,
    decisions: presentDecisions(decisions),
    events: events.map(({ data, ...e }) => ({ ...e, notes: noteOf(data), at: e.at.toISOString() })),
    mayReverseDisqualification:
      requirement.reviewOutcome === ReviewOutcome.RejectedDisqualified &&
      mayReverseAt(ctx, loaded.target.levelPath),
  };
}

/** The note an event carried: a decision's or reversal's reason, or a manual change's note (ADR 025). */
function noteOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  const note = record.reviewNotes ?? record.note;
  return typeof note === 'string' && note !== '' ? note : null;
}

function eventsOf(db: Executor, organizationId: string, memberRequirementId: string) {
  return db
    .select({
      action: requirementEvents.action,
      fromStatus: requirementEvents.fromStatus,
      toStatus: requirementEvents.toStatus,
      data: requirementEvents.data,
      at: requirementEvents.createdAt,
    })
    .from(requirementEvents)
    .where(
      and(
        eq(requirementEvents.organizationId, organizationId),
        eq(requirementEvents.memberRequirementId, memberRequirementId),
      ),
    )
    .orderBy(desc(requirementEvents.createdAt), desc(sql`${requirementEvents.id}`))
    .limit(50);
}

/** Why a flagged background check cannot be decided here when the organization reviews them at the vendor. */
export const externalReviewMessage =
  'Your organization reviews flagged background checks outside Touchline: decide in the provider’s dashboard';

/**
 * POST {id}/review/{plaId}: one decision through the requirement's own write path (guard 409 unless PendingReview,
 * facts, event, audit, overall status), the decision kept in requirement_reviews; a reset is e-mailed to the member
 * (queued in the same transaction, delivered after commit), a disqualification's reason never is.
 */
export async function reviewRequirement(
  deps: Deps,
  ctx: RequestContext,
  input: RequirementRef & { body: z.output<typeof reviewBodySchema> },
): Promise<ReviewResult> {
  const { reviewDecision, reviewNotes, completedDateTime } = input.body;
  const decision = reviewDecision as Decision;
  await deps.db.transaction(async (tx) => {
    const loaded = await loadForReview(tx, ctx, input, { lock: true });
    const now = new Date();
    const completedAt = completedDateTime ? new Date(completedDateTime) : undefined;
    const facts = decisionFacts(loaded.requirement, loaded.definition, decision, { now, completedAt });
    const source = sourceOf(loaded.requirement);
    if (
      source === ReviewSource.FlaggedBackgroundCheck &&
      (await reviewsBackgroundChecksExternally(tx, ctx.organizationId))
    )
      throw conflict(externalReviewMessage);
    const judged = completedAt ?? loaded.requirement.completedAt;
    await recordChange(tx, loaded, {
      action: 'review',
      transition: transitionOf[decision],
      facts,
      data: {
        reviewDecision,
        reviewNotes,
        reviewSource: source,
        ...(completedAt ? { completedDateTime } : {}),
      },
    });
    await insertDecision(tx, ctx, loaded, { decision, notes: reviewNotes, source, judged, now });
    // A return-to-play clearance approved here lifts the member's condition (ADR 040).
    await clearanceReviewed(tx, ctx, {
      rows: [{ definitionId: loaded.definition.id, profileId: loaded.requirement.profileId }],
      decision,
      notes: reviewNotes,
      now,
    });
    await queueResetMails(
      deps,
      tx,
      await resetMailsOf(tx, ctx.organizationId, decision, reviewNotes, [loaded]),
    );
  });
  return { reviewed: 1, pendingReviewCount: await pendingReviewCount(deps.db, ctx) };
}

async function insertDecision(
  tx: Transaction,
  ctx: RequestContext,
  loaded: LoadedRequirement,
  d: { decision: Decision; notes: string; source: string; judged: Date | null; now: Date },
): Promise<void> {
  await tx.insert(requirementReviews).values({
    organizationId: ctx.organizationId,
    memberRequirementId: loaded.requirement.id,
    reviewerUserId: ctx.userId,
    reviewerProfileId: ctx.profileId,
    outcome: d.decision,
    notes: d.notes,
    reviewSource: d.source,
    completedAt: d.judged,
    createdAt: d.now,
  });
}

/** The reset e-mails a decision owes (RejectedReset only): each member's address, or their guardian's. */
export async function resetMailsOf(
  tx: Executor,
  organizationId: string,
  decision: Decision,
  notes: string,
  items: readonly { requirement: { profileId: string }; definition: { name: string } }[],
): Promise<ResetMailInput[]> {
  if (decision !== ReviewOutcome.RejectedReset || items.length === 0) return [];
  const people = await resetRecipients(tx, organizationId, [
    ...new Set(items.map((i) => i.requirement.profileId)),
  ]);
  const byId = new Map(people.map((p) => [p.profileId, p]));
  return items.flatMap((i) => {
    const person = byId.get(i.requirement.profileId);
    if (!person?.email) return [];
    return [{ ...person, email: person.email, requirementName: i.definition.name, notes }];
  });
}
