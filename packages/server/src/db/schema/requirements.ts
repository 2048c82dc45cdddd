import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { deletedAt, id, timestamps } from './columns.ts';
import { storedFiles } from './files.ts';
import { hierarchyLevels } from './hierarchy-levels.ts';
import { labels, profileLevelAccesses, profiles } from './members.ts';
import { organizations } from './organizations.ts';

/**
 * A requirement definition in the organization's content library (spec §3 "content with order and assignments"):
 * one of the 12 requirement types (spec §4 numbers), its rules (optional, validity, due date, expiring-soon
 * window, reminder frequency) and its type-specific content in `content` (shapes in contracts/content).
 */
export const requirementDefinitions = pgTable(
  'requirement_definitions',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    type: smallint('type').notNull(),
    name: text('name').notNull(),
    instructions: text('instructions').notNull().default(''),
    isOptional: boolean('is_optional').notNull().default(false),
    validityMode: text('validity_mode').notNull().default('None'),
    /** Duration mode: how many days a completion stays valid. */
    validityDays: integer('validity_days'),
    /** Annual mode: the yearly renewal date, 'MM-DD'. */
    annualRenewalDate: text('annual_renewal_date'),
    /** A fixed due date, or a number of days after the requirement is assigned. */
    dueDate: date('due_date'),
    dueInDays: integer('due_in_days'),
    expiringSoonDays: integer('expiring_soon_days').notNull().default(30),
    reminderFrequency: text('reminder_frequency'),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * What a member pays when they pay for this requirement themselves (minor units of `member_price_currency`):
     * the definition's payer is the member, or the member's role lists it among its paid requirements (ADR 031).
     * Null: no price set, so nobody is asked to pay.
     */
    memberPrice: integer('member_price'),
    /** Who pays for this requirement for every role: `organization`, or `member` (at `member_price`). */
    payer: text('payer').notNull().default('organization'),
    memberPriceCurrency: char('member_price_currency', { length: 3 }).notNull().default('usd'),
    content: jsonb('content')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [index('requirement_definitions_org_order_idx').on(t.organizationId, t.sortOrder)],
);

/** A saved version of a form definition: a member's answers always refer to the version they filled in. */
export const formVersions = pgTable(
  'form_versions',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    definitionId: uuid('definition_id')
      .notNull()
      .references(() => requirementDefinitions.id),
    version: integer('version').notNull(),
    fields: jsonb('fields').$type<unknown[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('form_versions_org_definition_version_uq').on(t.organizationId, t.definitionId, t.version),
  ],
);

/**
 * A definition assigned to a role label at a level: it applies to members holding that label at the level or any
 * level below it. Removing an assignment soft-deletes it, so history says what applied when.
 */
export const contentAssignments = pgTable(
  'content_assignments',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    definitionId: uuid('definition_id')
      .notNull()
      .references(() => requirementDefinitions.id),
    hierarchyLevelId: uuid('hierarchy_level_id')
      .notNull()
      .references(() => hierarchyLevels.id),
    labelId: uuid('label_id')
      .notNull()
      .references(() => labels.id),
    createdByUserId: uuid('created_by_user_id'),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('content_assignments_org_definition_idx').on(t.organizationId, t.definitionId),
    index('content_assignments_org_label_idx').on(t.organizationId, t.labelId),
  ],
);

/**
 * One requirement instance per member (profile) and definition: the facts the status function reads, and the
 * status it derived (stored, indexed, for the dashboard). `active` false = the member no longer has it (role or
 * level changed); the row and its history stay.
 */
export const memberRequirements = pgTable(
  'member_requirements',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    definitionId: uuid('definition_id')
      .notNull()
      .references(() => requirementDefinitions.id),
    /** The access through which it was (last) assigned: the plaId of the spec's calls. */
    profileLevelAccessId: uuid('profile_level_access_id').references(() => profileLevelAccesses.id),
    active: boolean('active').notNull().default(true),
    status: smallint('status').notNull().default(RequirementStatus.Incomplete),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    dueDate: date('due_date'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: date('expires_at'),
    /** A completion awaiting a reviewer (review issue). */
    pendingReview: boolean('pending_review').notNull().default(false),
    reviewOutcome: smallint('review_outcome'),
    /** 1 WaitingOnApplicant / 2 WaitingOnProvider while a vendor flow runs (later issue). */
    waitingOn: smallint('waiting_on'),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    /** Why the completion awaits a reviewer (contracts ReviewSource: ManualUpload…); set with pending_review. */
    reviewSource: text('review_source'),
    remindersSent: integer('reminders_sent').notNull().default(0),
    nextReminderOn: date('next_reminder_on'),
    statusEvaluatedOn: date('status_evaluated_on'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('member_requirements_org_profile_definition_uq').on(
      t.organizationId,
      t.profileId,
      t.definitionId,
    ),
    index('member_requirements_org_status_idx').on(t.organizationId, t.status),
    index('member_requirements_org_definition_idx').on(t.organizationId, t.definitionId),
    // The reviewer queue: pending completions of an organization, oldest first (ADR 015).
    index('member_requirements_org_pending_review_idx')
      .on(t.organizationId, t.completedAt, t.id)
      .where(sql`${t.pendingReview}`),
    // The dashboard (ADR 016): a member's active requirements and their statuses, from the index alone.
    index('member_requirements_org_profile_active_status_idx')
      .on(t.organizationId, t.profileId, t.status, t.definitionId)
      .where(sql`${t.active}`),
  ],
);

/**
 * What a member handed in for a requirement: form answers, a typed-name signature, watched video intervals, a
 * date completed without upload. A newer submission supersedes the older (superseded_at), never deletes it.
 */
export const requirementSubmissions = pgTable(
  'requirement_submissions',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    memberRequirementId: uuid('member_requirement_id')
      .notNull()
      .references(() => memberRequirements.id),
    kind: text('kind').notNull(),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [index('requirement_submissions_org_requirement_idx').on(t.organizationId, t.memberRequirementId)],
);

/** Files attached to a member's requirement (documents, form attachments, certificates), kept in storage. */
export const requirementFiles = pgTable(
  'requirement_files',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    memberRequirementId: uuid('member_requirement_id')
      .notNull()
      .references(() => memberRequirements.id),
    storedFileId: uuid('stored_file_id')
      .notNull()
      .references(() => storedFiles.id),
    /** 'document', 'form-attachment:<fieldId>', 'certificate'… */
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: deletedAt(),
  },
  (t) => [index('requirement_files_org_requirement_idx').on(t.organizationId, t.memberRequirementId)],
);

/** Every change of a member's requirement: who, what action, status before and after. Never deleted. */
export const requirementEvents = pgTable(
  'requirement_events',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    memberRequirementId: uuid('member_requirement_id')
      .notNull()
      .references(() => memberRequirements.id),
    action: text('action').notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status'),
    actorUserId: uuid('actor_user_id'),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('requirement_events_org_requirement_idx').on(t.organizationId, t.memberRequirementId, t.createdAt),
  ],
);

/**
 * Every review decision (ADR 015): who decided, the outcome (contracts ReviewOutcome), the notes, why it was in
 * review and the completion date it judged. Never deleted or updated: the Historical tab and the audit read it.
 */
export const requirementReviews = pgTable(
  'requirement_reviews',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    memberRequirementId: uuid('member_requirement_id')
      .notNull()
      .references(() => memberRequirements.id),
    reviewerUserId: uuid('reviewer_user_id').notNull(),
    reviewerProfileId: uuid('reviewer_profile_id'),
    outcome: smallint('outcome').notNull(),
    notes: text('notes').notNull().default(''),
    reviewSource: text('review_source').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The bulk-review call that made it, when it was one (one id per call). */
    batchId: uuid('batch_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('requirement_reviews_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('requirement_reviews_org_requirement_idx').on(t.organizationId, t.memberRequirementId, t.createdAt),
  ],
);
