import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';

/**
 * Every outgoing message, written in the transaction of the change that causes it (ADR 022); the mail.send job
 * delivers it and sets delivered_at. Without SMTP (development and the embedded demo) the row is the message,
 * shown at /dev/outbox. The id is the message's identity: its Message-ID and the key of its delivery job.
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
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt.desc())],
);
