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
import type { Database, Executor } from '../../db/client.ts';
import { dayOf, type Day } from './engine/calendar.ts';
import { liveFormSubmission } from './form-submission.ts';
import { permittedTransitions } from './requirement-actions.policy.ts';
import { deriveRequirementStatus } from './engine/requirement-status.ts';
import {
  activeRequirementsOfProfile,
  latestResetNotes,
  storedOverallStatus,
} from './my-requirements.queries.ts';
import {
  factsOf,
  rederive,
  refreshMemberRequirementsNow,
  type RefreshOptions,
} from './requirements-engine.service.ts';

export { rederiveDateDependentStatuses } from './requirements-engine.service.ts';
/** What a reminder lists and how it reads (the daily digest's; the dashboard's "Send reminder" sends the same, ADR 033). */
export { remindedStatuses } from './requirement-reminders.queries.ts';
export { requirementDigestMail } from './requirement-reminders.mail.ts';
/**
 * Stores members' overall statuses with the requirement summary beside them (ADR 016), for writers that set
 * statuses without deriving them — the dashboard's tests seed arbitrary stored statuses through it.
 */
export { writeOverallStatuses as storeOverallStatuses } from './requirements-engine.queries.ts';

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
  return rows.map((row) => {
    const status = deriveRequirementStatus(factsOf(row), today);
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
      allowedActions: permittedTransitions(
        ctx,
        {
          profileId,
          guardianProfileId: null,
          levelPath: row.levelPath ?? '',
          type: row.type as RequirementType,
        },
        allowedRequirementTransitions(status, { disqualified }),
      ),
      nextAction: memberNextTransition(status, { disqualified }),
      returnedNotes: notes.get(row.id) ?? null,
    };
  });
}

/**
 * The staff moves (complete-without-upload, mark-incomplete) the actor may make on a member's requirement from its
 * stored status, for the dashboard's member drawer (ADR 025); the services still guard both on the locked row.
 */
export function staffMovesOf(
  ctx: ActorContext,
  member: { profileId: string; levelPath: string },
  cell: { type: number; status: number },
): ('markComplete' | 'markIncomplete')[] {
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
export async function myRequirements(db: Database, ctx: ActorContext): Promise<MyRequirementsResponse> {
  return db.transaction(async (tx) => {
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

// The review module (ADR 015) decides pending completions through the same load, guard and write path as every
// member action, so a decision is audited, guarded and re-derived exactly like them.
export { currentStatus, recordChange } from './requirement-state.ts';
export {
  liveRequirementFiles,
  loadMemberAccess,
  loadRequirement,
  presentRequirementFile,
  type LoadedRequirement,
  type MemberRequirementRow,
  type RequirementRef,
} from './requirement-target.ts';
export { expiresAtFor, type ValidityRule } from './engine/requirement-status.ts';

/**
 * Re-derives requirement and overall statuses of these profiles once, after a set-based write that already stored
 * the new facts (bulk review): a thousand profiles per statement round, assignments untouched.
 */
export async function rederiveProfiles(
  tx: Executor,
  organizationId: string,
  profileIds: readonly string[],
  now: Date = new Date(),
): Promise<void> {
  const ids = [...new Set(profileIds)].sort();
  for (let i = 0; i < ids.length; i += 1000)
    await rederive(tx, organizationId, ids.slice(i, i + 1000), { today: dayOf(now), now, reason: 'review' });
}

export {
  checkUsSoccerLicense,
  queueUsSoccerChecks,
  usSoccerCheckJob,
  usSoccerRecheckJob,
} from './us-soccer.service.ts';

/** Whether the actor is the member or their guardian (member payments, ADR 031). */
export { actsForSelf } from './requirement-actions.policy.ts';
/** Where an organization's screening orders go (its Yardstik sub-account once active; ADR 030), for the setup. */
export { orderTargetFor, screeningPortOf } from './screening-ports.ts';
