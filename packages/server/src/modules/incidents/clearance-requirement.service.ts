import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import {
  incidentSettings,
  memberConditions,
  memberRequirements,
  requirementDefinitions,
} from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { refreshMemberRequirementsNow } from '../../requirement-core/requirements-engine.service.ts';
import { queueClearanceMails } from './incidents.mail.ts';
import { memberOf, profileNames } from './incidents.queries.ts';

// The return-to-play clearance as a requirement (ADR 040): a member under a condition lifted by a document holds the
// organization's clearance requirement (the engine's sync adds it while such a condition stands), uploads the
// written clearance like any document, and a reviewer decides it in the review queue; approving lifts the condition.

export const clearanceRequirementName = 'Return-to-play clearance';
export const clearanceRequirementInstructions =
  'Upload the written clearance of a licensed health-care provider (trained in the evaluation of concussion) ' +
  'stating that the member may return to play. A reviewer checks it; the member stays removed from play until then.';
/** The note on a condition lifted by an approval given without notes. */
export const clearanceApprovedNote = 'Return-to-play clearance approved in the review queue.';

/**
 * The organization's clearance requirement definition, made the first time a condition needs one (a Document that
 * requires review, listed last in the library). Returns its id.
 */
export async function ensureClearanceDefinition(tx: Executor, organizationId: string): Promise<string> {
  const [settings] = await tx
    .select({ id: incidentSettings.clearanceDefinitionId })
    .from(incidentSettings)
    .where(eq(incidentSettings.organizationId, organizationId))
    .for('update');
  if (settings?.id) return settings.id;
  const [order] = await tx
    .select({ max: sql<number>`coalesce(max(${requirementDefinitions.sortOrder}), 0)` })
    .from(requirementDefinitions)
    .where(eq(requirementDefinitions.organizationId, organizationId));
  const [definition] = await tx
    .insert(requirementDefinitions)
    .values({
      organizationId,
      type: RequirementType.Document,
      name: clearanceRequirementName,
      instructions: clearanceRequirementInstructions,
      sortOrder: Number(order?.max ?? 0) + 1,
      content: { requiresReview: true },
    })
    .returning({ id: requirementDefinitions.id });
  if (!definition) throw new Error('the clearance definition was not written');
  await tx
    .insert(incidentSettings)
    .values({ organizationId, clearanceDefinitionId: definition.id })
    .onConflictDoUpdate({
      target: incidentSettings.organizationId,
      set: { clearanceDefinitionId: definition.id, updatedAt: new Date() },
    });
  return definition.id;
}

/** The organization's clearance definition id, or null when none was made yet. */
export async function clearanceDefinitionOf(db: Executor, organizationId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: incidentSettings.clearanceDefinitionId })
    .from(incidentSettings)
    .where(eq(incidentSettings.organizationId, organizationId));
  return row?.id ?? null;
}

/** The member's active clearance requirement (its definition, access and whether it waits for review), if any. */
export async function clearanceRequirementOf(db: Executor, organizationId: string, profileId: string) {
  const definitionId = await clearanceDefinitionOf(db, organizationId);
  if (!definitionId) return null;
  const [row] = await db
    .select({
      definitionId: memberRequirements.definitionId,
      plaId: memberRequirements.profileLevelAccessId,
      pendingReview: memberRequirements.pendingReview,
    })
    .from(memberRequirements)
    .where(
      and(
        eq(memberRequirements.organizationId, organizationId),
        eq(memberRequirements.profileId, profileId),
        eq(memberRequirements.definitionId, definitionId),
        eq(memberRequirements.active, true),
      ),
    );
  return row ?? null;
}

/**
 * The one way a return-to-play clearance is handed in (ADR 040), in the caller's transaction: the member's
 * document-lifted conditions that are not lifted (or only `conditionIds`) are marked ClearanceSubmitted with the
 * file, each audited, and the incident reviewers of the member's levels are mailed through the outbox. Both the
 * conditions page's hand-in and an upload of the clearance requirement on the requirement page come here; for any
 * other requirement upload it does nothing. Returns the conditions it marked.
 */
export async function clearanceHandedIn(
  deps: Pick<Deps, 'jobs' | 'appUrl'>,
  tx: Executor,
  ctx: RequestContext,
  input: {
    profileId: string;
    storedFileId: string;
    now: Date;
    /** A requirement upload: only when it is the organization's clearance requirement. */
    definitionId?: string;
    /** The conditions page names the condition; a requirement upload marks every one the approval would lift. */
    conditionIds?: readonly string[];
  },
) {
  if (input.definitionId && input.definitionId !== (await clearanceDefinitionOf(tx, ctx.organizationId)))
    return [];
  const marked = await tx
    .update(memberConditions)
    .set({
      clearanceFileId: input.storedFileId,
      clearanceSubmittedAt: input.now,
      status: 'ClearanceSubmitted',
      updatedAt: input.now,
    })
    .where(
      and(
        eq(memberConditions.organizationId, ctx.organizationId),
        eq(memberConditions.profileId, input.profileId),
        eq(memberConditions.liftedBy, 'Document'),
        ne(memberConditions.status, 'Lifted'),
        input.conditionIds ? inArray(memberConditions.id, [...input.conditionIds]) : undefined,
      ),
    )
    .returning();
  if (marked.length === 0) return marked;
  for (const row of marked)
    await recordAuditEvent(
      tx,
      { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
      {
        organizationId: ctx.organizationId,
        action: 'condition.clearance_submitted',
        entityType: 'member_condition',
        entityId: row.id,
        data: {
          profileId: input.profileId,
          fileId: input.storedFileId,
          by: input.definitionId ? 'requirement' : 'conditions',
        },
      },
    );
  const member = await memberOf(tx, ctx.organizationId, input.profileId);
  if (member)
    await queueClearanceMails(deps, tx, {
      organizationId: ctx.organizationId,
      profileId: input.profileId,
      memberName: `${member.firstName} ${member.lastName}`,
      levelPaths: member.levelPaths,
    });
  return marked;
}

/**
 * After a review decision (single or bulk, in its transaction): for the reviewed rows that are the organization's
 * clearance requirement, an approval lifts each standing document-lifted condition of the member (the reviewer's
 * notes, or {@link clearanceApprovedNote}, as the lift note) and a rejection returns a handed-in clearance. The
 * member's requirements are then refreshed: a lifted condition takes the clearance requirement away (its history
 * stays) and the member may be cleared again.
 */
export async function clearanceReviewed(
  tx: Executor,
  ctx: RequestContext,
  input: {
    rows: readonly { definitionId: string; profileId: string }[];
    decision: number;
    notes: string;
    now: Date;
  },
): Promise<void> {
  const definitionId = await clearanceDefinitionOf(tx, ctx.organizationId);
  if (!definitionId) return;
  const profileIds = [
    ...new Set(input.rows.filter((r) => r.definitionId === definitionId).map((r) => r.profileId)),
  ];
  if (profileIds.length === 0) return;
  const approved = input.decision === ReviewOutcome.Approved;
  const reviewer = (await profileNames(tx, ctx.organizationId, [ctx.profileId])).get(ctx.profileId);
  const note = input.notes.trim() || clearanceApprovedNote;
  const changed = await tx
    .update(memberConditions)
    .set(
      approved
        ? {
            status: 'Lifted',
            liftedAt: input.now,
            liftedByName: reviewer ?? 'A reviewer',
            liftNote: note,
            updatedAt: input.now,
          }
        : { status: 'Active', clearanceSubmittedAt: null, updatedAt: input.now },
    )
    .where(
      and(
        eq(memberConditions.organizationId, ctx.organizationId),
        inArray(memberConditions.profileId, profileIds),
        eq(memberConditions.liftedBy, 'Document'),
        approved ? ne(memberConditions.status, 'Lifted') : eq(memberConditions.status, 'ClearanceSubmitted'),
      ),
    )
    .returning({ id: memberConditions.id, profileId: memberConditions.profileId });
  for (const row of changed)
    await recordAuditEvent(
      tx,
      { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
      {
        organizationId: ctx.organizationId,
        action: approved ? 'condition.lifted' : 'condition.clearance_returned',
        entityType: 'member_condition',
        entityId: row.id,
        data: { profileId: row.profileId, note: approved ? note : input.notes, by: 'review' },
      },
    );
  if (approved && changed.length)
    await refreshMemberRequirementsNow(tx, ctx.organizationId, {
      profileIds: [...new Set(changed.map((r) => r.profileId))],
      now: input.now,
    });
}
