import { date, index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { profiles } from './members.ts';
import { organizations } from './organizations.ts';

/**
 * Reminders staff sent by hand from the dashboard (issue 18 item 8, ADR 033): one row per member per day at most
 * (the unique index is the rate limit: an insert that conflicts is a member already reminded that day), with who
 * sent it and the outbox message it queued.
 */
export const memberReminders = pgTable(
  'member_reminders',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    /** The UTC day of the reminder: the unit of the rate limit. */
    remindedOn: date('reminded_on', { mode: 'string' }).notNull(),
    sentByUserId: uuid('sent_by_user_id'),
    sentByProfileId: uuid('sent_by_profile_id'),
    mailId: uuid('mail_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_reminders_org_profile_day_uq').on(t.organizationId, t.profileId, t.remindedOn),
    index('member_reminders_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);
