import { RequirementType } from '@touchline/contracts/requirement-types';
import type { PaidWorkStarter } from './deps.ts';
import { startPaidTraining } from './modules/abuse-prevention-training/abuse-prevention-training.service.ts';
import { startPaidBackgroundCheck } from './modules/background-checks/background-check.service.ts';

// The wiring between member payments (billing) and the requirement types whose work a payment starts: outside the
// modules, as integrations-wiring.ts is, so neither module reaches into the other's internals. Billing finds these
// through its deps (Integrations.paidWork), never by importing this file.

/**
 * The paid work of each requirement type (ADR 031). A type without a starter has nothing to start: its payment
 * stays a credit on the requirement. Abuse-prevention training's starter enrols the member in the course.
 */
export const paidWorkStarters: Partial<Record<RequirementType, PaidWorkStarter>> = {
  [RequirementType.BackgroundCheck]: startPaidBackgroundCheck,
  [RequirementType.AbusePreventionTraining]: startPaidTraining,
};
