import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { storedFiles } from './files.ts';
import { hierarchyLevels } from './hierarchy-levels.ts';
import { profiles } from './members.ts';
import { organizations } from './organizations.ts';
import { requirementDefinitions } from './requirements.ts';

/** An organization's incident settings (ADR 040): who may read incidents and how soon one must be triaged. */
export const incidentSettings = pgTable('incident_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  /** The roles granted incident access at their level and below (TouchlineAdmin always has it). */
  accessRoles: text('access_roles')
    .array()
    .notNull()
    .default(sql`array['Admin','Director']::text[]`),
  triageHours: integer('triage_hours').notNull().default(24),
  /** The types whose reports tell an involved child's guardian; null: each type's own default (ADR 040). */
  guardianNoticeTypes: text('guardian_notice_types').array(),
  /**
   * The organization's return-to-play clearance requirement (a Document definition, made when first needed): a
   * member under a condition lifted by a document holds it, so the clearance is reviewed in the queue (ADR 040).
   */
  clearanceDefinitionId: uuid('clearance_definition_id').references(() => requirementDefinitions.id),
  ...timestamps(),
});

/** An organization's own incident types beside the built-ins (ADR 040). */
export const incidentTypes = pgTable(
  'incident_types',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    removesFromPlay: boolean('removes_from_play').notNull().default(false),
    mandatoryReporting: boolean('mandatory_reporting').notNull().default(false),
    notifiesGuardian: boolean('notifies_guardian').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index('incident_types_org_code_idx').on(t.organizationId, t.code)],
);

/** A reported incident (ADR 040): the latest state; what changed and who changed it is in incident_history. */
export const incidents = pgTable(
  'incidents',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    hierarchyLevelId: uuid('hierarchy_level_id')
      .notNull()
      .references(() => hierarchyLevels.id),
    /** The level's path when reported, so access is a prefix test (ADR 002). */
    levelPath: text('level_path').notNull(),
    typeCode: text('type_code').notNull(),
    typeName: text('type_name').notNull(),
    typeDescription: text('type_description').notNull(),
    mandatoryReporting: boolean('mandatory_reporting').notNull().default(false),
    status: text('status').notNull().default('Reported'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    venue: text('venue'),
    whatHappened: text('what_happened').notNull(),
    actionTaken: text('action_taken'),
    reportedByProfileId: uuid('reported_by_profile_id')
      .notNull()
      .references(() => profiles.id),
    reportedByUserId: uuid('reported_by_user_id').notNull(),
    assigneeProfileId: uuid('assignee_profile_id').references(() => profiles.id),
    triageDueAt: timestamp('triage_due_at', { withTimezone: true }).notNull(),
    mandatoryReportDueAt: timestamp('mandatory_report_due_at', { withTimezone: true }),
    authoritiesReportedAt: timestamp('authorities_reported_at', { withTimezone: true }),
    authoritiesReportedTo: text('authorities_reported_to'),
    safeSportReportedAt: timestamp('safesport_reported_at', { withTimezone: true }),
    safeSportReference: text('safesport_reference'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('incidents_org_path_idx').on(t.organizationId, t.levelPath),
    index('incidents_org_reporter_idx').on(t.organizationId, t.reportedByProfileId),
  ],
);

/** The people involved in an incident: members (profile_id) or people who are not (name only). */
export const incidentPeople = pgTable(
  'incident_people',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id),
    profileId: uuid('profile_id').references(() => profiles.id),
    name: text('name').notNull(),
    role: text('role').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('incident_people_org_incident_idx').on(t.organizationId, t.incidentId),
    index('incident_people_org_profile_idx').on(t.organizationId, t.profileId),
  ],
);

/** An attachment of an incident (photos, medical notes), kept in stored_files; archived, never deleted. */
export const incidentDocuments = pgTable(
  'incident_documents',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    uploadedByProfileId: uuid('uploaded_by_profile_id').references(() => profiles.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [index('incident_documents_org_incident_idx').on(t.organizationId, t.incidentId)],
);

/** The incident's history, append-only (a trigger refuses update and delete, migration 0031). */
export const incidentHistory = pgTable(
  'incident_history',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id),
    actorUserId: uuid('actor_user_id'),
    actorProfileId: uuid('actor_profile_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes')
      .$type<Record<string, { from: unknown; to: unknown }>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    note: text('note'),
    /** The order entries were written in (several share a transaction's timestamp). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('incident_history_org_incident_idx').on(t.organizationId, t.incidentId, t.seq)],
);

/** A restriction or requirement on a member (ADR 040), from an incident or on its own, until lifted. */
export const memberConditions = pgTable(
  'member_conditions',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    incidentId: uuid('incident_id').references(() => incidents.id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    details: text('details'),
    restrictsPlay: boolean('restricts_play').notNull(),
    visibility: text('visibility').notNull(),
    liftedBy: text('lifted_by').notNull(),
    status: text('status').notNull().default('Active'),
    setByProfileId: uuid('set_by_profile_id').references(() => profiles.id),
    setByName: text('set_by_name'),
    until: date('until'),
    clearanceFileId: uuid('clearance_file_id').references(() => storedFiles.id),
    clearanceSubmittedAt: timestamp('clearance_submitted_at', { withTimezone: true }),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedByName: text('lifted_by_name'),
    liftNote: text('lift_note'),
    ...timestamps(),
  },
  (t) => [index('member_conditions_org_profile_idx').on(t.organizationId, t.profileId)],
);
