import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { id, timestamps } from './columns.ts';
import { profiles } from './members.ts';
import { organizations } from './organizations.ts';
import { memberRequirements, requirementDefinitions } from './requirements.ts';

/**
 * A member's (or guardian's) consent to share one completed credential with another organization they belong to
 * (ADR 049), owned by the sharing organization: which requirement, to which profile there, the summary shown before
 * consenting (never the report or documents), who consented, and when it was revoked. A revoked row is kept.
 */
export const credentialShares = pgTable(
  'credential_shares',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    memberRequirementId: uuid('member_requirement_id')
      .notNull()
      .references(() => memberRequirements.id),
    requirementType: smallint('requirement_type').notNull(),
    targetOrganizationId: uuid('target_organization_id')
      .notNull()
      .references(() => organizations.id),
    targetProfileId: uuid('target_profile_id')
      .notNull()
      .references(() => profiles.id),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
    consentedByUserId: uuid('consented_by_user_id').notNull(),
    consentedByProfileId: uuid('consented_by_profile_id').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedByUserId: uuid('revoked_by_user_id'),
    /** Why it stopped: 'consent-withdrawn' (the member), or the source lapsed: 'reset', 'rejected', 'expired', 'removed'. */
    revokedReason: text('revoked_reason'),
    ...timestamps(),
  },
  (t) => [
    index('credential_shares_org_profile_idx').on(t.organizationId, t.profileId, t.createdAt),
    uniqueIndex('credential_shares_live_uq')
      .on(t.organizationId, t.memberRequirementId, t.targetProfileId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * The receiving organization's copy of a shared credential's summary (ADR 049): all it ever sees of the other
 * organization, written with the consent and revoked with it in the same transaction. The requirement engine reads
 * the live ones as an input (a definition that accepts shared credentials counts them as completions).
 */
export const receivedCredentials = pgTable(
  'received_credentials',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    shareId: uuid('share_id')
      .notNull()
      .references(() => credentialShares.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    requirementType: smallint('requirement_type').notNull(),
    sourceOrganizationName: text('source_organization_name').notNull(),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
    completedOn: date('completed_on').notNull(),
    validUntil: date('valid_until'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Why it stopped counting (the share's reason, copied). */
    revokedReason: text('revoked_reason'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('received_credentials_share_uq').on(t.organizationId, t.shareId),
    index('received_credentials_org_profile_idx')
      .on(t.organizationId, t.profileId, t.requirementType)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * Whether a requirement definition accepts credentials shared from another organization instead of a new one, and
 * how old their completion may be (ADR 049). No row: it does not.
 */
export const credentialAcceptancePolicies = pgTable(
  'credential_acceptance_policies',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    definitionId: uuid('definition_id')
      .notNull()
      .references(() => requirementDefinitions.id),
    acceptsShared: boolean('accepts_shared').notNull().default(false),
    maxAgeDays: integer('max_age_days'),
    updatedByUserId: uuid('updated_by_user_id'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('credential_acceptance_policies_org_definition_uq').on(t.organizationId, t.definitionId),
  ],
);
