import { and, eq, isNull, sql } from 'drizzle-orm';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import { VerificationKind, VerificationStatus } from '@touchline/contracts/verification';
import type { Executor } from '../../db/client.ts';
import { memberRequirements, profiles, verifications } from '../../db/schema/index.ts';
import { conflict } from '../../errors.ts';

/** Said when a verified date of birth would be changed by hand (issue 29). */
export const verifiedDateOfBirthMessage =
  'This date of birth was verified from a document: it can change only through a new verification';

/**
 * Whether the profile's date of birth was proved by a live verification (cleared by the machine or a reviewer, of
 * an age kind or an identity check) that states the same date: such a date is the member's, not editable by hand.
 */
export async function hasVerifiedDateOfBirth(
  db: Executor,
  organizationId: string,
  profileId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .innerJoin(memberRequirements, eq(memberRequirements.id, verifications.memberRequirementId))
    .innerJoin(profiles, eq(profiles.id, verifications.profileId))
    .where(
      and(
        eq(verifications.organizationId, organizationId),
        eq(verifications.profileId, profileId),
        isNull(verifications.supersededAt),
        sql`${verifications.kind} <> ${VerificationKind.Grade}`,
        eq(verifications.statedDateOfBirth, profiles.dateOfBirth),
        eq(memberRequirements.active, true),
        sql`${memberRequirements.completedAt} is not null`,
        eq(memberRequirements.pendingReview, false),
        sql`(${verifications.status} = ${VerificationStatus.ClearedVerification} or ${memberRequirements.reviewOutcome} = ${ReviewOutcome.Approved})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The guard the profile calls run before writing a date of birth: a change of a verified date is a 409; writing the
 * same date again is harmless.
 */
export async function assertDateOfBirthEditable(
  db: Executor,
  organizationId: string,
  profileId: string,
  next: string | null | undefined,
): Promise<void> {
  if (next === undefined) return;
  const [profile] = await db
    .select({ dob: profiles.dateOfBirth })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (profile?.dob === next) return;
  if (await hasVerifiedDateOfBirth(db, organizationId, profileId)) throw conflict(verifiedDateOfBirthMessage);
}
