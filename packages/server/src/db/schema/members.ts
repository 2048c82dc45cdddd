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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { ActiveStatus, MemberOverallStatus } from '@touchline/contracts/members';
import { citext, deletedAt, id, timestamps } from './columns.ts';
import { hierarchyLevels } from './hierarchy-levels.ts';
import { organizations } from './organizations.ts';

/** Role labels an organization names for its members (Coach, Volunteer, Player…); one is the default. */
export const labels = pgTable(
  'labels',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * The organization role a holder of this label has at the label's level and below (Admin, Account Manager,
     * Director, Manager), or null for a plain member label (Player, Coach…). ADR 007.
     */
    role: text('role'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Whether holders check members in at the field (game day, ADR 044): set in the roles' settings. */
    checksMembersIn: boolean('checks_members_in').notNull().default(false),
    /** The dashboard's Role sort key (ADR 016): the name unaccented and lower-cased, kept by the database. */
    nameSortKey: text('name_sort_key').generatedAlwaysAs(sql`touchline_search_key(name)`),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex('labels_org_name_uq')
      .on(t.organizationId, t.name)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** A person within one organization; app_user_id links the identity account once the invite is accepted. */
export const profiles = pgTable(
  'profiles',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    appUserId: uuid('app_user_id'),
    guardianProfileId: uuid('guardian_profile_id').references((): AnyPgColumn => profiles.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: citext('email'),
    dateOfBirth: date('date_of_birth'),
    photoFileId: uuid('photo_file_id'),
    ussfId: text('ussf_id'),
    /** Citizenship answers (spec §3 "citizenship data"; its shape is ours, contracts/profiles). */
    citizenship: jsonb('citizenship').$type<Record<string, unknown>>(),
    /**
     * The dashboard's sort keys (ADR 016), kept by the database on every write: last then first name, and the
     * e-mail, unaccented and lower-cased (compared byte-wise, collate "C"), so a million-row sort reads a column
     * instead of calling unaccent per row.
     */
    nameSortKey: text('name_sort_key').generatedAlwaysAs(
      sql`touchline_search_key(last_name) || chr(1) || touchline_search_key(first_name)`,
    ),
    emailSortKey: text('email_sort_key').generatedAlwaysAs(sql`touchline_search_key(email::text)`),
    /** What the dashboard's search matches (a substring of name or e-mail), behind a trigram index (migration 0009). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`touchline_profile_search_text(first_name, last_name, email::text)`,
    ),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('profiles_org_user_idx').on(t.organizationId, t.appUserId),
    index('profiles_org_email_idx').on(t.organizationId, t.email),
  ],
);

/** Profile-level access (PLA): a profile's membership of one level with one role label. */
/**
 * The dashboard's name order over live accesses, with every column a filter reads beside the access id: the walk
 * index and its sample (ADR 016, 017) share it.
 */
function nameWalkColumns<C>(
  t: Record<
    | 'organizationId'
    | 'nameSortKey'
    | 'id'
    | 'labelId'
    | 'groupMembershipStatus'
    | 'overallStatus'
    | 'requirementStatuses',
    C
  >,
) {
  return [
    t.organizationId,
    sql`${t.nameSortKey} collate "C"`,
    t.id,
    t.labelId,
    t.groupMembershipStatus,
    t.overallStatus,
    t.requirementStatuses,
  ] as const;
}

export const profileLevelAccesses = pgTable(
  'profile_level_accesses',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    hierarchyLevelId: uuid('hierarchy_level_id')
      .notNull()
      .references(() => hierarchyLevels.id),
    labelId: uuid('label_id')
      .notNull()
      .references(() => labels.id),
    groupMembershipStatus: smallint('group_membership_status').notNull().default(ActiveStatus.Active),
    overallStatus: smallint('overall_status').notNull().default(MemberOverallStatus.NotActivated),
    /** The member's id in a partner's system (league-management integrations, plas-by-external-id). */
    externalId: text('external_id'),
    /**
     * The dashboard's copies (ADR 016, migration 0010), so the members list reads no other table until its page is
     * picked: the level's materialized path and the profile's sort keys, kept by triggers on every write of the
     * access, its level or its profile (no code path can forget them).
     */
    levelPath: text('level_path').notNull().default(''),
    nameSortKey: text('name_sort_key').notNull().default(''),
    emailSortKey: text('email_sort_key'),
    /**
     * The member's requirement statuses as a set (bit n: an active requirement in status n) and their newest change,
     * written by the requirement engine with the overall status (ADR 012, 016): the dashboard filters and counts them
     * without reading requirements.
     */
    requirementStatuses: smallint('requirement_statuses').notNull().default(0),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    ...timestamps(),
    /** Archived (spec: DELETE profile-level-access archives and keeps history), with who archived it. */
    deletedAt: deletedAt(),
    archivedByUserId: uuid('archived_by_user_id'),
  },
  (t) => [
    index('plas_org_level_idx').on(t.organizationId, t.hierarchyLevelId),
    index('plas_org_external_idx').on(t.organizationId, t.externalId),
    index('plas_org_profile_idx').on(t.organizationId, t.profileId),
    index('plas_org_status_idx').on(t.organizationId, t.overallStatus),
    // The dashboard (ADR 016): a subtree's live accesses by level, counted by overall status from the index alone.
    index('plas_org_level_live_status_idx')
      .on(t.organizationId, t.hierarchyLevelId, t.overallStatus, t.labelId, t.groupMembershipStatus)
      .where(sql`${t.deletedAt} is null`),
    // The dashboard's walk of a whole organization in name order, carrying every column a filter reads, so any page
    // is read from the index alone (ADR 016). The level path is left out: it would triple the entries, and a subtree
    // below the top level is read by path instead.
    index('plas_org_name_walk_idx')
      .on(...nameWalkColumns(t))
      .where(sql`${t.deletedAt} is null`),
    // The sample of the accesses the dashboard estimates large lists from (ADR 016, 017): those whose random id lies
    // in the first 1/32 of the id space (modules/dashboard sampleIdBound), in name order with every column a filter
    // reads. The estimate of a total counts it, and a page far from both ends of an estimated list is placed by
    // walking it — a thirty-second of the walk of the whole list.
    index('plas_org_name_sample_idx')
      .on(...nameWalkColumns(t), t.levelPath)
      .where(sql`${t.deletedAt} is null and ${t.id} < '08000000-0000-0000-0000-000000000000'::uuid`),
    // A subtree's live accesses by path prefix, with what the counts group and filter on.
    index('plas_org_level_path_idx')
      .on(
        t.organizationId,
        sql`${t.levelPath} text_pattern_ops`,
        t.overallStatus,
        t.labelId,
        t.groupMembershipStatus,
        t.requirementStatuses,
      )
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** A profile's contact information (spec §3 Account: e-mail, address, city, phone, state); one per profile. */
export const profileContactInformations = pgTable(
  'profile_contact_informations',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    email: citext('email'),
    address: text('address'),
    city: text('city'),
    phone: text('phone'),
    stateId: text('state_id'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('profile_contact_informations_org_profile_uq').on(t.organizationId, t.profileId)],
);

/** Emergency contacts of a profile (spec §3 profileEmergencyContact list). */
export const profileEmergencyContacts = pgTable(
  'profile_emergency_contacts',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: citext('email'),
    relationship: text('relationship').notNull(),
    phone: text('phone'),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('profile_emergency_contacts_org_profile_idx').on(t.organizationId, t.profileId)],
);
