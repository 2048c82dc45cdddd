import { RequirementType } from '@touchline/contracts/requirement-types';
import type { AuditActor } from './db/audit.ts';
import type { Executor } from './db/client.ts';
import type { Deps } from './deps.ts';
import { startPaidTraining } from './modules/abuse-prevention-training/abuse-prevention-training.service.ts';
import { startPaidBackgroundCheck } from './modules/background-checks/background-check.service.ts';

// The wiring between member payments (billing) and the requirement types whose work a payment starts: outside the
// modules, as integrations-wiring.ts is, so neither module reaches into the other's internals.

/**
 * Starts the work a member paid for, in the transaction that records the payment: `started` (the item is used),
 * `waiting` (the payment stays a credit until the member can start, e.g. a background check before consent),
 * `cannot-start` (the item is refunded through the outbox).
 */
export type PaidWorkStarter = (
  deps: Pick<Deps, 'integrations' | 'jobs'>,
  tx: Executor,
  input: { organizationId: string; memberRequirementId: string; actor: AuditActor },
) => Promise<'started' | 'waiting' | 'cannot-start'>;

/**
 * The paid work of each requirement type (ADR 031). A type without a starter has nothing to start: its payment
 * stays a credit on the requirement. Abuse-prevention training's starter enrols the member in the course.
 */
export const paidWorkStarters: Partial<Record<RequirementType, PaidWorkStarter>> = {
  [RequirementType.BackgroundCheck]: startPaidBackgroundCheck,
  [RequirementType.AbusePreventionTraining]: startPaidTraining,
};
