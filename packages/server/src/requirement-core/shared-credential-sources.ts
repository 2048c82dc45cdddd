import { and, eq, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import type { Executor } from '../db/client.ts';
import {
  credentialShares,
  memberRequirements,
  organizations,
  requirementDefinitions,
} from '../db/schema/index.ts';
import { inIds } from './requirements-engine.queries.ts';

const met = [RequirementStatus.Completed, RequirementStatus.ExpiringSoon];

/**
 * The shares of these profiles (of `organizationId`) whose source requirement holds now — active, completed,
 * Completed or Expiring soon, not disqualified — narrowed by `which` (live shares to renew, lapsed ones to resume),
 * each with its source's completion, definition and the receiving organization's name. One read.
 */
export function sharesOfMetSources(
  tx: Executor,
  organizationId: string,
  profileIds: readonly string[],
  which: (SQL | undefined)[],
) {
  return tx
    .select({
      share: credentialShares,
      completedAt: memberRequirements.completedAt,
      expiresAt: memberRequirements.expiresAt,
      status: memberRequirements.status,
      type: requirementDefinitions.type,
      name: requirementDefinitions.name,
      content: requirementDefinitions.content,
      targetOrganizationName: organizations.name,
    })
    .from(credentialShares)
    .innerJoin(
      memberRequirements,
      and(
        eq(memberRequirements.organizationId, credentialShares.organizationId),
        eq(memberRequirements.id, credentialShares.memberRequirementId),
        eq(memberRequirements.active, true),
        isNotNull(memberRequirements.completedAt),
      ),
    )
    .innerJoin(
      requirementDefinitions,
      and(
        eq(requirementDefinitions.organizationId, credentialShares.organizationId),
        eq(requirementDefinitions.id, memberRequirements.definitionId),
      ),
    )
    .innerJoin(organizations, eq(organizations.id, credentialShares.targetOrganizationId))
    .where(
      and(
        eq(credentialShares.organizationId, organizationId),
        inIds(credentialShares.profileId, profileIds),
        inArray(memberRequirements.status, met),
        or(
          isNull(memberRequirements.reviewOutcome),
          eq(memberRequirements.reviewOutcome, ReviewOutcome.Approved),
        ),
        ...which,
      ),
    );
}
