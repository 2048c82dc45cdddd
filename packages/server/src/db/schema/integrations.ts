import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { RegistryRecord } from '../../integrations/screening/port.ts';
import { id, timestamps } from './columns.ts';
import { profileLevelAccesses } from './members.ts';
import { organizations } from './organizations.ts';
import { memberRequirements } from './requirements.ts';

/**
 * Every webhook a vendor delivered with a valid signature, kept as received (ARCHITECTURE §2b): the same event
 * twice is one row (unique per provider and event id, checked in the transaction that stores it), and processing
 * runs from the queue, so a crash between receipt and processing loses nothing. Platform-level: the organization
 * is known only once processing has matched the event to one of our objects.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id),
    rawBody: text('raw_body').notNull(),
    state: text('state', { enum: ['received', 'processed', 'ignored', 'failed'] })
      .notNull()
      .default('received'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_events_provider_event_idx').on(t.provider, t.eventId),
    index('webhook_events_received_idx').on(t.receivedAt.desc()),
  ],
);

/**
 * A screening (background check, registry search) ordered from a vendor for a member: the vendor's ids, and its
 * state as last re-read from the vendor (webhooks only prompt the re-read). The background-check issue builds the
 * requirement flow on it.
 */
export const screeningOrders = pgTable(
  'screening_orders',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    profileLevelAccessId: uuid('profile_level_access_id').references(() => profileLevelAccesses.id),
    /** The background-check requirement the order completes (null for orders placed outside a requirement). */
    memberRequirementId: uuid('member_requirement_id').references(() => memberRequirements.id),
    vendor: text('vendor').notNull(),
    /**
     * Which account at the vendor the order was placed on, so its re-reads go there too: the TazWorks client GUID,
     * or the organization's own Yardstik sub-account; null = the deployment's own Yardstik account.
     */
    vendorAccount: text('vendor_account'),
    vendorCandidateId: text('vendor_candidate_id').notNull(),
    vendorReportId: text('vendor_report_id').notNull(),
    packageId: text('package_id').notNull(),
    /**
     * The searches the vendor listed for the package when it was ordered (its own labels, e.g. "SSN Trace"); null
     * when the vendor lists none (TazWorks products) or could not be asked: what "the same package or better" of a
     * shared check compares (ADR 049).
     */
    packageSearches: jsonb('package_searches').$type<string[]>(),
    status: text('status').notNull(),
    vendorStatus: text('vendor_status').notNull(),
    applyUrl: text('apply_url'),
    /** The vendor's page of the report for reviewers (Yardstik's `meta.report_url`). */
    reportUrl: text('report_url'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * The possible matches a sex offender registry search found (the port's RegistryRecord list), read when the
     * vendor flags the search, for the reviewer to compare; null until read (ADR 032).
     */
    registryRecords: jsonb('registry_records').$type<RegistryRecord[]>(),
    /** The monitor whose check generated the report (a continuous-monitoring hit, ADR 032); null for an order. */
    monitorId: uuid('monitor_id'),
    vendorCheckedAt: timestamp('vendor_checked_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('screening_orders_vendor_report_idx').on(t.vendor, t.vendorReportId),
    index('screening_orders_org_created_idx').on(t.organizationId, t.createdAt),
    index('screening_orders_requirement_idx').on(t.memberRequirementId, t.createdAt),
    index('screening_orders_open_idx').on(t.status, t.vendorCheckedAt),
  ],
);

/**
 * A member's sex offender search under the vendor's continuous monitoring (ADR 032): one row per requirement,
 * enrolled with the member's evergreen consent after their first clear search, ended when the requirement is
 * unassigned, the member leaves or withdraws consent. `status`: enrolling (the enrolment job is queued), active
 * (the vendor checks daily), unenrolling (the unenrolment job is queued), inactive (ended; the cadence re-run
 * resumes), failed (the vendor refused the enrolment; the cadence re-run goes on).
 */
export const screeningMonitors = pgTable(
  'screening_monitors',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    memberRequirementId: uuid('member_requirement_id')
      .notNull()
      .references(() => memberRequirements.id),
    vendor: text('vendor').notNull(),
    /** The account at the vendor (an organization's Yardstik sub-account; null = the deployment's). */
    vendorAccount: text('vendor_account'),
    vendorCandidateId: text('vendor_candidate_id'),
    vendorMonitorId: text('vendor_monitor_id'),
    packageId: text('package_id'),
    status: text('status', { enum: ['enrolling', 'active', 'unenrolling', 'inactive', 'failed'] }).notNull(),
    vendorStatus: text('vendor_status'),
    /** The evergreen consent (requirement submission) the enrolment rests on. */
    consentSubmissionId: uuid('consent_submission_id'),
    /** Why it ended or is ending: unassigned, consent-withdrawn, monitoring-off, adverse-action, disqualified, vendor (deactivated there). */
    endReason: text('end_reason'),
    lastError: text('last_error'),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    vendorCheckedAt: timestamp('vendor_checked_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('screening_monitors_requirement_uq').on(t.memberRequirementId),
    index('screening_monitors_vendor_monitor_idx').on(t.vendor, t.vendorMonitorId),
    index('screening_monitors_vendor_candidate_idx').on(t.vendor, t.vendorCandidateId),
    index('screening_monitors_status_idx').on(t.status, t.vendorCheckedAt),
  ],
);
