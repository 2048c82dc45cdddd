import type { RequirementStatus } from '@touchline/contracts/requirement-status';
import {
  isRequirementTransitionAllowed,
  requirementTransitionRefusal,
  type RequirementTransition,
} from '@touchline/contracts/requirement-transitions';
import { conflict } from '../../errors.ts';

/**
 * Guards every state-changing requirement action (ADR 012): a transition not allowed from the current status is
 * a 409 with a message saying what to do instead. Services call it after loading the row, before writing.
 */
export function assertTransition(
  status: RequirementStatus,
  action: RequirementTransition,
  opts: { disqualified?: boolean } = {},
): void {
  if (!isRequirementTransitionAllowed(status, action, opts))
    throw conflict(requirementTransitionRefusal(status, action, opts));
}
