import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { citext, id, timestamps } from './columns.ts';
import { profileLevelAccesses, profiles } from './members.ts';
import { organizations } from './organizations.ts';

/**
 * An invitation e-mailed to a member (spec §7 Invitation): the link's token is stored only as a hash. The row is
 * also the reminder job's state: next_reminder_at is when the next activation reminder is due (days 0, 2, 4, 7, 10).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    profileLevelAccessId: uuid('profile_level_access_id')
      .notNull()
      .references(() => profileLevelAccesses.id),
    email: citext('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: uuid('invited_by_user_id'),
    sentCount: integer('sent_count').notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    remindersSent: integer('reminders_sent').notNull().default(0),
    nextReminderAt: timestamp('next_reminder_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: uuid('accepted_by_user_id'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_uq').on(t.tokenHash),
    index('invitations_org_profile_idx').on(t.organizationId, t.profileId),
    // The reminder sweep crosses organizations, so this one index does not lead with organization_id.
    index('invitations_due_idx')
      .on(t.nextReminderAt)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);
