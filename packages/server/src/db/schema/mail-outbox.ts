import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';

/**
 * Every message sent while no SMTP server is configured (development and the embedded demo): kept here and shown
 * at /dev/outbox instead of being delivered. Production refuses to start without SMTP, so it never fills there.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt.desc())],
);
