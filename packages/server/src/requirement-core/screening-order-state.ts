import { and, desc, eq } from 'drizzle-orm';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import type { Executor } from '../db/client.ts';
import {
  memberRequirements,
  profileLevelAccesses,
  profiles,
  requirementDefinitions,
  screeningOrders,
} from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { currentStatus } from './requirement-state.ts';
import type { LoadedRequirement } from './requirement-target.ts';

// What the screening requirements (background check, sex offender search) read alike of their orders.

/** The requirement's latest screening order (the one its status follows). */
export async function latestScreeningOrder(tx: Executor, memberRequirementId: string) {
  const [order] = await tx
    .select()
    .from(screeningOrders)
    .where(eq(screeningOrders.memberRequirementId, memberRequirementId))
    .orderBy(desc(screeningOrders.createdAt), desc(screeningOrders.id))
    .limit(1);
  return order;
}

/** Whether the Yardstik sandbox stands in for the vendor in this deployment (the page must say so). */
export function isScreeningSandbox(deps: Pick<Deps, 'integrations'>): boolean {
  return deps.integrations.webhookSources.some((s) => s.provider === 'yardstik' && s.sandbox === true);
}

/**
 * Statuses a member may start a new screening from (a disqualification is lifted only by an administrator); never
 * while a shared credential meets the requirement.
 */
export function mayStartScreening(loaded: LoadedRequirement): boolean {
  if (loaded.requirement.reviewOutcome === ReviewOutcome.RejectedDisqualified) return false;
  // A check shared from another organization meets it (ADR 049): nothing to order here.
  if (loaded.sharedStanding) return false;
  const status = currentStatus(loaded.requirement, loaded.definition.expiringSoonDays);
  return (
    status === RequirementStatus.Incomplete ||
    status === RequirementStatus.Overdue ||
    status === RequirementStatus.Rejected ||
    status === RequirementStatus.ExpiringSoon ||
    status === RequirementStatus.Expired
  );
}

/**
 * The member a screening order is placed for, read by the order jobs: the definition's content, the profile's names,
 * e-mail and birth date, and one of the profile's accesses (undefined once the requirement is gone).
 */
export async function screeningCandidateOf(
  db: Executor,
  organizationId: string,
  memberRequirementId: string,
) {
  const [row] = await db
    .select({
      content: requirementDefinitions.content,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      email: profiles.email,
      dateOfBirth: profiles.dateOfBirth,
      profileId: profiles.id,
    })
    .from(memberRequirements)
    .innerJoin(requirementDefinitions, eq(requirementDefinitions.id, memberRequirements.definitionId))
    .innerJoin(profiles, eq(profiles.id, memberRequirements.profileId))
    .where(
      and(
        eq(memberRequirements.organizationId, organizationId),
        eq(memberRequirements.id, memberRequirementId),
      ),
    );
  if (!row) return undefined;
  const [access] = await db
    .select({ id: profileLevelAccesses.id })
    .from(profileLevelAccesses)
    .where(eq(profileLevelAccesses.profileId, row.profileId))
    .limit(1);
  return { ...row, profileLevelAccessId: access?.id ?? null };
}
