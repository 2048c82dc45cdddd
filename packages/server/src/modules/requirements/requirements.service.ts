import { MemberOverallStatus } from '@touchline/contracts/members';
import type { MemberRequirement, MyRequirementsResponse } from '@touchline/contracts/member-requirements';
import {
  allowedRequirementTransitions,
  memberNextTransition,
} from '@touchline/contracts/requirement-transitions';
import type { FormSubmission } from '@touchline/contracts/requirement-completion';
import type { RequirementStatus } from '@touchline/contracts/requirement-status';
import type { RequirementType } from '@touchline/contracts/requirement-types';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import type { ActorContext } from '../../authz/actor-context.ts';
import type { Executor } from '../../db/client.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { dayOf, type Day } from '../../requirement-core/engine/calendar.ts';
import { liveFormSubmission } from './form-submission.ts';
import { permittedTransitions } from '../../requirement-core/requirement-actions.policy.ts';
import { deriveStatusWithShared, metByShared } from '../../requirement-core/engine/shared-credential.ts';
import { sharedCompletions, sharedKey } from '../../requirement-core/shared-credentials.queries.ts';
import {
  activeRequirementsOfProfile,
  latestResetNotes,
  storedOverallStatus,
} from './my-requirements.queries.ts';
import {
  factsOf,
  refreshMemberRequirementsNow,
  type RefreshOptions,
} from '../../requirement-core/requirements-engine.service.ts';
import { queueUsSoccerChecks as queueUsSoccerLookups } from '../us-soccer/us-soccer.service.ts';

/**
 * The one entry other modules call after changing who holds which label where (invitations, import, change-role,
 * archive, level move, content assignments): materializes, deactivates and re-derives members' requirements and
 * overall statuses in the caller's transaction (ADR 012).
 */
export function refreshMemberRequirements(
  db: Executor,
  organizationId: string,
  opts: RefreshOptions = {},
): Promise<void> {
  return refreshMemberRequirementsNow(db, organizationId, opts);
}

/**
 * What GET content-{kind}/{id}?plaId (the content module's read) adds for one member: authorizes viewing that
 * member's requirement of the definition (404 unknown or another organization's, 403 not theirs to see) and gives
 * their live form answers with the version answered; null for other types or before the form was sent.
 */
export function memberFormSubmission(
  db: Executor,
  ctx: ActorContext,
  ref: { definitionId: string; plaId: string },
): Promise<FormSubmission | null> {
  return liveFormSubmission(db, ctx, ref);
}

/**
 * A member's active requirements as the member view shows them: status derived for today (the stored one may be a
 * day old), due and expiry days, a returned requirement's reset notes, and the transitions of ADR 012 that the
 * actor may take (ADR 014's matrix at the member's level), so the web never re-derives them.
 */
export async function listMemberRequirements(
  db: Executor,
  ctx: ActorContext,
  profileId: string,
  today: Day = dayOf(new Date()),
): Promise<MemberRequirement[]> {
  const organizationId = ctx.organizationId;
  const rows = await activeRequirementsOfProfile(db, organizationId, profileId);
  // Only a requirement standing returned (outcome RejectedReset, not resubmitted) shows the reviewer's notes.
  const returned = rows.filter((r) => r.reviewOutcome === ReviewOutcome.RejectedReset).map((r) => r.id);
  const notes = await latestResetNotes(db, organizationId, returned);
  // A credential shared from another organization and accepted here counts as the engine counts it (ADR 049).
  const shared = await sharedCompletions(db, organizationId, [profileId]);
  return rows.map((row) => {
    const accepted = shared.get(sharedKey(profileId, row.definitionId)) ?? null;
    const facts = factsOf(row);
    const status = deriveStatusWithShared(facts, accepted, today);
    const byShare = accepted !== null && metByShared(facts, accepted, today) ? accepted : null;
    const disqualified = row.reviewOutcome === ReviewOutcome.RejectedDisqualified;
    return {
      id: row.id,
      definitionId: row.definitionId,
      profileLevelAccessId: row.profileLevelAccessId,
      name: row.name,
      instructions: row.instructions,
      type: row.type as RequirementType,
      status,
      isOptional: row.isOptional,
      dueDate: row.dueDate,
      completedAt: row.completedAt?.toISOString() ?? null,
      expiresAt: row.expiresAt,
      // Met by a share (ADR 049): nothing here redoes or reopens it — the member may stop sharing, and the source
      // organization's own review decides whether it still holds.
      allowedActions: byShare
        ? []
        : permittedTransitions(
            ctx,
            {
              profileId,
              guardianProfileId: null,
              levelPath: row.levelPath ?? '',
              type: row.type as RequirementType,
            },
            allowedRequirementTransitions(status, { disqualified }),
          ),
      nextAction: byShare ? null : memberNextTransition(status, { disqualified }),
      returnedNotes: notes.get(row.id) ?? null,
      sharedCredential: byShare
        ? { sourceOrganizationName: byShare.sourceOrganizationName ?? '', completedOn: byShare.completedOn }
        : null,
    };
  });
}

/**
 * The staff moves (complete-without-upload, mark-incomplete) the actor may make on a member's requirement from its
 * stored status, for the dashboard's member drawer (ADR 025); none when a shared credential meets it (ADR 049). The
 * services still guard both on the locked row.
 */
export function staffMovesOf(
  ctx: ActorContext,
  member: { profileId: string; levelPath: string },
  cell: { type: number; status: number; metByShare?: boolean },
): ('markComplete' | 'markIncomplete')[] {
  // A requirement met by a shared credential is not the staff's to reopen or complete here (ADR 049).
  if (cell.metByShare) return [];
  const target = {
    profileId: member.profileId,
    guardianProfileId: null,
    levelPath: member.levelPath,
    type: cell.type as RequirementType,
  };
  const allowed = allowedRequirementTransitions(cell.status as RequirementStatus);
  return permittedTransitions(ctx, target, allowed).filter(
    (t): t is 'markComplete' | 'markIncomplete' => t === 'markComplete' || t === 'markIncomplete',
  );
}

/** GET my-requirements: the signed-in member's own list in the current organization, read in one transaction. */
export async function myRequirements(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
): Promise<MyRequirementsResponse> {
  return deps.db.transaction(async (tx) => {
    const items = await listMemberRequirements(tx, ctx, ctx.profileId);
    const overall = await storedOverallStatus(tx, ctx.organizationId, ctx.profileId);
    return {
      profileId: ctx.profileId,
      overallStatus: (overall ?? MemberOverallStatus.NoRequirements) as MemberOverallStatus,
      items,
      totalCount: items.length,
    };
  });
}

/**
 * What the profile module calls after a member's US Soccer id changes (ADR 032): queues a license lookup of each of
 * the profile's US Soccer requirements in the caller's transaction; the number queued.
 */
export function queueUsSoccerChecks(
  deps: Pick<Deps, 'jobs'>,
  tx: Executor,
  input: { organizationId: string; profileId: string; key: string },
): Promise<number> {
  return queueUsSoccerLookups(deps, tx, input.organizationId, input.profileId, input.key);
}
