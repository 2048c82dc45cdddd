import { refundFailedPaidWork } from './modules/billing/member-payments.settle.ts';
import { abandonScreeningOrder } from './modules/background-checks/background-check-order-failure.ts';
import { orderBackgroundCheckJob } from './modules/background-checks/background-check.jobs.ts';
import { abandonTrainingEnrollment } from './modules/abuse-prevention-training/abuse-prevention-training-enroll-failure.ts';
import { enrollTrainingJob } from './modules/abuse-prevention-training/abuse-prevention-training.sync.ts';
import type { JobDefinition } from './jobs/queue.ts';

// When paid work fails for good: the wiring between the order jobs (requirements) and the member's refund
// (billing), outside the modules as paid-work.ts is, so neither module reaches into the other (ADR 031).

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

type OrderPayload = (typeof orderBackgroundCheckJob)['payload']['_output'];

/**
 * The background-check order job, with what happens when it fails for good (the vendor refused the order, or its
 * retries ran out) before the vendor took the order: in one transaction the consent is retired, the requirement
 * stops waiting on the vendor, what the member paid for it is refunded through the outbox (refund, payment state
 * and e-mail by `billing.refund-member-payment-item`), and the requirement's history records the failure and the
 * refund. An organization-paid order is given up the same way with nothing to refund; a renewal order (no consent
 * carries its id) is left on the dead-letter page.
 */
export const orderBackgroundCheckJobWithRefund: JobDefinition<OrderPayload> = {
  ...orderBackgroundCheckJob,
  async giveUp(deps, payload, ctx) {
    const gaveUp = await deps.db.transaction((tx) =>
      abandonScreeningOrder(tx, { ...payload, reason: reasonOf(ctx.error) }, (inner) =>
        refundFailedPaidWork(deps, inner, payload),
      ),
    );
    deps.log.warn(
      { orderId: payload.orderId, memberRequirementId: payload.memberRequirementId, gaveUp },
      gaveUp ? 'background-check order given up; any member payment is refunded' : 'order not given up',
    );
  },
};

type EnrollPayload = (typeof enrollTrainingJob)['payload']['_output'];

/**
 * The course enrolment job, with the same give-up: while the provider has not enrolled the member, the enrolment
 * is removed, the requirement stops waiting, what the member paid for the training is refunded through the
 * outbox, and the history records both.
 */
export const enrollTrainingJobWithRefund: JobDefinition<EnrollPayload> = {
  ...enrollTrainingJob,
  async giveUp(deps, payload, ctx) {
    const gaveUp = await deps.db.transaction((tx) =>
      abandonTrainingEnrollment(tx, { ...payload, reason: reasonOf(ctx.error) }, (inner, target) =>
        refundFailedPaidWork(deps, inner, target),
      ),
    );
    deps.log.warn(
      { enrollmentId: payload.enrollmentId, gaveUp },
      gaveUp ? 'course enrolment given up; any member payment is refunded' : 'enrolment not given up',
    );
  },
};
