import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { hierarchyLevels } from './hierarchy-levels.ts';
import { labels, profileLevelAccesses, profiles } from './members.ts';
import { organizations } from './organizations.ts';

/**
 * An organization's connection to a league-management partner (issue 31, ADR 041): the partner's site and its
 * credentials, sealed (AES-256-GCM bound to the connection id; never answered back), what the partner answered the
 * last test with, and where the roster sync stands (the export cursor, resumable). One per organization and provider.
 */
export const partnerConnections = pgTable(
  'partner_connections',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    providerType: text('provider_type').notNull(),
    siteId: text('site_id').notNull(),
    credentialsSealed: text('credentials_sealed').notNull(),
    connectedAs: text('connected_as').notNull(),
    state: text('state').notNull().default('connected'),
    /** The export cursor after the last record applied (LeagueApps: last-updated and last-id). */
    cursor: jsonb('cursor').$type<{ lastUpdated: number; lastId: string }>(),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastSyncError: text('last_sync_error'),
    createdByUserId: uuid('created_by_user_id'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('partner_connections_org_provider_uq').on(t.organizationId, t.providerType)],
);

/** A partner program mapped once to a level and a role label of ours (where its registrations land). */
export const partnerProgramMappings = pgTable(
  'partner_program_mappings',
  {
    id: id(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => partnerConnections.id, { onDelete: 'cascade' }),
    programId: text('program_id').notNull(),
    hierarchyLevelId: uuid('hierarchy_level_id')
      .notNull()
      .references(() => hierarchyLevels.id),
    labelId: uuid('label_id')
      .notNull()
      .references(() => labels.id),
    /** A partner registration role (PLAYER, COACH…) mapped to another label of ours than `label_id`. */
    roleLabels: jsonb('role_labels').$type<Record<string, string>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [uniqueIndex('partner_program_mappings_uq').on(t.connectionId, t.programId)],
);

/**
 * A partner registration as last read (one row per partner and registration: replays, reordering and two workers
 * update the one row, never make a second member). `status`: pending (not paid or not placed), unmapped (its program
 * has no level yet), invited (an invitation or membership made: `profile_level_access_id`), withdrawn (the access
 * archived). `prefill` is what the partner knows of the member, kept only while the invitation is open.
 */
export const partnerRegistrations = pgTable(
  'partner_registrations',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => partnerConnections.id, { onDelete: 'cascade' }),
    registrationId: text('registration_id').notNull(),
    memberId: text('member_id').notNull(),
    programId: text('program_id').notNull(),
    programName: text('program_name').notNull(),
    role: text('role').notNull(),
    status: text('status').notNull(),
    partnerUpdatedAt: bigint('partner_updated_at', { mode: 'number' }).notNull(),
    profileLevelAccessId: uuid('profile_level_access_id').references(() => profileLevelAccesses.id),
    prefill: jsonb('prefill').$type<Record<string, unknown>>(),
    /**
     * A registration for a child (the partner names a guardian with an e-mail, the child has none of their own): the
     * guardian's access (invited or reused; ADR 041 part five), whether this sync made it (only then may a
     * withdrawal archive it), and what the partner knows of the guardian (prefill of their own details; null once
     * used or dismissed).
     */
    guardianProfileLevelAccessId: uuid('guardian_profile_level_access_id').references(
      () => profileLevelAccesses.id,
    ),
    guardianAccessMade: boolean('guardian_access_made').notNull().default(false),
    guardianPrefill: jsonb('guardian_prefill').$type<Record<string, unknown>>(),
    attempts: integer('attempts').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('partner_registrations_uq').on(t.connectionId, t.registrationId),
    index('partner_registrations_access_idx').on(t.profileLevelAccessId),
    index('partner_registrations_guardian_access_idx').on(t.guardianProfileLevelAccessId),
  ],
);

/**
 * A Touchline account linked to a partner's member id (partner sign-in, ADR 041): made when the member, signed in to
 * Touchline, approves a partner's sign-in request whose assertion names a member of this organization they hold (or
 * whose guardian they are). `client_id` is the partner OAuth client that asked. Unlinking keeps the row
 * (`unlinked_at`, audited); one live link per partner member.
 */
export const partnerAccountLinks = pgTable(
  'partner_account_links',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => partnerConnections.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    userId: uuid('user_id').notNull(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    profileLevelAccessId: uuid('profile_level_access_id')
      .notNull()
      .references(() => profileLevelAccesses.id),
    clientId: text('client_id').notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
    unlinkedAt: timestamp('unlinked_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('partner_account_links_live_uq')
      .on(t.connectionId, t.externalId)
      .where(sql`${t.unlinkedAt} IS NULL`),
    index('partner_account_links_user_idx').on(t.organizationId, t.userId),
  ],
);
