import { bigint, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';

/**
 * The authorization version of an organization (ADR 026): bumped by triggers in the same transaction as every write
 * that can change an actor's context there (an access written or archived, a label's role, a level moved or deleted,
 * a profile archived or relinked, the organization deleted). A server that cached an actor's context reads this one
 * row per request and reloads the context when it moved, so every instance sees a role change on the next request.
 */
export const organizationAuthzVersions = pgTable('organization_authz_versions', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Live accesses in each level's subtree, per value of everything the tiles group or filter by (ADR 026), kept by
 * triggers on every write of an access (each access counts at every level of its path): the tiles sum one level's
 * rows instead of scanning its members. A row whose count falls to zero stays, and sums as nothing.
 */
export const levelMemberCounts = pgTable(
  'level_member_counts',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    levelPath: text('level_path').notNull(),
    labelId: uuid('label_id').notNull(),
    groupMembershipStatus: smallint('group_membership_status').notNull(),
    overallStatus: smallint('overall_status').notNull(),
    requirementStatuses: smallint('requirement_statuses').notNull(),
    members: integer('members').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'level_member_counts_pk',
      columns: [
        t.organizationId,
        t.levelPath,
        t.labelId,
        t.groupMembershipStatus,
        t.overallStatus,
        t.requirementStatuses,
      ],
    }),
  ],
);
