import { processWebhookJob } from '../integrations/webhooks/webhook-inbox.ts';
import { mailSendJob } from '../mail/outbox.ts';
import {
  billingReconciliationJob,
  mirrorCustomerJob,
  startSubscriptionJob,
} from '../modules/billing/billing-sync.ts';
import {
  refundMemberPaymentItemJob,
  settleMemberPaymentJob,
} from '../modules/billing/member-payments.settle.ts';
import { invitationRemindersJob } from '../modules/invitations/invitation-reminders.ts';
import type { AnyJobDefinition } from './queue.ts';
import { verificationRetentionJob } from '../modules/verification/verification-retention.ts';
import { requirementRemindersJob } from '../modules/requirements/requirement-reminders.ts';
import { requirementStatusesJob } from '../modules/requirements/requirement-statuses.ts';
import { finalAdverseActionJob } from '../modules/requirements/background-check-adverse.ts';
import { screeningPollJob, screeningSweepJob } from '../modules/requirements/background-check.jobs.ts';
import { enrollTrainingJobWithRefund, orderBackgroundCheckJobWithRefund } from '../paid-work-failures.ts';
import {
  orderSexOffenderSearchJob,
  sexOffenderRerunJob,
} from '../modules/requirements/sex-offender-search.jobs.ts';
import {
  enrollMonitorJob,
  unenrollMonitorJob,
} from '../modules/requirements/sex-offender-monitoring.jobs.ts';
import { sexOffenderMonitorReconcileJob } from '../modules/requirements/sex-offender-monitoring.reconcile.ts';
import { sexOffenderMonitorSweepJob } from '../modules/requirements/sex-offender-monitor-reports.ts';
import { backgroundCheckRenewalJob } from '../modules/requirements/background-check-renewal.ts';
import { usSoccerCheckJob, usSoccerRecheckJob } from '../modules/requirements/us-soccer.service.ts';
import {
  refreshTrainingJob,
  trainingSweepJob,
} from '../modules/requirements/abuse-prevention-training.sync.ts';

/**
 * Every job the product runs, so every process (web, worker, or both) creates the same queues and a worker serves
 * them all: mail delivery, received webhooks, and the sweeps that were interval timers before ADR 021, now cron jobs.
 */
export const jobDefinitions: readonly AnyJobDefinition[] = [
  mailSendJob,
  processWebhookJob,
  invitationRemindersJob,
  requirementStatusesJob,
  requirementRemindersJob,
  startSubscriptionJob,
  mirrorCustomerJob,
  billingReconciliationJob,
  settleMemberPaymentJob,
  refundMemberPaymentItemJob,
  orderBackgroundCheckJobWithRefund,
  screeningSweepJob,
  screeningPollJob,
  backgroundCheckRenewalJob,
  finalAdverseActionJob,
  usSoccerCheckJob,
  usSoccerRecheckJob,
  enrollTrainingJobWithRefund,
  refreshTrainingJob,
  trainingSweepJob,
  orderSexOffenderSearchJob,
  sexOffenderRerunJob,
  enrollMonitorJob,
  unenrollMonitorJob,
  sexOffenderMonitorReconcileJob,
  sexOffenderMonitorSweepJob,
  verificationRetentionJob,
];
