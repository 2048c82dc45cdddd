import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { profiles } from './members.ts';
import { organizations } from './organizations.ts';

/**
 * A platform administrator's support access ("view as", issue 32): seeing an organization as one of its people,
 * with a reason, until it expires or is ended. Read-only unless writes were asked for when it started. Every
 * request made under it is audited in that organization's trail; the organization lists these sessions.
 */
export const supportSessions = pgTable(
  'support_sessions',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The platform administrator (TouchlineAdmin) who asked. */
    adminUserId: uuid('admin_user_id').notNull(),
    /** Their name when the session started, for the organization's list of sessions. */
    adminName: text('admin_name').notNull().default(''),
    /** The profile seen, and its account, as whom requests run. */
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    viewedUserId: uuid('viewed_user_id').notNull(),
    reason: text('reason').notNull(),
    allowWrites: boolean('allow_writes').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Who ended it early: the administrator, or one of the organization's own administrators. */
    endedByUserId: uuid('ended_by_user_id'),
    ...timestamps(),
  },
  (t) => [
    index('support_sessions_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    index('support_sessions_admin_idx').on(t.adminUserId, t.expiresAt),
  ],
);

/**
 * An organization's grant of incidents' contents to support access (issue 32): off unless a row is here and unexpired.
 * Only the organization's own administrators write it (never under support access), for a bounded time; audited.
 * Even then incidents are read, never changed, under a support session.
 */
export const supportIncidentGrants = pgTable('support_incident_grants', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  grantedByUserId: uuid('granted_by_user_id').notNull(),
  grantedByProfileId: uuid('granted_by_profile_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  ...timestamps(),
});
