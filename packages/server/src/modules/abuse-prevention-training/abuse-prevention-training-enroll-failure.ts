import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { trainingEnrollments } from '../../db/schema/index.ts';
import { recordChange } from '../../requirement-core/requirement-state.ts';
import { lockRequirementForSystem } from '../../requirement-core/requirement-target.ts';

/** The requirement event of an enrolment that was given up (ADR 031: refund when the order cannot be placed). */
export const enrollFailedAction = 'abuse-prevention-enroll-failed';

/**
 * The enrolment job failed for good (the course provider refused it, or every retry failed) while the enrolment
 * was still `enrolling` (the provider never enrolled the member): the enrolment row is removed (taking the
 * training again starts a new one; the enrol job finds none and stops), the requirement stops waiting on the
 * member, and its history says why and what `onAbandon` undid in the same transaction (the member's refund).
 * Answers false, changing nothing, once the provider has enrolled the member or the enrolment is gone.
 */
export async function abandonTrainingEnrollment(
  tx: Executor,
  input: { enrollmentId: string; reason: string },
  onAbandon: (
    tx: Executor,
    target: { organizationId: string; memberRequirementId: string },
  ) => Promise<Record<string, unknown>>,
): Promise<boolean> {
  const [enrollment] = await tx
    .select()
    .from(trainingEnrollments)
    .where(eq(trainingEnrollments.id, input.enrollmentId));
  if (!enrollment || enrollment.state !== 'enrolling') return false;
  const loaded = await lockRequirementForSystem(
    tx,
    enrollment.organizationId,
    enrollment.memberRequirementId,
  );
  if (!loaded) return false;
  const [removed] = await tx
    .delete(trainingEnrollments)
    .where(and(eq(trainingEnrollments.id, enrollment.id), eq(trainingEnrollments.state, 'enrolling')))
    .returning({ id: trainingEnrollments.id });
  if (!removed) return false;
  const undone = await onAbandon(tx, {
    organizationId: enrollment.organizationId,
    memberRequirementId: enrollment.memberRequirementId,
  });
  await recordChange(tx, loaded, {
    action: enrollFailedAction,
    facts: { waitingOn: null },
    data: { enrollmentId: enrollment.id, provider: enrollment.provider, reason: input.reason, ...undone },
  });
  return true;
}
