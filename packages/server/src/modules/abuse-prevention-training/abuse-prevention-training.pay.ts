import type { AbusePreventionTraining } from '@touchline/contracts/abuse-prevention-training';
import { RequirementType } from '@touchline/contracts/requirement-types';
import type { Deps, RequestContext } from '../../deps.ts';
import { conflict, invalid } from '../../errors.ts';
import { mustPayFirst, payForRequirements, startWithCredit } from '../billing/billing.service.ts';
import {
  abusePreventionTrainingById,
  takeAbusePreventionTraining,
  trainingStartRefusal,
} from './abuse-prevention-training.service.ts';
import { requireType } from '../requirements/requirement-files.service.ts';
import { loadRequirement, type RequirementRef } from '../../requirement-core/requirement-target.ts';

/** The course states in which the member is already enrolled: nothing more to pay or start. */
const openStates = new Set<AbusePreventionTraining['state']>(['enrolling', 'not_started', 'in_progress']);

/**
 * POST {id}/abuse-prevention-take-training-and-pay-user?plaId (begin: the member; ADR 031 and 032), as
 * run-and-pay-background-check-user: nothing is charged for a course that cannot start (no provider, finished,
 * awaiting review) or that is already open; a course already paid for (bulk-payment) starts on that payment;
 * otherwise the member's card is charged through the billing port and the course starts in the transaction that
 * records the payment (a course that can no longer start then is refunded).
 */
export async function takeTrainingAndPay(
  deps: Pick<Deps, 'db' | 'jobs' | 'integrations' | 'log' | 'appUrl'>,
  ctx: RequestContext,
  input: RequirementRef & { paymentMethodId?: string },
): Promise<AbusePreventionTraining> {
  const refusal = await deps.db.transaction(async (tx) => {
    const loaded = await loadRequirement(tx, ctx, input, 'begin');
    requireType(loaded, RequirementType.AbusePreventionTraining);
    return trainingStartRefusal(deps, tx, loaded);
  });
  if (refusal) throw conflict(refusal);
  const current = await abusePreventionTrainingById(deps, ctx, input);
  if (openStates.has(current.state)) return current;
  const credited = await startWithCredit(deps, ctx, input);
  if (!credited) {
    if (!input.paymentMethodId)
      throw invalid([
        { field: 'paymentMethodId', in: 'body', message: 'Enter your card to pay for the training' },
      ]);
    await payForRequirements(deps, ctx, {
      plaId: input.plaId,
      definitionIds: [input.definitionId],
      paymentMethodId: input.paymentMethodId,
    });
  }
  return abusePreventionTrainingById(deps, ctx, input);
}

/**
 * POST {id}/abuse-prevention-take-training?plaId (begin: the member): enrols them through the outbox, unless the
 * course is theirs to pay and unpaid (409: take-training-and-pay charges first). A course already open is answered.
 */
export async function takeTrainingUnlessOwed(
  deps: Pick<Deps, 'db' | 'jobs' | 'integrations'>,
  ctx: RequestContext,
  ref: RequirementRef,
): Promise<AbusePreventionTraining> {
  const owed = await deps.db.transaction(async (tx) => {
    const loaded = await loadRequirement(tx, ctx, ref, 'begin');
    requireType(loaded, RequirementType.AbusePreventionTraining);
    const member = { profileId: loaded.requirement.profileId, plaId: ref.plaId };
    return mustPayFirst(tx, ctx.organizationId, member, ref.definitionId);
  });
  if (owed && !openStates.has((await abusePreventionTrainingById(deps, ctx, ref)).state))
    throw conflict('You pay for this training yourself: pay for it first (take training and pay)');
  return takeAbusePreventionTraining(deps, ctx, ref);
}
