import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import type { Executor } from '../../db/client.ts';
import {
  hierarchyLevels,
  memberRequirements,
  profileLevelAccesses,
  requirementDefinitions,
  requirementReviews,
} from '../../db/schema/index.ts';

/** A member's active requirements with their definitions, in content-library order, tenant-scoped. */
export function activeRequirementsOfProfile(tx: Executor, organizationId: string, profileId: string) {
  return tx
    .select({
      id: memberRequirements.id,
      definitionId: memberRequirements.definitionId,
      profileLevelAccessId: profileLevelAccesses.id,
      levelPath: hierarchyLevels.path,
      status: memberRequirements.status,
      completedAt: memberRequirements.completedAt,
      expiresAt: memberRequirements.expiresAt,
      dueDate: memberRequirements.dueDate,
      pendingReview: memberRequirements.pendingReview,
      reviewOutcome: memberRequirements.reviewOutcome,
      waitingOn: memberRequirements.waitingOn,
      rejectedAt: memberRequirements.rejectedAt,
      name: requirementDefinitions.name,
      instructions: requirementDefinitions.instructions,
      type: requirementDefinitions.type,
      isOptional: requirementDefinitions.isOptional,
      expiringSoonDays: requirementDefinitions.expiringSoonDays,
    })
    .from(memberRequirements)
    .innerJoin(
      requirementDefinitions,
      and(
        eq(requirementDefinitions.id, memberRequirements.definitionId),
        eq(requirementDefinitions.organizationId, organizationId),
        isNull(requirementDefinitions.deletedAt),
      ),
    )
    .leftJoin(
      profileLevelAccesses,
      and(
        eq(profileLevelAccesses.id, memberRequirements.profileLevelAccessId),
        eq(profileLevelAccesses.organizationId, organizationId),
        isNull(profileLevelAccesses.deletedAt),
      ),
    )
    .leftJoin(
      hierarchyLevels,
      and(
        eq(hierarchyLevels.id, profileLevelAccesses.hierarchyLevelId),
        eq(hierarchyLevels.organizationId, organizationId),
        isNull(hierarchyLevels.deletedAt),
      ),
    )
    .where(
      and(
        eq(memberRequirements.organizationId, organizationId),
        eq(memberRequirements.profileId, profileId),
        eq(memberRequirements.active, true),
      ),
    )
    .orderBy(
      asc(requirementDefinitions.sortOrder),
      asc(requirementDefinitions.name),
      asc(memberRequirements.id),
    );
}

/** The one stored overall status of a profile (all its live accesses carry the same), or null without one. */
export async function storedOverallStatus(
  tx: Executor,
  organizationId: string,
  profileId: string,
): Promise<number | null> {
  const [row] = await tx
    .select({ status: profileLevelAccesses.overallStatus })
    .from(profileLevelAccesses)
    .where(
      and(
        eq(profileLevelAccesses.organizationId, organizationId),
        eq(profileLevelAccesses.profileId, profileId),
        isNull(profileLevelAccesses.deletedAt),
      ),
    )
    .limit(1);
  return row?.status ?? null;
}

/**
 * The notes of the latest RejectedReset decision of each of these member requirements, tenant-scoped; only reset
 * decisions are read, so a disqualification's notes (kept from the member, ADR 015) can never come out of here.
 */
export async function latestResetNotes(
  tx: Executor,
  organizationId: string,
  memberRequirementIds: readonly string[],
): Promise<Map<string, string>> {
  if (memberRequirementIds.length === 0) return new Map();
  const rows = await tx
    .selectDistinctOn([requirementReviews.memberRequirementId], {
      memberRequirementId: requirementReviews.memberRequirementId,
      notes: requirementReviews.notes,
    })
    .from(requirementReviews)
    .where(
      and(
        eq(requirementReviews.organizationId, organizationId),
        inArray(requirementReviews.memberRequirementId, [...memberRequirementIds]),
        eq(requirementReviews.outcome, ReviewOutcome.RejectedReset),
      ),
    )
    .orderBy(
      requirementReviews.memberRequirementId,
      desc(requirementReviews.createdAt),
      desc(requirementReviews.id),
    );
  return new Map(rows.map((r) => [r.memberRequirementId, r.notes]));
}
