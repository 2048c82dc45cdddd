import { and, eq, isNull } from 'drizzle-orm';
import type { RequirementActionResult } from '@touchline/contracts/requirement-completion';
import type { RequirementStatus } from '@touchline/contracts/requirement-status';
import type { RequirementTransition } from '@touchline/contracts/requirement-transitions';
import { ReviewOutcome, ReviewSource } from '@touchline/contracts/reviews';
import { recordAuditEvent } from '../db/audit.ts';
import { conflict } from '../errors.ts';
import type { Executor } from '../db/client.ts';
import { memberRequirements, requirementEvents, requirementSubmissions } from '../db/schema/index.ts';
import { dayOf } from './engine/calendar.ts';
import { deriveRequirementStatus, expiresAtFor } from './engine/requirement-status.ts';
import { assertTransition } from './engine/transitions.ts';
import { rederive } from './requirements-engine.service.ts';
import {
  liveRequirementFiles,
  presentRequirementFile,
  type LoadedRequirement,
  type MemberRequirementRow,
} from './requirement-target.ts';

/** The facts an action may change on a member requirement (the status follows from them). */
export type FactsPatch = Partial<
  Pick<
    MemberRequirementRow,
    | 'completedAt'
    | 'expiresAt'
    | 'pendingReview'
    | 'reviewOutcome'
    | 'waitingOn'
    | 'rejectedAt'
    | 'reviewSource'
  >
>;

const today = () => dayOf(new Date());

/** The status the engine derives from a row's facts today (a stored status may be a day old). */
export function currentStatus(
  row: Pick<
    MemberRequirementRow,
    'completedAt' | 'expiresAt' | 'dueDate' | 'pendingReview' | 'reviewOutcome' | 'waitingOn' | 'rejectedAt'
  >,
  expiringSoonDays: number,
): RequirementStatus {
  return deriveRequirementStatus(
    {
      completedAt: row.completedAt?.toISOString() ?? null,
      expiresAt: row.expiresAt,
      dueDate: row.dueDate,
      pendingReview: row.pendingReview,
      reviewOutcome: row.reviewOutcome,
      waitingOn: row.waitingOn,
      rejectedAt: row.rejectedAt?.toISOString() ?? null,
      expiringSoonDays,
    },
    today(),
  );
}

const reviewMoves: readonly RequirementTransition[] = ['reviewApprove', 'reviewReset', 'reviewDisqualify'];

/**
 * The 409 of a requirement met by a credential shared from another organization (ADR 049), worded for who tried:
 * staff are told what can change it (the member stops sharing; the source organization's own review), the member
 * (or their guardian) that there is nothing to do here.
 */
export function metByShareRefusal(loaded: LoadedRequirement): string | null {
  const shared = loaded.sharedStanding;
  if (!shared) return null;
  const actor = loaded.actor.profileId;
  const self =
    actor !== null && (actor === loaded.target.profileId || actor === loaded.target.guardianProfileId);
  const source = shared.sourceOrganizationName;
  return self
    ? `This requirement is met by your credential shared from ${source}; there is nothing to do here. Renew it at ${source}: while you share it, the renewal counts here too`
    : `This requirement is met by a credential shared from ${source}; it cannot be reopened or completed here. The member can stop sharing it, and whether it still holds is ${source}'s own review to decide`;
}

/** Refuses (409) a member's start of a flow on a requirement a shared credential meets (ADR 049). */
export function assertNotMetByShare(loaded: LoadedRequirement): void {
  const refusal = metByShareRefusal(loaded);
  if (refusal) throw conflict(refusal);
}

/**
 * The 409 guard of ADR 012 on the requirement's current status (disqualified allows only the reset), and of ADR 049:
 * a requirement met by a shared credential is neither redone by the member nor reopened or completed by staff (a
 * review of the member's own pending submission still may be decided).
 */
export function guardTransition(loaded: LoadedRequirement, transition: RequirementTransition): void {
  if (!reviewMoves.includes(transition)) {
    const refusal = metByShareRefusal(loaded);
    if (refusal) throw conflict(refusal);
  }
  const status = currentStatus(loaded.requirement, loaded.definition.expiringSoonDays);
  assertTransition(status, transition, {
    disqualified: loaded.requirement.reviewOutcome === ReviewOutcome.RejectedDisqualified,
  });
}

/**
 * Facts of a completion at `at` (ADR 012 "Resulting facts": complete, upload, markComplete, or submitForReview
 * with `review`): done, valid per the definition, no vendor wait, and any earlier rejection cleared. A completion
 * that goes to review says why (ADR 015: a member's upload is a ManualUpload).
 */
export function completedFacts(
  loaded: LoadedRequirement,
  at: Date,
  review = false,
  source: ReviewSource = ReviewSource.ManualUpload,
): FactsPatch {
  return {
    reviewSource: review ? source : null,
    completedAt: at,
    expiresAt: expiresAtFor(loaded.definition, dayOf(at)),
    pendingReview: review,
    reviewOutcome: review ? ReviewOutcome.Pending : null,
    waitingOn: null,
    rejectedAt: null,
  };
}

/** Facts of markIncomplete (ADR 012): every fact cleared, a rejection included. */
export const incompleteFacts: Readonly<Required<FactsPatch>> = {
  completedAt: null,
  expiresAt: null,
  pendingReview: false,
  reviewOutcome: null,
  waitingOn: null,
  rejectedAt: null,
  reviewSource: null,
};

/**
 * The one write path of a member action: writes its new facts, re-derives and stores the status, records the
 * requirement event and the audit event (`requirement.<action>`, by the actor the requirement was loaded for) and
 * lets the engine refresh the member's overall status, all in the caller's transaction. The transition guard runs
 * first when the action is a state-machine move.
 */
export async function recordChange(
  tx: Executor,
  loaded: LoadedRequirement,
  change: {
    action: string;
    transition?: RequirementTransition;
    facts?: FactsPatch;
    data?: Record<string, unknown>;
  },
): Promise<MemberRequirementRow> {
  if (change.transition) guardTransition(loaded, change.transition);
  const before = loaded.requirement;
  // The event's "from" is the status the guard judged (derived today): the stored one may be a day old.
  const from = currentStatus(before, loaded.definition.expiringSoonDays);
  const merged = { ...before, ...change.facts };
  const status = currentStatus(merged, loaded.definition.expiringSoonDays);
  const [row] = await tx
    .update(memberRequirements)
    .set({ ...change.facts, status, statusEvaluatedOn: today(), updatedAt: new Date() })
    .where(
      and(eq(memberRequirements.organizationId, before.organizationId), eq(memberRequirements.id, before.id)),
    )
    .returning();
  if (!row) throw new Error('the member requirement was not updated');
  // The member's overall status follows; their assignments cannot have changed with one requirement's facts, so
  // only the re-derivation runs, not the whole refresh (its assignment sync was most of a webhook's time).
  const now = new Date();
  await rederive(tx, before.organizationId, [before.profileId], {
    today: dayOf(now),
    now,
    reason: 'refresh',
  });
  await tx.insert(requirementEvents).values({
    organizationId: before.organizationId,
    memberRequirementId: before.id,
    action: change.action,
    fromStatus: from,
    toStatus: status,
    actorUserId: loaded.actor.userId,
    data: change.data ?? {},
  });
  await recordAuditEvent(tx, loaded.actor, {
    organizationId: before.organizationId,
    action: `requirement.${change.action.replaceAll('-', '_')}`,
    entityType: 'member_requirement',
    entityId: before.id,
    data: {
      definitionId: before.definitionId,
      profileId: before.profileId,
      fromStatus: from,
      toStatus: status,
      ...change.data,
    },
  });
  loaded.requirement = row;
  return row;
}

/** Supersedes the live submissions of a kind and records the new one. */
export async function replaceSubmission(
  tx: Executor,
  loaded: LoadedRequirement,
  kind: string,
  data: Record<string, unknown>,
): Promise<void> {
  const { organizationId, id } = loaded.requirement;
  await tx
    .update(requirementSubmissions)
    .set({ supersededAt: new Date() })
    .where(
      and(
        eq(requirementSubmissions.organizationId, organizationId),
        eq(requirementSubmissions.memberRequirementId, id),
        eq(requirementSubmissions.kind, kind),
        isNull(requirementSubmissions.supersededAt),
      ),
    );
  await tx
    .insert(requirementSubmissions)
    .values({ organizationId, memberRequirementId: id, kind, data, createdByUserId: loaded.actor.userId });
}

/**
 * Keeps one live submission of a kind, changed in place: for reports that arrive every few seconds (video
 * progress), where a row per report would only grow the table; what happened is in the requirement events.
 */
export async function updateLiveSubmission(
  tx: Executor,
  loaded: LoadedRequirement,
  kind: string,
  data: Record<string, unknown>,
): Promise<void> {
  const live = await liveSubmission(tx, loaded, kind);
  if (!live) return replaceSubmission(tx, loaded, kind, data);
  await tx
    .update(requirementSubmissions)
    .set({ data })
    .where(
      and(
        eq(requirementSubmissions.organizationId, loaded.requirement.organizationId),
        eq(requirementSubmissions.id, live.id),
      ),
    );
}

/** The live submission of a kind, or undefined. */
export async function liveSubmission(tx: Executor, loaded: LoadedRequirement, kind: string) {
  const [row] = await tx
    .select()
    .from(requirementSubmissions)
    .where(
      and(
        eq(requirementSubmissions.organizationId, loaded.requirement.organizationId),
        eq(requirementSubmissions.memberRequirementId, loaded.requirement.id),
        eq(requirementSubmissions.kind, kind),
        isNull(requirementSubmissions.supersededAt),
      ),
    );
  return row;
}

/** The response of an action: the requirement's status and live files. */
export async function actionResult(
  tx: Executor,
  loaded: LoadedRequirement,
): Promise<RequirementActionResult> {
  const row = loaded.requirement;
  const files = await liveRequirementFiles(tx, row.organizationId, row.id);
  return {
    memberRequirementId: row.id,
    definitionId: row.definitionId,
    profileId: row.profileId,
    status: row.status as RequirementStatus,
    completedAt: row.completedAt?.toISOString() ?? null,
    files: files.map(presentRequirementFile),
  };
}
