import { and, eq, inArray, isNull } from 'drizzle-orm';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import type { RequirementType } from '@touchline/contracts/requirement-types';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import type { OwedRequirement } from '@touchline/contracts/member-payments';
import type { ActorContext } from '../../authz/actor-context.ts';
import { authorize, holdsAt } from '../../authz/rules.ts';
import type { Executor } from '../../db/client.ts';
import {
  labels,
  memberPaymentItems,
  memberRequirements,
  organizations,
  profileLevelAccesses,
  requirementDefinitions,
} from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { actsForSelf } from '../../requirement-core/requirement-actions.policy.ts';
import { currentStatus } from '../../requirement-core/requirement-state.ts';
import { loadMemberAccess } from '../../requirement-core/requirement-target.ts';

// Who pays (ADR 031): a requirement is the member's to pay when its definition has a member price and either the
// definition says the member pays (its `payer`, or a background check's content `payer`) or the member's role lists it among its paid
// requirements (the organization's `roleRequirements[].paidRoleRequirementsIds`, by the role label's name).

/** The member a payment call is about, authorized: `pay` for the member or their guardian, `view` also managers. */
export async function loadPayingMember(
  tx: Executor,
  ctx: ActorContext,
  plaId: string,
  action: 'view' | 'pay',
) {
  const access = await loadMemberAccess(tx, ctx.organizationId, plaId);
  if (!access) throw notFound('Member');
  const target = { profileId: access.profileId, guardianProfileId: access.guardianProfileId };
  const self = actsForSelf(ctx, { ...target, levelPath: access.levelPath, type: 1 as RequirementType });
  authorize(
    self || (action === 'view' && holdsAt(ctx, 'managerLevelOrHigher', access.levelPath)),
    action === 'pay'
      ? 'Only the member or their guardian can pay for their requirements'
      : 'You cannot see what this member owes',
  );
  return { ...access, plaId };
}

/** Statuses from which paid work may start (a disqualification is lifted only by an administrator). */
const startable: ReadonlySet<number> = new Set([
  RequirementStatus.Incomplete,
  RequirementStatus.Overdue,
  RequirementStatus.Rejected,
  RequirementStatus.ExpiringSoon,
  RequirementStatus.Expired,
]);

/** The definition's own payer, where its content names one (background checks; trainings when they do). */
function definitionPayer(content: Record<string, unknown>): string | null {
  return typeof content.payer === 'string' ? content.payer : null;
}

/** The definition ids the member's role (the label of their access) asks them to pay for. */
async function rolePaidIds(tx: Executor, organizationId: string, plaId: string): Promise<Set<string>> {
  const [row] = await tx
    .select({ label: labels.name, roles: organizations.roleRequirements })
    .from(profileLevelAccesses)
    .innerJoin(labels, eq(labels.id, profileLevelAccesses.labelId))
    .innerJoin(organizations, eq(organizations.id, profileLevelAccesses.organizationId))
    .where(and(eq(profileLevelAccesses.id, plaId), eq(profileLevelAccesses.organizationId, organizationId)));
  if (!row) return new Set();
  const key = row.label.toLocaleLowerCase('en');
  const role = row.roles.find((r) => r.roleLabel.toLocaleLowerCase('en') === key);
  return new Set(role?.paidRoleRequirementsIds ?? []);
}

/** A member requirement the member pays for, whatever its state. */
export type PayableRequirement = OwedRequirement & { startable: boolean; liveItem: string | null };

/**
 * The member's requirements that are theirs to pay (price set, and the definition or the role says so), with
 * whether paid work could start now and the state of any live payment item (pending or paid). With `lock`, the
 * member requirement rows are locked for the transaction (a double submit waits, then sees the first payment).
 */
export async function payableRequirements(
  tx: Executor,
  organizationId: string,
  member: { profileId: string; plaId: string },
  opts: { definitionIds?: readonly string[]; lock?: boolean } = {},
): Promise<PayableRequirement[]> {
  const query = tx
    .select({ requirement: memberRequirements, definition: requirementDefinitions })
    .from(memberRequirements)
    .innerJoin(
      requirementDefinitions,
      and(
        eq(requirementDefinitions.id, memberRequirements.definitionId),
        isNull(requirementDefinitions.deletedAt),
      ),
    )
    .where(
      and(
        eq(memberRequirements.organizationId, organizationId),
        eq(memberRequirements.profileId, member.profileId),
        eq(memberRequirements.active, true),
        ...(opts.definitionIds ? [inArray(memberRequirements.definitionId, [...opts.definitionIds])] : []),
      ),
    )
    .orderBy(requirementDefinitions.sortOrder, requirementDefinitions.name);
  const rows = opts.lock ? await query.for('update', { of: memberRequirements }) : await query;
  const rolePaid = await rolePaidIds(tx, organizationId, member.plaId);
  const ids = rows.map((r) => r.requirement.id);
  const live =
    ids.length === 0
      ? []
      : await tx
          .select({
            memberRequirementId: memberPaymentItems.memberRequirementId,
            state: memberPaymentItems.state,
          })
          .from(memberPaymentItems)
          .where(
            and(
              inArray(memberPaymentItems.memberRequirementId, ids),
              inArray(memberPaymentItems.state, ['pending', 'paid']),
            ),
          );
  const liveOf = new Map(live.map((l) => [l.memberRequirementId, l.state]));
  const result: PayableRequirement[] = [];
  for (const { requirement, definition } of rows) {
    if (definition.memberPrice === null || definition.memberPrice <= 0) continue;
    const reason =
      definition.payer === 'member' || definitionPayer(definition.content) === 'member'
        ? ('definition' as const)
        : rolePaid.has(definition.id)
          ? ('role' as const)
          : null;
    if (!reason) continue;
    const status = currentStatus(requirement, definition.expiringSoonDays);
    result.push({
      definitionId: definition.id,
      memberRequirementId: requirement.id,
      name: definition.name,
      type: definition.type as RequirementType,
      amount: definition.memberPrice,
      currency: definition.memberPriceCurrency.trim().toLowerCase(),
      reason,
      startable: startable.has(status) && requirement.reviewOutcome !== ReviewOutcome.RejectedDisqualified,
      liveItem: liveOf.get(requirement.id) ?? null,
    });
  }
  return result;
}

/** What the member owes now: payable, startable, and neither paid nor being paid. */
export const owedOf = (payable: readonly PayableRequirement[]): PayableRequirement[] =>
  payable.filter((p) => p.startable && p.liveItem === null);

/**
 * Whether the member must still pay before this requirement's work may start for free (take-training without
 * paying, say): the requirement is theirs to pay and no payment is paid or under way for it.
 */
export async function mustPayFirst(
  tx: Executor,
  organizationId: string,
  member: { profileId: string; plaId: string },
  definitionId: string,
): Promise<boolean> {
  const [payable] = await payableRequirements(tx, organizationId, member, { definitionIds: [definitionId] });
  return payable !== undefined && payable.liveItem === null;
}
