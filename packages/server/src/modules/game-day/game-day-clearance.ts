import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { ClearanceState } from '@touchline/contracts/game-day';
import type { Executor } from '../../db/client.ts';
import { memberConditions, memberRequirements, requirementDefinitions } from '../../db/schema/index.ts';

/** One member access whose clearance is told: its profile and the engine's overall status. */
export type ClearanceSubject = { profileId: string; overallStatus: number };
/** Today's clearance in words, and until when the mandatory requirements hold. */
export type Clearance = { state: ClearanceState; reasons: string[]; validUntil: string | null };

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "3 Nov" from 2026-11-03. */
export function shortDate(isoDate: string): string {
  const [, m, d] = isoDate.split('-');
  return `${Number(d)} ${months[Number(m) - 1] ?? ''}`;
}

const done: number[] = [RequirementStatus.Completed, RequirementStatus.ExpiringSoon];
const clearedStatuses: number[] = [
  MemberOverallStatus.Cleared,
  MemberOverallStatus.NoRequirements,
  MemberOverallStatus.Optional,
];

function requirementReason(name: string, status: number, expiresAt: string | null): string {
  if (status === RequirementStatus.Expired)
    return expiresAt ? `${name} expired ${shortDate(expiresAt)}` : `${name} expired`;
  if (status === RequirementStatus.Overdue) return `${name} overdue`;
  if (status === RequirementStatus.PendingReview) return `${name} awaiting review`;
  if (status === RequirementStatus.WaitingOnProvider) return `${name} in progress with the provider`;
  return `${name} not complete`;
}

/**
 * Today's clearance of members (ADR 044), from what the requirement engine wrote (the overall status) and the
 * conditions (ADR 040): Cleared only when the engine says so and no restricting condition stands; otherwise Not
 * cleared with the reasons in words: each mandatory requirement not done ("training expired 3 Nov"), "removed from
 * play" for a standing condition (its details stay with the reviewers), "not eligible", "account not activated".
 */
export async function clearanceOf(
  db: Executor,
  organizationId: string,
  subjects: readonly ClearanceSubject[],
  now: Date,
): Promise<Map<string, Clearance>> {
  const ids = [...new Set(subjects.map((s) => s.profileId))];
  const result = new Map<string, Clearance>();
  if (ids.length === 0) return result;
  const today = now.toISOString().slice(0, 10);
  const [requirements, conditions] = await Promise.all([
    db
      .select({
        profileId: memberRequirements.profileId,
        name: requirementDefinitions.name,
        status: memberRequirements.status,
        expiresAt: memberRequirements.expiresAt,
      })
      .from(memberRequirements)
      .innerJoin(requirementDefinitions, eq(requirementDefinitions.id, memberRequirements.definitionId))
      .where(
        and(
          eq(memberRequirements.organizationId, organizationId),
          inArray(memberRequirements.profileId, ids),
          eq(memberRequirements.active, true),
          eq(requirementDefinitions.isOptional, false),
        ),
      )
      .orderBy(requirementDefinitions.name),
    db
      .select({ profileId: memberConditions.profileId })
      .from(memberConditions)
      .where(
        and(
          eq(memberConditions.organizationId, organizationId),
          inArray(memberConditions.profileId, ids),
          eq(memberConditions.restrictsPlay, true),
          ne(memberConditions.status, 'Lifted'),
          or(isNull(memberConditions.until), sql`${memberConditions.until} >= ${today}`),
        ),
      ),
  ]);
  const restricted = new Set(conditions.map((c) => c.profileId));
  for (const s of subjects) {
    const mine = requirements.filter((r) => r.profileId === s.profileId);
    const reasons: string[] = [];
    if (restricted.has(s.profileId)) reasons.push('removed from play');
    if (s.overallStatus === MemberOverallStatus.Disqualified) reasons.push('not eligible');
    else if (s.overallStatus === MemberOverallStatus.NotActivated) reasons.push('account not activated');
    else if (!clearedStatuses.includes(s.overallStatus)) {
      for (const r of mine)
        if (!done.includes(r.status)) reasons.push(requirementReason(r.name, r.status, r.expiresAt));
      if (reasons.length === 0) reasons.push('requirements not complete');
    }
    const expiries = mine
      .flatMap((r) => (done.includes(r.status) && r.expiresAt ? [r.expiresAt] : []))
      .sort();
    const state = reasons.length === 0 ? ClearanceState.Cleared : ClearanceState.NotCleared;
    result.set(s.profileId, {
      state,
      reasons,
      validUntil: state === ClearanceState.Cleared ? (expiries[0] ?? null) : null,
    });
  }
  return result;
}
