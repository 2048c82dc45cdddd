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
import { credentialSummary } from './credential-summary.ts';
import { addDays, dayOf } from './engine/calendar.ts';
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

/** One row of {@link sharesOfMetSources}. */
export type ShareOfMetSource = Awaited<ReturnType<typeof sharesOfMetSources>>[number];

/** The completion day and last valid day a source stands for now (what a share's summary must say). */
export function completionOf(row: { completedAt: Date; expiresAt: string | null }) {
  return {
    completedOn: dayOf(row.completedAt),
    validUntil: row.expiresAt === null ? null : addDays(row.expiresAt, -1),
  };
}

/**
 * The summary a share of this source carries now, from its current completion. `sandbox` is the consent's: whether
 * the deployment's screening vendor is a sandbox does not change between a consent and a renewal.
 */
export function summaryOfSource(
  tx: Executor,
  organizationId: string,
  row: ShareOfMetSource & { completedAt: Date },
  sandbox: boolean,
) {
  return credentialSummary(
    tx,
    {
      organizationId,
      memberRequirementId: row.share.memberRequirementId,
      type: row.type,
      name: row.name,
      content: row.content,
      completedAt: row.completedAt,
      expiresAt: row.expiresAt,
    },
    sandbox,
  );
}
