import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The API rate limit's counters when every instance shares PostgreSQL (ADR 019): one row per client key, its hits in
 * the current window and when that window ends (by the database's clock, which all instances share).
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
