import type { BackgroundCheckView } from '@touchline/contracts/background-checks';
import type { Deps, RequestContext } from '../../deps.ts';
import { conflict, invalid } from '../../errors.ts';
import { payForRequirements, startWithCredit } from '../billing/billing.service.ts';
import { backgroundCheckById, memberPaidCheckRefusal } from './background-check.service.ts';
import type { RequirementRef } from '../../requirement-core/requirement-target.ts';

/**
 * POST {id}/run-and-pay-background-check-user?plaId (the member pays, ADR 031): nothing is charged for a check that
 * cannot be ordered (no consent, under way, no vendor). A check already paid for (bulk-payment before consent) is
 * ordered with that payment; otherwise the member's card is charged through the billing port and the check is
 * ordered in the transaction that records the payment; an order that cannot be placed then is refunded.
 */
export async function runAndPayBackgroundCheck(
  deps: Pick<Deps, 'db' | 'jobs' | 'integrations' | 'log' | 'appUrl'>,
  ctx: RequestContext,
  input: RequirementRef & { paymentMethodId?: string },
): Promise<BackgroundCheckView> {
  const { refusal, ordered, view } = await memberPaidCheckRefusal(deps, ctx, input);
  if (ordered) return view;
  if (refusal) throw conflict(refusal);
  const credited = await startWithCredit(deps, ctx, input);
  if (!credited) {
    if (!input.paymentMethodId)
      throw invalid([
        { field: 'paymentMethodId', in: 'body', message: 'Enter your card to pay for the check' },
      ]);
    await payForRequirements(deps, ctx, {
      plaId: input.plaId,
      definitionIds: [input.definitionId],
      paymentMethodId: input.paymentMethodId,
    });
  }
  return backgroundCheckById(deps, ctx, input);
}
