import {
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  boolean,
  integer,
} from 'drizzle-orm/pg-core';
import { deletedAt, id, timestamps } from './columns.ts';
import { organizations } from './organizations.ts';
import { memberRequirements } from './requirements.ts';

/**
 * The last license lookup of a member's US Soccer requirement (ADR 032): which id was looked up, at which provider
 * (a sandbox says so), how the record's name matched the member, the licenses as the provider listed them, and
 * which one satisfies the definition. One row per member requirement, replaced by each lookup.
 */
export const usSoccerLicenseChecks = pgTable(
  'us_soccer_license_checks',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    memberRequirementId: uuid('member_requirement_id')
      .notNull()
      .references(() => memberRequirements.id),
    ussfId: text('ussf_id').notNull(),
    provider: text('provider').notNull(),
    sandbox: boolean('sandbox').notNull().default(false),
    match: text('match', { enum: ['matched', 'name_mismatch', 'not_found'] }).notNull(),
    recordName: text('record_name'),
    recordDateOfBirth: date('record_date_of_birth'),
    licenses: jsonb('licenses').$type<Record<string, unknown>[]>().notNull(),
    satisfiedCode: text('satisfied_code'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('us_soccer_license_checks_requirement_uq').on(t.memberRequirementId)],
);

/**
 * An organization's LiveScan request forms and locations by state (ADR 032): where members are fingerprinted and
 * the agency details (ORI, agency name and address, mail code) the request form is pre-filled with. Admin-managed.
 */
export const liveScanLocations = pgTable(
  'live_scan_locations',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    state: text('state').notNull(),
    name: text('name').notNull(),
    requestFormUrl: text('request_form_url'),
    locationsUrl: text('locations_url'),
    ori: text('ori').notNull(),
    agencyName: text('agency_name').notNull(),
    agencyAddress: text('agency_address'),
    mailCode: text('mail_code'),
    levelOfService: text('level_of_service'),
    typeOfApplicant: text('type_of_applicant'),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [index('live_scan_locations_org_state_idx').on(t.organizationId, t.state)],
);

/**
 * A member's abuse-prevention course at the training provider (ADR 032): one row per member requirement, written
 * when the member takes the training and updated from the provider (webhook, poll, daily sweep). The provider's
 * learner and course ids, the state as last read, and the certificate kept as the requirement's evidence.
 */
export const trainingEnrollments = pgTable(
  'training_enrollments',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    memberRequirementId: uuid('member_requirement_id')
      .notNull()
      .references(() => memberRequirements.id),
    provider: text('provider').notNull(),
    sandbox: boolean('sandbox').notNull().default(false),
    courseId: text('course_id').notNull(),
    /** The provider's learner id, once enrolled (null while the enrolment job has not run). */
    learnerId: text('learner_id'),
    state: text('state', { enum: ['enrolling', 'not_started', 'in_progress', 'completed'] }).notNull(),
    percent: integer('percent').notNull().default(0),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    certificateId: text('certificate_id'),
    /**
     * A retake (the annual refresher after expiry, ADR 032): the earlier completion a new one must come after. The
     * enrolment job resets the course at the provider while it still shows that completion; null on a first take.
     */
    retakeAfter: timestamp('retake_after', { withTimezone: true }),
    /** How many times the course was taken through this row (1, then 2 on the first retake…); keys the enrol job. */
    attempt: integer('attempt').notNull().default(1),
    /** The requirement file holding the certificate PDF. */
    certificateFileId: uuid('certificate_file_id'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('training_enrollments_requirement_uq').on(t.memberRequirementId),
    index('training_enrollments_learner_idx').on(t.provider, t.learnerId, t.courseId),
  ],
);
