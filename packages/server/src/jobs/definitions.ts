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
import { incidentTriageReminderJob } from '../modules/incidents/incidents.mail.ts';
import { conditionEndSweepJob } from '../modules/incidents/conditions.service.ts';
import { partnerSyncJob, partnerSyncScheduleJob } from '../modules/partners/partners-sync.ts';
import { verificationRetentionJob } from '../modules/verification/verification-retention.ts';
import {
  identitySessionSweepJob,
  identitySessionSyncJob,
} from '../modules/verification/identity-session.jobs.ts';
import { amiliaReconcileScheduleJob } from '../modules/partners/amilia-webhooks.ts';
import { requirementRemindersJob } from '../modules/requirements/requirement-reminders.ts';
import { requirementStatusesJob } from '../modules/requirements/requirement-statuses.ts';
import { finalAdverseActionJob } from '../modules/background-checks/background-check-adverse.ts';
import { screeningPollJob, screeningSweepJob } from '../modules/background-checks/background-check.jobs.ts';
import { enrollTrainingJobWithRefund, orderBackgroundCheckJobWithRefund } from '../paid-work-failures.ts';
import {
  orderSexOffenderSearchJob,
  sexOffenderRerunJob,
} from '../modules/sex-offender-search/sex-offender-search.jobs.ts';
import {
  enrollMonitorJob,
  unenrollMonitorJob,
} from '../modules/sex-offender-search/sex-offender-monitoring.jobs.ts';
import { sexOffenderMonitorReconcileJob } from '../modules/sex-offender-search/sex-offender-monitoring.reconcile.ts';
import { sexOffenderMonitorSweepJob } from '../modules/sex-offender-search/sex-offender-monitor-reports.ts';
import { backgroundCheckRenewalJob } from '../modules/background-checks/background-check-renewal.ts';
import { usSoccerCheckJob, usSoccerRecheckJob } from '../modules/us-soccer/us-soccer.service.ts';
import {
  refreshTrainingJob,
  trainingSweepJob,
} from '../modules/abuse-prevention-training/abuse-prevention-training.sync.ts';

/**
 * Every job the product runs, so every process (web, worker, or both) creates the same queues and a worker serves
 * them all: mail delivery, received webhooks, and the sweeps that were interval timers before ADR 021, now cron jobs.
 */
export const jobDefinitions: readonly AnyJobDefinition[] = [
  mailSendJob,
  processWebhookJob,
  partnerSyncJob,
  partnerSyncScheduleJob,
  amiliaReconcileScheduleJob,
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
  incidentTriageReminderJob,
  conditionEndSweepJob,
  verificationRetentionJob,
  identitySessionSyncJob,
  identitySessionSweepJob,
];
